"""The checks of the arguments a Python caller gives the public entry points: seeds and seats.

A wrong argument must be refused where the caller hands it in, in words that name it, rather
than accepted and turned into something else (``seed=None`` into a fresh random deal each
time, ``dealer=-1`` into the last seat) or failing far away (an ``IndexError`` at the next
deal).  The checks sit in constructors and entry points only -- ``DealState.new``, ``Match``,
``play_match``, ``arena`` -- never in the engine's per-move loops, which trust what they were
built from.
"""

from __future__ import annotations

import random
from typing import Final

#: The largest seed, and the range every seed takes: 0 to 2**63 - 1 (what a record holds, what
#: every ``--seed`` takes, and what a random seed is drawn from; docs/notation.md).  Checked
#: here, where every seed handed to the API is checked (:func:`check_seed`), so that no seed
#: is accepted at the call that a record of the match would then refuse.
SEED_MAX: Final = 2**63 - 1

#: The range, as every message says it.
SEED_RANGE: Final = f"a whole number from 0 to {SEED_MAX}"


def with_article(noun: str) -> str:
    """``noun`` with its indefinite article: ``an int``, ``a str``."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def shown_value(value: object) -> str:
    """``repr(value)``, cut to one short line: a message quotes what it was given, never pages of it."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_seed(value: object, what: str = "seed", *, generator: bool = False) -> int | random.Random:
    """``value`` if it is a seed: an int (not a bool) from 0 to :data:`SEED_MAX`, or with
    ``generator`` also a :class:`random.Random` to draw from; else a ``TypeError`` (not a
    seed at all) or ``ValueError`` (out of range) naming the parameter ``what``.

    ``None``, text and floats are refused although :class:`random.Random` takes them: ``None``
    would give another deal at every call, and text or a float a deal no command can repeat
    (the commands' seeds are whole numbers).  A seed out of range is refused although
    :class:`random.Random` takes any int: the record of the match would hold a seed that
    ``load_record`` refuses (and a negative one plays as its absolute value).
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value <= SEED_MAX:
            raise ValueError(f"{what} {shown_value(value)}: out of range (expected {SEED_RANGE})")
        return value
    if generator and isinstance(value, random.Random):
        return value
    expected = "an int, or a random.Random to draw from" if generator else "an int"
    raise TypeError(f"{what}: {shown_value(value)} is {with_article(type(value).__name__)}, not a seed (expected {expected})")


def check_int_seed(value: object, what: str = "seed") -> int:
    """``value`` if it is an int seed (not a bool): :func:`check_seed`'s type check for the
    seeds of bots, which seed a generator of their own and are never handed one.  A bot's seed
    is not range-checked: it is never written to a record (a record names the match's and the
    deals' seeds), and the commands derive bot seeds by arithmetic that may pass 2**63."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    check_seed(value, what)  # raises, in its words
    raise AssertionError("unreachable: check_seed refuses what is not an int")


def check_seat(value: object, seats: int, what: str = "seat") -> int:
    """``value`` if it is a seat of a table of ``seats``: an int from 0 to ``seats - 1``; else a
    ``TypeError`` (not an int) or ``ValueError`` (out of range) naming the parameter ``what``.
    A negative seat is out of range, never the last seat counted from the end as Python's
    lists would take it, and ``True`` is no seat 1."""
    return _check_number(value, seats, what, "seat")


def check_side(value: object, sides: int, what: str = "side") -> int:
    """``value`` if it is one of ``sides`` sides (a deal's or a match's): an int from 0 to
    ``sides - 1``; else a ``TypeError`` or ``ValueError`` worded as :func:`check_seat`'s."""
    return _check_number(value, sides, what, "side")


def _check_number(value: object, count: int, what: str, noun: str) -> int:
    """``value`` if it is a number of one of ``count`` seats or sides (``noun``), 0 to ``count - 1``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what}: {shown_value(value)} is {with_article(type(value).__name__)}, not a {noun} (expected a {noun} 0 to {count - 1})")
    if not 0 <= value < count:
        raise ValueError(f"{what} {value}: expected a {noun} 0 to {count - 1}")
    return value
