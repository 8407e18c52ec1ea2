"""The ruleset expression language: values, precedence, every error and its location.

Expected values are worked out by hand from the rules they encode, not by running the code,
so a change in semantics shows up here.
"""

from __future__ import annotations

import doctest
import time
from collections.abc import Mapping

import pytest

import interpreter.rules.expr
from interpreter.core.errors import ExpressionError, RulesError
from interpreter.rules.expr import Expression, compile_expression

GAME_POINTS = "if opponent_tricks == 0 then 3 else if opponent_points < 33 then 2 else 1"
NAMES: dict[str, str] = {
    "opponent_tricks": "int",
    "opponent_points": "int",
    "points": "int",
    "unit": "int",
    "bid": "int",
    "a": "int",
    "b": "int",
    "c": "int",
    "closed": "bool",
    "made": "bool",
}


def value(text: str, result_type: str = "int", **env: int | bool) -> int | bool:
    """Compile against NAMES and evaluate with ``env``."""
    return compile_expression(text, NAMES, result_type=result_type).evaluate(env)


def error(text: str, names: Mapping[str, str] = NAMES, result_type: str = "int") -> ExpressionError:
    """The error compiling ``text`` at file f.yaml, line 7, column 12, path scoring.x."""
    with pytest.raises(ExpressionError) as info:
        compile_expression(
            text, names, result_type=result_type, file="f.yaml", line=7, column=12, path="scoring.x"
        )
    return info.value


# --- values ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "points", "expected"),
    [(0, 0, 3), (1, 20, 2), (2, 40, 1), (1, 32, 2), (1, 33, 1)],
)
def test_game_points_formula(tricks: int, points: int, expected: int) -> None:
    # Schneider (under 33) gives 2, schwarz (no trick) gives 3, otherwise 1.
    assert value(GAME_POINTS, opponent_tricks=tricks, opponent_points=points) == expected


def test_points_per_unit() -> None:
    assert value("points // unit", points=65, unit=33) == 1
    assert value("points // unit", points=66, unit=33) == 2
    assert value("points // unit", points=32, unit=33) == 0


def test_negation() -> None:
    assert value("-bid", bid=2) == -2
    assert value("--bid", bid=2) == 2
    assert value("- - -bid", bid=2) == -2


def test_literals() -> None:
    assert value("0") == 0
    assert value("007") == 7
    assert value("true", "bool") is True
    assert value("false", "bool") is False


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("10 - 4 - 3", 3),  # left-associative
        ("2 * 3 // 4", 1),  # (2*3)//4, not 2*(3//4)=0
        ("17 % 5 * 2", 4),
        ("-2 * 3", -6),
        ("- 2 + 5", 3),  # unary minus binds tighter than +
        ("1 - -1", 2),
        ("7 // 2", 3),
        ("-7 // 2", -4),  # floor, not truncation
        ("7 // -2", -4),
        ("-7 % 3", 2),  # sign of the divisor, like floor division
        ("7 % -3", -2),
        ("min(4, 2, 9)", 2),
        ("max(4, 2, 9)", 9),
        ("min(5)", 5),
        ("max(1, 2)", 2),
        ("abs(-5)", 5),
        ("abs(5 - 8) * 2", 6),
        ("max(min(10, 3), 2) + abs(-1)", 4),
        ("if 1 < 2 then 10 else 20", 10),
        ("(if 1 > 2 then 10 else 20) + 1", 21),
        ("if true then if false then 1 else 2 else 3", 2),
        ("min(if true then 1 else 2, 5)", 1),
    ],
)
def test_arithmetic_and_precedence(text: str, expected: int) -> None:
    assert value(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 < 2", True),
        ("2 <= 2", True),
        ("3 > 4", False),
        ("4 >= 5", False),
        ("1 + 1 == 2", True),
        ("1 != 1", False),
        ("true == true", True),
        ("true != false", True),
        ("not 1 == 2", True),  # not binds looser than comparisons
        ("not true or true", True),  # (not true) or true
        ("true or false and false", True),  # or is lowest: true or (false and false)
        ("(true or false) and false", False),
        ("not not true", True),
        ("if 1 < 2 then false else true", False),
    ],
)
def test_booleans(text: str, expected: bool) -> None:
    assert value(text, "bool") is expected


def test_else_if_chain() -> None:
    text = "if a == 1 then 10 else if a == 2 then 20 else if a == 3 then 30 else 0"
    expr = compile_expression(text, NAMES)
    assert [expr.evaluate({"a": n}) for n in (1, 2, 3, 4)] == [10, 20, 30, 0]


def test_boolean_names() -> None:
    expr = compile_expression("if closed and not made then -bid else bid", NAMES)
    assert expr.evaluate({"closed": True, "made": False, "bid": 3}) == -3
    assert expr.evaluate({"closed": True, "made": True, "bid": 3}) == 3


def test_short_circuit() -> None:
    # The right-hand side would divide by zero (a is 0); it must not be evaluated.  (A divisor
    # written as 0 is refused when compiled, wherever it stands: see the constant-zero tests.)
    assert value("false and 1 // a == 1", "bool", a=0) is False
    assert value("true or 1 // a == 1", "bool", a=0) is True
    assert value("if true then 1 else 1 // a", a=0) == 1
    assert value("if false then 1 // a else 2", a=0) == 2
    with pytest.raises(ExpressionError):
        value("true and 1 // a == 1", "bool", a=0)


def test_keyword_prefixes_are_names() -> None:
    names = {"iffy": "int", "android": "int", "notice": "int", "maximum": "int", "true_": "bool"}
    expr = compile_expression("if true_ then iffy + android + notice + maximum else 0", names)
    assert expr.evaluate({"iffy": 1, "android": 2, "notice": 3, "maximum": 4, "true_": True}) == 10


def test_whitespace_and_newlines() -> None:
    assert value("  1+2\n  *3 ") == 7


def test_expression_attributes() -> None:
    expr = compile_expression(GAME_POINTS, NAMES)
    assert isinstance(expr, Expression)
    assert expr.source == GAME_POINTS
    assert expr.names == frozenset({"opponent_tricks", "opponent_points"})
    assert expr.result_type == "int"
    assert repr(expr) == f"Expression({GAME_POINTS!r})"
    flag = compile_expression("closed or 1 < 2", NAMES, result_type="bool")
    assert flag.result_type == "bool"
    assert flag.names == frozenset({"closed"})


def test_names_include_untaken_branches() -> None:
    expr = compile_expression("if true then a else b", NAMES)
    assert expr.names == frozenset({"a", "b"})


def test_extra_env_entries_are_ignored() -> None:
    assert compile_expression("a", NAMES).evaluate({"a": 1, "zzz": "anything"}) == 1  # type: ignore[dict-item]


def test_evaluation_is_fast() -> None:
    expr = compile_expression(GAME_POINTS, NAMES)
    env = {"opponent_tricks": 1, "opponent_points": 20}
    runs = 20_000
    start = time.perf_counter()
    for _ in range(runs):
        expr.evaluate(env)
    per_call = (time.perf_counter() - start) / runs
    assert per_call < 50e-6  # a few microseconds normally; generous for slow CI machines


def test_doctests() -> None:
    result = doctest.testmod(interpreter.rules.expr, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


# --- syntax errors --------------------------------------------------------------------


def test_unknown_name_message_and_location() -> None:
    err = error("pints // unit", {"points": "int", "unit": "int"})
    assert err.message == "unknown name 'pints'\n    pints // unit\n    ^"
    assert err.expected == "one of: points, unit; did you mean 'points'?"
    assert (err.file, err.line, err.column, err.path) == ("f.yaml", 7, 12, "scoring.x")
    assert str(err) == (
        "f.yaml:7:12: scoring.x: unknown name 'pints'\n"
        "    pints // unit\n"
        "    ^ (expected one of: points, unit; did you mean 'points'?)"
    )


def test_unknown_name_in_the_middle() -> None:
    text = "if opponent_tricks == 0 then 3 else if oponent_points < 33 then 2 else 1"
    err = error(text, {"opponent_tricks": "int", "opponent_points": "int"})
    offset = text.index("oponent_points")
    assert err.message == f"unknown name 'oponent_points'\n    {text}\n    {' ' * offset}^"
    assert err.expected == (
        "one of: opponent_points, opponent_tricks; did you mean 'opponent_points'?"
    )
    assert (err.line, err.column) == (7, 12 + offset)


def test_unknown_name_without_close_match() -> None:
    err = error("zebra + 1", {"points": "int"})
    assert err.expected == "one of: points"


def test_unknown_name_when_none_are_available() -> None:
    err = error("x", {})
    assert err.message.startswith("unknown name 'x'\n")
    assert err.expected == "a number or true/false (no names are available here)"


def test_keyword_is_not_a_name() -> None:
    # A name that is a keyword can never be read, even if the caller offers it.
    err = error("min + 1", {"min": "int"})
    assert err.message == "syntax error: unexpected '+'\n    min + 1\n        ^"
    assert err.expected == "'('"


def test_unexpected_token() -> None:
    err = error("points +* unit")
    assert err.message == "syntax error: unexpected '*'\n    points +* unit\n            ^"
    assert err.expected == "a number, a name, '(' or '-'"
    assert (err.line, err.column) == (7, 20)


def test_unexpected_end() -> None:
    err = error("points +")
    assert err.message == "syntax error: unexpected end of expression\n    points +\n            ^"
    assert err.expected == "a number, a name, '(' or '-'"
    assert (err.line, err.column) == (7, 20)


def test_empty_expression() -> None:
    err = error("   ")
    assert err.message.startswith("syntax error: unexpected end of expression\n")
    assert err.expected == "a number, a name, '(', '-', 'not' or 'if'"
    assert err.column == 12


def test_missing_operator() -> None:
    err = error("1 2")
    assert err.message == "syntax error: unexpected '2'\n    1 2\n      ^"
    assert err.expected == (
        "an arithmetic operator, a comparison, 'and', 'or' or end of expression"
    )


def test_unexpected_character() -> None:
    err = error("points / unit")
    assert err.message == "syntax error: unexpected '/'\n    points / unit\n           ^"
    assert err.column == 19
    assert err.expected == (
        "an arithmetic operator, a comparison, 'and', 'or' or end of expression; did you mean '//'?"
    )


def test_upper_case_is_not_a_name() -> None:
    err = error("Points")
    assert err.message == "syntax error: unexpected 'P'\n    Points\n    ^"


def test_comparisons_do_not_chain() -> None:
    err = error("a < b < c", result_type="bool")
    assert err.message == "syntax error: unexpected '<'\n    a < b < c\n          ^"
    assert err.expected == "'+', '-', 'and', 'or' or end of expression"
    err = error("a == b == c", result_type="bool")
    assert err.message.startswith("syntax error: unexpected '=='\n")


def test_unclosed_parenthesis_and_call() -> None:
    # At the end LALR has already reduced the sum, so only ')' can follow.
    assert error("(1 + 2").expected == "')'"
    assert error("(1 + 2 3)").expected == (
        "an arithmetic operator, a comparison, 'and', 'or' or ')'"
    )
    assert error("min(1 2)").expected == (
        "an arithmetic operator, a comparison, 'and', 'or', ',' or ')'"
    )
    assert error("min()").message.startswith("syntax error: unexpected ')'\n")
    assert error("abs(1, 2)").message.startswith("syntax error: unexpected ','\n")


def test_if_needs_then_and_else() -> None:
    err = error("if closed 1 else 2")
    assert err.message.startswith("syntax error: unexpected '1'\n")
    assert err.expected == "an arithmetic operator, a comparison, 'and', 'or' or 'then'"
    err = error("if closed then 1")
    assert err.message.startswith("syntax error: unexpected end of expression\n")
    assert "'else'" in (err.expected or "")


def test_if_inside_arithmetic_needs_parentheses() -> None:
    err = error("1 + if closed then 1 else 2")
    assert err.message.startswith("syntax error: unexpected 'if'\n")
    assert err.expected == "a number, a name, '(' or '-'"
    assert value("1 + (if true then 1 else 2)") == 2


def test_keywords_are_never_names() -> None:
    # Also where the keyword cannot stand: it must not be read as a variable instead.
    names = {"if": "int", "not": "int", "then": "int", "abs": "int", "true": "int"}
    for text in ("1 + if", "1 + not", "then", "2 * abs"):
        assert error(text, names).message.startswith("syntax error: unexpected ")
    assert error("true + 1", names).message.startswith("'+' needs numbers\n")


def test_no_python_eval() -> None:
    # Nothing Python-specific is understood: these are syntax errors, never executed (a call
    # is one of a function the language does not have).
    err = error("__import__('os').system('echo hi')")
    assert err.message.startswith("unknown function '__import__'\n")
    assert error("a.b").message.startswith("syntax error: unexpected '.'\n")
    assert error("a ** 2").message.startswith("syntax error: unexpected '*'\n")
    assert error("'text'").message.startswith("syntax error: unexpected '''\n")
    assert error("lambda: 1").message.startswith("syntax error: unexpected ':'\n")
    assert error("a; b").message.startswith("syntax error: unexpected ';'\n")
    assert error("1.5").message.startswith("syntax error: unexpected '.'\n")
    assert error("True").message.startswith("syntax error: unexpected 'T'\n")


def test_multi_line_location() -> None:
    text = "if closed\nthen pints\nelse 0"
    err = error(text)
    # Line 2 of the text is line 8 of the file; columns restart at 1 on that line.
    assert (err.line, err.column) == (8, 6)
    assert err.message == "unknown name 'pints'\n    then pints\n         ^"


def test_location_without_file_position() -> None:
    with pytest.raises(ExpressionError) as info:
        compile_expression("a +", NAMES)
    err = info.value
    assert (err.file, err.line, err.column, err.path) == (None, None, None, None)
    assert err.message == "syntax error: unexpected end of expression\n    a +\n       ^"
    # The caller can still fill in the location later.
    err.located(file="g.yaml", line=3, column=5, path="p")
    assert str(err).startswith("g.yaml:3:5: p: syntax error")


def test_tab_keeps_caret_aligned() -> None:
    err = error("\tpints")
    assert err.message == "unknown name 'pints'\n    \tpints\n    \t^"


def test_is_a_rules_error() -> None:
    assert isinstance(error("1 +"), RulesError)


# --- type errors ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message", "caret", "result_type"),
    [
        ("if 1 then 2 else 3", "'if' condition must be true or false, got a number", 3, "int"),
        ("closed + 1", "'+' needs numbers", 0, "int"),
        ("1 - made", "'-' needs numbers", 4, "int"),
        ("2 * true", "'*' needs numbers", 4, "int"),
        ("true // 2", "'//' needs numbers", 0, "int"),
        ("true % 2", "'%' needs numbers", 0, "int"),
        ("-closed", "'-' needs a number", 1, "int"),
        ("abs(false)", "'abs' needs a number", 4, "int"),
        ("min(1, made)", "'min' needs numbers", 7, "int"),
        ("max(true, 1)", "'max' needs numbers", 4, "int"),
        ("closed < 1", "'<' needs numbers", 0, "bool"),
        ("1 >= made", "'>=' needs numbers", 5, "bool"),
        ("1 == closed", "'==' compares a number with true or false", 5, "bool"),
        ("closed != 0", "'!=' compares true or false with a number", 10, "bool"),
        ("1 and closed", "'and' needs true or false", 0, "bool"),
        ("closed or 2", "'or' needs true or false", 10, "bool"),
        ("not 3", "'not' needs true or false", 4, "bool"),
        (
            "if closed then 1 else made",
            "'then' and 'else' must give the same type, got a number and true or false",
            22,
            "int",
        ),
        ("closed", "expression must give a number, got true or false", 0, "int"),
        ("1 + 2", "expression must give true or false, got a number", 0, "bool"),
        ("  (a == 1)", "expression must give a number, got true or false", 3, "int"),
    ],
)
def test_type_errors(text: str, message: str, caret: int, result_type: str) -> None:
    err = error(text, result_type=result_type)
    assert err.message == f"{message}\n    {text}\n    {' ' * caret}^"
    assert (err.line, err.column) == (7, 12 + caret)
    # What is expected is the type the operation (or the key) needs.
    if "compares a number" in message:
        wanted = "a number on both sides"
    elif "compares true or false" in message:
        wanted = "true or false on both sides"
    elif "'then' and 'else'" in message:
        wanted = "a number from 'else' too"
    elif message.startswith("expression must give a number"):
        wanted = "a number, such as: if C then 1 else 0"
    elif message.startswith("expression must give true or false"):
        wanted = "true or false"
    elif "true or false" in message:
        wanted = "true or false"
    else:
        wanted = "a number"
    assert err.expected == wanted


def test_bad_type_names_are_programming_errors() -> None:
    with pytest.raises(ValueError):
        compile_expression("1", {}, result_type="float")
    with pytest.raises(ValueError):
        compile_expression("1", {"x": "str"})


# --- bounds ---------------------------------------------------------------------------


def test_too_long() -> None:
    text = "1" + " + 1" * 250  # 1001 characters
    assert len(text) == 1001
    err = error(text)
    assert err.message.startswith("expression too long: 1001 characters; at most 1000\n")
    assert err.expected == "a formula of at most 1000 characters"
    # The quoted line is cut down to a readable width.
    assert all(len(line) < 100 for line in err.message.splitlines())


def test_longest_accepted() -> None:
    text = "1" + " + 1" * 39 + " " * (1000 - 1 - 4 * 39)
    assert len(text) == 1000
    assert value(text) == 40


def test_a_flat_chain_is_not_nesting() -> None:
    # docs/authoring.md bounds *nesting* at 40 levels: 41 terms added up nest nothing.
    assert value("+".join(["1"] * 41)) == 41
    assert value(" - ".join(["1"] * 41)) == 1 - 40
    assert value("*".join(["2"] * 30) + " // 1024 % 1000") == (2**30 // 1024) % 1000  # 1048576 % 1000
    assert value(" and ".join(["made"] * 60), "bool", made=True) is True
    assert value(" or ".join(["made"] * 60), "bool", made=False) is False
    chain = "".join(f"if a == {i} then {i * 10} else " for i in range(40)) + "-1"
    assert value(chain, a=39) == 390
    assert value(chain, a=40) == -1


def test_nesting_bound_counts_levels() -> None:
    # A number alone is not nested; each pair of parentheses is one level.
    assert value("(" * 40 + "1" + ")" * 40) == 1
    err = error("(" * 41 + "1" + ")" * 41)
    assert err.message.startswith("expression nested 41 deep; at most 40 levels\n")
    assert err.expected is not None and err.expected.startswith("a formula nested at most 40 levels deep")
    assert err.column == 12 + 40  # the 41st parenthesis, the first level too many
    # Each '-' in front of something is a level too.
    assert value("-" * 40 + "1") == 1
    err = error("-" * 41 + "1")
    assert err.message.startswith("expression nested 41 deep; at most 40 levels\n")
    assert err.column == 12 + 40


def test_nesting_of_different_operations_adds_up() -> None:
    # (1+1)*2: a product (level 1) holding parentheses (level 2) holding a sum (level 3);
    # twenty of them inside each other are 60 levels.
    text = "1"
    for _ in range(20):
        text = f"({text} + 1) * 2"
    assert len(text) < 1000
    err = error(text)
    assert err.message.startswith("expression nested 60 deep; at most 40 levels\n")


def test_many_parentheses_are_refused() -> None:
    err = error("(" * 490 + "1" + ")" * 490)
    assert err.message.startswith("expression nested 490 deep; at most 40 levels\n")


def test_very_deep_does_not_crash() -> None:
    # Deeper than Python's recursion limit would allow a naive recursive walk: refused with
    # the bound it breaks, never a RecursionError.
    err = error("-" * 999 + "1")
    assert err.message.startswith("expression nested 999 deep; at most 40 levels\n")
    err = error("(" * 100_000 + "1" + ")" * 100_000)
    assert err.message.startswith("expression too long: 200001 characters; at most 1000\n")


def test_longest_chain_compiles_and_evaluates_without_recursion() -> None:
    # 200 ones added up are 399 parts, within the bound; compiling and evaluating them goes
    # in a loop, so it works however little stack is left (here about 100 frames).
    import sys

    text = "+".join(["1"] * 200)
    expr = compile_expression(text, {})
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(__import__("inspect").stack()) + 100)
    try:
        assert compile_expression(text, {}).evaluate({}) == 200
        assert expr.evaluate({}) == 200
    finally:
        sys.setrecursionlimit(limit)


def test_too_many_nodes() -> None:
    ok = "min(" + ", ".join(["1"] * 199) + ")"  # 200 nodes
    assert value(ok) == 1
    text = "min(" + ",".join(["1"] * 400) + ")"  # 401 nodes, 805 characters
    err = error(text)
    assert err.message.startswith("expression too big: 401 parts; at most 400\n")
    assert err.expected == "a formula of at most 400 parts (numbers, names and operations)"


def test_number_too_large() -> None:
    assert value("1000000000000") == 10**12
    err = error("1000000000001")
    assert err.message == "number too large (at most 1000000000000)\n    1000000000001\n    ^"


# --- evaluation errors ----------------------------------------------------------------


def compiled(text: str) -> Expression:
    return compile_expression(text, NAMES, file="f.yaml", line=7, column=12, path="scoring.x")


def test_division_by_zero() -> None:
    with pytest.raises(ExpressionError) as info:
        compiled("points // unit").evaluate({"points": 65, "unit": 0})
    err = info.value
    assert err.message == "division by zero in 'points // unit'"
    assert err.expected == "a divisor other than 0"
    assert (err.file, err.line, err.column, err.path) == ("f.yaml", 7, 12, "scoring.x")
    with pytest.raises(ExpressionError) as info:
        compiled("points % unit").evaluate({"points": 65, "unit": 0})
    assert info.value.message == "division by zero in 'points % unit'"
    assert str(info.value) == (
        "f.yaml:7:12: scoring.x: division by zero in 'points % unit' (expected a divisor other than 0)"
    )


def test_value_out_of_range() -> None:
    with pytest.raises(ExpressionError) as info:
        compiled("a * b").evaluate({"a": 10**6, "b": 10**6 + 1})
    assert str(info.value) == (
        "f.yaml:7:12: scoring.x: value out of range in 'a * b': absolute value over 10**12"
        " (expected every value from -10**12 to 10**12)"
    )
    assert compiled("a * b").evaluate({"a": 10**6, "b": 10**6}) == 10**12
    with pytest.raises(ExpressionError, match="value out of range"):
        compiled("a + a").evaluate({"a": 10**12})
    with pytest.raises(ExpressionError, match="value out of range"):
        compiled("-a - a").evaluate({"a": 10**12})
    with pytest.raises(ExpressionError) as info:
        compiled("a").evaluate({"a": 10**12 + 1})
    assert str(info.value) == (
        "f.yaml:7:12: scoring.x: 'a' is out of range in 'a', got 1000000000001"
        " (expected an int from -10**12 to 10**12)"
    )


def test_missing_variable() -> None:
    with pytest.raises(ExpressionError) as info:
        compiled("points // unit").evaluate({"points": 65})
    assert info.value.message == "no value for 'unit' in 'points // unit'"
    assert info.value.expected == "a value for each name the formula reads: points, unit"
    assert info.value.line == 7


def test_wrong_variable_type() -> None:
    with pytest.raises(ExpressionError) as info:
        compiled("a").evaluate({"a": True})
    assert info.value.message == "'a' must be a number in 'a', got True"
    assert info.value.expected == "an int (not a bool)"
    with pytest.raises(ExpressionError) as info:
        compile_expression("closed", NAMES, result_type="bool").evaluate({"closed": 1})
    assert info.value.message == "'closed' must be true or false in 'closed', got 1"
    assert info.value.expected == "True or False"
    with pytest.raises(ExpressionError, match="must be a number"):
        compiled("a").evaluate({"a": 1.5})  # type: ignore[dict-item]
    with pytest.raises(ExpressionError) as info:  # a value given by a caller is quoted cut short, never in full
        compiled("a").evaluate({"a": "x" * 1000})  # type: ignore[dict-item]
    assert info.value.message == "'a' must be a number in 'a', got '" + "x" * 36 + "..."
    with pytest.raises(ExpressionError) as info:
        compiled("a").evaluate({"a": 10**100})
    assert info.value.message == "'a' is out of range in 'a', got 1" + "0" * 36 + "..."


def test_integer_results_only() -> None:
    result = value("7 // 2")
    assert type(result) is int


# --- division by a constant zero: refused when compiled -----------------------------------


@pytest.mark.parametrize(
    ("text", "symbol", "offset"),
    [
        ("1 // 0", "//", 5),
        ("points % 0", "%", 9),
        ("points // (2 - 2)", "//", 11),  # the divisor's text inside the parentheses
        ("points + 1 // (3 * 0) - 2", "//", 15),
    ],
)
def test_division_by_a_constant_zero_is_refused(text: str, symbol: str, offset: int) -> None:
    err = error(text)
    assert err.message.startswith(f"division by zero: the divisor of '{symbol}' is always 0\n")
    assert err.expected == "a divisor that is never 0"
    assert (err.line, err.column) == (7, 12 + offset)


def test_a_divisor_with_a_name_is_left_to_play() -> None:
    # unit - unit is 0 too, but only a name-free divisor is judged before play: whether a
    # formula with names can divide by 0 depends on the values it is given.
    expr = compile_expression("points // (unit - unit)", NAMES)
    with pytest.raises(ExpressionError, match="division by zero"):
        expr.evaluate({"points": 1, "unit": 33})
    assert value("points // (3 - 2)", points=7) == 7
