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
from servetools import Server  # noqa: E402

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
    new = tmp_path / "new" / "room"
    server = Server(new)  # served: a folder made by a start that never listened is taken back (test_serve_address.py)
    try:
        assert stat.S_IMODE(new.stat().st_mode) == 0o700
        assert not _others_may_read(new / "room.sqlite")
        assert stat.S_IMODE((new / "room.lock").stat().st_mode) == 0o600
    finally:
        server.stop()
    with socket.socket() as busy:  # the port is taken: serve stops after the data folder's start check
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = str(busy.getsockname()[1])
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


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("umask", [0o022, 0o000])
def test_a_tables_house_file_and_closing_record_are_their_owners_only_in_a_folder_everybody_may_read(tmp_path: Path, umask: int) -> None:
    """``--data`` a folder of mode 0755 that the person made: the room's own ``tables``, each
    table's folder, its house file and -- once the table is closed -- its record (which holds
    the seed of an unfinished deal) were 0755 and 0644 under the usual umask; now 0700 and
    0600, whatever the umask."""
    from roomtools import open_room

    data = tmp_path / "given"
    data.mkdir()
    os.chmod(data, 0o755)
    old = os.umask(umask)
    try:
        with open_room(data) as (client, room):
            clock = [1_000_000.0]
            room.clock = lambda: clock[0]
            house = {"name": "mine.yaml", "text": "extends: schnapsen\nname: mine\n"}
            answer = client.post("/api/tables", json={"house": house, "seats": ["human", "greedy"]})
            assert answer.status_code == 201, answer.text
            table = answer.json()["table"]
            folder = data / "tables" / table
            assert (_mode(data / "tables"), _mode(folder), _mode(folder / "mine.yaml")) == (0o700, 0o700, 0o600)
            os.chmod(folder, 0o755)  # made by an earlier version: made private again as the record is written
            clock[0] += 8 * 86400.0
            assert client.portal.call(room.sweep) == [table]
            assert (_mode(folder), _mode(folder / "_record.yaml")) == (0o700, 0o600)
    finally:
        os.umask(old)
    assert _mode(data) == 0o755  # the person's own choice
