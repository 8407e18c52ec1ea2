"""Rule files of earlier versions still load: each row of the table of removed and renamed
keys (interpreter.rules.migrations.CHANGES) is read as its version meant it, with a located
warning, and ``rules validate --fix`` rewrites the file keeping its comments and layout."""

from __future__ import annotations

import errno
import json
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


HEAD = "extends: north-american-4\nname: old\n"


@pytest.mark.parametrize(("before", "after", "done"), [
    # in braces on one line: the comma after it goes with it, or the one before the last entry
    ("match: {tie: play_on, target: 9}\n", "match: {target: 9}\n", "deleted match.tie (line 3)"),
    ("match: {target: 9, tie: play_on}\n", "match: {target: 9}\n", "deleted match.tie (line 3)"),
    # the tester's f7: braces over lines, a neighbour after it on its line (was: both deleted)
    ("match: {\n  tie: play_on, target: 12\n}\n", "match: {\n  target: 12\n}\n", "deleted match.tie (line 4)"),
    # an entry on a line of its own goes with its line; the last one with the comma before it
    ("match: {\n  tie: play_on,  # old\n  target: 12\n}\n", "match: {\n  target: 12\n}\n", "deleted match.tie (line 4)"),
    ("match: {\n  target: 12,\n  tie: play_on\n}\n", "match: {\n  target: 12\n}\n", "deleted match.tie (line 5)"),
    # the tester's f1: a mapping in braces over lines, left empty: its closing brace goes too
    ("bidding: {\n  first: dealer_left\n}\nmatch:\n  target: 12\n", "match:\n  target: 12\n",
     "deleted bidding.first and the mapping bidding it left empty (line 3)"),
    # a value folded onto the next line goes with its key; the blank line after it stays
    ("match:\n  tie: >-\n    play_on\n\n  target: 12\n", "match:\n\n  target: 12\n", "deleted match.tie (line 4)"),
])
def test_fix_deletes_the_entry_wherever_it_stands_and_nothing_else(tmp_path: Path, before: str, after: str, done: str) -> None:
    path = tmp_path / "old.yaml"
    path.write_text(HEAD + before, encoding="utf-8")
    out = invoke(["validate", "--fix", str(path)])
    assert out.exit_code == 0, out.stderr
    assert out.stderr == f"{path}: fixed: {done}\n"
    assert path.read_text(encoding="utf-8") == HEAD + after
    rs = load_ruleset(path)
    assert rs.warnings == () and rs.match.target == (9 if "9" in before else 12 if "12" in before else 10)


def test_fix_keeps_crlf_line_breaks_and_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "old.yaml"
    path.write_bytes(b"\xef\xbb\xbfextends: north-american-4\r\nname: old\r\nmatch:\r\n  tie: play_on\r\n  target: 12\r\n")
    out = invoke(["validate", "--fix", str(path)])
    assert out.exit_code == 0, out.stderr
    assert path.read_bytes() == b"\xef\xbb\xbfextends: north-american-4\r\nname: old\r\nmatch:\r\n  target: 12\r\n"


def test_a_change_without_a_safe_edit_is_left_for_a_person_and_no_byte_changes(tmp_path: Path) -> None:
    path = tmp_path / "old.yaml"
    path.write_bytes((HEAD + "match:\n  ? tie\n  : play_on\n  target: 9\n").encode())
    before = path.read_bytes()
    out = invoke(["validate", "--fix", str(path)])
    assert out.exit_code == 2
    assert out.stderr.splitlines()[0] == (
        f"{path}:4:5: match.tie: cannot fix by a safe edit: something stands before the key on its line; "
        "edit it by hand (expected this key deleted)"
    )
    assert "fixed" not in out.stderr and path.read_bytes() == before


def _old_line_deletion(text: str, mapping: Any, index: int) -> list[tuple[int, int, str]]:
    """The edit of the first --fix: the key's whole line, whatever else stands on it."""
    start = mapping.value[index][0].start_mark.index
    begin, end = text.rfind("\n", 0, start) + 1, text.find("\n", start) + 1
    return [(begin, end, "")]


def test_an_edit_that_would_change_another_key_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The edit is read back before it is kept: with the first --fix's line deletion, the
    tester's f7 would lose match.target; now the change is refused and the file left as it was."""
    monkeypatch.setattr(migrations, "_deletion", _old_line_deletion)
    path = tmp_path / "f7.yaml"
    text = HEAD + "match: {\n  tie: play_on, target: 12\n}\n"
    path.write_text(text, encoding="utf-8")
    out = invoke(["validate", "--fix", str(path)])
    assert out.exit_code == 2
    assert out.stderr.splitlines()[0] == (
        f"{path}:4:3: match.tie: cannot fix by a safe edit: the edit would also change match.target; "
        "edit it by hand (expected this key deleted)"
    )
    assert path.read_text(encoding="utf-8") == text


def test_an_edit_that_would_load_as_other_rules_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The second check, behind the first: the edited file is loaded as a ruleset (base and
    defaults) and must be the ruleset the file is now.  With the read-back switched off and the
    old line deletion, only this check stands between f7 and the loss of its target."""
    monkeypatch.setattr(migrations, "_deletion", _old_line_deletion)
    monkeypatch.setattr(migrations, "_read_back", lambda text, expected, file: None)
    path = tmp_path / "f7.yaml"
    text = HEAD + "match: {\n  tie: play_on, target: 12\n}\n"
    path.write_text(text, encoding="utf-8")
    out = invoke(["validate", "--fix", str(path)])
    assert out.exit_code == 2
    assert out.stderr.splitlines()[0] == (
        f"{path}:4:3: match.tie: cannot fix by a safe edit: the edited file would not load as the same rules; "
        "edit it by hand (expected this key deleted)"
    )
    assert path.read_text(encoding="utf-8") == text


def test_fix_json_says_what_was_fixed_and_what_is_left_and_nothing_on_stderr(tmp_path: Path) -> None:
    left = tmp_path / "left.yaml"  # bidding.first has no safe edit; match.tie has
    left.write_text(HEAD + "bidding:\n  ? first\n  : dealer_left\n  rounds: single\nmatch: {tie: play_on}\n", encoding="utf-8")
    done = tmp_path / "done.yaml"  # the tester's o3
    done.write_text(HEAD + "bidding: {first: dealer_left, rounds: single}\nmatch: {tie: play_on}\n", encoding="utf-8")
    out = invoke(["validate", "--fix", "--json", str(left), str(done)])
    assert out.exit_code == 2 and out.stderr == ""
    first, second = (json.loads(line) for line in out.stdout.splitlines())
    assert first["ok"] is False
    assert first["fixed"] == ["deleted match.tie and the mapping match it left empty (line 7)"]
    assert first["cannot_fix"] == [{
        "file": str(left), "line": 4, "column": 5, "path": "bidding.first",
        "message": "cannot fix by a safe edit: something stands before the key on its line; edit it by hand",
        "expected": "this key deleted",
    }]
    assert [w["path"] for w in first["warnings"]] == ["bidding.first"]  # still in the file
    assert left.read_text(encoding="utf-8") == HEAD + "bidding:\n  ? first\n  : dealer_left\n  rounds: single\n"
    assert second["ok"] is True and second["warnings"] == [] and second["cannot_fix"] == []
    assert second["fixed"] == ["deleted bidding.first (line 3)", "deleted match.tie and the mapping match it left empty (line 4)"]
    assert done.read_text(encoding="utf-8") == HEAD + "bidding: {rounds: single}\n"
    alone = invoke(["validate", "--fix", "--json", str(done)])
    assert alone.exit_code == 0 and alone.json()["ok"] is True and alone.json()["fixed"] == []
    plain = invoke(["validate", "--json", str(done)]).json()
    assert "fixed" not in plain and "cannot_fix" not in plain  # only with --fix


def test_fix_json_reports_a_file_it_cannot_write_as_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from interpreter.play import recordfile

    def refuse(path: Path, text: str) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(recordfile, "write_file", refuse)
    path = tmp_path / "old.yaml"
    text = HEAD + "match:\n  tie: play_on\n"
    path.write_text(text, encoding="utf-8")
    out = invoke(["validate", "--fix", "--json", str(path)])
    assert out.exit_code == 2 and out.stderr == ""
    result = out.json()
    assert result["ok"] is False and result["fixed"] == [] and result["cannot_fix"] == []
    assert result["errors"] == [{
        "file": str(path), "line": None, "column": None, "path": None,
        "message": "--fix: the file cannot be written: Permission denied; it was left as it was", "expected": None,
    }]
    assert path.read_text(encoding="utf-8") == text
    text_mode = invoke(["validate", "--fix", str(path)])
    assert text_mode.exit_code == 2
    assert text_mode.stderr.splitlines()[0] == f"{path}: --fix: the file cannot be written: Permission denied; it was left as it was"


def test_diff_shows_a_key_of_an_earlier_version_as_written(tmp_path: Path) -> None:
    """Not ``null``: the loader took the key out of the data, the diff takes its value from the table."""
    path = tmp_path / "old.yaml"
    path.write_text(HEAD + "bidding:\n  first: dealer_left\nmatch:\n  tie: play_on\n  target: 12\n", encoding="utf-8")
    out = invoke(["diff", "north-american-4", str(path)])
    assert out.exit_code == 0
    assert out.stdout.splitlines() == [
        "Name: north-american-4 → old",  # the title is the base's: the names differ
        "Match target: 10 → 12 points",
        "Bidding: first: dealer_left (no effect: bidding.first was removed: the player to the dealer's left always "
        "bids first, as 'dealer_left' said; delete this line (rules validate --fix FILE does it))",
        "Match: tie: play_on (no effect: match.tie was removed: sides level at or over the target play on (but for match.bummerl: last_place, which ends the match there), "
        "as 'play_on' said; delete this line (rules validate --fix FILE does it))",
    ]
    changes = json.loads(invoke(["diff", "north-american-4", str(path), "--json"]).stdout)
    assert [(c["path"], c["old"], c["new"], c["effect"]) for c in changes[2:]] == [
        ("bidding.first", None, "dealer_left", False), ("match.tie", None, "play_on", False),
    ]


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
    assert done == [] and [str(e) for e in by_hand] == [
        f"{quoted}:4:3: match.goal: cannot fix by a safe edit: the key is not written plainly; edit it by hand (expected the key named target)"
    ]
    path = tmp_path / "both.yaml"  # a new name: load_ruleset caches what it read by path
    path.write_text("extends: schnapsen\nname: old\nmatch:\n  goal: 11\n  target: 9\n", encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load_ruleset(path)
    errors = err.value.errors if isinstance(err.value, ErrorList) else [err.value]
    assert [(e.line, e.path, e.message) for e in errors] == [(4, "match.goal", "match.goal was renamed target, which the file sets too")]


def test_fix_of_a_house_file_says_that_its_base_is_not_rewritten_and_how_to_rewrite_it(tmp_path: Path) -> None:
    """The old keys are in the base: ``--fix kid.yaml`` changes nothing, and the base's warnings
    ("rules validate --fix FILE does it") come back; a note says which file to give --fix."""
    base = tmp_path / "base.yaml"
    base.write_text(HEAD + "bidding:\n  first: dealer_left\nmatch:\n  tie: play_on\n", encoding="utf-8")
    kid = tmp_path / "kid.yaml"
    kid.write_text("extends: base.yaml\nname: kid\nmatch:\n  target: 12\n", encoding="utf-8")
    kept = (base.read_bytes(), kid.read_bytes())
    note = (f"the keys of an earlier version in {base}, which it extends, are not rewritten by --fix of {kid} "
            f"(it rewrites only the files named): run rules validate --fix {base}")
    out = invoke(["validate", "--fix", str(kid)])
    assert out.exit_code == 0
    assert (base.read_bytes(), kid.read_bytes()) == kept
    assert out.stderr.splitlines()[0] == f"{kid}: note: {note}"
    assert [line.split(": ")[1] for line in out.stderr.splitlines()[1:]] == ["bidding.first", "match.tie"]
    data = invoke(["validate", "--fix", "--json", str(kid)]).json()
    assert data["fixed"] == [] and [n["message"] for n in data["notes"]] == [note]
    # without --fix, nothing was asked of the base: no note
    assert "note:" not in invoke(["validate", str(kid)]).stderr
    # the command the note gives does it; then the house file is clean
    assert invoke(["validate", "--fix", str(base)]).exit_code == 0
    again = invoke(["validate", "--fix", str(kid)])
    assert again.exit_code == 0 and again.stderr == ""
