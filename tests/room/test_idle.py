"""Tables nobody comes back to: closed after ``--close-idle`` days, their record kept beside them.

A table that is left -- no decision, no link opened, nobody ready for the next deal -- used
to stay in the room and the store for good, counted among the tables in play, until the room
refused every new table and read them all back at every restart.  Here the room's clock is
moved by hand (``room.clock``): a table is closed once it has been unused for the idle
period, never while a link is open to it; its record, as far as the match went, is written
to ``DIR/tables/ID/_record.yaml`` first and replays to the very position the table was at; a
full room makes space by closing unused tables before it refuses a new one; a room kept by
an earlier version (no ``touched`` column) opens with every table."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from roomtools import Seat, create, open_room, token_of, until

import cli.room.room as room_module
from cli.room.room import DAY, Room
from cli.room.store import Store
from interpreter.play.record import load_record, replay

START = 1_000_000.0


class Clock:
    """The room's time, moved by the test."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def sweep(client: Any, room: Room) -> list[str]:
    """The room's sweep, run on the server's event loop (where its bots move)."""
    return client.portal.call(room.sweep)  # type: ignore[no-any-return]


def left(client: Any, room: Room, table_id: str) -> None:
    """Wait until the server has seen every link of the table close (it hears it on its own loop)."""
    for _ in range(500):
        if not client.portal.call(lambda: table_id in room.tables and bool(room.tables[table_id].connections)):
            return
        time.sleep(0.01)
    raise AssertionError("the server never saw the link close")


def play_a_card(client: Any, token: str) -> None:
    """Open the person's link (seat 0), play the first card offered once it is their turn,
    wait until it is their turn again (the bot has answered) or the deal is over, close the link."""
    seat = Seat(client, token)
    try:
        message = seat.until_turn(seat.read(), 0)
        move = next(m["move"] for m in message["legal"] if m["move"].startswith("play"))
        seat.send({"type": "action", "move": move, "seq": message["seq"]})
        seat.until_turn(seat.read(), 0)  # or the deal's end: the bot may go out first
    finally:
        seat.close()


def test_an_unused_table_is_closed_after_the_idle_days_and_its_record_replays_to_where_it_was(tmp_path: Path) -> None:
    clock = Clock()
    with open_room(tmp_path) as (client, room):
        room.clock = clock
        reply = create(client, ["human", "greedy"])
        table_id, token = reply["table"], token_of(reply["seats"][0]["link"])
        live = room.tables[table_id]
        play_a_card(client, token)
        left(client, room, table_id)
        moves = list(live.table.session.moves)
        assert len(moves) >= 2  # the person's card and the bot's
        state = live.table.session.state
        assert state is not None and not state.is_over
        seed = live.table.seed

        clock.now = START + 7 * DAY - 1  # a second short of seven days unused
        assert sweep(client, room) == []
        clock.now = START + 7 * DAY + 1
        assert sweep(client, room) == [table_id]
        assert table_id not in room.tables and token not in room.tokens
        assert [t.id for t in Store(tmp_path).tables()] == []  # gone from the store too
        page = client.get(f"/t/{token}")
        assert page.status_code == 404 and "closed after 7 days unused" in page.text

        kept = tmp_path / "tables" / table_id / "_record.yaml"
        record = load_record(kept)
        assert record.meta["players"] == ["human", "greedy"]
        # unfinished: the match seed would give the deals to come if it went on (rules play --resume)
        assert "seed" not in record.meta and str(seed) not in kept.read_text(encoding="utf-8")
        assert [str(m) for m in record.deals[-1].moves] == moves
        outcome = replay(record)
        assert outcome.illegal is None
        assert outcome.state.hands == state.hands and outcome.state.history == state.history


def test_a_table_with_a_link_open_or_opened_lately_stays(tmp_path: Path) -> None:
    clock = Clock()
    with open_room(tmp_path) as (client, room):
        room.clock = clock
        reply = create(client, ["human", "random"])
        table_id, token = reply["table"], token_of(reply["seats"][0]["link"])
        seat = Seat(client, token)
        try:
            seat.read()
            clock.now = START + 30 * DAY
            assert sweep(client, room) == []  # the link is open: somebody is there
        finally:
            seat.close()  # at day 30: in use until then
        left(client, room, table_id)
        clock.now = START + 36 * DAY
        assert sweep(client, room) == []
        clock.now = START + 37 * DAY + 1
        assert sweep(client, room) == [table_id]


def test_a_full_room_closes_unused_tables_before_it_refuses_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(room_module, "MAX_TABLES", 3)
    clock = Clock()
    with open_room(tmp_path) as (client, room):
        room.clock = clock
        old = []
        for k in range(3):
            clock.now = START + k  # the first made is the least lately used
            old.append(create(client, ["human", "greedy"])["table"])
        answer = client.post("/api/tables", json={"ruleset": "schnapsen", "seats": ["human", "greedy"]})
        assert answer.status_code == 503 and answer.json()["error"] == "full", answer.text
        clock.now = START + 8 * DAY
        new = create(client, ["human", "greedy"])["table"]
        # as few closed as it takes (each record is written and synced while the room waits)
        assert sorted(room.tables) == sorted([old[1], old[2], new])
        assert (tmp_path / "tables" / old[0] / "_record.yaml").is_file()
        assert not (tmp_path / "tables" / old[1]).exists()


def test_tables_left_unused_while_the_server_was_stopped_are_closed_as_it_starts(tmp_path: Path) -> None:
    with open_room(tmp_path) as (client, room):
        stale = create(client, ["human", "greedy"])["table"]
        fresh = create(client, ["human", "greedy"])["table"]
    store = Store(tmp_path)
    store.touch(stale, 0.0)  # used last in 1970
    store.close()
    with open_room(tmp_path) as (client, room):  # closed once the room serves (tests/room/test_idle_start.py)
        until("the sweep to close the stale table", lambda: client.portal.call(lambda: sorted(room.kept)) == [fresh])
        assert (tmp_path / "tables" / stale / "_record.yaml").is_file()


def test_a_room_kept_by_an_earlier_version_opens_with_every_table(tmp_path: Path) -> None:
    with open_room(tmp_path) as (client, room):
        table_id = create(client, ["human", "greedy"])["table"]
    db = sqlite3.connect(tmp_path / "room.sqlite")
    db.execute("ALTER TABLE tables DROP COLUMN touched")  # as the file was before the room counted it
    db.commit()
    db.close()
    with open_room(tmp_path) as (client, room):
        assert list(room.kept) == [table_id]
        touched = room.kept[table_id].touched
    assert [t.touched for t in Store(tmp_path).tables()] == [touched]  # counted from the first start since


def test_no_table_is_closed_with_close_idle_0_or_where_its_record_cannot_be_written(tmp_path: Path) -> None:
    clock = Clock()
    from cli.room.app import make_app
    from starlette.testclient import TestClient

    with TestClient(make_app(tmp_path / "never", 0.0, 1e6, idle_days=0)) as client:
        room = client.app.state.room  # type: ignore[attr-defined]
        room.clock = clock
        create(client, ["human", "greedy"])
        clock.now = START + 10_000 * DAY
        assert sweep(client, room) == [] and len(room.tables) == 1
    with open_room(tmp_path / "blocked") as (client, room):
        room.clock = clock
        clock.now = START
        table_id = create(client, ["human", "greedy"])["table"]
        (tmp_path / "blocked" / "tables").mkdir(parents=True, exist_ok=True)
        (tmp_path / "blocked" / "tables" / table_id).write_text("in the way")  # no folder can be made here
        clock.now = START + 8 * DAY
        assert sweep(client, room) == []
        assert table_id in room.tables and [t.id for t in Store(tmp_path / "blocked").tables()] == [table_id]
        clock.now = START + 9 * DAY  # said once, then not again before another idle period
        assert sweep(client, room) == []


def test_a_house_file_named_like_the_closing_record_is_kept_beside_it(tmp_path: Path) -> None:
    """A house file may be called ``record.yaml``; the closing record is ``_record.yaml``, a name
    no house file can have, so closing the table keeps both and the record still replays."""
    clock = Clock()
    house = "extends: schnapsen\nname: ours\nmatch:\n  target: 3\n"
    with open_room(tmp_path) as (client, room):
        room.clock = clock
        answer = client.post("/api/tables", json={"house": {"name": "record.yaml", "text": house}, "seats": ["human", "greedy"]})
        assert answer.status_code == 201, answer.text
        table_id = answer.json()["table"]
        clock.now = START + 8 * DAY
        assert sweep(client, room) == [table_id]
    folder = tmp_path / "tables" / table_id
    assert (folder / "record.yaml").read_text(encoding="utf-8") == house
    record = load_record(folder / "_record.yaml")
    assert record.ruleset.match.target == 3 and replay(record).illegal is None


#: A match of one deal: a script plays it to its end in a moment (the probe's loop of them).
ONE_DEAL = {"name": "one-deal.yaml", "text": "extends: schnapsen\nmatch:\n  target: 1\n"}


def gone_quiet(client: Any, room: Room) -> None:
    """Wait until the server has seen every link of every table close."""
    for _ in range(500):
        if not client.portal.call(lambda: any(live.connections for live in room.tables.values())):
            return
        time.sleep(0.01)
    raise AssertionError("the server never saw the links close")


def test_finished_tables_nobody_is_at_leave_memory_and_their_record_stays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table played to its end stayed replayed in memory until it was closed unused,
    days later: a script playing one-deal matches grew the server by about 100 kB a table,
    without end.  Now at most FINISHED_IN_MEMORY finished tables with no link open stay (one
    here), the least lately used leaving first; the others are still known to the room, and
    their record -- the same bytes as when the match ended -- is still given, also after a
    restart.  A table in play stays in memory however many have finished."""
    import random

    from roomtools import play_through

    monkeypatch.setattr(room_module, "FINISHED_IN_MEMORY", 1)
    clock = Clock()
    clock.now = time.time()  # the restart's room keeps the real time: nothing is closed as unused
    records: dict[str, str] = {}
    with open_room(tmp_path) as (client, room):
        room.clock = clock
        playing = create(client, ["human", "greedy"])
        finished = []
        for n in range(3):
            clock.now += 60
            live = play_through(client, room, "", ["human", "human"], random.Random(n), house=ONE_DEAL)
            assert live.table.over
            token = live.table.watch
            records[token] = client.get(f"/api/record/{token}").text
            finished.append((live.table.id, token))
        gone_quiet(client, room)
        assert sorted(room.tables) == sorted([playing["table"], finished[-1][0]])  # the last one finished, and the one in play
        assert all(table_id in room.kept for table_id, _ in finished)
        for table_id, token in finished:
            answer = client.get(f"/api/record/{token}")
            assert answer.status_code == 200 and answer.text == records[token], table_id
            assert "result:" in answer.text
        assert len([t for t in room.tables if t != playing["table"]]) == 1  # replayed for its record, then let go again
    with open_room(tmp_path) as (client, room):
        for table_id, token in finished:
            assert client.get(f"/api/record/{token}").text == records[token], table_id


def test_finished_tables_opened_lately_count_towards_the_address(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished match frees its place among the address's tables in play, so one address
    could open one-deal tables without end.  The tables it opened within the last
    OPENED_WITHIN seconds count too, finished or not; the refusal says how long until the
    oldest of them no longer counts (Retry-After), and then a table opens."""
    import random

    from roomtools import play_through

    monkeypatch.setattr(room_module, "TABLES_PER_ADDRESS", 2)
    clock = Clock()
    with open_room(tmp_path) as (client, room):
        room.clock = clock
        for n in range(2):
            play_through(client, room, "", ["human", "human"], random.Random(n), house=ONE_DEAL)  # opened at START
        clock.now = START + 600
        refused = client.post("/api/tables", json={"ruleset": "schnapsen", "seats": ["human", "greedy"]})
        assert refused.status_code == 429 and refused.headers["retry-after"] == "3000", refused.text
        assert refused.json() == {"error": "full", "why": "2 tables were opened from your address within the last 60 minutes "
                                                          "(finished ones too, and those in play); try again in 3000 seconds"}
        clock.now = START + 3600  # an hour after both were opened: they no longer count
        create(client, ["human", "greedy"])
