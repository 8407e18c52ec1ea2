"""A null in a house file removes the base's key (docs/authoring.md, "House rules"): what
`rules validate` says when that was probably not meant (a key left with no value) and when it
removes a key a ruleset must have -- each said at the null the author wrote.

Line and column numbers are counted by hand from the texts below (1-based, as editors show them).
"""

from __future__ import annotations

import json
from pathlib import Path

from runcli import invoke

from interpreter.rules.loader import load_ruleset


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# --- a key with no value: an implicit null that removes the base's value ------------------

#: The half-finished edit `rules new` invites: two section headers uncommented, their keys not.
HALF_EDITED = (
    "extends: schnapsen\n"   # 1
    "name: half\n"           # 2
    "# match:\n"             # 3
    "match:\n"               # 4  <- empty: null, removes the base's whole match
    "#   target: 11\n"       # 5
    "closing:\n"             # 6  <- empty too
    "claim: {target: 66}\n"  # 7
)


def test_an_empty_section_key_warns_at_the_key(tmp_path: Path) -> None:
    rs = load_ruleset(write(tmp_path, "half.yaml", HALF_EDITED))
    found = [(w.path, w.line, w.column) for w in rs.warnings]
    assert found == [("match", 4, 1), ("closing", 6, 1)]
    match = rs.warnings[0]
    assert "'match:' has no value, which is null" in match.message
    assert "removes the base's whole 'match' section" in match.message
    assert match.expected is not None and "match: null to remove the base's match on purpose" in match.expected


def test_the_warning_passes_without_strict_and_fails_with_it(tmp_path: Path) -> None:
    path = write(tmp_path, "half.yaml", HALF_EDITED)
    plain = invoke(["validate", str(path)])
    assert plain.exit_code == 0
    assert f"{path}:4:1: match: warning: 'match:' has no value" in plain.stderr
    assert f"{path}:6:1: closing: warning: 'closing:' has no value" in plain.stderr
    strict = invoke(["validate", str(path), "--strict"])
    assert strict.exit_code == 2
    assert strict.stdout.startswith(f"{path}: 2 warnings, not ok with --strict")


def test_an_explicit_null_is_meant_and_silent(tmp_path: Path) -> None:
    path = write(tmp_path, "meant.yaml", "extends: schnapsen\nname: meant\nclosing: null\nmatch: ~\n")
    assert load_ruleset(path).warnings == ()
    out = invoke(["validate", str(path), "--strict"])
    assert out.exit_code == 0, out.stderr


def test_an_empty_scalar_key_names_the_value_it_removes(tmp_path: Path) -> None:
    # schnapsen's match.target is 7 (rulesets/schnapsen.yaml); `target:` alone on line 4, column 3.
    rs = load_ruleset(write(tmp_path, "t.yaml", "extends: schnapsen\nname: t\nmatch:\n  target:\n"))
    [warning] = rs.warnings
    assert (warning.path, warning.line, warning.column) == ("match.target", 4, 3)
    assert "removes the base's target (integer 7)" in warning.message


def test_an_empty_key_the_base_does_not_have_removes_nothing(tmp_path: Path) -> None:
    # rulesets/schnapsen.yaml has no `bidding`: nothing of the base's is lost, nothing to say.
    rs = load_ruleset(write(tmp_path, "d.yaml", "extends: schnapsen\nname: d\nbidding:\n"))
    assert rs.warnings == ()


# --- a null that removes a key a ruleset must have ------------------------------------------

NULLS = (
    "extends: schnapsen\n"               # 1
    "name: nm\n"                         # 2
    "# our rules\n"                      # 3
    "match: {target: 9}\n"               # 4
    "scoring:\n"                         # 5
    "  opponent_points: tricks_only\n"   # 6
    "  method: null\n"                   # 7  <- method at column 3
    "deck: null\n"                       # 8  <- deck at column 1
)


def test_a_required_key_removed_by_null_is_said_at_the_null(tmp_path: Path) -> None:
    path = write(tmp_path, "nm.yaml", NULLS)
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert len(lines) == 2, out.stderr
    assert lines[0].startswith(f"{path}:7:3: scoring.method: missing key 'method': 'method: null' removes the base's method")
    assert "and 'scoring' must have one" in lines[0]
    assert lines[1].startswith(f"{path}:8:1: deck: missing key 'deck': 'deck: null' removes the base's deck, and a ruleset must have one")
    assert "(expected the value of deck to use here, or this line deleted to keep the base's)" in lines[1]
    assert f"{path}:1:1" not in out.stderr


def test_an_empty_name_is_said_at_the_name_line(tmp_path: Path) -> None:
    path = write(tmp_path, "nn.yaml", "extends: schnapsen\nname:\n")
    out = invoke(["validate", str(path), "--json"])
    assert out.exit_code == 2
    [error] = out.json()["errors"]
    assert (error["line"], error["column"], error["path"]) == (2, 1, "name")
    assert error["message"].startswith("missing key 'name': 'name:' with no value removes the base's name")
    assert "lower-case letters, digits and hyphens" in error["expected"]
    json.dumps(error)  # plain data


def test_a_null_in_a_base_is_said_in_the_base(tmp_path: Path) -> None:
    write(tmp_path, "base.yaml", "extends: schnapsen\nname: base\ndeck: null\n")
    path = write(tmp_path, "h.yaml", "extends: base.yaml\nname: h\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert f"{tmp_path / 'base.yaml'}:3:1: deck: missing key 'deck': 'deck: null' removes the base's deck" in out.stderr


# --- a null under a name the schema does not know: a misspelt removal -----------------------

#: ``overtrumpp: ~`` meant to remove the base's ``overtrump``; the merge drops a null with
#: nothing to remove before the schema sees it, so the file passed as valid, the rule in force.
MISSPELT = (
    "extends: schnapsen\n"   # 1
    "name: misspelt\n"       # 2
    "bogus:\n"               # 3  <- an unknown key with no value
    "play:\n"                # 4
    "  overtrumpp: ~\n"      # 5  <- column 3
    "bidding:\n"             # 6
    "  moon: ~\n"            # 7  <- a known key with nothing to remove: harmless
)


def test_a_null_under_an_unknown_name_is_an_unknown_key_at_its_place(tmp_path: Path) -> None:
    path = write(tmp_path, "misspelt.yaml", MISSPELT)
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2, out.stdout
    lines = out.stdout.splitlines() + out.stderr.splitlines()
    bogus = [l for l in lines if ":3:1: bogus: unknown key 'bogus'" in l]
    misspelt = [l for l in lines if ":5:3: play.overtrumpp: unknown key 'overtrumpp' (did you mean 'overtrump'?)" in l]
    assert len(bogus) == 1 and len(misspelt) == 1, lines
    assert not any("moon" in l for l in lines), lines


def test_a_null_under_a_known_name_with_nothing_to_remove_is_valid(tmp_path: Path) -> None:
    """Schnapsen has no auction: ``bidding: {moon: ~}`` removes nothing and is no mistake,
    nor is a null for a key of the schema the base leaves out (``play.head``, if absent)."""
    rs = load_ruleset(write(tmp_path, "known.yaml", "extends: schnapsen\nname: known\nbidding:\n  moon: ~\n"))
    assert rs.name == "known"
