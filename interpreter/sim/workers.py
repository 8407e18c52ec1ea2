"""Tasks spread over worker processes, where a worker that fails in any way ends the run at once.

What ``rules arena``, ``rules tournament``, ``rules simulate`` and ``rules compare`` play in
with ``--jobs`` above 1.  It stands where :class:`multiprocessing.pool.Pool` stood, which waits
for ever when a worker fails in a way it does not expect:

- an exception that pickle cannot rebuild in the parent (a class whose ``__init__`` wants other
  arguments than its ``args``, as :class:`~interpreter.core.errors.ErrorList` did) kills the
  pool's result thread, and the parent waits for a result that never comes;
- a worker that dies (the out-of-memory killer's SIGKILL, ``os._exit`` in a policy's code)
  takes its task with it; the pool starts another worker and waits for the lost result;
- stopping the pool (``terminate()``) takes the read lock of the task queue that all workers
  share, and an idle worker holds that lock while it waits for a task: killed there (SIGTERM
  to the whole process group, as ``timeout`` and service managers send it), it holds it for ever.

Here each worker has a pipe of its own, and nothing else is shared: the parent hands a worker
one task at a time and waits on every pipe and every worker's end together
(:func:`multiprocessing.connection.wait`).  A worker answers with its result -- or, for a task
cut into parts (:func:`each_in_processes`), with every part as soon as it is made, then the
task's end -- or with the
exception its task raised -- the exception itself when pickle rebuilds it (with its
``__cause__``, what a bot raised, when that travels too), else a
:class:`WorkerError` that says its kind, where it was raised and its message -- and a worker
that ends without answering is a :class:`WorkerDied`.  Either is raised in the parent, which
then stops every worker; so does closing the generator (Ctrl-C), at once: SIGTERM, then
SIGKILL for a worker that lingers.  A task's parts that were sent before that are the caller's,
so a stop loses only the part in the making.  Nothing here depends on the order the answers
arrive in: the callers key every result by what it is the result of, and the failure raised is
the one a single process going through the tasks in their order would have met first
(:func:`_spread`), not whichever worker happened to fail first.
"""

from __future__ import annotations

import os
import pickle
import signal
import traceback
from collections.abc import Callable, Generator, Iterable, Sequence
from multiprocessing import util
from multiprocessing.connection import Connection, wait
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from interpreter.core.errors import RulesError
from interpreter.play.bots.authors import shown
from interpreter.play.recordfile import STOP_SIGNALS, signals_held

__all__ = ["WorkerDied", "WorkerError", "each_in_processes", "in_processes"]

_T = TypeVar("_T")
_R = TypeVar("_R")

#: Seconds a worker is given to end after SIGTERM before it is killed.
GRACE = 5.0
#: Seconds between two looks of an idle worker at whether its parent is still there.
PARENT_CHECK = 1.0

#: The kinds of a worker's answer (the first item of the tuple it sends): a part of its task
#: (more follow), the end of its task (with the task's result, if it is not cut into parts),
#: a failure.
_PART, _DONE, _FAILED = "part", "done", "failed"


class WorkerError(RulesError):
    """A worker process failed in a way that cannot be told here as its own exception: it
    raised one that pickle cannot rebuild in this process, or one that is no ``Exception``
    (``SystemExit`` from a plain bot's code, ``KeyboardInterrupt``; a policy seat's
    ``SystemExit`` is its :class:`~interpreter.core.errors.BotError` already).  The message names its kind,
    where it was raised and what it said.  A :class:`~interpreter.core.errors.RulesError`, so
    the commands stop on it as on a bot that fails: the figures of what finished, one line, exit
    status 2."""


class WorkerDied(WorkerError):
    """A worker process ended without an answer: killed (the out-of-memory killer sends SIGKILL)
    or exited (``os._exit`` in a policy's code) in the middle of its task."""


class RemoteTraceback(Exception):
    """The traceback of an exception as the worker saw it, chained to the exception raised here
    (``raise ... from``), so a defect in a worker shows where it happened."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def available_cores() -> int:
    """The CPUs this process may run on (the default number of jobs, and their most)."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        return max(1, len(affinity(0)))
    return max(1, os.cpu_count() or 1)


def worker_count(jobs: int) -> int:
    """How many worker processes ``jobs`` asks for, capped at the CPUs of this machine
    (:func:`available_cores`): more would only share the same CPUs, each one a whole
    interpreter in memory -- ``--jobs 1000000`` must not start a process per chunk of deals.
    The figures do not depend on it (every deal is seeded by its own index), but for a bot with
    a time budget, whose moves depend on the machine and its load anyway."""
    return max(1, min(jobs, available_cores()))


def in_processes(
    work: Callable[[_T], _R], tasks: Sequence[_T], jobs: int, context: BaseContext, *,
    initializer: Callable[..., object] | None = None, initargs: tuple[Any, ...] = (),
) -> Generator[_R, None, None]:
    """``work(task)`` for every task, in ``min(jobs, len(tasks))`` worker processes (at most
    one per CPU: :func:`worker_count`) of
    ``context`` (each runs ``initializer(*initargs)`` first), yielded as they finish.

    ``work`` and ``initializer`` must be module-level functions (a spawned worker imports
    them).  A failure -- an exception in ``work`` or ``initializer``, a worker that dies -- is
    raised here (see the module docstring): that of the earliest task that failed, after the
    tasks before it have finished (each may fail first), as one process would meet it; the
    workers on later tasks are stopped then, as they are at once when the generator is closed;
    results yielded before it are the caller's to keep.
    """
    yield from _spread(work, tasks, jobs, context, initializer, initargs, None)


def each_in_processes(
    work: Callable[[_T], Iterable[_R]], tasks: Sequence[_T], jobs: int, context: BaseContext, *,
    initializer: Callable[..., object] | None = None, initargs: tuple[Any, ...] = (),
    leftover: Callable[[_R], object] | None = None,
) -> Generator[_R, None, None]:
    """As :func:`in_processes`, for a ``work`` that yields its task's results one by one (a
    generator function): each is sent, and yielded here, as soon as it is made.  Why: a stop
    (closing this generator) ends the workers in the middle of their tasks, and what a task
    had made by then is kept -- the deals of a chunk that finished, where a task answered
    whole lost them all.  The results sent but not yet read when the run ends early (a stop,
    a failure) are handed to ``leftover``, before the workers are stopped."""
    yield from _spread(work, tasks, jobs, context, initializer, initargs, leftover if leftover is not None else _drop)


def _drop(result: object) -> None:
    """The ``leftover`` of a caller that has none: results sent too late are dropped."""


def _spread(
    work: Callable[[Any], Any], tasks: Sequence[Any], jobs: int, context: BaseContext,
    initializer: Callable[..., object] | None, initargs: tuple[Any, ...], leftover: Callable[[Any], object] | None,
) -> Generator[Any, None, None]:
    """The loop of :func:`in_processes` (no ``leftover``: one result per task) and
    :func:`each_in_processes` (every part of a task, as it comes; those sent but not read
    when the run ends early go to ``leftover``).

    Once a task has failed no task is handed out any more, and the run waits only for the
    workers on earlier tasks: the failure raised is the earliest task's, whichever worker failed
    first -- the same, with its figures of every task before it, for any number of workers."""
    each = leftover is not None
    todo = list(reversed(range(len(tasks))))  # popped from the end: the tasks go out in their order
    workers: list[_Worker] = []
    failed: tuple[int, Exception] | None = None  # the earliest task that failed so far, and how
    try:
        for _ in range(min(worker_count(jobs), len(tasks))):
            workers.append(_Worker(context, work, initializer, initargs, each))  # listed before it starts: stopped whatever happens
            workers[-1].launch()
        for worker in workers:
            worker.hand(todo.pop() if todo else None, tasks)
        while True:
            busy = [worker for worker in workers if worker.busy and (failed is None or worker.task < failed[0])]
            if not busy:
                break
            ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy]))
            for worker in busy:
                if worker.conn not in ready and worker.process.sentinel not in ready:
                    continue
                try:
                    done, result = worker.answer()
                except Exception as exc:  # its task failed: earlier tasks may still fail first
                    if failed is None or worker.task < failed[0]:
                        failed = (worker.task, exc)
                    worker.hand(None, tasks)
                    continue
                if done:
                    worker.hand(todo.pop() if todo and failed is None else None, tasks)
                if not (done and each):  # a task in parts ends with no result of its own
                    yield result
        if failed is not None:
            raise failed[1]
    finally:
        if leftover is not None:
            _read_sent(workers, leftover)
        _stop(workers)


def _read_sent(workers: list[_Worker], leftover: Callable[[Any], object]) -> None:
    """Hand the parts the workers have sent and this process not read yet to ``leftover``,
    without waiting for more: what finished before the run ended is kept, however quickly
    the stop followed it."""
    for worker in workers:
        while worker.busy and worker.conn.poll():
            try:
                kind, payload, _ = worker.read()
            except Exception:  # EOFError, an answer that cannot be read: nothing more from it
                break
            if kind != _PART:
                break
            leftover(payload)


class _Worker:
    """One worker process, its end of the pipe, and whether it has a task."""

    def __init__(
        self, context: BaseContext, work: Callable[[Any], Any], initializer: Callable[..., object] | None, initargs: tuple[Any, ...],
        each: bool,
    ) -> None:
        self.conn, self.theirs = context.Pipe()
        # A forked worker inherits this process's end of its own pipe (and of the pipes of the
        # workers started before it): while it holds one, that pipe never reads as closed, and a
        # worker whose parent was killed (SIGKILL, nothing to stop it) would wait in recv() for
        # ever.  Each forked worker closes them as it starts (spawned ones never had them).
        util.register_after_fork(self, _Worker._close_parent_end)
        self.process: BaseProcess = context.Process(  # type: ignore[attr-defined]
            target=_serve, args=(self.theirs, work, initializer, initargs, each), daemon=True,
        )
        self.started = False
        self.busy = False
        self.task = -1  # the index of the task it is busy with

    def _close_parent_end(self) -> None:
        """In a worker just forked: close the parent's end of this worker's pipe."""
        self.conn.close()

    def launch(self) -> None:
        """Start the worker.  The stop signals are held back while it starts, so that none
        reaches it before it ignores them (a forked worker has this process's handlers until
        then); one that came meanwhile arrives here right after."""
        try:
            with signals_held():
                self.process.start()
                self.started = True
        finally:
            self.theirs.close()  # the worker's end, here: the pipe reads as closed once the worker is gone

    def hand(self, index: int | None, tasks: Sequence[object]) -> None:
        """Send the worker the task ``tasks[index]``, or ``None`` (no task left: it ends)."""
        try:
            self.conn.send(tasks[index] if index is not None else None)
        except OSError:  # it died already: said when its end is seen
            pass
        self.busy = index is not None
        self.task = index if index is not None else -1

    def answer(self) -> tuple[bool, Any]:
        """The worker's next answer: whether its task is done, and the task's result or part;
        its failure, or its end, raised."""
        try:
            kind, payload, remote = self.read() if self.conn.poll() else _died(self)
        except (EOFError, OSError):
            kind, payload, remote = _died(self)
        except Exception as exc:  # the answer cannot be unpickled here
            raise WorkerError(f"the answer of a worker process cannot be read here: {_kind_and_text(exc)}") from None
        if kind != _FAILED:
            return kind == _DONE, payload
        error, cause = payload
        if remote and not isinstance(cause, RemoteTraceback):
            error.add_note(f"raised in a worker process:\n{remote}")  # for whoever prints its traceback
        raise error from cause


    def read(self) -> tuple[str, Any, str | None]:
        """Read one answer whole, the stop signals held back meanwhile: a stop between the
        reads of its length and of its body would leave the pipe in the middle of it, and the
        answers sent before the stop could not be read any more (:func:`_read_sent`)."""
        with signals_held():
            answer: tuple[str, Any, str | None] = self.conn.recv()
        return answer


def _died(worker: _Worker) -> tuple[str, tuple[BaseException, None], None]:
    """The failure of a worker that ended without answering, as its answer would carry it."""
    worker.process.join(GRACE)
    code = worker.process.exitcode
    if code is None:
        how = "its end of the pipe closed"
    elif code < 0:
        how = f"killed by {_signal_name(-code)}"
    else:
        how = f"exit status {code}"
    return _FAILED, (WorkerDied(f"a worker process died while it played ({how})"), None), None


def _signal_name(signum: int) -> str:
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


def _stop(workers: list[_Worker]) -> None:
    """End every worker at once (SIGTERM; SIGKILL after :data:`GRACE` seconds) and close the pipes."""
    started = [worker for worker in workers if worker.started]
    for worker in started:
        if worker.process.exitcode is None:
            worker.process.terminate()
    for worker in started:
        worker.process.join(GRACE)
        if worker.process.exitcode is None:
            worker.process.kill()
            worker.process.join()
    for worker in workers:
        worker.conn.close()
        worker.theirs.close()
        worker.process.close()


# ----------------------------------------------------------------------------- in the worker


def _serve(
    conn: Connection, work: Callable[[Any], Any], initializer: Callable[..., object] | None, initargs: tuple[Any, ...], each: bool,
) -> None:
    """A worker's life: ignore the stops (the parent ends the workers itself), set up, then
    answer each task (:func:`_answer`) until the parent sends ``None`` or goes away (its end
    of the pipe closes; or, should anything else hold that end open, the worker finds itself
    handed to another parent process)."""
    parent = os.getppid()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)  # held back while the parent started this process
    try:
        if initializer is not None:
            initializer(*initargs)
    except BaseException as exc:
        _send(conn, _failure(exc))
        return
    while True:
        try:
            while not conn.poll(PARENT_CHECK):
                if os.getppid() != parent:  # the parent is gone: this process was handed to another
                    return
            task = conn.recv()
        except (EOFError, OSError):  # the parent is gone
            return
        if task is None or not _answer(conn, work, task, each):
            return


def _answer(conn: Connection, work: Callable[[Any], Any], task: object, each: bool) -> bool:
    """Answer one task: ``(_DONE, result, None)``; or, when ``each``, ``(_PART, part, None)``
    for every part ``work`` yields, as it yields it, then ``(_DONE, None, None)``; or
    ``(_FAILED, exception, traceback)`` for the exception it raised.  ``False`` when the
    parent is gone."""
    try:
        if each:
            for part in work(task):
                if not _send(conn, (_PART, part, None)):
                    return False
            result = None
        else:
            result = work(task)
    except BaseException as exc:
        return _send(conn, _failure(exc))
    return _send(conn, (_DONE, result, None))


def _send(conn: Connection, answer: tuple[str, Any, str | None]) -> bool:
    """Send an answer (a result that cannot be pickled is sent as that failure); ``False``
    when the parent is gone."""
    try:
        conn.send(answer)
    except (BrokenPipeError, ConnectionResetError, EOFError):
        return False
    except Exception as exc:  # the result cannot be pickled (nothing was sent: pickling comes first)
        try:
            conn.send(_failure(exc))
        except OSError:
            return False
    return True


def _failure(exc: BaseException) -> tuple[str, tuple[BaseException, BaseException | None], str]:
    """The answer for an exception: itself when it is an ``Exception`` that pickle rebuilds as
    the same type, else a :class:`WorkerError` saying it; with its traceback as text.  Beside
    it the ``__cause__`` it is to be raised from in the parent: its own (what a bot raised, as in
    one process; ``None`` where it has none) when that travels too, else the traceback's text
    (:class:`RemoteTraceback`) -- pickle keeps no ``__cause__`` of its own."""
    remote = "".join(traceback.format_exception(exc))
    if isinstance(exc, Exception) and _travels(exc):
        cause = exc.__cause__
        return _FAILED, (exc, cause if cause is None or _travels(cause) else RemoteTraceback(remote)), remote
    if isinstance(exc, RulesError):  # its own line, though it cannot travel as itself
        return _FAILED, (WorkerError(_text(exc)), RemoteTraceback(remote)), remote
    return _FAILED, (WorkerError(f"a worker process raised {_kind_and_text(exc)}"), RemoteTraceback(remote)), remote


def _travels(exc: BaseException) -> bool:
    """Whether pickle rebuilds ``exc`` in another process as an exception of the same type."""
    try:
        return type(pickle.loads(pickle.dumps(exc))) is type(exc)
    except Exception:
        return False


def _kind_and_text(exc: BaseException) -> str:
    """``Kind at FILE:LINE: message``: the innermost line of its traceback, the message if any."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {shown(frames[-1].filename)}:{frames[-1].lineno}" if frames else ""
    text = _text(exc)
    return f"{type(exc).__name__}{where}" + (f": {text}" if text else "")


def _text(exc: BaseException) -> str:
    try:
        return str(exc)
    except Exception:  # a __str__ that fails: the kind alone says something
        return ""
