"""The small expression language of rulesets: parse once, check types, evaluate fast.

Rulesets state their scoring formulas as text, e.g.
``if opponent_tricks == 0 then 3 else if opponent_points < 33 then 2 else 1``.  A formula
comes from a file that anybody may write, so it is never handed to Python's ``eval``:
the grammar in ``expr.lark`` (next to this module) is parsed with lark's LALR parser, the
tree becomes a few small :class:`_Node` objects, and those are compiled into a tree of
Python closures.  Every mistake -- bad syntax, an unknown name, a number where true/false is
needed, an expression too big -- is found when the ruleset is loaded, with the file, line
and column of the offending character, so a broken ruleset never fails in the middle of a
game.  Evaluation is integer-only and bounded, so a formula cannot produce a float, run
away with huge numbers, or take long.

>>> e = compile_expression("points // unit", {"points": "int", "unit": "int"})
>>> e.evaluate({"points": 65, "unit": 33})
1
"""

from __future__ import annotations

import difflib
import operator
import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from lark import Lark, Token, Transformer_NonRecursive, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.tree import Meta

from interpreter.core import grammars
from interpreter.core.arguments import shown_value
from interpreter.core.errors import ExpressionError

__all__ = ["Expression", "compile_expression", "MAX_LENGTH", "MAX_DEPTH", "MAX_NODES", "LIMIT"]

#: Longest accepted expression text, in characters.
MAX_LENGTH = 1000
#: Deepest accepted nesting (docs/authoring.md, "Bounds"): a number or a name alone is not
#: nested; each pair of parentheses, each call (``min(``, ``max(``, ``abs(``), each ``-`` or
#: ``not`` in front of something and each operation inside an operation of another kind is
#: one level.  A chain of the same operators (``1 + 2 - 3 + ...``, ``a * b // c``,
#: ``x and y and z``, ``else if``) is one level however long: it reads flat, and its length is
#: bounded by MAX_NODES instead.
MAX_DEPTH = 40
#: Most operations, literals and names one expression may have.
MAX_NODES = 400
#: Largest absolute value any literal, input or intermediate result may have.
LIMIT = 10**12

_TYPES = ("int", "bool")
_TYPE_WORDS = {"int": "a number", "bool": "true or false"}

Env = Mapping[str, "int | bool"]
#: Maps a character offset of an expression's text to its (line, column) in the file, if known.
Position = Callable[[int], "tuple[int, int] | None"]
_Fn = Callable[[Env], "int | bool"]


# --------------------------------------------------------------------------------------
# Grammar and transformer: text -> _Node tree
# --------------------------------------------------------------------------------------


@cache
def _parser() -> Lark:
    """The LALR parser, built on first use only: importing the module stays cheap (its tables
    kept in the user's own cache folder, never the shared temporary one: :mod:`interpreter.core.grammars`)."""
    return grammars.parser(Path(__file__).with_name("expr.lark"), parser="lalr", lexer="basic", propagate_positions=True)


@dataclass(frozen=True, slots=True)
class _Node:
    """One operation, literal or name of a parsed expression.

    ``pos`` is the character offset where the node's text starts, for error carets;
    ``depth`` (its nesting, see :data:`MAX_DEPTH`) and ``size`` are computed bottom-up while
    building, so the complexity bounds are checked before anything recurses over the tree.
    ``opens`` are the offsets of the parentheses written directly around the node, outermost
    first: each is a level of nesting, and a parenthesised operation does not continue a chain.
    """

    kind: str
    pos: int
    children: tuple[_Node, ...] = ()
    value: int | str | None = None
    depth: int = 0
    size: int = 1
    opens: tuple[int, ...] = ()


#: Operations that chain without nesting, by family: ``1 + 2 - 3`` is one level, as is
#: ``a and b and c``; the chain continues through the child at :data:`_CHAIN_CHILD`.
_CHAIN_FAMILY = {
    "add": "sum", "sub": "sum", "mul": "product", "floordiv": "product", "mod": "product",
    "and": "and", "or": "or", "if": "if",
}  # fmt: skip
#: Which child continues a chain: the left operand (the operators group to the left), and the
#: ``else`` branch of an ``if`` (``else if``).
_CHAIN_CHILD = {"if": 2}


def _continues_chain(parent: str, index: int, child: _Node) -> bool:
    """Whether ``child`` (the ``index``-th operand of a ``parent`` node) is the same chain
    written on: same family, in the chaining place, not in parentheses of its own."""
    family = _CHAIN_FAMILY.get(parent)
    return (
        family is not None
        and index == _CHAIN_CHILD.get(parent, 0)
        and _CHAIN_FAMILY.get(child.kind) == family
        and not child.opens
    )


def _node(
    kind: str, pos: int, children: tuple[_Node, ...] = (), value: int | str | None = None
) -> _Node:
    depth = 0
    for index, child in enumerate(children):
        depth = max(depth, child.depth - (1 if _continues_chain(kind, index, child) else 0))
    if children:
        depth += 1  # an operation is a level; a number or a name is not
    size = 1 + sum(c.size for c in children)
    return _Node(kind, pos, children, value, depth, size)


def _too_deep_at(root: _Node) -> int:
    """The offset where the first level past :data:`MAX_DEPTH` starts, on the deepest path:
    the caret of the depth error points there (a parenthesis, an operator or a call)."""
    node, above, chained = root, 0, False
    while True:
        for offset in node.opens:
            above += 1
            if above > MAX_DEPTH:
                return offset
        if not node.children:
            return node.pos  # not reached when root.depth > MAX_DEPTH; a safe answer anyway
        if not chained:
            above += 1
            if above > MAX_DEPTH:
                return node.pos
        index = max(
            range(len(node.children)),
            key=lambda i: node.children[i].depth - _continues_chain(node.kind, i, node.children[i]),
        )
        chained = _continues_chain(node.kind, index, node.children[index])
        node = node.children[index]


@v_args(meta=True)
class _ToNodes(Transformer_NonRecursive[Token, _Node]):
    """Turns lark's parse tree into :class:`_Node` objects.

    Non-recursive on purpose: a 1000-character text such as ``------...1`` nests hundreds
    of levels deep, which a recursive walk could not survive before the depth bound is
    checked.  The transformer itself never raises; all checking happens in
    :func:`_compile`, so errors are not wrapped in lark's ``VisitError``.
    """

    def number(self, meta: Meta, children: list[Token]) -> _Node:
        token = children[0]
        assert token.start_pos is not None  # the lexer sets it on every token it produces
        return _node("number", token.start_pos, value=int(token))

    def name(self, meta: Meta, children: list[Token]) -> _Node:
        token = children[0]
        assert token.start_pos is not None  # the lexer sets it on every token it produces
        return _node("name", token.start_pos, value=str(token))

    def true(self, meta: Meta, children: list[object]) -> _Node:
        return _node("bool", meta.start_pos, value=1)

    def false(self, meta: Meta, children: list[object]) -> _Node:
        return _node("bool", meta.start_pos, value=0)

    def paren(self, meta: Meta, children: list[_Node]) -> _Node:
        # Parentheses make no node of their own, but each pair is a level of nesting.
        inner = children[0]
        return replace(inner, depth=inner.depth + 1, opens=(meta.start_pos, *inner.opens))

    def arguments(self, meta: Meta, children: list[_Node]) -> tuple[_Node, ...]:
        return tuple(children)

    def min_(self, meta: Meta, children: list[tuple[_Node, ...]]) -> _Node:
        return _node("min", meta.start_pos, children[0])

    def max_(self, meta: Meta, children: list[tuple[_Node, ...]]) -> _Node:
        return _node("max", meta.start_pos, children[0])

    def __default__(self, data: str, children: list[_Node], meta: Meta) -> _Node:
        # Every other rule (if_, or_, add, eq, neg, abs_, ...) is an operation on its
        # children, named by the rule's alias without the trailing underscore.
        return _node(str(data).rstrip("_"), meta.start_pos, tuple(children))


# --------------------------------------------------------------------------------------
# Errors with a caret under the offending character
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Where:
    """Where the expression text sits in its file, for every error it can raise."""

    text: str
    file: str | None
    line: int | None
    column: int | None
    path: str | None
    #: Line and column in the file of a character of the text, where the text is not written
    #: as it reads (a folded, literal or quoted YAML string); None to count from line/column.
    position: Position | None = None

    def error(self, message: str, offset: int, expected: str | None = None) -> ExpressionError:
        """An error at character ``offset`` of the text, message followed by a caret line."""
        offset = max(0, min(offset, len(self.text)))
        line_no = self.text.count("\n", 0, offset) + 1
        line_start = self.text.rfind("\n", 0, offset) + 1
        col_no = offset - line_start + 1
        line_end = self.text.find("\n", offset)
        line_text = self.text[line_start : line_end if line_end >= 0 else len(self.text)]
        shown, caret_at = _window(line_text, col_no - 1)
        pad = "".join("\t" if ch == "\t" else " " for ch in shown[:caret_at])
        full = f"{message}\n    {shown}\n    {pad}^"
        found = self.position(offset) if self.position is not None else None
        if found is not None:
            line, column = found
        elif self.line is None:
            line, column = None, None
        elif line_no > 1:
            line, column = self.line + line_no - 1, col_no
        else:
            line = self.line
            column = None if self.column is None else self.column + col_no - 1
        return ExpressionError(
            full, file=self.file, line=line, column=column, path=self.path, expected=expected
        )

    def runtime_error(self, message: str, expected: str | None = None) -> ExpressionError:
        """An error while evaluating: located at the expression's start, no caret."""
        return ExpressionError(
            message, file=self.file, line=self.line, column=self.column, path=self.path, expected=expected
        )


_WINDOW = 76


def _window(line_text: str, index: int) -> tuple[str, int]:
    """Cut a long line down to a readable stretch around ``index`` (the caret position)."""
    if len(line_text) <= _WINDOW:
        return line_text, index
    start = max(0, min(index - _WINDOW // 2, len(line_text) - _WINDOW))
    end = start + _WINDOW
    shown = line_text[start:end]
    caret_at = index - start
    if start > 0:
        shown = "..." + shown
        caret_at += 3
    if end < len(line_text):
        shown += "..."
    return shown, caret_at


# Order in which expected tokens are listed; operator groups are collapsed into one word
# when all their members are expected, so a message does not list fifteen symbols.
_ARITHMETIC = ("+", "-", "*", "//", "%")
#: The functions of the language (expr.lark's calls), for "unknown function".
_FUNCTIONS = ("abs", "max", "min")
#: The words of the language that a NAME cannot be.
_KEYWORDS = frozenset({"true", "false", "not", "and", "or", "if", "then", "else", *_FUNCTIONS})
_COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")
_ORDER = (
    "INT", "NAME", "true", "false", "min", "max", "abs", "(",
    *_ARITHMETIC, *_COMPARISONS,
    "not", "and", "or", "if", "then", "else", ",", ")", "$END",
)  # fmt: skip


@cache
def _terminal_texts() -> dict[str, str]:
    """Terminal name (``LPAR``, ``__ANON_0`` ...) -> the literal it stands for (``(``)."""
    texts = {"$END": "$END", "INT": "INT", "NAME": "NAME"}
    for terminal in _parser().terminals:
        if terminal.pattern.type == "str":
            texts[terminal.name] = terminal.pattern.value
    return texts


def _describe_expected(terminal_names: set[str] | frozenset[str]) -> str:
    """Lark's expected terminals in words, e.g. ``a number, a name, '(' or '-'``."""
    texts = {_terminal_texts().get(name, name) for name in terminal_names}
    if {"INT", "NAME"} <= texts:
        # true/false and the functions are values too; "a number, a name" covers the idea.
        texts -= {"true", "false", *_FUNCTIONS}
    words_for = {"INT": "a number", "NAME": "a name", "$END": "end of expression"}
    for group, word in ((_ARITHMETIC, "an arithmetic operator"), (_COMPARISONS, "a comparison")):
        if set(group) <= texts:
            # Stand the whole group in at its first member's place, drop the others.
            texts -= set(group[1:])
            words_for[group[0]] = word
    words = [words_for.get(text, f"'{text}'") for text in _ORDER if text in texts]
    words += sorted(f"'{t}'" for t in texts if t not in _ORDER)
    if not words:
        return "nothing more"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _syntax_error(error: UnexpectedInput, where: _Where, names: Collection[str] = ()) -> ExpressionError:
    """Translate lark's exception into the project's wording; a ``(`` after a word that is
    neither a function nor one of ``names`` is a call of an unknown function (:func:`_unknown_call`)."""
    parser_state = getattr(error, "interactive_parser", None)
    accepted: set[str] | None = None
    if parser_state is not None:
        try:
            accepted = set(parser_state.accepts())
        except Exception:  # accepts() replays the parser; never let it hide the real error
            accepted = None
    if isinstance(error, UnexpectedToken):
        fallback = set(error.expected)
        token = error.token
        if token.type == "$END":
            offset = len(where.text.rstrip())
            message = "syntax error: unexpected end of expression"
        else:
            offset = token.start_pos if token.start_pos is not None else 0
            message = f"syntax error: unexpected '{token}'"
            if str(token) == "(":
                call = _unknown_call(where, offset, names)
                if call is not None:
                    return call
    elif isinstance(error, UnexpectedCharacters):
        fallback = set(error.allowed or ())
        # Always the lexer's int position here; lark types the class default (None) only.
        offset = error.pos_in_stream or 0
        message = f"syntax error: unexpected '{where.text[offset]}'"
    else:  # pragma: no cover - lark's LALR parser raises only the two above
        fallback = set()
        offset = getattr(error, "pos_in_stream", 0) or 0
        message = "syntax error"
    expected = _describe_expected(accepted if accepted is not None else fallback)
    meant = _meant(where.text, offset)
    if meant is not None:
        expected += f"; did you mean '{meant}'?"
    return where.error(message, offset, expected)


def _unknown_call(where: _Where, offset: int, names: Collection[str]) -> ExpressionError | None:
    """``foo(1)``: the word before the ``(`` at ``offset`` called as a function the language
    does not have (lark's "unexpected '('" did not say so), or None where that word is a name of
    the formula or a keyword (``points (1)`` is a missing operator, not a call)."""
    found = re.search(r"([a-z_][a-z0-9_]*)\s*\Z", where.text[:offset])
    if found is None or found.group(1) in names or found.group(1) in _KEYWORDS:
        return None
    word = found.group(1)
    expected = "one of: " + ", ".join(_FUNCTIONS)
    close = difflib.get_close_matches(word, _FUNCTIONS, n=1)
    if close:
        expected += f"; did you mean '{close[0]}'?"
    return where.error(f"unknown function '{word}'", found.start(1), expected)


#: What other languages write, and what the expression language writes for it.
_CONFUSED = (
    ("=>", ">="), ("=<", "<="), ("<>", "!="), ("&&", "and"), ("||", "or"),
    ("=", "=="), ("/", "//"), ("&", "and"), ("|", "or"), ("!", "not"),
)  # fmt: skip


def _meant(text: str, offset: int) -> str | None:
    """The operator meant by one that the language does not have, at ``offset`` (``=`` for ``==``)."""
    for wrong, right in _CONFUSED:
        for start in (offset, offset - 1):
            if 0 <= start <= offset < start + len(wrong) and text.startswith(wrong, start):
                if not text.startswith(right, start):  # `==` itself is fine
                    return right
    return None


# --------------------------------------------------------------------------------------
# Type checking and compilation: _Node tree -> closures
# --------------------------------------------------------------------------------------

_ARITH_OPS: dict[str, tuple[str, Callable[[int, int], int]]] = {
    "add": ("+", operator.add),
    "sub": ("-", operator.sub),
    "mul": ("*", operator.mul),
    "floordiv": ("//", operator.floordiv),
    "mod": ("%", operator.mod),
}
_COMPARE_OPS: dict[str, tuple[str, Callable[[int, int], bool]]] = {
    "eq": ("==", operator.eq),
    "ne": ("!=", operator.ne),
    "lt": ("<", operator.lt),
    "le": ("<=", operator.le),
    "gt": (">", operator.gt),
    "ge": (">=", operator.ge),
}


class _Compiler:
    """Checks one expression's names and types and builds its closures.

    Recursion here is safe: it goes one call a level of nesting, which MAX_DEPTH bounds, while
    a chain of the same operators (``1 + 1 + ...``, which does not count as nesting, see
    :data:`MAX_DEPTH`) is walked in a loop and evaluated in one, never by recursion.
    """

    def __init__(self, where: _Where, names: Mapping[str, str]) -> None:
        self.where = where
        self.names = names
        self.used: dict[str, str] = {}

    def fail(self, message: str, node: _Node, expected: str | None = None) -> ExpressionError:
        return self.where.error(message, node.pos, expected)

    def expect(self, node: _Node, want: str, message: str) -> _Fn:
        fn, got = self.compile(node)
        if got != want:
            raise self.fail(message.format(got=_TYPE_WORDS[got]), node, _TYPE_WORDS[want])
        return fn

    def compile(self, node: _Node) -> tuple[_Fn, str]:
        kind = node.kind
        if kind == "number":
            value = node.value
            assert isinstance(value, int)
            if value > LIMIT:
                raise self.fail(f"number too large (at most {LIMIT})", node, f"a number from 0 to {LIMIT}")
            return (lambda env, v=value: v), "int"
        if kind == "bool":
            flag = bool(node.value)
            return (lambda env, v=flag: v), "bool"
        if kind == "name":
            return self.compile_name(node)
        if kind in _ARITH_OPS:
            return self.compile_arithmetic(node), "int"
        if kind in _COMPARE_OPS:
            return self.compile_comparison(node), "bool"
        if kind in ("and", "or"):
            return self.compile_logic(node), "bool"
        if kind == "not":
            inner = self.expect(node.children[0], "bool", "'not' needs true or false")
            return (lambda env: not inner(env)), "bool"
        if kind == "neg":
            inner = self.expect(node.children[0], "int", "'-' needs a number")
            return (lambda env: -inner(env)), "int"
        if kind == "abs":
            inner = self.expect(node.children[0], "int", "'abs' needs a number")
            return (lambda env: abs(inner(env))), "int"
        if kind in ("min", "max"):
            return self.compile_min_max(node), "int"
        if kind == "if":
            return self.compile_if(node)
        raise AssertionError(f"unhandled expression node {kind!r}")  # pragma: no cover

    def compile_name(self, node: _Node) -> tuple[_Fn, str]:
        name = node.value
        assert isinstance(name, str)
        if name not in self.names:
            known = sorted(self.names)
            if not known:
                expected = "a number or true/false (no names are available here)"
            else:
                expected = "one of: " + ", ".join(known)
                close = difflib.get_close_matches(name, known, n=1)
                if close:
                    expected += f"; did you mean '{close[0]}'?"
            raise self.fail(f"unknown name '{name}'", node, expected)
        self.used[name] = self.names[name]
        return operator.itemgetter(name), self.names[name]

    @staticmethod
    def spine(node: _Node, kinds: Collection[str]) -> list[_Node]:
        """``node`` and its left operands while they are operations of ``kinds``, outermost
        first: ``1 + 2 * 3 - 4`` is sub(add(1, mul(2, 3)), 4), whose spine is [sub, add]."""
        spine = [node]
        while spine[-1].children[0].kind in kinds:
            spine.append(spine[-1].children[0])
        return spine

    def compile_arithmetic(self, node: _Node) -> _Fn:
        """A chain of arithmetic (``a + b - c * d``), compiled and evaluated left to right in a
        loop, with the zero check of ``//`` and ``%`` and the range check of the others at each
        step, as the nested operations would."""
        spine = self.spine(node, _ARITH_OPS)
        first = self.expect(spine[-1].children[0], "int", f"'{_ARITH_OPS[spine[-1].kind][0]}' needs numbers")
        steps: list[tuple[Callable[[int, int], int], _Fn, bool]] = []
        for op_node in reversed(spine):
            symbol, op = _ARITH_OPS[op_node.kind]
            right = self.expect(op_node.children[1], "int", f"'{symbol}' needs numbers")
            divides = op_node.kind in ("floordiv", "mod")
            if divides and not _reads_names(op_node.children[1]) and right({}) == 0:
                # A divisor without names is the same in every deal: 0 here fails every time
                # the formula is scored, so it is refused now, not in the middle of a match.
                raise self.fail(
                    f"division by zero: the divisor of '{symbol}' is always 0", op_node.children[1],
                    "a divisor that is never 0",
                )
            steps.append((op, right, divides))
        where = self.where

        # |a // b| <= |a| and |a % b| < |b|: a division needs no range check, only the zero check.
        def arithmetic(env: Env) -> int:
            value = first(env)
            assert isinstance(value, int)
            for op, right, divides in steps:
                b = right(env)
                assert isinstance(b, int)
                if divides:
                    if b == 0:
                        raise where.runtime_error(f"division by zero in '{where.text}'", _NONZERO)
                    value = op(value, b)
                else:
                    value = op(value, b)
                    if not -LIMIT <= value <= LIMIT:
                        raise where.runtime_error(_out_of_range(where.text), _IN_RANGE)
            return value

        if not _reads_names(node):
            # Without names the value is the same in every deal: one out of range would fail
            # every time the formula is scored, so it is refused now, as a divisor always 0 is.
            try:
                arithmetic({})
            except ExpressionError:
                raise self.fail(
                    "value out of range: working this part out always goes beyond 10**12 (in absolute value)", node, _IN_RANGE,
                ) from None
        return arithmetic

    def compile_logic(self, node: _Node) -> _Fn:
        """A chain of ``and`` (or of ``or``), in a loop that stops at the first false (true)."""
        kind = node.kind
        spine = self.spine(node, (kind,))
        message = f"'{kind}' needs true or false"
        fns = [self.expect(spine[-1].children[0], "bool", message)]
        fns += [self.expect(n.children[1], "bool", message) for n in reversed(spine)]
        if kind == "and":
            return lambda env: all(f(env) for f in fns)
        return lambda env: any(f(env) for f in fns)

    def compile_comparison(self, node: _Node) -> _Fn:
        symbol, op = _COMPARE_OPS[node.kind]
        left_node, right_node = node.children
        if node.kind in ("eq", "ne"):
            # == and != also compare two truth values; mixing the types is a mistake.
            left, left_type = self.compile(left_node)
            right, right_type = self.compile(right_node)
            if left_type != right_type:
                raise self.fail(
                    f"'{symbol}' compares {_TYPE_WORDS[left_type]} with {_TYPE_WORDS[right_type]}",
                    right_node, f"{_TYPE_WORDS[left_type]} on both sides",
                )
        else:
            left = self.expect(left_node, "int", f"'{symbol}' needs numbers")
            right = self.expect(right_node, "int", f"'{symbol}' needs numbers")
        return lambda env: op(left(env), right(env))

    def compile_min_max(self, node: _Node) -> _Fn:
        pick = min if node.kind == "min" else max
        fns = [self.expect(child, "int", f"'{node.kind}' needs numbers") for child in node.children]
        if len(fns) == 1:
            return fns[0]
        if len(fns) == 2:
            a, b = fns
            return lambda env: pick(a(env), b(env))
        return lambda env: pick([f(env) for f in fns])

    def compile_if(self, node: _Node) -> tuple[_Fn, str]:
        """An ``if`` and the ``else if`` chain after it, in a loop (see :class:`_Compiler`)."""
        chain = [node]
        while chain[-1].children[2].kind == "if":
            chain.append(chain[-1].children[2])
        cases: list[tuple[_Fn, _Fn]] = []
        then_types: list[str] = []
        for n in chain:
            cond = self.expect(n.children[0], "bool", "'if' condition must be true or false, got {got}")
            then, then_type = self.compile(n.children[1])
            cases.append((cond, then))
            then_types.append(then_type)
        other, result = self.compile(chain[-1].children[2])
        # Innermost first, as the nested ifs would be checked: each 'else' gives the type of
        # the if after it (its 'then'), which must be its own 'then's.
        for n, then_type in zip(reversed(chain), reversed(then_types)):
            if then_type != result:
                raise self.fail(
                    f"'then' and 'else' must give the same type, got {_TYPE_WORDS[then_type]} "
                    f"and {_TYPE_WORDS[result]}",
                    n.children[2], f"{_TYPE_WORDS[then_type]} from 'else' too",
                )
            result = then_type

        def choose(env: Env) -> int | bool:
            for cond, then in cases:
                if cond(env):
                    return then(env)
            return other(env)

        return choose, result


def _reads_names(node: _Node) -> bool:
    """Whether the formula part ``node`` reads any name (else its value is always the same);
    a loop, as the part may be a long chain."""
    stack = [node]
    while stack:
        part = stack.pop()
        if part.kind == "name":
            return True
        stack.extend(part.children)
    return False


def _out_of_range(source: str) -> str:
    return f"value out of range in '{source}': absolute value over 10**12"


# What a formula failing in play needed instead: every runtime error says it, as every other
# error of the project does ("where: what is wrong (expected what)").
_NONZERO = "a divisor other than 0"
_IN_RANGE = "every value from -10**12 to 10**12"


# --------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------


class Expression:
    """A compiled, type-checked formula, ready to evaluate many times.

    Instances come from :func:`compile_expression`; everything that can be wrong with the
    text has been reported there, so :meth:`evaluate` fails only on bad inputs, division by
    zero or an out-of-range value.

    >>> e = compile_expression(
    ...     "if opponent_tricks == 0 then 3 else if opponent_points < 33 then 2 else 1",
    ...     {"opponent_tricks": "int", "opponent_points": "int"},
    ... )
    >>> e
    Expression('if opponent_tricks == 0 then 3 else if opponent_points < 33 then 2 else 1')
    >>> sorted(e.names), e.result_type
    (['opponent_points', 'opponent_tricks'], 'int')
    >>> e.evaluate({"opponent_tricks": 1, "opponent_points": 20})
    2
    """

    __slots__ = ("source", "names", "result_type", "_fn", "_inputs", "_where", "_tree")

    source: str
    names: frozenset[str]
    result_type: str

    def __init__(
        self, source: str, inputs: Mapping[str, str], result_type: str, fn: _Fn, where: _Where, tree: _Node,
    ) -> None:
        self.source = source
        self.names = frozenset(inputs)
        self.result_type = result_type
        self._fn = fn
        self._inputs: tuple[tuple[str, bool], ...] = tuple(
            (name, kind == "bool") for name, kind in sorted(inputs.items())
        )
        self._where = where
        self._tree = tree

    def evaluate(self, env: Mapping[str, int | bool]) -> int | bool:
        """The value for the given variables (extra entries in ``env`` are ignored).

        Inputs are checked first -- present, of the declared type, within range -- so a
        caller's mistake is reported by name instead of surfacing as a wrong score.

        >>> compile_expression("-bid", {"bid": "int"}).evaluate({"bid": 2})
        -2
        """
        for name, wants_bool in self._inputs:
            try:
                value = env[name]
            except KeyError:
                raise self._where.runtime_error(
                    f"no value for '{name}' in '{self.source}'",
                    "a value for each name the formula reads: " + ", ".join(n for n, _ in self._inputs),
                ) from None
            if wants_bool:
                if value is not True and value is not False:
                    raise self._where.runtime_error(
                        f"'{name}' must be true or false in '{self.source}', got {shown_value(value)}", "True or False"
                    )
            elif not isinstance(value, int) or isinstance(value, bool):
                raise self._where.runtime_error(
                    f"'{name}' must be a number in '{self.source}', got {shown_value(value)}", "an int (not a bool)"
                )
            elif not -LIMIT <= value <= LIMIT:
                raise self._where.runtime_error(
                    f"'{name}' is out of range in '{self.source}', got {shown_value(value)}", "an int from -10**12 to 10**12"
                )
        return self._fn(env)

    def value_range(self, ranges: Mapping[str, tuple[int, int]]) -> tuple[int, int]:
        """The least and the most the formula can give while each name lies anywhere in its
        range (low, high; a truth value as 0 and 1), worked out on the formula's tree by interval
        arithmetic (:mod:`interpreter.rules.exprrange`): every value lies within, exactly so for
        comparisons of the inputs with numbers choosing among numbers.

        >>> e = compile_expression("if t == 0 then 3 else if p < 33 then 2 else 1", {"t": "int", "p": "int"})
        >>> e.value_range({"t": (1, 5), "p": (20, 120)}), e.value_range({"t": (1, 5), "p": (33, 120)})
        ((1, 2), (1, 1))
        """
        from interpreter.rules.exprrange import node_range

        return node_range(self._tree, ranges)

    def __repr__(self) -> str:
        return f"Expression({self.source!r})"


def compile_expression(
    text: str,
    names: Mapping[str, str],
    *,
    result_type: str = "int",
    file: str | None = None,
    line: int | None = None,
    column: int | None = None,
    path: str | None = None,
    position: Position | None = None,
) -> Expression:
    """Parse and check ``text`` once; return an :class:`Expression` to evaluate many times.

    ``names`` maps every variable the formula may read to ``"int"`` or ``"bool"``;
    ``result_type`` is the type the caller needs.  ``file``, ``line``, ``column`` and
    ``path`` locate the first character of ``text`` in its YAML file; errors point at the
    exact character within it.  Where the text is not a plain copy of the file's characters
    (a folded, literal or quoted YAML string), ``position`` maps an offset of the text to its
    line and column in the file.

    >>> compile_expression("min(a, 3) * 2", {"a": "int"}).evaluate({"a": 7})
    6
    >>> compile_expression("pints // unit", {"points": "int", "unit": "int"},
    ...                    file="r.yaml", line=4, column=9)
    Traceback (most recent call last):
    ...
    interpreter.core.errors.ExpressionError: r.yaml:4:9: unknown name 'pints'
        pints // unit
        ^ (expected one of: points, unit; did you mean 'points'?)
    """
    if result_type not in _TYPES:
        raise ValueError(f"result_type must be 'int' or 'bool', not {result_type!r}")
    for name, kind in names.items():
        if kind not in _TYPES:
            raise ValueError(f"type of name {name!r} must be 'int' or 'bool', not {kind!r}")
    where = _Where(text, file, line, column, path, position)
    if not isinstance(text, str):
        raise where.runtime_error(f"expression must be text, got {text!r}", 'a formula as text, such as "points // unit"')
    if len(text) > MAX_LENGTH:
        raise where.error(
            f"expression too long: {len(text)} characters; at most {MAX_LENGTH}", 0,
            f"a formula of at most {MAX_LENGTH} characters",
        )
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as error:
        raise _syntax_error(error, where, names) from None
    root: _Node = _ToNodes().transform(tree)
    if root.depth > MAX_DEPTH:
        raise where.error(
            f"expression nested {root.depth} deep; at most {MAX_DEPTH} levels", _too_deep_at(root),
            f"a formula nested at most {MAX_DEPTH} levels deep: each pair of parentheses, each "
            "call, '-' or 'not' and each operation inside another kind is a level, a chain such "
            "as 1 + 2 + 3 is one",
        )
    if root.size > MAX_NODES:
        raise where.error(
            f"expression too big: {root.size} parts; at most {MAX_NODES}", root.pos,
            f"a formula of at most {MAX_NODES} parts (numbers, names and operations)",
        )
    compiler = _Compiler(where, names)
    fn, got = compiler.compile(root)
    if got != result_type:
        raise where.error(
            f"expression must give {_TYPE_WORDS[result_type]}, got {_TYPE_WORDS[got]}", root.pos,
            _TYPE_WORDS[result_type] + (", such as: if C then 1 else 0" if result_type == "int" else ""),
        )
    return Expression(text, compiler.used, result_type, fn, where, root)
