"""Every Markdown table of the docs is whole: each of its rows has the header's cells, and the
table ends at a blank line.

A table row runs on until the line ends, and GitHub's renderer takes every line after the
table's rows as one more row until a blank line: a paragraph written right under a table, or
glued onto its last row, shows as rows of one cell, and a row's cells past the header's are
dropped without a word.  serve.md's close-code table once ended in ``| opens the link again |
Asking for the next deal`` with the paragraph's next two lines under it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md"]
_DELIMITER = re.compile(r"^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$")


def cells(row: str) -> int:
    """The cells of a table row written ``| a | b |``: its pipes not escaped (``\\|``), less one."""
    return len(re.findall(r"(?<!\\)\|", row)) - 1


def table_problems(name: str, text: str) -> list[str]:
    """Each row of each table of ``text`` (outside fences) that is not ``| ... |`` with the
    header's number of cells, as ``NAME:LINE: ...``."""
    problems: list[str] = []
    lines = text.splitlines()
    fence = False
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        if line.startswith("```"):
            fence = not fence
        elif not fence and line.startswith("|") and i + 1 < len(lines) and _DELIMITER.match(lines[i + 1].strip()):
            width = cells(line)
            j = i + 2
            while j < len(lines) and lines[j].strip():
                row = lines[j].strip()
                if not (row.startswith("|") and row.endswith("|")):
                    problems.append(f"{name}:{j + 1}: a line of the table of line {i + 1} that is not a row "
                                    f"'| ... |' (a blank line ends a table): {row[:60]!r}")
                elif cells(row) != width:
                    problems.append(f"{name}:{j + 1}: {cells(row)} cells, the header of line {i + 1} has {width}")
                j += 1
            i = j
            continue
        i += 1
    return problems


def test_a_row_glued_to_a_paragraph_is_found() -> None:
    """The shapes of the defect, worked by hand: a paragraph's words after a row's last pipe,
    its next line, which is no row, and a row of 2 cells under a header of 3."""
    text = "| a | b | c |\n|---|---|---|\n| 1 | 2 |\n| 1 | 2 | 3 | Asking for\nthe next deal.\n\nprose | with a pipe\n"
    assert table_problems("t.md", text) == [
        "t.md:3: 2 cells, the header of line 1 has 3",
        "t.md:4: a line of the table of line 1 that is not a row '| ... |' (a blank line ends a table): '| 1 | 2 | 3 | Asking for'",
        "t.md:5: a line of the table of line 1 that is not a row '| ... |' (a blank line ends a table): 'the next deal.'"]
    assert table_problems("t.md", "| a \\| b | c |\n|---|---|\n| `x \\| y` | z |\n\n```\n| a |\n|---|\n| 1 | 2 |\n```\n") == []


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_table_is_whole(page: Path) -> None:
    problems = table_problems(str(page.relative_to(ROOT)), page.read_text(encoding="utf-8"))
    assert not problems, "\n".join(problems)
