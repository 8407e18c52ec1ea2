"""The head of a record: the ruleset its ``ruleset:`` names, and whether its headers stand
without the deals they head (a match record cut short).

Both decide which match a record replays before a deal is read, and both refuse rather than
replay another match than the one played: a ruleset file that is not beside the record is not
swapped for the bundled ruleset of that name, and a match record's headers alone are not read
as a one-deal record dealt from the match seed.  :mod:`interpreter.play.record` reads the rest.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from interpreter.core.errors import RecordError
from interpreter.rules.loader import load_named_ruleset
from interpreter.rules.references import resolve_reference
from interpreter.rules.resources import bundled_rulesets
from interpreter.rules.ruleset import Ruleset
from interpreter.rules.suggest import suggest_ruleset
from interpreter.rules.yamlsource import SourceDoc, shorten

#: The headers of a match record that only a match record has (a one-deal record of the
#: record format allows nothing else at its top level).
MATCH_HEADERS = ("date", "result")
#: The keys of one deal; a top-level ``seed`` is a match record's header as well.
DEAL_KEYS = ("dealer", "hands", "trump_card", "stock", "start", "moves", "seed")


def record_ruleset(doc: SourceDoc, name: Any, folder: Path, *, allow_outside: bool = False) -> Ruleset:
    """The ruleset a record's ``ruleset:`` names: a bundled name, or a rule file relative to
    the record's folder (``folder``).

    A record must replay as it was played (the record format's promise), so a reference
    written as a file -- ``schnapsen.yaml``, ``rulesets/schnapsen.yml`` -- that is not there is
    refused, where a command-line argument or an ``extends:`` spelled so falls back to the
    bundled ruleset of that name with a note: the house file ``schnapsen.yaml`` a match was
    played under (what ``rules run ./schnapsen.yaml --record`` writes) would otherwise be
    replayed, silently, under the bundled rules once the record is read without it."""
    if not isinstance(name, str):
        raise doc.error(RecordError, "wrong type", ("ruleset",), expected="a ruleset name or path")
    found = resolve_reference(doc, ("ruleset",), name, folder, allow_outside=allow_outside)
    if found is None:
        guess = suggest_ruleset(name, folder)
        raise doc.error(
            RecordError, f"no ruleset '{shorten(name, 200)}'" + (f" (did you mean '{guess}'?)" if guess else ""), ("ruleset",),
            expected="a path relative to the record or one of: " + ", ".join(sorted(bundled_rulesets())),
        )
    if found.by_name:
        looked = os.path.join(os.path.dirname(doc.file) or ".", name)  # as the user named the record
        raise doc.error(
            RecordError,
            f"no file '{shorten(name, 200)}' beside the record (looked for '{shorten(looked, 200)}'): a record is replayed "
            f"only under the ruleset it names, and the bundled '{found.bundled}' may not be the one it was played under",
            ("ruleset",),
            expected=f"the rule file the match was played under, beside the record; or ruleset: {found.bundled} "
            "if it was played under the bundled rules",
        )
    return load_named_ruleset(found, (doc, ("ruleset",)), allow_outside=allow_outside)


def check_not_cut_short(doc: SourceDoc, data: dict[str, Any]) -> None:
    """Refuse a match record cut off before its ``deals:`` (a copy stopped short, a file
    truncated by a full disk): its headers alone would read as a one-deal record, the match
    seed taken for a deal's seed -- other cards, and exit status 0.  A record with no key of a
    deal but its ``seed`` -- no ``moves``, ``dealer``, ``hands`` -- and the headers only a
    match record has (``date``, ``result``), or ``players`` and a ``seed`` (the first lines of
    what ``rules run --record`` writes), is such a record."""
    if "deals" in data or any(k in data for k in DEAL_KEYS if k != "seed"):  # a deal of its own
        return
    if not any(k in data for k in MATCH_HEADERS) and not ("players" in data and "seed" in data):
        return
    shown = ", ".join(k for k in data if k in ("seed", "players", *MATCH_HEADERS))
    raise doc.error(
        RecordError,
        f"missing key 'deals': the record has the headers of a match record ({shown}) but no deals -- "
        "it may have been cut short",
        (),
        expected="deals: the list of the match's deals after the headers; a one-deal record gives its moves, "
        "and no date or result",
    )


def refuse_match_headers(doc: SourceDoc, data: dict[str, Any]) -> None:
    """Refuse a match record's own header (``date``, ``result``) in a one-deal record (one
    without ``deals:``), naming it as such: the record format allows a one-deal record no other
    top-level keys, but the key is no typo -- called unknown, and left out of the list of the
    keys expected, it sent the reader looking for a misspelling."""
    for key in data:
        if key in MATCH_HEADERS:
            raise doc.error(
                RecordError, "a key of a match record (one with deals:), not of a one-deal record", (key,), key=True,
                expected="the deal's keys under deals: to make it a match record; or no date or result",
            )
