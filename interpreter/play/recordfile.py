"""Files written by a run: match records (kept on disk deal by deal) and other outputs.

The promises kept here for every file ``rules`` writes:

* **Atomic.** A file is written under a temporary name in its own folder and renamed into
  place (``os.replace``), so it is never seen half-written and a failed write leaves the old
  file as it was.  A record that grows while a match is played is created that way and then
  grows by one whole deal per write (a write that fails half-way, on a full disk, is undone).
* **Through a link.** A path that is a symbolic link is written at the file it leads to
  (:func:`real_path`): the temporary file is made in the target's folder and renamed onto the
  target, so the link stays a link and the file it names is the one that changes.
* **Never onto an input.** :func:`why_not_writable` refuses a target that is a file the run
  reads -- the ruleset, every base it ``extends``, the schema -- by comparing devices and
  inodes, so a hard or symbolic link to one is refused too; anything but a regular file
  (a FIFO, a device, a folder), which could block or is not ours to replace; and a file the
  user may not write (read-only), which ``os.replace`` would replace all the same.
* **Never cut in the middle.** The stop signals (Ctrl-C, a killed job, a closed terminal) are
  held back while a record is written; they arrive when the write is done -- in a process of
  several threads too, where the handlers the program installs ask :func:`held_back`.
* **One writer per record.** A :class:`RecordWriter` holds the record's name for its life with
  an advisory lock on a lock file beside it (``.NAME.lock``, :class:`RecordLock`), so a second
  ``rules`` process asked to write the same record is refused (:class:`RecordBusy`) before it
  plays anything -- two writers would each replace the other's file, and the one replaced
  would go on writing to a file that no name leads to.  As a second guard the writer checks,
  before it writes over the name and before it says where its record is, that the name still
  leads to its own file, as it left it (its size and its header); if another program replaced
  it, removed it, cut it short or wrote into it meanwhile, the record -- every deal, kept in a
  spool beside the file -- goes to a new ``rules-interrupted`` file instead of being lost.
* **Never a record without a deal.** A record file needs at least one deal to be read back, so
  a new record's file is created only when its first deal is finished (or saved unfinished):
  a run killed during its first deal leaves no record, and an older file of that name as it was.

The text of a record is :func:`~interpreter.play.record.match_record`'s: a
:class:`RecordWriter` writes its header (:func:`~interpreter.play.record.match_header`), then its
deals one by one (:func:`~interpreter.play.record.deal_entry`), which is the same text.
"""

from __future__ import annotations

import errno
import itertools
import os
import secrets
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import IO

from interpreter.core.arguments import check_seed
from interpreter.core.fdio import write_all
from interpreter.core.filelock import lock
from interpreter.core.paths import resolved
from interpreter.play.record import MatchResult, deal_entry, match_header, today
from interpreter.rules.resources import data_dir, schema_path
from interpreter.rules.ruleset import Ruleset

#: The signals that stop a run (where the platform has them); held back during a write.
STOP_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
#: A record's deals wait in memory up to this size before its spool moves to a temporary file.
SPOOL_BYTES = 1 << 20


class RecordNotWritten(Exception):
    """The record could not be written (or grown): where (a path, or ``None`` for the spool) and why."""

    def __init__(self, path: Path | None, reason: str) -> None:
        super().__init__(f"cannot write the record to {_where(path) if path is not None else 'a temporary file'}: {reason}")
        self.path = path
        self.reason = reason


class RecordBusy(RecordNotWritten):
    """Another process holds the record's lock (:class:`RecordLock`): it is writing that record
    now.  ``holder`` is its process id where the lock file tells it."""

    def __init__(self, path: Path, holder: str | None) -> None:
        who = "another rules process" + (f" (process {holder})" if holder is not None else "")
        super().__init__(path, f"{who} is writing it; wait until it ends, or choose another file")
        self.holder = holder


def _where(path: Path) -> str:
    """A path as an error names it: a relative one with the folder it lies in, since the
    working folder of a run that stopped is not always the one the reader has in mind."""
    if path.is_absolute():
        return str(path)
    try:
        return f"{path} in the folder {os.path.abspath(path.parent)}"
    except OSError:  # the working folder is gone
        return str(path)


# --------------------------------------------------------------------------- what may be written
def source_files(rs: Ruleset) -> list[Path]:
    """The rule files a ruleset was read from: its own, then each base it ``extends``, in order
    (as the loader found them); a ruleset built from no file has none."""
    return [rs.source, *rs.bases] if rs.source is not None else []


def inputs_of(rs: Ruleset, what: str) -> list[tuple[Path, str]]:
    """The files a run with ``rs`` reads, each with how a message names it (``what`` is the ruleset)."""
    files = source_files(rs)
    named = [(f, what if i == 0 else f"a base of {what}") for i, f in enumerate(files)]
    return named + [(schema_path(), "the schema of rule files")]


def _shown(path: Path) -> str:
    """A path as a message shows it: relative to the working folder when it lies inside it."""
    try:
        return str(resolved(path).relative_to(resolved(Path.cwd())))
    except ValueError:
        return str(path)


def why_not_writable(path: Path, inputs: Iterable[tuple[Path, str]]) -> str | None:
    """Why ``path`` may not be written now (a phrase after the path), or ``None`` if it may.

    Only a regular file or a path that does not exist yet may be written, never one of the
    ``inputs`` (by device and inode: a link to an input counts as the input) nor an existing
    file of the bundled rulesets or schema, nor one its permissions keep from this user (a
    read-only file: the rename that replaces it would not ask), and only in a folder that
    exists and may be written.  Nothing is opened, so a FIFO never blocks.
    """
    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None
        missing = _missing_folder(path)
        if missing is not None:
            return f"cannot be written: the folder {missing} does not exist"
    except OSError as exc:
        return f"cannot be written: {exc.strerror or exc}"
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            return "is a folder"
        if not stat.S_ISREG(st.st_mode):
            return "is not a regular file (a FIFO, a device or a socket is never written)"
        for source, name in inputs:
            try:
                other = os.stat(source)
            except OSError:
                continue
            if (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino):
                same_name = os.path.abspath(path) == os.path.abspath(source)
                return f"is {name}" + ("" if same_name else f" (another name for {_shown(source)})")
    if st is not None:
        for kind in ("rulesets", "schema"):
            if resolved(path).is_relative_to(data_dir(kind).resolve()):
                return f"is a file of the bundled {kind}, which {'is' if kind == 'schema' else 'are'} never overwritten"
        # the new file is renamed onto the old one, which needs only the folder's permission:
        # a file its owner made read-only would be replaced all the same, so it is asked here
        if not os.access(path, os.W_OK):
            return "is read-only (its permissions do not let you write it)"
    folder = real_path(path).parent  # a link is written through: its target's folder takes the new file
    if not folder.is_dir():
        return f"cannot be written: the folder {folder} does not exist"
    if not os.access(folder, os.W_OK):
        return f"cannot be written: the folder {folder} may not be written"
    return None


def _missing_folder(path: Path) -> str | None:
    """The first folder of ``path`` as typed that the system cannot enter, or ``None``.

    ``nodir/../record.yaml`` does not exist for the system (it cannot pass through a folder
    that is not there), yet :func:`real_path` -- ``os.path.realpath``, which takes the ``..``
    off the text once it finds nothing to follow -- names ``record.yaml`` itself: the checks
    above would see a new file and the write would land on the existing one (the record being
    analysed, the ruleset being played).  Such a path is refused by the folder it lacks."""
    folder = Path(path.parts[0]) if path.is_absolute() else Path()
    for part in path.parent.parts[1 if path.is_absolute() else 0:]:
        folder = folder / part
        if not os.path.isdir(folder):
            return str(folder)
    return None


# --------------------------------------------------------------------------- writing
# The stop signals held back in the main thread, where Python runs signal handlers: how many
# blocks of signals_held are open there (a block of signals_let_through counts from 0 again),
# and the signals whose handlers found one open (held_back), to be sent again after it.
_depth = 0
_waiting: set[int] = set()


def signals_held() -> AbstractContextManager[None]:
    """Hold back the stop signals while the block runs; one that came arrives right after it.

    Two guards, since the first alone holds in a process of one thread only: the main thread's
    signal mask, and :func:`held_back`, which the handlers the program installs ask first.  A
    signal sent to the process goes to any thread that does not block it -- Textual's input
    and writer threads, a pool's -- and there CPython's own handler only marks it, for the
    main thread to run the Python handler at its next line: inside the block."""
    return _stop_signals_masked(held=True)


def signals_let_through() -> AbstractContextManager[None]:
    """Inside a block of :func:`signals_held`, let the stop signals through while this one
    runs: one that came meanwhile arrives as it starts."""
    return _stop_signals_masked(held=False)


def held_back(signum: int) -> bool:
    """What a stop signal's handler asks first: whether the stop signals are held back now (a
    block of :func:`signals_held` is open in the main thread).  If so the signal is kept and
    sent again as the outermost block ends, and the handler returns at once, doing nothing:
    the handler that is in place then handles it, as it would a signal the mask had kept."""
    if _depth == 0:
        return False
    _waiting.add(signum)
    return True


@contextmanager
def _stop_signals_masked(held: bool) -> Iterator[None]:
    """The stop signals held back (``held``) or let through while the block runs, as they were
    after it -- in the main thread, where the signals are handled; elsewhere nothing.  Where the
    system has no signal mask, :func:`held_back` alone holds them."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    global _depth
    masks = hasattr(signal, "pthread_sigmask")
    # the mask as it was, asked before it changes: a handler that runs in the call that changes
    # it (CPython runs the waiting ones there) may raise, and the mask must still be put back
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, ()) if masks else None
    outer = _depth
    _depth = outer + 1 if held else 0
    try:
        if not held:
            _send_again()  # while the mask still holds them: they arrive with those it kept, below
        if masks:
            signal.pthread_sigmask(signal.SIG_BLOCK if held else signal.SIG_UNBLOCK, STOP_SIGNALS)
        yield
    finally:
        _depth = outer
        try:
            if held and outer == 0:
                _send_again()
        finally:
            if previous is not None:
                signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _send_again() -> None:
    """Send the signals :func:`held_back` kept to this thread again.  While the mask holds them
    they wait with any it kept, and arrive together as it is lifted (CPython runs the handlers
    in the order of the signals' numbers); without a mask each arrives at once."""
    first: BaseException | None = None
    for signum in sorted(_waiting):
        _waiting.discard(signum)
        try:
            signal.raise_signal(signum)
        except BaseException as exc:  # a handler that raised (no mask): the others are still sent
            first = first or exc
    if first is not None:
        raise first


def _nothing_held() -> None:
    """In a child just forked (a worker started inside a held block): its own thread holds
    nothing yet, and the signals its parent kept are not its own."""
    global _depth
    _depth = 0
    _waiting.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_nothing_held)


def _append(fd: int, data: bytes) -> None:
    """Append ``data`` whole or not at all: a write that fails half-way (a full disk) is undone."""
    size = os.fstat(fd).st_size
    try:
        write_all(fd, data)
    except OSError:
        try:
            os.ftruncate(fd, size)
        except OSError:
            pass
        raise


def _encode(text: str) -> bytes:
    # a lone surrogate (from a file name that is not UTF-8) is written as its escape
    return text.encode("utf-8", errors="backslashreplace")


_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no newline translation


def real_path(path: Path) -> Path:
    """The file that ``path`` names: a symbolic link followed to its end (to the name it leads
    to, even where nothing is there yet), else ``path`` itself.

    A file is replaced by renaming a new one onto its name; renaming onto a link's own name
    would put a regular file where the link was and leave the file it leads to as it was --
    the written text in the wrong place, and the user's file never changed.  So every write
    goes to the link's target, and the link stays a link.
    """
    return Path(os.path.realpath(path))


def _replace_with(path: Path, chunks: Iterable[bytes], *, keep_open: bool = False) -> int | None:
    """Write ``chunks`` to a new file in the folder of the file ``path`` names (a link's
    target, :func:`real_path`) and rename it onto that file.

    Returns the new file open for appending with ``keep_open``, else ``None``.  The new file
    gets the mode of the file it replaces, or the usual mode of a new file.
    """
    path = real_path(path)
    folder = path.parent
    while True:
        temp = folder / f".{path.name}.{secrets.token_hex(4)}.tmp"
        try:
            fd = os.open(temp, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_APPEND | _BINARY, 0o666)
            break
        except FileExistsError:
            continue
    try:
        try:
            os.chmod(temp, stat.S_IMODE(os.stat(path).st_mode))
        except OSError:
            pass  # nothing to replace yet (or not ours to read): the mode the umask gave
        for chunk in chunks:
            write_all(fd, chunk)
        os.fsync(fd)
        os.replace(temp, path)
    except BaseException:
        os.close(fd)
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    if keep_open:
        return fd
    os.close(fd)
    return None


def write_file(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically (check the path with :func:`why_not_writable` first)."""
    with signals_held():
        _replace_with(path, [_encode(text)])


def write_new_file(candidates: Iterable[Path], content: Callable[[Path], Iterable[bytes]]) -> Path:
    """Write ``content(path)`` to the first candidate path that does not exist yet, never
    replacing a file; returns the path.

    The name is claimed by creating it exclusively, then filled atomically, so two runs that
    stop at the same moment never write to one file.
    """
    with signals_held():
        for path in candidates:
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            except FileExistsError:
                continue
            try:
                _replace_with(path, content(path))
            except BaseException:
                os.unlink(path)  # give the claimed name back
                raise
            return path
    raise FileExistsError("every candidate name is taken")


def interrupted_paths(seed: int | None, folder: Path = Path()) -> Iterator[Path]:
    """``rules-interrupted-SEED.yaml`` in ``folder`` (the working folder), then numbered names,
    so that an earlier interrupted game is never overwritten; ``rules-interrupted.yaml``
    (numbered likewise) for a seed kept from a person, which the file's name must not give
    away either."""
    stem = "rules-interrupted" if seed is None else f"rules-interrupted-{seed}"
    yield folder / f"{stem}.yaml"
    for k in itertools.count(2):
        yield folder / f"{stem}-{k}.yaml"


# --------------------------------------------------------------------------- one writer per record
def lock_path(record: Path) -> Path:
    """The lock file of ``record``: ``.NAME.lock`` beside it (hidden, as the temporary files are)
    -- beside the file it names, for a link (:func:`real_path`), so that writers given the
    link and the file itself take the same lock."""
    real = real_path(record)
    return real.parent / f".{real.name}.lock"


#: The errors of a lock that another process holds (``msvcrt`` says EACCES or EDEADLOCK).
_HELD = {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK)}


class RecordLock:
    """A record's name held by this process: an advisory lock (:func:`~interpreter.core.filelock.lock`)
    on its :func:`lock_path`, from :meth:`__init__` to :meth:`release`.

    The lock, not the lock file, is what counts: the system lets it go when the process ends,
    however it ends, so a lock file that a killed run left behind stops nobody.  The holder
    removes the file when it lets go; a process that opened the file just before that and
    locks it after finds that the name no longer leads to the file it locked, and starts
    again.  The file holds the holder's process id, for the message of :class:`RecordBusy`.
    On a file system that cannot lock at all the record is written unlocked (the writer's
    check that its name still leads to its file still guards it).
    """

    def __init__(self, record: Path) -> None:
        self.path = lock_path(record)
        self._fd: int | None = self._take(record)

    def _take(self, record: Path) -> int:
        while True:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | _BINARY, 0o666)
            except OSError as exc:
                raise RecordNotWritten(record, f"cannot create its lock file {self.path.name}: {exc.strerror or exc}") from None
            try:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    raise RecordNotWritten(record, f"its lock file {self.path.name} is not a regular file")
                try:
                    lock(fd)
                except OSError as exc:
                    if exc.errno in _HELD:
                        raise RecordBusy(record, _holder(fd)) from None
                    # no locks on this file system: the record is written unlocked
                if _same_file(fd, self.path):
                    try:
                        os.ftruncate(fd, 0)
                        os.lseek(fd, 0, os.SEEK_SET)
                        write_all(fd, f"{os.getpid()}\n".encode())
                    except OSError as exc:  # a full disk: the name is not taken, and no lock file is left behind
                        _unlink_if_same(fd, self.path)
                        raise RecordNotWritten(record, f"cannot write its lock file {self.path.name}: {exc.strerror or exc}") from None
                    return fd
            except BaseException:
                os.close(fd)
                raise
            os.close(fd)  # its holder let go and removed it meanwhile: lock the file that has the name now

    def release(self) -> None:
        """Let go of the record's name and remove the lock file (a second call does nothing)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        if sys.platform == "win32":  # pragma: no cover - an open file cannot be removed there
            os.close(fd)
            try:
                os.unlink(self.path)
            except OSError:
                pass
            return
        _unlink_if_same(fd, self.path)  # removed while still locked: see the class's docstring
        os.close(fd)


def _unlink_if_same(fd: int, path: Path) -> None:
    """Remove ``path`` if it still leads to the lock file open as ``fd`` (a file another
    process put in its place is not ours to remove); a failure to remove it is ignored, as
    the lock, not the file, is what counts."""
    try:
        if _same_file(fd, path):
            os.unlink(path)
    except OSError:
        pass


def _same_file(fd: int, path: Path) -> bool:
    """Whether ``path`` leads to the file open as ``fd`` (same device and inode)."""
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path))
    except OSError:
        return False


def _holder(fd: int) -> str | None:
    """The process id in a lock file, or ``None`` if it holds none (or cannot be read)."""
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", errors="replace").strip()
    except OSError:
        return None
    return text if text.isdigit() else None


def record_busy(record: Path) -> RecordNotWritten | None:
    """Why ``record`` cannot be written now, or ``None``: a look before a program that writes
    it later (the lock taken and let go at once).  Mostly :class:`RecordBusy` (another process
    writes it); also a lock file that cannot be made (a full disk), which would stop the
    program at its first move, after the screen is taken over, if it were not said now."""
    try:
        RecordLock(record).release()
    except RecordNotWritten as exc:
        return exc
    return None


def _match_seed(value: object) -> int:
    """The match seed a record's header names: :func:`check_seed`'s (0 to 2**63 - 1)."""
    seed = check_seed(value)
    assert isinstance(seed, int)  # without generator=True check_seed returns only ints
    return seed


class RecordWriter:
    """The record of a match in progress, kept on disk deal by deal: a ``DealLog`` for
    :func:`~interpreter.play.runner.play_match`.

    With a ``path`` the writer holds the record's name from the start (:class:`RecordLock`;
    :class:`RecordBusy` if another process writes it).  The file is created atomically with
    the header and the first finished deal -- a record must hold a deal to be read back, so
    there is no file before that -- and each later deal is appended in one write, so at every
    moment it holds every finished deal.  :meth:`save` completes it with the deal in play.
    The finished deals are kept in a spool too (memory while small, then an unnamed temporary
    file), and every rewrite of the record -- a checkpoint, the ``result`` header, a record
    saved under a new name -- is made from it, never read back from the file: another
    program may have cut that file short (``: > FILE``) or written into it, which the writer
    finds before each write (:meth:`_displaced`) -- and then it saves every deal elsewhere.
    Without a path the spool is all there is, and :meth:`save_new` writes the record to a new
    file if the match stops early.

    ``deals`` and ``current`` start the file with a match's earlier deals, for a match
    that goes on from its record.  ``hide_seed`` leaves the match seed out of the file until
    :meth:`save` is given the result of a match that somebody has won: while a person plays,
    the seed would let them rebuild every deal still to come, and a match saved unfinished
    (quit, interrupted, stopped by ``--deals``) may be taken up again.  ``seed`` is ``None``
    where no one seed gives the match's deals (a match taken up again with a fresh seed): the
    record then names none, each deal keeping its own.  ``date`` is the day the match began
    (default: today, :func:`~interpreter.play.record.today`; a match that goes on from its
    record keeps the record's).  :meth:`save` with the match's result writes the ``result``
    header.  Writes that fail raise :class:`RecordNotWritten`.
    """

    def __init__(
        self,
        rs: Ruleset,
        *,
        seed: int | None,
        players: list[str],
        path: Path | None,
        hide_seed: bool = False,
        deals: Sequence[tuple[int, int, list[str]]] = (),
        current: tuple[int, int, list[str]] | None = None,
        date: str | None = None,
    ) -> None:
        self.rs = rs
        self.date = date if date is not None else today()
        # a seed out of range would be written to a header that load_record then refuses
        self.seed = None if seed is None else _match_seed(seed)
        self.players = players
        self.path = path
        self.hide_seed = hide_seed
        self.current: tuple[int, int, list[str]] | None = None  # the deal in play
        # the finished deals' entries, the text every rewrite of the record is made from
        self._spool: IO[bytes] | None = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)
        self._fd: int | None = None
        self._size = 0  # the bytes this writer has put in the file open as _fd (see _displaced)
        self._lost = False  # the name leads to another file now, or the file was changed (see _displaced)
        self._header = b""
        self._current_on_disk = False  # the file ends with the deal in play (see checkpoint)
        self._finished = len(deals)  # finished deals kept, on disk and in the spool
        self._lock: RecordLock | None = None
        if path is None:
            return
        try:
            self._header = self._head(path, with_seed=not hide_seed)
            self._lock = RecordLock(path)
            if not deals and current is None:
                return  # the file comes with the first deal
            # a match that goes on from its record (``deals`` finished, ``current`` in play) is
            # written whole in one replace, so the file never lacks a move it held before
            with self._failing(None):
                for d in deals:
                    self._spooled(self._entry(d))
            self.current = current
            self._current_on_disk = current is not None
            with signals_held(), self._failing(path):
                self._rewrite(path)
        except BaseException:
            self.close()
            raise

    @property
    def empty(self) -> bool:
        """Whether the record has no deal yet, finished or in play: nothing to keep."""
        return self.current is None and not self._finished

    def _displaced(self) -> bool:
        """Whether the record's file is no longer this writer's: its name leads to another file
        (another program replaced or removed it -- a ``rules`` process would have been refused
        the lock), or the file is not as the writer left it (another program cut it short,
        ``: > FILE``, or wrote into it: its size or its header differ).  From then on the
        writer never writes that file or its name again, and keeps the record in its spool
        only; :meth:`save` puts the record in a new file.  Asked before every write."""
        if self._fd is not None and self.path is not None and not self._lost:
            self._lost = not _same_file(self._fd, self.path) or not self._intact(self._fd)
        return self._lost

    def _intact(self, fd: int) -> bool:
        """Whether the file open as ``fd`` is as this writer left it: its size, and its header."""
        try:
            if os.fstat(fd).st_size != self._size:
                return False
            os.lseek(fd, 0, os.SEEK_SET)  # the file is open for appending: writes still go to its end
            head = b""
            while len(head) < len(self._header) and (chunk := os.read(fd, len(self._header) - len(head))):
                head += chunk
            return head == self._header
        except OSError:
            return False

    def _head(self, path: Path, *, with_seed: bool, result: MatchResult | None = None) -> bytes:
        return _encode(match_header(
            self.rs, seed=self.seed if with_seed else None, players=self.players, record_path=path, date=self.date, result=result,
        ))

    def seed_shown(self, result: MatchResult | None) -> bool:
        """Whether the header names the match seed when the record is completed with ``result``:
        always without a person at the table, else only for a match that somebody has won."""
        return not self.hide_seed or (result is not None and result.winner is not None)

    def _entry(self, deal: tuple[int, int, list[str]]) -> bytes:
        return _encode(deal_entry(*deal))

    @contextmanager
    def _failing(self, path: Path | None) -> Iterator[None]:
        try:
            yield
        except OSError as exc:
            raise RecordNotWritten(path, exc.strerror or str(exc)) from None

    # ------------------------------------------------------------------- the DealLog protocol
    def begin_deal(self, dealer: int, seed: int) -> list[str]:
        moves: list[str] = []
        self.current = (dealer, seed, moves)
        return moves

    def end_deal(self) -> None:
        """Put the finished deal on disk (or in the spool) and forget its moves."""
        assert self.current is not None, "no deal begun"
        entry = self._entry(self.current)
        # the deal passes from "in play" to "finished" whole, the stop signals held: one that
        # came between the spool and ``current`` made save() write the deal twice (the next
        # deal's dealer then refused by replay), one before both the file and the spool, never
        with signals_held():
            if self._current_on_disk:  # the deal is on disk already, as it stood at the last checkpoint
                self.checkpoint()
                self._current_on_disk = False
            else:
                with self._failing(self.path):
                    if self._fd is not None:
                        if not self._displaced():
                            _append(self._fd, entry)
                            self._size += len(entry)
                    elif self.path is not None:  # the first deal finished: now the file can be read back
                        self._rewrite(self.path)
            with self._failing(None):
                self._spooled(entry)
            self._finished += 1
            self.current = None

    def _spooled(self, entry: bytes) -> None:
        """Keep a finished deal's entry in the spool (at its end: a rewrite reads it from the start)."""
        assert self._spool is not None, "the writer is closed"
        self._spool.seek(0, os.SEEK_END)
        self._spool.write(entry)

    def _rewrite(self, path: Path) -> None:
        """Write the file anew -- the header, the finished deals from the spool, the deal in
        play -- beside the old one, rename it over it, and keep it open as the writer's file."""
        old = self._fd
        chunks = [self._header, *self._rest()]
        fd = _replace_with(path, chunks, keep_open=True)
        assert fd is not None
        if old is not None:
            os.close(old)
        self._fd = fd
        self._size = sum(map(len, chunks))

    def checkpoint(self) -> None:
        """Put the deal in play on disk too, as it stands: the file is written anew beside
        the old one and renamed over it, so that at every moment it holds either the last
        checkpoint or this one.  A table where a person plays calls it after every move, so
        that a crash or a closed window loses nothing that was played.  (A record whose file
        another program took or changed writes nothing: the deal in play stays in memory,
        for :meth:`save`.)"""
        path = self.path
        assert path is not None, "checkpoints are for a record with a path"
        with signals_held(), self._failing(path):
            if self._fd is None or not self._displaced():
                self._rewrite(path)
            self._current_on_disk = self.current is not None

    # ------------------------------------------------------------------- at the end
    def _rest(self) -> Iterator[bytes]:
        """The finished deals kept so far (from the spool, never from the record file, which
        another program may have changed), in chunks, then the deal in play."""
        assert self._spool is not None, "the writer is closed"
        self._spool.seek(0)
        while chunk := self._spool.read(SPOOL_BYTES):
            yield chunk
        if self.current is not None:
            yield self._entry(self.current)

    def save(self, result: MatchResult | None = None, elsewhere: Iterable[Path] | None = None) -> Path | None:
        """Complete the record file -- the deal in play added, the ``result`` header written
        when the match's ``result`` is given, the seed shown unless it is still kept from a
        person (:meth:`seed_shown`) -- and close it; returns where the record is.

        That is the writer's path, unless another program has taken the name or changed the
        file meanwhile (:meth:`_displaced`): then the record goes to the first free name of ``elsewhere``
        (default :func:`interrupted_paths` in the working folder) and the name is left alone.
        ``None`` if no deal had begun: there is nothing to keep, and no file is written."""
        path, fd = self.path, self._fd
        assert path is not None, "a record without a path is written by save_new"
        if self.empty:
            self.close()
            return None
        shown = self.seed_shown(result)
        if self._displaced():
            try:
                return self.save_new(elsewhere if elsewhere is not None else interrupted_paths(self.seed if shown else None), result)
            finally:
                self.close()
        with signals_held(), self._failing(path):
            if fd is None or (self.hide_seed and shown) or result is not None:  # a new header, or no file yet: written anew
                _replace_with(path, itertools.chain([self._head(path, with_seed=shown, result=result)], self._rest()))
            elif self._current_on_disk:
                self.checkpoint()
            elif self.current is not None:
                _append(fd, self._entry(self.current))  # (not displaced: asked above)
            self.current = None
            self.close()
        return path

    def save_new(self, candidates: Iterable[Path], result: MatchResult | None = None) -> Path:
        """Write the record so far (the deal in play included) to the first free candidate path:
        a match stopped before its end, so the seed is left out while a person plays (unless
        ``result`` says somebody has won it, as for :meth:`save`)."""
        tried: list[Path] = []

        def tracked() -> Iterator[Path]:  # the name being tried, for the error: creating it may fail already
            for path in candidates:
                tried.append(path)
                yield path

        def content(path: Path) -> Iterator[bytes]:
            yield self._head(path, with_seed=self.seed_shown(result), result=result)  # the ruleset is named relative to the file
            yield from self._rest()

        try:
            return write_new_file(tracked(), content)
        except OSError as exc:
            raise RecordNotWritten(tried[-1] if tried else None, exc.strerror or str(exc)) from None

    def close(self) -> None:
        """Let go of the file (the record stays as it is), of the record's name and of the spool."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None
        if self._spool is not None:
            self._spool.close()
            self._spool = None
