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
#: How tightly an operator binds, for the parentheses of its operands in words (see
#: :meth:`ExprWords._operand`); a kind not listed is a single noun (a number, a name, "the
#: larger of ...") that never needs them, and a condition as a value binds least.
_BINDING = {"if": 0, "add": 1, "sub": 1, "mul": 2, "floordiv": 2, "mod": 2, "neg": 3}
_WORDED_WHOLE = {"number", "name", "bool", "min", "max", "abs"}


@dataclass(frozen=True)
class Name:
    kind: str  # points, tricks, other
    noun: str  # "the loser's points"
    subject: str = ""  # "the loser"
    plural: bool = False  # "the losers have taken no trick"
    noun_plural: bool = False  # "the loser's points are less than ..." (the noun, not the subject)


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
            return f"minus {self._operand(ch[0], kind)}"
        if kind in ("add", "sub", "mul"):
            word = {"add": "plus", "sub": "minus", "mul": "times"}[kind]
            return f"{self._operand(ch[0], kind)} {word} {self._operand(ch[1], kind, right=True)}"
        if kind == "floordiv":
            return f"{self._operand(ch[0], kind)} divided by {self._operand(ch[1], kind, right=True)}, rounded down"
        if kind == "mod":
            return f"the remainder of {self._operand(ch[0], kind)} divided by {self._operand(ch[1], kind, right=True)}"
        if kind in ("min", "max"):
            parts = [self.value(c) for c in ch]
            if len(parts) == 1:
                return parts[0]
            word = ("smaller" if kind == "min" else "larger") if len(parts) == 2 else ("smallest" if kind == "min" else "largest")
            return f"the {word} of {listing(parts)}"
        if kind == "abs":
            return f"the absolute value of {self.value(ch[0])}"
        if kind == "if":  # a chain reads on in its last value; a choice as the first value is grouped
            return f"{self._operand(ch[1], kind, right=True)} if {self.condition(ch[0])}, otherwise {self.value(ch[2])}"
        return self.condition(node)

    def _operand(self, node: _Node, parent: str, *, right: bool = False) -> str:
        """An operand of ``parent`` in words, in parentheses where the words alone would group
        otherwise than the formula: words have no precedence, so ``(if t == 0 then 1 else 0) + 1``
        must not read "1 if ..., otherwise 0 plus 1" (which says 1 in every case).

        Parentheses go round an operand that binds less tightly than its operator (a sum in a
        product, a choice in a sum), round the right operand of ``-``, ``//`` and ``%`` that
        binds as tightly (``a - (b + c)``), and round a ``//`` or ``%`` that is itself an
        operand: "rounded down" and "the remainder of" have no end of their own.
        """
        words = self.value(node)
        kind = node.kind
        if kind in _WORDED_WHOLE:
            return words
        if kind not in _BINDING:  # a condition as a value
            return f"({words})"
        inner, outer = _BINDING[kind], _BINDING[parent]
        grouped = (
            inner < outer
            or (right and inner == outer and parent in ("sub", "floordiv", "mod", "if"))
            or kind in ("floordiv", "mod")
        )
        return f"({words})" if grouped else words

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
            relation = _REL[kind]
            if info is not None and info.noun_plural:  # "the loser's points are less than ..."
                relation = "are" + relation[2:]
            return f"{self.value(left)} {relation} {self.value(right)}"
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


