"""``rules new FILE`` names its argument in a refusal, as ``--record:`` and ``--html:`` do.

In a read-only folder ``rules new h.yaml`` said ``error: h.yaml cannot be written: ...``
with no label, where ``rules run --record h.yaml`` said ``error: --record: h.yaml ...``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from clitools import invoke
from interpreter.play import recordfile


def test_a_folder_that_may_not_be_written_is_said_of_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder refused as it would be to an ordinary user (the tests may run as root)."""
    real_access = os.access
    folder = os.path.realpath(tmp_path)

    def access(path: str | os.PathLike[str], mode: int, *args: object, **kwargs: object) -> bool:
        if mode & os.W_OK and os.path.realpath(path) == folder:
            return False
        return real_access(path, mode, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", access)
    monkeypatch.chdir(tmp_path)
    out = invoke(["new", "h.yaml", "--from", "schnapsen"])
    assert (out.exit_code, out.stdout) == (2, "")
    assert out.stderr.splitlines() == [f"error: FILE: h.yaml cannot be written: the folder {folder} may not be written; choose another file"]
    assert list(tmp_path.iterdir()) == []


def test_a_write_that_fails_is_said_of_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "mine.yaml"
    monkeypatch.setattr(recordfile.os, "replace", lambda *a: (_ for _ in ()).throw(OSError(5, "I/O error")))
    out = invoke(["new", str(target), "--from", "schnapsen"])
    assert (out.exit_code, out.stdout) == (2, "")
    assert out.stderr.splitlines() == [f"error: FILE: cannot write {target}: I/O error"]
    assert not target.exists()
