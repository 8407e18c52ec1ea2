"""A damaged ``room.sqlite``, a full disk, a store held by another program: said as what they are.

A probe of ``rules serve`` under damage found: rows of another shape than the room writes
gave tracebacks (links given as a number as the room started; a seed given as text, a log
without its first deal, as a link opened); a ``DIR/tables`` that is a file, a traceback at
every link; a file with broken pages passed the start and its tables dropped out one by one,
their links answered as if mistyped; a store on a full disk was called "not a card room's
store" and its owner told to move it away; a table refused on a full disk was said to be
refused because the store was busy.  Each expectation below is the words of the room's
messages (docs/serve.md) for the damage the test made by hand.
"""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from roomtools import REPO, WAIT, Seat, create, open_room, sql, token_of, two_people, within

pytest.importorskip("starlette", reason="rules serve needs the serve extra: pip install -e '.[test]'")

from starlette.websockets import WebSocketDisconnect  # noqa: E402

import cli.room.store as store_module  # noqa: E402
from cli.room.store import Damaged, Store, Unavailable, Unreadable  # noqa: E402


def refusal_of(client: Any, token: str) -> tuple[dict[str, Any], int]:
    """What a link is told as it opens, and the code its connection is closed with."""
    with client.websocket_connect(f"/ws/{token}") as ws:
        said = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    return said, closed.value.code


def sqlite_error(kind: type[sqlite3.Error], words: str, name: str) -> sqlite3.Error:
    """An error as SQLite raises it (its name is what tells a full disk from a busy file)."""
    exc = kind(words)
    exc.sqlite_errorname = name  # type: ignore[attr-defined]
    return exc


#: Each damage made to the row of one table, and the words the room says of it (rows.py).
DAMAGES = {
    "seed as text": ("UPDATE tables SET seed = 'abc' WHERE id = ?", "its 'seed' is 'abc', not a whole number"),
    "log emptied": ("DELETE FROM steps WHERE table_id = ?", "its log in 'steps' is empty: a table's log begins with its first deal"),
    "first deal lost": ("DELETE FROM steps WHERE table_id = ? AND n = 0", "its log in 'steps' begins with 'play", ),
}


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_row_leaves_its_table_out_its_links_told_why_and_the_others_go_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str) -> None:
    statement, why = DAMAGES[damage]
    with open_room(tmp_path) as (client, room):
        good = create(client, ["human", "human"])
        bad = create(client, ["human", "human"])
        if damage == "first deal lost":  # a decision after the deal, so that the log does not begin with it
            seat = Seat(client, token_of(bad["seats"][0]["link"]))
            other = Seat(client, token_of(bad["seats"][1]["link"]))
            views = [seat.read(), other.read()]
            actor = views[0]["to_act"]
            move = next(m["move"] for m in views[actor]["legal"] if m["move"].startswith("play"))
            (seat, other)[actor].send({"type": "action", "move": move, "seq": views[actor]["seq"]})
            assert (seat, other)[actor].read()["type"] == "state"
            seat.close()
            other.close()
    sql(tmp_path, statement, bad["table"])
    capsys.readouterr()
    with open_room(tmp_path) as (client, room):
        said, code = refusal_of(client, token_of(bad["seats"][1]["link"]))
        assert said["error"] == "unreadable" and code == 4500, (said, code)
        assert said["why"].startswith(f"this table's saved state could not be read: {why}"), said
        err = capsys.readouterr().err
        assert err.startswith(f"table {bad['table']} (schnapsen) could not be read back and is left out: {why}"), err
        assert "Traceback" not in err
        page = client.get(f"/t/{token_of(bad['watch'])}")
        assert page.status_code == 500 and page.text.startswith(f"This table's saved state could not be read: {why}")
        record = client.get(f"/api/record/{token_of(bad['seats'][0]['link'])}")
        assert record.status_code == 500 and record.json()["error"] == "unreadable"
        seat = Seat(client, token_of(good["seats"][0]["link"]))
        assert seat.read()["type"] == "state"  # the other table goes on
        seat.close()
    db = sqlite3.connect(tmp_path / "room.sqlite")
    assert [row[0] for row in db.execute("SELECT id FROM tables ORDER BY rowid")] == [good["table"], bad["table"]]  # nothing lost
    db.close()


#: A decision of the log changed by hand -- the first play, the row ``n = 1`` after the deal
#: (``n = 0``) -- and what the engine says of it where the log has it: the line names the row
#: (its ``n``, its seat, its move), which said only "the auction is over" (the engine's words).
STEP_DAMAGES = {
    "a move the notation cannot read": ("UPDATE steps SET move = 'play ZZ' WHERE table_id = ? AND n = 1",
                                        "(seat {actor}, move 'play ZZ') cannot be replayed: cannot read action 'play ZZ'"),
    "a move the rules refuse": ("UPDATE steps SET move = 'bid 3' WHERE table_id = ? AND n = 1",
                                "(seat {actor}, move 'bid 3') cannot be replayed: this game has no auction"),
    "a move of the seat not to act": ("UPDATE steps SET seat = 1 - seat WHERE table_id = ? AND n = 1",
                                      "(seat {other}, move '{move}') cannot be replayed: seat {other} is not to act (seat {actor} is)"),
}


@pytest.mark.parametrize("damage", sorted(STEP_DAMAGES))
def test_a_logged_decision_the_engine_refuses_is_named_by_its_row(tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str) -> None:
    statement, words = STEP_DAMAGES[damage]
    with open_room(tmp_path) as (client, room):
        bad, seats, views, actor, move = two_people(client)
        seats[actor].send({"type": "action", "move": move, "seq": views[actor]["seq"]})
        assert seats[actor].read()["type"] == "state"
        for seat in seats:
            seat.close()
    sql(tmp_path, statement, bad["table"])
    why = "its decision n = 1 in 'steps' " + words.format(actor=actor, other=1 - actor, move=move)
    capsys.readouterr()
    with open_room(tmp_path) as (client, room):
        said, code = refusal_of(client, token_of(bad["watch"]))
        assert said["error"] == "unreadable" and code == 4500, (said, code)
        assert said["why"].startswith(f"this table's saved state could not be read: {why}"), said
        err = capsys.readouterr().err
        assert err.startswith(f"table {bad['table']} (schnapsen) could not be read back and is left out: {why}"), err


def serve(data: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "cli.main", "serve", "--port", "0", "--data", str(data), "--bot-delay", "0"],
                            cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def test_links_given_as_a_number_leave_the_table_out_as_the_room_starts_before_it_says_it_serves(tmp_path: Path) -> None:
    """Before, ``enumerate`` of the number failed as the room started: a traceback after the
    banner, and exit status 3."""
    with open_room(tmp_path) as (client, room):
        bad = create(client, ["human", "greedy"])
    sql(tmp_path, "UPDATE tables SET tokens = '5' WHERE id = ?", bad["table"])
    proc = serve(tmp_path)
    assert proc.stderr is not None
    first = within("the first line", proc.stderr.readline)
    second = within("the second line", proc.stderr.readline)
    proc.send_signal(signal.SIGTERM)
    rest = proc.communicate(timeout=WAIT)[1]
    assert first == f"table {bad['table']} (schnapsen) could not be read back and is left out: its 'tokens' is 5, not a list\n"
    assert second.startswith("serving the card room at http://127.0.0.1:"), second
    assert proc.returncode == 143 and "Traceback" not in rest, rest


def start_refused(data: Path) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-m", "cli.main", "serve", "--port", "0", "--data", str(data)],
                          cwd=REPO, capture_output=True, text=True, timeout=60, check=False)
    return done.returncode, done.stderr, done.stdout


def test_a_tables_folder_that_is_a_file_is_refused_at_the_start(tmp_path: Path) -> None:
    """Before, the room started, and every link of a house file's table was a traceback."""
    (tmp_path / "tables").write_text("x", encoding="utf-8")
    expected = (f"error: --data: {tmp_path / 'tables'} is not a folder: it is a file (the room keeps each table's house file "
                f"and closing record in DIR/tables/ID/; move the file away, then start again)\n")
    assert start_refused(tmp_path) == (2, expected, "")


def test_a_store_with_a_broken_page_is_refused_at_the_start_and_left_as_it_is(tmp_path: Path) -> None:
    """Bytes of the page that holds the tables' logs scribbled over -- a page the room does not
    read until a table is used: ``PRAGMA quick_check`` finds it as the room starts.  Before,
    the room started and each table dropped out as it was used, its links answered as mistyped."""
    with open_room(tmp_path) as (client, room):
        for _ in range(3):
            create(client, ["human", "greedy"])
    path = tmp_path / "room.sqlite"
    for leftover in ("room.sqlite-wal", "room.sqlite-shm"):
        assert not (tmp_path / leftover).exists()  # checkpointed as the room stopped: the pages are all in the file
    db = sqlite3.connect(path)
    page_size, (root,) = db.execute("PRAGMA page_size").fetchone()[0], db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'steps'").fetchone()
    db.close()
    raw = bytearray(path.read_bytes())
    start = (root - 1) * page_size  # pages are numbered from 1
    raw[start + 8: start + page_size] = bytes([0xA5]) * (page_size - 8)  # past its header: the cells' pointers and the cells
    path.write_bytes(bytes(raw))
    before = path.read_bytes()
    status, err, out = start_refused(tmp_path)
    assert (status, out) == (2, "")
    assert err.startswith(f"error: --data: {path} is damaged: ") and err.count("\n") == 1, err
    assert err.endswith(f"(the room's tables are in it: keep a copy, then restore it from a backup, or recover what SQLite can "
                        f"still read: sqlite3 {path} .recover | sqlite3 recovered.sqlite)\n"), err
    # the whole line as docs/serve.md shows it, the default folder there: the page of the steps
    # table and the cells on it are this test's (three tables, 0xA5 bytes: offset 42405)
    shown = [line.strip() for line in (REPO / "docs/serve.md").read_text(encoding="utf-8").splitlines()
             if line.strip().startswith("error: --data: rules-room/room.sqlite is damaged: ")]
    assert len(shown) == 1, shown
    assert err == shown[0].replace("rules-room/room.sqlite", str(path)) + "\n", err
    assert path.read_bytes() == before


def test_a_store_held_by_another_program_at_the_start_is_not_called_a_stranger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another program holds room.sqlite (a second connection in exclusive locking mode, which
    a WAL file's readers cannot pass) as the room starts: the file is good, and the line says
    what holds it up, not "move it away"."""
    with open_room(tmp_path) as (client, room):
        create(client, ["human", "greedy"])
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT", 0.05)
    other = sqlite3.connect(tmp_path / "room.sqlite", isolation_level=None)
    other.execute("PRAGMA locking_mode=EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(Unavailable) as refused:
            Store.check(tmp_path)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert refused.value.said() == (f"{tmp_path / 'room.sqlite'} cannot be used now: another program holds it (database is locked) "
                                    f"(stop the program that holds it, then start again; the file is left as it is)")


@pytest.mark.parametrize("name, words, full, kind, said", [
    ("SQLITE_IOERR_SHMSIZE", "disk I/O error", True, Unavailable, "cannot be used now: its disk is full (disk I/O error) "
     "(free some space on its disk, then start again; the file is left as it is)"),
    ("SQLITE_FULL", "database or disk is full", False, Unavailable, "cannot be used now: its disk is full (database or disk is full) "
     "(free some space on its disk, then start again; the file is left as it is)"),
    ("SQLITE_IOERR_READ", "disk I/O error", False, Unavailable, "cannot be used now: it could not be read or written (disk I/O error) "
     "(check that the file and its folder may be written, and the disk (its system log), then start again; the file is left as it is)"),
    ("SQLITE_CORRUPT", "database disk image is malformed", False, Damaged, "is damaged: database disk image is malformed"),
    ("SQLITE_NOTADB", "file is not a database", False, Unreadable, "is not a card room's store: file is not a database"),
])
def test_what_fails_as_the_store_opens_is_told_by_its_cause(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             name: str, words: str, full: bool, kind: type, said: str) -> None:
    """On a full disk SQLite fails to open a room's good store with "disk I/O error" (its
    shared-memory file cannot grow): before, the line called it "not a card room's store" and
    said to move it away.  Each error is made as SQLite raises it, the disk's free space as
    the system would give it."""
    monkeypatch.setattr(store_module, "disk_full", lambda folder: full)

    def fails(*args: object, **kwargs: object) -> None:
        raise sqlite_error(sqlite3.OperationalError if kind is Unavailable else sqlite3.DatabaseError, words, name)

    monkeypatch.setattr(store_module, "_check_columns", fails)
    with pytest.raises(Unreadable) as refused:
        Store.check(tmp_path)
    assert type(refused.value) is kind
    assert refused.value.said().startswith(f"{tmp_path / 'room.sqlite'} {said}"), refused.value.said()


def test_a_table_refused_on_a_full_disk_says_so_and_not_that_the_store_is_busy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    with open_room(tmp_path) as (client, room):
        def full(*args: object) -> None:
            raise sqlite_error(sqlite3.OperationalError, "database or disk is full", "SQLITE_FULL")

        monkeypatch.setattr(room.store, "add", full)
        capsys.readouterr()
        answer = client.post("/api/tables", json={"ruleset": "schnapsen", "seats": ["human", "greedy"]})
        assert answer.status_code == 503 and answer.headers["retry-after"] == "60", answer.text
        assert answer.json() == {"error": "server", "why": "the server could not keep a new table just now (the server's disk is full), "
                                                           "so none is opened: try again later"}
        assert capsys.readouterr().err == ("a table could not be opened: the store could not keep it "
                                           "(OperationalError: database or disk is full)\n")


def test_a_table_whose_pages_are_broken_is_told_as_unreadable_and_one_the_disk_fails_is_not_left_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A read that meets a broken page leaves the table out, its links told why (before: "no
    table has this link (mistyped...)"); a read the disk fails (an I/O error) refuses the link
    for now (503, ``server``) and leaves the table in: the next open reads it."""
    with open_room(tmp_path) as (client, room):
        broken, failing = create(client, ["human", "greedy"]), create(client, ["human", "greedy"])
    with open_room(tmp_path) as (client, room):
        table = room.store.table
        errors = {broken["table"]: sqlite_error(sqlite3.DatabaseError, "database disk image is malformed", "SQLITE_CORRUPT"),
                  failing["table"]: sqlite_error(sqlite3.OperationalError, "disk I/O error", "SQLITE_IOERR_READ")}
        failed: list[str] = []

        def reads(table_id: str) -> object:
            if table_id in errors and table_id not in failed:
                failed.append(table_id)
                raise errors[table_id]
            return table(table_id)

        monkeypatch.setattr(room.store, "table", reads)
        capsys.readouterr()
        said, code = refusal_of(client, token_of(broken["seats"][0]["link"]))
        assert (said["error"], code) == ("unreadable", 4500)
        assert said["why"] == ("this table's saved state could not be read: database disk image is malformed "
                               "(the server's operator can tell more: its log names the table)")
        said, code = refusal_of(client, token_of(broken["seats"][0]["link"]))  # told again, the store not read again
        assert (said["error"], code) == ("unreadable", 4500)
        said, code = refusal_of(client, token_of(failing["seats"][0]["link"]))
        assert (said, code) == ({"type": "refused", "error": "server", "why": "the server could not read this table back just now "
                                 "(its store could not be read or written (disk I/O error)): try again in a moment"}, 4503)
        assert capsys.readouterr().err == (
            f"table {broken['table']} (schnapsen) could not be read back and is left out: database disk image is malformed\n"
            f"table {failing['table']} (schnapsen) could not be read back just now (OperationalError: disk I/O error)\n")
        seat = Seat(client, token_of(failing["seats"][0]["link"]))  # opened again: read, and where it was
        assert seat.read()["type"] == "state"
        seat.close()
        assert broken["table"] not in room.kept and failing["table"] in room.kept


def test_the_docs_show_the_lines_said_of_damage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """serve.md's samples, each a whole line of the page (its indent in a list item left out).
    The full disk's is what ``rules serve`` itself says, run here with the disk full as SQLite
    and the system would say it (as in the test of each cause above), the page's folder
    ``rules-room`` for this test's."""
    from typer.testing import CliRunner

    from cli.main import app

    doc = (REPO / "docs/serve.md").read_text(encoding="utf-8")
    lines = [line.strip() for line in doc.splitlines()]
    assert "table 5f2a9c0e41d7 (schnapsen) could not be read back and is left out: its 'seed' is 'abc', not a whole number" in lines
    step = STEP_DAMAGES["a move the rules refuse"][1].format(actor=0)  # the row as the test of a decision refused names it
    assert f"table 5f2a9c0e41d7 (schnapsen) could not be read back and is left out: its decision n = 1 in 'steps' {step}" in lines

    def full(*args: object, **kwargs: object) -> None:
        raise sqlite_error(sqlite3.OperationalError, "disk I/O error", "SQLITE_IOERR_SHMSIZE")

    monkeypatch.setattr(store_module, "disk_full", lambda folder: True)
    monkeypatch.setattr(store_module, "_check_columns", full)
    said = CliRunner().invoke(app, ["serve", "--port", "0", "--data", str(tmp_path)])
    shown = [line for line in lines if line.startswith("error: --data: rules-room/room.sqlite cannot be used now: its disk is full")]
    assert len(shown) == 1, shown
    assert (said.exit_code, said.stderr) == (2, shown[0].replace("rules-room/room.sqlite", str(tmp_path / "room.sqlite")) + "\n")
    import re

    block = re.search(r"<!-- sample: tests/room/test_damage.py -->\n```json\n(.*?)```", doc, re.S)
    assert block is not None
    assert json.loads(block.group(1)) == {
        "type": "refused", "error": "unreadable",
        "why": f"this table's saved state could not be read: {DAMAGES['seed as text'][1]} (the server's operator can tell more: "
               "its log names the table)"}
