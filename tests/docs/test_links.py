"""Every link between the pages of docs/ (its folders too: docs/rulebooks/) and README.md leads
somewhere: the file exists and, for a ``#fragment`` into a Markdown page, a heading of that
page has that anchor (GitHub's rule: lower case, punctuation but ``-`` and ``_`` dropped,
spaces to ``-``, a repeated heading numbered ``-1``, ``-2`` ...).  A heading renamed without
its links fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md"]  # the rulebooks of docs/rulebooks/ too
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def _outside_fences(path: Path) -> list[tuple[int, str]]:
    lines, fence = [], False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.lstrip(" ").startswith("```"):  # a fence in a list item is indented
            fence = not fence
        elif not fence:
            lines.append((number, line))
    return lines


def anchor(heading: str) -> str:
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading: its text
    return re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for _, line in _outside_fences(path):
        if m := HEADING.match(line):
            slug = anchor(m.group(2))
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def test_anchors_follow_githubs_rule() -> None:
    """Worked by hand from GitHub's rendering of such headings."""
    assert anchor("rules arena and rules tournament") == "rules-arena-and-rules-tournament"
    assert anchor("The knobs, from Python") == "the-knobs-from-python"
    assert anchor("`search:ms=N` counts CPU time") == "searchmsn-counts-cpu-time"
    assert anchor("See [search.md](search.md#x) too") == "see-searchmd-too"


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_link_of_a_page_resolves(page: Path) -> None:
    cache: dict[Path, set[str]] = {}
    broken = []
    for number, line in _outside_fences(page):
        for target in LINK.findall(line):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            name, _, fragment = target.partition("#")
            dest = (page.parent / name).resolve() if name else page
            if not dest.exists():
                broken.append(f"{page.relative_to(ROOT)}:{number}: {target}: no such file")
            elif fragment and dest.suffix == ".md":
                if fragment not in cache.setdefault(dest, anchors(dest)):
                    broken.append(f"{page.relative_to(ROOT)}:{number}: {target}: no heading with this anchor")
    assert not broken, "\n".join(broken)


def _contents(page: Path) -> tuple[list[str], list[str]]:
    """A page's table of contents -- its top-level ``- [TEXT](#anchor)`` lines before its first
    ``##`` heading -- and the anchors of its ``##`` headings, both in page order."""
    listed: list[str] = []
    headings: list[str] = []
    for _, line in _outside_fences(page):
        if line.startswith("## "):
            headings.append(anchor(line[3:].strip()))
        elif not headings and (m := re.match(r"- \[[^\]]*\]\(#([^)\s]+)\)", line)):
            listed.append(m.group(1))
    return listed, headings


def test_contents_lists_are_worked_out_as_shown() -> None:
    """Worked by hand from docs/notation.md's first lines (its list names its eight sections)."""
    listed, headings = _contents(ROOT / "docs" / "notation.md")
    assert listed[:2] == ["cards", "seats-and-sides"] and headings[:2] == listed[:2]


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_a_table_of_contents_names_every_section(page: Path) -> None:
    """A page that opens with a table of contents lists each of its ``##`` sections, in order
    (api.md's once left out "A table of your own: TableSession")."""
    listed, headings = _contents(page)
    if listed:
        assert listed == headings, f"{page.name}: the contents list {listed}, the sections are {headings}"
