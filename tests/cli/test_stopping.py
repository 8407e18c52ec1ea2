"""The stop handler of the long commands (cli.stopping), called in this process: the first stop
signal is taken, every later one is dropped -- never ``SIG_IGN`` set under a signal that is
still waiting, which CPython reports as ``OSError: Signal N ignored due to race condition``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from cli import stopping
from cli.stopping import Stopped, ignore_stops, stop_signals

pytestmark = pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")

STOPS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def handlers_put_back() -> Iterator[None]:
    """A stop taken leaves the handlers in place to the end of the program: put pytest's back."""
    saved = {signum: signal.getsignal(signum) for signum in STOPS}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    yield
    signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    for signum, handler in saved.items():
        signal.signal(signum, handler)


@contextmanager
def unraisable() -> Iterator[list[str]]:
    """What CPython would print as "Exception ignored in ..." while the block runs (the
    race-condition ``OSError``).  Set inside the test, where pytest's own hook is in place."""
    seen: list[str] = []

    def hook(info: Any) -> None:
        seen.append(f"{info.exc_type.__name__}: {info.exc_value}")

    saved, sys.unraisablehook = sys.unraisablehook, hook
    try:
        yield seen
    finally:
        sys.unraisablehook = saved


def test_the_second_call_of_the_handler_is_dropped() -> None:
    with stop_signals():
        with pytest.raises(Stopped) as first:
            stopping._stop(signal.SIGTERM, None)
        stopping._stop(signal.SIGINT, None)  # returns: the stop is taken already
        stopping._stop(signal.SIGHUP, None)
    assert first.value.signum == signal.SIGTERM
    assert first.value.exit_status == 143


def test_after_ignore_stops_even_the_first_is_dropped() -> None:
    with stop_signals():
        ignore_stops()
        stopping._stop(signal.SIGINT, None)


def _pending(*signums: int) -> None:
    """Make ``signums`` wait together, then let them in at once (as two `kill`s sent before the
    program runs a line between them)."""
    signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
    for signum in signums:
        os.kill(os.getpid(), signum)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)


def handlers_still_waiting_run() -> None:
    """Run the handlers still waiting: after a handler raised, CPython runs the others at its
    next check for signals (as a system call does), here ``pthread_sigmask``'s."""
    signal.pthread_sigmask(signal.SIG_BLOCK, [])


#: Run in a process of its own: there the test's thread is the only one, so blocking the
#: signals in it holds them all back.  In a pytest-xdist worker other threads (execnet's) take
#: a signal at once, Python runs its handler between the two ``kill`` calls, and the first
#: sent is the one taken -- nothing arrives together there.
TOGETHER = """
import os, signal, sys
from cli import stopping
from cli.stopping import Stopped, stop_signals
STOPS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
ignored = []
sys.unraisablehook = lambda info: ignored.append(f"{info.exc_type.__name__}: {info.exc_value}")
taken = None
with stop_signals():
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
        for signum in map(int, sys.argv[1:]):
            os.kill(os.getpid(), signum)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)
    except Stopped as stop:
        taken = stop.signum
    signal.pthread_sigmask(signal.SIG_BLOCK, [])  # the handlers still waiting run here
print(int(taken) if taken is not None else None, ignored)
"""


@pytest.mark.parametrize("sent, said", [
    ((signal.SIGTERM, signal.SIGINT), signal.SIGINT),
    ((signal.SIGINT, signal.SIGTERM, signal.SIGHUP), signal.SIGHUP),
], ids=["TERM+INT", "INT+TERM+HUP"])
def test_signals_that_arrive_together_are_one_stop_the_lowest_numbered(sent: tuple[int, ...], said: int) -> None:
    out = subprocess.run([sys.executable, "-c", TOGETHER, *map(str, map(int, sent))],
                         capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split(" ", 1) == [str(int(said)), "[]\n"], out.stdout + out.stderr


def test_a_signal_waiting_while_stops_are_ignored_is_dropped_quietly() -> None:
    with unraisable() as ignored, stop_signals():
        with pytest.raises(Stopped):
            _pending(signal.SIGINT)
        ignore_stops()
        _pending(signal.SIGTERM, signal.SIGHUP)
        handlers_still_waiting_run()
    assert ignored == []
