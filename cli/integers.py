"""The integers of the command line: ASCII digits, with a minus in front for a negative one.

click reads an integer option with Python's ``int()``, which takes more than a person means
by a number: ``1_000`` (1000), ``+5``, `` 5 `` and the digits of other scripts (``--seed ١٢``
played seed 12, ``rules serve --port ١٢`` listened on 12).  Everything else that reads a
number the user typed -- a position string, ``search:iters=N`` -- takes only ASCII digits,
so the same text was a number in one place and refused in another.  :data:`STRICT_INT` and
:class:`StrictIntRange` read an option as those do, and refuse the rest in click's words
for any value that is not an integer (``'1_000' is not a valid integer``).

:func:`strict_integers` puts them in place of click's integer types on a command's
parameters, so that every integer option and argument of every command reads alike,
including one added later (:class:`cli.main._Command` calls it), with the range that typer
made from its ``min=`` and ``max=`` kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import click

#: An integer as the command line takes it: ASCII digits, a minus in front for a negative one.
INTEGER = re.compile(r"-?[0-9]+", re.ASCII)


def _checked(kind: click.types.IntParamType, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> None:
    """Refuse a text that is not written as :data:`INTEGER`, in click's words for a value that
    is not an integer; a value that is no text (a default given as an int) is left to click."""
    if isinstance(value, str) and INTEGER.fullmatch(value) is None:
        kind.fail(f"{value!r} is not a valid integer.", param, ctx)


class StrictInt(click.types.IntParamType):
    """click's ``INT``, reading only :data:`INTEGER`."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        _checked(self, value, param, ctx)
        return super().convert(value, param, ctx)


class StrictIntRange(click.IntRange):
    """click's ``IntRange`` (typer's ``min=``, ``max=``), reading only :data:`INTEGER`."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        _checked(self, value, param, ctx)
        return super().convert(value, param, ctx)


#: The integer type of an option without a range.
STRICT_INT = StrictInt()


def strict_integers(params: Iterable[click.Parameter]) -> None:
    """Give each parameter read as click's integer (``INT`` or an ``IntRange``) the strict
    type in its place, with the same range."""
    for param in params:
        kind = param.type
        if type(kind) is click.types.IntParamType:
            param.type = STRICT_INT
        elif type(kind) is click.IntRange:
            param.type = StrictIntRange(kind.min, kind.max, min_open=kind.min_open, max_open=kind.max_open, clamp=kind.clamp)
