"""Safe YAML loading that remembers where every value came from.

Rule files are written by hand, so every complaint about them must point at a line and column.
PyYAML's ``safe_load`` throws positions away and silently accepts YAML 1.1 surprises (``no``
becoming ``False``, ``012`` becoming 10, dates becoming ``datetime``).  This module composes the
node graph with a restricted loader and converts it itself, so that

* the data is plain JSON-like Python (dict with ``str`` keys, list, str, int, float, bool, None),
* every value and every mapping key keeps its :class:`Mark`, keyed by its :data:`Path`, and
* every problem -- syntax, duplicate keys, ambiguous booleans, anchors, tags -- becomes one
  located :class:`~interpreter.core.errors.RulesError`, never a raw ``yaml`` exception.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

import yaml
from yaml.events import AliasEvent, CollectionStartEvent, Event, ScalarEvent, StreamEndEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.reader import ReaderError

from interpreter.core.errors import RulesError, RulesetError

__all__ = [
    "MAX_CHARS",
    "MAX_DEPTH",
    "Mark",
    "Path",
    "SourceDoc",
    "format_path",
    "load_yaml",
    "load_yaml_file",
]

#: Longest accepted text; rule files are a few kilobytes, this only bounds hostile input.
MAX_CHARS = 1_000_000
#: Deepest accepted nesting; the composer and the converter are recursive.
MAX_DEPTH = 100
#: A UTF-8 character is at most four bytes, so more bytes than this is certainly too long.
_MAX_BYTES = 4 * MAX_CHARS


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

    def locate(self, path: Path, *, key: bool = False) -> Mark | None:
        """Mark of the path's value (or key when key=True and there is one).

        Else the nearest existing ancestor's mark; None for an empty doc.  Falling back to an
        ancestor lets callers locate problems about values that do not exist (a missing key is
        reported where its mapping is).
        """
        if key and path in self.key_marks:
            return self.key_marks[path]
        for end in range(len(path), -1, -1):
            mark = self.value_marks.get(path[:end])
            if mark is not None:
                return mark
        return None

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


# --------------------------------------------------------------------------------------------
# Loader: YAML 1.2 core resolution, no anchors, no exotic tags


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
_SPECIAL_FLOAT_RE = re.compile(_INF_RE.pattern + "|" + _NAN_RE.pattern)


class _YamlMark(Protocol):
    """The part of a PyYAML mark we read (0-based); events are typed to carry libyaml's too."""

    @property
    def line(self) -> int: ...

    @property
    def column(self) -> int: ...


class _Problem(Exception):
    """A located problem found while composing or converting; load_yaml turns it into error_cls."""

    def __init__(self, message: str, mark: _YamlMark | None, path: Path | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.mark = mark
        self.path = path


class _RulesLoader(yaml.SafeLoader):
    """SafeLoader with YAML 1.2 core resolution that refuses anchors, aliases and odd tags.

    Anchors are refused while composing, before an alias could be expanded, which bounds the
    size of the converted data by the size of the text.
    """

    yaml_implicit_resolvers: dict[Any, list[tuple[str, re.Pattern[str]]]] = {}

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    if TYPE_CHECKING:  # PyYAML's stubs leave these two unannotated

        def peek_event(self) -> Event: ...

        def get_event(self) -> Event: ...

    def compose_node(self, parent: Node | None, index: Any) -> Node:
        """Check anchors, tags and depth of every node before PyYAML composes it."""
        event = self.peek_event()
        if isinstance(event, AliasEvent) or getattr(event, "anchor", None) is not None:
            raise _Problem("anchors and aliases are not supported in rule files", event.start_mark)
        if isinstance(event, (ScalarEvent, CollectionStartEvent)) and event.tag is not None:
            if event.tag not in _ALLOWED_TAGS:
                message = f"the tag '{_show_tag(event.tag)}' is not supported in rule files"
                raise _Problem(message, event.start_mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                message = f"the document is nested more than {MAX_DEPTH} levels deep"
                raise _Problem(message, event.start_mark)
            # The stubs allow None, but composing at an event that starts a node gives a node.
            return cast(Node, super().compose_node(parent, index))
        finally:
            self._depth -= 1


# Order matters: YAML 1.1 booleans are caught first, and integers before floats.
for _tag, _regexp in (
    (_YAML11_BOOL, _YAML11_BOOL_RE),
    (_NULL, _NULL_RE),
    (_BOOL, _BOOL_RE),
    (_INT, _INT_RE),
    (_FLOAT, _FLOAT_RE),
    (_FLOAT, _SPECIAL_FLOAT_RE),
    (_MERGE, re.compile(r"<<\Z")),
):
    _RulesLoader.add_implicit_resolver(_tag, _regexp, None)  # None: any first character


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
        try:
            return int(text, 10)
        except ValueError:  # Python refuses to convert thousands of digits
            raise ValueError("integer (it has too many digits)") from None
    if _OCT_RE.match(text):
        return int(text[2:], 8)
    if _HEX_RE.match(text):
        return int(text[2:], 16)
    raise ValueError("integer")


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


def _shorten(text: str, limit: int = 40) -> str:
    """Keep messages one line long even when the offending text is huge."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _show_tag(tag: str) -> str:
    """Spell a tag the way it is written in YAML (``!!int`` rather than its full URI)."""
    return "!!" + tag[len(_TAG) :] if tag.startswith(_TAG) else tag


def _scalar_value(node: ScalarNode, path: Path) -> Any:
    """Python value of a scalar node, refusing YAML 1.1 booleans and malformed tagged scalars."""
    if node.tag == _YAML11_BOOL:
        raise _Problem(
            f"'{node.value}' is a YAML 1.1 boolean; write true or false, or quote it for a string",
            node.start_mark,
            path,
        )
    if node.tag == _MERGE:
        return node.value  # a plain "<<" value is only a merge key in key position
    converter = _CONVERTERS.get(node.tag)
    if converter is None:
        raise _wrong_tag(node, "a scalar", path)
    try:
        return converter(node.value)
    except ValueError as exc:
        message = f"'{_shorten(node.value)}' is not a valid {exc.args[0]}"
        raise _Problem(message, node.start_mark, path) from None


def _wrong_tag(node: Node, kind: str, path: Path) -> _Problem:
    message = f"the tag '{_show_tag(node.tag)}' cannot be used on {kind}"
    return _Problem(message, node.start_mark, path)


def _describe_key(value: Any) -> str:
    """Say what kind of non-string key was written, so the user knows what to quote."""
    if value is None:
        return "an empty (null) key"
    if isinstance(value, bool):
        return f"the boolean key {str(value).lower()}"
    return f"the number key {value!r}"


def _mark(mark: _YamlMark) -> Mark:
    return Mark(mark.line + 1, mark.column + 1)


class _Converter:
    """Turns a composed node graph into plain data, recording marks on the way."""

    def __init__(self) -> None:
        self.value_marks: dict[Path, Mark] = {}
        self.key_marks: dict[Path, Mark] = {}

    def convert(self, node: Node, path: Path) -> Any:
        self.value_marks[path] = _mark(node.start_mark)
        if isinstance(node, MappingNode):
            return self._mapping(node, path)
        if isinstance(node, SequenceNode):
            if node.tag != _SEQ:
                raise _wrong_tag(node, "a list", path)
            return [self.convert(item, path + (index,)) for index, item in enumerate(node.value)]
        assert isinstance(node, ScalarNode)  # the composer builds no other kind of node
        return _scalar_value(node, path)

    def _mapping(self, node: MappingNode, path: Path) -> dict[str, Any]:
        if node.tag != _MAP:
            raise _wrong_tag(node, "a mapping", path)
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = self._key(key_node, path)
            key_path = path + (key,)
            if key in result:
                first = self.key_marks[key_path].line
                message = f"duplicate key '{key}' (first defined at line {first})"
                raise _Problem(message, key_node.start_mark, key_path)
            self.key_marks[key_path] = _mark(key_node.start_mark)
            result[key] = self.convert(value_node, key_path)
        return result

    @staticmethod
    def _key(node: Node, path: Path) -> str:
        """A mapping key as a string: integers are spelled in decimal, anything else is refused."""
        if not isinstance(node, ScalarNode):
            message = "a mapping key must be a plain string, not a list or a mapping"
            raise _Problem(message, node.start_mark, path)
        if node.tag == _MERGE:
            message = "merge keys ('<<') are not supported in rule files"
            raise _Problem(message, node.start_mark, path)
        value = _scalar_value(node, path)
        if isinstance(value, str):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        raise _Problem(
            f"{_describe_key(value)} is not allowed; mapping keys must be strings (quote it)",
            node.start_mark,
            path,
        )


# --------------------------------------------------------------------------------------------
# Public entry points


def _compose_single(text: str) -> Node | None:
    """Compose the only document of the text; None when there is none."""
    loader = _RulesLoader(text)
    try:
        loader.get_event()  # StreamStartEvent
        if loader.check_event(StreamEndEvent):
            return None
        node = loader.compose_document()
        if not loader.check_event(StreamEndEvent):
            second = loader.peek_event()
            message = "the file contains more than one YAML document; only one is allowed"
            raise _Problem(message, second.start_mark)
        return node
    finally:
        loader.dispose()


def _is_empty(node: Node | None) -> bool:
    """An explicit but empty document (just ``---``) counts as an empty file."""
    if node is None:
        return True
    return isinstance(node, ScalarNode) and node.tag == _NULL and not node.value and not node.style


def _position_to_mark(text: str, position: int) -> Mark:
    """Line and column of a character offset, for errors that only carry an offset."""
    line_start = text.rfind("\n", 0, position) + 1
    return Mark(text.count("\n", 0, position) + 1, position - line_start + 1)


def _fail(
    error_cls: type[RulesError], message: str, file: str, mark: Mark, path: Path | None = None
) -> RulesError:
    return error_cls(
        message,
        file=file,
        line=mark.line,
        column=mark.column,
        path=format_path(path) if path is not None else None,
    )


def _yaml_error(
    error_cls: type[RulesError], exc: yaml.YAMLError, text: str, file: str
) -> RulesError:
    """Translate a PyYAML exception into a located error with PyYAML's own problem text."""
    if isinstance(exc, yaml.MarkedYAMLError):
        where = exc.problem_mark or exc.context_mark
        message = exc.problem or exc.context or "invalid YAML"
        return _fail(error_cls, message, file, _mark(where) if where else Mark(1, 1))
    if isinstance(exc, ReaderError):
        message = f"unacceptable character #x{exc.character:04x}: {exc.reason}"
        return _fail(error_cls, message, file, _position_to_mark(text, exc.position))
    return _fail(error_cls, str(exc), file, Mark(1, 1))


def load_yaml(text: str, file: str, *, error_cls: type[RulesError] = RulesetError) -> SourceDoc:
    """Parse one YAML document into plain data plus marks; every problem raises ``error_cls``."""
    if len(text) > MAX_CHARS:
        message = f"the file is too large ({len(text)} characters; at most {MAX_CHARS})"
        raise _fail(error_cls, message, file, Mark(1, 1))
    converter = _Converter()
    try:
        node = _compose_single(text)
        if _is_empty(node):
            raise _fail(error_cls, "the file is empty", file, Mark(1, 1))
        assert node is not None
        data = converter.convert(node, ())
    except _Problem as problem:
        mark = _mark(problem.mark) if problem.mark else Mark(1, 1)
        raise _fail(error_cls, problem.message, file, mark, problem.path) from None
    except yaml.YAMLError as exc:
        raise _yaml_error(error_cls, exc, text, file) from None
    return SourceDoc(data, file, converter.value_marks, converter.key_marks, text)


def _decode(raw: bytes, file: str, error_cls: type[RulesError]) -> str:
    """UTF-8 text (a leading byte-order mark is dropped); bad bytes are reported where they are."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        good = raw[: exc.start].decode("utf-8-sig", errors="replace")
        mark = _position_to_mark(good, len(good))
        raise _fail(error_cls, f"the file is not valid UTF-8 ({exc.reason})", file, mark) from None


def load_yaml_file(
    path: str | os.PathLike[str],
    *,
    error_cls: type[RulesError] = RulesetError,
    display_name: str | None = None,
) -> SourceDoc:
    """Read and parse a rule file; ``display_name`` is the name messages show (else the path)."""
    file = display_name if display_name is not None else os.fspath(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(_MAX_BYTES + 1)
    except OSError as exc:
        raise error_cls(f"cannot read file: {exc.strerror or exc}", file=file) from None
    if len(raw) > _MAX_BYTES:
        message = f"the file is too large (more than {MAX_CHARS} characters)"
        raise _fail(error_cls, message, file, Mark(1, 1))
    return load_yaml(_decode(raw, file, error_cls), file, error_cls=error_cls)


def yaml_scalar(text: str) -> str:
    """A YAML scalar for a name or path: plain when it reads back as the same string, else quoted
    (``42``, ``1e5``, ``on`` or ``true`` would read back as something else)."""
    if re.fullmatch(r"[A-Za-z0-9_./-]+", text) and text[0] not in "-.":
        try:
            if load_yaml(f"v: {text}\n", "<scalar>").data == {"v": text}:
                return text
        except RulesError:
            pass
    return json.dumps(text)
