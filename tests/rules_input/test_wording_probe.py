"""Messages a rule file's author met with too little in them: a YAML syntax error after a
finished value named no key (or only the mapping around it), a byte that is not UTF-8 inside a
value had no key path, ``1e400`` was "got number inf", ``game_points: 3`` "expected string"
without the quotes that make it a formula, and ``foo(1)`` "unexpected '('".

Each expected line is written out by hand: file:line:column, key path, what is wrong, what to
write."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import load_ruleset
from interpreter.core.errors import RulesError

HEAD = "extends: schnapsen\nname: h\n"  # two lines: the third is the one under test
SYNTAX = "(expected valid YAML here: 'key: value' lines indented with spaces, closed quotes and brackets)"


def first_error(folder: Path, body: bytes) -> str:
    path = folder / "h.yaml"
    path.write_bytes(HEAD.encode() + body)
    with pytest.raises(RulesError) as caught:
        load_ruleset(path)
    errors = getattr(caught.value, "errors", [caught.value])
    return str(errors[0]).replace(str(path), "h.yaml")


def test_text_after_a_top_level_value_names_its_key(tmp_path: Path) -> None:
    # `title: "abc"` is 12 characters: the ';' after it is column 13
    assert first_error(tmp_path, b'title: "abc"; match: 1\n') == f"h.yaml:3:13: title: expected <block end>, but found '<scalar>' {SYNTAX}"


def test_text_after_a_nested_value_names_the_whole_path(tmp_path: Path) -> None:
    # `  target: "7" ` is 14 characters: the x is column 15 of line 4
    assert first_error(tmp_path, b'match:\n  target: "7" x\n') == f"h.yaml:4:15: match.target: expected <block end>, but found '<scalar>' {SYNTAX}"


def test_a_later_line_is_not_taken_for_the_value_before(tmp_path: Path) -> None:
    # the bad line is a key of its own (no ':'), not text after match.target on line 4
    # PyYAML notices the missing ':' at the end of the file (line 6), in no value
    assert first_error(tmp_path, b"match:\n  target: 9\nx y z\n") == f"h.yaml:6:1: could not find expected ':' {SYNTAX}"


def test_a_byte_that_is_not_utf8_names_the_value_it_is_in(tmp_path: Path) -> None:
    # `title: ab` is 9 characters: the byte 0xff is column 10
    assert first_error(tmp_path, b"title: ab\xffc\n") == "h.yaml:3:10: title: the file is not valid UTF-8 (invalid start byte) (expected a file saved as UTF-8)"
    assert first_error(tmp_path, b"match: {target: 7}\ntitle: \"ab\xe9\"\n") == (
        "h.yaml:4:11: title: the file is not valid UTF-8 (invalid continuation byte) (expected a file saved as UTF-8)"
    )


def test_a_byte_in_a_comment_is_in_no_value(tmp_path: Path) -> None:
    # `# caf` is 5 characters; the comment follows name: h, which it is not part of
    assert first_error(tmp_path, b"# caf\xe9\n") == "h.yaml:3:6: the file is not valid UTF-8 (invalid continuation byte) (expected a file saved as UTF-8)"


@pytest.mark.parametrize(("written", "read_as"), [("1e400", "infinity"), ("-1e400", "-infinity")])
def test_a_number_too_large_says_so(tmp_path: Path, written: str, read_as: str) -> None:
    # `match: {target: ` is 16 characters: the number starts at column 17
    assert first_error(tmp_path, f"match: {{target: {written}}}\n".encode()) == (
        f"h.yaml:3:17: match.target: '{written}' is beyond the largest number (1.8e+308): it is read as {read_as} "
        "(expected a number from -1.8e+308 to 1.8e+308)"
    )


def test_a_number_for_a_formula_says_to_quote_it(tmp_path: Path) -> None:
    # `scoring: {game_points: ` is 23 characters
    assert first_error(tmp_path, b"scoring: {game_points: 3}\n") == (
        'h.yaml:3:24: scoring.game_points: wrong type: got integer 3 (expected a formula in quotes, such as game_points: "3")'
    )
    assert first_error(tmp_path, b"title: 123\n") == 'h.yaml:3:8: title: wrong type: got integer 123 (expected a string in quotes, such as title: "123")'


def test_the_quoted_number_loads(tmp_path: Path) -> None:
    path = tmp_path / "fixed.yaml"
    path.write_text(HEAD + 'scoring: {game_points: "3"}\ntitle: "123"\n', encoding="utf-8")
    assert load_ruleset(path).title == "123"


@pytest.mark.parametrize(
    ("formula", "column", "caret", "expected"),
    [
        ("foo(1)", 25, "    ^", "one of: abs, max, min"),
        ("mx(1, 2)", 25, "    ^", "one of: abs, max, min; did you mean 'max'?"),
        ("1 + foo (2)", 29, "        ^", "one of: abs, max, min"),
    ],
)
def test_a_call_of_an_unknown_function_says_so(tmp_path: Path, formula: str, column: int, caret: str, expected: str) -> None:
    # `scoring: {game_points: "` is 24 characters: the formula starts at column 25
    assert first_error(tmp_path, f'scoring: {{game_points: "{formula}"}}\n'.encode()) == (
        f"h.yaml:3:{column}: scoring.game_points: unknown function '{formula.split('(')[0].split()[-1]}'\n"
        f"    {formula}\n{caret} (expected {expected})"
    )


def test_a_name_of_the_formula_before_a_parenthesis_is_no_call(tmp_path: Path) -> None:
    # `points` is a name of game_points: an operator is missing, as before
    assert first_error(tmp_path, b'scoring: {game_points: "points (1)"}\n') == (
        "h.yaml:3:32: scoring.game_points: syntax error: unexpected '('\n"
        "    points (1)\n"
        "           ^ (expected an arithmetic operator, a comparison, 'and', 'or' or end of expression)"
    )
