"""Scoring expressions in English: values as noun phrases, conditions as clauses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from interpreter.text.diff import plural
from interpreter.text.rulebook.words import listing

if TYPE_CHECKING:
    from interpreter.rules.expr import Expression, _Node

_FLIP = {"lt": "gt", "gt": "lt", "le": "ge", "ge": "le", "eq": "eq", "ne": "ne"}
_REL = {"eq": "is", "ne": "is not", "lt": "is less than", "le": "is at most", "gt": "is more than", "ge": "is at least"}
_COMPARISONS = set(_REL)


@dataclass(frozen=True)
class Name:
    kind: str  # points, tricks, other
    noun: str  # "the loser's points"
    subject: str = ""  # "the loser"
    plural: bool = False  # "the losers have taken no trick"


class ExprWords:
    """An expression's parse tree in English: values as noun phrases, conditions as clauses."""

    def __init__(self, names: dict[str, Name], constants: dict[str, int]) -> None:
        self.names = names
        self.constants = constants

    @staticmethod
    def tree(expr: Expression) -> _Node:
        from interpreter.rules.expr import _parser, _ToNodes

        return _ToNodes().transform(_parser().parse(expr.source))

    def _number(self, node: _Node) -> int | None:
        if node.kind == "number":
            return int(node.value)  # type: ignore[arg-type]
        if node.kind == "name" and node.value in self.constants:
            return self.constants[str(node.value)]
        return None

    def value(self, node: _Node) -> str:
        kind = node.kind
        ch = node.children
        if kind == "number":
            return str(node.value)
        if kind == "name":
            name = str(node.value)
            if name in self.constants:
                return str(self.constants[name])
            return self.names[name].noun if name in self.names else name
        if kind == "bool":
            return "true" if node.value else "false"
        if kind == "neg":
            return f"minus {self.value(ch[0])}"
        if kind in ("add", "sub", "mul"):
            word = {"add": "plus", "sub": "minus", "mul": "times"}[kind]
            return f"{self.value(ch[0])} {word} {self.value(ch[1])}"
        if kind == "floordiv":
            return f"{self.value(ch[0])} divided by {self.value(ch[1])}, rounded down"
        if kind == "mod":
            return f"the remainder of {self.value(ch[0])} divided by {self.value(ch[1])}"
        if kind in ("min", "max"):
            parts = [self.value(c) for c in ch]
            if len(parts) == 1:
                return parts[0]
            word = ("smaller" if kind == "min" else "larger") if len(parts) == 2 else ("smallest" if kind == "min" else "largest")
            return f"the {word} of {listing(parts)}"
        if kind == "abs":
            return f"the absolute value of {self.value(ch[0])}"
        if kind == "if":
            return f"{self.value(ch[1])} if {self.condition(ch[0])}, otherwise {self.value(ch[2])}"
        return self.condition(node)

    def condition(self, node: _Node) -> str:
        kind = node.kind
        ch = node.children
        if kind == "and":
            return f"{self.condition(ch[0])} and {self.condition(ch[1])}"
        if kind == "or":
            return f"{self.condition(ch[0])} or {self.condition(ch[1])}"
        if kind == "not":
            return f"it is not the case that {self.condition(ch[0])}"
        if kind == "bool":
            return "always" if node.value else "never"
        if kind in _COMPARISONS:
            left, right = ch
            if self._number(left) is not None and right.kind == "name":
                left, right, kind = right, left, _FLIP[kind]
            k = self._number(right)
            info = self.names.get(str(left.value)) if left.kind == "name" else None
            if info is not None and k is not None and info.kind in ("points", "tricks"):
                return self._quantity(info, kind, k)
            return f"{self.value(left)} {_REL[kind]} {self.value(right)}"
        return self.value(node)

    @staticmethod
    def _quantity(info: Name, kind: str, k: int) -> str:
        who = info.subject
        has, does = ("have", "do") if info.plural else ("has", "does")
        if info.kind == "points":
            words = {
                "lt": f"fewer than {k} points", "le": f"at most {k} points",
                "gt": f"more than {k} points", "ge": f"at least {k} points",
                "eq": f"exactly {k} points",
            }
            if kind == "ne":
                return f"{who} {does} not have exactly {k} points"
            return f"{who} {has} {words[kind]}"
        none = (kind == "eq" and k == 0) or (kind == "lt" and k == 1) or (kind == "le" and k == 0)
        some = (kind in ("ne", "gt") and k == 0) or (kind == "ge" and k == 1)
        if none:
            return f"{who} {has} taken no trick"
        if some:
            return f"{who} {has} taken at least one trick"
        words = {
            "lt": f"fewer than {plural(k, 'trick')}", "le": f"at most {plural(k, 'trick')}",
            "gt": f"more than {plural(k, 'trick')}", "ge": f"at least {plural(k, 'trick')}",
            "eq": f"exactly {plural(k, 'trick')}",
        }
        if kind == "ne":
            return f"{who} {has} not taken exactly {plural(k, 'trick')}"
        return f"{who} {has} taken {words[kind]}"

    def cases(self, node: _Node) -> tuple[list[tuple[str, str]], str]:
        """An if-chain as (condition, value) pairs and the value of every other case."""
        cases: list[tuple[str, str]] = []
        while node.kind == "if":
            cond, then, other = node.children
            cases.append((self.condition(cond), self.value(then)))
            node = other
        return cases, self.value(node)


