"""Everything the commands print goes through here: escaped, and calm about a closed pipe.

:func:`say` prints a result on stdout and :func:`warn` a diagnostic on stderr, both through
:func:`~interpreter.core.printable.printable`, so that nothing read from a file or typed on
the command line reaches the terminal with its control characters raw.  When the reader of
stdout goes away (``rules describe x | head``), stdout is pointed at the null device and the
command carries on to its own end and exit status, with nothing on stderr -- ``rules run``
keeps playing and saves its record, ``rules validate`` still exits 2 for an invalid ruleset.
"""

from __future__ import annotations

import os
import sys
from typing import Any, TextIO

import typer

from interpreter.core.printable import printable


#: Why stdout could not be written (a full disk, an I/O error), once it failed; the app then
#: ends with exit status 2 instead of 0 (:func:`cli.main` reads it).
output_failure: list[str] = []


def say(text: str = "", *, multiline: bool = False, nl: bool = True) -> bool:
    """Print ``text`` on stdout, escaped (``multiline`` keeps line breaks and tabs).

    Returns ``False`` if stdout cannot be written any more (it is silenced from then on).
    """
    try:
        typer.echo(printable(text, multiline=multiline), nl=nl)
    except OSError as exc:
        _stdout_failed(exc)
        return False
    return True


def _stdout_failed(exc: OSError) -> None:
    """A closed pipe is the reader's choice and stays silent; any other failure is said once."""
    if not isinstance(exc, BrokenPipeError) and not output_failure:
        output_failure.append(exc.strerror or str(exc))
        warn(f"error: cannot write the output: {output_failure[0]}")
    silence_stdout()


class GuardedStdout:
    """Stands for ``sys.stdout`` while a command runs, so that text printed by typer and click
    themselves (``--help``) meets a closed pipe or a full disk as calmly as :func:`say`."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as exc:
            _stdout_failed(exc)
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            _stdout_failed(exc)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def guard_stdout() -> None:
    """Put :class:`GuardedStdout` in front of the process's stdout (idempotent)."""
    if not isinstance(sys.stdout, GuardedStdout):
        sys.stdout = GuardedStdout(sys.stdout)


def warn(text: str, *, multiline: bool = False) -> None:
    """Print a diagnostic on stderr, escaped; a stderr that cannot be written is ignored."""
    try:
        typer.echo(printable(text, multiline=multiline), err=True)
    except OSError:  # a closed terminal (SIGHUP) or a closed pipe: nobody to tell
        pass


def silence_stdout() -> None:
    """The reader of stdout has gone: send the rest of the output to the null device.

    The descriptor itself is redirected, so that what Python still holds in its buffer is
    flushed there at exit instead of failing again with a message on stderr.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.__stdout__.fileno() if sys.__stdout__ is not None else sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # not a real file: a test runner's buffer
        sys.stdout = open(os.devnull, "w", encoding="utf-8")
    finally:
        os.close(devnull)
