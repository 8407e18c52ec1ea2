"""The clock a time budget of the search is counted on: the CPU time of the searching thread.

A budget in seconds (``time_limit`` of :func:`~interpreter.search.ismcts.ismcts`,
:func:`~interpreter.search.pimc.pimc` and the :class:`~interpreter.search.solver.Solver`; the
``search:ms=N`` seat kind) is counted on :func:`cpu_clock`, the CPU time the calling thread
has used (``time.thread_time``), not on the wall clock: another program keeping the machine
busy, or other bots searching in other threads (a server running many tables), then take
nothing from a search's budget, which buys about as many iterations on a busy machine as on
an idle one (on the same machine; a faster one still searches more).  The wall time of a
decision is its CPU time plus whatever the machine did meanwhile.

Every function with a ``time_limit`` also takes a ``clock`` (seconds as a float, only its
differences matter), so that a test can drive the budget with a clock of its own, one that
advances a fixed step per reading, and know exactly how many iterations the budget allows.
A time budget stays a budget of time: it is not reproducible, whatever the clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["Clock", "cpu_clock"]

#: A clock: seconds as a float; only differences between its readings are used.
Clock = Callable[[], float]


def cpu_clock() -> float:
    """Seconds of CPU time the calling thread has used (``time.thread_time``)."""
    return time.thread_time()
