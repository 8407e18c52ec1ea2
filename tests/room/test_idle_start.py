"""A start after a long outage: every table is unused, and the room serves while it closes them.

The room's start used to close every unused table before it listened -- each one replayed, its
record written and synced to the disk -- so after an outage longer than ``--close-idle`` a room
of 1,369 tables refused connections for 17 seconds.  Now the start-up look is the sweeper's
first, run once the room serves, one table at a time.  Here each record's write waits at a gate
the test opens (:class:`Gate`): the room answers, and a link to one of the unused tables opens,
while not one record is written; once the gate opens, every other table is closed with its
record, and the one somebody came back to stays.  A room stopped while a record is being
written loses nothing: the table stays in the store beside its record, and the next start
closes it."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from roomtools import Seat, create, open_room, sql, token_of, until, within

import cli.room.room as room_module
from cli.room.room import CLOSED_RECORD, Room
from cli.room.store import Store
from interpreter.play.record import load_record, replay

#: When the tables were last used, by the room's clock as the test first moves it: 1970, so
#: that a room started again on the real clock finds every one unused for years.
LONG_AGO = 1_000_000.0
TABLES = 4


class Gate:
    """Stands in for the room's record writer: each write waits until the test opens the gate,
    then writes as the room does; the tables whose record was written, in order."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.reached = threading.Event()  # a write has begun, and waits
        self.written: list[str] = []
        self.write = room_module._write_record

    def __call__(self, store: Store, table_id: str, text: str) -> None:
        self.reached.set()
        self.open.wait()  # a thread of the room's (the record is written off its loop): the test's own thread goes on
        self.write(store, table_id, text)
        self.written.append(table_id)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    held = Gate()
    monkeypatch.setattr(room_module, "_write_record", held)
    try:
        yield held
    finally:
        held.open.set()  # no thread of the room's left waiting, whatever the test did


def left_long_ago(data: Path) -> list[tuple[str, str]]:
    """:data:`TABLES` tables, each (id, its first seat's link), the first made the least lately
    used, all of them last used in 1970."""
    made = []
    with open_room(data) as (client, room):
        for k in range(TABLES):
            room.clock = lambda at=LONG_AGO + k: at
            reply = create(client, ["human", "human"])
            made.append((reply["table"], token_of(reply["seats"][0]["link"])))
    return made


def kept(client: Any, room: Room) -> list[str]:
    """The tables the room knows, read on its own loop."""
    return sorted(client.portal.call(lambda: list(room.kept)))  # type: ignore[no-any-return]


def record_of(data: Path, table_id: str) -> Path:
    return data / "tables" / table_id / CLOSED_RECORD


def test_the_room_serves_before_the_unused_tables_are_closed_and_then_closes_every_one(tmp_path: Path, gate: Gate) -> None:
    made = left_long_ago(tmp_path)
    ids = [table_id for table_id, _ in made]
    back, token = made[-1]  # the most lately used: the sweep comes to it last
    with open_room(tmp_path) as (client, room):  # before the fix: the start waited at the gate, and this failed
        page = client.get("/")
        assert page.status_code == 200
        assert gate.written == []  # answered before a single record was written
        seat = Seat(client, token)  # the sweep waits at the first table's record meanwhile: this one opens
        try:
            assert seat.read()["type"] == "state"
            gate.open.set()
            until("the sweep to close the other tables", lambda: kept(client, room) == [back])
        finally:
            seat.close()
        assert gate.written == ids[:-1]  # least lately used first, each one's record written
    assert [t.id for t in Store(tmp_path).tables()] == [back]
    assert not record_of(tmp_path, back).exists()
    for table_id in ids[:-1]:
        record = load_record(record_of(tmp_path, table_id))
        assert record.meta["players"] == ["human", "human"] and replay(record).illegal is None


def test_a_room_stopped_while_it_writes_a_record_loses_nothing_and_the_next_start_closes_every_table(tmp_path: Path, gate: Gate) -> None:
    ids = [table_id for table_id, _ in left_long_ago(tmp_path)]
    with open_room(tmp_path) as (client, room):
        within("the sweep to write the first record", gate.reached.wait)
        client.portal.call(room.stop)  # what a SIGTERM does first: the sweep is cancelled as it waits for the record
        gate.open.set()
        until("the first record to be written", lambda: gate.written == ids[:1])
    # the record written, its table still in the store (the sweep stopped before forgetting
    # it): nothing lost either way, and no other table touched
    assert [t.id for t in Store(tmp_path).tables()] == ids
    assert [table_id for table_id in ids if record_of(tmp_path, table_id).exists()] == ids[:1]
    with open_room(tmp_path) as (client, room):
        until("the sweep to close every table", lambda: kept(client, room) == [])
    assert [t.id for t in Store(tmp_path).tables()] == []
    assert gate.written == ids[:1] + ids  # the first one's record written again, over the same one
    for table_id in ids:
        assert replay(load_record(record_of(tmp_path, table_id))).illegal is None


def test_an_unused_table_replayed_as_the_room_starts_is_closed_before_its_bots_move(tmp_path: Path) -> None:
    """A table kept by an earlier version (its match not noted as over or not) is replayed as
    the room starts; its bots used to be set moving at once, and a move made it used again, so
    that a table left for years played on and stayed.  Now it waits, unplayed, for the sweep."""
    with open_room(tmp_path, bot_delay=1e6) as (client, room):  # the bots wait: the first move is still to make
        table_id = create(client, ["greedy", "human"])["table"]
        assert room.tables[table_id].table.bot_to_act()  # the bot leads the first deal
    sql(tmp_path, "UPDATE tables SET over = NULL, touched = ?", LONG_AGO)  # as an earlier version kept it, in 1970
    with open_room(tmp_path) as (client, room):  # no delay: the bot would lead at once
        until("the sweep to close the table", lambda: kept(client, room) == [])
    assert [t.id for t in Store(tmp_path).tables()] == []
    record = load_record(record_of(tmp_path, table_id))
    assert [list(deal.moves) for deal in record.deals] == [[]]  # closed where it was: no bot moved


def test_a_table_that_cannot_be_closed_stays_with_its_bots_moving(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The look reads an unused table back to write its record; the disk is full, so the table
    stays (used again: not looked at before another idle period).  It stayed in memory with the
    bot to lead and nobody setting it moving -- a link opened later found it read back already,
    and the bot never moved.  Now a table that stays has its bots set moving as any table in use."""
    with open_room(tmp_path, bot_delay=1e6) as (client, room):
        reply = create(client, ["greedy", "human"])
        table_id, token = reply["table"], token_of(reply["seats"][1]["link"])
        assert room.tables[table_id].table.bot_to_act()  # the bot leads the first deal
    sql(tmp_path, "UPDATE tables SET touched = ?", LONG_AGO)
    tried = threading.Event()

    def disk_full(store: Store, table_id: str, text: str) -> None:
        tried.set()
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(room_module, "_write_record", disk_full)
    with open_room(tmp_path) as (client, room):
        within("the look to try the record", tried.wait)
        until("the bot to lead", lambda: table_id in room.tables and not room.tables[table_id].table.bot_to_act())
        seat = Seat(client, token)
        try:
            message = seat.until_turn(seat.read(), 1)
            assert message["to_act"] in (1, None)  # the person's turn (or the deal over): the bot has led
        finally:
            seat.close()
        assert kept(client, room) == [table_id]
    assert not record_of(tmp_path, table_id).exists()


def test_a_table_the_store_cannot_give_back_does_not_hold_up_the_others(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The least lately used table cannot be read back just now (an I/O error): the look went
    on asking for it, once for every unused table, and closed no other before the next hour.
    Now each unused table is tried once a look."""
    ids = [table_id for table_id, _ in left_long_ago(tmp_path)]
    read_back = Room._read_back
    asked: list[str] = []

    async def failing_first(self: Room, kept: Any) -> Any:
        asked.append(kept.id)
        if kept.id == ids[0]:
            raise OSError(5, "Input/output error")
        return await read_back(self, kept)

    monkeypatch.setattr(Room, "_read_back", failing_first)
    with open_room(tmp_path) as (client, room):
        until("the look to close the other tables", lambda: kept(client, room) == [ids[0]])
    assert asked.count(ids[0]) == 1
    assert [t.id for t in Store(tmp_path).tables()] == [ids[0]]
    assert all(record_of(tmp_path, table_id).exists() for table_id in ids[1:])
