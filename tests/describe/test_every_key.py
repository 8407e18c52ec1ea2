"""Every key a ruleset can set is known to ``rules diff`` and ``rules describe``.

For each leaf key path of the schema, a ruleset (bundled, a test fixture or one made here) is changed in that
key -- written out in full to a temporary file and loaded, so the change passes the schema and
the loader's checks -- and then:

* ``diff_rulesets`` must report a change at that path, under a label taken
  from the schema's own words (not one made from the bare key path), with every enum value in
  words (``diff.WORDS`` or the description's ``value = meaning`` clauses), never the raw token;
* the rulebook of the changed ruleset must differ from the unchanged one's.

The values tried come from the schema (the other enum values, the other boolean, a number one
up or down, the examples, an expression with ``+ 1``); a key whose change needs other keys to
change with it has an entry in ``VARIANTS``.  A key with a single allowed value cannot
change and is only checked for its label.  A new key fails here until the diff and the
rulebook say something about it (see docs/contributing.md).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from functools import lru_cache
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from interpreter import Ruleset, bundled_rulesets, load_ruleset
from interpreter.core.errors import RulesError
from interpreter.rules.loader import load_schema
from interpreter.text.describe import rulebook
from interpreter.text.diff import WORDS, Change, diff_rulesets
from interpreter.text.schemadoc import yaml_flow
from interpreter.text.schemawords import meanings, schema_label, schema_leaves
from tests.describe.datapaths import get_path, with_path

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "rulesets"
#: The rulesets changed, one of each kind first (two players, partnerships and units, three
#: players, three sides in game points, a lone bidder), then all the others.
_FIRST = [
    "sechsundsechzig", "north-american-4", "north-american-3",
    str(FIXTURES / "three-seat-66.yaml"), str(FIXTURES / "bidder-vs-rest.yaml"),
]
#: Rulesets made here for rules no bundled ruleset or fixture has yet: name -> (base, keys merged
#: into its data).  Trump named by the forehand: three players who turn a card on a pass, and
#: partners who pass the choice on (the keys of trump.selection named are inert elsewhere).
MADE: dict[str, tuple[str, dict[str, Any]]] = {
    "three-seat-66-named": (str(FIXTURES / "three-seat-66.yaml"), {
        "trump": {"selection": "named", "name_after_packet": 1, "if_passed": "turn_next"},
    }),
    "north-american-4-named": ("north-american-4", {"trump": {"selection": "named", "if_passed": "partner"}}),
    # a moon made on points, not tricks (bidding.moon.points is inert otherwise)
    "north-american-4-moon-points": ("north-american-4", {"bidding": {"moon": {"requirement": "points", "points": 120}}}),
}
BASES = _FIRST + [
    b for b in sorted(bundled_rulesets()) + sorted(str(p) for p in FIXTURES.glob("*.yaml")) if b not in _FIRST
] + sorted(MADE)

#: The ruleset's name and prose, which the diff and the rulebook show as written.
HEADER = {"name", "title", "description", "extends"}

#: North American four-handed without its auction: the declarer's lead and units go with it.
_NO_AUCTION = ("north-american-4", {
    "bidding": {"enabled": False, "moon": None},
    "play": {"first_lead": "dealer_left"},
    "scoring": {"method": "game_points"},
    "match": {"target": 7, "bidder_goes_out": False},
})

#: Sechsundsechzig with every card dealt: no talon, so no turn-up, exchange or closing.
_NO_TALON = ("sechsundsechzig", {
    "deal": {"talon": False, "hand_size": 12, "packets": [6, 6]},
    "trump": {"selection": "first_card_led"},
    "exchange": {"enabled": False},
    "closing": {"enabled": False},
})

#: Changes that need other keys to change with them: path -> (base, keys merged into its data).
VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "deck.suits": ("sechsundsechzig", {"deck": {"suits": ["C", "D", "H"]}}),
    "deck.ranks": ("schnapsen", {"deck": {"ranks": ["A", "T", "K", "Q", "J", "9"], "points": {"9": 0}}}),
    "deal.hand_size": ("schnapsen", {"deal": {"hand_size": 6, "packets": [3, 3]}}),
    "deal.packets": ("sechsundsechzig", {"deal": {"packets": [2, 4]}}),
    "deal.talon": _NO_TALON,
    "deal.widow": ("north-american-3", {"deal": {"widow": None, "hand_size": 8, "packets": [4, 4]}}),
    "trump.selection": _NO_TALON,
    "play.first_lead": _NO_AUCTION,
    "scoring.method": _NO_AUCTION,
    "bidding.enabled": _NO_AUCTION,
}

#: How many reported changes of one key are checked (from bases of different kinds first).
PER_KEY = 3

LEAVES = [(path, node) for path, node in schema_leaves(load_schema()) if path not in HEADER]


def _merge(data: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(data)
    for key, value in extra.items():
        out[key] = _merge(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


def _values(node: dict[str, Any], current: Any) -> Iterator[Any]:
    """Values of a key to try instead of ``current``, from its schema."""
    yield from node.get("enum", [])
    types = node.get("type", [])
    types = [types] if isinstance(types, str) else types
    if "boolean" in types:
        yield not current
    if "integer" in types and isinstance(current, int):
        yield from (current + 1, current - 1)
    if "string" in types and isinstance(current, str) and "enum" not in node and "$ref" not in node:
        yield f"{current} + 1"  # an expression, changed
    if "null" in types:
        yield None
    if isinstance(current, dict) and current and all(isinstance(v, int) for v in current.values()):
        first = next(iter(current))
        yield {**current, first: current[first] + 1}
    yield from node.get("examples", [])


@lru_cache(maxsize=None)
def _data(base: str) -> dict[str, Any]:
    if base in MADE:
        source, extra = MADE[base]
        return _merge(_data(source), extra)
    data = copy.deepcopy(load_ruleset(base).data)
    data.pop("extends", None)
    return data


def _contracts_changed(base: str) -> tuple[str, dict[str, Any]]:
    """A game of contracts with its lowest contract worth one game point more (the contract list
    is one key, and a list has no schema value to try)."""
    contracts = copy.deepcopy(_data(base)["bidding"]["contracts"])
    contracts[0]["value"] += 1
    return base, {"bidding": {"contracts": contracts}}


VARIANTS["bidding.contracts"] = _contracts_changed("house/bauernschnapsen")

_counter = iter(range(10**9))


def _load(data: dict[str, Any], folder: Path) -> Ruleset | None:
    path = folder / f"variant-{next(_counter)}.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")  # JSON is YAML, and quick to write
    try:
        return load_ruleset(path)
    except RulesError:
        return None


@lru_cache(maxsize=None)
def _control(base: str, folder: Path) -> Ruleset:
    """The base written out in full and loaded again: the variants' point of comparison."""
    rs = _load(_data(base), folder)
    assert rs is not None, f"{base} does not load when written out in full"
    return rs


def _variants(path: str, node: dict[str, Any], folder: Path) -> Iterator[tuple[Ruleset, Ruleset, Change]]:
    """(unchanged, changed, the reported change) for every loadable change of ``path``."""
    candidates: list[tuple[str, dict[str, Any]]] = []
    if path in VARIANTS:
        base, extra = VARIANTS[path]
        candidates.append((base, _merge(_data(base), extra)))
    for base in BASES:
        current = get_path(_data(base), path)
        for value in _values(node, current):
            data = with_path(_data(base), path, value) if value != current else None
            if data is not None:
                candidates.append((base, data))
    for base, data in candidates:
        changed = _load(data, folder)
        if changed is None:
            continue
        control = _control(base, folder)
        found = [c for c in diff_rulesets(control, changed) if c.path == path or (path.startswith("deck.") and c.path.startswith("deck"))]
        if found:
            yield control, changed, found[0]


@lru_cache(maxsize=None)
def _book(rs: Ruleset) -> str:
    return rulebook(rs)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("variants")


@pytest.mark.parametrize(("path", "node"), LEAVES, ids=[p for p, _ in LEAVES])
def test_every_key_is_known_to_diff_and_describe(path: str, node: dict[str, Any], folder: Path) -> None:
    assert schema_label(node), f"{path}: no label; give the key a title in schema/ruleset.schema.json"
    if len(node.get("enum", [None, None])) < 2:
        return  # a key with one allowed value never changes
    variants = _variants(path, node, folder)
    found = next(variants, None)
    assert found is not None, (
        f"{path}: no change of this key is reported by rules diff; if a change needs other keys "
        "changed too, add one to VARIANTS in this test"
    )
    for control, changed, change in [found, *islice(variants, PER_KEY - 1)]:
        if node.get("enum"):
            for value, rs in ((change.old, control), (change.new, changed)):
                assert (path in WORDS and WORDS[path](value, rs) is not None) or value in meanings(node), (
                    f"{path}: the value {yaml_flow(value)} has no words; add them to diff.WORDS or to the "
                    "schema description as 'value = meaning'"
                )
        assert rulebook(changed) != _book(control), (
            f"{path}: the rulebook of {control.name} does not change when {change.text!r}: say it in "
            "interpreter/text/rulebook/, or, if the key has no effect there, add it to INERT in interpreter/rules/relevance.py"
        )
