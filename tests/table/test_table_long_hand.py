"""A hand of more than nine cards (North American for two deals 12): every card has a key of
its own -- 1 to 9, then 0, - and = on the number row -- shown on its button, listed in the
"keys now" line and the help; no key waits for another, so "1" plays the first card at once
and "0" the tenth (typing "10" once played card 1, and cards 10 to 12 had no key at all)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cli.table.app import TableApp, TableOptions
from cli.table.dialogs import HelpScreen
from cli.table.screen import ChoiceButton, TableScreen
from cli.table.words import table_keys
from interpreter import Match, load_ruleset
from interpreter.core.actions import Bid, Pass, Play
from interpreter.core.cards import Card
from tabletools import run, screen_text, settle

#: north-american-2, seed 3: seat 0 bids the moon (5), the random bot passes, seat 0 leads
#: with the 12 cards dealt.  The hand as the table sorts it (by suit, as dealt, no trump
#: fixed before the first card led): spades A 10 Q J 9, hearts K 9, clubs 10, diamonds 10 K J 9.
HAND = ["AS", "TS", "QS", "JS", "9S", "KH", "9H", "TC", "TD", "KD", "JD", "9D"]


def opts(tmp_path: Path) -> TableOptions:
    return TableOptions("north-american-2", "random", 3, False, tmp_path / "na2.yaml", 0.0)


async def moon_lead(app: TableApp, pilot: Any) -> TableScreen:
    """Start, bid the moon (5); the bot passes and the person leads."""
    await pilot.press("enter")
    await settle(pilot)
    await pilot.press("5")
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, TableScreen)
    assert screen.session.steps == [(0, Bid(5)), (1, Pass())]
    return screen


def test_the_deal_holds_twelve_cards() -> None:
    assert sorted(str(c) for c in Match(load_ruleset("north-american-2"), 3).next_deal().hand(0)) == sorted(HAND)


@pytest.mark.parametrize(("key", "card"), [("0", "KD"), ("minus", "JD"), ("equals_sign", "9D")])
def test_the_tenth_to_twelfth_cards_are_played_by_0_minus_and_equals(tmp_path: Path, key: str, card: str) -> None:
    seen: dict[str, Any] = {}

    async def test(app: TableApp, pilot: Any) -> None:
        screen = await moon_lead(app, pilot)
        seen["labels"] = [str(b.label) for b in screen.query("#hand ChoiceButton").results(ChoiceButton)]
        await pilot.press(key)
        await settle(pilot)
        seen["played"] = screen.session.steps[2]

    run(test, opts(tmp_path), size=(120, 40))
    assert seen["labels"] == ["1 A♠", "2 10♠", "3 Q♠", "4 J♠", "5 9♠", "6 K♥", "7 9♥", "8 10♣", "9 10♦", "0 K♦", "- J♦", "= 9♦"]
    assert seen["played"] == (0, Play(Card.parse(card)))


def test_one_plays_the_first_card_at_once(tmp_path: Path) -> None:
    """"1" waits for no second key (no timeout): the first card, A♠, is led."""
    seen: dict[str, Any] = {}

    async def test(app: TableApp, pilot: Any) -> None:
        screen = await moon_lead(app, pilot)
        await pilot.press("1")
        await settle(pilot)
        seen["played"] = screen.session.steps[2]

    run(test, opts(tmp_path), size=(120, 40))
    assert seen["played"] == (0, Play(Card.parse("AS")))


def test_keys_now_and_the_help_give_the_keys_past_nine(tmp_path: Path) -> None:
    seen: dict[str, str] = {}

    async def test(app: TableApp, pilot: Any) -> None:
        await moon_lead(app, pilot)
        await pilot.press("z")
        await settle(pilot)
        seen["status"] = " ".join(screen_text(app).split())
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        seen["help"] = " ".join(screen_text(app).split())

    run(test, opts(tmp_path), size=(120, 40))
    sample = "z: no use now — keys now: 1-9, 0, -, = a card; ? help, q save and quit"
    assert sample in seen["status"]
    assert sample in (Path(__file__).resolve().parents[2] / "docs/play.md").read_text(encoding="utf-8")
    assert "1-9, 0, -, = play the card with that key: its number, 0 the 10th, - the 11th, = the 12th" in seen["help"]


def test_the_key_lists() -> None:
    """The keys of a hand, by its size; past 12 cards the mouse plays the rest.  The help of a
    game of short hands keeps to 1-9; North American for two lists all twelve keys."""
    from cli.table.words import card_keys

    assert [card_keys(n) for n in (1, 5, 9, 10, 11, 12)] == ["1", "1-5", "1-9", "1-9, 0", "1-9, 0, -", "1-9, 0, -, ="]
    assert card_keys(13) == "1-9, 0, -, = (card 13: click it)"
    assert card_keys(15) == "1-9, 0, -, = (cards 13-15: click them)"
    assert table_keys(load_ruleset("schnapsen"), False)[0] == ("1-9", "play the card with that number")
    assert table_keys(load_ruleset("north-american-2"), False)[0] == (
        "1-9, 0, -, =", "play the card with that key: its number, 0 the 10th, - the 11th, = the 12th (in the auction: bid that number)")
