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

import typer

from interpreter.core.printable import printable


def say(text: str = "", *, multiline: bool = False, nl: bool = True) -> bool:
    """Print ``text`` on stdout, escaped (``multiline`` keeps line breaks and tabs).

    Returns ``False`` if the reader has gone (stdout is silenced from then on).
    """
    try:
        typer.echo(printable(text, multiline=multiline), nl=nl)
    except BrokenPipeError:
        silence_stdout()
        return False
    return True


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
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # not a real file: a test runner's buffer
        sys.stdout = open(os.devnull, "w", encoding="utf-8")
    finally:
        os.close(devnull)
