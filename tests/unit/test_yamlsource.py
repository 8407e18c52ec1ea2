"""Tests of the position-keeping YAML loader: marks, and one located error per kind of problem."""

from __future__ import annotations

from pathlib import Path as FsPath

import pytest

from interpreter.core.errors import RecordError, RulesError, RulesetError
from interpreter.rules.yamlsource import Mark, SourceDoc, format_path, load_yaml, load_yaml_file

RULES = """\
name: demo
deck:
  ranks: [A, T, K]
  points:
    A: 11
    9: 0
deal:
  packets:
    - 3
    - 2
"""


#: The expected part of a PyYAML syntax error: what a YAML line looks like (the problem text
#: is PyYAML's own, and says what it found, not what would be right).
YAML_SYNTAX = " (expected valid YAML here: 'key: value' lines indented with spaces, closed quotes and brackets)"

def _error(text: str, error_cls: type[RulesError] = RulesetError) -> RulesError:
    """The error that loading ``text`` as ``r.yaml`` raises."""
    with pytest.raises(error_cls) as caught:
        load_yaml(text, "r.yaml", error_cls=error_cls)
    return caught.value


# ----------------------------------------------------------------------------- paths and marks


def test_format_path() -> None:
    assert format_path(("deck", "points", "K")) == "deck.points.K"
    assert format_path(("deal", "packets", 1)) == "deal.packets[1]"
    assert format_path(()) == ""
    assert format_path((0, "a", 2, 3)) == "[0].a[2][3]"


def test_data_is_plain_python() -> None:
    doc = load_yaml(RULES, "r.yaml")
    assert doc.data == {
        "name": "demo",
        "deck": {"ranks": ["A", "T", "K"], "points": {"A": 11, "9": 0}},
        "deal": {"packets": [3, 2]},
    }
    assert doc.file == "r.yaml"
    assert doc.text == RULES


def test_value_marks_of_nested_values() -> None:
    doc = load_yaml(RULES, "r.yaml")
    assert doc.value_marks[()] == Mark(1, 1)
    assert doc.value_marks[("name",)] == Mark(1, 7)
    assert doc.value_marks[("deck", "ranks")] == Mark(3, 10)
    assert doc.value_marks[("deck", "ranks", 2)] == Mark(3, 17)
    assert doc.value_marks[("deck", "points", "9")] == Mark(6, 8)
    assert doc.value_marks[("deal", "packets", 1)] == Mark(10, 7)


def test_key_marks_of_mapping_entries() -> None:
    doc = load_yaml(RULES, "r.yaml")
    assert doc.key_marks[("deck",)] == Mark(2, 1)
    assert doc.key_marks[("deck", "points")] == Mark(4, 3)
    assert doc.key_marks[("deck", "points", "9")] == Mark(6, 5)
    assert ("deal", "packets", 0) not in doc.key_marks  # list items have no key


def test_locate_prefers_key_then_value_then_ancestor() -> None:
    doc = load_yaml(RULES, "r.yaml")
    assert doc.locate(("deck", "points", "A")) == Mark(5, 8)
    assert doc.locate(("deck", "points", "A"), key=True) == Mark(5, 5)
    assert doc.locate(("deal", "packets", 0), key=True) == Mark(9, 7)
    assert doc.locate(("deck", "points", "K")) == Mark(5, 5)  # the points mapping itself
    assert doc.locate(("nowhere", "at", "all")) == Mark(1, 1)
    assert SourceDoc(None, "e.yaml", {}, {}, "").locate(("x",)) is None


def test_error_is_located_at_the_path() -> None:
    doc = load_yaml(RULES, "r.yaml")
    error = doc.error(RulesetError, "bad points", ("deck", "points", "9"), key=True, expected="an integer")
    assert isinstance(error, RulesetError)
    assert (error.file, error.line, error.column, error.path) == ("r.yaml", 6, 5, "deck.points.9")
    assert str(error) == "r.yaml:6:5: deck.points.9: bad points (expected an integer)"


# ----------------------------------------------------------------------------- scalars and keys


def test_scalars_follow_yaml_1_2_core() -> None:
    # 012 is refused, not read as 12: YAML 1.1 reads it as 10 (tests/rules_input/test_two_readings.py)
    text = "a: [1, -2, 0, 0o17, 0x1F, 2.5, 1e3, .5, ~, null, '', 2024-01-01, 1_000, 1:30, +.inf]\n"
    value = load_yaml(text, "r.yaml").data["a"]
    assert value[:11] == [1, -2, 0, 15, 31, 2.5, 1000.0, 0.5, None, None, ""]
    assert value[11:14] == ["2024-01-01", "1_000", "1:30"]
    assert value[14] == float("inf")


def test_empty_value_is_null() -> None:
    assert load_yaml("a:\nb: 1\n", "r.yaml").data == {"a": None, "b": 1}


@pytest.mark.parametrize("word", ["true", "True", "TRUE", "tRuE"])
def test_true_in_any_case(word: str) -> None:
    assert load_yaml(f"a: {word}\n", "r.yaml").data == {"a": True}


@pytest.mark.parametrize("word", ["false", "False", "FALSE"])
def test_false_in_any_case(word: str) -> None:
    assert load_yaml(f"a: {word}\n", "r.yaml").data == {"a": False}


@pytest.mark.parametrize("word", ["yes", "No", "ON", "off", "y", "N"])
def test_yaml_1_1_booleans_are_rejected(word: str) -> None:
    error = _error(f"deal:\n  talon: {word}\n")
    assert str(error) == (
        f"r.yaml:2:10: deal.talon: '{word}' is a YAML 1.1 boolean; write true or false, or quote it for a string"
        " (expected true, false or a quoted string)"
    )
    assert (error.line, error.column) == (2, 10)


def test_yaml_1_1_boolean_in_a_list_is_located_at_the_item() -> None:
    assert str(_error("a: [true, off]\n")) == (
        "r.yaml:1:11: a[1]: 'off' is a YAML 1.1 boolean; write true or false, or quote it for a string"
        " (expected true, false or a quoted string)"
    )


def test_quoted_yaml_1_1_booleans_are_strings() -> None:
    doc = load_yaml("a: 'no'\nb: \"yes\"\nc: !!str on\n", "r.yaml")
    assert doc.data == {"a": "no", "b": "yes", "c": "on"}


def test_int_keys_become_decimal_strings() -> None:
    doc = load_yaml("9: nine\n0: zero\n'7': seven\n", "r.yaml")
    assert doc.data == {"9": "nine", "0": "zero", "7": "seven"}
    assert doc.key_marks[("0",)] == Mark(2, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1.5: x\n", "the number key 1.5 is not allowed; mapping keys must be strings (quote it) (expected a string key, quoted if it reads as another type)"),
        ("true: x\n", "the boolean key true is not allowed; mapping keys must be strings (quote it) (expected a string key, quoted if it reads as another type)"),
        ("~: x\n", "an empty (null) key is not allowed; mapping keys must be strings (quote it) (expected a string key, quoted if it reads as another type)"),
        ("[a]: x\n", "a mapping key must be a plain string, not a list or a mapping (expected a plain string key)"),
    ],
)
def test_other_keys_are_rejected(text: str, message: str) -> None:
    assert str(_error(text)) == f"r.yaml:1:1: {message}"


def test_int_key_and_string_key_collide() -> None:
    assert str(_error("9: a\n'9': b\n")) == "r.yaml:2:1: 9: duplicate key '9' (first defined at line 1) (expected each key once in a mapping)"


# ----------------------------------------------------------------------------- errors


def test_duplicate_key_is_reported_at_the_second_key() -> None:
    error = _error("deal:\n  talon: true\n  hand_size: 6\n  talon: false\n")
    assert str(error) == "r.yaml:4:3: deal.talon: duplicate key 'talon' (first defined at line 2) (expected each key once in a mapping)"


def test_duplicate_key_in_flow_mapping() -> None:
    assert str(_error("a: {b: 1, b: 2}\n")) == "r.yaml:1:11: a.b: duplicate key 'b' (first defined at line 1) (expected each key once in a mapping)"


def test_syntax_error_is_located_with_pyyaml_problem_text() -> None:
    error = _error("a: 1\nb\nc: 2\n")
    assert str(error) == "r.yaml:3:1: could not find expected ':'" + YAML_SYNTAX
    assert isinstance(error, RulesetError)


def test_syntax_error_uses_the_requested_error_class() -> None:
    error = _error("a: b: c\n", RecordError)
    assert str(error) == "r.yaml:1:5: a: mapping values are not allowed here" + YAML_SYNTAX


#: A match record's deals, as `rules run --record` writes them; cut at a character below.
DEALS = (
    "ruleset: schnapsen\n"
    "deals:\n"
    "  - dealer: 0\n"
    "    seed: 1\n"
    "    moves: [\n"
    "      play AS, play TS,\n"
    "      play KS\n"
    "    ]\n"
)


@pytest.mark.parametrize(("end", "where"), [
    # cut after "play AS, p" on line 6: the list is open, the file ends inside it (6:17)
    ("play AS, p", "6:17: deals[0].moves: expected ',' or ']', but got '<stream end>'"),
    # cut after "moves: [": the list has begun, nothing in it yet (5:13)
    ("moves: [", "5:13: deals[0].moves: expected the node content, but found '<stream end>'"),
])
def test_a_file_cut_off_names_the_value_it_ends_in(end: str, where: str) -> None:
    """A record cut off (a full disk, a copy stopped short) ends in the middle of a value; the
    syntax error says which, as every other error of a record does."""
    text = DEALS[:DEALS.index(end) + len(end)]
    assert str(_error(text, RecordError)) == f"r.yaml:{where}" + YAML_SYNTAX


@pytest.mark.parametrize(("text", "where"), [
    # an unclosed flow list of a rule file's key, found at the next line's ':' (3:9)
    ("deck:\n  ranks: [A, T\n  points: {A: 11}\n", "3:9: deck.ranks: expected ',' or ']', but got ':'"),
    # a quote opened in a value and never closed: said where it opens (2:8, after "title: ")
    ('name: x\ntitle: "x\n', "2:8: title: a quoted text starts here and is never closed: the file ends inside it"),
])
def test_a_syntax_error_inside_a_value_names_it(text: str, where: str) -> None:
    error = _error(text)
    assert str(error).startswith(f"r.yaml:{where} (expected")


@pytest.mark.parametrize(("text", "where"), [
    # the list of moves ended at the dedent; the unclosed quote on line 4 is a new top-level key
    ('moves:\n  - play AS\n"bad\n', "3:1"),
    ('moves:\n- play AS\n"bad\n', "3:1"),
    # a key indented less than its mapping's keys belongs to no mapping of the file (4:2)
    ("start:\n  leader: 0\n  trump: C\n x: 1\n", "4:2"),
    # an empty value, then a quote at the start of the next line: no longer that value's (2:1)
    ('name:\n"bad\n', "2:1"),
])
def test_a_syntax_error_after_a_value_ended_names_no_path(text: str, where: str) -> None:
    """The parser reads a token ahead, so it meets the next line before it ends the list or
    mapping above: the error is not put inside a value it is outside of."""
    error = _error(text, RecordError)
    assert (f"{error.line}:{error.column}", error.path) == (where, None)


@pytest.mark.parametrize("text", ["", "\n\n", " \n  \n", "\ufeff\n"])
def test_empty_file(text: str) -> None:
    assert str(_error(text)) == "r.yaml:1:1: the file is empty (expected a YAML mapping of keys)"


@pytest.mark.parametrize("text", ["# only a comment\n", "---\n", "\n# a comment after a blank line\n"])
def test_a_file_of_comments_is_not_called_empty(text: str) -> None:
    """The person sees text in such a file: "empty" would send him looking for the wrong thing."""
    assert str(_error(text)) == "r.yaml:1:1: the file holds no keys, only comments (expected a YAML mapping of keys)"


def test_several_documents_are_rejected_at_the_second() -> None:
    assert str(_error("a: 1\n---\nb: 2\n")) == (
        "r.yaml:2:1: the file contains more than one YAML document; only one is allowed (expected one document: nothing after a second '---')"
    )


def test_anchors_and_aliases_are_rejected() -> None:
    assert str(_error("a: &x 1\nb: *x\n")) == "r.yaml:1:4: anchors and aliases are not supported in rule files (expected the value written out in full)"


def test_merge_keys_are_rejected() -> None:
    assert str(_error("a:\n  <<: {b: 1}\n")) == "r.yaml:2:3: a: merge keys ('<<') are not supported in rule files (expected the keys written out in full)"


def test_python_tags_are_rejected() -> None:
    assert str(_error("a: !!python/object/apply:os.system [ls]\n")) == (
        "r.yaml:1:4: the tag '!!python/object/apply:os.system' is not supported in rule files (expected the value without the tag)"
    )


def test_standard_tags_must_fit_their_value() -> None:
    assert load_yaml("a: !!int '12'\n", "r.yaml").data == {"a": 12}
    assert str(_error("a: !!int twelve\n")) == "r.yaml:1:4: a: 'twelve' is not a valid integer (expected a whole number)"
    assert str(_error("a: !!bool yes\n")) == "r.yaml:1:4: a: 'yes' is not a valid boolean (true or false) (expected true or false)"


def test_control_characters_are_located() -> None:
    assert str(_error("a: 1\nb: \x07\n")) == "r.yaml:2:4: unacceptable character #x0007: special characters are not allowed (expected printable text: no control characters)"


def test_too_large_text() -> None:
    assert str(_error("a: " + "x" * 1_000_000)) == (
        "r.yaml:1:1: the file is too large (1000003 characters; at most 1000000) (expected a file of at most 1000000 characters)"
    )


def test_too_deep_nesting() -> None:
    assert str(_error("[" * 150)) == "r.yaml:1:101: the document is nested more than 100 levels deep (expected at most 100 levels of lists and mappings)"


# ----------------------------------------------------------------------------- files


def test_load_yaml_file(tmp_path: FsPath) -> None:
    path = tmp_path / "rules.yaml"
    path.write_bytes("\ufeffname: s\u00e9chs\r\ncount: 1\r\n".encode())
    doc = load_yaml_file(path, display_name="rules.yaml")
    assert doc.data == {"name": "s\u00e9chs", "count": 1}
    assert doc.file == "rules.yaml"
    assert doc.value_marks[("count",)] == Mark(2, 8)
    assert load_yaml_file(str(path)).file == str(path)


def test_load_yaml_file_missing(tmp_path: FsPath) -> None:
    with pytest.raises(RecordError) as caught:
        load_yaml_file(tmp_path / "nope.yaml", error_cls=RecordError, display_name="nope.yaml")
    assert str(caught.value) == "nope.yaml: cannot read file: No such file or directory (expected a readable file)"
    assert caught.value.file == "nope.yaml"


def test_load_yaml_file_bad_utf8(tmp_path: FsPath) -> None:
    path = tmp_path / "bad.yaml"
    path.write_bytes(b"a: 1\nb: caf\xe9\n")
    with pytest.raises(RulesetError) as caught:
        load_yaml_file(path, display_name="bad.yaml")
    assert str(caught.value) == "bad.yaml:2:7: b: the file is not valid UTF-8 (invalid continuation byte) (expected a file saved as UTF-8)"


def test_errors_inside_a_file_name_the_display_name(tmp_path: FsPath) -> None:
    path = tmp_path / "dup.yaml"
    path.write_text("a: 1\na: 2\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_yaml_file(path, display_name="dup.yaml")
    assert str(caught.value) == "dup.yaml:2:1: a: duplicate key 'a' (first defined at line 1) (expected each key once in a mapping)"
