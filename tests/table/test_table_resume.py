"""A match taken up again from its record shows the deal so far in the log, as the person's
seat saw it when it happened: an exchange names the turn-up taken (it lay face up), a card
another seat laid away face down stays unnamed, the person's own is named."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cli.table.app import TableApp, TableOptions
from cli.table.screen import TableScreen
from interpreter.core.cards import Card
from interpreter.play import seatfacts as facts
from interpreter.play.record import load_record
from interpreter.play.session import resume
from tabletools import run, screen_text, settle, shows_card


def resumed_log(path: Path, size: tuple[int, int] = (120, 40)) -> tuple[list[str], str]:
    """The log's lines and the screen right after the match at ``path`` is taken up again
    (the bots do not move: the person is to act, or the lines are read before any bot move)."""
    seen: dict[str, Any] = {}

    async def test(app: TableApp, pilot: Any) -> None:
        await settle(pilot)
        screen = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        seen["log"] = [line for _, line in screen.log_lines]
        seen["text"] = screen_text(app)

    run(test, TableOptions(resume=resume(path), bot_delay=0.0), size=size)
    return seen["log"], seen["text"]


#: Schnapsen, seat 0 deals: seat 1 leads, exchanging its trump jack for the turn-up first,
#: then leads J♦; the record stops with seat 0 to follow.
EXCHANGED = """\
ruleset: schnapsen
players: [human, greedy]
deals:
  - dealer: 0
    seed: 4071050724
    moves: [exchange, play JD]
"""


def test_the_deal_so_far_is_in_the_log_with_the_turn_up_exchanged(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(EXCHANGED, encoding="utf-8")
    dealt = load_record(path).deals[0].state
    turn_up = dealt.turn_up_card()
    assert turn_up is not None
    jack = Card("J", turn_up.suit)  # Schnapsen's exchange trump: the jack of trumps
    log, text = resumed_log(path)
    assert log[0] == "Deal 1: you are seat 0; your opponent is seat 1; you deal"
    assert log[1] == f"opponent: exchanges for the turn-up {facts.card_text(turn_up)}"
    assert log[-1] == "Deal 1 resumed"
    # the turn-up now is the jack the opponent gave, and the log says where the old one went
    assert f"turn-up {facts.card_text(jack)}" in text and f"exchanges for the turn-up {facts.card_text(turn_up)}" in text


#: Dreierschnapsen, seat 2 deals: every seat passes in turn (no trump named, the next card is
#: turned up, no contract), seat 0 plays alone and lays A♣ and Q♣ away face down, then a
#: trick begins: A♦, J♦, 10♦ -- the record stops before the trick is gathered.
LAID_AWAY = """\
ruleset: house/dreierschnapsen
players: [{players}]
deals:
  - dealer: 2
    seed: 3707026329
    moves: [pass, pass, pass, pass, discard AC, discard QC, play AD, play JD, play TD]
"""


def test_a_card_another_seat_laid_away_stays_unnamed_on_resume(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    path.write_text(LAID_AWAY.format(players="greedy, human, greedy"), encoding="utf-8")
    log, text = resumed_log(path)
    assert log.count("opponent: lays a card away") == 2, log
    for card in (Card.parse("AC"), Card.parse("QC")):
        assert not any(shows_card(line, card) for line in log), log
        assert not shows_card(text, card)


def test_the_persons_own_laid_away_cards_are_named_on_resume(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    path.write_text(LAID_AWAY.format(players="human, greedy, greedy"), encoding="utf-8")
    log, _ = resumed_log(path)
    assert "you: lay A♣ away" in log and "you: lay Q♣ away" in log, log
