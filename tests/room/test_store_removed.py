"""The data folder removed while the room serves: nothing is taken that would be kept nowhere.

A probe removed ``DIR`` (``rm -rf``) under a running ``rules serve``: the server went on taking
moves and opening tables -- written to the deleted ``room.sqlite`` it still held open, gone
when it stopped -- said nothing, and at its stop said "its tables go on at the next start";
and with ``DIR/room.lock`` gone, a second server started on the same folder.  Now every write
that decides something first checks that the store's file and the lock still bear their
names (:mod:`cli.room.ondisk`): a move is refused with ``server`` (docs/serve.md), no table is
opened, the folder is not made again, the server says once what happened and what mends it,
and its last line says the tables do not go on.  The words expected are docs/serve.md's.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from roomtools import REPO, Seat, create, open_room, token_of, within

pytest.importorskip("starlette", reason="rules serve needs the serve extra: pip install -e '.[test]'")

from cli.room import datalock  # noqa: E402

def shown_lines(data: Path) -> list[str]:
    """docs/serve.md's sample of what the server says (its folder ``rules-room``, ``data`` here)."""
    doc = (REPO / "docs/serve.md").read_text(encoding="utf-8")
    block = re.search(r"^<!-- sample: tests/room/test_store_removed.py -->\n```text\n(.*?)^```", doc, re.S | re.M)
    assert block is not None, "docs/serve.md shows what the server says of its folder removed"
    return [line.replace("rules-room", str(data)) for line in block.group(1).splitlines()]


def removed_words(data: Path) -> str:
    """The line said once as the room finds its folder removed: the sample's first."""
    words = (f"{data}/room.sqlite was removed, moved or replaced while the card room served: it takes no move and opens no "
             f"table from now on, since none would be kept; stop it, put {data} back as it was (or restore it from a backup), "
             f"then start it again")
    assert shown_lines(data)[0] == words
    return words


MOVE_REFUSED = {"type": "refused", "error": "server",
                "why": "the server could not keep this move (its store was removed while it served), so it is not taken: try again later"}


def first_play(seats: list[Seat]) -> tuple[int, dict[str, Any]]:
    """The seat to act at a new table and an action of it (the first card it is offered)."""
    views = [seat.read() for seat in seats]
    actor = views[0]["to_act"]
    move = next(m["move"] for m in views[actor]["legal"] if m["move"].startswith("play"))
    return actor, {"type": "action", "move": move, "seq": views[actor]["seq"]}


def test_a_move_and_a_table_are_refused_once_the_data_folder_is_removed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "room"
    house = {"name": "short.yaml", "text": "extends: schnapsen\n"}
    with open_room(data) as (client, room):
        reply = create(client, ["human", "human"])
        tokens = [token_of(s["link"]) for s in reply["seats"]]
        seats = [Seat(client, token) for token in tokens]
        actor, action = first_play(seats)
        capsys.readouterr()
        shutil.rmtree(data)
        seats[actor].send(action)
        assert seats[actor].read() == MOVE_REFUSED
        seats[actor].send(action)  # again: refused again, and not said again on stderr
        assert seats[actor].read() == MOVE_REFUSED
        watcher = Seat(client, token_of(reply["watch"]))  # the table is as it was: the move was not taken
        seen = watcher.read()
        assert seen["seq"] == action["seq"] and seen["trick"] == [], seen
        opened = client.post("/api/tables", json={"ruleset": "schnapsen", "seats": ["human", "greedy"]})
        assert opened.status_code == 503 and opened.json() == {
            "error": "server", "why": "the server could not keep a new table just now (its store was removed while it served), "
                                      "so none is opened: try again later"}, opened.text
        uploaded = client.post("/api/tables", json={"house": house, "seats": ["human", "greedy"]})
        assert uploaded.status_code == 503 and uploaded.json()["error"] == "server", uploaded.text
        checked = client.post("/api/check", json={"house": house})
        assert checked.status_code == 503 and checked.json() == {
            "error": "server", "why": "the server could not read this file just now (its store was removed while it served): try again later"}
        assert not data.exists(), "the folder removed is not made again (a house file, a table's folder)"
        assert list(room.kept) == [reply["table"]]
        for link in [*seats, watcher]:
            link.close()
    assert capsys.readouterr().err == removed_words(data) + "\n"


def test_a_lock_replaced_by_a_second_server_takes_this_ones_moves_away(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``DIR/room.lock`` removed alone: a second server takes a new lock at the same path and
    starts on the same store, so the first takes no more moves (only one writes the tables)."""
    data = tmp_path / "room"
    data.mkdir()
    lock = datalock.hold(data)  # as rules serve holds it, before the room opens its store
    try:
        with open_room(data) as (client, room):
            reply = create(client, ["human", "human"])
            seats = [Seat(client, token_of(s["link"])) for s in reply["seats"]]
            actor, action = first_play(seats)
            capsys.readouterr()
            (data / datalock.LOCK_NAME).unlink()
            second = datalock.hold(data)  # the lock file gone, a second server's lock is taken
            try:
                seats[actor].send(action)
                assert seats[actor].read() == MOVE_REFUSED
            finally:
                second.close()
            for link in seats:
                link.close()
    finally:
        lock.close()
    assert capsys.readouterr().err == (
        f"{data}/room.lock was removed or replaced while the card room served: another rules serve may now start on {data}, "
        f"so this one takes no move and opens no table from now on; stop it, then start one server on {data}\n")


def test_a_bot_stops_moving_once_the_data_folder_is_removed(tmp_path: Path) -> None:
    """The bot to act when the folder goes: each move it found would be refused, so it stops
    (it thought again and again, for good); its table stays where the store last kept it."""
    data = tmp_path / "room"
    with open_room(data, bot_delay=5.0) as (client, room):  # the folder goes while the bot waits to move
        reply = create(client, ["human", "greedy"])
        person = Seat(client, token_of(reply["seats"][0]["link"]))
        taken = person.read()
        while taken["to_act"] != 1:  # the person plays until the bot is to act (the bot may lead, the person take the trick)
            view = person.until_turn(taken, 0)
            move = next(m["move"] for m in view["legal"] if m["move"].startswith("play"))
            person.send({"type": "action", "move": move, "seq": view["seq"]})
            taken = person.read()
            assert taken["type"] == "state", taken
        live = room.tables[reply["table"]]
        shutil.rmtree(data)
        mover = live.mover
        assert mover is not None

        async def stopped() -> None:
            await mover

        within("the bot to stop", lambda: client.portal.call(stopped))
        assert live.table.seq == taken["seq"] and live.table.bot_to_act()  # its move was not taken
        person.close()


def test_a_folder_put_back_as_it_was_is_used_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Moved away and back (the same files): the move refused meanwhile is taken once it is back."""
    data, away = tmp_path / "room", tmp_path / "away"
    with open_room(data) as (client, room):
        reply = create(client, ["human", "human"])
        seats = [Seat(client, token_of(s["link"])) for s in reply["seats"]]
        actor, action = first_play(seats)
        data.rename(away)
        seats[actor].send(action)
        assert seats[actor].read() == MOVE_REFUSED
        away.rename(data)
        seats[actor].send(action)
        taken = seats[actor].read()
        assert taken["type"] == "state" and taken["seq"] == action["seq"] + 1 and len(taken["trick"]) == 1, taken
        for link in seats:
            link.close()


def test_the_server_stopped_after_its_folder_was_removed_does_not_say_its_tables_go_on(tmp_path: Path) -> None:
    from servetools import server_in_range

    data = tmp_path / "room"
    server = server_in_range(data)
    try:
        status, reply = server.post("/api/tables", {"ruleset": "schnapsen", "seats": ["human", "greedy"]})
        assert status == 201, reply
        shutil.rmtree(data)
        status, refused = server.post("/api/tables", {"ruleset": "schnapsen", "seats": ["human", "greedy"]})
        assert status == 503 and refused["error"] == "server", refused
    finally:
        code, err = server.stop()
    assert code == 128 + 15
    assert err.splitlines() == [
        removed_words(data),
        f"stopped serving the card room; {data}/room.sqlite was removed, moved or replaced while it served, so its tables do not "
        f"go on at the next start: put {data} back as it was (or restore it from a backup) before starting it again",
    ] == shown_lines(data), err
    assert not data.exists()
