"""Snapshots of the table's screens at 80 x 24, the smallest usual terminal: the start screen,
a Schnapsen deal in play, a four-handed auction, a deal summary.

Each snapshot is the screen's text in tests/table/snapshots/; a change in what the table
shows fails here until the snapshot is looked at and made again with
``UPDATE_SNAPSHOTS=1 python -m pytest tests/table/test_table_snapshots.py``.  Beside each
comparison a few facts are checked that hold whatever the layout, computed from the deal.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from cli.table.app import TableApp, TableOptions
from cli.table.dialogs import DealSummary
from interpreter import Match, load_ruleset
from interpreter.play import seatfacts as facts
from tabletools import press_card, run, screen_text, settle

SNAPSHOTS = Path(__file__).parent / "snapshots"
SIZE = (80, 24)


def check_snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("UPDATE_SNAPSHOTS"):
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    if not path.exists():
        pytest.fail(f"no snapshot {path.name}: make it with UPDATE_SNAPSHOTS=1 and look at it")
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"the {name} screen changed; look at it and make the snapshot again if it is right:\n{text}"


def opts(ruleset: str, seed: int, tmp_path: Path) -> TableOptions:
    return TableOptions(ruleset, "greedy", seed, False, tmp_path / "r.yaml", 0.0)


def test_start_screen(tmp_path: Path) -> None:
    async def test(app: TableApp, pilot: Any) -> None:
        text = screen_text(app)
        assert "schnapsen" in text and "Start" in text
        check_snapshot("start", text)

    run(test, opts("schnapsen", 7, tmp_path), size=SIZE)


def test_schnapsen_mid_deal(tmp_path: Path) -> None:
    state = Match(load_ruleset("schnapsen"), 7).next_deal()

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        await press_card(app, pilot, "1")
        await settle(pilot)
        text = screen_text(app)
        turn_up = state.turn_up_card()
        assert turn_up is not None and facts.card_text(turn_up) in text
        check_snapshot("schnapsen-mid-deal", text)

    run(test, opts("schnapsen", 7, tmp_path), size=SIZE)


def test_four_handed_auction(tmp_path: Path) -> None:
    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        text = screen_text(app)
        assert "bid 5 is the moon" in text
        check_snapshot("north-american-4-auction", text)

    run(test, opts("north-american-4", 11, tmp_path), size=SIZE)


def test_deal_summary(tmp_path: Path) -> None:
    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        for _ in range(40):
            await settle(pilot)
            if isinstance(app.screen, DealSummary):
                break
            await press_card(app, pilot, "1")
        assert isinstance(app.screen, DealSummary)
        text = screen_text(app)
        session = app.screen.session
        for seat, hand in enumerate(session.summary_hands()):
            for card in hand:
                assert facts.card_text(card) in text, f"seat {seat}'s {card} is not in the summary"
        check_snapshot("deal-summary", text)

    run(test, opts("schnapsen", 7, tmp_path), size=SIZE)
