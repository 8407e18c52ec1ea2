"""Keys that rule files of earlier versions may still hold, and what becomes of them.

Rule files are our users' data: a file that loaded yesterday must load today.  When a key
is removed because it only ever had one value -- the one the engine now always plays -- or
is renamed, it goes into :data:`CHANGES`, the one table of such keys, and from there:

* **loading** (:func:`migrate`, for every file read, a base too): a removed key holding
  that value is dropped and a renamed key is read under its new name, each with a located
  :class:`MigrationWarning` saying what to change (``rules validate --strict`` makes it an
  error).  A removed key holding any other value is an error (the schema's unknown-key
  message, worded from the same table): that file asked for a rule the engine does not play.
* **fixing** (:func:`fixed_text`, behind ``rules validate --fix FILE``): the file's text
  with those entries deleted (a mapping left empty goes with them) and those keys renamed,
  every other character -- comments, blank lines, quoting, order -- as it was.  Each edit is
  read back before it is kept; one that would change anything else is not made but left,
  located and with why, for the person.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import yaml

from interpreter.core.errors import RulesError, RulesetError
from interpreter.rules.relevance import RulesetWarning
from interpreter.rules.yamlsource import Path, SourceDoc, format_path, load_yaml


@dataclass(frozen=True)
class Removed:
    """A key that was removed: it had only ``value``, which is what the engine always does now (``now``)."""

    path: tuple[str, ...]
    value: Any
    now: str


@dataclass(frozen=True)
class Renamed:
    """A key that is now called ``new``, in the same mapping."""

    path: tuple[str, ...]
    new: str

    @property
    def new_path(self) -> tuple[str, ...]:
        return (*self.path[:-1], self.new)


#: Every removed and renamed key, oldest first.  Add a row when a key goes or changes its name;
#: tests/authoring/test_migrations.py loads a file with each row and checks the warning and the fix.
CHANGES: tuple[Removed | Renamed, ...] = (
    Removed(("bidding", "first"), "dealer_left", "the player to the dealer's left always bids first"),
    Removed(("match", "tie"), "play_on", "sides level at or over the target play on (but for match.bummerl: last_place, which ends the match there)"),
)

#: How ``--fix`` is named in the messages.
FIX_HINT = "rules validate --fix FILE does it"


class MigrationWarning(RulesetWarning):
    """A key of an earlier version, read as that version meant it: what to change in the file."""


def removed_message(change: Removed) -> str:
    """Why a removed key is not read (the error for a value the engine no longer plays)."""
    return f"{'.'.join(change.path)} was removed: {change.now}"


def removed_at(path: Path) -> Removed | None:
    """The row of :data:`CHANGES` for a removed key at ``path``, if any."""
    for change in CHANGES:
        if isinstance(change, Removed) and change.path == path:
            return change
    return None


def _mapping_at(data: Any, path: tuple[str, ...]) -> dict[str, Any] | None:
    for part in path:
        if not isinstance(data, dict):
            return None
        data = data.get(part)
    return data if isinstance(data, dict) else None


def migrate(doc: SourceDoc) -> list[RulesError]:
    """Read ``doc`` as the version that wrote it meant it, in place: drop each removed key that
    holds its one value, move each renamed key to its new name.  Returns a located
    :class:`MigrationWarning` per change (an error where a renamed key's new name is set too),
    and keeps them in ``doc.notes`` for the ruleset's warnings.  Calling it again changes nothing."""
    found: list[RulesError] = []
    for change in CHANGES:
        parent = _mapping_at(doc.data, change.path[:-1])
        key = change.path[-1]
        if parent is None or key not in parent:
            continue
        if isinstance(change, Removed):
            if parent[key] != change.value:
                continue  # another value: the schema refuses the key, with removed_message
            found.append(doc.error(
                MigrationWarning,
                f"{removed_message(change)}, as {change.value!r} said; delete this line ({FIX_HINT})",
                change.path, key=True, expected="this key deleted",
            ))
            del parent[key]
            continue
        if change.new in parent:
            found.append(doc.error(
                RulesetError, f"{format_path(change.path)} was renamed {change.new}, which the file sets too",
                change.path, key=True, expected=f"only {change.new}",
            ))
            continue
        found.append(doc.error(
            MigrationWarning, f"{format_path(change.path)} was renamed {change.new}; rename it ({FIX_HINT})",
            change.path, key=True, expected=format_path(change.new_path),
        ))
        parent[change.new] = parent.pop(key)
        _move_marks(doc, change.path, change.new_path)
    doc.notes.extend(found)
    return found


def _move_marks(doc: SourceDoc, old: Path, new: Path) -> None:
    """Positions of a renamed key's values, under the new name (errors about them are located)."""
    for marks in (doc.value_marks, doc.key_marks):
        for path in [p for p in marks if p[: len(old)] == old]:
            marks[new + path[len(old):]] = marks[path]


# --------------------------------------------------------------------------- fixing a file
class NotFixed(RulesError):
    """A change of :data:`CHANGES` that ``--fix`` leaves for a person, located at the key:
    the message says why no safe edit was found, ``expected`` what to do."""


#: Why the fixed text must not be written, or ``None``: a further check of the caller's
#: (``rules validate`` loads the text as the ruleset it would be, bases and all).
Check = Callable[[str], "str | None"]
#: Replace ``text[start:end]`` by the string.
_Edit = tuple[int, int, str]

_BREAKS = "\r\n\x85\u2028\u2029"  # what PyYAML and libyaml take for a line break
#: What may follow a value on its line for the line to go with it: spaces, a comment, the break.
_LINE_REST = re.compile(r"[ \t]*(?:#[^\r\n\x85\u2028\u2029]*)?(?:\r\n|[\r\n\x85\u2028\u2029]|\Z)")


class _Refused(Exception):
    """Why one change cannot be made as an edit of the text (it becomes a :class:`NotFixed`)."""


def fixed_text(doc: SourceDoc, check: Check | None = None) -> tuple[str, list[str], list[NotFixed]]:
    """The text of ``doc``'s file with every change of :data:`CHANGES` it needs made as a
    person would make it: a removed key's entry deleted (the key, its value, the rest of its
    line; in a ``{...}`` mapping with the comma that goes with it), and its parent's entry
    instead where the mapping would be left empty -- an empty ``bidding:`` would delete the
    base's bidding; a renamed key's name replaced where it stands.  Every other character --
    comments, blank lines, quoting, order -- stays as it was.

    A file is our users' data, and a text edit that went wrong would silently change a rule
    they wrote, so no edit is trusted: each one is made on the text, the result read back, and
    kept only if it reads as YAML and every value but the changed key's is what it was (types
    too: ``12`` is not ``"12"``), and ``check`` (if given) finds nothing.  A change that fails
    is not made at all: it is reported, with why, for the person to make.

    ``doc`` is the file as read, before :func:`migrate`.  Returns the new text (``doc.text``
    when nothing was changed), a line per change made (``deleted bidding.first (line 12)``),
    and a located :class:`NotFixed` per change left to do by hand."""
    text, data = doc.text, copy.deepcopy(doc.data)
    done: list[str] = []
    by_hand: list[NotFixed] = []
    for change in CHANGES:
        parent = _mapping_at(data, change.path[:-1])
        key = change.path[-1]
        if parent is None or key not in parent:
            continue
        if isinstance(change, Removed) and parent[key] != change.value:
            continue
        if isinstance(change, Renamed) and change.new in parent:
            continue
        target = change.path
        if isinstance(change, Removed):
            # a mapping left with nothing goes too, up to the first that keeps other keys
            while len(target) > 1 and len(_mapping_at(data, target[:-1]) or {}) == 1:
                target = target[:-1]
        try:
            new_text = _applied(text, _edits(text, change, target))
            new_data = _changed(data, change, target)
            _read_back(new_text, new_data, doc.file)
            why = check(new_text) if check is not None else None
            if why is not None:
                raise _Refused(why)
        except _Refused as refused:
            expected = "this key deleted" if isinstance(change, Removed) else f"the key named {change.new}"
            error = doc.error(
                NotFixed, f"cannot fix by a safe edit: {refused}; edit it by hand", change.path, key=True, expected=expected,
            )
            assert isinstance(error, NotFixed)
            by_hand.append(error)
            continue
        text, data = new_text, new_data
        mark = doc.key_marks.get(target)  # where it stands in the file as it was read
        line = f" (line {mark.line})" if mark is not None else ""
        if isinstance(change, Renamed):
            done.append(f"renamed {format_path(change.path)} to {change.new}{line}")
        elif target == change.path:
            done.append(f"deleted {format_path(change.path)}{line}")
        else:
            done.append(f"deleted {format_path(change.path)} and the mapping {format_path(target)} it left empty{line}")
    return text, done, by_hand


def _edits(text: str, change: Removed | Renamed, target: tuple[str, ...]) -> list[_Edit]:
    """The edits of ``text`` that make ``change`` (``target``: the entry a removal deletes)."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)  # its nodes know where they start and end
    except (yaml.YAMLError, ValueError):  # the loader read the file, so this does not happen
        raise _Refused("the text does not read as YAML") from None
    found = _entry(root, target)
    if found is None:  # e.g. a key that comes from somewhere else than where the path says
        raise _Refused("the key is not written where its path says")
    mapping, index = found
    if isinstance(change, Renamed):
        key = mapping.value[index][0]
        start, end = key.start_mark.index, key.end_mark.index
        if text[start:end] != change.path[-1]:  # quoted or escaped: not the plain name
            raise _Refused("the key is not written plainly")
        return [(start, end, change.new)]
    return _deletion(text, mapping, index)


def _entry(root: yaml.Node | None, path: tuple[str, ...]) -> tuple[yaml.MappingNode, int] | None:
    """The mapping node holding the entry at ``path`` and the entry's index in it."""
    node, found = root, None
    for part in path:
        if not isinstance(node, yaml.MappingNode):
            return None
        for index, (key, value) in enumerate(node.value):
            if isinstance(key, yaml.ScalarNode) and key.value == part:
                node, found = value, (node, index)
                break
        else:
            return None
    return found


def _deletion(text: str, mapping: yaml.MappingNode, index: int) -> list[_Edit]:
    """The edits that delete entry ``index`` of ``mapping`` and leave the rest as written.

    In a block mapping the entry is whole lines: the key must begin its line and only a
    comment may follow the value on its last line.  In a flow mapping (``{...}``) a comma
    goes with the entry -- the one after it, or for the last entry the one before it -- and
    the entry's lines go with it where it has lines of its own."""
    key, value = mapping.value[index]
    start, end = key.start_mark.index, _end(text, value)
    begin = _line_start(text, start)
    alone = not text[begin:start].strip(" \t")  # nothing before the key on its line
    if not mapping.flow_style:
        after = _line_rest(text, end)
        if not alone:  # '? key' or '- key: value'
            raise _Refused("something stands before the key on its line")
        if after is None:
            raise _Refused("something follows its value on its line")
        return [(begin, after, "")]
    if len(mapping.value) == 1:
        raise _Refused("it is the only key of the whole file")
    if index < len(mapping.value) - 1:
        comma = _next_token(text, end)
        if text[comma:comma + 1] != ",":
            raise _Refused("its value is not followed by a comma")
        after = _line_rest(text, comma + 1)
        if after is None:  # the next key follows on this line: the comma and the spaces go
            rest = comma + 1
            while text[rest:rest + 1] in (" ", "\t"):
                rest += 1
            return [(start, rest, "")]
        if alone:
            return [(begin, after, "")]
        while start > 0 and text[start - 1] in " \t":  # 'a: 1, tie: play_on,  # why' keeps the comment
            start -= 1
        return [(start, comma + 1, "")]
    comma = _next_token(text, _end(text, mapping.value[index - 1][1]))
    if text[comma:comma + 1] != ",":
        raise _Refused("the value before it is not followed by a comma")
    close = _next_token(text, end)  # a trailing comma, or the closing brace
    trailing = text[close:close + 1] == ","
    after = _line_rest(text, close + 1 if trailing else end)
    if alone and after is not None:  # lines of its own, and the brace on another
        return [(begin, after, "")] if trailing else [(comma, comma + 1, ""), (begin, after, "")]
    return [(comma, end, "")]


def _end(text: str, node: yaml.Node) -> int:
    """Where ``node``'s value ends in ``text``: a block collection ends with its last value
    (PyYAML's own end is the next key's start, past any comment lines between), a block
    scalar with its last character (the blank lines after it are not its own)."""
    if isinstance(node, yaml.MappingNode) and not node.flow_style and node.value:
        return _end(text, node.value[-1][1])
    if isinstance(node, yaml.SequenceNode) and not node.flow_style and node.value:
        return _end(text, node.value[-1])
    end: int = node.end_mark.index
    if isinstance(node, yaml.ScalarNode) and node.style in ("|", ">"):
        start: int = node.start_mark.index
        end = start + len(text[start:end].rstrip())
    return end


def _line_start(text: str, index: int) -> int:
    while index > 0 and text[index - 1] not in _BREAKS:
        index -= 1
    return index


def _line_rest(text: str, index: int) -> int | None:
    """The index after the line break ending the line, if only spaces and a comment stand
    from ``index`` to it; else ``None``."""
    found = _LINE_REST.match(text, index)
    return found.end() if found else None


def _next_token(text: str, index: int) -> int:
    """The index of the next character at or after ``index`` that is not a space, a line
    break or in a comment."""
    while index < len(text):
        if text[index] in _BREAKS or text[index] in " \t":
            index += 1
        elif text[index] == "#":
            while index < len(text) and text[index] not in _BREAKS:
                index += 1
        else:
            break
    return index


def _applied(text: str, edits: list[_Edit]) -> str:
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _changed(data: Any, change: Removed | Renamed, target: tuple[str, ...]) -> Any:
    """The file's data as it must read after the edit: ``target`` deleted, or the key renamed."""
    new = copy.deepcopy(data)
    parent = _mapping_at(new, target[:-1])
    assert parent is not None  # fixed_text found the key there
    if isinstance(change, Removed):
        del parent[target[-1]]
    else:
        parent[change.new] = parent.pop(change.path[-1])
    return new


def _read_back(text: str, expected: Any, file: str) -> None:
    """Refuse an edit unless ``text`` reads as YAML to exactly ``expected``."""
    try:
        data = load_yaml(text, file).data
    except RulesError as exc:
        at = f"line {exc.line}: " if exc.line is not None else ""
        raise _Refused(f"the edited file would not read as YAML ({at}{exc.message})") from None
    where = _difference(data, expected, ())
    if where is not None:
        raise _Refused(f"the edit would also change {format_path(where) or 'the whole file'}")


def _difference(a: Any, b: Any, path: Path) -> Path | None:
    """The first path at which ``a`` and ``b`` differ (in value or type), or ``None``."""
    if type(a) is not type(b):
        return path
    if isinstance(a, dict):
        for key in [*a, *(k for k in b if k not in a)]:
            if key not in a or key not in b:
                return (*path, key)
            found = _difference(a[key], b[key], (*path, key))
            if found is not None:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return path
        for index, (x, y) in enumerate(zip(a, b)):
            found = _difference(x, y, (*path, index))
            if found is not None:
                return found
        return None
    return None if a == b or (a != a and b != b) else path  # a NaN is the NaN it was
