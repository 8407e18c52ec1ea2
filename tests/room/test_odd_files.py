"""What stands under ``--data`` where the room keeps a file or a folder, named by its kind.

A probe put named pipes (FIFOs) there: ``room.sqlite`` was said to be a file that "could not
be read or written (disk I/O error)", its owner sent to check its permissions and disk;
``room.lock`` "not seekable"; ``tables`` "a file".  Each is now named as the CLI's readers of
rule files name it ("a named pipe (FIFO)"), and the server does not start (exit status 2).
"""

from __future__ import annotations

import base64
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from roomtools import REPO, open_room, token_of

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX's")


def start_refused(data: Path) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-m", "cli.main", "serve", "--port", "0", "--data", str(data)],
                          cwd=REPO, capture_output=True, text=True, timeout=60, check=False)
    return done.returncode, done.stderr, done.stdout


@pytest.mark.parametrize("name, said", [
    ("room.sqlite", "{path} is not a card room's store: it is a named pipe (FIFO) (expected the SQLite file of a rules serve, "
                    "or none to start a new room; move it away or give another --data DIR)"),
    ("room.lock", "cannot lock {path} (it is a named pipe (FIFO), where the room keeps its lock in a regular file: "
                  "move it away, then start again)"),
    ("tables", "{path} is not a folder: it is a named pipe (FIFO) (the room keeps each table's house file and closing record "
               "in DIR/tables/ID/; move the file away, then start again)"),
])
def test_a_named_pipe_where_the_room_keeps_its_files_is_named_so_at_the_start(tmp_path: Path, name: str, said: str) -> None:
    os.mkfifo(tmp_path / name)
    assert start_refused(tmp_path) == (2, f"error: --data: {said.format(path=tmp_path / name)}\n", "")
    assert stat.S_ISFIFO(os.stat(tmp_path / name).st_mode), "left as it is"


@pytest.mark.parametrize("odd, said", [("folder", "a directory"), ("pipe", "a named pipe (FIFO)")])
def test_a_house_file_that_cannot_be_written_back_leaves_its_table_out_once_not_try_again_for_ever(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], odd: str, said: str) -> None:
    """Before: a folder where the file goes was "could not read this table back just now ...:
    try again in a moment" (503) at every use, for good; a named pipe held the write for ever."""
    raw = base64.b64encode(b"extends: schnapsen\nname: kurz\n").decode("ascii")
    with open_room(tmp_path) as (client, room):
        answer = client.post("/api/tables", json={"house": {"name": "kurz.yaml", "base64": raw}, "seats": ["human", "greedy"]})
        assert answer.status_code == 201, answer.text
        table = answer.json()
    path = tmp_path / "tables" / table["table"] / "kurz.yaml"
    path.unlink()
    if odd == "folder":
        path.mkdir()
    else:
        os.mkfifo(path)
    why = f"its house file cannot be written back: {{path}} is {said} (move it away, then start the server again)"
    capsys.readouterr()
    with open_room(tmp_path) as (client, room):
        for _ in range(2):
            page = client.get(f"/t/{token_of(table['seats'][0]['link'])}")
            assert page.status_code == 500, page.text
            shown = why.format(path=f"DIR/tables/{table['table']}/kurz.yaml")
            assert page.text.startswith(f"This table's saved state could not be read: {shown}"), page.text
    err = capsys.readouterr().err
    assert err == f"table {table['table']} (kurz.yaml) could not be read back and is left out: {why.format(path=path)}\n", "said once"
