"""load_ruleset keeps a loaded ruleset while its files stay as they were, and reads them again
once one has changed: a notebook (or a long-lived process) that loads an edited house file
gets the edit."""

from __future__ import annotations

import os
from pathlib import Path

from interpreter import load_ruleset


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


def test_a_bundled_ruleset_keeps_its_identity() -> None:
    assert load_ruleset("schnapsen") is load_ruleset("schnapsen")
