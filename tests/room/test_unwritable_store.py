"""A room's store that may not be written is refused as ``rules serve`` starts.

SQLite opens a store whose ``-shm`` (or ``-wal``, or the file itself) it may not write
without a word, read only: the room said it served, then answered every table opened with
"the server could not keep a new table just now (... attempt to write a readonly database)".
Now the start check names the file (or, where the file system refuses the write, says so)
and the server exits with status 2, the files left as they were."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="rules serve needs the serve extra: pip install -e '.[test]'")

import cli.room.store as store_module  # noqa: E402
from cli.room.store import Store, Unavailable  # noqa: E402
from runcli import invoke  # noqa: E402

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX's")

REPO = Path(__file__).resolve().parents[2]

#: A store whose server was killed while it held the file: its -wal and -shm stay behind.
KILLED = """
import os, sys
from pathlib import Path
from cli.room.store import Store
store = Store(Path(sys.argv[1]))
store.db.execute("INSERT INTO steps (table_id, n, seat, move) VALUES ('t', 0, 0, 'x')")
os._exit(0)
"""


@pytest.fixture
def killed(tmp_path: Path) -> Path:
    """The data folder of a server that was killed (``room.sqlite`` with its ``-wal`` and ``-shm``)."""
    data = tmp_path / "room"
    subprocess.run([sys.executable, "-c", KILLED, str(data)], check=True, cwd=REPO, timeout=60,
                   env={**os.environ, "PYTHONPATH": str(REPO)})
    assert (data / "room.sqlite-shm").is_file() and (data / "room.sqlite-wal").is_file()
    return data


@pytest.fixture
def unwritable() -> Iterator[list[Path]]:
    """Files to make unwritable: mode 0444, or immutable (``chattr +i``) where the test runs as
    root, whom no mode stops; made writable again afterwards, so that they can be removed."""
    files: list[Path] = []
    yield files
    for file in files:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(file)], capture_output=True)
        os.chmod(file, 0o600)


def make_unwritable(files: list[Path], file: Path) -> None:
    files.append(file)
    os.chmod(file, 0o444)
    if not os.access(file, os.W_OK):
        return
    try:
        made = subprocess.run(["chattr", "+i", str(file)], capture_output=True).returncode == 0
    except FileNotFoundError:
        made = False
    if not made or os.access(file, os.W_OK):
        pytest.skip("root here, and no immutable files (chattr +i) to keep it from writing")


def contents(folder: Path) -> dict[str, bytes]:
    return {f.name: f.read_bytes() for f in sorted(folder.iterdir()) if f.name.startswith("room.sqlite")}


@pytest.mark.parametrize("name", ["room.sqlite-shm", "room.sqlite-wal"])
def test_a_store_whose_shm_or_wal_may_not_be_written_is_refused_naming_it(killed: Path, unwritable: list[Path], name: str) -> None:
    make_unwritable(unwritable, killed / name)
    before = contents(killed)
    with pytest.raises(Unavailable) as refused:
        Store.check(killed)
    assert refused.value.said() == (
        f"{killed / 'room.sqlite'} cannot be used now: {name} beside it may not be written (give it back its owner's "
        f"write permission -- chmod u+w {killed / name}, or chattr -i where it was made immutable -- then start again; "
        f"the file is left as it is)")
    assert contents(killed) == before


def test_a_store_that_may_not_be_written_is_refused(killed: Path, unwritable: list[Path]) -> None:
    make_unwritable(unwritable, killed / "room.sqlite")
    with pytest.raises(Unavailable) as refused:
        Store.check(killed)
    assert refused.value.why == "it may not be written"


def test_a_write_refused_otherwise_is_found_by_the_start_check_too(killed: Path, unwritable: list[Path],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """What no permission says (a read-only mount): the check takes the write lock once, and
    SQLite's refusal is the line, not a room that serves and keeps no table."""
    make_unwritable(unwritable, killed / "room.sqlite-shm")
    monkeypatch.setattr(store_module, "_unwritable", lambda path: None)  # as if the permissions allowed it
    with pytest.raises(Unavailable) as refused:
        Store.check(killed)
    assert refused.value.why == "it could not be read or written (attempt to write a readonly database)"


def test_rules_serve_refuses_it_with_one_line_and_exit_2(killed: Path, unwritable: list[Path]) -> None:
    make_unwritable(unwritable, killed / "room.sqlite-shm")
    with socket.socket() as busy:  # should the check pass, serve stops at the port taken instead of serving on
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        result = invoke(["serve", "--data", str(killed), "--port", str(busy.getsockname()[1])])
    shm = killed / "room.sqlite-shm"
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (f"error: --data: {killed / 'room.sqlite'} cannot be used now: room.sqlite-shm beside it may not be "
                             f"written (give it back its owner's write permission -- chmod u+w {shm}, or chattr -i where it "
                             f"was made immutable -- then start again; the file is left as it is)\n")
