"""The measured time of a move at each search level is written in one place
(``LEVEL_TIMES`` of ``interpreter.play.bots.search_bot``), and docs/bots.md and the start
screen of ``rules play`` both say it."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.play.bots.search_bot import LEVEL_TIMES, LEVELS, LevelTime

BOTS_MD = Path(__file__).resolve().parents[2] / "docs" / "bots.md"


def level_row(level: str) -> list[str]:
    """The cells of docs/bots.md's table row of ``search:LEVEL``."""
    rows = [line for line in BOTS_MD.read_text(encoding="utf-8").splitlines() if line.startswith("| ") and f"`search:{level}`" in line]
    assert len(rows) == 1, f"docs/bots.md: one table row for search:{level}, found {len(rows)}"
    return [cell.strip() for cell in rows[0].strip("|").split("|")]


@pytest.mark.parametrize("level", list(LEVELS))
def test_the_docs_table_shows_the_measured_times(level: str) -> None:
    t = LEVEL_TIMES[level]
    cells = level_row(level)
    assert cells[1] == f"{LEVELS[level]:,} iterations"
    assert cells[2:4] == [f"{t.cpu_median:,.0f} ({t.cpu_p90:,.0f})", f"{t.wall_median:,.0f} ({t.wall_p90:,.0f})"], (
        f"docs/bots.md's row of search:{level} must show LEVEL_TIMES[{level!r}]"
    )


def test_the_docs_quote_the_start_screens_words() -> None:
    assert f"`{LEVEL_TIMES['normal'].words()}`" in BOTS_MD.read_text(encoding="utf-8")


def test_every_level_has_its_times() -> None:
    assert set(LEVEL_TIMES) == set(LEVELS)
    for t in LEVEL_TIMES.values():
        assert 0 < t.cpu_median <= t.cpu_p90 and 0 < t.wall_median <= t.wall_p90


def test_the_words_of_a_time() -> None:
    """Seconds to one significant digit below a second, two from a second up."""
    assert LevelTime(273.5, 550.7, 300.0, 600.0).words() == "about 0.3 s a move, 9 in 10 within 0.6 s"
    assert LevelTime(39.1, 59.4, 39.0, 60.0).words() == "about 0.04 s a move, 9 in 10 within 0.06 s"
    assert LevelTime(1116.5, 2606.2, 1200.0, 2900.0).words() == "about 1.1 s a move, 9 in 10 within 2.6 s"


def test_the_start_screen_says_each_levels_time() -> None:
    pytest.importorskip("textual")
    from cli.table.start import OPPONENTS

    labels = dict((kind, label) for label, kind in OPPONENTS)
    for level in LEVELS:
        assert f"({LEVEL_TIMES[level].words()})" in labels[f"search:{level}"]
