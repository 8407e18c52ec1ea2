"""A side's count with cards laid away face down is said as such, at the table, in the review
and in the line mode: what the seat counted, a ``?`` and why -- as ``rules analyse`` says it
(``seat 2 16 + ? (2 cards laid away face down)``, docs/cli.md).  The table and the review once
said ``seat 2: 16 points, 1 trick``, a plain count read as the soloist's whole one.  The
soloist himself, who sees what he laid away, is told his whole count.

The deal (Dreierschnapsen, seed 2's first against greedy bots, as in
test_table_summary_sides.py): everybody passes, seat 2 lays J♣ and Q♣ away and takes the
first trick, 10♦ K♦ J♦."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.widgets import Static

from cli.table.app import TableApp, TableOptions
from cli.table.review import ReviewApp, review_app
from interpreter import load_ruleset
from interpreter.core.cards import Card
from interpreter.play import seatfacts as facts
from interpreter.play.record import load_record, replay
from interpreter.play.session import resume

from tabletools import run, settle

HEAD = """\
ruleset: house/dreierschnapsen
players: {players}
deals:
  - dealer: 1
    seed: 4106135923
    moves: [
      trump H, pass, pass, pass, discard JC, discard QC, play TD, play KD,
      play JD{more}
    ]
"""
RS = load_ruleset("house/dreierschnapsen")
# by hand (A 11, 10 10, K 4, Q 3, J 2): seat 2's first trick 10♦ K♦ J♦ is 16; J♣ and Q♣ laid away, 5
TRICK = 10 + 4 + 2
LAID = sum(RS.deck.points[RS.deck.index(Card.parse(c))] for c in ("JC", "QC"))
SEEN_BY_OTHERS = f"seat 2: {TRICK} + ? points (2 cards laid away face down), 1 trick"


def _write(tmp_path: Path, players: str, more: str = "") -> Path:
    path = tmp_path / "d.yaml"
    path.write_text(HEAD.format(players=players, more=more), encoding="utf-8")
    return path


def _info(options: TableOptions) -> str:
    """The live table's panel of points and tricks, once the resumed deal waits for the person."""
    seen: dict[str, str] = {}

    async def test(app: TableApp, pilot: Any) -> None:
        await settle(pilot)
        seen["info"] = str(app.screen.query_one("#info", Static).render())

    run(test, options, size=(160, 40))
    return seen["info"]


def test_the_table_says_another_sides_count_leaves_out_cards_laid_away(tmp_path: Path) -> None:
    """Practice mode (every side's points) at seat 0, to play the second trick after seat 2's 10♣."""
    assert LAID == 5
    path = _write(tmp_path, "[human, greedy, greedy]", ", play TC")
    info = _info(TableOptions(resume=resume(path, practice=True), bot_delay=0.0))
    assert SEEN_BY_OTHERS in info, info
    assert "you: 0 points, 0 tricks" in info and "seat 1: 0 points, 0 tricks" in info, info


def test_the_soloist_at_the_table_is_told_his_whole_count(tmp_path: Path) -> None:
    """The person is seat 2, who laid the cards away and sees them: 16 and the 5 laid away."""
    path = _write(tmp_path, "[greedy, greedy, human]")
    info = _info(TableOptions(resume=resume(path, practice=True), bot_delay=0.0))
    assert f"you: {TRICK + LAID} points, 1 trick" in info, info
    assert "?" not in info, info


def test_the_review_says_it_as_rules_analyse_does(tmp_path: Path) -> None:
    """Seat 0 reviews the finished deal at the position after the first trick (move 10 of the
    record: 10♣ about to be led); seat 2 reviewing it sees his own whole count."""
    path = _write(tmp_path, "[greedy, greedy, greedy]", ", play TC, play KH")
    rec = load_record(str(path))
    assert replay(rec).illegal is None
    seen: dict[int, str] = {}

    async def main(seat: int) -> None:
        app: ReviewApp = review_app(rec, seat, 20, 0, path)
        async with app.run_test(size=(160, 40)) as pilot:
            for _ in range(9):
                await pilot.press("right")
            await pilot.pause()
            assert "move 10 of" in str(app.query_one("#where", Static).render())
            seen[seat] = str(app.query_one("#info", Static).render())

    for seat in (0, 2):
        asyncio.run(main(seat))
    assert SEEN_BY_OTHERS in seen[0], seen[0]
    assert f"you: {TRICK + LAID} points, 1 trick" in seen[2] and "?" not in seen[2], seen[2]


def test_the_line_mode_says_it_as_rules_analyse_does(tmp_path: Path) -> None:
    """``points_line`` (rules run's human seat): the count, a ? and why, the analysis's words."""
    path = _write(tmp_path, "[greedy, greedy, greedy]")
    state = replay(load_record(str(path))).state
    assert facts.points_line(state.view(0)) == (
        f"points: you 0, seat 1 0, seat 2 {TRICK} + ? (2 cards laid away face down); tricks: you 0, seat 1 0, seat 2 1")
    assert facts.points_line(state.view(2)) == f"points: you {TRICK + LAID}, seat 0 0, seat 1 0; tricks: you 1, seat 0 0, seat 1 0"


def test_docs_play_md_shows_the_rows_these_tests_see() -> None:
    page = " ".join((Path(__file__).resolve().parents[2] / "docs" / "play.md").read_text(encoding="utf-8").split())
    assert f"`{SEEN_BY_OTHERS}`" in page
    assert f"`you: {TRICK + LAID} points, 1 trick`" in page
