"""The data folder of ``rules serve``, its store and its lock are its owner's only, when the room makes them.

``room.sqlite`` holds every table's links (a link is a seat) and seeds (a seed is every
hand); made under the usual umask 022, folder and file were readable by every account on
the machine.  A folder the person made already keeps its modes: they chose them."""

from __future__ import annotations

import os
import socket
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="rules serve needs the serve extra: pip install -e '.[test]'")

from cli.room import datalock  # noqa: E402
from cli.room.store import Store  # noqa: E402
from runcli import invoke  # noqa: E402

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX's")


@pytest.fixture
def usual_umask() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def _others_may_read(path: Path) -> bool:
    return bool(stat.S_IMODE(path.stat().st_mode) & 0o077)


def test_a_store_the_room_makes_is_its_owners_only(tmp_path: Path, usual_umask: None) -> None:
    folder = tmp_path / "room"
    store = Store(folder)
    try:
        store.db.execute("INSERT INTO steps (table_id, n, seat, move) VALUES ('t', 0, 0, 'x')")  # the -wal file too
        files = sorted(folder.iterdir())
        assert [f.name for f in files if f.name.startswith("room.sqlite")] == ["room.sqlite", "room.sqlite-shm", "room.sqlite-wal"]
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert [f.name for f in files if _others_may_read(f)] == []
    finally:
        store.close()


def test_rules_serve_makes_its_data_folder_private_and_leaves_a_given_one_as_it_is(tmp_path: Path, usual_umask: None) -> None:
    with socket.socket() as busy:  # the port is taken: serve stops after the data folder's start check
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = str(busy.getsockname()[1])
        new = tmp_path / "new" / "room"
        result = invoke(["serve", "--data", str(new), "--port", port])
        assert result.exit_code == 2, result.stderr
        assert stat.S_IMODE(new.stat().st_mode) == 0o700
        assert not _others_may_read(new / "room.sqlite")
        assert stat.S_IMODE((new / "room.lock").stat().st_mode) == 0o600
        given = tmp_path / "given"
        given.mkdir(mode=0o755)
        os.chmod(given, 0o755)
        result = invoke(["serve", "--data", str(given), "--port", port])
        assert result.exit_code == 2, result.stderr
        assert stat.S_IMODE(given.stat().st_mode) == 0o755  # the person's own choice
        assert not _others_may_read(given / "room.sqlite")  # the store the room made in it is private all the same
        assert stat.S_IMODE((given / "room.lock").stat().st_mode) == 0o600  # and its lock


def test_the_lock_the_room_makes_is_its_owners_only_and_one_there_keeps_its_modes(tmp_path: Path, usual_umask: None) -> None:
    with datalock.hold(tmp_path):
        assert stat.S_IMODE((tmp_path / "room.lock").stat().st_mode) == 0o600
        assert (tmp_path / "room.lock").read_text() == f"{os.getpid()}\n"
    older = tmp_path / "older"
    older.mkdir()
    (older / "room.lock").write_text("12345\n")  # an earlier version's, 0644 under this umask
    with datalock.hold(older):
        assert stat.S_IMODE((older / "room.lock").stat().st_mode) == 0o644
        assert (older / "room.lock").read_text() == f"{os.getpid()}\n"
