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
  with those lines deleted (a mapping left empty goes with them) and those keys renamed,
  every other character -- comments, blank lines, quoting, order -- as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from interpreter.core.errors import RulesError, RulesetError
from interpreter.rules.relevance import RulesetWarning
from interpreter.rules.yamlsource import Path, SourceDoc, format_path


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
    Removed(("match", "tie"), "play_on", "sides level at or over the target always play on"),
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
def fixed_text(doc: SourceDoc) -> tuple[str, list[str], list[str]]:
    """The text of ``doc``'s file with every change of :data:`CHANGES` it needs made by hand
    as a person would: the line of a removed key deleted (its parent's line too, where the
    mapping would be left empty -- an empty ``bidding:`` would delete the base's bidding), a
    renamed key's name replaced where it stands.

    ``doc`` is the file as read, before :func:`migrate`.  Returns the new text, a line per
    change made (``deleted bidding.first (line 12)``), and a line per change that cannot be
    made safely in place (a key inside ``{...}`` on one line with others), to do by hand."""
    lines = doc.text.splitlines(keepends=True)
    drop: set[int] = set()
    done: list[str] = []
    by_hand: list[str] = []
    renames: list[tuple[int, int, str, str]] = []
    for change in CHANGES:
        parent = _mapping_at(doc.data, change.path[:-1])
        key = change.path[-1]
        if parent is None or key not in parent:
            continue
        if isinstance(change, Removed) and parent[key] != change.value:
            continue
        if isinstance(change, Renamed) and change.new in parent:
            continue
        target: Path = change.path
        if isinstance(change, Removed):
            # a mapping left with nothing goes too, up to the first that keeps other keys
            while len(target) > 1 and len(_mapping_at(doc.data, tuple(str(p) for p in target[:-1])) or {}) == 1:
                target = target[:-1]
        mark = doc.key_marks.get(target)
        if mark is None or mark.line > len(lines):
            by_hand.append(f"{format_path(change.path)}: not found in the text")
            continue
        line = lines[mark.line - 1]
        if line[: mark.column - 1].strip():  # something stands before the key: a flow mapping
            by_hand.append(f"{format_path(change.path)} (line {mark.line}): inside a mapping written on one line")
            continue
        if isinstance(change, Renamed):
            if not line[mark.column - 1:].startswith(key):  # quoted or escaped: not the plain name
                by_hand.append(f"{format_path(change.path)} (line {mark.line}): the key is not written plainly")
                continue
            renames.append((mark.line - 1, mark.column - 1, key, change.new))
            done.append(f"renamed {format_path(change.path)} to {change.new} (line {mark.line})")
            continue
        end = _entry_end(lines, mark.line - 1, mark.column - 1)
        drop.update(range(mark.line - 1, end))
        done.append(f"deleted {format_path(change.path)} (line {mark.line})" if target == change.path
                    else f"deleted {format_path(change.path)} and the mapping {format_path(target)} it left empty (line {mark.line})")
    for index, column, old, new in renames:
        line = lines[index]
        lines[index] = line[:column] + new + line[column + len(old):]
    return "".join(line for k, line in enumerate(lines) if k not in drop), done, by_hand


def _entry_end(lines: list[str], start: int, indent: int) -> int:
    """The index after the last line of the mapping entry whose key stands at ``indent`` on
    line ``start``: the lines after it indented deeper (a block value, its comments) belong to
    it; a blank line or one at the key's indentation or less ends it."""
    end = start + 1
    while end < len(lines):
        text = lines[end]
        stripped = text.lstrip(" ")
        if not stripped.strip() or len(text) - len(stripped) <= indent:
            break
        end += 1
    return end
