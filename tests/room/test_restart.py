"""A room that starts again replays a kept table only when it is used.

It once replayed the log of every kept table as it started: with hundreds kept (most of them
finished, or left), the start took seconds and held them all in memory
(benchmarks/bench_serve_restart.py).  Now the room knows every table from the store and
replays one when it is first used -- a link opened, its record asked for, the sweep closing
it.  :meth:`Table.replay` is counted here: nothing is replayed as the room starts, a table
opened is replayed once and goes on where it was, the others are not; the limits on tables
in play, in all and per address, count from the store, replayed or not; a table kept by the
version before (which did not note whether its match is over) is replayed once as the room
starts, and not at the next start; a table whose log no longer replays is told when it is
used, and the others go on.
"""

from __future__ import annotations

import json
import random
import sqlite3
import threading
import time
from collections.abc import Iterator
from typing import Any
from pathlib import Path

import pytest

from roomtools import REPO, WAIT, Seat, create, open_room, play_through, read_text, token_of, within

import cli.room.room as room_module
from cli.room.room import DAY
from cli.room.tables import Table
from interpreter.play.record import load_record, replay


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """How many decisions each table has had replayed (by table id), from the fixture on."""
    counted: dict[str, int] = {}
    replay = Table.replay

    def counting(self: Table, seat: int, move: str) -> None:
        counted[self.id] = counted.get(self.id, 0) + 1
        replay(self, seat, move)

    monkeypatch.setattr(Table, "replay", counting)
    yield counted


def play_cards(client: object, token: str, cards: int) -> dict[str, object]:
    """At seat 0's link, play the first card offered ``cards`` times (the bot answering in
    between); the last message, where it is seat 0's turn again -- or where the deal ended,
    the bot having gone out first (:meth:`Seat.until_turn`)."""
    seat = Seat(client, token)  # type: ignore[arg-type]
    try:
        message = seat.read()
        for _ in range(cards + 1):
            message = seat.until_turn(message, 0)
            if _ == cards or message["to_act"] is None:
                return message
            move = next(m["move"] for m in message["legal"] if m["move"].startswith("play"))
            seat.send({"type": "action", "move": move, "seq": message["seq"]})
            message = seat.read()
        raise AssertionError("unreachable")
    finally:
        seat.close()


def logged_steps(data: Path, table_id: str) -> int:
    """How many decisions of a table's log the store holds."""
    db = sqlite3.connect(data / "room.sqlite")
    try:
        return int(db.execute("SELECT COUNT(*) FROM steps WHERE table_id = ?", (table_id,)).fetchone()[0])
    finally:
        db.close()


def test_a_kept_table_is_replayed_when_it_is_used_and_not_before(tmp_path: Path, replays: dict[str, int]) -> None:
    with open_room(tmp_path) as (client, room):
        used = create(client, ["human", "greedy"])
        left = create(client, ["human", "greedy"])
        where = play_cards(client, token_of(used["seats"][0]["link"]), 2)
        assert replays == {}
    with open_room(tmp_path) as (client, room):
        assert replays == {} and room.tables == {}, "nothing is replayed as the room starts"
        assert sorted(room.kept) == sorted([used["table"], left["table"]])
        seat = Seat(client, token_of(used["seats"][0]["link"]))
        first = seat.read()
        seat.close()
        for key in ("seq", "deal", "hand", "trick", "talon", "trump", "turn_up", "to_act"):
            assert first[key] == where[key], key
        # one replay per decision of its log (the deal, the cards, whatever the bot declined), and only its
        logged = logged_steps(tmp_path, used["table"])
        assert logged >= 5 and replays == {used["table"]: logged}
        assert sorted(room.tables) == [used["table"]]
        seat = Seat(client, token_of(used["seats"][0]["link"]))  # opened again: replayed already
        seat.read()
        seat.close()
        assert replays == {used["table"]: logged}


def test_the_limits_count_every_kept_table_replayed_or_not(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, replays: dict[str, int]) -> None:
    """Two tables in play at most, two per address.  Before the restart one match is played
    to its end and one table is left in play; after it, neither replayed, a second table may
    open (the finished match holds no place, in all or for its address), a third may not: the
    room is full (503).  With room for more, the address's two tables in play refuse it (429)."""
    monkeypatch.setattr(room_module, "MAX_TABLES", 2)
    monkeypatch.setattr(room_module, "TABLES_PER_ADDRESS", 2)
    with open_room(tmp_path) as (client, room):
        finished = play_through(client, room, "schnapsen", ["human", "human"], random.Random(3))
        in_play = create(client, ["human", "greedy"])["table"]
        replays.clear()  # play_through's own
    with open_room(tmp_path) as (client, room):
        assert [room.kept[t].over for t in (finished.table.id, in_play)] == [True, False]
        create(client, ["human", "greedy"])
        answer = client.post("/api/tables", json={"ruleset": "schnapsen", "seats": ["human", "greedy"]})
        assert answer.status_code == 503 and answer.json()["error"] == "full"
        monkeypatch.setattr(room_module, "MAX_TABLES", 10)
        answer = client.post("/api/tables", json={"ruleset": "schnapsen", "seats": ["human", "greedy"]})
        assert answer.status_code == 429 and "your address" in answer.json()["why"]
        assert replays == {}, "counting replays no table"
        # the finished match's record, asked for after the restart, replays its table
        record = client.get(f"/api/record/{finished.table.tokens[0]}")
        assert record.status_code == 200 and record.text.startswith("# Sixty-Six Rules match record")
        assert list(replays) == [finished.table.id]


def test_a_table_kept_by_the_version_before_is_replayed_once_to_learn_whether_it_is_over(tmp_path: Path, replays: dict[str, int]) -> None:
    with open_room(tmp_path) as (client, room):
        table_id = create(client, ["human", "greedy"])["table"]
    db = sqlite3.connect(tmp_path / "room.sqlite")
    db.execute("ALTER TABLE tables DROP COLUMN over")  # as the file was before the room noted it
    db.execute("ALTER TABLE tables DROP COLUMN opened_by")
    db.commit()
    db.close()
    with open_room(tmp_path) as (client, room):
        assert replays == {table_id: 1} and not room.kept[table_id].over  # its log: the first deal
    with open_room(tmp_path) as (client, room):
        assert replays == {table_id: 1}, "noted in the store: not replayed again"
    db = sqlite3.connect(tmp_path / "room.sqlite")
    assert db.execute("SELECT over, opened_by FROM tables").fetchall() == [(0, None)]
    db.close()


def test_a_table_whose_log_no_longer_replays_is_told_when_used_and_the_others_go_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with open_room(tmp_path) as (client, room):
        good = create(client, ["human", "greedy"])
        bad = create(client, ["human", "greedy"])
        play_cards(client, token_of(bad["seats"][0]["link"]), 1)
    db = sqlite3.connect(tmp_path / "room.sqlite")
    db.execute("UPDATE steps SET move = 'play ZZ' WHERE table_id = ? AND move LIKE 'play %'", (bad["table"],))
    db.commit()
    db.close()
    capsys.readouterr()
    with open_room(tmp_path) as (client, room):
        assert capsys.readouterr().err == "", "nothing is said before the table is used"
        with client.websocket_connect(f"/ws/{token_of(bad['seats'][0]['link'])}") as ws:
            said = json.loads(read_text(ws))  # the link is right: its table's saved state is what is wrong
            assert said["error"] == "unreadable" and said["why"].startswith("this table's saved state could not be read: "), said
        assert f"table {bad['table']} (schnapsen) could not be read back and is left out: " in capsys.readouterr().err
        assert list(room.kept) == [good["table"]]
        seat = Seat(client, token_of(good["seats"][0]["link"]))
        assert seat.read()["type"] == "state"
        seat.close()


def test_the_sweep_closes_a_table_nobody_replayed_and_keeps_its_record(tmp_path: Path, replays: dict[str, int]) -> None:
    with open_room(tmp_path) as (client, room):
        table_id = create(client, ["human", "greedy"])["table"]
    with open_room(tmp_path) as (client, room):
        assert replays == {}
        logged = logged_steps(tmp_path, table_id)  # the deal, and the bot's lead if it leads
        room.clock = lambda: time.time() + 8 * DAY
        assert client.portal.call(room.sweep) == [table_id]
        assert replays == {table_id: logged} and table_id not in room.kept
    record = load_record(tmp_path / "tables" / table_id / "_record.yaml")
    assert record.meta["players"] == ["human", "greedy"] and replay(record).illegal is None


def test_a_move_the_store_cannot_keep_is_not_taken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store refuses a write (the file locked by another program, the disk full): the move
    is refused to its player with the reason, nobody is shown it, and the table is as the store
    holds it -- what a restart finds.  Sent again once the store takes writes, it is taken, and
    a restart finds it."""
    with open_room(tmp_path) as (client, room):
        reply = create(client, ["human", "human"])
        tokens = [token_of(s["link"]) for s in reply["seats"]]
        seats = [Seat(client, t) for t in tokens]
        msgs = [s.read() for s in seats]
        actor = msgs[0]["to_act"]
        move = next(m["move"] for m in msgs[actor]["legal"] if m["move"].startswith("play"))
        seq = msgs[actor]["seq"]

        def locked(*args: object, **kwargs: object) -> None:
            raise sqlite3.OperationalError("database is locked")

        real_append = room.store.append
        monkeypatch.setattr(room.store, "append", locked)
        seats[actor].send({"type": "action", "move": move, "seq": seq})
        answer = seats[actor].read()
        assert answer["type"] == "refused" and answer["error"] == "server" and "not taken" in answer["why"], answer
        # a link opened now sees the table before the move: the move was not taken
        other = Seat(client, tokens[1 - actor])
        fresh = other.read()
        assert fresh["seq"] == seq and fresh["trick"] == [] and fresh["to_act"] == actor, fresh
        other.close()
        monkeypatch.setattr(room.store, "append", real_append)
        seats[actor].send({"type": "action", "move": move, "seq": seq})  # the same move again, now kept
        taken = seats[actor].read()
        assert taken["type"] == "state" and taken["seq"] > seq and len(taken["trick"]) == 1, taken
        for link in seats:
            link.close()
    with open_room(tmp_path) as (client, room):  # a restart finds the move kept, once
        again = Seat(client, tokens[actor])
        after = again.read()
        assert after["seq"] == taken["seq"] and len(after["trick"]) == 1, after
        again.close()


def test_a_slow_write_holds_up_its_own_table_and_not_the_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store waits for the file (SQLite's busy wait: another program holds it) while one
    table's move is written: meanwhile the server answers everybody else -- a link to another
    table opens and is shown its table, a stale action there is refused, the lobby's list of
    rulesets comes -- and the move, once written, is taken and shown, and a restart finds it.
    Before, the write ran on the event loop and every table of the server waited for it."""
    with open_room(tmp_path) as (client, room):
        slow, other = create(client, ["human", "human"]), create(client, ["human", "human"])
        tokens = [token_of(s["link"]) for s in slow["seats"]]
        seats = [Seat(client, t) for t in tokens]
        msgs = [s.read() for s in seats]
        actor = msgs[0]["to_act"]
        move = next(m["move"] for m in msgs[actor]["legal"] if m["move"].startswith("play"))
        seq = msgs[actor]["seq"]
        writing, release = threading.Event(), threading.Event()
        real_append = room.store.append

        def waits(table_id: str, *args: Any, **kwargs: Any) -> None:
            if table_id == slow["table"]:
                writing.set()
                release.wait(120)  # the file held by another program, until the test lets it go
            real_append(table_id, *args, **kwargs)

        monkeypatch.setattr(room.store, "append", waits)
        try:
            seats[actor].send({"type": "action", "move": move, "seq": seq})
            assert writing.wait(WAIT), "the move was never written"
            # each wait has its limit (on a loaded machine, well within it): a server that waited
            # for the write would let the limit pass, the write being held until the test ends
            elsewhere = Seat(client, token_of(other["seats"][0]["link"]))
            shown = elsewhere.read()
            assert shown["type"] == "state" and shown["table"] == other["table"], shown
            elsewhere.send({"type": "action", "move": "play AS", "seq": shown["seq"] - 1})
            assert elsewhere.read()["error"] == "stale"
            assert within("the rulesets", lambda: client.get("/api/rulesets")).status_code == 200
            assert not release.is_set() and room.tables[slow["table"]].lock.locked(), "the slow write is still under way"
        finally:
            release.set()
        taken = seats[actor].read()
        assert taken["type"] == "state" and taken["seq"] == seq + 1 and len(taken["trick"]) == 1, taken
        for link in [*seats, elsewhere]:
            link.close()
    with open_room(tmp_path) as (client, room):  # the move was kept
        again = Seat(client, tokens[actor])
        assert again.read()["seq"] == seq + 1
        again.close()


def test_a_table_opened_while_another_program_holds_the_store_is_refused_as_busy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture) -> None:
    """Another program holds ``room.sqlite`` (here a second connection in ``BEGIN EXCLUSIVE``)
    while a table is opened: the store's write fails with "database is locked" once SQLite has
    waited for the file (its wait made short here).  Before, that was a 500 and a traceback in
    the server's log; now it is refused as a move is -- 503 ``server``, try again, and when
    (``Retry-After``) -- with one line on stderr, no traceback, and nothing left of the table:
    no house file in its folder, no row in the store.  Once the file is free, a table opens."""
    import cli.room.store as store_module

    monkeypatch.setattr(store_module, "BUSY_TIMEOUT", 0.05)
    house = {"name": "house.yaml", "text": "extends: schnapsen\nmatch:\n  target: 3\n"}
    with open_room(tmp_path) as (client, room):
        capsys.readouterr()
        other = sqlite3.connect(tmp_path / "room.sqlite", isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            answer = client.post("/api/tables", json={"house": house, "seats": ["human", "greedy"]})
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert answer.status_code == 503 and answer.headers["retry-after"] == "5", answer.text
        assert answer.json() == {"error": "server", "why": "the server could not keep a new table just now (its store is busy), "
                                                           "so none is opened: try again in a moment"}
        said = capsys.readouterr().err
        assert said == "a table could not be opened: the store could not keep it (OperationalError: database is locked)\n", said
        assert said in (REPO / "docs/serve.md").read_text(encoding="utf-8")  # the line docs/serve.md shows
        assert "Traceback" not in caplog.text and not caplog.records, caplog.text
        assert not room.kept and not list((tmp_path / "tables").glob("*/house.yaml"))
        again = client.post("/api/tables", json={"house": house, "seats": ["human", "greedy"]})
        assert again.status_code == 201, again.text
        db = sqlite3.connect(tmp_path / "room.sqlite")
        try:
            assert [row[0] for row in db.execute("SELECT id FROM tables")] == [again.json()["table"]]
        finally:
            db.close()


def test_the_room_stops_while_a_bot_is_still_thinking(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A search:hard bot may think for seconds.  Its search ran in asyncio's own thread pool,
    which a stopping server waits for, so SIGTERM took as long as the search (9 s, where a
    stop takes 0.4 s).  Now a bot thinks in a daemon thread that nobody waits for once the
    room stops: here a bot that thinks until the test lets it go, and the room stops while it
    still does (the move it was finding is in no store)."""
    thinking, release = threading.Event(), threading.Event()

    def thinks(self: Table) -> None:
        thinking.set()
        release.wait(120)

    monkeypatch.setattr(Table, "bot_step", thinks)
    try:
        with open_room(tmp_path) as (client, room):
            reply = create(client, ["human", "search:hard"])
            seat = Seat(client, token_of(reply["seats"][0]["link"]))
            message = seat.read()
            if message["to_act"] == 0:  # the person leads: the bot thinks once they have played
                move = next(m["move"] for m in message["legal"] if m["move"].startswith("play"))
                seat.send({"type": "action", "move": move, "seq": message["seq"]})
                seat.read()
            assert thinking.wait(WAIT), "the bot never began to think"
            seat.close()
        assert not release.is_set()  # the room stopped (within its limit, open_room's) while the bot thought on
    finally:
        release.set()
