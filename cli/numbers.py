"""The numbers of the command line: ASCII digits, with a minus in front for a negative one,
and for a decimal one (``--bot-delay 0.25``) a point.

click reads an integer option with Python's ``int()`` and a decimal one with ``float()``,
which take more than a person means by a number: ``1_000`` (1000), ``+5``, `` 5 `` and the
digits of other scripts (``--seed ١٢`` played seed 12, ``rules serve --port ١٢`` listened on
12, ``--bot-delay ١`` waited a second).  Everything else that reads a number the user typed --
a position string, ``search:iters=N`` -- takes only ASCII digits, so the same text was a
number in one place and refused in another.  The strict types here read an option as those
do, and refuse the rest in click's words for a value that is not a number (``'1_000' is not
a valid integer``, ``'1_0' is not a valid float``).

:func:`strict_numbers` puts them in place of click's number types on a command's parameters,
so that every number option and argument of every command reads alike, including one added
later (:class:`cli.main._Command` calls it), with the range that typer made from its
``min=`` and ``max=`` kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import click

#: An integer as the command line takes it: ASCII digits, a minus in front for a negative one.
INTEGER = re.compile(r"-?[0-9]+", re.ASCII)

#: A decimal number as the command line takes it: :data:`INTEGER`, or digits with one point
#: among or around them (``0.25``, ``.5``, ``2.``), with an exponent after them if need be
#: (``1e-3``); or one of the words ``inf`` and ``nan`` (in any case), which a range refuses in
#: its own words (``nan is out of range (expected 0 to 10)``), as it refuses ``-1``.
DECIMAL = re.compile(r"-?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?|inf|infinity|nan)", re.ASCII | re.IGNORECASE)


def _checked(kind: click.ParamType[Any], value: Any, param: click.Parameter | None, ctx: click.Context | None) -> None:
    """Refuse a text that is not written as :data:`INTEGER` (for an integer ``kind``) or
    :data:`DECIMAL`, in click's words for a value that is not a number of its kind (``is not
    a valid integer``, ``is not a valid float``); a value that is no text (a default given as
    a number) is left to click."""
    pattern, word = (INTEGER, "integer") if isinstance(kind, click.types.IntParamType) else (DECIMAL, "float")
    if isinstance(value, str) and pattern.fullmatch(value) is None:
        kind.fail(f"{value!r} is not a valid {word}.", param, ctx)


class _Strict(click.ParamType[Any]):
    """The check of :func:`_checked` before the conversion of the click type it comes before."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        _checked(self, value, param, ctx)
        return super().convert(value, param, ctx)


class StrictInt(_Strict, click.types.IntParamType):
    """click's ``INT``, reading only :data:`INTEGER`."""


class StrictIntRange(_Strict, click.IntRange):
    """click's ``IntRange`` (typer's ``min=``, ``max=``), reading only :data:`INTEGER`."""


class StrictFloat(_Strict, click.types.FloatParamType):
    """click's ``FLOAT``, reading only :data:`DECIMAL`."""


class StrictFloatRange(_Strict, click.FloatRange):
    """click's ``FloatRange`` (typer's ``min=``, ``max=`` on a float), reading only :data:`DECIMAL`."""


#: The integer type of an option without a range.
STRICT_INT = StrictInt()

#: The decimal type of an option without a range.
STRICT_FLOAT = StrictFloat()


def strict_numbers(params: Iterable[click.Parameter]) -> None:
    """Give each parameter read as click's integer (``INT`` or an ``IntRange``) or decimal
    (``FLOAT`` or a ``FloatRange``) the strict type in its place, with the same range."""
    for param in params:
        kind = param.type
        if type(kind) is click.types.IntParamType:
            param.type = STRICT_INT
        elif type(kind) is click.IntRange:
            param.type = StrictIntRange(kind.min, kind.max, min_open=kind.min_open, max_open=kind.max_open, clamp=kind.clamp)
        elif type(kind) is click.types.FloatParamType:
            param.type = STRICT_FLOAT
        elif type(kind) is click.FloatRange:
            param.type = StrictFloatRange(kind.min, kind.max, min_open=kind.min_open, max_open=kind.max_open, clamp=kind.clamp)
