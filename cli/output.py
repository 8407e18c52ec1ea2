"""Everything the commands print goes through here: escaped, and calm about a closed pipe.

:func:`say` prints a result on stdout and :func:`warn` a diagnostic on stderr, both through
:func:`~interpreter.core.printable.printable`, so that nothing read from a file or typed on
the command line reaches the terminal with its control characters raw.  When the reader of
stdout goes away (``rules describe x | head``), stdout is pointed at the null device and the
command carries on to its own end and exit status, with nothing on stderr -- ``rules run``
keeps playing and saves its record, ``rules validate`` still exits 2 for an invalid ruleset.
"""

from __future__ import annotations

import errno
import os
import sys
from typing import TYPE_CHECKING, Any, TextIO

import typer

from interpreter.core.fdio import write_all
from interpreter.core.printable import printable

if TYPE_CHECKING:
    from interpreter.rules.ruleset import Ruleset


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

    def __init__(self, stream: TextIO | _ClosedStream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        """Write ``text`` whole, or say once why it could not be (see :func:`_stdout_failed`).

        A stream with a descriptor of its own is written through it (:func:`~interpreter.core.fdio.write_all`), not
        through the stream's buffer: a buffered write cut short by a full disk or a file-size
        limit (``ulimit -f``) reports the bytes it wrote and raises nothing, and the text
        layer (which ``typer.echo`` writes to) drops that count -- the output was silently
        cut with exit status 0.  What others wrote to the stream before is flushed first, so
        the order holds."""
        try:
            stream = self._stream
            fd = None if isinstance(stream, _ClosedStream) else _descriptor(stream)
            if fd is None or isinstance(stream, _ClosedStream):
                stream.write(text)
            else:
                data = text.encode(stream.encoding or "utf-8", stream.errors or "strict")
                stream.flush()
                write_all(fd, data)
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


def _descriptor(stream: TextIO) -> int | None:
    """The descriptor ``stream`` writes to, or ``None``: a stream without one (a test runner's
    buffer), or a system whose text streams translate line breaks
    (``os.linesep`` is not ``\\n``), which only the stream itself does."""
    if os.linesep != "\n":  # pragma: no cover - Windows
        return None
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is both of the last two
        return None
    return fd if isinstance(fd, int) else None


class _ClosedStream:
    """What stands for a standard stream the program was started without (``>&-``): every
    write fails as a write to a closed descriptor does, so the first one is said once on
    stderr and the command ends with status 2, as for a full disk."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def _fill_closed_descriptors() -> list[int]:
    """Open the null device on each of descriptors 0, 1 and 2 that the process was started
    without, and return those descriptors.

    Without this, the first file the program opens (a record) would get descriptor 1 or 2, and
    whatever writes there -- a worker process, a library's stray print -- would write into it.
    """
    filled = []
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            opened = os.open(os.devnull, os.O_RDWR)  # the lowest free descriptor: this one
            if opened != fd:
                os.dup2(opened, fd)
                os.close(opened)
            filled.append(fd)
    return filled


def guard_stdout() -> None:
    """Make the standard streams safe to use (idempotent): a closed stdin reads as an empty
    one (a human seat meets the end of its input), a closed stderr swallows diagnostics, and
    stdout stands behind :class:`GuardedStdout` -- a closed pipe, a full disk or a closed
    stdout never end a command with a traceback."""
    filled = _fill_closed_descriptors()
    if 0 in filled or sys.stdin is None:
        sys.stdin = open(0, encoding="utf-8", errors="surrogateescape", closefd=False)
    if 2 in filled or sys.stderr is None:
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
    if 1 in filled or sys.stdout is None:
        sys.stdout = GuardedStdout(_ClosedStream())
    elif not isinstance(sys.stdout, GuardedStdout):
        # a character the stream's encoding lacks (an arrow, a suit, a title's letters, where
        # stdout is cp1252 as on Windows into a file or pipe) is written as its escape, as on
        # stderr, where it ended the command with a traceback (and before a record was written);
        # in JSON the escape reads back as the character itself
        reconfigure = getattr(sys.stdout, "reconfigure", None)
        if reconfigure is not None and getattr(sys.stdout, "errors", None) == "strict":
            try:
                reconfigure(errors="backslashreplace")
            except (OSError, ValueError):  # a stream that cannot be changed: written as it is
                pass
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


def unit_words(rs: Ruleset) -> str:
    """What a deal score counts: ``game points``, or ``units`` -- the one word the arena, the
    simulation and the analysis name it by."""
    return "game points" if rs.scoring.method == "game_points" else "units"
