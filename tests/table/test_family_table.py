"""The card table with the family's new moments (Textual's pilot): naming trump by the number
keys while only the first packet is seen, the card a pass turns shown with whose it is, cards
laid away by number after taking the widow, a lost partnership deal's summary worded from
the person's side, and contract buttons whose key in brackets is the key that announces them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cli.table.app import TableApp, TableOptions
from cli.table.screen import TableScreen
from cli.table.words import told
from interpreter import DealState, load_ruleset
from interpreter.core.actions import Bid, Discard
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


def test_a_contract_set_is_told_with_the_verb_of_its_name() -> None:
    """North American 4: the rules say "team 0 was set on a bid of 3 with 40 points"; told to
    seat 1 (team 1) the bidders are "opponents", who *were* set, and to seat 0 "your team",
    which *was*."""
    rs = load_ruleset("north-american-4")
    reason = "team 0 was set on a bid of 3 with 40 points"
    assert told(DealState.new(rs, 0, 1).view(1), reason, 1) == "opponents were set on a bid of 3 with 40 points"
    assert told(DealState.new(rs, 0, 1).view(0), reason, 1) == "your team was set on a bid of 3 with 40 points"


#: house/bauernschnapsen-regional's contracts, as its file lists them: name, bid, value in game points
REGIONAL = {"Bettler": (1, 4), "Ass-bettler": (2, 5), "Schnapser": (3, 6), "Gang": (4, 9), "Zehnerloch": (5, 10),
            "Bauernschnapser": (6, 12), "Kontraschnapser": (7, 12), "Kontrabauernschnapser": (8, 24)}
CONTRACT_BUTTON = re.compile(r"([A-Z][\w-]*), (\d+) game points \((\d)\)")


def test_the_key_shown_on_a_contract_button_announces_that_contract(tmp_path: Path) -> None:
    """Bauernschnapsen with the regional contracts, seed 3: the person is to bid first.  Each
    contract button names the contract, its value as game points and, in brackets as on every
    button, its key; pressing that key announces the contract named on it -- once the
    brackets held the value (Bettler (4)) while key 4 bid the Gang, irrevocably.  A fresh
    table for each key: a bid cannot be taken back."""
    shown: list[tuple[str, int, str]] = []

    async def read(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        assert table(app).session.human_to_act() == 0
        shown.extend((name, int(value), key) for name, value, key in CONTRACT_BUTTON.findall(screen_text(app)))

    run(read, TableOptions("house/bauernschnapsen-regional", "greedy", 3, False, tmp_path / "m.yaml", 0.0), size=(120, 40))
    assert len(shown) >= 2, shown
    for name, value, key in shown:
        assert (int(key), value) == REGIONAL[name], f"{name}: key {key}, {value} game points"

        async def press(app: TableApp, pilot: Any, key: str = key, name: str = name) -> None:
            await pilot.press("enter")
            await settle(pilot)
            await pilot.press(key)
            await settle(pilot)
            bids = [a for s, a in table(app).session.steps if s == 0 and isinstance(a, Bid)]
            assert len(bids) == 1, f"key {key} made no bid"
            contract = table(app).session.rs.bidding.contract(bids[0].amount)
            assert contract is not None and contract.title == name, f"key {key} announced {contract}, not {name}"

        run(press, TableOptions("house/bauernschnapsen-regional", "greedy", 3, False, tmp_path / f"m{key}.yaml", 0.0), size=(120, 40))


def test_contract_buttons_too_many_for_a_row_go_on_in_another(tmp_path: Path) -> None:
    """At 80 columns the regional contracts' buttons do not fit in one row: the last ones are
    drawn in a second row, every one of them whole on the screen."""

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        legal = [a for a in table(app).session.legal() if isinstance(a, Bid)]
        text = screen_text(app)
        found = CONTRACT_BUTTON.findall(text)
        assert len(found) == len(legal) >= 5, (found, text)
        rows = [line for line in text.splitlines() if CONTRACT_BUTTON.search(line)]
        assert len(rows) >= 2 and all(len(line.rstrip()) <= 80 for line in rows)

    run(test, TableOptions("house/bauernschnapsen-regional", "greedy", 3, False, tmp_path / "m.yaml", 0.0), size=(80, 24))


def press_for(app: TableApp, action: Any) -> str:
    """The key for ``action``: a card's (or a card laid away's) number, a bid's or a suit's
    number, else the action's letter."""
    from cli.table.render import sorted_hand
    from cli.table.words import action_key
    from interpreter.core.actions import Marry, Play

    screen = table(app)
    if isinstance(action, (Play, Marry, Discard)):
        return str(sorted_hand(screen.session.view(screen.me)).index(action.card) + 1)
    key = action_key(screen.session.rs, action)
    assert key is not None, action
    return key


def test_a_move_the_game_has_not_is_said_to_be_none_of_it(tmp_path: Path) -> None:
    """Dreierschnapsen has no exchange and no closing: x and c say so, even while trump is
    named (they said "not now (seat 0 must name trump first)", as if they came later).  The
    forehand's p then leaves trump to his next card, which the log does not call a pass."""
    opts = TableOptions(forehand_file(tmp_path, "house/dreierschnapsen"), "random", 11, False, tmp_path / "m.yaml", 0.0)

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        for key, said in (("x", "x: this game has no exchange of the turn-up"), ("c", "c: this game has no closing")):
            await pilot.press(key)
            await settle(pilot)
            assert said in " ".join(screen_text(app).split()), key
        await pilot.press("p")  # no trump named: the next card is turned; the log says so, not "pass"
        await settle(pilot)
        assert "you: do not name trump" in screen_text(app)

    run(test, opts)


def test_the_last_summary_counts_the_bummerl(tmp_path: Path) -> None:
    """Dreierschnapsen played to 1 game point: the first deal ends the match, and its summary
    says who won and who takes how many Bummerl, named from the person's seat
    (tests/table/test_table_words.py checks the words against hand-counted matches)."""
    from rich.text import Text
    from textual.widgets import Static

    from cli.table.dialogs import ConfirmScreen, DealSummary
    from cli.table.words import match_over

    path = tmp_path / "short.yaml"
    path.write_text("extends: house/dreierschnapsen\nname: short\nmatch:\n  target: 1\n", encoding="utf-8")
    seen: list[str] = []

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        for _ in range(300):
            await settle(pilot)
            if isinstance(app.screen, DealSummary):
                session = table(app).session
                assert session.match_over and session.state is not None
                summary = app.screen.query_one("#summary", Static).content
                text = summary.plain if isinstance(summary, Text) else str(summary)
                said = match_over(session.state, session.match, 0)
                assert "Bummerl" in said and f"The match is over: {said}." in text, text
                seen.append(said)
                return
            if isinstance(app.screen, ConfirmScreen):
                await pilot.press("n")
                continue
            session = table(app).session
            if session.human_to_act() == 0:
                await pilot.press(press_for(app, session.legal()[0]))
        raise AssertionError("the match did not end")

    run(test, TableOptions(str(path), "greedy", 5, False, tmp_path / "m.yaml", 0.0), size=(100, 40))
    assert seen
