"""Every line of the table's log (on the right) can be read whole, by scrolling the log, and
the newest is in view.

The log lost the last letter of a line wrapped at its full width once the lines filled it
and its scrollbar took a column ("partner: does not nam" at 60 x 20), lines wrapped at 20
cells at least were cropped in a narrower log (13 cells at 40 x 30), and a terminal made narrower
cropped every line written before.  And the log, grown shorter as the rows of buttons below
it grew, kept its newest line hidden under its edge.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cli.table.app import TableApp, TableOptions
from cli.table.screen import TableScreen
from tabletools import run, screen_text, settle


def words(text: str) -> str:
    return " ".join(text.split())


async def log_rows(app: TableApp, pilot: Any) -> list[str]:
    """The log's rows as the terminal shows them, scrolled from its top to its end a page at a
    time (the columns of its text only: not its border, not its scrollbar)."""
    log = app.screen.query_one("#log")
    rows: dict[int, str] = {}
    top = 0
    while True:
        log.scroll_to(y=top, animate=False, immediate=True)
        await settle(pilot)
        region = log.scrollable_content_region
        assert region.height > 0, "the log has no room to show a line"
        lines = screen_text(app).splitlines()
        for i in range(min(region.height, log.virtual_size.height - round(log.scroll_y))):
            rows[round(log.scroll_y) + i] = lines[region.y + i][region.x:region.right]
        if top >= log.max_scroll_y:
            break
        top = min(top + region.height, int(log.max_scroll_y))
    assert len(rows) == log.virtual_size.height  # every row of the log was seen
    return [rows[k] for k in sorted(rows)]


def check_every_line_whole(screen: TableScreen, rows: list[str]) -> None:
    shown = words(" ".join(rows))
    written = [line for _, line in screen.log_lines]
    assert len(written) >= 3
    for line in written:
        assert words(line) in shown, f"{line!r} is not whole in the log:\n" + "\n".join(rows)


@pytest.mark.parametrize("size", [(60, 20), (40, 30)])
def test_a_small_terminal_shows_every_log_line_whole(tmp_path: Path, size: tuple[int, int]) -> None:
    """Bauernschnapsen, seed 2: at the person's first turn the log holds the seats, the
    partner's "does not name trump" and the auction so far -- more than its rows, so its
    scrollbar is there."""

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot, 8)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        log = screen.query_one("#log")
        assert log.max_scroll_y > 0, "the log fits: this test no longer tests anything"
        region = log.scrollable_content_region  # the newest line in view, as the log opens
        in_view = [row[region.x:region.right] for row in screen_text(app).splitlines()[region.y:region.bottom]]
        assert words(screen.log_lines[-1][1]) in words(" ".join(in_view)), "\n".join(in_view)
        check_every_line_whole(screen, await log_rows(app, pilot))

    run(test, TableOptions("house/bauernschnapsen", "random", 2, False, tmp_path / "r.yaml", 0.0), size=size)


def test_a_terminal_made_narrower_wraps_the_log_again(tmp_path: Path) -> None:
    """The lines written at 120 x 40 (a log about 45 cells wide) are wrapped again when the
    terminal becomes 60 x 20 (about 20): none is cropped at the narrower log's edge; and back
    at 120 x 40 they use the width again (the log's rows as few as at first)."""
    seen: list[int] = []

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot, 8)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        wide = await log_rows(app, pilot)
        check_every_line_whole(screen, wide)
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        narrow = await log_rows(app, pilot)
        check_every_line_whole(screen, narrow)
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        again = await log_rows(app, pilot)
        check_every_line_whole(screen, again)
        seen.extend([len(wide), len(narrow), len(again)])

    run(test, TableOptions("house/bauernschnapsen", "random", 2, False, tmp_path / "r.yaml", 0.0), size=(120, 40))
    wide, narrow, again = seen
    assert narrow > wide and again == wide


def test_the_log_keeps_its_wrapping_when_its_scrollbar_appears(tmp_path: Path) -> None:
    """The scrollbar's column is kept from the start: the lines in view do not move when the
    log fills and its scrollbar appears (Schnapsen in practice mode, which logs every card,
    at 60 x 20, playing the first card each turn)."""
    from tabletools import press_card

    seen: list[list[str]] = []

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot, 8)
        log = app.screen.query_one("#log")
        assert log.max_scroll_y == 0, "the log is full at the start: this test no longer tests anything"
        seen.append(await log_rows(app, pilot))
        for _ in range(10):
            if log.max_scroll_y > 0:
                break
            await press_card(app, pilot, "1")
            await settle(pilot)
        assert log.max_scroll_y > 0 and isinstance(app.screen, TableScreen)
        seen.append(await log_rows(app, pilot))

    run(test, TableOptions("schnapsen", "random", 7, True, tmp_path / "r.yaml", 0.0), size=(60, 20))
    before, after = ([row.rstrip() for row in rows] for rows in seen)
    assert after[: len(before)] == before
