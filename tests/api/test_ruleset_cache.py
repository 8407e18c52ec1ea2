"""load_ruleset keeps a loaded ruleset while its files stay as they were, and reads them again
once one has changed: a notebook (or a long-lived process) that loads an edited house file
gets the edit."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import interpreter.rules.extends as extends_module
from interpreter import RulesetError, load_ruleset


def write(path: Path, text: str, mtime_ns: int) -> None:
    """Write ``text`` and give the file a modification time of its own (two writes within the
    file system's clock tick would otherwise look alike)."""
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(mtime_ns, mtime_ns))


def test_an_edited_house_file_is_read_again(tmp_path: Path) -> None:
    house = tmp_path / "seven.yaml"
    write(house, "extends: schnapsen\nname: seven\nmatch:\n  target: 7\n", 1_000_000_000_000)
    first = load_ruleset(house)
    assert first.match.target == 7
    assert load_ruleset(house) is first  # unchanged: the same ruleset
    write(house, "extends: schnapsen\nname: seven\nmatch:\n  target: 11\n", 2_000_000_000_000)
    assert load_ruleset(house).match.target == 11


def test_an_edited_base_is_read_again(tmp_path: Path) -> None:
    base, house = tmp_path / "base.yaml", tmp_path / "house.yaml"
    write(base, "extends: schnapsen\nname: base\nmatch:\n  target: 9\n", 1_000_000_000_000)
    write(house, "extends: base.yaml\nname: house\n", 1_000_000_000_000)
    assert load_ruleset(house).match.target == 9
    write(base, "extends: schnapsen\nname: base\nmatch:\n  target: 5\n", 2_000_000_000_000)
    assert load_ruleset(house).match.target == 5


def test_a_base_edited_while_it_is_read_is_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The edit lands just after the base's text was read, before the load ends: the ruleset
    # loaded holds the old text, so the next load must read the base again (the base's stamp
    # is taken before it is read; taken after, it matched the edited file and kept the old).
    base, house = tmp_path / "base.yaml", tmp_path / "house.yaml"
    write(base, "extends: schnapsen\nname: base\nmatch:\n  target: 9\n", 1_000_000_000_000)
    write(house, "extends: base.yaml\nname: house\n", 1_000_000_000_000)
    read = extends_module.read_named_ruleset

    def read_then_edit(*args: object) -> object:
        doc = read(*args)  # type: ignore[arg-type]
        write(base, "extends: schnapsen\nname: base\nmatch:\n  target: 5\n", 2_000_000_000_000)
        return doc

    monkeypatch.setattr(extends_module, "read_named_ruleset", read_then_edit)
    assert load_ruleset(house).match.target == 9  # as it was read
    monkeypatch.setattr(extends_module, "read_named_ruleset", read)
    assert load_ruleset(house).match.target == 5


def test_a_bundled_ruleset_keeps_its_identity() -> None:
    assert load_ruleset("schnapsen") is load_ruleset("schnapsen")


# --- a file that appears where a reference looked for one ----------------------------------
# `extends: schnapsen.yaml` with no such file beside reads the bundled schnapsen (with a note);
# a schnapsen.yaml written there afterwards is what the reference means from then on, so a
# ruleset kept from before it appeared is stale, although none of the files it read changed.


def test_a_file_created_where_extends_found_none_is_read(tmp_path: Path) -> None:
    house = tmp_path / "a.yaml"
    write(house, "extends: schnapsen.yaml\nname: a\n", 1_000_000_000_000)
    first = load_ruleset(house)
    assert first.match.target == 7  # the bundled schnapsen's
    assert load_ruleset(house) is first  # nothing changed: kept
    write(tmp_path / "schnapsen.yaml", "extends: schnapsen\nname: ours\nmatch:\n  target: 5\n", 1_000_000_000_000)
    again = load_ruleset(house)
    assert again.match.target == 5  # the file beside now
    assert again.notes == ()  # and no more "no file 'schnapsen.yaml' beside this file"
    assert load_ruleset(house) is again


def test_a_file_created_where_a_base_found_none_is_read(tmp_path: Path) -> None:
    # The look-up that fell back is a base's, one folder down: its folder is where the file appears.
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub" / "base.yaml", "extends: schnapsen.yaml\nname: base\n", 1_000_000_000_000)
    house = tmp_path / "house.yaml"
    write(house, "extends: sub/base.yaml\nname: house\n", 1_000_000_000_000)
    assert load_ruleset(house).match.target == 7
    write(tmp_path / "schnapsen.yaml", "extends: schnapsen\nname: ours\nmatch:\n  target: 5\n", 1_000_000_000_000)
    assert load_ruleset(house).match.target == 7  # not where sub/base.yaml looks: kept
    write(tmp_path / "sub" / "schnapsen.yaml", "extends: schnapsen\nname: ours\nmatch:\n  target: 3\n", 1_000_000_000_000)
    assert load_ruleset(house).match.target == 3


def test_a_file_spelt_as_the_bundled_name_that_appears_is_looked_at(tmp_path: Path) -> None:
    # `extends: schnapsen` looks for a file `schnapsen` beside first; one that appears is no
    # ruleset file, and the load says so instead of giving the ruleset of before.
    house = tmp_path / "a.yaml"
    write(house, "extends: schnapsen\nname: a\n", 1_000_000_000_000)
    assert load_ruleset(house).match.target == 7
    write(tmp_path / "schnapsen", "extends: schnapsen\nname: ours\n", 1_000_000_000_000)
    with pytest.raises(RulesetError, match="'schnapsen' is not a ruleset file"):
        load_ruleset(house)


def test_a_folder_where_extends_found_no_file_keeps_the_ruleset(tmp_path: Path) -> None:
    # A folder called `schnapsen` beside is no file the reference could mean (the look-up
    # passes over it too): the ruleset read is still right, and kept.
    house = tmp_path / "a.yaml"
    write(house, "extends: schnapsen\nname: a\n", 1_000_000_000_000)
    (tmp_path / "schnapsen").mkdir()
    first = load_ruleset(house)
    assert first.match.target == 7
    (tmp_path / "schnapsen" / "notes.txt").write_text("a change inside the folder\n", encoding="utf-8")
    assert load_ruleset(house) is first
