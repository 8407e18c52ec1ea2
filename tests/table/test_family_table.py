"""The card table with the family's new moments (Textual's pilot): naming trump by the number
keys while only the first packet is seen, the card a pass turns shown with whose it is, cards
laid away by number after taking the widow, and a lost partnership deal's summary worded from
the person's side."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cli.table.app import TableApp, TableOptions
from cli.table.screen import TableScreen
from cli.table.words import told
from interpreter import DealState, load_ruleset
from interpreter.core.actions import Discard
from interpreter.play import seatfacts as facts
from tabletools import hidden_cards, run, screen_text, settle, shows_card


def forehand_file(tmp_path: Path, base: str) -> str:
    """``base`` with seat 2 dealing first, so that the person (seat 0) is the forehand."""
    path = tmp_path / "mine.yaml"
    path.write_text(f"extends: {base}\nname: mine\ndealer:\n  first: 2\n", encoding="utf-8")
    return str(path)


def table(app: TableApp) -> TableScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


def test_the_forehand_names_trump_with_a_number_key_seeing_three_cards(tmp_path: Path) -> None:
    """Three-player 66: while trump is named the person sees his first packet of three (the
    other five are dealt after), is asked by suit number, and key 3 names hearts (C D H S)."""
    opts = TableOptions(forehand_file(tmp_path, "house/three-player-66"), "random", 11, False, tmp_path / "m.yaml", 0.0)

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        screen = table(app)
        view = screen.session.view(0)
        assert len(view.hand) == 3, "only the first packet is seen while trump is named"
        text = screen_text(app)
        assert "name trump (keys 1 ♣ clubs, 2 ♦ diamonds, 3 ♥ hearts, 4 ♠ spades)" in text
        for card in hidden_cards(app):
            assert not shows_card(text, card), f"{card} is on screen while trump is named"
        await pilot.press("3")
        await settle(pilot)
        assert screen.session.state is not None and screen.session.state.trump_suit() == "H"
        assert "Trump ♥ hearts" in screen_text(app)
        assert len(screen.session.view(0).hand) == 8, "after naming the whole hand is dealt"

    run(test, opts)


def test_a_pass_turns_the_forehands_next_card_and_the_table_shows_it(tmp_path: Path) -> None:
    """Three-player 66, ``if_passed: turn_next``: p turns the first card of the forehand's
    second packet; its suit is trump, and the table says which card it is and that it is his."""
    opts = TableOptions(forehand_file(tmp_path, "house/three-player-66"), "random", 11, False, tmp_path / "m.yaml", 0.0)

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        state = table(app).session.state
        assert state is not None
        turned = state.rs.deck.cards[state.shown]
        await pilot.press("p")
        await settle(pilot)
        assert state.trump_suit() == turned.suit
        assert f"{facts.card_text(turned)} turned up, your card" in screen_text(app)

    run(test, opts)


def test_cards_are_laid_away_by_number_after_taking_the_talon(tmp_path: Path) -> None:
    """Dreierschnapsen: when everybody passes the forehand plays the plain game alone and
    takes the talon; the table asks him to lay two cards away, by number, and the log names
    them to him only."""
    opts = TableOptions(forehand_file(tmp_path, "house/dreierschnapsen"), "greedy", 4, False, tmp_path / "m.yaml", 0.0)

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        screen = table(app)
        await pilot.press("1")  # name clubs
        await settle(pilot)
        for _ in range(6):  # pass whenever asked until the auction is over (greedy passes too)
            if any(isinstance(a, Discard) for a in screen.session.legal()):
                break
            await pilot.press("p")
            await settle(pilot)
        assert any(isinstance(a, Discard) for a in screen.session.legal()), "the forehand lays cards away"
        assert len(screen.session.view(0).hand) == 8
        assert "lay away 2 more cards face down (they count for you)" in screen_text(app)
        first = screen.session.view(0).hand[0]
        await pilot.press("1")
        await settle(pilot)
        assert "lay away 1 more card face down" in screen_text(app)
        assert f"you: lay {facts.card_text(first)} away" in screen_text(app)

    run(test, opts)


def test_a_lost_partnership_deal_is_told_from_the_persons_side() -> None:
    """The reason of a deal the other team won names the losers last: "your team 45 points"
    is the person's team, not a team 45 (this once ended the table with an IndexError)."""
    rs = load_ruleset("house/four-player-66")
    view = DealState.new(rs, 0, 1).view(0)  # seat 0 is on team 0
    words = told(view, "team 1 reached 75; opponent 45 points, 2 tricks", 1)
    assert words == f"{facts.side_name(rs, 0, 1)} reached 75; {facts.side_name(rs, 0, 0)} 45 points, 2 tricks"
