"""The ruleset schema file: a valid draft 2020-12 schema, every key documented, defaults that
fill in to valid rulesets, the bundled rulesets accepted, broken documents rejected, and the
generated reference in ``docs/`` up to date."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator
from jsonschema.protocols import Validator

ROOT = Path(__file__).resolve().parents[2]
from interpreter.rules.resources import bundled_rulesets, schema_path
from interpreter.text.schemadoc import REGENERATE, complete_sections, render_reference, yaml_flow

REFERENCE = ROOT / "docs" / "ruleset-reference.md"
SCHEMA: dict[str, Any] = json.loads(schema_path().read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)


def stringify_keys(value: Any) -> Any:
    """Mapping keys as the ruleset loader sees them: YAML's ``9:`` becomes ``"9"``."""
    if isinstance(value, dict):
        return {str(k): stringify_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [stringify_keys(v) for v in value]
    return value


def load_ruleset(path: Path) -> dict[str, Any]:
    """The ruleset document; a house ruleset is merged over its base first (as the loader does)."""
    from interpreter.rules.extends import load_source

    doc = stringify_keys(load_source(path).data)
    assert isinstance(doc, dict), path
    return doc


def walk_properties(
    sub: dict[str, Any], path: str = "", pointer: str = ""
) -> Iterator[tuple[str, str, dict[str, Any], bool]]:
    """Every property at every level, each entry's of a list of mappings too: (dotted path, JSON pointer, subschema, required)."""
    required = set(sub.get("required", []) or sub.get("else", {}).get("required", []))
    for key, member in sub.get("properties", {}).items():
        dotted = f"{path}.{key}" if path else key
        member_pointer = f"{pointer}/properties/{key}"
        yield dotted, member_pointer, member, key in required
        yield from walk_properties(member, dotted, member_pointer)
        items = member.get("items")
        if isinstance(items, dict) and "properties" in items:  # a list of mappings: each entry's keys, `bidding.contracts[].goal`
            yield from walk_properties(items, f"{dotted}[]", f"{member_pointer}/items")


def walk_schemas(sub: Any, pointer: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every subschema (properties, items, $defs, anyOf, ...) with its JSON pointer."""
    if isinstance(sub, dict):
        yield pointer, sub
        for key, value in sub.items():
            if key in ("properties", "$defs"):
                for name, child in value.items():
                    yield from walk_schemas(child, f"{pointer}/{key}/{name}")
            elif key in ("items", "additionalProperties", "propertyNames") and isinstance(
                value, dict
            ):
                yield from walk_schemas(value, f"{pointer}/{key}")
            elif key in ("anyOf", "oneOf", "allOf"):
                for index, child in enumerate(value):
                    yield from walk_schemas(child, f"{pointer}/{key}/{index}")


def subschema_validator(pointer: str) -> Validator:
    """A validator for one subschema, resolving ``$ref`` against the whole schema."""
    return VALIDATOR.evolve(schema={"$ref": "#" + pointer})


def fill_defaults(sub: dict[str, Any], value: Any) -> Any:
    """What the loader does: omitted keys take the schema's ``default``, recursively."""
    if not isinstance(value, dict) or "properties" not in sub:
        return value
    filled = dict(value)
    for key, member in sub["properties"].items():
        if key not in filled and "default" in member:
            filled[key] = copy.deepcopy(member["default"])
        if key in filled:
            filled[key] = fill_defaults(member, filled[key])
    return filled


PROPERTIES = list(walk_properties(complete_sections(SCHEMA)))  # a section's keys a complete ruleset must have: required
PROPERTY_IDS = [path for path, _, _, _ in PROPERTIES]
#: Keys with no default of their own: left out, a contract plays the ruleset's duties (play.head ...)
INHERITED = "bidding.contracts[].play"
RULESETS = bundled_rulesets()


# --- the schema itself ---------------------------------------------------------------------


def test_schema_is_a_valid_draft_2020_12_schema() -> None:
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert SCHEMA["$id"].endswith("/ruleset.schema.json")
    assert SCHEMA["title"] and SCHEMA["description"]
    Draft202012Validator.check_schema(SCHEMA)


def test_every_object_is_closed() -> None:
    objects = [
        (pointer, sub)
        for pointer, sub in walk_schemas(SCHEMA)
        if sub.get("type") == "object" or "object" in (sub.get("type") or [])
    ]
    assert len(objects) > 15
    for pointer, sub in objects:
        if "properties" in sub:
            assert sub.get("additionalProperties") is False, pointer
        else:  # a mapping such as deck.points: the key set is closed by propertyNames
            assert "enum" in sub.get("propertyNames", {}), pointer


def test_top_level_required_keys() -> None:
    assert SCHEMA["else"]["required"] == ["name", "deck", "players", "deal", "trump", "scoring"]
    assert SCHEMA["if"]["required"] == ["extends"]  # a house-rules file needs none of them


def test_a_house_rules_file_is_not_asked_for_what_its_base_gives() -> None:
    """An editor applies the schema to the file as written, before any merge: a house file that
    sets one key of ``scoring:`` must not be told that ``scoring.method`` is missing (three
    bundled house files were, in docs/editors.md's run).  The keys a section of a complete
    ruleset must have are required only where ``extends:`` is absent."""
    validator = Draft202012Validator(SCHEMA)
    asked = []
    for name, path in bundled_rulesets().items():
        data = stringify_keys(yaml.safe_load(path.read_text(encoding="utf-8")))
        if "extends" in data:
            asked += [f"{name}: {e.message}" for e in validator.iter_errors(data) if e.validator == "required"]
    assert not asked
    partial = {"extends": "schnapsen", "scoring": {"game_points": "1"}, "deal": {"talon": True}, "deck": {"points": {"A": 11}}}
    assert [e.validator for e in validator.iter_errors(partial)] == []
    complete = {k: v for k, v in partial.items() if k != "extends"} | {"name": "x", "players": {}, "trump": {}}
    missing = sorted(".".join([*map(str, e.absolute_path), str(e.message).split("'")[1]]) for e in validator.iter_errors(complete) if e.validator == "required")
    assert missing == ["deal.hand_size", "deal.packets", "deck.ranks", "players.count", "scoring.method", "trump.selection"]


def test_a_house_file_may_change_one_key_of_its_bases_moon() -> None:
    """The loader merges a moon key by key, as every mapping: over North American 4 a file may
    change its requirement alone (the base's bid stays), and the editor must not ask it for a
    ``bid`` (it did: ``Missing property "bid"`` on a file ``rules validate`` accepts).  A moon
    in a complete ruleset still needs its bid."""
    validator = Draft202012Validator(SCHEMA)
    moon = {"requirement": "points", "points": 100}
    assert list(validator.iter_errors({"extends": "north-american-4", "bidding": {"moon": moon}})) == []
    complete = load_ruleset(RULESETS["north-american-4"])
    complete["bidding"]["moon"] = moon
    assert [(e.validator, list(e.absolute_path)) for e in validator.iter_errors(complete)] == [("required", ["bidding", "moon"])]


@pytest.mark.parametrize(("path", "pointer", "sub", "required"), PROPERTIES, ids=PROPERTY_IDS)
def test_property_is_documented(
    path: str, pointer: str, sub: dict[str, Any], required: bool
) -> None:
    assert isinstance(sub.get("description"), str) and len(sub["description"]) >= 10
    assert isinstance(sub.get("examples"), list) and sub["examples"]
    if required:
        assert "default" not in sub, f"{path} is required and so has no default"
    elif path.startswith(INHERITED):
        assert "default" not in sub and "not given" in sub["description"], f"{path} takes the ruleset's value, and says so"
    else:
        assert "default" in sub, f"{path} is optional and needs a default"


@pytest.mark.parametrize(("path", "pointer", "sub", "required"), PROPERTIES, ids=PROPERTY_IDS)
def test_default_and_examples_validate_against_their_subschema(
    path: str, pointer: str, sub: dict[str, Any], required: bool
) -> None:
    validator = subschema_validator(pointer)
    values = sub["examples"] + ([sub["default"]] if "default" in sub else [])
    for value in values:
        errors = [e.message for e in validator.iter_errors(value)]
        assert not errors, f"{path}: {value!r}: {errors}"


def test_subschema_validator_resolves_refs() -> None:
    rank = subschema_validator("/properties/exchange/properties/rank")
    assert rank.is_valid(9) and rank.is_valid("J") and rank.is_valid("9")
    assert not rank.is_valid("X") and not rank.is_valid(10)


def test_expression_keys_name_their_variables() -> None:
    expressions = [(p, s) for p, _, s, _ in PROPERTIES if s.get("$ref") == "#/$defs/expression"]
    assert [p for p, _ in expressions] == [
        "scoring.game_points",
        "scoring.made",
        "scoring.set",
        "scoring.defenders",
        "scoring.moon_made",
        "scoring.moon_set",
    ]
    for path, sub in expressions:
        names = (
            ["opponent_points", "opponent_tricks"]
            if path == "scoring.game_points"
            else ["bid", "unit"]
        )
        for name in ["points", "tricks", *names]:
            assert name in sub["description"], (path, name)


# --- defaults ------------------------------------------------------------------------------

MINIMAL: dict[str, Any] = {
    "name": "minimal",
    "deck": {
        "ranks": ["A", "T", "K", "Q", "J"],
        "points": {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2},
    },
    "players": {"count": 2},
    "deal": {"hand_size": 5, "packets": [5]},
    "trump": {"selection": "turn_up"},
    "scoring": {"method": "game_points"},
}


def test_defaults_fill_a_minimal_ruleset_as_specified() -> None:
    game_points = "if opponent_tricks == 0 then 3 else if opponent_points < 33 then 2 else 1"
    assert fill_defaults(SCHEMA, MINIMAL) == {
        "name": "minimal",
        "title": "",
        "description": "",
        "extends": None,
        "deck": {
            "suits": ["C", "D", "H", "S"],
            "ranks": ["A", "T", "K", "Q", "J"],
            "points": {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2},
        },
        "players": {"count": 2, "sides": "individual", "teams": None},
        "deal": {
            "hand_size": 5,
            "packets": [5],
            "first_receiver": "dealer_left",
            "dealer_sits_out": False,
            "talon": False,
            "widow": None,
        },
        "trump": {"selection": "turn_up", "turn_up_after_packet": 0, "name_after_packet": 1, "if_passed": "turn_next"},
        "exchange": {
            "enabled": False,
            "rank": 9,
            "requires_trick_won": True,
            "min_talon_size": 2,
            "before_first_trick": True,
            "timing": "before_lead",
            "on_opponent_close": False,
        },
        "marriage": {
            "enabled": False,
            "ranks": ["K", "Q"],
            "lead_card": "either",
            "who": "leader",
            "values": {"plain": 20, "trump": 40},
            "first_lead": "allowed",
            "counts_after": "own_trick",
            "after_exhaustion": False,
            "after_close": False,
            "on_closing_lead": True,
            "must_announce": True,  # the player announces (false: leading the card does, as apps do)
        },
        "closing": {
            "enabled": False,
            "timing": "after_draw",
            "min_talon_size": 2,
            "before_first_trick": True,
            "success_basis": "at_end",
            "fail_points": {"base": 2, "no_trick": 3, "basis": "at_close"},
            "opponent_out": "as_fail",
        },
        "play": {
            "first_lead": "dealer_left",
            "strict_from": "exhaustion_or_close",
            "follow": True,
            "head": "beat_led",
            "trump_when_void": True,
            "overtrump": "required",
            "undertrump": "required_if_cannot_overtrump",
        },
        "claim": {
            "enabled": False,
            "target": 66,
            "automatic": False,
            "after_marriage": True,
            "after_last_trick": "auto",
            "false_points": {"base": 2, "opponent_without_trick": 3},
            "false_after_close": "larger",
        },
        "end": {
            "unclaimed": "higher_total",
            "last_trick_bonus": 0,
            "last_trick_points": 1,
            "tie": "no_score",
        },
        "scoring": {
            "method": "game_points",
            "game_points": game_points,
            "opponent_points": "tricks_and_counted_marriages",
            "losers": "together",
            "unit": 33,
            "made": "points // unit",
            "set": "-bid",
            "defenders": "points // unit",
            "moon_made": "bid",
            "moon_set": "-bid",
            "trump_ten": 0,
        },
        "bidding": {
            "enabled": False,
            "rounds": "single",
            "partner_rebid_when_overbid": False,
            "doubling": None,
            "values": [1, 2, 3, 4, 5],
            "all_pass": "redeal",
            "contracts": [],
            "moon": None,
        },
        "dealer": {"first": 0, "rotation": "alternate"},
        "match": {"target": 7, "bidder_goes_out": False, "count": "up", "negative": "allowed", "shutout": "none",
                  "bummerl": "every_loser"},
        "info": {"review_own_tricks": "none"},
    }


def test_nullable_objects_fill_their_members_when_given() -> None:
    doc = copy.deepcopy(MINIMAL)
    doc["deal"]["widow"] = {}
    doc["bidding"] = {"moon": {"bid": 5}}
    filled = fill_defaults(SCHEMA, doc)
    assert filled["deal"]["widow"] == {"to": "first_trick_winner_tricks"}
    assert filled["bidding"]["moon"] == {
        "bid": 5,
        "partner_sits_out": True,
        "requirement": "all_tricks",
        "trump": "first_lead",
        "points": 120,
    }


# --- the bundled rulesets ------------------------------------------------------------------


def test_all_five_bundled_rulesets_are_found() -> None:
    assert {
        "sechsundsechzig",
        "schnapsen",
        "north-american-4",
        "north-american-3",
        "north-american-2",
    } <= set(RULESETS)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_bundled_ruleset_validates(name: str) -> None:
    doc = load_ruleset(RULESETS[name])
    errors = [
        f"{'.'.join(map(str, e.absolute_path))}: {e.message}" for e in VALIDATOR.iter_errors(doc)
    ]
    assert not errors
    assert doc["name"] == Path(name).name


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_bundled_ruleset_stays_valid_with_defaults_filled_in(name: str) -> None:
    filled = fill_defaults(SCHEMA, load_ruleset(RULESETS[name]))
    assert not list(VALIDATOR.iter_errors(filled))


# --- broken documents ----------------------------------------------------------------------


def _set(path: list[str], value: Any) -> Callable[[dict[str, Any]], None]:
    def mutate(doc: dict[str, Any]) -> None:
        target = doc
        for key in path[:-1]:
            target = target.setdefault(key, {})
        target[path[-1]] = value

    return mutate


def _delete(key: str) -> Callable[[dict[str, Any]], None]:
    def mutate(doc: dict[str, Any]) -> None:
        del doc[key]

    return mutate


BROKEN = [
    # (case, mutation, expected keyword, expected error location)
    (
        "unknown top-level key",
        _set(["trumps"], {"selection": "turn_up"}),
        "additionalProperties",
        [],
    ),
    ("unknown nested key", _set(["closing", "min_talon"], 3), "additionalProperties", ["closing"]),
    ("misspelt enum value", _set(["play", "head"], "beat_all"), "enum", ["play", "head"]),
    (
        "YAML 1.1 boolean as enum",
        _set(["claim", "after_last_trick"], False),
        "enum",
        ["claim", "after_last_trick"],
    ),
    ("string for an integer", _set(["deal", "hand_size"], "six"), "type", ["deal", "hand_size"]),
    ("string for a boolean", _set(["deal", "talon"], "yes"), "type", ["deal", "talon"]),
    ("too many players", _set(["players", "count"], 5), "maximum", ["players", "count"]),
    (
        "closing with no face-down card",
        _set(["closing", "min_talon_size"], 1),
        "minimum",
        ["closing", "min_talon_size"],
    ),
    (
        "unknown rank",
        _set(["deck", "ranks"], ["A", "T", "K", "Q", "J", 6]),
        "anyOf",
        ["deck", "ranks", 5],
    ),
    ("repeated suit", _set(["deck", "suits"], ["C", "C"]), "uniqueItems", ["deck", "suits"]),
    # propertyNames reports the failing enum of the key, located at the mapping
    ("points for an unknown rank", _set(["deck", "points", "Z"], 1), "enum", ["deck", "points"]),
    ("negative card points", _set(["deck", "points", "A"], -1), "minimum", ["deck", "points", "A"]),
    (
        "empty expression",
        _set(["scoring", "game_points"], ""),
        "minLength",
        ["scoring", "game_points"],
    ),
    ("upper-case name", _set(["name"], "Schnapsen"), "pattern", ["name"]),
    (
        "moon without its bid",
        _set(["bidding", "moon"], {"partner_sits_out": True}),
        "required",
        ["bidding", "moon"],
    ),
    ("missing scoring", _delete("scoring"), "required", []),
]


@pytest.mark.parametrize(
    ("mutate", "keyword", "location"),
    [case[1:] for case in BROKEN],
    ids=[case[0] for case in BROKEN],
)
def test_broken_document_is_rejected(
    mutate: Callable[[dict[str, Any]], None], keyword: str, location: list[str | int]
) -> None:
    doc = load_ruleset(RULESETS["sechsundsechzig"])
    mutate(doc)
    errors = list(VALIDATOR.iter_errors(doc))
    assert [(e.validator, list(e.absolute_path)) for e in errors] == [(keyword, location)]


# --- the generated reference ---------------------------------------------------------------


def test_reference_doc_is_up_to_date() -> None:
    expected = render_reference(SCHEMA)
    actual = REFERENCE.read_text(encoding="utf-8") if REFERENCE.exists() else ""
    assert actual == expected, (
        f"{REFERENCE.relative_to(ROOT)} is stale: regenerate it from the project root with "
        f"`{REGENERATE}`"
    )


def test_reference_is_deterministic() -> None:
    assert render_reference(copy.deepcopy(SCHEMA)) == render_reference(SCHEMA)


def test_reference_documents_every_key() -> None:
    text = render_reference(SCHEMA)
    assert "generated" in text.splitlines()[2].lower() and REGENERATE in text
    for key in SCHEMA["properties"]:
        assert f"\n## `{key}`\n" in text
    for path in PROPERTY_IDS:
        assert f"`{path}`" in text, path


@pytest.mark.parametrize(("path", "pointer", "sub", "required"), PROPERTIES, ids=PROPERTY_IDS)
def test_reference_values_read_back_as_yaml(
    path: str, pointer: str, sub: dict[str, Any], required: bool
) -> None:
    for value in sub["examples"] + ([sub["default"]] if "default" in sub else []):
        assert yaml.safe_load(yaml_flow(value)) == value, path
