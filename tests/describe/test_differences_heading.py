"""The heading of a house ruleset's differences names the ruleset they are counted from.

The list compares the house file with its direct base (what the file itself changes).  A base
without a title of its own shows the title of a ruleset further up its chain; headed with that
title alone, the list would read as the differences from that other ruleset and miss what the
base in between changes.  So such a base is named by its name, its borrowed title after it.
"""

from __future__ import annotations

from pathlib import Path

from interpreter import load_ruleset
from interpreter.text.describe import base_of, rulebook
from runcli import invoke


def _section(book: str) -> list[str]:
    """The heading of the differences and its items."""
    lines = book.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("## Differences"))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("## "))
    return [line for line in lines[start:end] if line]


def _write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


def test_a_base_without_a_title_is_named_with_the_title_it_borrows(tmp_path: Path) -> None:
    # c0 sets the match target 9 over schnapsen (7) and no title, so it is titled Schnapsen;
    # k1 over c0 changes only the first lead: the list is k1's against c0, headed so
    _write(tmp_path, {
        "c0.yaml": "extends: schnapsen\nname: c0\nmatch: {target: 9}\n",
        "k1.yaml": "extends: c0.yaml\nname: k1\nmarriage: {first_lead: forbidden}\n",
    })
    out = invoke(["describe", str(tmp_path / "k1.yaml")])
    assert out.exit_code == 0, out.stderr
    assert _section(out.stdout) == [
        "## Differences from c0 (extends Schnapsen)",
        "- Name: c0 → k1",
        "- Marriage on the first lead: allowed → not allowed",
    ]


def test_a_base_that_borrows_its_title_two_steps_up_is_named_the_same_way(tmp_path: Path) -> None:
    _write(tmp_path, {
        "d0.yaml": "extends: schnapsen\nname: d0\n",
        "c0.yaml": "extends: d0.yaml\nname: c0\nmatch: {target: 9}\n",
        "k1.yaml": "extends: c0.yaml\nname: k1\nmatch: {target: 11}\n",
    })
    rs = load_ruleset(tmp_path / "k1.yaml")
    assert _section(rulebook(rs, base_of(rs))) == [
        "## Differences from c0 (extends Schnapsen)",
        "- Name: c0 → k1",
        "- Match target: 9 → 11 game points",
    ]


def test_a_base_with_its_own_title_is_named_by_it(tmp_path: Path) -> None:
    _write(tmp_path, {
        "club.yaml": "extends: schnapsen\nname: club\ntitle: Club Schnapsen\nmatch: {target: 9}\n",
        "k1.yaml": "extends: club.yaml\nname: k1\nmarriage: {first_lead: forbidden}\n",
        "plain.yaml": "extends: schnapsen\nname: plain\nmatch: {target: 9}\n",
    })
    club = load_ruleset(tmp_path / "k1.yaml")
    assert _section(rulebook(club, base_of(club)))[0] == "## Differences from Club Schnapsen"
    # a bundled base: its own title, as ever
    plain = load_ruleset(tmp_path / "plain.yaml")
    assert _section(rulebook(plain, base_of(plain)))[:2] == ["## Differences from Schnapsen", "- Name: schnapsen → plain"]  # the titles agree: the names


def test_a_formula_with_a_tab_or_line_break_stays_on_its_line_in_the_book_and_the_diff(tmp_path: Path) -> None:
    # YAML's "\t1\n+\r\n2" is the formula 1 + 2 written over three lines: in the list of
    # differences and the authors' notation it is shown on one line with its escapes, as
    # `rules diff` shows it -- a raw line break ended the markdown list item and the code span
    _write(tmp_path, {"tabs.yaml": 'extends: schnapsen\nname: tabs\nscoring:\n  game_points: "\\t1\\n+\\r\\n2"\n'})
    out = invoke(["describe", str(tmp_path / "tabs.yaml")])
    assert out.exit_code == 0, out.stderr
    shown = "\\t1\\n+\\r\\n2"
    assert any(line.startswith("- Game points formula: ") and line.endswith(shown) for line in _section(out.stdout))
    assert f"`{shown}`" in out.stdout
    diff = invoke(["diff", "schnapsen", str(tmp_path / "tabs.yaml")])
    assert any(line.startswith("Game points formula: ") and line.endswith(shown) for line in diff.stdout.splitlines())
