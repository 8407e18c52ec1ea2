"""How every command fails: one message per problem on stderr, then exit status 2.

A :class:`~interpreter.core.errors.RulesError` already knows its file, line and column, so the
commands only print it; sharing these two helpers keeps the format and the status the same
everywhere, which scripts and the documentation rely on.  They return the ``typer.Exit``
instead of raising it, so each call site reads ``raise fail(exc)`` and the type checker sees
the branch end.
"""

from __future__ import annotations

import typer

from cli.output import warn
from interpreter.core.errors import ErrorList, RulesError


def fail(error: RulesError) -> typer.Exit:
    """Print a located error (or several) on stderr; the caller raises the returned Exit(2)."""
    errors = error.errors if isinstance(error, ErrorList) else [error]
    for e in errors:
        # str(e) is escaped already, its only line breaks those of an expression error's caret
        warn(f"error: {e}" if e.file is None else str(e), multiline=True)
    return typer.Exit(2)


def usage_error(message: str) -> typer.Exit:
    """Print a bad option or argument as ``error: MESSAGE``; the caller raises the returned Exit(2)."""
    warn(f"error: {message}")
    return typer.Exit(2)
