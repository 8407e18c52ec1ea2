"""A dialog taller than a small terminal opens at its top and scrolls by keys.

At 60 x 20 the summary of a four-player deal (the result, the points, the four hands as
dealt, the match score, the button) does not fit: it opened scrolled down to its focused
"Next deal" button, its first lines ("Deal 1 is over", who won) out of sight, and PgUp, Up
and Home did nothing.  The help (the keys of a game with five contracts) is as tall.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widget import Widget

from cli.table.app import TableApp, TableOptions
from cli.table.dialogs import DealSummary, HelpScreen
from interpreter.play.session import resume
from tabletools import run, screen_text, settle, until_summary

#: Bauernschnapsen (four players, seat 0 the person), the first deal of seed 2 against random
#: bots, stopped before its last trick, whose cards are forced: the table plays it out and
#: opens the summary.
DEAL = """\
ruleset: house/bauernschnapsen
players: [human, random, random, random]
deals:
  - dealer: 1
    seed: 4106135923
    moves: [
      pass, bid 1, pass, pass, pass, marry KD, play JH, play AD,
      play TC, play TH, play QS, play JC, play TD, play KH, play QC, play QH
    ]
"""

SMALL = (60, 20)


def frame(app: TableApp) -> Widget:
    """The dialog's frame, whatever widget it is: what it shows and how far it is scrolled."""
    return app.screen.query_one("#dialog")


def test_the_summary_opens_at_its_top_and_scrolls_by_keys(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    path.write_text(DEAL, encoding="utf-8")
    seen: list[tuple[str, str, float]] = []

    async def test(app: TableApp, pilot: Any) -> None:
        await until_summary(app, pilot)
        assert frame(app).max_scroll_y > 0, "the summary fits at 60 x 20: this test no longer tests anything"
        assert app.screen.focused is not None and app.screen.focused.id == "next"  # Enter still goes on
        seen.append(("", screen_text(app), frame(app).scroll_y))
        for key in ["end", "home", "pagedown", "pageup", "down", "up"]:
            await pilot.press(key)
            await settle(pilot)
            seen.append((key, screen_text(app), frame(app).scroll_y))
        await pilot.press("enter")  # the focused button: the next deal
        await settle(pilot)
        assert not isinstance(app.screen, DealSummary)

    run(test, TableOptions(resume=resume(path), bot_delay=0.0), size=SMALL)
    top = "Deal 1 is over"
    button = "Next deal (Enter)"
    (_, opened, y0), (_, end, _), (_, home, y_home), (_, down, _), (_, up, y_up), (_, one_down, y1), (_, one_up, y2) = seen
    assert top in opened and button not in opened and y0 == 0  # the result in view, not the button
    assert button in end and top not in end  # End: the foot, with the button
    assert top in home and y_home == 0
    assert top not in down  # PgDn: a page further (more than one line)
    assert top in up and y_up == 0
    assert y1 == 1 and y2 == 0  # Down one line, Up back


def test_the_help_opens_at_its_title_and_scrolls_to_its_button(tmp_path: Path) -> None:
    seen: list[str] = []

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot, 8)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert frame(app).max_scroll_y > 0, "the help fits at 60 x 20: this test no longer tests anything"
        seen.append(screen_text(app))
        await pilot.press("end")
        await settle(pilot)
        seen.append(screen_text(app))

    run(test, TableOptions("house/bauernschnapsen", "random", 2, False, tmp_path / "r.yaml", 0.0), size=SMALL)
    opened, end = seen
    title = "Bauernschnapsen (four players)"
    assert title in opened and "Close (Esc)" not in opened
    assert "Close (Esc)" in end and title not in end
