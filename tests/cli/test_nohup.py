"""A stop signal that was ignored when ``rules`` started stays ignored for the whole run:
``nohup rules simulate ... &`` (SIGHUP ignored) must outlive the terminal it was started from,
as docs/cli.md says.  Only the start-up handler (``cli.main``) kept to that; the command's own
stop (``cli.stopping.stop_signals``), the Ray backend's noting of the signals
(``interpreter.sim.noted``) and ``rules serve`` put their handlers over the ignored one, and a
``nohup`` run or room went down with the terminal (exit 129)."""

from __future__ import annotations

import json
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from clitools import signalled_at
from test_stopping import handlers_put_back  # noqa: F401 (the autouse fixture that puts pytest's handlers back)

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")

@pytest.mark.parametrize(("where", "args", "count"), [
    ("interpreter.sim.simulate:run_task", ["simulate", "schnapsen", "--deals", "300", "--json"], ("deals", 300)),
    ("interpreter.sim.arena:Arena._play_here", ["arena", "random", "greedy", "--deals", "40", "--json"], ("deals", 40)),
], ids=["simulate", "arena"])
def test_a_nohup_run_plays_on_through_sighup(tmp_path: Path, where: str, args: list[str], count: tuple[str, int]) -> None:
    """SIGHUP at every block (simulate) or deal (arena) of a run started with it ignored: the
    run finishes, exit 0, every deal counted -- where it stopped with 129 at the first."""
    proc = signalled_at(where, "SIGHUP", [*args, "--jobs", "1"], tmp_path, ignoring=("SIGHUP",))
    assert (proc.returncode, "SIGHUP" in proc.stderr) == (0, False), proc.stderr
    figures = json.loads(proc.stdout)
    key, deals = count
    assert figures[key] == deals and not figures.get("interrupted"), figures


@contextmanager
def ignoring(signum: int) -> Iterator[None]:
    previous = signal.signal(signum, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signum, previous)


def test_the_commands_stop_leaves_an_ignored_signal_ignored_and_takes_the_others() -> None:
    """In force, ``stop_signals`` leaves SIGHUP ignored where it was (and a SIGHUP sent is
    nothing), takes SIGTERM; the stop taken, SIGHUP is still ignored."""
    from cli.stopping import Stopped, stop_signals

    with ignoring(signal.SIGHUP):
        with pytest.raises(Stopped) as info, stop_signals():
            assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
            signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGHUP)
            signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGTERM)
            for _ in range(1000):  # the handler runs between two lines of Python
                pass
        assert info.value.signum == signal.SIGTERM
        assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN


def test_the_ray_backends_noting_leaves_an_ignored_signal_ignored() -> None:
    """``signals_noted`` (and its ``renew`` after ``ray.init``) notes SIGTERM but never puts
    its handler over SIGHUP ignored: a SIGHUP sent is not noted, SIGHUP stays ignored."""
    from interpreter.sim.noted import signals_noted

    with ignoring(signal.SIGHUP):
        with signals_noted() as noted:
            noted.renew()
            assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
            signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGHUP)
            for _ in range(1000):
                pass
            assert noted.signals == []
        assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN


def test_a_nohup_room_serves_on_through_sighup(tmp_path: Path) -> None:
    """``nohup rules serve``: SIGHUP is nothing to it (it still answers), SIGTERM stops it
    with 143 -- where SIGHUP stopped it with 129."""
    pytest.importorskip("websockets", reason="rules serve needs the serve extra")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "room"))
    from servetools import Server

    with ignoring(signal.SIGHUP):  # the server's process inherits it, as from nohup
        server = Server(tmp_path / "room")
    server.proc.send_signal(signal.SIGHUP)
    status, page = server.get("/")
    assert status == 200 and server.proc.poll() is None
    code, err = server.stop(signal.SIGTERM)
    assert code == 143 and "SIGHUP" not in err, (code, err)
