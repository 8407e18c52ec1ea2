"""Safe YAML loading that remembers where every value came from.

Rule files are written by hand, so every complaint about them must point at a line and column.
PyYAML's ``safe_load`` throws positions away and silently accepts YAML 1.1 surprises (``no``
becoming ``False``, ``012`` becoming 10, dates becoming ``datetime``).  This module reads the
parser's events itself and builds the data from them, so that

* the data is plain JSON-like Python (dict with ``str`` keys, list, str, int, float, bool, None),
* every value and every mapping key keeps its :class:`Mark`, keyed by its :data:`Path`,
* the size of a file, the length of every list and mapping and the depth of nesting are
  bounded (:class:`Limits`) while reading, before anything expensive looks at the data, and
* every problem -- syntax, duplicate keys, ambiguous booleans, anchors, tags, bounds -- becomes
  one located :class:`~interpreter.core.errors.RulesError`, never a raw ``yaml`` exception.

The events come from libyaml when PyYAML was built with it (twenty times faster, which a long
match record needs) and from PyYAML's own parser otherwise; a syntax error is always worded by
PyYAML's parser, so the messages are the same either way.  Only regular files are opened.
"""

from __future__ import annotations

import math
import sys
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import yaml
from yaml.events import (
    AliasEvent,
    CollectionStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from yaml.reader import ReaderError

from interpreter.core.errors import RulesError, RulesetError

__all__ = [
    "MAX_CHARS",
    "MAX_DEPTH",
    "MAX_INT",
    "RECORD_LIMITS",
    "RULESET_LIMITS",
    "Limits",
    "Mark",
    "Path",
    "SourceDoc",
    "format_path",
    "load_yaml",
    "load_yaml_file",
    "check_regular_file",
    "open_regular_file",
    "read_text_file",
    "shorten",
    "top_level_keys",
    "yaml_flow_item",
    "yaml_quoted",
    "yaml_scalar",
]

#: Deepest accepted nesting; rule files nest four or five levels.
MAX_DEPTH = 100
#: Largest accepted integer (in absolute value): seeds are 64-bit, every other number is small.
MAX_INT = 2**64 - 1


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds on one YAML document, checked while it is read (before any schema check).

    ``max_size`` bounds a file in bytes and a text in characters; ``max_items`` the entries of
    any one list or mapping; ``max_depth`` the nesting of lists and mappings.  Without
    ``item_marks`` the marks of plain values in lists (a record's moves and cards, most of a
    long record) are not kept but found again in the text when an error needs one.
    """

    max_size: int
    max_items: int
    max_depth: int = MAX_DEPTH
    item_marks: bool = True
    #: The files these bounds are for, as a message names them ("anchors and aliases are not
    #: supported in records"): each kind of file has its own bounds, so they know its name.
    kind: str = "rule files"


#: Rule files are a few kilobytes with lists of a handful of items.
RULESET_LIMITS = Limits(max_size=1_000_000, max_items=1_000)
#: Match records: ``rules run --record`` writes about 200-400 bytes a deal; this is room for
#: 100,000 deals of the longest bundled game.
RECORD_LIMITS = Limits(max_size=64_000_000, max_items=100_000, item_marks=False, kind="records")
#: Longest accepted text of a rule file (kept for callers of the earlier constant).
MAX_CHARS = RULESET_LIMITS.max_size


@dataclass(frozen=True, slots=True)
class Mark:
    """A position in the source text, 1-based like editors show it."""

    line: int
    column: int


#: Keys and list indexes from the document root to a value.
Path = tuple[str | int, ...]


def format_path(path: Path) -> str:
    """Render a path as users write it: ``deck.points.K`` or ``deal.packets[1]``."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
    return text


@dataclass
class SourceDoc:
    """A loaded YAML document together with the positions of its values and keys."""

    data: Any
    file: str
    value_marks: dict[Path, Mark]
    key_marks: dict[Path, Mark]
    text: str
    #: Quoted, block and multi-line text values: (start, end) character offsets in ``text``
    #: and the scalar's style, to find each character of the value again (:meth:`position`).
    spans: dict[Path, tuple[int, int, str]] = field(default_factory=dict)
    #: Whether the marks of plain list items were left out (``Limits.item_marks``).
    lazy_items: bool = False
    #: What reading the file as its version meant it found (keys of earlier versions:
    #: :func:`interpreter.rules.migrations.migrate`), located warnings and errors.
    notes: list[RulesError] = field(default_factory=list)
    #: Mapping values written with nothing after the key (``closing:`` alone on its line): an
    #: implicit null, which a house file reads as "remove the base's key" -- the author of a
    #: half-finished edit rarely meant that, one who wrote ``null`` did
    #: (:func:`interpreter.rules.extends.empty_removals`).
    empty: set[Path] = field(default_factory=set)

    def locate(self, path: Path, *, key: bool = False) -> Mark | None:
        """Mark of the path's value (or key when key=True and there is one).

        Else the nearest existing ancestor's mark; None for an empty doc.  Falling back to an
        ancestor lets callers locate problems about values that do not exist (a missing key is
        reported where its mapping is).
        """
        if key and path in self.key_marks:
            return self.key_marks[path]
        if self.lazy_items and path and isinstance(path[-1], int) and path not in self.value_marks:
            found = _find_mark(self.text, path)
            if found is not None:
                self.value_marks[path] = found
        for end in range(len(path), -1, -1):
            mark = self.value_marks.get(path[:end])
            if mark is not None:
                return mark
        return None

    def position(self, path: Path, offset: int) -> Mark | None:
        """Where character ``offset`` of the text value at ``path`` is written in the file.

        A folded (``>``), literal (``|``), quoted or multi-line value is not a plain copy of
        the file's characters (indentation and line breaks are folded, escapes decoded), so the
        value is walked against its source.  None when the path has no text value.
        """
        mark = self.value_marks.get(path)
        value = _value_at(self.data, path)
        if mark is None or not isinstance(value, str):
            return None
        span = self.spans.get(path)
        if span is None:  # a plain one-line value is its own source
            return Mark(mark.line, mark.column + max(0, offset))
        start, end, style = span
        index = _source_index(self.text, start, end, style, value, offset)
        return _advance(self.text, start, mark, index)

    def error(
        self,
        error_cls: type[RulesError],
        message: str,
        path: Path,
        *,
        key: bool = False,
        expected: str | None = None,
    ) -> RulesError:
        """Build an error located at path (file, line, column, dotted key path)."""
        mark = self.locate(path, key=key)
        return error_cls(
            message,
            file=self.file,
            line=mark.line if mark else None,
            column=mark.column if mark else None,
            path=format_path(path),
            expected=expected,
        )


def _value_at(data: Any, path: Path) -> Any:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


# --------------------------------------------------------------------------------------------
# Finding a character of a text value in its source


_BREAK_RE = re.compile("\r\n|[\r\n\x85\u2028\u2029]")  # PyYAML's and libyaml's line breaks


def _source_units(text: str, start: int, end: int, style: str) -> list[tuple[int, str]]:
    """(offset in the file, character it stands for) for the source of one scalar.

    A line break stands for ``\\n``; in double quotes an escape stands for what it decodes to
    (an escaped line break for nothing), in single quotes ``''`` for one quote.
    """
    i = start
    if style in ("|", ">"):  # the value starts on the line after the block header
        found = _BREAK_RE.search(text, start, end)
        i = found.end() if found else end
    elif style in ("'", '"'):
        i += 1
    units: list[tuple[int, str]] = []
    escapes = yaml.scanner.Scanner.ESCAPE_REPLACEMENTS
    codes = yaml.scanner.Scanner.ESCAPE_CODES
    while i < end:
        found = _BREAK_RE.match(text, i)
        if found:
            units.append((i, "\n"))
            i = found.end()
            continue
        char = text[i]
        if style == '"' and char == "\\" and i + 1 < end:
            after = text[i + 1]
            if _BREAK_RE.match(text, i + 1):
                i += 2  # an escaped line break joins the lines
            elif after in codes:
                digits = text[i + 2 : i + 2 + codes[after]]
                try:
                    units.append((i, chr(int(digits, 16))))
                except ValueError:  # the scanner accepted it, so this does not happen
                    units.append((i, after))
                i += 2 + codes[after]
            else:
                units.append((i, escapes.get(after, after)))
                i += 2
            continue
        if style == "'" and text.startswith("''", i):
            units.append((i, "'"))
            i += 2
            continue
        units.append((i, char))
        i += 1
    return units


def _source_index(text: str, start: int, end: int, style: str, value: str, offset: int) -> int:
    """Offset in the file of character ``offset`` of ``value`` (just past it at the end).

    Characters of the value are matched in order against the source's: whitespace the value
    does not have is skipped, and a folded line break matches the space it became.
    """
    units = _source_units(text, start, end, style)
    k = 0
    found = start
    for char in value[: max(0, offset) + 1]:
        while k < len(units) and not (
            units[k][1] == char or (char == " " and units[k][1] == "\n")
        ):
            k += 1
        if k == len(units):
            return found  # no better guess than the last character matched
        found = units[k][0]
        k += 1
    if offset >= len(value) and value:
        return found + 1
    return found


def _advance(text: str, start: int, mark: Mark, index: int) -> Mark:
    """The mark of offset ``index``, counting line breaks from ``start`` (at ``mark``)."""
    line, line_start = mark.line, start - (mark.column - 1)
    for found in _BREAK_RE.finditer(text, start, max(start, index)):
        line, line_start = line + 1, found.end()
    return Mark(line, index - line_start + 1)


# --------------------------------------------------------------------------------------------
# Tags: YAML 1.2 core resolution, no anchors, no exotic tags


_TAG = "tag:yaml.org,2002:"
_STR, _NULL, _BOOL, _INT, _FLOAT = (_TAG + t for t in ("str", "null", "bool", "int", "float"))
_MAP, _SEQ, _MERGE = _TAG + "map", _TAG + "seq", _TAG + "merge"
#: Private tag for plain ``yes``/``no``/``on``/``off``/``y``/``n``, rejected on conversion.
_YAML11_BOOL = "tag:sixty-six-rules,2024:yaml11-bool"
#: Explicit tags a rule file may use; everything else (``!!python/...``, ``!!binary``) is refused.
_ALLOWED_TAGS = frozenset({"!", _STR, _NULL, _BOOL, _INT, _FLOAT, _MAP, _SEQ})

_NULL_RE = re.compile(r"(?:~|null|Null|NULL|)\Z")
_BOOL_RE = re.compile(r"(?i:true|false)\Z")
_YAML11_BOOL_RE = re.compile(r"(?i:yes|no|on|off|y|n)\Z")
_DEC_RE = re.compile(r"[-+]?[0-9]+\Z")
_OCT_RE = re.compile(r"0o[0-7]+\Z")
_HEX_RE = re.compile(r"0x[0-9a-fA-F]+\Z")
_INT_RE = re.compile(r"(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)\Z")
_FLOAT_RE = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_INF_RE = re.compile(r"[-+]?\.(?:inf|Inf|INF)\Z")
_NAN_RE = re.compile(r"\.(?:nan|NaN|NAN)\Z")

#: How a plain scalar's tag is found; order matters: YAML 1.1 booleans are caught first, and
#: integers before floats.
_RESOLVERS = (
    (_YAML11_BOOL, _YAML11_BOOL_RE),
    (_NULL, _NULL_RE),
    (_BOOL, _BOOL_RE),
    (_INT, _INT_RE),
    (_FLOAT, _FLOAT_RE),
    (_FLOAT, re.compile(_INF_RE.pattern + "|" + _NAN_RE.pattern)),
    (_MERGE, re.compile(r"<<\Z")),
)


#: All resolvers in one pattern: the first alternative that matches names the tag.
_RESOLVE_RE = re.compile("|".join(f"(?P<t{i}>{regexp.pattern})" for i, (_, regexp) in enumerate(_RESOLVERS)))


def _resolve(event: ScalarEvent) -> str:
    """The tag of a scalar: its explicit one, else by the YAML 1.2 core rules when plain."""
    if event.tag is not None and event.tag != "!":
        return event.tag
    if event.implicit[0]:
        found = _RESOLVE_RE.match(event.value)
        if found and found.lastgroup:
            return _RESOLVERS[int(found.lastgroup[1:])][0]
    return _STR


class _YamlMark(Protocol):
    """The part of a PyYAML or libyaml mark we read (0-based)."""

    @property
    def line(self) -> int: ...

    @property
    def column(self) -> int: ...

    @property
    def index(self) -> int: ...


class _Problem(Exception):
    """A located problem found while reading; load_yaml turns it into error_cls."""

    def __init__(
        self, message: str, mark: _YamlMark | None, path: Path | None = None, word: str | None = None,
        expected: str | None = None, why: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.mark = mark
        self.path = path
        self.word = word  # the scalar as written, for a hint that knows the key
        self.expected = expected
        #: What a key-aware hint (:data:`KeyHint`) is asked to word: :data:`YAML11`,
        #: :data:`LEADING_ZERO`, or the explicit tag (``!!bool``) the word does not fit.
        self.why = why


# --------------------------------------------------------------------------------------------
# Scalar conversion (our own, so that explicit tags are checked against the same 1.2 forms)


def _to_null(text: str) -> None:
    if not _NULL_RE.match(text):
        raise ValueError("null")
    return None


def _to_bool(text: str) -> bool:
    if not _BOOL_RE.match(text):
        raise ValueError("boolean (true or false)")
    return text.lower() == "true"


def _to_int(text: str) -> int:
    if _DEC_RE.match(text):
        digits, base = text.lstrip("+-"), 10
    elif _OCT_RE.match(text) or _HEX_RE.match(text):
        digits, base = text[2:], 8 if text[1] == "o" else 16
    else:
        raise ValueError("integer")
    # a long run of digits is never converted: Python refuses thousands of them, slowly
    if len(digits.lstrip("0")) > 22 or int(digits, base) > MAX_INT:
        raise ValueError(f"integer (it is too large; at most {MAX_INT})")
    return -int(digits, base) if text.startswith("-") else int(digits, base)


def _to_float(text: str) -> float:
    if _FLOAT_RE.match(text):
        return float(text)
    if _INF_RE.match(text):
        return -math.inf if text.startswith("-") else math.inf
    if _NAN_RE.match(text):
        return math.nan
    raise ValueError("number")


_CONVERTERS: dict[str, Callable[[str], Any]] = {
    _STR: str,
    _NULL: _to_null,
    _BOOL: _to_bool,
    _INT: _to_int,
    _FLOAT: _to_float,
}


def shorten(text: str, limit: int = 40) -> str:
    """Keep messages one line long even when the offending text is huge."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def show_value(value: Any) -> str:
    """A value as it would look in the YAML file, quoted when it is text and cut to one short
    line: a message quotes what it was given, never pages of it, and never a Python repr
    (``None``, ``True``, ``{'a': 1}``) that the file's author did not write."""
    if isinstance(value, str):
        return f"'{shorten(value)}'"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, int) and abs(value) > 10**40:
        return "a number of more than 40 digits"  # str() of a huge int is slow, or refused
    return shorten(str(value))


def _type_word(value: Any) -> str:
    """The YAML author's word for the type of a loaded value (a Python type's name for a value
    no YAML file gives, such as a :class:`~interpreter.core.cards.Card` handed to the API)."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if value is None:
        return "null"
    return type(value).__name__


def describe_value(value: Any) -> str:
    """Type and value together, for a wrong-type message: ``got`` and these words read
    ``got string '12'``, ``got boolean true``, ``got null``, ``got a mapping``, ``got number
    inf`` -- the ruleset loader's words, used for records too."""
    if isinstance(value, (list, tuple, dict)) or value is None:
        return show_value(value)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**40:
        return show_value(value)
    return f"{_type_word(value)} {show_value(value)}"


def _show_tag(tag: str) -> str:
    """Spell a tag the way it is written in YAML (``!!int`` rather than its full URI)."""
    return "!!" + tag[len(_TAG) :] if tag.startswith(_TAG) else shorten(tag)


def _scalar_value(tag: str, value: str, mark: _YamlMark | None, path: Path) -> Any:
    """Python value of a scalar, refusing YAML 1.1 booleans and malformed tagged scalars."""
    if tag == _YAML11_BOOL:
        raise _Problem(
            f"'{value}' is a YAML 1.1 boolean; write true or false, or quote it for a string",
            mark,
            path,
            value,
            "true, false or a quoted string",
            YAML11,
        )
    if tag == _MERGE:
        return value  # a plain "<<" value is only a merge key in key position
    converter = _CONVERTERS.get(tag)
    if converter is None:
        raise _wrong_tag(tag, mark, "a scalar", path)
    if tag == _INT and _LEADING_ZERO_RE.match(value):  # refused as a YAML 1.1 boolean is: two readings
        message, expected = leading_zero_message(value)
        raise _Problem(message, mark, path, value, expected, LEADING_ZERO)
    try:
        result = converter(value)
    except ValueError as exc:
        kind = str(exc.args[0])
        expected = _TAG_VALUES.get(kind.partition(" (")[0], kind)
        raise _Problem(f"'{shorten(value)}' is not a valid {kind}", mark, path, value, expected, _show_tag(tag)) from None
    if isinstance(result, float) and math.isinf(result) and _FLOAT_RE.match(value):
        # 1e400 as written: reported as "number inf", the number the file holds looked like another
        largest = f"{sys.float_info.max:.1e}"
        raise _Problem(f"'{shorten(value)}' is beyond the largest number ({largest}): it is read as {'-' if result < 0 else ''}infinity",
                       mark, path, expected=f"a number from -{largest} to {largest}")
    return result


#: What a tagged scalar of each type must look like (``!!int twelve`` expects a whole number).
_TAG_VALUES = {"null": "null or ~", "boolean": "true or false", "integer": "a whole number", "number": "a number"}

#: Why a scalar was refused, for a hint that knows the key (:data:`KeyHint`): a YAML 1.1
#: boolean (``no``), an integer with a leading zero (``010``); else the explicit tag it fails.
YAML11 = "yaml11"
LEADING_ZERO = "leading-zero"
#: A decimal integer written with a leading zero: YAML 1.2 reads ``010`` as 10, YAML 1.1 (and
#: every tool that still reads it so) as octal 8 -- or ``09`` as the text '09'.
_LEADING_ZERO_RE = re.compile(r"[-+]?0[0-9]+\Z")


def leading_zero_readings(text: str) -> tuple[int, int | None]:
    """The two readings of an integer written with a leading zero: YAML 1.2's decimal one and
    YAML 1.1's octal one (None where YAML 1.1 reads the text, as for ``09``)."""
    sign = -1 if text.startswith("-") else 1
    digits = text.lstrip("+-")
    octal = sign * int(digits, 8) if all(c in "01234567" for c in digits) else None
    return sign * int(digits, 10), octal


def leading_zero_message(text: str) -> tuple[str, str]:
    """What is wrong with ``010`` and what to write instead, for a key of any kind."""
    decimal, octal = leading_zero_readings(text)
    shown = f"'{shorten(text)}'"
    if octal is None:
        return (f"{shown} has a leading zero: YAML 1.2 reads it as {decimal}, YAML 1.1 as the text {shown}; write {decimal}",
                f"{decimal}, or {shown} in quotes for the text")
    if octal == decimal:  # 00, 07: both readings agree, and "write 0 or 0" offers no choice
        return (f"{shown} has a leading zero: YAML 1.2 reads it as {decimal}, YAML 1.1 as the octal number {octal} too; "
                f"write {decimal}", f"{decimal}")
    return (f"{shown} has a leading zero: YAML 1.2 reads it as {decimal}, YAML 1.1 as the octal number {octal}; "
            f"write {decimal} or {octal}, whichever you mean", f"{decimal} or {octal}")


def _wrong_tag(tag: str, mark: _YamlMark | None, kind: str, path: Path) -> _Problem:
    return _Problem(f"the tag '{_show_tag(tag)}' cannot be used on {kind}", mark, path, expected="the value without the tag")


def _describe_key(value: Any) -> str:
    """Say what kind of non-string key was written, so the user knows what to quote."""
    if value is None:
        return "an empty (null) key"
    if isinstance(value, bool):
        return f"the boolean key {str(value).lower()}"
    return f"the number key {value!r}"


def _mark(mark: _YamlMark) -> Mark:
    return Mark(mark.line + 1, mark.column + 1)


# --------------------------------------------------------------------------------------------
# Reading the events into data


class _Events(Protocol):
    """The event interface shared by PyYAML's parser and libyaml's."""

    def get_event(self) -> Any: ...

    def peek_event(self) -> Any: ...

    def check_event(self, *choices: type) -> bool: ...

    def dispose(self) -> None: ...


def _fast_events(text: str) -> _Events:
    """libyaml's parser where PyYAML has it, else PyYAML's (the same events, only slower)."""
    loader = getattr(yaml, "CBaseLoader", None)
    if loader is None:
        return _exact_events(text)
    events: _Events = loader(text)
    return events


def _exact_events(text: str) -> _Events:
    """PyYAML's own parser, whose wording of syntax errors the messages use."""
    events: _Events = yaml.BaseLoader(text)
    return events


class _Builder:
    """Turns the events of one document into plain data, recording marks on the way.

    Problems of the document's form (syntax, anchors, tags, bounds) are raised at once, in the
    order of the file; problems of values (a YAML 1.1 boolean, a duplicate key) are kept until
    the whole document has been read, so that a form problem anywhere is reported first.
    """

    def __init__(self, events: _Events, limits: Limits, want: Path | None = None) -> None:
        self.events = events
        self.limits = limits
        self.want = want  # only look for the mark of this path
        self.value_marks: dict[Path, Mark] = {}
        self.key_marks: dict[Path, Mark] = {}
        self.spans: dict[Path, tuple[int, int, str]] = {}
        self.problem: _Problem | None = None  # the first problem of a value
        self.empty: set[Path] = set()  # mapping values written with nothing (SourceDoc.empty)
        self.texts: dict[str, str] = {}  # one copy of each short text (a long record repeats them)
        #: The lists and mappings begun and not yet ended, outermost first, and the mapping
        #: value being begun with the line of its key: where a syntax error stopped the reading
        #: (:meth:`open_path`).
        self.open: list[tuple[Path, Mark, bool, bool]] = []
        self.reading: tuple[Path, int] | None = None
        #: The mapping value read last, with the line of its key: a syntax error after it on
        #: that line (``title: "abc"; match: 1``) is in that value (:meth:`open_path`).
        self.done: tuple[Path, int] | None = None
        #: The scalar read last and where it ends (:func:`_path_at_end`).
        self.last_scalar: tuple[Path, int] | None = None

    def document(self) -> tuple[bool, Any]:
        """(False, None) for a file without content, else (True, data)."""
        self.events.get_event()  # StreamStartEvent
        if self.events.check_event(StreamEndEvent):
            return False, None
        self.events.get_event()  # DocumentStartEvent
        first = self.events.peek_event()
        data = self.node((), 1)
        self.events.get_event()  # DocumentEndEvent
        if not self.events.check_event(StreamEndEvent):
            second = self.events.peek_event()
            message = "the file contains more than one YAML document; only one is allowed"
            raise _Problem(message, second.start_mark, expected="one document: nothing after a second '---'")
        if isinstance(first, ScalarEvent) and _is_empty(first):
            return False, None
        if self.problem is not None:
            raise self.problem
        return True, data

    def defer(self, problem: _Problem) -> None:
        if self.problem is None:
            self.problem = problem

    def node(self, path: Path, depth: int, item: bool = False) -> Any:
        event = self.events.get_event()
        self.check_form(event, path, depth)
        scalar = isinstance(event, ScalarEvent)
        if self.want is not None:
            if path == self.want:
                self.value_marks[path] = _mark(event.start_mark)
        elif self.limits.item_marks or not (item and scalar):
            self.value_marks[path] = _mark(event.start_mark)
        if scalar:
            return self.scalar(event, path)
        assert isinstance(event, CollectionStartEvent)  # the parser sends no other kind here
        kind, wanted = ("a list", _SEQ) if isinstance(event, SequenceStartEvent) else ("a mapping", _MAP)
        if event.tag not in (None, "!", wanted):
            self.defer(_wrong_tag(event.tag, event.start_mark, kind, path))
        seq = isinstance(event, SequenceStartEvent)
        assert event.start_mark is not None  # both parsers mark every event
        self.open.append((path, _mark(event.start_mark), bool(event.flow_style), seq))
        data = self.sequence(path, depth) if seq else self.mapping(path, depth)
        self.open.pop()
        return data

    def check_form(self, event: Any, path: Path, depth: int) -> None:
        """Anchors, tags and depth of a node, before anything is built from it."""
        if isinstance(event, AliasEvent) or getattr(event, "anchor", None) is not None:
            raise _Problem(f"anchors and aliases are not supported in {self.limits.kind}", event.start_mark, expected="the value written out in full")
        tag = getattr(event, "tag", None)
        if tag is not None and tag not in _ALLOWED_TAGS:
            message = f"the tag '{_show_tag(tag)}' is not supported in {self.limits.kind}"
            raise _Problem(message, event.start_mark, expected="the value without the tag")
        if depth > self.limits.max_depth:
            raise _Problem(_too_deep(self.limits.max_depth), event.start_mark, expected=f"at most {self.limits.max_depth} levels of lists and mappings")

    def scalar(self, event: Any, path: Path) -> Any:
        self.last_scalar = (path, event.end_mark.index)
        try:
            value = _scalar_value(_resolve(event), event.value, event.start_mark, path)
        except _Problem as problem:
            self.defer(problem)
            return None
        if value is None and not event.value and not event.style and event.tag is None and path and isinstance(path[-1], str):
            self.empty.add(path)  # `closing:` with nothing after it
        if not isinstance(value, str):
            return value
        style = event.style or ""
        if style or event.start_mark.line != event.end_mark.line:
            self.spans[path] = (event.start_mark.index, event.end_mark.index, style)
        return self.texts.setdefault(value, value) if len(value) <= 32 else value

    def too_many(self, what: str, path: Path) -> _Problem:
        event = self.events.peek_event()
        noun = "items" if what == "list" else "keys"
        message = f"the {what} has more than {self.limits.max_items} {noun}"
        return _Problem(message, event.start_mark, path, expected=f"at most {self.limits.max_items} {noun}")

    def sequence(self, path: Path, depth: int) -> list[Any]:
        items: list[Any] = []
        while not self.events.check_event(SequenceEndEvent):
            if len(items) == self.limits.max_items:
                raise self.too_many("list", path)
            items.append(self.node(path + (len(items),), depth + 1, item=True))
        self.events.get_event()
        return items

    def mapping(self, path: Path, depth: int) -> dict[str, Any]:
        result: dict[str, Any] = {}
        count = 0
        while not self.events.check_event(MappingEndEvent):
            if count == self.limits.max_items:
                raise self.too_many("mapping", path)
            count += 1
            key_event = self.events.peek_event()
            key = self.key(path, depth + 1)
            if key is None:  # refused: read the value to check its form, keep nothing
                self.node(path, depth + 1)
                continue
            key_path = path + (key,)
            if key in result:
                first = self.key_marks[key_path].line
                message = f"duplicate key '{shorten(key)}' (first defined at line {first})"
                self.defer(_Problem(message, key_event.start_mark, key_path, expected="each key once in a mapping"))
            else:
                self.key_marks[key_path] = _mark(key_event.start_mark)
            self.reading = (key_path, key_event.start_mark.line)
            result[key] = self.node(key_path, depth + 1)
            self.reading = None
            self.done = (key_path, key_event.start_mark.line)
        self.events.get_event()
        return result

    def open_path(self, error: _YamlMark | None, text: str) -> Path | None:
        """The key path of the value a syntax error at ``mark`` is in: the deepest value begun
        and not ended whose lines hold the mark -- the list a file cut off in the middle of its
        moves ends in (``deals[2].moves``) -- or None for the top level.

        The parser reads a token ahead, and the token after a block list or mapping (one
        indented less) is read before the list is ended, so the deepest value begun is not
        taken on trust: a flow value (``[...]``) holds every mark after its start until it is
        closed; a block mapping the marks of its first line and those indented as far as its
        keys or further; a block list those indented further than its ``-``, or at a ``-``; a
        mapping value being begun only marks on its key's line; a mapping value read to its end
        the marks after it on its key's line (text after a closed quote: ``title: "abc"; x``)."""
        if error is None:
            return None
        mark = _mark(error)
        if self.reading is not None and self.reading[1] + 1 == mark.line:
            return self.reading[0]
        if self.done is not None and self.done[1] + 1 == mark.line:
            return self.done[0]
        for path, start, flow, seq in reversed(self.open):
            if flow or mark.line == start.line or mark.column > start.column:
                inside = True
            elif mark.column == start.column:
                inside = not seq or text[error.index:error.index + 1] == "-"
            else:
                inside = False
            if inside:
                return path or None
        return None

    def key(self, path: Path, depth: int) -> str | None:
        """A mapping key as a string: integers are spelled in decimal, anything else is refused."""
        event = self.events.peek_event()
        if not isinstance(event, ScalarEvent):
            self.node(path, depth)  # its form is checked; the key itself is refused
            message = "a mapping key must be a plain string, not a list or a mapping"
            self.defer(_Problem(message, event.start_mark, path, expected="a plain string key"))
            return None
        self.events.get_event()
        self.check_form(event, path, depth)
        tag = _resolve(event)
        if tag == _MERGE:
            self.defer(_Problem(f"merge keys ('<<') are not supported in {self.limits.kind}", event.start_mark, path, expected="the keys written out in full"))
            return None
        try:
            value = _scalar_value(tag, event.value, event.start_mark, path)
        except _Problem as problem:
            self.defer(problem)
            return None
        if isinstance(value, str):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        message = f"{_describe_key(value)} is not allowed; mapping keys must be strings (quote it)"
        self.defer(_Problem(message, event.start_mark, path, expected="a string key, quoted if it reads as another type"))
        return None


def _find_mark(text: str, path: Path) -> Mark | None:
    """The mark of one value, read again from a text that loaded before (see ``item_marks``)."""
    unbounded = Limits(max_size=len(text), max_items=len(text) + 1)
    builder = _Builder(_fast_events(text), unbounded, want=path)
    try:
        builder.document()
    except (_Problem, yaml.YAMLError, UnicodeError, ValueError):
        pass
    finally:
        builder.events.dispose()
    return builder.value_marks.get(path)


def _is_empty(event: ScalarEvent) -> bool:
    """An explicit but empty document (just ``---``) counts as an empty file."""
    return _resolve(event) == _NULL and not event.value and not event.style


class _Unparsed(Exception):
    """A syntax error of PyYAML's parser and the key path of the value it stopped in."""

    def __init__(self, error: yaml.MarkedYAMLError, path: Path | None) -> None:
        super().__init__(str(error))
        self.error = error
        self.path = path


def _too_deep(limit: int) -> str:
    return f"the document is nested more than {limit} levels deep"


#: What the quick look for deep flow nesting (:func:`_deep_flow_start`) stops at.
_FLOW_MARKS = re.compile(r"[\[\]{}#'\"]")


def _deep_flow_start(text: str, limit: int) -> int | None:
    """The offset of the first ``[`` or ``{`` that seems to open a flow collection more than
    ``limit`` levels deep, or ``None``.  PyYAML's scanner takes time that grows with the square
    of the flow nesting before the reader's depth check sees the events (64 kB of ``[[[...]]]``
    took a second), so :func:`_read` looks for one first, in one pass over the text.  Comments
    and quoted scalars are skipped as YAML reads them; anything else it may count wrongly (a
    bracket in a block scalar): the answer is only a hint, which the caller confirms by reading
    the text up to it.  Not looked for in a text longer than any rule file may be (a long match
    record, read from its owner's disk): there the look would cost more than it saves."""
    if len(text) > RULESET_LIMITS.max_size or text.count("[") + text.count("{") <= limit:
        return None
    depth, found = 0, _FLOW_MARKS.search(text)
    while found is not None:
        at, mark = found.start(), found.group()
        after = at + 1
        if mark in "[{":
            depth += 1
            if depth > limit:
                return at
        elif mark in "]}":
            depth = max(0, depth - 1)
        elif mark == "#":
            if at == 0 or text[at - 1] in " \t\r\n":  # a comment, to the end of its line
                after = text.find("\n", at)
                if after < 0:
                    return None
        elif _starts_scalar(text, at):  # a quoted scalar, to its closing quote
            after = _closing_quote(text, at)
            if after < 0:
                return None
        found = _FLOW_MARKS.search(text, after)
    return None


def _starts_scalar(text: str, at: int) -> bool:
    """Whether the quote at ``at`` begins a scalar (not one inside a plain text: ``it's``)."""
    before = at - 1
    while before >= 0 and text[before] in " \t":
        before -= 1
    if before < 0 or text[before] in "[{,\r\n":  # first on its line, or first in a flow collection's entry
        return True
    spaced = before < at - 1
    if text[before] == ":":
        return spaced or (before > 0 and text[before - 1] in "'\"")  # {"key":'value'}
    return text[before] in "-?" and spaced and (before == 0 or text[before - 1] in " \t\r\n")


def _closing_quote(text: str, at: int) -> int:
    """The offset after the quoted scalar opened at ``at`` (``''`` and ``\\"`` escapes
    skipped), or -1 when it is never closed."""
    quote, end = text[at], at + 1
    while True:
        end = text.find(quote, end)
        if end < 0:
            return -1
        if quote == "'" and text.startswith("''", end):
            end += 2
            continue
        if quote == '"':
            slash = end
            while text[slash - 1] == "\\":
                slash -= 1
            if (end - slash) % 2:  # an escaped quote
                end += 1
                continue
        return end + 1


def _read(text: str, limits: Limits) -> tuple[bool, Any, _Builder]:
    """Read the only document of the text; syntax errors are worded by PyYAML's parser.  A
    text that seems nested too deep (:func:`_deep_flow_start`) is first read up to there: the
    reading refuses it as the whole text's would, before PyYAML spends seconds on the rest."""
    deep = _deep_flow_start(text, limits.max_depth)
    if deep is not None:
        try:
            _read_all(text[:deep + 1], limits)
        except _Problem as problem:
            if problem.message == _too_deep(limits.max_depth):
                raise
        except (_Unparsed, yaml.YAMLError, UnicodeError, ValueError):  # the text cut short, or a look that was wrong
            pass
    return _read_all(text, limits)


def _read_all(text: str, limits: Limits) -> tuple[bool, Any, _Builder]:
    for events in (_fast_events, _exact_events):
        try:  # PyYAML's reader checks the characters as the parser is made
            builder = _Builder(events(text), limits)
        except (yaml.YAMLError, UnicodeError):  # libyaml cannot take a lone surrogate
            if events is _exact_events:
                raise
            continue
        try:
            found, data = builder.document()
            return found, data, builder
        except yaml.MarkedYAMLError as exc:
            if events is _exact_events:
                raise _Unparsed(exc, builder.open_path(_reported_mark(exc), text)) from None
        except (yaml.YAMLError, UnicodeError):
            if events is _exact_events:
                raise
        finally:
            builder.events.dispose()
    raise AssertionError("unreachable: the exact parser returns or raises")


# --------------------------------------------------------------------------------------------
# Public entry points


def _position_to_mark(text: str, position: int) -> Mark:
    """Line and column of a character offset, for errors that only carry an offset."""
    line_start = text.rfind("\n", 0, position) + 1
    return Mark(text.count("\n", 0, position) + 1, position - line_start + 1)


#: The message for a file without a YAML document (nothing, blanks, comments, a bare ``---``):
#: a file that names another (``extends:``) words its own message for it.
EMPTY_FILE = "the file is empty"
#: A file of comments, blank lines or a bare ``---``: said as such, since the person sees text in it.
NO_KEYS_FILE = "the file holds no keys, only comments"


def _fail(
    error_cls: type[RulesError], message: str, file: str, mark: Mark, path: Path | None = None,
    expected: str | None = None,
) -> RulesError:
    return error_cls(
        message,
        file=file,
        line=mark.line,
        column=mark.column,
        path=format_path(path) if path is not None else None,
        expected=expected,
    )


#: What a key-aware reader says about a refused scalar at a path -- (path, the scalar as
#: written, why: :data:`YAML11`, :data:`LEADING_ZERO` or the tag it does not fit) -- as
#: (message, expected), or ``None`` for the general wording.  Rule files pass one that reads
#: the schema, so that the advice fits the key (``allowed or forbidden``, not ``true or false``).
KeyHint = Callable[[Path, str, str], "tuple[str, str | None] | None"]
#: The earlier name, when only YAML 1.1 booleans were worded for their key.
Yaml11Hint = KeyHint

#: PyYAML's words for a tab where a token should start, and ours.
_TAB_PROBLEM = "found character '\\t' that cannot start any token"
_TAB_MESSAGE = "a tab character here: YAML indents with spaces only, and a tab cannot start a value"


def _reported_mark(exc: yaml.MarkedYAMLError) -> _YamlMark | None:
    """Where :func:`_yaml_error` says a syntax error is: an unclosed quote or a long key where
    it starts, anything else where PyYAML noticed it."""
    start, where = exc.context_mark, exc.problem_mark or exc.context_mark
    if start is not None and (exc.context, exc.problem) == _UNCLOSED:
        return start
    if start is not None and where is not None and (exc.context, exc.problem) == _NO_COLON and where.index - start.index > _KEY_LIMIT:
        return start
    return where


def _yaml_error(
    error_cls: type[RulesError], exc: yaml.YAMLError, text: str, file: str, path: Path | None = None
) -> RulesError:
    """Translate a PyYAML exception into a located error with PyYAML's own problem text, and
    the key path of the value it is in where the reading knows it (``path``)."""
    if isinstance(exc, yaml.MarkedYAMLError):
        where = _reported_mark(exc)
        mark = _mark(where) if where else Mark(1, 1)
        message = exc.problem or exc.context or "invalid YAML"
        if message == _TAB_PROBLEM:
            return _fail(error_cls, _TAB_MESSAGE, file, mark, path, expected="spaces instead of the tab")
        if exc.context_mark is not None and (exc.context, exc.problem) == _UNCLOSED:
            # said where the quote opens: the end of the file, where PyYAML noticed, is far from it
            return _fail(error_cls, "a quoted text starts here and is never closed: the file ends inside it", file,
                         mark, path, expected="the closing quote at the end of the text")
        if where is not exc.problem_mark and (exc.context, exc.problem) == _NO_COLON:
            return _fail(error_cls, f"a key of more than {_KEY_LIMIT} characters, which YAML does not read as a key", file,
                         mark, path, expected=f"a key of at most {_KEY_LIMIT} characters")
        return _fail(error_cls, message, file, mark, path, expected=_YAML_SYNTAX)
    if isinstance(exc, ReaderError):
        message = f"unacceptable character #x{exc.character:04x}: {exc.reason}"
        return _fail(error_cls, message, file, _position_to_mark(text, exc.position), expected="printable text: no control characters")
    return _fail(error_cls, str(exc), file, Mark(1, 1), expected=_YAML_SYNTAX)


#: PyYAML's words for a quoted scalar the file ends inside, and for a line with no ':' after a
#: key -- or a key longer than YAML's limit for one on a line (1024 characters).
_UNCLOSED = ("while scanning a quoted scalar", "found unexpected end of stream")
_NO_COLON = ("while scanning a simple key", "could not find expected ':'")
_KEY_LIMIT = 1024


#: What PyYAML's syntax errors expect: its message says what it found, not what would be right.
_YAML_SYNTAX = "valid YAML here: 'key: value' lines indented with spaces, closed quotes and brackets"


_LONG_ESCAPE = re.compile(r"\\U([0-9A-Fa-f]{8})")


def _bad_escape(error_cls: type[RulesError], text: str, file: str) -> RulesError:
    """A ``\\UXXXXXXXX`` escape past U+10FFFF, located at the first such escape in the text."""
    for m in _LONG_ESCAPE.finditer(text):
        if int(m.group(1), 16) > 0x10FFFF:
            message = f"\\U{m.group(1)} is not a Unicode character"
            return _fail(error_cls, message, file, _position_to_mark(text, m.start()), expected="an escape of at most \\U0010FFFF")
    return _fail(error_cls, "an escape in a quoted string is not a Unicode character", file, Mark(1, 1), expected="an escape of at most \\U0010FFFF")


def load_yaml(
    text: str,
    file: str,
    *,
    error_cls: type[RulesError] = RulesetError,
    limits: Limits = RULESET_LIMITS,
    yaml11: KeyHint | None = None,
) -> SourceDoc:
    """Parse one YAML document into plain data plus marks; every problem raises ``error_cls``.

    ``yaml11`` words the refusal of a scalar (a YAML 1.1 boolean ``no``, an integer ``010``,
    a tagged ``!!bool "no"``) for the key it is written at."""
    if len(text) > limits.max_size:
        message = f"the file is too large ({len(text)} characters; at most {limits.max_size})"
        raise _fail(error_cls, message, file, Mark(1, 1), expected=f"a file of at most {limits.max_size} characters")
    try:
        found, data, builder = _read(text, limits)
    except _Problem as problem:
        mark = _mark(problem.mark) if problem.mark else Mark(1, 1)
        hint = (yaml11(problem.path, problem.word, problem.why)
                if yaml11 and problem.word is not None and problem.why and problem.path is not None else None)
        if hint is not None:
            raise _fail(error_cls, hint[0], file, mark, problem.path, hint[1]) from None
        raise _fail(error_cls, problem.message, file, mark, problem.path, problem.expected) from None
    except _Unparsed as unparsed:
        raise _yaml_error(error_cls, unparsed.error, text, file, unparsed.path) from None
    except yaml.YAMLError as exc:
        raise _yaml_error(error_cls, exc, text, file) from None
    except ValueError:  # PyYAML's scanner calls chr() on a \U escape beyond the last code point
        raise _bad_escape(error_cls, text, file) from None
    if not found:
        said = EMPTY_FILE if not text.replace("\ufeff", "").strip() else NO_KEYS_FILE
        raise _fail(error_cls, said, file, Mark(1, 1), expected="a YAML mapping of keys")
    return SourceDoc(
        data, file, builder.value_marks, builder.key_marks, text, builder.spans, not limits.item_marks,
        empty=builder.empty,
    )


def _decode(raw: bytes, file: str, error_cls: type[RulesError], limits: Limits = RULESET_LIMITS) -> str:
    """UTF-8 text (a leading byte-order mark is dropped); bad bytes are reported where they are,
    with the key path of the value they are in where the text before them tells it."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        good = raw[: exc.start].decode("utf-8-sig", errors="replace")
        mark = _position_to_mark(good, len(good))
        path = _path_at_end(good, limits)
        raise _fail(error_cls, f"the file is not valid UTF-8 ({exc.reason})", file, mark, path, expected="a file saved as UTF-8") from None


def _path_at_end(text: str, limits: Limits) -> Path | None:
    """The key path of the value ``text`` ends in (the text before a bad byte), or None: the
    value read last if it runs to the very end (``title: ab`` of ``title: ab\xffc``), else
    the value a syntax error there stopped in (an unclosed quote), else the top level."""
    try:
        _, _, builder = _read(text, limits)
    except _Unparsed as unparsed:
        return unparsed.path
    except (_Problem, yaml.YAMLError, UnicodeError, ValueError):
        return None
    last = builder.last_scalar
    return last[0] if last is not None and last[1] == len(text) and last[0] else None


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, in a user's words (the rule files' readers and the
    card room's start say it alike)."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


#: How the message of a file that cannot be opened begins (it has no line: the file is not read).
UNREADABLE = "cannot read file:"


def check_regular_file(path: str | os.PathLike[str], file: str, error_cls: type[RulesError]) -> None:
    """Raise one error naming ``file`` unless ``path`` is a regular file (links followed)."""
    try:
        _must_be_regular(os.stat(path).st_mode, file, error_cls)
    except (OSError, ValueError) as exc:
        raise _unreadable(exc, file, error_cls) from None


def _unreadable(exc: OSError | ValueError, file: str, error_cls: type[RulesError], path: str | os.PathLike[str] | None = None) -> RulesError:
    target = dangling_link(path) if isinstance(exc, FileNotFoundError) and path is not None else None
    if target is not None:  # the file named is there, as a link: say where it leads, not "no such file"
        return error_cls(f"{UNREADABLE} it is a symbolic link to '{shorten(target, 200)}', which does not exist",
                         file=file, expected="a link to a file that exists, or the file itself")
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not a usable path"
    return error_cls(f"{UNREADABLE} {reason}", file=file, expected="a readable file")


def dangling_link(path: str | os.PathLike[str]) -> str | None:
    """Where ``path`` leads, as the link says it, if it is a symbolic link that leads to no
    file; else None."""
    try:
        if not os.path.islink(path):
            return None
        target = os.readlink(path)
    except (OSError, ValueError):
        return None
    return None if os.path.exists(path) else target


def open_regular_file(
    path: str | os.PathLike[str], file: str, max_size: int, error_cls: type[RulesError]
) -> bytes:
    """The bytes of a regular file of at most ``max_size`` bytes, else one error naming ``file``.

    The file is looked at before it is opened, and opened without blocking, so a named pipe, a
    device or a directory is refused at once instead of hanging or reading forever.
    """
    try:
        _must_be_regular(os.stat(path).st_mode, file, error_cls)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            _must_be_regular(info.st_mode, file, error_cls)  # replaced between look and open?
            if info.st_size > max_size:
                raise _too_large(error_cls, file, info.st_size, max_size)
            raw = handle.read(max_size + 1)
    except (OSError, ValueError) as exc:  # ValueError: a NUL character in the path
        raise _unreadable(exc, file, error_cls, path) from None
    if len(raw) > max_size:  # the file grew while it was read
        raise _too_large(error_cls, file, len(raw), max_size)
    return raw


def _must_be_regular(mode: int, file: str, error_cls: type[RulesError]) -> None:
    if not stat.S_ISREG(mode):
        message = f"{UNREADABLE} it is {file_kind(mode)}"
        raise error_cls(message, file=file, expected="a regular file")


def _too_large(error_cls: type[RulesError], file: str, size: int, max_size: int) -> RulesError:
    message = f"the file is too large ({size} bytes; at most {max_size})"
    return _fail(error_cls, message, file, Mark(1, 1), expected=f"a file of at most {max_size} bytes")


def read_text_file(
    path: str | os.PathLike[str], file: str, limits: Limits, error_cls: type[RulesError]
) -> str:
    """The text of a regular UTF-8 file within the size limit; errors name ``file``."""
    return _decode(open_regular_file(path, file, limits.max_size, error_cls), file, error_cls, limits)


def load_yaml_file(
    path: str | os.PathLike[str],
    *,
    error_cls: type[RulesError] = RulesetError,
    display_name: str | None = None,
    limits: Limits = RULESET_LIMITS,
    yaml11: KeyHint | None = None,
) -> SourceDoc:
    """Read and parse a rule file; ``display_name`` is the name messages show (else the path)."""
    file = display_name if display_name is not None else os.fspath(path)
    if not os.fspath(path).strip():
        # '' would read as the working folder; never guess what an empty name meant
        raise error_cls("an empty file name", expected="the name of a file")
    text = read_text_file(path, file, limits, error_cls)
    return load_yaml(text, file, error_cls=error_cls, limits=limits, yaml11=yaml11)


def top_level_keys(text: str) -> list[str]:
    """The plain keys of a document's top-level mapping, as far as the text reads as YAML.

    Used to tell whether a file that fails to load at least starts like a rule file.
    """
    keys: list[str] = []
    try:
        events = _exact_events(text)
    except yaml.YAMLError:
        return keys
    try:
        events.get_event()  # StreamStartEvent
        if not events.check_event(yaml.DocumentStartEvent):
            return keys
        events.get_event()
        if not events.check_event(MappingStartEvent):
            return keys
        events.get_event()
        depth, expect_key = 1, True
        while depth > 0:
            event = events.get_event()
            if depth == 1 and isinstance(event, (ScalarEvent, AliasEvent, CollectionStartEvent)):
                if expect_key and isinstance(event, ScalarEvent):
                    keys.append(event.value)
                expect_key = not expect_key
            if isinstance(event, CollectionStartEvent):
                depth += 1
            elif isinstance(event, (MappingEndEvent, SequenceEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        pass
    finally:
        events.dispose()
    return keys


def yaml_scalar(text: str) -> str:
    """A YAML scalar for a name or path: plain when it reads back as the same string, else quoted
    (``42``, ``1e5``, ``on`` or ``true`` would read back as something else)."""
    if re.fullmatch(r"[A-Za-z0-9_./-]+", text) and text[0] not in "-.":
        try:
            if load_yaml(f"v: {text}\n", "<scalar>").data == {"v": text}:
                return text
        except RulesError:
            pass
    return yaml_quoted(text)


def yaml_flow_item(text: str) -> str:
    """An item of a one-line YAML list (``players: [human, search:normal]``): plain when it
    reads back as the same string there, else quoted.  A plain item may not hold a comma, a
    bracket or a brace (they end it), nor ``#`` after a space, ``: `` or YAML's other
    indicators, so a name or a ``policy:`` path with one of them is quoted."""
    if text and text == text.strip() and not _FLOW_UNSAFE.search(text):
        try:
            if load_yaml(f"v: [{text}]\n", "<scalar>").data == {"v": [text]}:
                return text
        except RulesError:
            pass
    return yaml_quoted(text)


#: Characters that never stand in a plain flow item here (indicators, quotes, anything not printable).
_FLOW_UNSAFE = re.compile(r"[,\[\]{}#&*!|>'\"%@`\\\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]|: |:$")

#: What a double-quoted YAML scalar may hold as it is: YAML's printable characters except the
#: quote, the backslash and the line breaks YAML would fold (``\x85``, ``\u2028``, ``\u2029``).
_QUOTED_AS_IS = re.compile(r"[\x20-\x21\x23-\x5b\x5d-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]")


def yaml_quoted(text: str) -> str:
    """``text`` as a double-quoted YAML scalar that reads back as exactly ``text``: printable
    characters (umlauts, emoji) as they are, the rest escaped.  Not ``json.dumps``: JSON writes a
    character beyond U+FFFF as two surrogate escapes, which a YAML reader turns into two lone
    surrogates, not the character."""
    out = []
    for ch in text:
        if _QUOTED_AS_IS.fullmatch(ch):
            out.append(ch)
        elif ch in "\"\\":
            out.append("\\" + ch)
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return '"' + "".join(out) + '"'
