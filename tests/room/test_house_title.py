"""A house file's title, as the room shows it: its control and bidi characters as escapes, at most 200 characters.

The room showed a house file's title whole and as it was -- in the table's heading, the
browser's tab and the lobby -- so a title of 10,000 characters filled the page, and one
with U+202E (RIGHT-TO-LEFT OVERRIDE) turned the tab's words after it around.  It is shown as
every command shows text from a file (``printable``: ``\\u202e`` written out), cut at 200
characters with an ellipsis; the file itself is kept as it was sent."""

from __future__ import annotations

import json
from pathlib import Path

from roomtools import Seat, open_room, token_of


def _house(title: str) -> str:
    return f"extends: schnapsen\nname: titled\ntitle: {json.dumps(title)}\n"


def test_a_title_with_a_bidi_override_and_a_control_is_shown_with_their_escapes(tmp_path: Path) -> None:
    title = "Evil \u202egnp.exe\x07 rules"
    shown = "Evil \\u202egnp.exe\\x07 rules"
    with open_room(tmp_path) as (client, room):
        checked = client.post("/api/check", json={"house": {"name": "t.yaml", "text": _house(title)}})
        assert checked.json()["title"] == shown
        opened = client.post("/api/tables", json={"house": {"name": "t.yaml", "text": _house(title)}, "seats": ["human", "greedy"]})
        assert opened.status_code == 201, opened.text
        assert opened.json()["title"] == shown
        seat = Seat(client, token_of(opened.json()["seats"][0]["link"]))
        assert seat.read()["title"] == shown  # the heading and the tab's title
        seat.close()
        assert client.get(f"/api/house/{token_of(opened.json()['watch'])}").text == _house(title)  # kept as sent


def test_a_long_title_is_cut_at_200_characters_with_an_ellipsis(tmp_path: Path) -> None:
    with open_room(tmp_path) as (client, room):
        answer = client.post("/api/check", json={"house": {"name": "t.yaml", "text": _house("A" * 10000)}})
        assert answer.json()["title"] == "A" * 199 + "…"
        exact = client.post("/api/check", json={"house": {"name": "t.yaml", "text": _house("B" * 200)}})
        assert exact.json()["title"] == "B" * 200
        # an escape that would not fit whole is left out: 197 characters and "\x07" (4) are over 199
        cut = client.post("/api/check", json={"house": {"name": "t.yaml", "text": _house("C" * 197 + "\x07" + "C" * 10)}})
        assert cut.json()["title"] == "C" * 197 + "…"
