"""``rules serve`` whose room fails as it starts, after the start check has passed (another
program takes the store in between, or reading the tables back raises): one line on stderr,
exit status 2, no traceback -- uvicorn printed one and exited 3.

The failure is made in the server's own process by a ``sitecustomize`` module on its path,
which replaces the room's ``restore`` (what reads the tables back as the room starts)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="rules serve needs the serve extra: pip install -e '.[test]'")

REPO = Path(__file__).resolve().parents[2]

#: A restore that raises what SQLite raises when another program holds the file (a real
#: SQLITE_BUSY, from two connections to a scratch file), or an error of no store at all.
HOOK = '''
import sqlite3, tempfile, os
import cli.room.room

def busy():
    path = os.path.join(tempfile.mkdtemp(), "held.sqlite")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        sqlite3.connect(path, timeout=0).execute("SELECT * FROM t")
    except sqlite3.OperationalError as exc:
        return exc
    raise AssertionError("the scratch file was not held")

async def restore(self):
    raise {error}

cli.room.room.Room.restore = restore
'''


@pytest.mark.parametrize(("error", "said"), [
    ("busy()", "error: --data: DIR/room.sqlite cannot be used now: another program holds it (database is locked) "
               "(stop the program that holds it, then start again; the file is left as it is)"),
    ("sqlite3.OperationalError('no such table: tables')", "error: the card room could not read its tables back from DIR/room.sqlite "
                                                          "(OperationalError: no such table: tables); nothing was served, the file is left as it is"),
    ("RuntimeError('a bug')", "error: the card room could not read its tables back from DIR/room.sqlite (RuntimeError: a bug); "
                              "nothing was served, the file is left as it is"),
])
def test_a_room_that_fails_as_it_starts_is_one_line_and_exit_2(tmp_path: Path, error: str, said: str) -> None:
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(HOOK.format(error=error), encoding="utf-8")
    data = tmp_path / "room"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(hook), str(REPO)])}
    proc = subprocess.run([sys.executable, "-m", "cli.main", "serve", "--port", "0", "--data", str(data)],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert (proc.returncode, proc.stdout, proc.stderr) == (2, "", said.replace("DIR", str(data)) + "\n")
    assert (data / "room.sqlite").is_file()  # the start check made it; the failure left it
