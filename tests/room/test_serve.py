"""``rules serve`` as people use it: its own process on 127.0.0.1, people at two links and bots
at one four-handed table; a two-handed match stopped with SIGTERM mid-deal and started again,
going on where it was; the finished match's record read back by the project's reader."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from servetools import REPO, Person, Server, server_in_range

from interpreter.play.record import load_record


def test_two_people_and_two_bots_play_a_whole_four_handed_match(tmp_path: Path) -> None:
    server = Server(tmp_path)
    try:
        status, reply = server.post("/api/tables", {"ruleset": "north-american-4", "seats": ["human", "greedy", "human", "search:easy"]})
        assert status == 201, reply
        people = [Person(seat["link"], seed=seat["seat"]) for seat in reply["seats"] if seat["link"]]
        assert len(people) == 2
        for person in people:
            person.start()
        for person in people:
            person.join(timeout=600)
            assert person.error is None, person.error
            assert person.done, "the match did not end"
        final = people[0].messages[-1]
        assert final["match"]["over"] and final["match"]["winner"] in (0, 1)
        # the two people sit on one team (seats 0 and 2): both are told the same end
        assert people[1].messages[-1]["match"] == final["match"]
        status, text = server.get(f"/api/record/{people[0].link.rsplit('/', 1)[1]}")
        assert status == 200
        path = tmp_path / "record.yaml"
        path.write_text(text, encoding="utf-8")
        record = load_record(path)
        assert record.meta["players"] == ["human", "greedy", "human", "search:easy"]
    finally:
        server.stop()


def test_a_two_handed_match_survives_a_restart_mid_deal(tmp_path: Path) -> None:
    server = Server(tmp_path)
    status, reply = server.post("/api/tables", {"ruleset": "schnapsen", "seats": ["human", "search:easy"]})
    assert status == 201, reply
    link = reply["seats"][0]["link"]
    before = Person(link, seed=1, stop_after=3)
    before.run()
    assert before.error is None and before.acted == 3
    code, said = server.stop()
    assert code == 143, said  # 128 + SIGTERM, as every rules command stopped by it
    assert "stopped serving the card room" in said
    assert "Traceback" not in said
    where = before.messages[-1]
    assert where["result"] is None and where["hand"], "the test stops mid-deal"

    server = Server(tmp_path, port=server.port)  # the links name the address: the same one again
    try:
        after = Person(link, seed=2)
        after.start()
        after.join(timeout=600)
        assert after.error is None, after.error
        first = after.messages[0]
        # the same seat, the same position: hand, trick, talon, change counter
        for key in ("seq", "deal", "hand", "trick", "talon", "trump", "turn_up", "to_act"):
            assert first[key] == where[key], key
        assert after.done and after.messages[-1]["match"]["over"]
    finally:
        server.stop()


@pytest.mark.parametrize("level", ["info", "trace"])
def test_the_log_of_every_request_holds_no_link(tmp_path: Path, level: str) -> None:
    """RULES_SERVE_LOG=info logs each request and WebSocket with its path; a seat's link in a
    path is the key to that seat, so the log shows the path with the link cut out.  ``trace``
    logs each connection's ASGI scope too, a dict whose path (and raw path, bytes) held the
    link whole."""
    from websockets.sync.client import connect

    server = server_in_range(tmp_path, log=level)
    try:
        status, reply = server.post("/api/tables", {"ruleset": "schnapsen", "seats": ["human", "greedy"]})
        assert status == 201, reply
        tokens = [seat["link"].rsplit("/", 1)[1] for seat in reply["seats"] if seat["link"]] + [reply["watch"].rsplit("/", 1)[1]]
        for token in tokens:
            assert server.get(f"/t/{token}")[0] == 200
            server.get(f"/api/record/{token}")  # not finished yet: refused, and logged
        with connect(f"ws://127.0.0.1:{server.port}/ws/{tokens[0]}") as socket:
            socket.recv(timeout=30)
    finally:
        _, err = server.stop()
    logged = server.out + err  # uvicorn writes the access log to stdout, the rest to stderr
    assert "GET /t/... HTTP/1.1" in logged and "/api/record/..." in logged and "WebSocket /ws/..." in logged, logged
    for token in tokens:
        assert token not in logged


def test_it_says_where_it_listens_as_docs_serve_md_shows_and_stops_at_once(tmp_path: Path) -> None:
    """docs/serve.md's sample line (port 8066 and the default folder there; a free port and a
    folder of the test's here), then SIGTERM straight after it."""
    doc = (REPO / "docs" / "serve.md").read_text(encoding="utf-8").splitlines()
    shown = [line for line in doc if line.startswith("serving the card room at ")]
    assert len(shown) == 1
    server = Server(tmp_path)
    said = server.first_line
    status, err = server.stop()  # at once: a service manager may stop it as it starts
    assert said == shown[0].replace(":8066/", f":{server.port}/").replace("rules-room/room.sqlite", str(tmp_path / "room.sqlite"))
    # once it has said so, SIGTERM ends it cleanly (it once came before the handler: killed,
    # status -15; or between the handler and uvicorn's: noted, and the server served on)
    assert status == 128 + 15 and "stopped serving the card room" in err, (status, err)


def _doc_json(page: str) -> list[str]:
    """The ```json blocks of a page, in order (but the samples of damage, test_damage.py's)."""
    import re

    text = (REPO / "docs" / page).read_text(encoding="utf-8")
    found = re.findall(r"^(?:<!-- sample: (\S+) -->\n)?```json\n(.*?)^```", text, re.S | re.M)
    return [block for source, block in found if source != "tests/room/test_damage.py"]


def _shape(value: object) -> object:
    """A JSON value with its strings and numbers replaced by their types: what a sample of a
    reply with its own tokens and cards shares with every other reply."""
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_shape(v) for v in value[:1]]
    return type(value).__name__


def test_the_api_answers_as_docs_serve_md_shows(tmp_path: Path) -> None:
    """docs/serve.md's JSON samples against a real server: the table's reply (the same keys,
    seats and kinds of value; its tokens are its own), the two refusals word for word, the
    seat's first state message (the same keys and kinds, the same seats and card values) and
    the refusal of a stale choice word for word."""
    import json

    from websockets.sync.client import connect

    table, refusals, state, _presence, _sent, stale = _doc_json("serve.md")  # presence: tests/room/test_presence.py
    server = Server(tmp_path)
    try:
        status, reply = server.post("/api/tables", {"ruleset": "schnapsen", "seats": ["human", "search:easy"]})
        assert status == 201
        shown = json.loads(table)
        assert _shape(reply) == _shape(shown)
        assert [(s["seat"], s["player"], s["link"] is None) for s in reply["seats"]] == [(s["seat"], s["player"], s["link"] is None) for s in shown["seats"]]
        assert reply["title"] == shown["title"] and reply["ruleset"] == shown["ruleset"]
        assert reply["watch"].startswith(f"http://127.0.0.1:{server.port}/t/") and shown["watch"].startswith("http://127.0.0.1:8066/t/")

        bodies = [{"house": {"name": "short.yaml", "text": "extends: schnapsen\nname: short\nmatch:\n  target: -3\n"}, "seats": ["human", "greedy"]},
                  {"ruleset": "schnapsen", "seats": ["human", "policy:x.py:B"]}]
        for body, line in zip(bodies, refusals.splitlines(), strict=True):
            assert server.post("/api/tables", body) == (400, json.loads(line))

        with connect(f"ws://127.0.0.1:{server.port}/ws/{reply['seats'][0]['link'].rsplit('/', 1)[1]}") as socket:
            first = json.loads(socket.recv(timeout=30))
            shown_state = json.loads(state.replace(', "..."]', "]"))  # the page cuts the legal list short
            assert _shape(first) == _shape(shown_state)
            assert first["seats"] == shown_state["seats"] and first["values"] == shown_state["values"]
            assert first["seq"] == shown_state["seq"] == 1
            socket.send(json.dumps({"type": "action", "move": first["legal"][0]["move"] if first["legal"] else "continue", "seq": 0}))
            assert json.loads(socket.recv(timeout=30)) == json.loads(stale)
    finally:
        server.stop()


def test_a_second_server_on_the_same_folder_is_refused_and_a_killed_one_blocks_nothing(tmp_path: Path) -> None:
    """Two servers on one --data would both write its room.sqlite: the second is refused with
    one line and status 2, while the first serves on.  The lock is the system's, not the
    file's: a server killed outright (no cleanup at all) leaves its lock file behind, and the
    next start is not blocked by it."""
    import subprocess
    import sys

    first = Server(tmp_path)
    try:
        second = subprocess.run([sys.executable, "-m", "cli.main", "serve", "--port", "0", "--data", str(tmp_path)],
                                cwd=REPO, capture_output=True, text=True, timeout=60, check=False)
        doc = (REPO / "docs" / "serve.md").read_text(encoding="utf-8").splitlines()
        shown = [line for line in doc if line.startswith("error: --data: another rules serve")]
        assert len(shown) == 1  # the page's line, with this server's process and folder
        expected = shown[0].replace("(process 4242)", f"(process {first.proc.pid})").replace(" rules-room ", f" {tmp_path} ")
        assert (second.returncode, second.stderr) == (2, expected + "\n")
        assert first.get("/api/rulesets")[0] == 200  # the first serves on
    finally:
        first.stop()
    crashed = Server(tmp_path)
    crashed.proc.kill()  # SIGKILL: nothing of its own runs
    crashed.proc.communicate(timeout=30)
    assert (tmp_path / "room.lock").read_text() == f"{crashed.proc.pid}\n"
    again = Server(tmp_path)
    assert again.first_line.startswith("serving the card room at ")
    assert again.stop()[0] == 143


def _bad_store(folder: Path, kind: str) -> None:
    """Put under ``folder`` a room.sqlite that is no room's store, of one of the kinds a
    mistaken --data holds."""
    import sqlite3

    folder.mkdir()
    path = folder / "room.sqlite"
    if kind == "random bytes":
        path.write_bytes(bytes(range(256)) * 8)
    elif kind == "a text file":
        path.write_text("tables: none here\n", encoding="utf-8")
    elif kind == "a folder":
        path.mkdir()
    elif kind == "another program's tables":
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE tables (id TEXT, legs INTEGER)")
        db.commit()
        db.close()
    # (a room's own store whose rows are damaged starts, each damaged table left out: test_damage.py)

#: What each kind of file is said to be, after "is not a card room's store: ".
BAD_STORES = {
    "random bytes": "file is not a database",
    "a text file": "file is not a database",
    "a folder": "it is a folder",
    "another program's tables": "its table 'tables' has no columns created, ruleset, house_name, house_text, kinds, tokens, watch, seed",
}


@pytest.mark.parametrize("kind", sorted(BAD_STORES))
def test_a_data_folder_whose_room_sqlite_is_no_store_is_refused_before_serving(tmp_path: Path, kind: str) -> None:
    """A room.sqlite that is not the room's own is refused as a usage error: one line naming
    the file and what is wrong with it, status 2, no banner, and a file of another kind left
    as it was (nothing is written to a file before it is known to be a room's)."""
    import subprocess
    import sys

    data = tmp_path / "data"
    _bad_store(data, kind)
    path = data / "room.sqlite"
    before = path.read_bytes() if path.is_file() else None
    done = subprocess.run([sys.executable, "-m", "cli.main", "serve", "--port", "0", "--data", str(data)],
                          cwd=REPO, capture_output=True, text=True, timeout=60, check=False)
    doc = (REPO / "docs" / "serve.md").read_text(encoding="utf-8").splitlines()
    shown = [line for line in doc if line.startswith("error: --data: notes/room.sqlite is not a card room's store: ")]
    assert len(shown) == 1  # the page's line, for random bytes in notes/room.sqlite
    assert shown[0] == ("error: --data: notes/room.sqlite is not a card room's store: file is not a database (expected the "
                        "SQLite file of a rules serve, or none to start a new room; move it away or give another --data DIR)")
    expected = shown[0].replace("notes/room.sqlite", str(path)).replace("file is not a database", BAD_STORES[kind]) + "\n"
    assert (done.returncode, done.stderr, done.stdout) == (2, expected, "")
    assert (path.read_bytes() if path.is_file() else None) == before


def test_an_empty_room_sqlite_starts_a_new_room(tmp_path: Path) -> None:
    """An empty file is an empty SQLite database to SQLite: the room starts in it."""
    (tmp_path / "room.sqlite").write_bytes(b"")
    server = Server(tmp_path)
    try:
        assert server.first_line.startswith("serving the card room at ")
        status, reply = server.post("/api/tables", {"ruleset": "schnapsen", "seats": ["human", "greedy"]})
        assert status == 201, reply
    finally:
        assert server.stop()[0] == 143


def _masked_text_frame(payload: bytes) -> bytes:
    """One WebSocket text frame as a client sends it (RFC 6455 5.2: FIN, opcode 1, masked): a
    client library encodes text itself, so a frame that is not UTF-8 is written by hand."""
    import os

    key = os.urandom(4)
    assert len(payload) < 126
    return bytes([0x81, 0x80 | len(payload)]) + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def test_behind_the_documented_proxy_links_are_https_and_bad_text_is_one_line(tmp_path: Path) -> None:
    """Behind docs/serve.md's nginx (on this machine, so trusted), the room started as the page
    says (``--server-name``), a table's links carry the
    page's scheme and host: https, else the seats' keys went out in clear text.  The headers
    sent are the ones the page's nginx block sets.  And a WebSocket text frame that is not
    UTF-8 is the client's fault: its connection is closed with 1007 and the log says so in one
    line, where uvicorn printed an ERROR and a traceback."""
    import base64
    import json
    import os
    import re
    import socket
    import urllib.request

    doc = (REPO / "docs" / "serve.md").read_text(encoding="utf-8")
    nginx = re.search(r"^```nginx\n(.*?)^```", doc, re.S | re.M)
    assert nginx is not None
    named = re.search(r"`rules serve --server-name (\S+?)`", doc)  # the room told the name nginx passes on (DNS rebinding)
    assert named is not None and named.group(1) == "cards.example.org"
    passed = dict(re.findall(r"proxy_set_header\s+(\S+)\s+(\S+?);", nginx.group(1)))
    # on a port of its own (not 443): $http_host passes it on, as the page's Origin names it ($host dropped it)
    values = {"$http_host": "cards.example.org:8443", "$scheme": "https", "$remote_addr": "203.0.113.7"}
    headers = {name: values[value] for name, value in passed.items() if value in values}
    assert set(headers) == {"Host", "X-Forwarded-Proto", "X-Forwarded-For"}, passed
    server = Server(tmp_path, args=("--server-name", named.group(1)))
    try:
        body = json.dumps({"ruleset": "schnapsen", "seats": ["human", "greedy"]}).encode()
        request = urllib.request.Request(server.base + "/api/tables", data=body,
                                         headers={**headers, "Content-Type": "application/json", "Origin": "https://cards.example.org:8443"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            reply = json.loads(answer.read())
        assert reply["seats"][0]["link"].startswith("https://cards.example.org:8443/t/") and reply["watch"].startswith("https://cards.example.org:8443/t/")
        token = reply["seats"][0]["link"].rsplit("/", 1)[1]
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as raw:
            key = base64.b64encode(os.urandom(16)).decode()
            raw.sendall(f"GET /ws/{token} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
            got = b""
            while b"\r\n\r\n" not in got:  # the handshake's answer, before any frame is sent
                got += raw.recv(4096)
            assert got.startswith(b"HTTP/1.1 101 ")
            raw.sendall(_masked_text_frame(b"\xff\xfe\xfd"))
            closed = b"\x88\x02\x03\xef"  # a close frame (0x88) of 2 bytes: code 1007 (0x03ef), invalid data
            while closed not in got and (chunk := raw.recv(4096)):  # the seat's first messages, then the close
                got += chunk
        assert closed in got, got[-200:]
    finally:
        status, err = server.stop()
    assert status == 128 + 15
    assert "Traceback" not in err and "ERROR" not in err, err
    assert [line for line in err.splitlines() if "UTF-8" in line] == [
        "WARNING:  a WebSocket client sent text that is not UTF-8: its connection was closed (1007)"], err


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="SIGHUP")
def test_a_closed_terminal_sighup_stops_the_room_as_sigterm_does(tmp_path: Path) -> None:
    """SIGHUP (the terminal it ran in closed) ends the room cleanly with 128 + 1: uvicorn
    handles only SIGINT and SIGTERM, and the program's start-up handler raised out of its loop."""
    server = Server(tmp_path)
    status, err = server.stop(signal.SIGHUP)
    assert status == 128 + 1 and "stopped serving the card room" in err and "Traceback" not in err, (status, err)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_ignored_as_the_room_started_still_ends_it_with_its_status(tmp_path: Path, signum: int) -> None:
    """``rules serve &`` in a script starts with SIGINT ignored (``nohup``-like starts too):
    the web server takes SIGINT and SIGTERM all the same and stops, so the command says so
    with 128 + the signal -- it exited 0, a killed server taken for a clean exit."""
    server = Server(tmp_path, ignored=(signum,))
    status, err = server.stop(signum)
    assert status == 128 + signum and "stopped serving the card room" in err and "Traceback" not in err, (status, err)
