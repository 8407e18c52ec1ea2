"""Stop signals noted while Ray's own code runs, and handed to the program's handlers after it.

The Ray backend (:func:`~interpreter.sim.simulate.ray_results`) spends its time inside Ray's
compiled code: ``ray.init``, ``ray.wait``, ``ray.get``.  A Python signal handler that raises
there -- as ``rules simulate``'s does (:class:`cli.stopping.Stopped`) -- is run by Ray's own
signal check, which expects nothing but ``KeyboardInterrupt``: anything else comes out as
``SystemError: ... returned a result with an exception set`` and a traceback, with the
figures of the finished blocks lost.  And ``ray.init`` puts in a SIGTERM handler of its own
(``sys.exit(15)``, or a drain and ``sys.exit(1)`` for the instance it starts) plus a C-level
one that prints a stack dump: SIGTERM then ended the command with status 15 and no figures.

So while Ray runs, :func:`signals_noted` only notes the stop signals; on the way out it puts
the handlers that were there back and raises the first signal noted again
(:func:`signal.raise_signal`), so that the program's own handler runs -- in Python code, at a
point where its exception unwinds cleanly.  The caller looks at what was noted between two
calls into Ray, to stop waiting.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, Union

from interpreter.play.recordfile import STOP_SIGNALS

Handler = Union[Callable[[int, Union[FrameType, None]], Any], int, signal.Handlers, None]


class Noted:
    """The stop signals that came while :func:`signals_noted` was in force, in their order."""

    def __init__(self, main: bool) -> None:
        self.signals: list[int] = []
        self._main = main
        self._left: frozenset[int] = frozenset()  # ignored when the block began (nohup): left so

    def _note(self, signum: int, frame: FrameType | None) -> None:
        self.signals.append(signum)

    def renew(self) -> None:
        """Set the noting handler again for every stop signal: ``ray.init`` replaces SIGTERM's
        (at the C level too).  A signal ignored when the block began (``nohup`` ignores SIGHUP)
        stays ignored: the operator asked for it.  Outside the main thread, nothing."""
        if self._main:
            for signum in STOP_SIGNALS:
                if signum not in self._left:
                    signal.signal(signum, self._note)


@contextmanager
def signals_noted() -> Iterator[Noted]:
    """While the block runs, the stop signals are noted (nothing else happens); afterwards the
    previous handlers are back, and the first signal noted is raised again for them.  Outside
    the main thread (where handlers cannot be set) nothing changes and nothing is noted."""
    noted = Noted(threading.current_thread() is threading.main_thread())
    if not noted._main:
        yield noted
        return
    previous: dict[int, Handler] = {signum: signal.getsignal(signum) for signum in STOP_SIGNALS}
    noted._left = frozenset(signum for signum, handler in previous.items() if handler is signal.SIG_IGN)
    noted.renew()
    try:
        yield noted
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)
        if noted.signals:
            signal.raise_signal(noted.signals[0])
