"""A game record where a ruleset is read, or a ruleset where a record is: one message.

The two kinds of file are both YAML mappings, and a file of the other kind read against the
schema of one gave a screen of errors (``missing key 'deal'``, ``unknown key 'ruleset'``...)
that never said what the file was.  What tells them apart is the top level: keys that only a
record has, and keys that only a ruleset has.  Where a file has keys of both kinds (or of
neither), it is left to the reader's own checks, which then name the keys that are wrong.

Called where each kind of file is first read: :func:`interpreter.rules.extends.load_source`
for a ruleset (the file named, not a base: a base is refused as no ruleset where it is
named) and :func:`interpreter.play.record.load_record` for a record.
"""

from __future__ import annotations

import shlex
from typing import Any

from interpreter.core.errors import RecordError, RulesetError
from interpreter.rules.resources import load_schema

#: The top-level keys of a record that no ruleset has (the record format's, docs/notation.md,
#: less those a ruleset has too: name, description, dealer, players).  A test keeps it equal
#: to what :mod:`interpreter.play.record` reads.
RECORD_ONLY_KEYS = frozenset({"ruleset", "deals", "moves", "hands", "trump_card", "stock", "start", "seed", "date", "result"})


def _ruleset_only_keys() -> set[str]:
    return set(load_schema()["properties"]) - RECORD_ONLY_KEYS - {"name", "description", "dealer", "players"}


def kind_of(data: Any) -> str | None:
    """``"record"`` or ``"ruleset"`` for a top level that only a file of that kind has, else
    ``None`` (not a mapping, keys of both kinds, or of neither)."""
    if not isinstance(data, dict):
        return None
    keys = {k for k in data if isinstance(k, str)}
    record = bool(keys & RECORD_ONLY_KEYS)
    ruleset = bool(keys & _ruleset_only_keys())
    if record and not ruleset:
        return "record"
    if ruleset and not record:
        return "ruleset"
    return None


def record_given_as_ruleset(data: Any, file: str) -> RulesetError | None:
    """The error for a game record read as a ruleset, or ``None`` if it may be one."""
    if kind_of(data) != "record":
        return None
    return RulesetError(f"a game record, not a ruleset (replay it with rules replay {shlex.quote(file)})", file=file)


def ruleset_given_as_record(data: Any, file: str) -> RecordError | None:
    """The error for a ruleset read as a game record, or ``None`` if it may be one.  Worded
    for every command that reads a record (``replay``, ``analyse``, ``play --review``, ``play
    --resume``): "then replay FILE" sent the user of ``rules analyse`` to another command."""
    if kind_of(data) != "ruleset":
        return None
    return RecordError(
        f"a ruleset, not a game record (play a match of it with rules run {shlex.quote(file)} --record FILE, "
        "then name FILE instead)",
        file=file,
    )
