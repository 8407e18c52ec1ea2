"""The day a match record is dated: today, or the day ``SOURCE_DATE_EPOCH`` names.

``SOURCE_DATE_EPOCH`` is the reproducible-builds convention: seconds since 1970-01-01 00:00
UTC, written in ASCII digits, so that the same seed writes the same bytes on any day.  The
variable comes from the environment, where anything may stand: a value that is no such
number (``-5``, ``1e9``, ``²`` -- a Unicode digit ``int`` would read --, text) or one past the
last day a date header can hold (9999-12-31: ``datetime`` knows no year 10000) is *ignored*,
the record dated by the clock as without it -- never a traceback, and never a run refused for
a date header, the one header that does not matter for the match.  :func:`ignored_epoch` says
why, for the command line to warn once.
"""

from __future__ import annotations

import datetime
import os

from interpreter.rules.yamlsource import shorten

#: The environment variable of the reproducible-builds convention.
VARIABLE = "SOURCE_DATE_EPOCH"
#: The last second a date header can name: 9999-12-31 23:59:59 UTC.
LAST_SECOND = 253402300799


def epoch_of(text: str) -> int | None:
    """The seconds ``text`` gives -- ASCII digits only, blanks around them aside, from 0 to
    :data:`LAST_SECOND` -- or ``None`` for anything else."""
    word = text.strip()
    if not (word.isascii() and word.isdigit()) or len(word.lstrip("0")) > len(str(LAST_SECOND)):
        return None  # the length first: int() of thousands of digits is refused, and slow
    seconds = int(word)
    return seconds if seconds <= LAST_SECOND else None


def ignored_epoch() -> str | None:
    """Why ``SOURCE_DATE_EPOCH`` is set but ignored (a sentence), or ``None`` where it is unset,
    blank or used."""
    text = os.environ.get(VARIABLE)
    if text is None or not text.strip() or epoch_of(text) is not None:
        return None
    return (
        f"{VARIABLE} is ignored: '{shorten(text.strip(), 40)}' is not a whole number of seconds from 0 to {LAST_SECOND} "
        "(expected ASCII digits, as the reproducible-builds convention writes them); a record is dated by the clock"
    )


def today() -> str:
    """The day a match begins, for its ``date`` header: ``YYYY-MM-DD``, in UTC -- the day of
    ``SOURCE_DATE_EPOCH`` where it is set and usable, else the clock's."""
    text = os.environ.get(VARIABLE)
    seconds = epoch_of(text) if text is not None else None
    if seconds is not None:
        moment = datetime.datetime.fromtimestamp(seconds, tz=datetime.timezone.utc)
    else:
        moment = datetime.datetime.now(tz=datetime.timezone.utc)
    return moment.strftime("%Y-%m-%d")
