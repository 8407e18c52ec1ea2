"""A proxy that passes ``Host`` on without the page's port (nginx's ``$host`` behind
``https://cards.example.org:8443/``) had the lobby's own requests refused as "a request from
another site's page"; the refusal now says that the name is the same and the port another,
and what a proxy in front should pass (docs/serve.md's nginx example: ``$http_host``)."""

from __future__ import annotations

import json
from pathlib import Path

from roomtools import open_room

from cli.room.app import same_name

BODY = json.dumps({"ruleset": "schnapsen", "seats": ["human", "greedy"]})


def test_the_same_name_on_another_port_says_what_a_proxy_should_pass(tmp_path: Path) -> None:
    with open_room(tmp_path) as (client, room):
        answer = client.post("/api/tables", content=BODY, headers={"Origin": "https://testserver:8443", "Content-Type": "application/json"})
    assert (answer.status_code, answer.json()["error"]) == (403, "origin")
    assert answer.json()["why"] == ("a request from the page 'https://testserver:8443' is refused: it was sent to 'testserver', "
                                    "the same name on another port -- another site's page, or a proxy in front that passes Host "
                                    "on without the page's port (nginx: proxy_set_header Host $http_host)")
    assert not room.tables


def test_the_names_compared() -> None:
    assert same_name("https://cards.example.org:8443", "cards.example.org")
    assert same_name("http://[::1]:8066", "[::1]:9000")
    assert not same_name("http://evil.example", "testserver")
    assert not same_name("null", "testserver")
    assert not same_name("http://x:99999999", "[::1")
