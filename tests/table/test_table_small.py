"""A terminal smaller than 80 x 24 cuts the table's column off: everything the seat may see
stays reachable, by PgDn (offered in the footer as "More" only then) or the mouse wheel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cli.table.app import TableApp, TableOptions
from interpreter.play.session import resume
from tabletools import run, screen_text, settle

#: Schnapsen, cut off mid-deal: seat 1 announced 20 in spades and leads the queen; seat 0 to
#: follow.  The column holds the table, the tricks, the note on counting, the announcement.
MID_DEAL = """\
ruleset: schnapsen
players: [human, greedy]
deals:
  - dealer: 1
    seed: 1022050301
    moves: [play AH, play JD, play KH, play TH, marry QS]
"""


def seen(tmp_path: Path, size: tuple[int, int], keys: list[str]) -> list[str]:
    path = tmp_path / "m.yaml"
    path.write_text(MID_DEAL, encoding="utf-8")
    texts: list[str] = []

    async def test(app: TableApp, pilot: Any) -> None:
        await settle(pilot)
        texts.append(screen_text(app))
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
            texts.append(screen_text(app))

    run(test, TableOptions(resume=resume(path), bot_delay=0.0), size=size)
    return texts


def test_pgdn_shows_what_a_small_terminal_cut_off(tmp_path: Path) -> None:
    before, after, back = seen(tmp_path, (60, 20), ["pagedown", "pageup"])
    assert "announced: opponent" not in before and "pgdn More" in before
    assert "announced: opponent: 20 in ♠" in after
    assert "Trump ♣ clubs" not in after and "Trump ♣ clubs" in back  # PgUp: the top again


def test_no_more_is_offered_where_everything_fits(tmp_path: Path) -> None:
    (text,) = seen(tmp_path, (80, 24), [])
    assert "announced: opponent: 20 in ♠ spades" in text and "More" not in text
