"""Scoring expressions in English: values as noun phrases, conditions as clauses."""

from __future__ import annotations

from dataclasses import dataclass, replace
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
_WORDED_WHOLE = {"number", "name", "bool"}
#: Operations whose words have no end of their own ("rounded down", "the remainder of ...",
#: "the larger of a and b", "the absolute value of ..."): as an operand they are grouped always.
_OPEN_ENDED = {"floordiv", "mod", "min", "max", "abs"}
_CONNECTIVES = {"and", "or"}


def _is_truth(node: _Node) -> bool:
    """Whether ``node`` gives true or false (every name of a scoring formula is a number)."""
    if node.kind == "if":
        return _is_truth(node.children[1])
    return node.kind in _COMPARISONS | _CONNECTIVES | {"not", "bool"}


def _fold(node: _Node) -> _Node:
    """``node`` with its literal ``true`` and ``false`` worked out, so that no "if always"
    or "... and always" is left to say: ``if true then 1 else 2`` is 1, ``c and false`` is
    false, ``c == true`` is ``c``.  What remains is the same formula, shorter."""
    if not node.children:
        return node
    ch = tuple(_fold(c) for c in node.children)
    kind = node.kind
    lit = [c.value if c.kind == "bool" else None for c in ch]
    if kind == "if" and lit[0] is not None:
        return ch[1] if lit[0] else ch[2]
    if kind in _CONNECTIVES:
        absorbing = kind == "or"  # true absorbs an or, false an and
        for i in (0, 1):
            if lit[i] is not None:
                return ch[i] if bool(lit[i]) == absorbing else ch[1 - i]
    if kind == "not" and lit[0] is not None:
        return replace(ch[0], value=not lit[0])
    if kind in ("eq", "ne") and _is_truth(ch[0]):
        for i in (0, 1):
            if lit[i] is not None:
                other = ch[1 - i]
                if other.kind == "bool":
                    return replace(other, value=(other.value == lit[i]) == (kind == "eq"))
                keeps = bool(lit[i]) == (kind == "eq")
                return other if keeps else replace(node, kind="not", children=(other,))
    return replace(node, children=ch)


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

        return _fold(_ToNodes().transform(_parser().parse(expr.source)))

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
            parts = [self._argument(c) for c in ch]
            if len(parts) == 1:
                return parts[0]
            word = ("smaller" if kind == "min" else "larger") if len(parts) == 2 else ("smallest" if kind == "min" else "largest")
            return f"the {word} of {listing(parts)}"
        if kind == "abs":
            return f"the absolute value of {self._argument(ch[0])}"
        if kind == "if":  # a chain reads on in its last value; a choice as the first value is grouped
            return f"{self._operand(ch[1], kind, right=True)} if {self._clause(ch[0], kind)}, otherwise {self.value(ch[2])}"
        return self.condition(node)

    def _operand(self, node: _Node, parent: str, *, right: bool = False) -> str:
        """An operand of ``parent`` in words, in parentheses where the words alone would group
        otherwise than the formula: words have no precedence, so ``(if t == 0 then 1 else 0) + 1``
        must not read "1 if ..., otherwise 0 plus 1" (which says 1 in every case).

        Parentheses go round an operand that binds less tightly than its operator (a sum in a
        product, a choice in a sum), round the right operand of ``-``, ``//`` and ``%`` that
        binds as tightly (``a - (b + c)``), and round a ``//`` or ``%`` that is itself an
        operand: "rounded down", "the remainder of", "the larger of" and "the absolute value of"
        have no end of their own.
        """
        words = self.value(node)
        kind = node.kind
        if kind in _WORDED_WHOLE:
            return words
        if kind not in _BINDING and kind not in _OPEN_ENDED:  # a condition as a value
            return f"({words})"
        inner, outer = _BINDING.get(kind, 4), _BINDING[parent]
        grouped = (
            inner < outer
            or (right and inner == outer and parent in ("sub", "floordiv", "mod", "if"))
            or kind in _OPEN_ENDED
        )
        return f"({words})" if grouped else words

    def _argument(self, node: _Node) -> str:
        """An argument of ``min``, ``max`` or ``abs``: grouped unless a single noun, since
        "the larger of a minus b and c" or "the absolute value of a minus 100" does not say
        where the argument ends."""
        words = self.value(node)
        return words if node.kind in _WORDED_WHOLE else f"({words})"

    def _clause(self, node: _Node, parent: str) -> str:
        """A condition inside ``parent`` (``and``, ``or``, ``not``, a comparison of truth values
        or an ``if``) in words, in parentheses unless it is a plain comparison: words have no
        precedence, so ``(a or b) and c`` and ``a or b and c`` must not both read "a or b and
        c", nor ``not (a and b)`` and ``not a and b`` "it is not the case that a and b".  A
        chain of one connective (``a and b and c``) reads flat: its grouping does not matter.
        The condition of an ``if`` ends at its comma or its cell, so only a choice there is
        grouped (``if (if a then b else c) then ...``)."""
        words = self.condition(node)
        kind = node.kind
        if parent == "if" and kind != "if":
            return words
        plain = (kind in _COMPARISONS and not _is_truth(node.children[0])) or kind == "bool"
        if plain or (kind == parent and kind in _CONNECTIVES) or (kind == "not" == parent):
            return words
        return f"({words})"

    def condition(self, node: _Node) -> str:
        kind = node.kind
        ch = node.children
        if kind in _CONNECTIVES:
            return f"{self._clause(ch[0], kind)} {kind} {self._clause(ch[1], kind)}"
        if kind == "not":
            return f"it is not the case that {self._clause(ch[0], kind)}"
        if kind == "bool":
            return "always" if node.value else "never"
        if kind in _COMPARISONS and _is_truth(ch[0]):  # two truth values: == or !=, each grouped
            first, second = (f"({self.condition(c)})" for c in ch)
            if kind == "eq":
                return f"{first} and {second} are both true or both false"
            return f"exactly one of {first} and {second} is true"
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
            return f"{self._compared(left)} {relation} {self._compared(right)}"
        return self.value(node)

    def _compared(self, node: _Node) -> str:
        """A number compared, grouped if it is a choice: "1 if a, otherwise 2 is more than b"
        would compare only the 2."""
        words = self.value(node)
        return f"({words})" if node.kind == "if" else words

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
            cases.append((self._clause(cond, "if"), self.value(then)))
            node = other
        return cases, self.value(node)


