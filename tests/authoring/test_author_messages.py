"""What `rules validate` tells a ruleset author: bounds of formulas, misspelt keys, the base a
house file extends, and the static checks made before a deal is played.

Every expectation is worded from docs/authoring.md (what the docs promise), not copied from
the program's output.
"""

from __future__ import annotations

from pathlib import Path

from runcli import invoke


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def house(folder: Path, scoring_line: str, name: str = "h.yaml") -> Path:
    return write(folder, name, f"extends: schnapsen\nname: h\nscoring:\n  {scoring_line}\n")


# --- formula bounds (docs/authoring.md, "Bounds") ----------------------------------------


def test_a_flat_sum_of_41_terms_is_valid(tmp_path: Path) -> None:
    path = house(tmp_path, 'game_points: "' + "+".join(["1"] * 41) + '"')
    out = invoke(["validate", str(path)])
    assert out.exit_code == 0, out.stderr


def test_41_nested_parentheses_are_refused_at_the_41st(tmp_path: Path) -> None:
    # `  game_points: "` puts the formula's first character in column 17 of line 4.
    path = house(tmp_path, 'game_points: "' + "(" * 41 + "1" + ")" * 41 + '"')
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    first = out.stderr.splitlines()[0]
    assert first.startswith(f"{path}:4:{17 + 40}: scoring.game_points: ")
    assert "nested 41 deep; at most 40 levels" in first
    assert "(expected a formula nested at most 40 levels deep" in out.stderr
    assert "Traceback" not in out.stderr


def test_100000_parentheses_are_one_message_not_a_crash(tmp_path: Path) -> None:
    path = house(tmp_path, 'game_points: "' + "(" * 100_000 + "1" + ")" * 100_000 + '"')
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert "Traceback" not in out.stderr and "RecursionError" not in out.stderr
    assert out.stderr.count(f"{path}:") == 1
    assert "scoring.game_points" in out.stderr and "200001 characters" in out.stderr
    assert "(expected at most 1000 characters)" in out.stderr


# --- a misspelt extends -------------------------------------------------------------------


def test_misspelt_extends_is_the_only_error(tmp_path: Path) -> None:
    # Every missing key (deal, deck, players, ...) follows from the missing base: the
    # misspelling is what to fix, so it is said alone.
    path = write(tmp_path, "fam.yaml", "extend: schnapsen\nname: fam\nmatch: {target: 9}\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, out.stderr
    assert lines[0].startswith(f"{path}:1:1: extend: unknown key 'extend' (did you mean 'extends'?)")
    assert "(expected extends: the ruleset this file changes" in lines[0]
    assert "missing key" not in out.stderr


def test_missing_keys_stay_reported_without_a_misspelt_extends(tmp_path: Path) -> None:
    # A misspelling of another key explains nothing about the missing ones.
    path = write(tmp_path, "fam.yaml", "name: fam\nmatch: {targt: 9}\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert "missing key 'deck'" in out.stderr
    assert "unknown key 'targt' (did you mean 'target'?)" in out.stderr


# --- an empty base ------------------------------------------------------------------------


def test_an_empty_base_is_said_to_be_empty(tmp_path: Path) -> None:
    # Nothing at all, only a comment, a bare '---' or a null document: no rules to extend.
    for text in ("", "# to do\n", "---\n", "~\n"):
        write(tmp_path, "base.yaml", text)
        path = write(tmp_path, "h.yaml", "extends: base.yaml\nname: h\n")
        out = invoke(["validate", str(path)])
        assert out.exit_code == 2
        assert out.stderr.startswith(f"{path}:1:10: extends: 'base.yaml' is empty: a ruleset to extend must "), (text, out.stderr)
        assert "(expected a ruleset file" in out.stderr
        assert "not valid YAML" not in out.stderr and out.stderr.count("\n") == 1
