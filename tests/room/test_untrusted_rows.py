"""A row of ``room.sqlite`` names things the room acts on: held to the API's rules, or left out.

A probe found three columns trusted as they were read: a table's ``id`` is its folder's name
under ``DIR/tables`` (``..`` wrote the house file into the data folder, then, the file
refused, removed the whole data folder; ``../../victim`` a folder outside it); a
``house_name`` is the file's name in that folder (``../../../pwn.yaml`` wrote outside it);
a seat's kind names the code that plays it (``policy:/path/evil.py:act`` imported and ran
the file as the table's link was opened).  Each is now checked as the row is read, against
the rule the room's API holds a client to (:mod:`cli.room.names`), and the table is left out
with the room's usual words (docs/serve.md), the others going on, the row untouched.
"""

from __future__ import annotations

import base64
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from roomtools import Seat, create, open_room, sql, token_of

pytest.importorskip("starlette", reason="rules serve needs the serve extra: pip install -e '.[test]'")

from starlette.websockets import WebSocketDisconnect  # noqa: E402

from cli.room.store import Store  # noqa: E402

#: A house file the room takes (its table's ruleset is the name it is kept under).
HOUSE = "extends: schnapsen\nname: kurz\nmatch:\n  target: 3\n"
#: A house file the loader refuses (its base is no bundled ruleset): reading it back removes
#: the folder it was written to.
REFUSED_HOUSE = "extends: nosuch\nname: h\n"
BOTS = "search:easy, search:normal, search:hard, greedy, random, basic"


def rows_of(data: Path) -> list[tuple[Any, ...]]:
    db = sqlite3.connect(data / "room.sqlite")
    try:
        return db.execute("SELECT id, house_name, house_text, kinds FROM tables ORDER BY rowid").fetchall()
    finally:
        db.close()


def house_table(client: Any) -> dict[str, Any]:
    raw = base64.b64encode(HOUSE.encode()).decode("ascii")
    answer = client.post("/api/tables", json={"house": {"name": "kurz.yaml", "base64": raw}, "seats": ["human", "greedy"]})
    assert answer.status_code == 201, answer.text
    return answer.json()  # type: ignore[no-any-return]


def told(client: Any, token: str) -> dict[str, Any]:
    """What a link is told as it opens (a table left out: refused, and closed)."""
    with client.websocket_connect(f"/ws/{token}") as ws:
        said: dict[str, Any] = ws.receive_json()
        if said["type"] == "refused":  # (a table that opens sends no more: the caller's assertion says what came)
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()
    return said


def reopened(data: Path, bad: dict[str, Any], good: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> tuple[str, dict[str, Any]]:
    """The room started again on ``data``: what it says on stderr, and what the damaged table's
    link is told (the other table still opens)."""
    capsys.readouterr()
    with open_room(data) as (client, room):
        said = told(client, token_of(bad["seats"][0]["link"]))
        seat = Seat(client, token_of(good["seats"][0]["link"]))
        assert seat.read()["type"] == "state", "the other table goes on"
        seat.close()
    return capsys.readouterr().err, said


@pytest.mark.parametrize("table_id, why", [
    ("..", "its 'id' is '..', not a table's id (12 digits 0-9 and a-f, as the room makes them)"),
    ("../../victim", "its 'id' is '../../victim', not a table's id (12 digits 0-9 and a-f, as the room makes them)"),
    ("0123456789AB", "its 'id' is '0123456789AB', not a table's id (12 digits 0-9 and a-f, as the room makes them)"),
])
def test_a_table_whose_id_is_not_the_rooms_is_left_out_and_nothing_is_removed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], table_id: str, why: str) -> None:
    """Before: the room wrote the house file to ``DIR/tables/<id>/``, and on its refusal
    removed that folder -- the data folder itself for ``..``, ``victim`` beside it for
    ``../../victim``."""
    data = tmp_path / "data"
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("mine", encoding="utf-8")
    with open_room(data) as (client, room):
        bad = house_table(client)
        good = create(client, ["human", "greedy"])
    sql(data, "UPDATE steps SET table_id = ? WHERE table_id = ?", table_id, bad["table"])
    sql(data, "UPDATE tables SET id = ?, house_text = ? WHERE id = ?", table_id, REFUSED_HOUSE, bad["table"])
    before = rows_of(data)
    err, said = reopened(data, bad, good, capsys)
    assert err == f"table {table_id} (kurz.yaml) could not be read back and is left out: {why}\n"
    assert said["error"] == "unreadable" and said["why"].startswith(f"this table's saved state could not be read: {why}"), said
    assert (victim / "keep.txt").read_text(encoding="utf-8") == "mine"
    assert rows_of(data) == before, "the row stays as it was, for its operator"
    assert (data / "room.sqlite").is_file() and not (data / "kurz.yaml").exists()
    assert sorted(p.name for p in (data / "tables" / bad["table"]).iterdir()) == ["kurz.yaml"], "its folder as the room left it"


@pytest.mark.parametrize("name", ["../../../pwn.yaml", "sub/pwn.yaml", "_record.yaml", ".hidden.yaml", "pwn.txt", "Pwn Rules.yaml"])
def test_a_house_name_the_room_would_not_keep_leaves_its_table_out_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    """Before: ``../../../pwn.yaml`` was written beside the data folder; ``_record.yaml`` would
    stand where the table's closing record goes."""
    data = tmp_path / "data"
    with open_room(data) as (client, room):
        bad = house_table(client)
        good = create(client, ["human", "greedy"])
    sql(data, "UPDATE tables SET house_name = ? WHERE id = ?", name, bad["table"])
    why = f"its 'house_name' is {name!r}, not a name the room keeps a house file under (such as 'house.yaml')"
    err, said = reopened(data, bad, good, capsys)
    assert err == f"table {bad['table']} (kurz.yaml) could not be read back and is left out: {why}\n"
    assert said["why"].startswith(f"this table's saved state could not be read: {why}"), said
    assert not (tmp_path / "pwn.yaml").exists()
    assert sorted(p.name for p in (data / "tables" / bad["table"]).iterdir()) == ["kurz.yaml"], "its folder as the room left it"


def test_a_seat_kind_the_api_refuses_is_left_out_and_runs_no_code(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: the policy's file was imported (and run) as the table's link was opened."""
    data = tmp_path / "data"
    evil = tmp_path / "evil.py"
    ran = tmp_path / "ran"
    evil.write_text(f"open({str(ran)!r}, 'w').close()\n\ndef act(view):\n    return None\n", encoding="utf-8")
    with open_room(data) as (client, room):
        bad = create(client, ["human", "greedy"])
        good = create(client, ["human", "greedy"])
    kind = f"policy:{evil}:act"
    sql(data, "UPDATE tables SET kinds = ? WHERE id = ?", json.dumps(["human", kind]), bad["table"])
    shown = repr(["human", kind])[:39] + "…"  # a value quoted in a message is cut after 39 characters
    why = f"its 'kinds' is {shown}: {repr(kind)[:39]}… is no seat of the room; each seat is 'human' or one of {BOTS}"
    err, said = reopened(data, bad, good, capsys)
    assert err == f"table {bad['table']} (schnapsen) could not be read back and is left out: {why}\n"
    assert said["why"].startswith(f"this table's saved state could not be read: {why}"), said
    assert not ran.exists(), "the policy's file was run"


@pytest.mark.parametrize("kinds, tokens, why", [
    # no person: as the API says it (a row is read before its ruleset, so any count)
    (["greedy", "random"], [None, None],
     "its 'kinds' is ['greedy', 'random']: a table needs at least one person ('human'); bots alone play with rules run or rules arena"),
    (["human", 7], ["LINK", None], f"its 'kinds' is ['human', 7]: give a list of seats, each 'human' or one of {BOTS}"),
    # three seats at a game of two: known once the ruleset is read, as the table is first used
    (["human", "greedy", "random"], ["LINK", None, None],
     f"its 'kinds' holds 3 seats: Schnapsen seats 2: give a list of 2 seats, each 'human' or one of {BOTS}"),
])
def test_kinds_are_held_to_the_seats_the_api_takes(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   kinds: list[object], tokens: list[str | None], why: str) -> None:
    data = tmp_path / "data"
    with open_room(data) as (client, room):
        bad = create(client, ["human", "greedy"])
        good = create(client, ["human", "greedy"])
    link = token_of(bad["seats"][0]["link"])
    stored = [link if token == "LINK" else token for token in tokens]
    sql(data, "UPDATE tables SET kinds = ?, tokens = ? WHERE id = ?", json.dumps(kinds), json.dumps(stored), bad["table"])
    err, said = reopened(data, bad if "LINK" in tokens else {"seats": [{"link": bad["watch"]}]}, good, capsys)
    assert err == f"table {bad['table']} (schnapsen) could not be read back and is left out: {why}\n"
    assert said["why"].startswith(f"this table's saved state could not be read: {why}"), said


@pytest.mark.parametrize("name", ["..", "../x", "", "tables", "0123456789abc", "check-..", "check-0123456789ab/.."])
def test_a_folder_is_never_named_by_anything_but_a_tables_id(tmp_path: Path, name: str) -> None:
    """The folder the room writes a house file in and removes when the file is refused: a
    name that is no table's id (nor a check's) is refused before any path is made of it."""
    store = Store(tmp_path)
    try:
        with pytest.raises(ValueError, match="is not a table's id"):
            store.house_folder(name)
        with pytest.raises(ValueError, match="is not a table's id"):
            store.private_house_folder(name)
        assert store.house_folder("0123456789ab") == tmp_path / "tables" / "0123456789ab"
        assert store.house_folder("check-0123456789ab") == tmp_path / "tables" / "check-0123456789ab"
    finally:
        store.close()
    assert not (tmp_path / "tables").exists()
