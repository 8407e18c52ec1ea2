"""A house file needs a name of its own.

A house file without ``name:`` took its base's: ``rules validate n.yaml`` said ``ok
(Schnapsen)``, ``rules diff schnapsen n.yaml`` found no difference, and the table took the file
for the bundled Schnapsen -- while ``name: null`` was refused and the docs call ``name``
required.  Earlier versions loaded such a file, and rule files are kept for years
(docs/authoring.md, "Keys of earlier versions"), so it still loads, as a file of an earlier
version does: a located warning (an error with ``--strict``, and said by every command) that
names the line to add, and the file's own name, made from the file name, meanwhile.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import load_ruleset
from interpreter.rules.loader import MissingNameWarning, name_from_file
from interpreter.rules.migrations import MigrationWarning
from interpreter.rules.resources import bundled_rulesets
from runcli import invoke


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def warning_line(path: Path, name: str, base: str, written: str | None = None) -> str:
    """``written``: the name as the line to write must spell it, where plain it would not read
    back as the name (``n`` is a YAML 1.1 boolean, so ``name: "n"``)."""
    return (
        f"{path}:1:1: name: warning: missing key 'name': a house file needs a name of its own, not its base's ({base}); "
        f"it is read as '{name}', from the file name (expected name: {written or name}, or another name of lower-case letters, digits and hyphens)"
    )


def test_a_house_file_without_a_name_is_named_after_its_file(tmp_path: Path) -> None:
    rs = load_ruleset(write(tmp_path, "n.yaml", "extends: schnapsen\n"))
    assert rs.name == "n" and rs.data["name"] == "n"
    [warning] = rs.warnings
    assert isinstance(warning, MissingNameWarning) and isinstance(warning, MigrationWarning)
    assert (warning.path, warning.line, warning.column) == ("name", 1, 1)


def test_validate_warns_and_strict_refuses(tmp_path: Path) -> None:
    path = write(tmp_path, "n.yaml", "extends: schnapsen\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 0
    assert out.stdout == f"{path}: valid, with 1 warning (Schnapsen)\n"
    assert out.stderr == warning_line(path, "n", "schnapsen", '"n"') + "\n"
    strict = invoke(["validate", "--strict", str(path)])
    assert strict.exit_code == 2
    assert strict.stdout == f"{path}: 1 warning, not ok with --strict (Schnapsen)\n"


def test_diff_names_the_difference(tmp_path: Path) -> None:
    """Not "no differences": the file is another ruleset; and the name is no key "without effect"."""
    path = write(tmp_path, "n.yaml", "extends: schnapsen\n")
    out = invoke(["diff", "schnapsen", str(path)])
    assert out.exit_code == 0
    assert out.stdout == "Name: schnapsen → n\n"


def test_playing_says_it_too(tmp_path: Path) -> None:
    """As a key of an earlier version is said by every command that plays, not only validate."""
    path = write(tmp_path, "n.yaml", "extends: schnapsen\n")
    out = invoke(["run", str(path), "--seed", "1", "--deals", "1", "--quiet"])
    assert out.exit_code == 0
    assert out.stderr == warning_line(path, "n", "schnapsen", '"n"') + "\n"


def test_a_named_house_file_and_a_null_name(tmp_path: Path) -> None:
    assert load_ruleset(write(tmp_path, "a.yaml", "extends: schnapsen\nname: family\n")).warnings == ()
    out = invoke(["validate", str(write(tmp_path, "b.yaml", "extends: schnapsen\nname: null\n"))])
    assert out.exit_code == 2 and "missing key 'name'" in out.stderr


def test_the_base_named_is_the_nearest_one(tmp_path: Path) -> None:
    """A chain: c.yaml (no name) extends b.yaml (name b) extends schnapsen: read as 'c', not 'b'."""
    write(tmp_path, "b.yaml", "extends: schnapsen\nname: b\n")
    rs = load_ruleset(write(tmp_path, "c.yaml", "extends: b.yaml\n"))
    assert rs.name == "c"
    assert "not its base's (b)" in rs.warnings[0].message


@pytest.mark.parametrize(("file", "name"), [
    ("n.yaml", "n"),
    ("My House_Rules.yaml", "my-house-rules"),
    ("sub/Family.YML", "family"),
    ("--x--.yaml", "x"),
    ("_.yaml", "house-rules"),
    ("66er.yaml", "66er"),
    ("Ünï.yaml", "uni"),  # as `rules new Ünï.yaml` names it: the accented letters' base letters
    ("schnapsen.yaml", "schnapsen-house"),  # never a bundled ruleset's name
    ("santase.yaml", "santase-house"),  # house/santase's too
])
def test_the_name_made_from_a_file_name(file: str, name: str) -> None:
    assert name_from_file(file) == name


def test_every_bundled_ruleset_has_its_own_name() -> None:
    for bundled, path in bundled_rulesets().items():
        rs = load_ruleset(bundled)
        assert not any(isinstance(w, MissingNameWarning) for w in rs.warnings), bundled
        assert rs.name == path.stem


def test_a_file_named_as_a_bundled_ruleset_with_other_rules_is_warned_and_never_taken_for_it(tmp_path: Path) -> None:
    """``name: schnapsen`` over ``extends: schnapsen`` with a match to 9: the table sent its
    players to ``rules describe schnapsen`` (a match to 7) for the full rulebook."""
    from cli.table.words import ruleset_argument

    path = write(tmp_path, "nine.yaml", "extends: schnapsen\nname: schnapsen\nmatch: {target: 9}\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 0 and out.stderr.splitlines() == [
        f"{path}:2:7: name: warning: 'schnapsen' is the name of a bundled ruleset, and this file has other rules: it would be "
        "taken for the bundled one (expected a name of its own, of lower-case letters, digits and hyphens)",
    ]
    assert invoke(["validate", "--strict", str(path)]).exit_code == 2
    assert ruleset_argument(load_ruleset(path)) == str(path.resolve())
    # a copy of the bundled file byte for byte (a checkout's rulesets/ beside a wheel's copies) is it
    copy = write(tmp_path, "copy.yaml", bundled_rulesets()["house/santase"].read_text(encoding="utf-8"))
    assert invoke(["validate", "--strict", str(copy)]).exit_code == 0
    assert ruleset_argument(load_ruleset(copy)) == "house/santase"
    assert ruleset_argument(load_ruleset("schnapsen")) == "schnapsen"
    # the same rules written otherwise (a whole copy that says it has no base) are the same ruleset
    whole = write(tmp_path, "whole.yaml", "extends: null\n" + bundled_rulesets()["schnapsen"].read_text(encoding="utf-8"))
    assert invoke(["validate", "--strict", str(whole)]).exit_code == 0 and ruleset_argument(load_ruleset(whole)) == "schnapsen"
    # one changed byte, and it is another ruleset under the bundled name
    edited = write(tmp_path, "edited.yaml", copy.read_text(encoding="utf-8").replace("target: 11", "target: 12"))
    assert load_ruleset(edited).match.target == 12
    assert invoke(["validate", "--strict", str(edited)]).exit_code == 2


def test_the_warning_names_a_house_ruleset_as_the_commands_take_it(tmp_path: Path) -> None:
    """``name: santase`` is the bundled ``house/santase``; ``rules diff FILE santase`` finds no
    such ruleset, so the warning says the name a command accepts."""
    path = write(tmp_path, "mine.yaml", "extends: house/santase\nname: santase\nmatch: {target: 9}\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 0 and out.stderr.splitlines() == [
        f"{path}:2:7: name: warning: 'santase' is the name of the bundled ruleset 'house/santase', and this file has other "
        "rules: it would be taken for the bundled one (expected a name of its own, of lower-case letters, digits and hyphens)",
    ]
    assert invoke(["diff", "house/santase", str(path)]).stdout.splitlines()[-1] == "Match target: 11 → 9 game points"
