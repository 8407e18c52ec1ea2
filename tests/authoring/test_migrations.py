"""Rule files of earlier versions still load: each row of the table of removed and renamed
keys (interpreter.rules.migrations.CHANGES) is read as its version meant it, with a located
warning, and ``rules validate --fix`` rewrites the file keeping its comments and layout."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from interpreter.core.errors import ErrorList, RulesetError
from interpreter.rules import migrations
from interpreter.rules.loader import load_ruleset
from interpreter.rules.migrations import CHANGES, MigrationWarning, Removed, Renamed
from interpreter.rules.yamlsource import load_yaml_file
from runcli import invoke





def _rules(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in ("name", "title", "description")}

# For each removed key, a base whose own data does not set the key's mapping otherwise.
BASES = {("bidding", "first"): "north-american-4", ("match", "tie"): "schnapsen"}


def _entry(change: Removed) -> str:
    return f"{change.path[0]}:\n  {change.path[1]}: {change.value}   # as the old docs said\n"


def test_every_row_is_covered_by_these_tests() -> None:
    assert {c.path for c in CHANGES if isinstance(c, Removed)} == set(BASES)


@pytest.mark.parametrize("change", [c for c in CHANGES if isinstance(c, Removed)], ids=lambda c: ".".join(c.path))
def test_a_removed_key_with_its_one_value_loads_with_a_located_warning(tmp_path: Path, change: Removed) -> None:
    base = BASES[change.path]
    path = tmp_path / "old.yaml"
    path.write_text(f"# kept from 2025\nextends: {base}\nname: old\n{_entry(change)}", encoding="utf-8")
    rs = load_ruleset(path)
    (w,) = rs.warnings
    assert isinstance(w, MigrationWarning)
    assert (w.file, w.line, w.column, w.path) == (str(path), 5, 3, ".".join(change.path))
    assert w.message.startswith(f"{'.'.join(change.path)} was removed: {change.now}")
    assert "delete this line" in w.message and "rules validate --fix" in w.message
    # the rules are those of the base: the key only ever said what the engine does
    assert _rules(rs.data) == _rules(load_ruleset(base).data)
    out = invoke(["validate", str(path)])
    assert out.exit_code == 0 and "valid, with 1 warning" in out.stdout
    assert f"{path}:5:3: {'.'.join(change.path)}: warning: " in out.stderr
    strict = invoke(["validate", str(path), "--strict"])
    assert strict.exit_code == 2
    run = invoke(["run", str(path), "--seed", "1", "--deals", "1", "--quiet"])
    assert run.exit_code == 0 and f"{path}:5:3: {'.'.join(change.path)}: warning: " in run.stderr


@pytest.mark.parametrize("change", [c for c in CHANGES if isinstance(c, Removed)], ids=lambda c: ".".join(c.path))
def test_a_removed_key_with_another_value_is_an_error(tmp_path: Path, change: Removed) -> None:
    path = tmp_path / "other.yaml"
    path.write_text(f"extends: {BASES[change.path]}\nname: other\n{change.path[0]}:\n  {change.path[1]}: something_else\n", encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load_ruleset(path)
    errors = err.value.errors if isinstance(err.value, ErrorList) else [err.value]
    assert [(e.line, e.column, e.path) for e in errors] == [(4, 3, ".".join(change.path))]
    assert errors[0].message == f"{'.'.join(change.path)} was removed: {change.now}"


@pytest.mark.parametrize("change", [c for c in CHANGES if isinstance(c, Removed)], ids=lambda c: ".".join(c.path))
def test_fix_deletes_the_line_and_keeps_everything_else(tmp_path: Path, change: Removed) -> None:
    parent, key = change.path
    path = tmp_path / "old.yaml"
    sibling = "  target: 9\n" if parent == "match" else "  rounds: single\n"  # a key the mapping keeps
    original = (
        "# my house rules, 2025\n"
        f"extends: {BASES[change.path]}\n"
        "name: old   # short name\n"
        "\n"
        f"{parent}:\n"
        "  # the rule we always played\n"
        f"  {key}: {change.value}\n"
        + sibling
    )
    path.write_text(original, encoding="utf-8")
    out = invoke(["validate", "--fix", str(path)])
    assert out.exit_code == 0, out.stderr
    assert f"{path}: fixed: deleted {parent}.{key} (line 7)" in out.stderr
    expected = original.replace(f"  {key}: {change.value}\n", "")
    assert path.read_text(encoding="utf-8") == expected  # the comment above it stays: it is not indented deeper
    assert load_ruleset(path).warnings == ()
    again = invoke(["validate", "--fix", str(path)])
    assert again.exit_code == 0 and "fixed" not in again.stderr
    assert path.read_text(encoding="utf-8") == expected


def test_fix_removes_a_mapping_left_empty_with_its_key(tmp_path: Path) -> None:
    path = tmp_path / "old.yaml"
    path.write_text("extends: schnapsen\nname: old\nmatch:\n  tie: play_on\nbidding: {first: dealer_left}\nend:\n  tie: last_trick_wins\n", encoding="utf-8")
    out = invoke(["validate", "--fix", str(path), "--json"])
    assert out.exit_code == 0
    assert out.json()["fixed"] == [
        "deleted bidding.first and the mapping bidding it left empty (line 5)",
        "deleted match.tie and the mapping match it left empty (line 3)",
    ]
    # an empty 'match:' would be null, which deletes the base's whole match mapping
    assert path.read_text(encoding="utf-8") == "extends: schnapsen\nname: old\nend:\n  tie: last_trick_wins\n"


def test_a_key_inside_a_one_line_mapping_with_others_is_left_for_a_person(tmp_path: Path) -> None:
    path = tmp_path / "old.yaml"
    text = "extends: schnapsen\nname: old\nmatch: {tie: play_on, target: 9}\n"
    path.write_text(text, encoding="utf-8")
    out = invoke(["validate", "--fix", str(path)])
    assert out.exit_code == 2
    assert f"{path}: cannot fix match.tie (line 3): inside a mapping written on one line; edit it by hand" in out.stderr
    assert path.read_text(encoding="utf-8") == text


def test_fix_never_rewrites_a_bundled_ruleset() -> None:
    out = invoke(["validate", "--fix", "schnapsen"])
    assert out.exit_code == 0 and "fixed" not in out.stderr


def test_a_renamed_key_is_read_under_its_new_name_and_fixed_in_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No key has been renamed yet; the mechanism is checked with a made-up row:
    'match.goal' renamed 'match.target'."""
    monkeypatch.setattr(migrations, "CHANGES", (*CHANGES, Renamed(("match", "goal"), "target")))
    path = tmp_path / "old.yaml"
    path.write_text("extends: schnapsen\nname: old\nmatch:\n  goal: 11   # a long match\n", encoding="utf-8")
    rs = load_ruleset(path)
    assert rs.match.target == 11
    (w,) = rs.warnings
    assert (w.line, w.column, w.path) == (4, 3, "match.goal")
    assert w.message == "match.goal was renamed target; rename it (rules validate --fix FILE does it)"
    text, done, by_hand = migrations.fixed_text(load_yaml_file(path))
    assert text == "extends: schnapsen\nname: old\nmatch:\n  target: 11   # a long match\n"
    assert done == ["renamed match.goal to target (line 4)"] and by_hand == []
    quoted = tmp_path / "quoted.yaml"
    quoted.write_text('extends: schnapsen\nname: old\nmatch:\n  "goal": 11\n', encoding="utf-8")
    text, done, by_hand = migrations.fixed_text(load_yaml_file(quoted))
    assert done == [] and by_hand == ["match.goal (line 4): the key is not written plainly"]
    path = tmp_path / "both.yaml"  # a new name: load_ruleset caches what it read by path
    path.write_text("extends: schnapsen\nname: old\nmatch:\n  goal: 11\n  target: 9\n", encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load_ruleset(path)
    errors = err.value.errors if isinstance(err.value, ErrorList) else [err.value]
    assert [(e.line, e.path, e.message) for e in errors] == [(4, "match.goal", "match.goal was renamed target, which the file sets too")]
