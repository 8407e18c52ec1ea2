"""docs/api.md says which parts of a ``Ruleset`` can be written, and does not call it read-only
all the way down.

It did: yet ``rs.tables.game_points_cache`` and ``rs.tables.engine_cache`` are plain ``dict``s
(the engine's working memory, filled as games are played), and a bot that wrote into
``game_points_cache`` through ``view.rs`` changed the score of that ending in every later game.
Every such attribute, found here by writing into it, must be named in the page.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from interpreter import load_ruleset

API = Path(__file__).parents[2] / "docs" / "api.md"


def _writable_tables(name: str) -> list[str]:
    """The attributes of ``load_ruleset(name).tables`` that take a new item (tried on a copy's
    worth: the key is removed again)."""
    tables = load_ruleset(name).tables
    found = []
    for f in fields(tables):
        value = getattr(tables, f.name)
        if isinstance(value, dict):
            key = object()
            try:
                value[key] = 0
            except TypeError:
                continue
            del value[key]
            found.append(f.name)
    return found


def test_the_page_names_every_writable_part_of_a_ruleset() -> None:
    text = " ".join(API.read_text(encoding="utf-8").split())
    writable = _writable_tables("schnapsen")
    assert set(writable) >= {"game_points_cache", "engine_cache"}  # what the page must name, at least
    for name in writable:
        assert f"`rs.tables.{name}`" in text, name
    assert "read-only all the way down" not in text
