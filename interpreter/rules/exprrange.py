"""What a ruleset's formula can give over ranges of its inputs: interval arithmetic on its tree.

:meth:`~interpreter.rules.expr.Expression.value_range` answers "what is the least and the most
this formula gives while each name lies anywhere in its range?" without trying every
combination: each part of the tree is given the range of its values, bottom-up.  The answer
always holds (every value the formula takes lies within it); it is exact for the formulas
rulesets write -- comparisons of the inputs with numbers choosing among numbers, as in
``if opponent_tricks == 0 then 3 else if opponent_points < 33 then 2 else 1`` -- and may be wider
where one input appears twice (``points - points`` is given -R..R, not 0).  The exact search
bounds a deal's value with it (:meth:`~interpreter.engine.settle.Settling.score_limits`).

A truth value is the range of 0 (false) and 1 (true): ``(0, 1)`` is "either".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from interpreter.rules.expr import _Node

__all__ = ["node_range"]

Range = tuple[int, int]

#: The widest a value may be (expr.LIMIT): the range of a division by a range that holds 0.
_WIDE = 10**12

_BOTH: Range = (0, 1)


def node_range(node: _Node, ranges: Mapping[str, Range]) -> Range:
    """The range of ``node``'s values while every name lies in its range in ``ranges`` (a name
    missing there may be anything: the widest range, which a condition reads as either).
    Recursion is safe: the formula's nesting (40) and size (400 parts) were bounded when it was
    compiled, so no path down the tree is longer than about 240 nodes."""
    kind = node.kind
    if kind == "number" or kind == "bool":
        v = int(node.value or 0)
        return v, v
    if kind == "name":
        return ranges.get(str(node.value), (-_WIDE, _WIDE))
    if kind == "if":
        cond = node_range(node.children[0], ranges)
        if cond == (1, 1):
            return node_range(node.children[1], ranges)
        if cond == (0, 0):
            return node_range(node.children[2], ranges)
        a, b = node_range(node.children[1], ranges), node_range(node.children[2], ranges)
        return min(a[0], b[0]), max(a[1], b[1])
    if kind == "not":
        lo, hi = node_range(node.children[0], ranges)
        return 1 - hi, 1 - lo
    parts = []
    for child in node.children:  # a loop, not a comprehension: one stack frame a level
        parts.append(node_range(child, ranges))
    if kind == "and":
        return min(p[0] for p in parts), min(p[1] for p in parts)
    if kind == "or":
        return max(p[0] for p in parts), max(p[1] for p in parts)
    if kind == "min":
        return min(p[0] for p in parts), min(p[1] for p in parts)
    if kind == "max":
        return max(p[0] for p in parts), max(p[1] for p in parts)
    if kind == "neg":
        lo, hi = parts[0]
        return -hi, -lo
    if kind == "abs":
        lo, hi = parts[0]
        if lo >= 0:
            return lo, hi
        if hi <= 0:
            return -hi, -lo
        return 0, max(-lo, hi)
    (alo, ahi), (blo, bhi) = parts
    if kind == "add":
        return alo + blo, ahi + bhi
    if kind == "sub":
        return alo - bhi, ahi - blo
    if kind == "mul":
        corners = (alo * blo, alo * bhi, ahi * blo, ahi * bhi)
        return min(corners), max(corners)
    if kind == "floordiv":  # monotone in each input while the divisor keeps its sign
        if blo <= 0 <= bhi:
            return -_WIDE, _WIDE
        corners = (alo // blo, alo // bhi, ahi // blo, ahi // bhi)
        return min(corners), max(corners)
    if kind == "mod":  # Python's %: the divisor's sign, smaller than it
        if blo > 0:
            return (alo, ahi) if alo >= 0 and ahi < blo else (0, bhi - 1)
        if bhi < 0:
            return (alo, ahi) if ahi <= 0 and alo > bhi else (blo + 1, 0)
        return -_WIDE, _WIDE
    return _compare(kind, alo, ahi, blo, bhi)


def _compare(kind: str, alo: int, ahi: int, blo: int, bhi: int) -> Range:
    """A comparison of two ranges: true for every pair, false for every pair, or either."""
    if kind == "lt":
        return (1, 1) if ahi < blo else (0, 0) if alo >= bhi else _BOTH
    if kind == "le":
        return (1, 1) if ahi <= blo else (0, 0) if alo > bhi else _BOTH
    if kind == "gt":
        return (1, 1) if alo > bhi else (0, 0) if ahi <= blo else _BOTH
    if kind == "ge":
        return (1, 1) if alo >= bhi else (0, 0) if ahi < blo else _BOTH
    same = alo == ahi == blo == bhi
    apart = ahi < blo or bhi < alo
    if kind == "eq":
        return (1, 1) if same else (0, 0) if apart else _BOTH
    if kind == "ne":
        return (0, 0) if same else (1, 1) if apart else _BOTH
    raise AssertionError(f"unhandled expression node {kind!r}")  # pragma: no cover
