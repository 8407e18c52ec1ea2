"""Tests of schema validation errors: located, worded for rule authors, all of them, sorted.

The schema is a small inline one so these tests do not depend on the real ruleset schema.
"""

from __future__ import annotations

from typing import Any

from interpreter.core.errors import RecordError, RulesetError
from interpreter.rules.validation import schema_errors
from interpreter.rules.yamlsource import load_yaml

SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["deck", "deal"],
    "$defs": {"rank": {"anyOf": [{"enum": ["A", "T", "K", "Q", "J"]}, {"enum": [9, 8, 7]}]}},
    "properties": {
        "name": {"type": "string", "pattern": "^[a-z-]+$", "maxLength": 12},
        "deck": {
            "type": "object",
            "additionalProperties": False,
            "required": ["ranks"],
            "properties": {
                "ranks": {"type": "array", "items": {"$ref": "#/$defs/rank"}, "minItems": 2, "uniqueItems": True},
                "suits": {"type": "array", "items": {"type": "string", "enum": ["C", "D", "H", "S"]}},
            },
        },
        "deal": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "hand_size": {"type": "integer", "minimum": 1, "maximum": 12},
                "talon": {"type": "boolean"},
            },
        },
        "trump": {"enum": ["turn_up", "none"]},
        "mode": {"oneOf": [{"type": "integer"}, {"type": "string"}]},
        "closing": {
            "anyOf": [
                {"type": "boolean"},
                {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {"timing": {"enum": ["any", "after_draw"]}},
                },
            ]
        },
    },
}

VALID = "deck: {ranks: [A, T, 9]}\ndeal:\n  hand_size: 6\n"


def _errors(text: str) -> list[str]:
    """``str()`` of every schema error of ``text`` loaded as ``r.yaml``."""
    return [str(e) for e in schema_errors(load_yaml(text, "r.yaml"), SCHEMA)]


def test_valid_document_has_no_errors() -> None:
    assert _errors(VALID) == []
    assert _errors(VALID + "closing: {timing: any}\nmode: 3\n") == []


def test_unknown_key_with_suggestion_is_located_at_the_key() -> None:
    errors = schema_errors(load_yaml("deck: {ranks: [A, T]}\ndeal:\n  tallon: true\n", "r.yaml"), SCHEMA)
    assert [str(e) for e in errors] == [
        "r.yaml:3:3: deal.tallon: unknown key 'tallon' (did you mean 'talon'?) (expected one of: hand_size, talon)"
    ]
    error = errors[0]
    assert isinstance(error, RulesetError)
    assert (error.file, error.line, error.column, error.path) == ("r.yaml", 3, 3, "deal.tallon")
    assert error.message == "unknown key 'tallon' (did you mean 'talon'?)"
    assert error.expected == "one of: hand_size, talon"


def test_unknown_key_without_suggestion() -> None:
    assert _errors(VALID + "extra: 1\n") == [
        "r.yaml:4:1: extra: unknown key 'extra' (expected one of: name, deck, deal, trump, mode, closing)"
    ]


def test_unknown_key_differing_only_in_case() -> None:
    assert _errors(VALID + "  Talon: true\n") == [
        "r.yaml:4:3: deal.Talon: unknown key 'Talon' (did you mean 'talon'?) (expected one of: hand_size, talon)"
    ]


def test_enum_with_suggestion() -> None:
    assert _errors(VALID + "trump: turn_upp\n") == [
        "r.yaml:4:8: trump: 'turn_upp' is not allowed (did you mean 'turn_up'?) (expected one of: turn_up, none)"
    ]


def test_any_of_two_enums_lists_all_values() -> None:
    assert _errors("deck: {ranks: [A, X]}\ndeal: {}\n") == [
        "r.yaml:1:19: deck.ranks[1]: 'X' is not allowed (expected one of: A, T, K, Q, J, 9, 8, 7)"
    ]


def test_wrong_types() -> None:
    text = "deck: {ranks: [A, T]}\ndeal:\n  hand_size: abc\n  talon: 1\nname: [x]\n"
    assert _errors(text) == [
        "r.yaml:3:14: deal.hand_size: wrong type: got string 'abc' (expected integer)",
        "r.yaml:4:10: deal.talon: wrong type: got integer 1 (expected boolean)",
        "r.yaml:5:7: name: wrong type: got a list (expected string)",
    ]


def test_wrong_type_hides_the_enum_of_the_same_schema() -> None:
    text = "deck: {ranks: [A, T], suits: [C, 5]}\ndeal: {}\n"
    assert _errors(text) == ["r.yaml:1:34: deck.suits[1]: wrong type: got integer 5 (expected string)"]


def test_one_of_types_names_every_type() -> None:
    assert _errors(VALID + "mode: [1]\n") == ["r.yaml:4:7: mode: wrong type: got a list (expected integer or string)"]


def test_any_of_reports_the_problem_in_the_matching_branch() -> None:
    assert _errors(VALID + "closing:\n  timing: late\n") == [
        "r.yaml:5:11: closing.timing: 'late' is not allowed (expected one of: any, after_draw)"
    ]


def test_missing_key_is_located_at_the_parent_mapping() -> None:
    assert _errors("deck: {suits: [C]}\ndeal: {}\n") == [
        "r.yaml:1:7: deck: missing key 'ranks' (expected a value for 'ranks')"
    ]


def test_missing_keys_at_the_root() -> None:
    assert _errors("# a ruleset\nname: demo\n") == [
        "r.yaml:2:1: missing key 'deal' (expected a value for 'deal')",
        "r.yaml:2:1: missing key 'deck' (expected a value for 'deck')",
    ]


def test_minimum_and_maximum() -> None:
    assert _errors("deck: {ranks: [A, T]}\ndeal: {hand_size: 0}\n") == [
        "r.yaml:2:19: deal.hand_size: 0 is less than the minimum 1 (expected 1 or more)"
    ]
    assert _errors("deck: {ranks: [A, T]}\ndeal: {hand_size: 13}\n") == [
        "r.yaml:2:19: deal.hand_size: 13 is greater than the maximum 12 (expected 12 or less)"
    ]


def test_list_sizes_and_repeats() -> None:
    assert _errors("deck: {ranks: [A]}\ndeal: {}\n") == [
        "r.yaml:1:15: deck.ranks: the list has 1 item (expected at least 2 items)"
    ]
    assert _errors("deck: {ranks: [A, K, 9, K]}\ndeal: {}\n") == [
        "r.yaml:1:15: deck.ranks: 'K' appears more than once in the list (expected each item once)"
    ]


def test_string_pattern_and_length() -> None:
    assert _errors(VALID + "name: Schnapsen\n") == [
        "r.yaml:4:7: name: 'Schnapsen' is not in the required form (expected text matching ^[a-z-]+$)"
    ]
    assert _errors(VALID + "name: sechsundsechzig\n") == [
        "r.yaml:4:7: name: 'sechsundsechzig' is too long (15 characters) (expected at most 12 characters)"
    ]


def test_several_errors_are_all_reported_sorted_by_position() -> None:
    text = (
        "trump: turn_upp\n"  # 1
        "deal:\n"  # 2
        "  talon: maybe\n"  # 3
        "  hand_size: 99\n"  # 4
        "deck:\n"  # 5
        "  ranks: [A, X, 7]\n"  # 6
        "  sutis: [C]\n"  # 7
    )
    assert _errors(text) == [
        "r.yaml:1:8: trump: 'turn_upp' is not allowed (did you mean 'turn_up'?) (expected one of: turn_up, none)",
        "r.yaml:3:10: deal.talon: wrong type: got string 'maybe' (expected boolean)",
        "r.yaml:4:14: deal.hand_size: 99 is greater than the maximum 12 (expected 12 or less)",
        "r.yaml:6:14: deck.ranks[1]: 'X' is not allowed (expected one of: A, T, K, Q, J, 9, 8, 7)",
        "r.yaml:7:3: deck.sutis: unknown key 'sutis' (did you mean 'suits'?) (expected one of: ranks, suits)",
    ]


def test_the_error_class_can_be_chosen() -> None:
    doc = load_yaml("deck: {ranks: [A, T]}\ndeal: {talon: 1}\n", "g.yaml")
    errors = schema_errors(doc, SCHEMA, error_cls=RecordError)
    assert [type(e) for e in errors] == [RecordError]
    assert str(errors[0]) == "g.yaml:2:15: deal.talon: wrong type: got integer 1 (expected boolean)"


def test_property_names_errors_are_located_at_the_key() -> None:
    schema = {"type": "object", "propertyNames": {"enum": ["A", "T", "9"]}, "additionalProperties": {"type": "integer"}}
    doc = load_yaml("A: 11\n9: 0\nX: 2\n", "p.yaml")
    assert [str(e) for e in schema_errors(doc, schema)] == ["p.yaml:3:1: X: 'X' is not allowed (expected one of: A, T, 9)"]


def test_false_subschema_is_reported_at_the_forbidden_key() -> None:
    schema = {
        "type": "object",
        "properties": {"closing": {"if": {"properties": {"enabled": {"const": False}}}, "then": {"properties": {"timing": False}}}},
    }
    doc = load_yaml("closing:\n  enabled: false\n  timing: any\n", "f.yaml")
    assert [str(e) for e in schema_errors(doc, schema)] == ["f.yaml:3:3: closing.timing: the key 'timing' is not allowed here (expected this key left out)"]


def test_choices_that_read_the_same_are_listed_once() -> None:
    schema = {"anyOf": [{"enum": ["A", "T", "9", "8"]}, {"enum": [9, 8]}]}
    doc = load_yaml("X\n", "c.yaml")
    assert [str(e) for e in schema_errors(doc, schema)] == ["c.yaml:1:1: 'X' is not allowed (expected one of: A, T, 9, 8)"]
