"""Only regular files are opened as rulesets or records: a named pipe, a device or a directory
is refused at once with a clear message (before, a FIFO made every command wait forever).

The checks run in a child process with a timeout, so a regression fails instead of hanging.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from interpreter.core.errors import RulesError
from rules_input.bounded import run_bounded

LIBRARY_CHECKS = """
import json
from interpreter.core.errors import RulesError
from interpreter.play.record import load_record
from interpreter.rules.loader import load_ruleset

results = {}
for label, call in [
    ("ruleset fifo", lambda: load_ruleset("fifo.yaml")),
    ("record fifo", lambda: load_record("fifo.yaml")),
    ("extends fifo", lambda: load_ruleset("extends-fifo.yaml")),
    ("record names fifo", lambda: load_record("names-fifo.yaml")),
    ("ruleset device", lambda: load_ruleset("device.yaml")),
    ("record device", lambda: load_record("device.yaml")),
    ("ruleset folder", lambda: load_ruleset("folder.yaml")),
    ("record folder", lambda: load_record("folder.yaml")),
    ("extends folder", lambda: load_ruleset("extends-folder.yaml")),
]:
    try:
        call()
        results[label] = "loaded"
    except RulesError as exc:
        results[label] = str(exc)
print(json.dumps(results))
"""


@pytest.fixture
def specials(tmp_path: Path) -> Path:
    os.mkfifo(tmp_path / "fifo.yaml")
    (tmp_path / "folder.yaml").mkdir()
    os.symlink(os.devnull, tmp_path / "device.yaml")  # only looked at, never opened
    (tmp_path / "extends-fifo.yaml").write_text("extends: fifo.yaml\nname: x\n", encoding="utf-8")
    (tmp_path / "extends-folder.yaml").write_text("extends: folder.yaml\nname: x\n", encoding="utf-8")
    (tmp_path / "names-fifo.yaml").write_text("ruleset: fifo.yaml\nseed: 1\n", encoding="utf-8")
    return tmp_path


def test_the_library_refuses_pipes_devices_and_folders_at_once(specials: Path) -> None:
    result = run_bounded([], specials, timeout=30, code=LIBRARY_CHECKS)
    assert not result.timed_out, "reading a special file blocked"
    assert result.exit_code == 0, result.stderr
    found = json.loads(result.stdout)
    fifo = "cannot read file: it is a named pipe (FIFO) (expected a regular file)"
    assert found == {
        "ruleset fifo": f"fifo.yaml: {fifo}",
        "record fifo": f"fifo.yaml: {fifo}",
        # a base, or a record's ruleset, has no place of its own: said where it is named
        # ("extends: " and "ruleset: " are 9 characters: line 1, column 10)
        "extends fifo": "extends-fifo.yaml:1:10: extends: cannot read the base 'fifo.yaml': it is a named pipe (FIFO) (expected a regular file)",
        "record names fifo": "names-fifo.yaml:1:10: ruleset: cannot read the ruleset 'fifo.yaml': it is a named pipe (FIFO) (expected a regular file)",
        "ruleset device": "device.yaml: cannot read file: it is a device (expected a regular file)",
        "record device": "device.yaml: cannot read file: it is a device (expected a regular file)",
        "ruleset folder": "folder.yaml: cannot read file: it is a directory (expected a regular file)",
        "record folder": "folder.yaml: cannot read file: it is a directory (expected a regular file)",
        "extends folder": "extends-folder.yaml:1:10: extends: cannot read the base 'folder.yaml': it is a directory (expected a regular file)",
    }


@pytest.mark.parametrize("command", ["validate", "describe", "replay"])
def test_the_command_refuses_a_fifo_with_exit_status_2(specials: Path, command: str) -> None:
    result = run_bounded([command, "fifo.yaml"], specials, timeout=30)
    assert not result.timed_out, f"rules {command} blocked on a FIFO"
    assert result.exit_code == 2
    assert result.stderr == "fifo.yaml: cannot read file: it is a named pipe (FIFO) (expected a regular file)\n"


def test_a_link_to_nothing_says_where_it_points_and_suggests_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not `no ruleset file or bundled ruleset named 'd.yaml' (did you mean 'd.yaml'?)`: the
    folder's listing holds the link itself, which is the file the user named."""
    from runcli import invoke

    monkeypatch.chdir(tmp_path)
    os.symlink("nothere.yaml", "d.yaml")
    os.symlink("loop.yaml", "loop.yaml")  # a link to itself: its target can never be reached
    for command in (["validate"], ["describe"], ["run", "--deals", "1"]):
        out = invoke([*command[:1], "d.yaml", *command[1:]])
        assert (out.exit_code, out.stdout, out.stderr) == (2, "", (
            "d.yaml: cannot read file: it is a symbolic link to 'nothere.yaml', which does not exist "
            "(expected a link to a ruleset file that exists, or the file itself)\n"
        )), command
    out = invoke(["validate", "loop.yaml"])
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", (
        f"loop.yaml: cannot read file: {os.strerror(40)} (expected a readable file)\n"  # ELOOP on Linux
    ))


def test_a_link_to_nothing_named_as_a_bundled_ruleset_is_not_read_as_that_ruleset(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``schnapsen.yaml`` that leads nowhere is the file the user named: it was read as the
    bundled Schnapsen, with a note that there was no such file -- a match played by rules
    the user did not point at."""
    from runcli import invoke

    monkeypatch.chdir(tmp_path)
    os.symlink("moved-away.yaml", "schnapsen.yaml")
    out = invoke(["run", "schnapsen.yaml", "--deals", "1"])
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", (
        "schnapsen.yaml: cannot read file: it is a symbolic link to 'moved-away.yaml', which does not exist "
        "(expected a link to a ruleset file that exists, or the file itself)\n"
    ))


def test_a_base_without_permission_to_read_it_is_said_at_its_extends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A base of mode 000, as a user other than root meets it: opening it fails with EACCES
    (simulated, since these tests may run as root, who reads it all the same)."""
    from runcli import invoke

    import interpreter.rules.yamlsource as yamlsource

    opened = yamlsource.open_regular_file

    def refused(path: str | os.PathLike[str], file: str, max_size: int, error_cls: type[RulesError]) -> bytes:
        if os.fspath(path).endswith("p.yaml"):
            raise yamlsource._unreadable(PermissionError(13, os.strerror(13)), file, error_cls)
        return opened(path, file, max_size, error_cls)

    monkeypatch.setattr(yamlsource, "open_regular_file", refused)
    (tmp_path / "p.yaml").write_text("name: p\n", encoding="utf-8")
    house = tmp_path / "h.yaml"
    house.write_text("extends: p.yaml\nname: h\n", encoding="utf-8")
    out = invoke(["validate", str(house)])
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", (
        f"{house}:1:10: extends: cannot read the base 'p.yaml': {os.strerror(13)} (expected a readable file)\n"  # EACCES
    ))


def test_a_record_that_is_a_link_to_nothing_says_where_it_points(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every reader of a record says it as the ruleset's reader does (it said "No such file or
    directory" of a file the user can see in the folder's listing)."""
    from runcli import invoke

    monkeypatch.chdir(tmp_path)
    os.symlink("old/match.yaml", "m.yaml")
    for command in (["replay", "m.yaml"], ["analyse", "m.yaml"], ["play", "--resume", "m.yaml"]):
        out = invoke(command)
        assert (out.exit_code, out.stdout, out.stderr) == (2, "", (
            "m.yaml: cannot read file: it is a symbolic link to 'old/match.yaml', which does not exist "
            "(expected a link to a file that exists, or the file itself)\n"
        )), command
