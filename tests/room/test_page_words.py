"""The pages' and docs/serve.md's words against the code they describe: the bots the lobby
offers are the room's bots, and every action key is in serve.md's key table and the page's help."""

from __future__ import annotations

import re
from pathlib import Path

from cli.room.tables import ROOM_BOTS
from cli.table.words import ACTION_KEYS

REPO = Path(__file__).resolve().parents[2]
STATIC = REPO / "cli" / "room" / "static"


def test_the_lobby_and_serve_md_offer_every_bot_the_room_takes() -> None:
    lobby = (STATIC / "lobby.js").read_text(encoding="utf-8")
    kinds = lobby[lobby.index("const KINDS = [") : lobby.index("];", lobby.index("const KINDS = ["))]
    assert re.findall(r'^\s*\["([^"]+)",', kinds, re.MULTILINE) == ["human", *ROOM_BOTS]
    doc = (REPO / "docs" / "serve.md").read_text(encoding="utf-8")
    said = re.search(r"a person, or a bot \(([^)]*)\)", doc.replace("\n   ", " "))
    assert said is not None and re.findall(r"`([^`]+)`", said.group(1)) == list(ROOM_BOTS)


def test_every_action_key_is_in_the_key_table_and_the_page_help() -> None:
    doc = (REPO / "docs" / "serve.md").read_text(encoding="utf-8")
    table_keys = {k for row in re.findall(r"^\| (`[^|]+`) \|", doc, re.MULTILINE) for k in re.findall(r"`([^`]+)`", row)}
    help_text = (STATIC / "table.html").read_text(encoding="utf-8")
    help_keys = set(re.findall(r"<b>(\w)</b>", help_text))
    for key in ACTION_KEYS.values():
        assert key in table_keys, f"{key} is not in serve.md's key table"
        assert key in help_keys, f"{key} is not in the page help"
