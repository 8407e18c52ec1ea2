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


# --- extends: NAME.yaml with no such file -------------------------------------------------


def test_a_bundled_name_written_as_a_file_is_read_with_a_note(tmp_path: Path) -> None:
    # No schnapsen.yaml beside h.yaml: the bundled schnapsen is the base (files written so
    # keep working), and validate says which file that is, without failing, even --strict.
    from interpreter.rules.resources import bundled_rulesets

    path = write(tmp_path, "h.yaml", "extends: schnapsen.yaml\nname: h\nmatch: {target: 9}\n")
    out = invoke(["validate", "--strict", str(path)])
    assert out.exit_code == 0
    assert out.stdout.startswith(f"{path}: ok")
    note = f"{path}:1:10: extends: note: no file 'schnapsen.yaml' beside this file, so the bundled ruleset 'schnapsen' is used"
    assert note in out.stderr
    assert str(bundled_rulesets()["schnapsen"]) in out.stderr
    assert "(expected extends: schnapsen for the bundled ruleset" in out.stderr
    notes = invoke(["validate", "--json", str(path)]).json()["notes"]
    assert [(n["line"], n["column"], n["path"]) for n in notes] == [(1, 10, "extends")]


def test_a_file_beside_wins_and_a_plain_name_gets_no_note(tmp_path: Path) -> None:
    write(tmp_path, "schnapsen.yaml", "extends: schnapsen\nname: our-schnapsen\nmatch: {target: 5}\n")
    beside = write(tmp_path, "h.yaml", "extends: schnapsen.yaml\nname: h\n")
    plain = write(tmp_path, "p.yaml", "extends: schnapsen\nname: p\n")
    for path in (beside, plain):
        out = invoke(["validate", str(path)])
        assert out.exit_code == 0 and "note:" not in out.stderr, out.stderr
    from interpreter.rules.loader import load_ruleset

    assert load_ruleset(str(beside)).match.target == 5  # the file beside, not the bundled 7
