"""How a match is stopped from outside: Ctrl-C, a killed job (SIGTERM), a closed terminal (SIGHUP).

While :func:`stop_signals` is in force, each of these signals raises :class:`Stopped` where
the program is -- between two bot moves, or in the middle of waiting for a person's entry --
so ``rules run`` can save the record and exit with ``128 + signal`` (130 for Ctrl-C).  From
the first signal on, the others are ignored: a second Ctrl-C while the record is saved must
not cut the save short.  Writes of the record hold the signals back themselves
(:func:`interpreter.play.recordfile.signals_held`), so a signal never lands inside one.
"""

from __future__ import annotations

import atexit
import signal
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import Union

from interpreter.core.errors import RulesError
from interpreter.play.recordfile import STOP_SIGNALS, held_back, signals_held, signals_let_through


class Stopped(BaseException):
    """A stop signal arrived (a ``BaseException``, like ``KeyboardInterrupt``, so no ``except
    Exception`` on the way swallows it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def exit_status(self) -> int:
        """The shell's convention: 128 + the signal's number."""
        return 128 + self.signum

    @property
    def why(self) -> str:
        """How the stop is reported: ``game interrupted`` for Ctrl-C, else the signal's name."""
        return self.said("game")

    def said(self, what: str) -> str:
        """``WHAT interrupted`` for Ctrl-C, else ``WHAT stopped by SIGNAME``."""
        if self.signum == signal.SIGINT:
            return f"{what} interrupted"
        return f"{what} stopped by {signal.Signals(self.signum).name}"


@dataclass(frozen=True)
class Failed:
    """An error that ended a long run in play -- a seat's bot that failed
    (:class:`~interpreter.core.errors.BotError`), a scoring formula -- after part of it had
    finished.  ``rules arena``, ``tournament``, ``simulate`` and ``compare`` keep what finished
    as they do for a stop: they print its figures, then the error, and exit with status 2."""

    error: RulesError


#: How a long run ended before its end: a stop signal, or an error in play.
Halt = Union[Stopped, Failed]


def cut_short(halt: Halt) -> str:
    """How the report of a long run says why its figures are partial: ``stopped by an error``
    (the error itself follows on stderr, located), ``interrupted`` for Ctrl-C, ``stopped by
    SIGTERM`` for another signal.  An error is never called an interruption: nobody
    interrupted the run, and rerunning it will stop at the same place."""
    if isinstance(halt, Failed):
        return "stopped by an error"
    return "interrupted" if halt.signum == signal.SIGINT else halt.said("").strip()


def error_of(halt: Halt | None) -> str | None:
    """The ``"error"`` of a long run's ``--json`` beside ``"interrupted"``: ``None`` when no
    error ended it (it finished, or a signal stopped it), else the error's line as stderr says
    it (:func:`cli.errors.error_line`).  ``"interrupted"`` alone is true for both ends, so a
    script could not tell a Ctrl-C (rerun it) from a failing bot (fix it)."""
    from cli.errors import error_line

    return error_line(halt.error) if isinstance(halt, Failed) else None


def ignore_stops() -> None:
    """Ignore the stop signals from now until :func:`stop_signals` ends (to the end of the
    program once a stop came): what runs now (saving the record, the last lines) must run to
    its end.  The handler stays a Python function that drops them (:func:`_stop`), never
    ``SIG_IGN``: CPython runs a signal's handler after the signal arrived, between two lines of
    Python, and one that finds ``SIG_IGN`` there prints ``OSError: Signal 15 ignored due to race
    condition`` with a traceback -- which is what two signals sent together did when the first
    one's handler set ``SIG_IGN`` for the second."""
    global _dropping
    if threading.current_thread() is not threading.main_thread():
        return
    _dropping = True
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) not in (_stop, signal.SIG_IGN):
            signal.signal(signum, _stop)
    _ignored_at_exit()


_taken = False  # whether a stop signal was taken (raised) while stop_signals() was in force
_dropping = False  # whether ignore_stops() was called since: every stop signal is dropped


def _stop(signum: int, frame: FrameType | None) -> None:
    """The handler of the stop signals: the first one raises :class:`Stopped`, every later one
    (or any, after :func:`ignore_stops`) is dropped.

    "First" is the first whose handler runs.  Signals that arrive together -- before the
    program has run a line of Python between them, as ``kill -TERM $p; kill -INT $p`` mostly
    does -- are handled in the order of their numbers (the system delivers them so, and CPython
    runs waiting handlers so): SIGHUP (1), then SIGINT (2), then SIGTERM (15), and the
    lowest-numbered one is the stop said.  Nothing inside the program can tell which of them
    was sent first.

    One that comes while a record is written (:func:`~interpreter.play.recordfile.held_back`)
    waits for the write to end, whichever thread the system gave it to."""
    global _taken
    if _taken or _dropping or held_back(signum):
        return
    _taken = True
    raise Stopped(signum)


@contextmanager
def stop_signals() -> Iterator[None]:
    """While the block runs, a stop signal raises :class:`Stopped` (once: the first, see
    :func:`_stop`).  Afterwards the handlers that were in place come back -- unless a stop
    signal came: then the program is on its way out, and more of them stay ignored to the
    end.  A signal ignored as the block begins stays ignored (``nohup`` ignores SIGHUP: a run
    started so must outlive the terminal; docs/cli.md).  Outside the main thread nothing
    changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    global _taken, _dropping
    previous = {signum: signal.getsignal(signum) for signum in STOP_SIGNALS}
    _taken = _dropping = False
    for signum in STOP_SIGNALS:
        if previous[signum] is not signal.SIG_IGN:  # ignored (nohup, a script's `cmd &`): left so
            signal.signal(signum, _stop)
    try:
        yield
    finally:
        if not _taken:
            for signum, handler in previous.items():
                signal.signal(signum, handler if handler is not None else signal.SIG_DFL)
        else:
            _ignored_at_exit()


def _ignored_at_exit() -> None:
    """From the program's last moment the stop signals are ``SIG_IGN`` (registered once).

    CPython puts ``SIG_DFL`` back for every signal with a Python handler as it shuts down, so a
    stop that came then would end the program with its own status instead of the one said;
    ``SIG_IGN`` is set with the signals held back, which runs those already waiting first (they
    are dropped), so none finds ``SIG_IGN`` waiting for it."""
    global _exit_registered
    if not _exit_registered:
        _exit_registered = True
        atexit.register(_ignore_for_good)


_exit_registered = False


def _ignore_for_good() -> None:
    """At exit: ``SIG_IGN`` for the stop signals, if they are still dropped by :func:`_stop`."""
    if not (_taken or _dropping) or threading.current_thread() is not threading.main_thread():
        return
    if any(signal.getsignal(signum) not in (_stop, signal.SIG_IGN) for signum in STOP_SIGNALS):
        return  # in-process callers (tests) put their handlers back: theirs stay
    with signals_held():
        for signum in STOP_SIGNALS:
            signal.signal(signum, signal.SIG_IGN)


def stops_let_through() -> AbstractContextManager[None]:
    """Inside a block that holds the stop signals back
    (:func:`~interpreter.play.recordfile.signals_held`), let them through while this one runs:
    one that came meanwhile arrives as it starts.  ``rules validate --deep`` holds them for the
    whole run and lets them through only while deals are played, so a stop never lands in
    the middle of a verdict being printed, and is always said as the deals it cut short."""
    return signals_let_through()


@contextmanager
def stops_from_the_start() -> Iterator[None]:
    """:func:`stop_signals` for a whole long run (``rules simulate``, ``rules compare``), from
    the command's first line: SIGTERM and SIGHUP are said and give 128 + the signal from then
    on, as Ctrl-C is, where they killed the process without a word until the run itself began
    (checking the arguments and loading the rulesets take a good part of a second).

    A :class:`Stopped` that leaves the block -- raised before the run began, or raised again
    by the command when no block had finished -- is one line on stderr and its exit status:
    there are no figures, so nothing is printed on stdout and no file is written.  That is
    the end whatever the moment the signal came, as long as nothing had finished."""
    import typer

    from cli.output import warn

    with stop_signals():
        try:
            yield
        except Stopped as stop:
            ignore_stops()
            warn(f"{cut_short(stop)} before any deal finished: no figures, nothing written")
            raise typer.Exit(stop.exit_status) from None
