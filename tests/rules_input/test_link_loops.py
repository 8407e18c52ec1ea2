"""A loop of symbolic links named by a file -- an ``extends:``, a record's ``ruleset:`` -- is
said at the reference, as any file that cannot be read is, with exit status 2.

``Path.resolve()`` raises ``RuntimeError`` for such a loop in Python 3.11, and the loader
resolved every base and every record's ruleset so: the commands ended in a traceback, where
naming the loop itself on the command line gave ``loop1.yaml: cannot read file: Too many
levels of symbolic links``.  A path that goes through a folder link that loops is no missing
file either: it is said as unreadable, not as "no ruleset ... named".
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from interpreter.core.errors import RulesError
from interpreter.core.paths import in_a_loop, resolved, something_at
from interpreter.play.record import load_record
from interpreter.rules.loader import load_ruleset
from runcli import invoke

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="symbolic links as POSIX makes them")

LOOP = os.strerror(errno.ELOOP)  # "Too many levels of symbolic links" on Linux


@pytest.fixture
def loops(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with two links that name each other (``loop1.yaml``, ``loop2.yaml``), two folder
    links that do the same (``dl1``, ``dl2``), and a house file and a record naming each loop."""
    monkeypatch.chdir(tmp_path)
    os.symlink("loop2.yaml", "loop1.yaml")
    os.symlink("loop1.yaml", "loop2.yaml")
    os.symlink("dl2", "dl1")
    os.symlink("dl1", "dl2")
    Path("t.yaml").write_text("extends: loop1.yaml\nname: t\n", encoding="utf-8")
    Path("td.yaml").write_text("extends: dl1/x.yaml\nname: t\n", encoding="utf-8")
    Path("r.yaml").write_text("ruleset: loop1.yaml\nseed: 3\nmoves: []\n", encoding="utf-8")
    Path("rd.yaml").write_text("ruleset: dl1/x.yaml\nseed: 3\nmoves: []\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("command", [
    ["validate", "t.yaml"], ["describe", "t.yaml"], ["diff", "t.yaml", "schnapsen"],
    ["run", "t.yaml", "--deals", "1", "--quiet"], ["play", "t.yaml"],
])
def test_an_extends_that_names_a_loop_is_said_at_the_extends(loops: Path, command: list[str]) -> None:
    out = invoke(command)
    assert (out.exit_code, out.stdout, out.stderr) == (
        2, "", f"t.yaml:1:10: extends: cannot read the base 'loop1.yaml': {LOOP} (expected a readable file)\n",
    )


@pytest.mark.parametrize("command", [["replay", "r.yaml"], ["analyse", "r.yaml"], ["play", "--review", "r.yaml"]])
def test_a_records_ruleset_that_names_a_loop_is_said_at_the_ruleset(loops: Path, command: list[str]) -> None:
    out = invoke(command)
    assert (out.exit_code, out.stdout, out.stderr) == (
        2, "", f"r.yaml:1:10: ruleset: cannot read the ruleset 'loop1.yaml': {LOOP} (expected a readable file)\n",
    )


def test_a_path_through_a_folder_loop_is_unreadable_not_missing(loops: Path) -> None:
    out = invoke(["run", "dl1/x.yaml", "--deals", "1", "--quiet"])
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", f"dl1/x.yaml: cannot read file: {LOOP} (expected a readable file)\n")
    out = invoke(["validate", "td.yaml"])
    assert (out.exit_code, out.stderr) == (2, f"td.yaml:1:10: extends: cannot read the base 'dl1/x.yaml': {LOOP} (expected a readable file)\n")
    out = invoke(["replay", "rd.yaml"])
    assert (out.exit_code, out.stderr) == (2, f"rd.yaml:1:10: ruleset: cannot read the ruleset 'dl1/x.yaml': {LOOP} (expected a readable file)\n")


def test_the_library_raises_its_own_located_error(loops: Path) -> None:
    with pytest.raises(RulesError) as house:
        load_ruleset("t.yaml")
    assert (house.value.file, house.value.line, house.value.column) == ("t.yaml", 1, 10)
    with pytest.raises(RulesError) as record:
        load_record("r.yaml")
    assert (record.value.file, record.value.line, record.value.column) == ("r.yaml", 1, 10)


def test_a_policy_file_that_is_a_loop_is_said_as_unreadable(loops: Path) -> None:
    os.symlink("p2.py", "p1.py")
    os.symlink("p1.py", "p2.py")
    out = invoke(["run", "schnapsen", "--players", "greedy,policy:p1.py:X", "--deals", "1", "--quiet"])
    assert (out.exit_code, out.stdout) == (2, "")
    assert out.stderr.splitlines() == [
        f"error: --players: cannot read the policy file p1.py: {LOOP} (expected policy:FILE.py:NAME with FILE.py a Python file)",
    ]


def test_resolved_keeps_a_loop_as_written_and_follows_other_links(loops: Path) -> None:
    os.symlink("t.yaml", "link.yaml")
    assert resolved("link.yaml") == loops.resolve() / "t.yaml"
    assert resolved("sub/../link.yaml") == loops.resolve() / "t.yaml"
    assert resolved("loop1.yaml").name in ("loop1.yaml", "loop2.yaml")  # where the circle was seen; never an exception
    assert in_a_loop("loop1.yaml") and in_a_loop("dl1/x.yaml")
    assert not in_a_loop("t.yaml") and not in_a_loop("nothere.yaml") and not in_a_loop("link.yaml")


def test_something_is_at_a_loop_a_dangling_link_a_folder_and_a_file_but_not_at_a_missing_name(loops: Path) -> None:
    """The one test of "is anything there" that the loader (a name that is no ruleset) and the
    references (a base, a record's ruleset) share: what is there is read and said as unreadable."""
    os.symlink("nothere.yaml", "dangling.yaml")
    os.mkdir("folder")
    assert all(something_at(p) for p in ("t.yaml", "folder", "dangling.yaml", "loop1.yaml", "dl1/x.yaml"))
    assert not any(something_at(p) for p in ("nothere.yaml", "folder/nothere.yaml", "a\x00b", "x" * 5000))
