"""The ``list`` command: the rulesets that come with the program, by the names the commands take.

A new user's first question is which games there are: ``rules list`` answers it with each
bundled ruleset's name (what ``rules run NAME`` takes), its number of seats and its title;
``--json`` adds the file each is read from.  The bundled base games come first, then the
example house rules of ``rulesets/house/`` (names ``house/...``), each group by name.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from cli.errors import fail
from cli.output import say
from interpreter.core.errors import RulesError
from interpreter.core.printable import json_text
from interpreter.rules.loader import load_ruleset
from interpreter.rules.resources import bundled_rulesets

HOUSE_PREFIX = "house/"


def rulesets() -> list[dict[str, Any]]:
    """One entry per bundled ruleset: ``name``, ``title``, ``seats``, ``partnership``, ``path``,
    ``kind`` (``bundled`` or ``house``); the bundled games first, then the house rules."""
    found = bundled_rulesets()
    names = sorted(found, key=lambda name: (name.startswith(HOUSE_PREFIX), name))
    out: list[dict[str, Any]] = []
    for name in names:
        rs = load_ruleset(name)
        out.append({
            "name": name,
            "title": rs.title,
            "seats": rs.players.count,
            "partnership": rs.partnership,
            "kind": "house" if name.startswith(HOUSE_PREFIX) else "bundled",
            "path": str(found[name]),
        })
    return out


def list_rulesets(
    as_json: Annotated[bool, typer.Option("--json", help="Print the list as one JSON object, with each ruleset's file.")] = False,
) -> None:
    """List the bundled rulesets (and the example house rules): name, seats and title."""
    try:
        entries = rulesets()
    except RulesError as exc:  # a broken bundled file: said like any other ruleset error
        raise fail(exc) from None
    if as_json:
        say(json_text({"rulesets": entries}, ensure_ascii=True))
        return
    width = max(len(e["name"]) for e in entries)
    say(f"{'name':<{width}}  seats  title")
    kind = None
    for e in entries:
        if e["kind"] != kind and kind is not None:
            say()
        kind = e["kind"]
        say(f"{e['name']:<{width}}  {e['seats']:>5}  {e['title']}")
