"""A house file's long title is cut to what fits, with an ellipsis: in the table's header (to
a row of its own under the score), in the review's header, and in the start screen's list.

A title of 495 characters once wrapped the header over 7 of the 24 rows of an 80 by 24
terminal and brought up "pgdn More", which docs/play.md promises only under 80 by 24."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from rich.text import Text
from typer.testing import CliRunner

from cli.main import app as cli_app
from cli.table import render
from cli.table.app import TableApp, TableOptions
from cli.table.review import review_app
from cli.table.words import ruleset_choice
from interpreter.play.record import load_record
from interpreter.play.session import TableSession
from interpreter.rules.loader import load_ruleset
from tabletools import run, screen_text, settle

WORDS = "Long title "
#: The header's words before the title at the start of a two-player match (29 + 16 characters).
SCORE = "match to 7: you 0, opponent 0  ·  deal 1  ·  "


def long_title_file(folder: Path) -> Path:
    path = folder / "long.yaml"
    path.write_text(f'extends: schnapsen\nname: long\ntitle: "{WORDS * 45}"\n', encoding="utf-8")
    return path


def title_cut_to(cells: int) -> str:
    """The title's first ``cells - 1`` characters and an ellipsis (the title repeats WORDS)."""
    return (WORDS * 45)[:cells - 1] + "…"


def test_the_table_header_keeps_the_title_to_one_row_at_80_by_24(tmp_path: Path) -> None:
    path = long_title_file(tmp_path)
    seen: list[str] = []

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")  # the start screen's Start
        await settle(pilot)
        seen.append(screen_text(app))
        await pilot.resize_terminal(100, 24)
        await settle(pilot)
        seen.append(screen_text(app))

    run(test, TableOptions(str(path), "random", 7, False, tmp_path / "m.yaml", 0.0), size=(80, 24))
    at_80, at_100 = ([line.rstrip() for line in text.splitlines()] for text in seen)
    # 80 columns less the header's padding (1 a side) leave 78 cells: the score's row, then the title's
    assert at_80[0] == " " + SCORE.rstrip()
    assert at_80[1] == " " + title_cut_to(78)
    assert at_80[2].startswith(" opponent (seat 1): 5 cards")  # the table right under it
    assert "More" not in "\n".join(at_80)  # everything fits: no PgDn offered
    assert at_100[1] == " " + title_cut_to(98)  # cut again for the wider terminal
    assert at_100[2].startswith(" opponent (seat 1): 5 cards")


def test_a_title_no_longer_than_a_line_is_left_whole() -> None:
    schnapsen = TableSession(load_ruleset("schnapsen"), 1, ["human", "random"], None)
    schnapsen.start_deal()
    view = schnapsen.view(0)
    assert render.scoreboard(view, [0, 0], 1, 78).plain == SCORE + "Schnapsen"
    assert render.scoreboard(view, [0, 0], 1, 9).plain == SCORE + "Schnapsen"  # wrapped as it was, not cut
    assert render.scoreboard(view, [0, 0], 1).plain == SCORE + "Schnapsen"  # no width: whole


def test_a_longer_title_is_cut_to_a_line(tmp_path: Path) -> None:
    session = TableSession(load_ruleset(str(long_title_file(tmp_path))), 1, ["human", "random"], None)
    session.start_deal()
    view = session.view(0)
    # the score's 45 characters fit in 45 cells: the title on the next line
    assert render.scoreboard(view, [0, 0], 1, 45).plain == SCORE.rstrip() + "\n" + title_cut_to(45)
    # a score wrapped by a narrow terminal: the title after it, no longer than a line
    assert render.scoreboard(view, [0, 0], 1, 44).plain == SCORE + title_cut_to(44)


def test_the_start_screen_list_cuts_a_long_title(tmp_path: Path) -> None:
    path = long_title_file(tmp_path)
    assert ruleset_choice(str(path)).plain == title_cut_to(100) + f" ({path})"
    assert ruleset_choice("schnapsen") == Text("Schnapsen (schnapsen)")


def test_the_review_header_keeps_the_title_to_one_row(tmp_path: Path) -> None:
    path = long_title_file(tmp_path)
    record = tmp_path / "g.yaml"
    made = CliRunner().invoke(cli_app, ["run", str(path), "--players", "random,greedy", "--deals", "1", "--seed", "3", "--record", str(record)])
    assert made.exit_code == 0, made.output
    app = review_app(load_record(str(record)), 0, 20, 0, record)
    seen: list[str] = []

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            seen.append(screen_text(app))  # type: ignore[arg-type]
            await pilot.resize_terminal(100, 24)
            await pilot.pause()
            seen.append(screen_text(app))  # type: ignore[arg-type]

    asyncio.run(main())
    at_80, at_100 = ([line.rstrip() for line in text.splitlines()] for text in seen)
    assert at_80[0] == " " + SCORE.rstrip() and at_80[1] == " " + title_cut_to(78)
    assert at_80[2].startswith(" review of g.yaml as seat 0 sees it")
    assert at_100[1] == " " + title_cut_to(98)
