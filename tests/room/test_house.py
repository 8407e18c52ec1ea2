"""House files as people upload them: saved by a Windows editor, named by a browser's download folder.

The lobby sends the file's bytes (base64), and the room reads them with the reader of ``rules
validate``: a file in Latin-1 (a German comment: ``Grüße``) is refused with the command's own
words and place, instead of being kept with U+FFFD where its umlauts were, as it was when the
browser decoded it; a UTF-8 file is kept byte for byte.  ``hausregeln (1).yaml`` and ``Meine
Regeln.yaml`` are taken under a safe name (:func:`cli.room.room.house_name`), which the lobby
is told; only a name that does not end in ``.yaml`` or ``.yml`` is refused.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

from roomtools import open_room

from cli.room.room import house_name
from runcli import invoke

#: A house file with a comment and a description in German, as text.
GERMAN = "extends: schnapsen\nname: kaernten\n# Grüße aus Kärnten\ndescription: Schnapsen bis 3, wie in Kärnten\nmatch:\n  target: 3\n"


def upload(name: str, raw: bytes) -> dict[str, object]:
    """The ``house`` of a request, as the lobby sends it: the file's bytes in base64."""
    return {"name": name, "base64": base64.b64encode(raw).decode("ascii")}


def test_a_latin1_house_file_is_refused_as_rules_validate_refuses_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Line 3 is ``# Grüße aus Kärnten``; in Latin-1 its ``ü`` is the byte 0xFC, the 5th
    character of the line ("# Gr" before it), which no UTF-8 character begins with."""
    raw = GERMAN.encode("cp1252")
    said = "hausregeln (1).yaml:3:5: the file is not valid UTF-8 (invalid start byte) (expected a file saved as UTF-8)"
    with open_room(tmp_path / "room") as (client, room):
        for path in ("/api/check", "/api/tables"):
            answer = client.post(path, json={"house": upload("hausregeln (1).yaml", raw), "seats": ["human", "greedy"]})
            assert (answer.status_code, answer.json()) == (400, {"error": "invalid", "why": said}), path
        assert not room.tables
        assert not list((tmp_path / "room").glob("tables/*/*")), "a refused file leaves nothing behind"
    # the command, on the same bytes in a file of that name, says the very same
    (tmp_path / "hausregeln (1).yaml").write_bytes(raw)
    monkeypatch.chdir(tmp_path)
    outcome = invoke(["validate", "hausregeln (1).yaml"])
    assert outcome.exit_code == 2 and outcome.stderr.strip().splitlines()[-1] == said


def test_a_utf8_house_file_is_kept_byte_for_byte_under_a_safe_name(tmp_path: Path) -> None:
    raw = GERMAN.encode("utf-8")
    with open_room(tmp_path) as (client, room):
        answer = client.post("/api/check", json={"house": upload("Meine Regeln (1).yaml", raw)})
        assert answer.json() == {"title": "Schnapsen", "seats": 2, "name": "Meine-Regeln-1.yaml"}
        reply = client.post("/api/tables", json={"house": upload("Meine Regeln (1).yaml", raw), "seats": ["human", "greedy"]})
        assert reply.status_code == 201, reply.text
        body = reply.json()
        assert body["ruleset"] == "Meine-Regeln-1.yaml"
        table = room.tables[body["table"]].table
        assert table.rs.description == "Schnapsen bis 3, wie in Kärnten" and table.rs.match.target == 3
        assert (tmp_path / "tables" / body["table"] / "Meine-Regeln-1.yaml").read_bytes() == raw
        token = body["watch"].rsplit("/", 1)[1]
    with open_room(tmp_path) as (client, room):  # and after a restart, from the store
        got = client.get(f"/api/house/{token}")
        assert got.status_code == 200 and got.content == raw
        assert got.headers["content-disposition"] == 'attachment; filename="Meine-Regeln-1.yaml"'


def test_a_house_file_with_a_byte_order_mark_is_taken_as_rules_validate_takes_it(tmp_path: Path) -> None:
    raw = b"\xef\xbb\xbf" + GERMAN.encode("utf-8")  # Notepad's "UTF-8 with BOM"
    with open_room(tmp_path) as (client, room):
        reply = client.post("/api/tables", json={"house": upload("notepad.yaml", raw), "seats": ["human", "greedy"]})
        assert reply.status_code == 201, reply.text
        assert (tmp_path / "tables" / reply.json()["table"] / "notepad.yaml").read_bytes() == raw


@pytest.mark.parametrize(("sent", "kept"), [
    ("hausregeln (1).yaml", "hausregeln-1.yaml"),
    ("Meine Regeln.yaml", "Meine-Regeln.yaml"),
    ("Käse & Brot.yml", "Kaese-Brot.yml"),
    ("Straße_Öl.YAML", "Strasse_Oel.yaml"),
    ("Ka\u0308se.yaml", "Kaese.yaml"),  # the umlaut as macOS writes it: a and a combining diaeresis
    ("café crème.yaml", "cafe-creme.yaml"),
    ("правила.yaml", "house.yaml"),  # no letter of it has an ASCII spelling
    ("../../etc/passwd.yaml", "passwd.yaml"),  # the last part of a path
    ("C:\\Users\\Jo\\rules.yaml", "rules.yaml"),
    ("_record.yaml", "record.yaml"),  # never the closing record's name
    (".hidden.yaml", "hidden.yaml"),
    ("a..b.yaml", "a.b.yaml"),
    ("..yaml", "house.yaml"),
    ("x" * 100 + ".yaml", "x" * 59 + ".yaml"),
    ("record.yaml", "record.yaml"),
    ("house/santase.yaml", "santase.yaml"),
])
def test_everyday_names_are_kept_under_a_safe_one(sent: str, kept: str) -> None:
    assert house_name(sent) == kept


def test_every_kept_name_is_safe() -> None:
    """Whatever it is sent: a letter or a digit first, ASCII letters, digits, '.', '_' and '-'
    after it, no '..', at most 64 characters, a YAML ending."""
    names = ["-.yaml", "_-_.yml", "a/..\\..yaml", "\x00\n\t.yaml", "é" * 70 + ".yaml", "a.-.-." * 20 + ".yaml",
             "x" * 58 + "..y.yaml", "💥 rules 💥.yaml", "«règles».yaml", "con.yaml", "a b\u200bc.yaml"]
    for sent in names:
        kept = house_name(sent)
        assert re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*\.ya?ml", kept) and ".." not in kept and len(kept) <= 64, (sent, kept)
        assert house_name(kept) == kept, "a kept name is kept as it is"


@pytest.mark.parametrize("sent", ["notes.txt", "yaml", "", "rules.yaml.txt", "rules.yaml/", "rules.json"])
def test_a_name_without_a_yaml_ending_is_refused(tmp_path: Path, sent: str) -> None:
    with open_room(tmp_path) as (client, room):
        answer = client.post("/api/check", json={"house": upload(sent, GERMAN.encode())})
        assert answer.status_code == 400 and answer.json()["error"] == "house"
        assert "does not end in .yaml or .yml" in answer.json()["why"]


def test_an_upload_that_is_not_base64_is_bad_json(tmp_path: Path) -> None:
    with open_room(tmp_path) as (client, room):
        for house in ({"name": "h.yaml", "base64": "not base64!"}, {"name": "h.yaml", "base64": "Grüße"},
                      {"name": "h.yaml", "base64": "", "text": ""}, {"name": "h.yaml"}):
            answer = client.post("/api/check", json={"house": house})
            assert (answer.status_code, answer.json()["error"]) == (400, "bad_json"), house
