"""A store on a file system mounted read only is said to be so, not to lack a permission.

``os.access(..., W_OK)`` is false on a read-only mount too, and the start check advised
``chmod u+w``, which cannot help there.  The mount's flag (``statvfs``) tells the two apart."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("uvicorn", reason="rules serve needs the serve extra: pip install -e '.[test]'")

from cli.room.store import Store, Unavailable  # noqa: E402
from runcli import invoke  # noqa: E402

pytestmark = pytest.mark.skipif(not hasattr(os, "statvfs"), reason="statvfs is POSIX's")

MOUNTED_READ_ONLY = ("mount it for writing, or copy the whole folder to a disk that may be written and give that as "
                     "--data DIR, then start again; the file is left as it is")


@pytest.fixture
def store(tmp_path: Path) -> Path:
    Store(tmp_path).close()
    return tmp_path


def as_if(monkeypatch: pytest.MonkeyPatch, unwritable: str, read_only: bool) -> None:
    """The file ``unwritable`` may not be written, on a mount read only or not (faked: no mount here)."""
    access, statvfs = os.access, os.statvfs
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False if Path(path).name == unwritable and mode == os.W_OK
                        else access(path, mode, **kw))
    monkeypatch.setattr(os, "statvfs", lambda path: SimpleNamespace(f_flag=os.ST_RDONLY if read_only else 0)
                        if Path(path).name == unwritable else statvfs(path))


def test_a_store_on_a_read_only_mount_is_said_to_be(store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    as_if(monkeypatch, "room.sqlite", read_only=True)
    with pytest.raises(Unavailable) as refused:
        Store.check(store)
    assert refused.value.said() == f"{store / 'room.sqlite'} cannot be used now: it is on a file system mounted read only ({MOUNTED_READ_ONLY})"


def test_its_shm_on_a_read_only_mount_is_named(store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (store / "room.sqlite-shm").write_bytes(b"")
    as_if(monkeypatch, "room.sqlite-shm", read_only=True)
    with pytest.raises(Unavailable) as refused:
        Store.check(store)
    assert refused.value.why == "room.sqlite-shm beside it is on a file system mounted read only"


def test_a_writable_mount_is_still_a_permission(store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    as_if(monkeypatch, "room.sqlite", read_only=False)
    with pytest.raises(Unavailable) as refused:
        Store.check(store)
    assert refused.value.why == "it may not be written"
    assert f"chmod u+w {store / 'room.sqlite'}" in refused.value.mend


@pytest.fixture
def mounted(store: Path) -> Iterator[Path]:
    """``room.sqlite`` bind-mounted read only on itself, where this machine lets the test (root)."""
    file = store / "room.sqlite"
    try:
        made = subprocess.run(["mount", "--bind", "-o", "ro", str(file), str(file)], capture_output=True).returncode == 0
    except FileNotFoundError:
        made = False
    if not made:
        pytest.skip("no read-only bind mount here (it needs root)")
    try:
        yield store
    finally:
        subprocess.run(["umount", str(file)], check=True)


def test_rules_serve_on_a_real_read_only_mount(mounted: Path) -> None:
    out = invoke(["serve", "--data", str(mounted), "--port", "0"])
    assert (out.exit_code, out.stderr) == (2, f"error: --data: {mounted / 'room.sqlite'} cannot be used now: it is on a file "
                                              f"system mounted read only ({MOUNTED_READ_ONLY})\n")
