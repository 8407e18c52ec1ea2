"""The table stopped from outside (SIGTERM, SIGHUP, SIGINT): a bounded way out.

A stop signal ends the table as ``q`` does: the app exits, the record is saved when the app
unmounts, and ``rules play`` says where it is and exits with 128 + the signal.  But after the
record is saved Textual still gives the terminal back, and where the terminal has just gone
(its window closed: SIGHUP) that can block for ever -- its writer thread's queue full, the tty
gone, ``WriterThread.stop`` waiting in ``Queue.put``.  A signal handled by the event loop
(``loop.add_signal_handler``) is then never handled at all, since the loop is the thing that
blocks, so a SIGTERM did not end the process either.

:class:`StopGuard` is what keeps that bounded:

* its handlers are plain Python signal handlers, which run in the main thread even while it
  waits on a lock (a lock's wait is interrupted by a signal on POSIX), not loop callbacks;
* the first stop signal asks the app to exit (through the loop, ``call_soon_threadsafe``) and
  wakes a watchdog thread: once the record is saved (:meth:`saved`; at most
  :data:`SAVE_WAIT` seconds), the app has :data:`GRACE` seconds to finish (:meth:`finished`)
  before the watchdog ends the process with ``os._exit(128 + signal)``;
* a second stop signal ends the process at once, with 128 + that signal.

* a stop signal wakes the event loop whichever thread takes it: a signal sent to the process
  (a terminal's SIGHUP) goes to any thread that does not block it -- Textual's input and writer
  threads too, and only those while a record write holds it back in the main thread -- and
  there its C handler only marks it pending for the main thread, which, idle in the loop's
  wait, ran no Python to handle it: ``rules play`` stayed for good after its window closed,
  once in eight tries under load.  The guard gives the signal module a wakeup file
  (``signal.set_wakeup_fd``, as ``loop.add_signal_handler`` does) that a thread of its own
  reads, waking the loop through ``call_soon``.

A record write holds the stop signals back until it is done
(:func:`interpreter.play.recordfile.signals_held`) -- the guard's handler asks
:func:`~interpreter.play.recordfile.held_back` first, since a signal that one of Textual's
threads took is handled in the main thread all the same, inside the write -- and writes are
atomic, so neither way out (nor a second signal's ``os._exit``) cuts a record in half.  The watchdog thread is started with the guard, never from a signal
handler (starting a thread takes locks the interrupted code may hold).
"""

from __future__ import annotations

import os
import signal
import socket
import threading
from collections.abc import Callable
from types import FrameType

from interpreter.play.recordfile import STOP_SIGNALS, held_back

#: Seconds the app has to finish once the record is saved, after a stop signal.
GRACE = 2.0
#: Seconds the watchdog waits for the record to be saved (a save takes milliseconds; a slow
#: disk may take longer, a shutdown that hangs before it never ends).
SAVE_WAIT = 10.0

Handler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None


class StopGuard:
    """Stop signals for the table: the first one handed to ``on_stop`` (in the event loop's
    thread, through ``call_soon``), the shutdown after it bounded, a second one final."""

    def __init__(self, on_stop: Callable[[int], object], call_soon: Callable[[Callable[[], object]], object],
                 grace: float = GRACE, save_wait: float = SAVE_WAIT) -> None:
        self.on_stop = on_stop
        self.call_soon = call_soon
        self.grace = grace
        self.save_wait = save_wait
        self.status: int | None = None  # 128 + the first stop signal, once one came
        self._wake = threading.Event()  # a stop signal came, or the app finished
        self._saved = threading.Event()
        self._finished = threading.Event()
        self._previous: dict[int, Handler] = {}
        self._watchdog = threading.Thread(target=self._watch, name="rules-stop-watchdog", daemon=True)
        self._wakeup: tuple[socket.socket, socket.socket] | None = None  # (read, write) of the signals' wakeup file
        self._previous_wakeup = -1

    def install(self) -> bool:
        """Handle the stop signals (only the main thread may); ``False`` where they cannot be."""
        if threading.current_thread() is not threading.main_thread():
            return False
        try:
            for signum in STOP_SIGNALS:
                self._previous[signum] = signal.signal(signum, self._handle)
        except (ValueError, OSError):  # no such signals here
            self.uninstall()
            return False
        self._watchdog.start()
        self._wake_loop_on_signals()
        return True

    def _wake_loop_on_signals(self) -> None:
        """Have every signal, in whichever thread it comes, wake the event loop (see the
        module docstring): the signal module writes to a socket a thread of the guard reads."""
        try:
            read, write = socket.socketpair()
        except OSError:  # no sockets: the loop wakes as it did
            return
        write.setblocking(False)  # a full buffer drops a byte, never blocks a signal handler
        self._previous_wakeup = signal.set_wakeup_fd(write.fileno(), warn_on_full_buffer=False)
        self._wakeup = (read, write)
        threading.Thread(target=self._wake_loop, args=(read,), name="rules-signal-waker", daemon=True).start()

    def _wake_loop(self, read: socket.socket) -> None:
        while True:
            try:
                if not read.recv(64):  # the write end closed: uninstalled
                    break
            except OSError:
                break
            try:
                self.call_soon(lambda: None)  # the loop runs Python again: the pending handler runs
            except RuntimeError:  # the loop is closed already
                pass
        read.close()

    def uninstall(self) -> None:
        """The handlers there were before :meth:`install`, back (and the wakeup file)."""
        for signum, previous in self._previous.items():
            signal.signal(signum, previous if previous is not None else signal.SIG_DFL)
        self._previous.clear()
        if self._wakeup is not None:
            write = self._wakeup[1]
            try:
                current = signal.set_wakeup_fd(-1)
                # the file before ours, back -- unless another took ours over since (an event
                # loop's add_signal_handler); one gone meanwhile (its loop closed) stays unset
                signal.set_wakeup_fd(self._previous_wakeup if current == write.fileno() else current)
            except (ValueError, OSError):
                pass
            write.close()  # the waker's recv answers b"": it ends and closes its end
            self._wakeup = None

    def saved(self) -> None:
        """The record is saved: from now on the shutdown is bounded."""
        self._saved.set()

    def finished(self) -> None:
        """The app is done (its terminal given back): the watchdog has nothing left to guard."""
        self._finished.set()
        self._wake.set()

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if held_back(signum):  # a record write in the main thread: the signal comes after it, never cuts it
            return
        if self.status is not None:  # the second stop signal: whatever the app is stuck in
            os._exit(128 + signum)
        self.status = 128 + signum
        self._wake.set()
        try:
            self.call_soon(lambda: self.on_stop(signum))
        except RuntimeError:  # the loop is closed already: the app has exited
            pass

    def _watch(self) -> None:
        self._wake.wait()
        if self.status is None:  # finished without a stop signal
            return
        self._saved.wait(self.save_wait)
        if not self._finished.wait(self.grace):
            os._exit(self.status)
