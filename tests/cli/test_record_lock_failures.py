"""A record whose lock file cannot be written (a full disk) is refused before the first deal:
one line naming the file and the system's reason, exit status 2, no traceback, and no lock
file left behind -- for ``rules run`` (bots and people) and ``rules play``."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from clitools import invoke, no_traceback
from interpreter.play import recordfile


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write through the record files' writer fails as on a full disk."""

    def no_space(fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(recordfile, "write_all", no_space)


@pytest.mark.parametrize("args", [
    ["run", "schnapsen", "--seed", "3", "--quiet"],
    ["run", "schnapsen", "--players", "human,greedy"],
    ["play", "schnapsen"],
])
def test_a_lock_file_that_cannot_be_written_is_one_line_and_status_2(
    tmp_path: Path, full_disk: None, args: list[str],
) -> None:
    record = tmp_path / "x.yaml"
    out = invoke([*args, "--record", str(record)], input="")
    no_traceback(out)
    assert out.exit_code == 2
    assert out.stderr == (
        f"error: --record: cannot write the record to {record}: "
        f"cannot write its lock file .x.yaml.lock: {os.strerror(errno.ENOSPC)}\n"
    )
    assert list(tmp_path.iterdir()) == []  # neither the record nor its lock file


def test_a_leftover_lock_file_that_cannot_be_rewritten_is_removed(tmp_path: Path, full_disk: None) -> None:
    """A lock file that a killed run left (nobody holds its lock) is taken, and removed again
    when its new holder's process id cannot be written into it."""
    record = tmp_path / "x.yaml"
    (tmp_path / ".x.yaml.lock").write_text("12345\n", encoding="utf-8")
    with pytest.raises(recordfile.RecordNotWritten):
        recordfile.RecordLock(record)
    assert list(tmp_path.iterdir()) == []
