"""``marriage.must_announce: false`` (reference §6.4: the automatic announcement of card-game
apps): leading a card of a marriage the leader may announce now announces it -- the card is
not led alone -- and where no marriage may be announced the card is a plain lead.

Every expected list was worked out by hand from the rules.  Card points: A 11, T 10, K 4,
Q 3, J 2; a plain marriage 20.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.core.errors import IllegalActionError

from .helpers import P_MARRY, SCH, legal, play, position, ruleset


def house(tmp_path: Path, text: str) -> str:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def automatic(tmp_path: Path) -> str:
    return house(tmp_path, "extends: schnapsen\nname: automatic\nmarriage:\n  must_announce: false\n")


def test_the_cards_of_a_marriage_are_led_only_with_it(tmp_path: Path) -> None:
    # P_MARRY: seat 0 on lead with JH KS QS AC TD, trump hearts, talon of 4, 21 points against 10
    # Schnapsen offers the spade marriage with either card and each card alone too; here the
    # two plain leads of KS and QS are gone, everything else stays
    base = legal(position(SCH, **P_MARRY))
    assert base == ["close", "declare", "exchange", "marry KS", "marry QS", "play AC", "play JH", "play KS", "play QS", "play TD"]
    name = automatic(tmp_path)
    assert legal(position(name, **P_MARRY)) == [m for m in base if m not in ("play KS", "play QS")]
    assert ruleset(name).marriage.must_announce is False and ruleset(SCH).marriage.must_announce is True


def test_leading_the_card_alone_is_refused_with_the_move_to_make(tmp_path: Path) -> None:
    state = position(automatic(tmp_path), **P_MARRY)
    with pytest.raises(IllegalActionError) as info:
        play(state, "play QS")
    assert info.value.rule == "marriage.must_announce"
    assert "leading QS announces its marriage in this game: marry QS" in str(info.value)
    # the marriage itself: 20 for spades, counted at once (seat 0 has won tricks): 21 + 20
    play(state, "marry QS")
    assert [str(state.rs.deck.cards[c]) for c in state.trick] == ["QS"]
    assert state.card_points() == [41, 10]


def test_where_no_marriage_may_be_announced_the_card_is_a_plain_lead(tmp_path: Path) -> None:
    # no marriage before the first trick: at the deal's first lead KS and QS are plain leads
    name = house(tmp_path, "extends: schnapsen\nname: auto-late\nmarriage:\n  must_announce: false\n  first_lead: forbidden\n")
    first = dict(P_MARRY, start={"leader": 0, "card_points": [0, 0], "tricks_won": [0, 0], "closed": False})
    moves = legal(position(name, **first))
    assert "play KS" in moves and "play QS" in moves and not any(m.startswith("marry") for m in moves)


def test_with_the_king_leading_the_marriage_the_queen_alone_stays_a_plain_card(tmp_path: Path) -> None:
    # App Schnapsen: the marriage is led with the king only, nobody declares; automatic: the
    # king is no longer led alone, the queen is (she announces nothing)
    name = house(tmp_path, "extends: house/app-schnapsen\nname: app-auto\nmarriage:\n  must_announce: false\n")
    assert legal(position(name, **P_MARRY)) == ["close", "exchange", "marry KS", "play AC", "play JH", "play QS", "play TD"]


def test_without_marriages_the_key_changes_nothing(tmp_path: Path) -> None:
    name = house(tmp_path, "extends: schnapsen\nname: no-marriages\nmarriage:\n  enabled: false\n  must_announce: false\n")
    moves = legal(position(name, **P_MARRY))
    assert "play KS" in moves and "play QS" in moves


def test_the_rulebook_and_the_diff_say_it(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from cli.main import app

    runner = CliRunner()
    either = automatic(tmp_path)
    book = runner.invoke(app, ["describe", either]).stdout
    assert ("Only one marriage can be announced on each lead, and leading the king or the queen announces the marriage "
            "by itself: neither is led alone while the marriage may be announced.") in book
    assert runner.invoke(app, ["diff", "schnapsen", either]).stdout.splitlines()[-1] == (
        "Marriages announced: by the player → by leading their card")
    king = tmp_path / "king.yaml"
    king.write_text("extends: house/app-schnapsen\nname: app-auto\nmarriage:\n  must_announce: false\n", encoding="utf-8")
    assert ("leading the king announces the marriage by itself, while the queen led alone scores nothing for it."
            in runner.invoke(app, ["describe", str(king)]).stdout)
