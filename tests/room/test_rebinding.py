"""A room on the loopback address answers only requests sent to this machine (DNS rebinding).

A site whose name its owner made lead to 127.0.0.1 is, to the browser, the room itself: its
page's ``Origin`` and the ``Host`` the browser sends agree, so the cross-site check took
``POST /api/tables`` from it (201) and built the new table's links on its name.  The browser
cannot be made to send another ``Host`` than the site's: a room on 127.0.0.1 refuses every
``Host`` but this machine's (``localhost``, a loopback address) and the names its proxy passes
on (``--server-name``).  A room listening on other addresses is left as it was: docs/security.md
says what to do there."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from roomtools import within

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from starlette.websockets import WebSocketDisconnect

from cli.room.app import make_app
from runcli import invoke

TABLE = {"ruleset": "schnapsen", "seats": ["human", "greedy"]}
EVIL = {"Host": "evil.example:18401", "Origin": "http://evil.example:18401"}


def _client(data: Path, listen: str | None, names: list[str] | None = None) -> TestClient:
    client = TestClient(make_app(data, 0.0, listen=listen, server_names=names or []), base_url="http://127.0.0.1:18401")
    within("the room to start", client.__enter__)
    return client


def test_a_room_on_the_loopback_address_refuses_another_sites_name(tmp_path: Path) -> None:
    client = _client(tmp_path, "127.0.0.1")
    try:
        answer = client.post("/api/tables", json=TABLE, headers=EVIL)
        assert answer.status_code == 403
        assert answer.json() == {"error": "host", "why": "a request for the host 'evil.example:18401' is refused: this room answers to "
                                 "localhost, 127.0.0.1 only (behind a proxy, start it with --server-name and the name people use)"}
        for path in ("/", "/api/rulesets", "/static/room.js"):
            assert client.get(path, headers={"Host": "evil.example:18401"}).status_code == 403, path
        assert client.get("/", headers={"Host": "127.0.0.1.evil.example"}).status_code == 403
        table = client.post("/api/tables", json=TABLE).json()
        token = table["seats"][0]["link"].rsplit("/", 1)[1]
        with pytest.raises(WebSocketDisconnect) as closed:
            with client.websocket_connect(f"/ws/{token}", headers={"Host": "evil.example:18401"}) as socket:
                socket.receive_text()
        assert closed.value.code == 4403
    finally:
        client.__exit__(None, None, None)


@pytest.mark.parametrize("host", ["127.0.0.1:18401", "localhost:18401", "LocalHost", "127.0.0.1", "[::1]:18401", "127.0.0.2:18401"])
def test_this_machines_names_are_taken_and_the_links_built_on_them(tmp_path: Path, host: str) -> None:
    client = _client(tmp_path, "127.0.0.1")
    try:
        answer = client.post("/api/tables", json=TABLE, headers={"Host": host, "Origin": f"http://{host}"})
        assert answer.status_code == 201, answer.text
        assert answer.json()["watch"].startswith(f"http://{host}/t/")
    finally:
        client.__exit__(None, None, None)


def test_the_name_a_proxy_passes_on_is_taken(tmp_path: Path) -> None:
    client = _client(tmp_path, "127.0.0.1", ["cards.example.org"])
    try:
        answer = client.post("/api/tables", json=TABLE, headers={"Host": "Cards.Example.org", "Origin": "https://cards.example.org"})
        assert answer.status_code == 201, answer.text
        assert answer.json()["watch"].startswith("http://Cards.Example.org/t/")  # as the proxy passed it on
        assert client.post("/api/tables", json=TABLE, headers=EVIL).status_code == 403
    finally:
        client.__exit__(None, None, None)


def test_a_room_on_every_network_takes_any_host_as_before(tmp_path: Path) -> None:
    client = _client(tmp_path, "0.0.0.0")
    try:
        answer = client.post("/api/tables", json=TABLE, headers=EVIL)
        assert answer.status_code == 201, answer.text
    finally:
        client.__exit__(None, None, None)


@pytest.mark.parametrize("name", ["https://cards.example.org", "cards.example.org:443", "cards example", ""])
def test_a_server_name_that_is_no_host_name_is_refused(name: str) -> None:
    result = invoke(["serve", "--server-name", name])
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"error: --server-name: {name!r} is not a host name; give the name people reach the room by, "
                                     "such as cards.example.org (no http://, no port)")
