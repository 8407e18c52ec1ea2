"""``extends: null`` means no base: a file that writes it and is not a whole ruleset gets one
error at that line, saying so and what to write -- not five "missing key" errors at line 1.

The expected lines are written from the schema: a ruleset without a base must have name, deck,
players, deal, trump and scoring; these files give only a name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from runcli import invoke

EXPECTED = (
    "the ruleset to extend: a bundled ruleset name (schnapsen) or a path relative to this file (base.yaml); "
    "or, for a ruleset without a base, the keys deal, deck, players, scoring and trump"
)


@pytest.mark.parametrize(("value", "column", "written"), [
    (" null", 10, "'extends: null'"),
    (" ~", 10, "'extends: null'"),
    ("", 9, "'extends:' with no value is null, which"),
])
def test_a_null_extends_is_one_located_error(tmp_path: Path, value: str, column: int, written: str) -> None:
    path = tmp_path / "en.yaml"
    path.write_text(f"extends:{value}\nname: en\n", encoding="utf-8")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert out.stderr.splitlines() == [
        f"{path}:1:{column}: extends: {written} means no base, so this file must be a whole ruleset, "
        f"and it has no deal, deck, players, scoring and trump (expected {EXPECTED})",
    ]
    [report] = [invoke(["validate", str(path), "--json"]).json()]
    assert [(e["line"], e["path"]) for e in report["errors"]] == [(1, "extends")]


def test_other_problems_of_the_file_are_still_said(tmp_path: Path) -> None:
    path = tmp_path / "en.yaml"
    path.write_text("name: en\nmatch: {target: 9, bogus: 1}\nextends: null\n", encoding="utf-8")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    lines = out.stderr.splitlines()
    assert [line.split(": ")[0].removeprefix(f"{path}:") for line in lines] == ["2:20", "3:10"]  # in the file's order
    assert "unknown key 'bogus'" in lines[0] and "'extends: null' means no base" in lines[1]


def test_a_whole_ruleset_may_say_it_has_no_base(tmp_path: Path) -> None:
    whole = Path(__file__).resolve().parents[2] / "rulesets" / "schnapsen.yaml"
    path = tmp_path / "whole.yaml"
    path.write_text("extends: null\n" + whole.read_text(encoding="utf-8"), encoding="utf-8")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 0, out.stderr
    assert out.stdout == f"{path}: ok (Schnapsen)\n"
