"""Authoring defects a probe found: a misspelt key in a base, a folder holding a link to
nowhere, the name a nameless house file is told to write.  Expectations are worked out by
hand from the files written here and docs/authoring.md, docs/security.md."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from runcli import invoke

from interpreter.rules.loader import load_ruleset


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# --- a typo at the top of a base (docs/security.md: a ruleset with a typo is a ruleset) ---


def test_a_misspelt_top_level_key_of_a_base_is_said_in_the_base(tmp_path: Path) -> None:
    # tb.yaml line 3 `mathc: {target: 9}`: the key at column 1.
    write(tmp_path, "tb.yaml", "extends: schnapsen\nname: typo-base\nmathc: {target: 9}\n")
    path = write(tmp_path, "htb.yaml", "extends: tb.yaml\nname: htb\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert out.stderr.startswith(f"{tmp_path / 'tb.yaml'}:3:1: mathc: unknown key 'mathc' (did you mean 'match'?)")
    assert "is not a ruleset" not in out.stderr


def test_a_stray_top_level_key_of_a_base_is_said_in_the_base_however_it_is_spelt(tmp_path: Path) -> None:
    """``bogus_key`` is close to no ruleset key; the base is still a ruleset (a name, an extends,
    two ruleset keys to one other), so its mistake is said where it is -- once said as
    "h.yaml:1:10: extends: 'bx.yaml' is not a ruleset", in the wrong file."""
    write(tmp_path, "bx.yaml", "extends: schnapsen\nname: bx\nbogus_key: 1\n")
    path = write(tmp_path, "h.yaml", "extends: bx.yaml\nname: h\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert out.stderr.startswith(f"{tmp_path / 'bx.yaml'}:3:1: bogus_key: unknown key 'bogus_key'")
    assert "is not a ruleset" not in out.stderr


@pytest.mark.parametrize("text", [
    "name: x\nsecret: 1\npassword: 2\nextends: schnapsen\n",  # as many other keys as ruleset keys
    "name: x\nmathc: 1\n",                                 # as many unknown keys as known ones
    "title: notes\nmatch: {target: 1}\n",                  # no name, no extends
])
def test_a_file_that_is_not_a_ruleset_is_still_refused_unquoted(tmp_path: Path, text: str) -> None:
    write(tmp_path, "nr.yaml", text)
    path = write(tmp_path, "h.yaml", "extends: nr.yaml\nname: h\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert out.stderr.startswith(f"{path}:1:10: extends: 'nr.yaml' is not a ruleset")
    assert "secret" not in out.stderr and "mathc" not in out.stderr


# --- a folder with an entry that is not a regular file ---------------------------------------


def test_a_dangling_link_in_a_folder_is_reported_and_fails(tmp_path: Path) -> None:
    write(tmp_path, "ok1.yaml", "extends: schnapsen\nname: ok1\n")
    os.symlink("nothere.yaml", tmp_path / "dangling.yaml")
    out = invoke(["validate", str(tmp_path)])
    assert out.exit_code == 2
    assert f"{tmp_path / 'dangling.yaml'}: cannot read file: it is a symbolic link to 'nothere.yaml', which does not exist" in out.stderr
    assert f"{tmp_path / 'ok1.yaml'}: ok" in out.stdout


def test_a_dangling_link_in_a_folder_is_in_the_json_too(tmp_path: Path) -> None:
    write(tmp_path, "ok1.yaml", "extends: schnapsen\nname: ok1\n")
    os.symlink("nothere.yaml", tmp_path / "dangling.yaml")
    out = invoke(["validate", str(tmp_path), "--json"])
    assert out.exit_code == 2
    verdicts = [__import__("json").loads(line) for line in out.stdout.splitlines() if line.strip()]
    assert [(v["file"], v["ok"]) for v in verdicts] == [(str(tmp_path / "dangling.yaml"), False), (str(tmp_path / "ok1.yaml"), True)]


def test_a_pipe_named_as_a_rule_file_in_a_folder_is_reported(tmp_path: Path) -> None:
    write(tmp_path, "ok1.yaml", "extends: schnapsen\nname: ok1\n")
    os.mkfifo(tmp_path / "p.yaml")
    out = invoke(["validate", str(tmp_path)])
    assert out.exit_code == 2
    assert f"{tmp_path / 'p.yaml'}: cannot read file: it is a named pipe (FIFO)" in out.stderr


# --- the name line a nameless house file is told to write ------------------------------------


@pytest.mark.parametrize("stem, line", [("no", 'name: "no"'), ("on", 'name: "on"'), ("12", 'name: "12"'), ("fam", "name: fam")])
def test_the_suggested_name_line_reads_back_as_the_name(tmp_path: Path, stem: str, line: str) -> None:
    path = write(tmp_path, f"{stem}.yaml", "extends: schnapsen\n")
    [warning] = load_ruleset(path).warnings
    assert warning.expected is not None and warning.expected.startswith(f"{line}, or another name")
    # and the line, written as suggested, loads with that name and no warning
    named = write(tmp_path, f"{stem}.yaml", f"extends: schnapsen\n{line}\n")
    rs = load_ruleset(named)
    assert rs.name == stem and rs.warnings == ()


# --- a widow larger than a hand (what a changed count of players does to a base) -------------


def test_a_widow_larger_than_a_hand_warns_at_the_key_that_made_it(tmp_path: Path) -> None:
    """house/dreierschnapsen: schnapsen's 20 cards (4 suits x 5 ranks), hands of 6, the rest
    a widow for the declarer's hand: 20 - 3 x 6 = 2 as bundled.  For two players:
    20 - 2 x 6 = 8 cards, more than a hand of 6.  `players: {count: 2}` on line 3: the 2 at
    column 18."""
    path = write(tmp_path, "d2.yaml", "extends: house/dreierschnapsen\nname: d2\nplayers: {count: 2}\n")
    [warning] = load_ruleset(path).warnings
    assert (warning.path, warning.line, warning.column) == ("players.count", 3, 18)
    assert warning.message == "the widow holds 8 cards, more than a hand of 6: the declarer takes all 8 into the hand and lays 8 away"
    assert load_ruleset("house/dreierschnapsen").warnings == ()
