"""Stop signals held back while a record is written, in a process of several threads.

The mask of :func:`~interpreter.play.recordfile.signals_held` holds a signal back from the main
thread only.  One sent to the process may go to another thread that does not block it --
Textual's input and writer threads in ``rules play``, a pool's -- whose C handler marks it for
the main thread, and CPython runs the Python handler there at the next line: inside the write.
So the program's handlers (``cli.stopping._stop``, the table's ``StopGuard``) ask
:func:`~interpreter.play.recordfile.held_back` first, and the signal is sent again when the
outermost held block ends.  Each test sends the signal to a helper thread that blocks nothing
(``signal.pthread_kill`` to its ident), as the system may do with one sent to the process.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import yaml

from cli.stopping import Stopped, stop_signals
from cli.table import stopping as table_stopping
from cli.table.stopping import StopGuard
from interpreter.play import recordfile
from interpreter.play.record import load_record
from interpreter.play.recordfile import RecordWriter, signals_held, signals_let_through
from interpreter.rules.loader import load_ruleset
from test_stopping import handlers_put_back  # noqa: F401 (the autouse fixture that puts pytest's handlers back)

pytestmark = pytest.mark.skipif(not hasattr(signal, "pthread_kill"), reason="POSIX threads and signals")

ROOT = Path(__file__).resolve().parents[2]



@pytest.fixture
def helper() -> Iterator[int]:
    """A thread that blocks no signal (started outside any held block, so it does not inherit
    the mask), waiting; its ident, for ``signal.pthread_kill``."""
    done = threading.Event()
    thread = threading.Thread(target=done.wait, name="helper", daemon=True)
    thread.start()
    assert thread.ident is not None
    yield thread.ident
    done.set()
    thread.join()


def until(arrived: Callable[[], bool]) -> None:
    """Run Python in the main thread until ``arrived()`` (the helper thread has taken the signal
    and the main thread run its handler), for at most ten seconds."""
    deadline = time.monotonic() + 10
    while not arrived():
        assert time.monotonic() < deadline, "the signal never reached the handler"
        time.sleep(0.001)


def kept(signum: int) -> Callable[[], bool]:
    """Whether ``held_back`` has kept ``signum`` for after the block."""
    return lambda: signum in recordfile._waiting


def test_a_stop_another_thread_takes_arrives_after_the_block(helper: int) -> None:
    happened: list[str] = []
    with stop_signals(), pytest.raises(Stopped) as stop:
        with signals_held():
            signal.pthread_kill(helper, signal.SIGTERM)
            until(kept(signal.SIGTERM))
            happened.append("the block ran to its end")
        happened.append("after the block")  # never: the stop arrives as the block ends
    assert happened == ["the block ran to its end"]
    assert stop.value.signum == signal.SIGTERM
    assert recordfile._waiting == set()


def test_in_nested_blocks_it_arrives_after_the_outermost(helper: int) -> None:
    happened: list[str] = []
    with stop_signals(), pytest.raises(Stopped):
        with signals_held():
            with signals_held():
                signal.pthread_kill(helper, signal.SIGINT)
                until(kept(signal.SIGINT))
            happened.append("the inner block ended")
        happened.append("after the outer block")
    assert happened == ["the inner block ended"]


def test_signals_that_came_together_are_one_stop_the_lowest_numbered(helper: int) -> None:
    """As with a mask: SIGTERM (15) and SIGINT (2) held together are said as SIGINT; the other
    one is dropped (the stop is taken already), and nothing is left waiting."""
    with stop_signals(), pytest.raises(Stopped) as stop:
        with signals_held():
            signal.pthread_kill(helper, signal.SIGTERM)
            until(kept(signal.SIGTERM))
            signal.pthread_kill(helper, signal.SIGINT)
            until(kept(signal.SIGINT))
    assert stop.value.signum == signal.SIGINT
    assert recordfile._waiting == set()


def test_one_held_arrives_as_a_let_through_block_starts(helper: int) -> None:
    happened: list[str] = []
    with stop_signals(), signals_held():
        signal.pthread_kill(helper, signal.SIGTERM)
        until(kept(signal.SIGTERM))
        happened.append("held")
        with pytest.raises(Stopped):
            with signals_let_through():
                happened.append("let through")  # never: it arrives as the block starts
        assert recordfile._depth == 1  # held again after the block that let it through
        assert signal.SIGTERM in signal.pthread_sigmask(signal.SIG_BLOCK, [])
    assert happened == ["held"]


def test_the_tables_second_stop_waits_for_the_write(helper: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's guard ends the process on a second stop signal (``os._exit``): during a
    record write, not before the write is done."""
    exits: list[int] = []
    monkeypatch.setattr(table_stopping.os, "_exit", exits.append)
    guard = StopGuard(on_stop=lambda signum: None, call_soon=lambda call: call())
    signal.signal(signal.SIGTERM, guard._handle)
    guard._handle(signal.SIGTERM, None)  # the first stop: the app is asked to exit
    with signals_held():
        signal.pthread_kill(helper, signal.SIGTERM)
        until(lambda: bool(exits) or signal.SIGTERM in recordfile._waiting)
        assert exits == []
    assert exits == [128 + signal.SIGTERM]


def test_a_stop_as_a_deal_ends_keeps_it_once(tmp_path: Path, helper: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The deal passes from "in play" to "finished" whole (cf. test_record_writers): a SIGTERM
    that another thread takes the moment the deal is spooled stops the run after it, and the
    record saved holds each deal once (seeds 11, 22)."""
    path = tmp_path / "r.yaml"
    w = RecordWriter(load_ruleset("schnapsen"), seed=5, players=["random", "random"], path=path)
    w.begin_deal(0, 11)  # no moves: the writer does not check them
    w.end_deal()
    spooled = RecordWriter._spooled

    def then_stop(self: RecordWriter, entry: bytes) -> None:
        spooled(self, entry)
        signal.pthread_kill(helper, signal.SIGTERM)
        until(kept(signal.SIGTERM))

    with stop_signals():
        monkeypatch.setattr(RecordWriter, "_spooled", then_stop)
        w.begin_deal(1, 22)
        with pytest.raises(Stopped):
            w.end_deal()
        monkeypatch.setattr(RecordWriter, "_spooled", spooled)
    assert w.save() == path
    load_record(path)  # as rules replay reads it
    assert [deal["seed"] for deal in yaml.safe_load(path.read_text(encoding="utf-8"))["deals"]] == [11, 22]


FORKED = """
import os
from interpreter.play import recordfile
with recordfile.signals_held():
    pid = os.fork()
    if pid == 0:
        os._exit(10 + recordfile._depth)
    _, status = os.waitpid(pid, 0)
print(os.waitstatus_to_exitcode(status))
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork")
def test_a_child_forked_in_a_held_block_holds_nothing_itself() -> None:
    """A worker started inside a held block (``rules simulate`` starts its workers so) is not
    inside it: a handler of its own would otherwise keep every stop signal for ever."""
    out = subprocess.run([sys.executable, "-c", FORKED], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert (out.returncode, out.stdout) == (0, "10\n"), out.stderr
