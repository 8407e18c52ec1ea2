"""The range of a formula over ranges of its inputs (``Expression.value_range``).

The exact search bounds a deal's value with it, so it must never be too narrow: every value
the formula takes with its inputs in their ranges lies within (checked by trying every
combination on small ranges, for hand-written formulas and for every formula of every ruleset
shipped). Where the formula compares inputs with numbers and chooses among numbers, as game
points do, it is exact. Expected ranges in the hand-worked tests come from the rules.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from interpreter.rules.expr import Expression, compile_expression
from interpreter.rules.loader import load_ruleset

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted(
    [str(p) for p in (ROOT / "rulesets").glob("*.yaml")]
    + [str(p) for p in (ROOT / "rulesets" / "house").glob("*.yaml")]
    + [str(p) for p in (ROOT / "tests" / "fixtures" / "rulesets").glob("*.yaml")]
)
GAME_POINTS = "if opponent_tricks == 0 then 3 else if opponent_points < 33 then 2 else 1"
INTS = {"a": "int", "b": "int", "c": "int"}


def brute_range(expr: Expression, ranges: dict[str, tuple[int, int]]) -> tuple[int, int]:
    """The least and the most the formula gives, by trying every combination of the inputs."""
    names = sorted(expr.names)
    values = [int(v) for v in (
        expr.evaluate(dict(zip(names, combo)))
        for combo in itertools.product(*[range(ranges[n][0], ranges[n][1] + 1) for n in names])
    )]
    return min(values), max(values)


def test_schnapsen_game_points_hand_worked() -> None:
    """The opponent without a trick may still take none: 3 is possible. With a trick and 20
    points he may stay under 33 (2) or pass it (1); with 33 or more and a trick, only 1. With
    the opponent's count fixed at the close (20 points, a trick), exactly 2."""
    e = compile_expression(GAME_POINTS, {"opponent_tricks": "int", "opponent_points": "int"})
    assert e.value_range({"opponent_tricks": (0, 10), "opponent_points": (0, 120)}) == (1, 3)
    assert e.value_range({"opponent_tricks": (1, 10), "opponent_points": (20, 120)}) == (1, 2)
    assert e.value_range({"opponent_tricks": (1, 10), "opponent_points": (33, 120)}) == (1, 1)
    assert e.value_range({"opponent_tricks": (1, 1), "opponent_points": (20, 20)}) == (2, 2)
    assert e.value_range({"opponent_tricks": (0, 0), "opponent_points": (0, 0)}) == (3, 3)


def test_arithmetic_hand_worked() -> None:
    """North American units: points 40 to 79 in units of 33 are 1 or 2 (40 // 33 = 1, 79 // 33
    = 2); less a bid of 2 or 3, -2 to 0. abs(a - b) with a in 0..5 and b in 3..4: 0 (a = 3) to
    4 (a = 0, b = 4). A division by a range that holds 0 is not bounded."""
    units = compile_expression("points // unit - bid", {"points": "int", "unit": "int", "bid": "int"})
    assert units.value_range({"points": (40, 79), "unit": (33, 33), "bid": (2, 3)}) == (-2, 0)
    assert compile_expression("abs(a - b)", INTS).value_range({"a": (0, 5), "b": (3, 4)}) == (0, 4)
    wide = compile_expression("a // b", INTS).value_range({"a": (1, 2), "b": (-1, 1)})
    assert wide[0] <= -2 and wide[1] >= 2
    assert compile_expression("a % 3", INTS).value_range({"a": (7, 100)}) == (0, 2)
    assert compile_expression("a % 10", INTS).value_range({"a": (3, 5)}) == (3, 5)


def test_truth_values_hand_worked() -> None:
    """A comparison true for every pair is 1, false for every pair 0, else either; ``not``,
    ``and``, ``or`` follow."""
    e = compile_expression("a > 5 and not (b == 2)", INTS, result_type="bool")
    assert e.value_range({"a": (6, 9), "b": (3, 4)}) == (1, 1)
    assert e.value_range({"a": (0, 5), "b": (3, 4)}) == (0, 0)
    assert e.value_range({"a": (6, 9), "b": (2, 2)}) == (0, 0)
    assert e.value_range({"a": (5, 9), "b": (3, 4)}) == (0, 1)
    assert compile_expression("a < 0 or b >= 1", INTS, result_type="bool").value_range({"a": (1, 3), "b": (0, 1)}) == (0, 1)


TRICKY = [
    "min(a, b) * c - abs(a - 7)",
    "if a > b and not (c == 2) then a // (b + 10) else c % 4",
    "max(a, 3) - b * b",
    "-(a % -3) + (if a == b or c != 0 then -a else b * c)",
    "a * b * c - a // 3",
]


@pytest.mark.parametrize("text", TRICKY)
def test_every_value_lies_within_the_range(text: str) -> None:
    """Hand-written formulas of every kind of part, on random small ranges with negative numbers."""
    e = compile_expression(text, INTS)
    rng = random.Random(text)
    for _ in range(60):
        ranges = {}
        for name in INTS:
            lo = rng.randrange(-6, 7)
            ranges[name] = (lo, lo + rng.randrange(0, 5))
        lo, hi = e.value_range(ranges)
        got = brute_range(e, ranges)
        assert lo <= got[0] and got[1] <= hi, (ranges, (lo, hi), got)


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: Path(p).stem)
def test_every_formula_of_every_ruleset_lies_within_its_range(path: str) -> None:
    """Every scoring formula of every ruleset shipped (and the test fixtures), on random small
    ranges of the counts a deal has; the game points' formula exactly (comparisons with numbers
    choosing among numbers)."""
    sc = load_ruleset(path).scoring
    rng = random.Random(Path(path).stem)
    for which in ("game_points", "made", "set", "defenders", "moon_made", "moon_set"):
        e = getattr(sc, which)
        for _ in range(6):
            ranges = {}
            for name in e.names:
                lo = rng.randrange(0, 40) if "points" in name else rng.randrange(0, 4)
                ranges[name] = (lo, lo + rng.randrange(0, 12 if "points" in name else 3))
            ranges["unit"] = (sc.unit, sc.unit)
            got = brute_range(e, ranges)
            lo, hi = e.value_range(ranges)
            assert lo <= got[0] and got[1] <= hi, (which, e.source, ranges, (lo, hi), got)
            if which == "game_points" and sc.method == "game_points":
                assert (lo, hi) == got, (e.source, ranges)
