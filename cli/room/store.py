"""The card room's tables on disk: one SQLite file (``room.sqlite`` under ``--data``), in WAL mode.

A table is kept as what made it -- the ruleset (a bundled name, or an uploaded house file's
text), the seats, the links, the match seed -- and the log of every decision taken at it,
one row per decision, written before the decision is shown to anybody.  A table is read back
and its log replayed through the engine (:meth:`Table.replay`) when it is first used after a
restart, so every table is where it was; its record (the project's format) is made from the
match when it is asked for.  Writes use WAL with ``synchronous=NORMAL``: a killed server
loses nothing; a power cut may lose the last few decisions, never the file.

Beside them, each table keeps what the room must know of every table without replaying any
(:meth:`Store.index`): when it was last used (``touched``, seconds since the epoch), which is
how the room finds the tables nobody comes back to (:meth:`Room.sweep
<cli.room.room.Room.sweep>`); whether its match is over (``over``), since only tables in
play count towards the room's limit; and the address that opened it (``opened_by``), for the
limit per address, forgotten once the match is over.  A file written before a column existed
gets it when it is opened: its tables counted as used at that moment, their address unknown,
and whether their match is over left unknown (NULL) for the room to learn by replaying them
once.

SQLite waits up to five seconds for a file another connection holds (its busy timeout), and a
synced write takes as long as the disk does: so the room never calls the store from its event
loop, where one slow write would stall every table of the server.  Each store has one thread
of its own (:meth:`Store.run`, :meth:`Store.later`) that does every read and write, one after
the other in the order they were asked for -- which keeps the order of one table's writes, and
is all SQLite allows anyway (one writer at a time).  The room awaits a write that decides
whether a move is taken (:meth:`Room._keep <cli.room.room.Room._keep>`) and only queues one
that does not (when a table was last used).

An uploaded house file also lies as a file in the table's own folder under ``--data``, so
that its ``extends:`` is read under the same rules as any rule file's (a bundled base, or a
file beside it -- and nothing else is beside it).

The file removed while the server runs (or the lock beside it: :mod:`cli.room.ondisk`), the
store takes no more writes that decide something (:meth:`Store.on_disk` raises :class:`Lost`):
SQLite would go on writing to the open file that no longer has a name, and the decisions
would vanish with it when the server stops.
"""

from __future__ import annotations

import asyncio
import errno
import functools
import json
import os
import shutil
import sqlite3
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from cli.output import warn
from cli.room import PRIVATE_FILE, PRIVATE_FOLDER
from cli.room import rows as row
from cli.room.datalock import LOCK_NAME
from cli.room.names import is_id
from cli.room.ondisk import Names, odd_kind

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    house_name TEXT,
    house_text TEXT,
    kinds TEXT NOT NULL,
    tokens TEXT NOT NULL,
    watch TEXT NOT NULL,
    seed INTEGER NOT NULL,
    touched REAL,
    over INTEGER,
    opened_by TEXT,
    deal_seed_bits INTEGER
);
CREATE TABLE IF NOT EXISTS steps (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);
"""


#: What begins the name of the folder a house file sent to be checked, not to open a table, is
#: read in (:meth:`Room.check <cli.room.room.Room.check>`): never a table's own folder.
PROBE = "check-"
#: The file under ``--data`` that keeps the tables.
FILE_NAME = "room.sqlite"
#: Seconds SQLite waits for the file while another program holds it, before a read or write
#: fails with "database is locked" (a test makes it short, to see that failure at once).
BUSY_TIMEOUT = 5.0

#: The columns each table of the file must have (the later ones are added when missing: :class:`Store`).
COLUMNS = {
    "tables": ("id", "created", "ruleset", "house_name", "house_text", "kinds", "tokens", "watch", "seed"),
    "steps": ("table_id", "n", "seat", "move"),
}


class Unreadable(Exception):
    """The file under ``--data`` is not a room's store (not SQLite, a folder, another program's
    tables): ``rules serve`` refuses it with one line (:meth:`said`), and nothing is written to it."""

    def __init__(self, path: Path, why: str) -> None:
        super().__init__(f"{path}: {why}")
        self.path = path
        self.why = why

    def said(self) -> str:
        """The line ``rules serve`` refuses to start with (after ``--data:``)."""
        return (f"{self.path} is not a card room's store: {self.why} (expected the SQLite file of a rules serve, "
                f"or none to start a new room; move it away or give another --data DIR)")


class Damaged(Unreadable):
    """A room's store whose pages SQLite finds broken (``PRAGMA quick_check``, or a read that
    met a malformed page): its tables would drop out one by one as they are read, so the room
    does not start on it; the file is left as it is, for its owner to recover."""

    def said(self) -> str:
        return (f"{self.path} is damaged: {self.why} (the room's tables are in it: keep a copy, then restore it from a "
                f"backup, or recover what SQLite can still read: sqlite3 {self.path} .recover | sqlite3 recovered.sqlite)")


class Unavailable(Unreadable):
    """A room's store that cannot be opened or read for a cause outside what it holds: its disk
    full, a read or write the disk or file system failed, another program holding it.  The
    file may well be good: it is not to be moved away, only the cause mended."""

    def __init__(self, path: Path, why: str, mend: str) -> None:
        super().__init__(path, why)
        self.mend = mend

    def said(self) -> str:
        return f"{self.path} cannot be used now: {self.why} ({self.mend}; the file is left as it is)"


class NotAFolder(Unreadable):
    """``DIR/tables``, where each table keeps its house file and its closing record, is a file."""

    def said(self) -> str:
        return (f"{self.path} is not a folder: {self.why} (the room keeps each table's house file and closing record "
                f"in DIR/tables/ID/; move the file away, then start again)")


class Lost(OSError):
    """The store's file, or the data folder's lock, no longer has its name on disk (removed,
    moved away, replaced) while the server runs: a write now would be kept nowhere anybody can
    find it, and another server may hold the folder.  ``path``: which of the two."""

    def __init__(self, path: Path) -> None:
        super().__init__(errno.ENOENT, "its store was removed while it served", str(path))
        self.path = path


#: SQLite's errors that come from outside the file's contents (its disk, the file system,
#: another program), by their names' beginnings (``sqlite3.Error.sqlite_errorname``).
BUSY = ("SQLITE_BUSY", "SQLITE_LOCKED")
FULL = ("SQLITE_FULL",)
IO = ("SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_PERM", "SQLITE_NOLFS")
#: ... and those that say the file's contents are broken.
CORRUPT = ("SQLITE_CORRUPT",)


def cause(exc: sqlite3.Error) -> str:
    """What kind of trouble a store's error is: ``busy`` (another program holds the file),
    ``full`` (its disk), ``io`` (a read or write failed, or the file may not be written),
    ``corrupt`` (its pages are broken), or ``other`` (not a database, not the room's tables).
    SQLite's message alone does not tell them apart where it matters: on a full disk, opening
    the file fails with "disk I/O error" (its shared-memory file cannot grow)."""
    name = getattr(exc, "sqlite_errorname", None) or ""
    for kind, names in (("busy", BUSY), ("full", FULL), ("io", IO), ("corrupt", CORRUPT)):
        if name.startswith(names):
            return kind
    return "other"


def trouble(exc: sqlite3.Error | OSError) -> str:
    """A store's write or read that failed while the room runs, in the words a client is told
    (without the server's paths): a store held by another program is busy and will be free in
    a moment; a full disk is not, and a client told "busy" would only try again and again."""
    if isinstance(exc, Lost):
        return "its store was removed while it served"
    if isinstance(exc, OSError):
        return "the server's disk is full" if exc.errno == errno.ENOSPC else f"the server could not write its files ({exc.strerror or type(exc).__name__})"
    kind = cause(exc)
    if kind == "busy":
        return "its store is busy"
    if kind == "full":
        return "the server's disk is full"
    if kind == "io":
        return f"its store could not be read or written ({exc})"
    return f"its store failed ({exc})"


def disk_full(folder: Path) -> bool:
    """Whether the disk of ``folder`` has (next to) no room left: what a "disk I/O error"
    as the file opens means, most of the time."""
    try:
        return shutil.disk_usage(folder).free < 64 * 1024
    except OSError:
        return False


def refused(path: Path, exc: sqlite3.Error) -> Unreadable:
    """Why ``rules serve`` does not start on ``path``, whose opening or first read failed
    with ``exc``: the real cause, with what mends it -- a file that is no room's store is to
    be moved away; a good store on a full disk or held by another program is not."""
    kind = cause(exc)
    if kind == "busy":
        return Unavailable(path, f"another program holds it ({exc})", "stop the program that holds it, then start again")
    if kind == "full" or (kind == "io" and disk_full(path.parent)):
        return Unavailable(path, f"its disk is full ({exc})", "free some space on its disk, then start again")
    if kind == "io":
        return Unavailable(path, f"it could not be read or written ({exc})",
                           "check that the file and its folder may be written, and the disk (its system log), then start again")
    if kind == "corrupt":
        return Damaged(path, str(exc))
    return Unreadable(path, str(exc))


def _unwritable(path: Path) -> Unavailable | None:
    """Why the first of a store's files -- the file, its ``-wal``, its ``-shm`` -- that is
    there may not be written: its file system is mounted read only, or its permissions (or an
    immutable file) forbid it; ``None`` where each may be written.

    SQLite opens such a store without a word, read only: the room said it served, then
    refused every table that was opened or played ("attempt to write a readonly database").
    The two causes are told apart because they are mended apart: ``os.access`` is false on a
    read-only mount too, where ``chmod`` cannot help."""
    for file in (path, path.with_name(f"{path.name}-wal"), path.with_name(f"{path.name}-shm")):
        if not os.path.lexists(file) or os.access(file, os.W_OK):
            continue
        which = "it" if file == path else f"{file.name} beside it"
        if _read_only_mount(file):
            return Unavailable(path, f"{which} is on a file system mounted read only",
                               "mount it for writing, or copy the whole folder to a disk that may be written and "
                               "give that as --data DIR, then start again")
        return Unavailable(path, f"{which} may not be written",
                           f"give it back its owner's write permission -- chmod u+w {file}, or chattr -i "
                           f"where it was made immutable -- then start again")
    return None


def _read_only_mount(file: Path) -> bool:
    """Whether ``file`` lies on a file system mounted read only (``False`` where the system
    cannot say: Windows has no ``statvfs``)."""
    try:
        return bool(os.statvfs(file).f_flag & os.ST_RDONLY)
    except (AttributeError, OSError):
        return False


def _check_columns(path: Path, db: sqlite3.Connection) -> None:
    """Refuse a file whose ``tables`` or ``steps`` lacks a column the room reads (a file of
    another program, which happens to have a table of that name)."""
    for name, needed in COLUMNS.items():
        found = {row[1] for row in db.execute(f"PRAGMA table_info({name})")}
        missing = [column for column in needed if column not in found]
        if found and missing:
            raise Unreadable(path, f"its table {name!r} has no column{'s' if len(missing) > 1 else ''} {', '.join(missing)}")


@dataclass(frozen=True)
class StoredTable:
    """A table as the store keeps it, and its log of decisions ((seat, move), seat -1 for a deal)."""

    id: str
    created: str
    ruleset: str
    house_name: str | None
    house_text: str | None
    kinds: list[str]
    tokens: list[str | None]
    watch: str
    seed: int
    steps: list[tuple[int, str]]
    touched: float | None = None  # when the table was last used (None: kept before the room counted it)
    over: bool | None = None  # whether its match is over (None: kept before the room noted it)
    opened_by: str | None = None  # the address that opened it, while its match is in play
    numbers: list[int] | None = None  # the ``n`` of each step in ``steps`` (None: 0, 1, 2, ...), to name a step by
    #: how many bits wide each deal's seed is drawn from ``seed`` (None: kept before the room noted it;
    #: the room's first versions drew 32, later ones 63 -- :meth:`~cli.room.room.Room._read_back` finds which)
    deal_seed_bits: int | None = None


@dataclass(frozen=True)
class Listed:
    """A table as :meth:`Store.index` lists it: what the room knows of it without its log or
    its house file's text (see :class:`StoredTable` for the fields)."""

    id: str
    ruleset: str
    house_name: str | None
    tokens: list[str | None]
    watch: str
    touched: float | None
    over: bool | None
    opened_by: str | None
    damage: str | None = None  # what is wrong with its row (:mod:`cli.room.rows`): the room leaves it out


def _private_file(path: Path) -> None:
    """Make the store's file empty and private if there is none yet (SQLite takes an empty file
    for an empty database, and makes its ``-wal`` and ``-shm`` files with the same modes): made
    by SQLite, it would be readable by everyone under the usual umask."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))
    except OSError:  # there is one (left as it is), or the folder is unwritable: sqlite3.connect says so, in the room's words
        pass


def private_folder(folder: Path) -> Path:
    """``folder`` made if it is not there (its parent must be), and its owner's only -- mode
    0700, whatever the umask -- if it was there already: the room's own folders under
    ``--data`` (``tables``, a table's) hold its house files and, once it is closed, its record
    with the seeds dealt, which another account must not read even where the person gave
    ``--data`` a folder everybody may look into."""
    folder.mkdir(mode=PRIVATE_FOLDER, exist_ok=True)
    os.chmod(folder, PRIVATE_FOLDER)
    return folder


def private_file(path: Path) -> Path:
    """``path`` made empty if it is not there, and its owner's only (0600, whatever the umask):
    a file written onto it then keeps that mode (:func:`~interpreter.play.recordfile.write_file`
    gives a file it replaces the old one's)."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT, PRIVATE_FILE))
    os.chmod(path, PRIVATE_FILE)
    return path


class Store:
    """The SQLite file of a room: one connection, used by one thread of its own.  A server
    calls its methods only through :meth:`run` and :meth:`later`, never from the event loop;
    a program without one (a test, a benchmark) may call them directly, from one thread."""

    def __init__(self, folder: Path, busy_timeout: float | None = None, verify: bool = False) -> None:
        """Open (or start) the room's file, refusing with :class:`Unreadable` one that is not a
        room's store -- before anything is written to it, so that a file given by mistake is
        left as it was -- and with its kinds (:func:`refused`) one that cannot be used now.
        ``busy_timeout``: seconds to wait for the file another program holds
        (:data:`BUSY_TIMEOUT` unless given); ``verify``: first read every page of the file
        (``PRAGMA quick_check``), refusing a damaged one with :class:`Damaged`."""
        self.folder = folder
        folder.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
        path = folder / FILE_NAME
        if path.is_dir():
            raise Unreadable(path, "it is a folder")
        odd = odd_kind(path)
        if odd is not None:  # (opened, a named pipe is "disk I/O error": its disk and permissions blamed)
            raise Unreadable(path, f"it is {odd}")
        _private_file(path)
        try:
            # made here, used by the worker thread: one thread at a time ever uses it
            self.db = sqlite3.connect(path, timeout=BUSY_TIMEOUT if busy_timeout is None else busy_timeout,
                                      isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise refused(path, exc) from None
        try:
            _check_columns(path, self.db)  # the first read: a file that is no SQLite file fails here
            if verify:
                _quick_check(path, self.db)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(SCHEMA)
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}
            for column, kind in (("touched", "REAL"), ("over", "INTEGER"), ("opened_by", "TEXT"), ("deal_seed_bits", "INTEGER")):
                if column not in columns:  # a room kept by an earlier version
                    self.db.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")
        except sqlite3.Error as exc:
            self.db.close()
            raise refused(path, exc) from None
        except Unreadable:
            self.db.close()
            raise
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="room-store")
        # the files as they are now: a write that decides something first checks they still are (on_disk)
        self.names = Names([path, folder / LOCK_NAME])
        self.said_lost = threading.Lock()  # the store's thread and the event loop (a house file) both ask
        self.lost: Path | None = None  # the file found without its name, said once on stderr

    def on_disk(self) -> None:
        """Raise :class:`Lost` when the store's file or the folder's lock no longer bears its
        name (:class:`~cli.room.ondisk.Names`): checked before every write that decides
        something -- a decision, a table opened, one closed -- and before a house file is
        written, so that nothing is taken that would be kept nowhere.  The first time, says on
        stderr what happened and what mends it; a folder put back as it was is used again."""
        lost = self.names.lost()
        if lost is None:
            return
        with self.said_lost:
            first = self.lost is None
            self.lost = lost
        if first:
            warn(lost_words(lost, self.folder))
        raise Lost(lost)

    @staticmethod
    def check(folder: Path) -> int:
        """Open the room's file, read every page of it (``PRAGMA quick_check``) and its list of
        tables back, then close it: what ``rules serve`` does before it says it serves, so that
        a file that is no room's store, a damaged one, one that cannot be used now (one that,
        or whose ``-wal`` or ``-shm``, may not be written among them: :func:`_unwritable`, and
        the write lock taken once), or a ``tables`` folder that is a file, is a usage error (:class:`Unreadable` and its kinds),
        not a server that fails as it starts -- or tables that drop out one by one as they are
        used.  How many tables it keeps (a table whose row is damaged among them: the room
        leaves it out, and says so, as it starts)."""
        tables = folder / "tables"
        odd = odd_kind(tables, folder=True)
        if odd is not None:
            raise NotAFolder(tables, f"it is {odd}")
        path = folder / FILE_NAME
        unwritable = _unwritable(path)
        if unwritable is not None:
            raise unwritable
        store = Store(folder, verify=True)
        try:
            store.db.execute("BEGIN IMMEDIATE")  # a write the file system refuses (a read-only mount): refused now, not table by table
            store.db.execute("ROLLBACK")
            return len(store.index())
        except sqlite3.Error as exc:
            raise refused(path, exc) from None
        finally:
            store.close()

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` -- a method of this store -- done by the store's thread, after
        everything asked for before it; the event loop goes on meanwhile.  Its answer, or its
        exception (``sqlite3.Error`` where the file refuses a write)."""
        return await asyncio.get_running_loop().run_in_executor(self.worker, functools.partial(work, *args))

    def later(self, work: Callable[..., object], *args: Any) -> None:
        """Queue ``work(*args)`` for the store's thread without waiting for it (a write nothing
        waits on: when a table was last used); a failure is said on stderr and the server goes
        on (the next write says it again)."""
        self.worker.submit(work, *args).add_done_callback(_said)

    def close(self) -> None:
        """Finish what is queued, then close the file."""
        self.worker.shutdown(wait=True)
        self.db.close()

    def house_folder(self, table_id: str) -> Path:
        """Where a table's uploaded house file lies (its own folder: nothing else is beside it
        but, once the room has closed the table, its record).  ``table_id`` is a table's id
        (:func:`~cli.room.names.is_id`), or one after :data:`PROBE`: anything else -- ``..``,
        a path -- is refused with ``ValueError``, since the room writes in this folder and
        removes it, and no removal may ever reach outside ``DIR/tables``."""
        if not is_id(table_id.removeprefix(PROBE)):
            raise ValueError(f"{table_id!r} is not a table's id: the room keeps no folder under that name")
        return self.folder / "tables" / table_id

    def private_house_folder(self, table_id: str) -> Path:
        """The table's folder (:meth:`house_folder`), made if it is not there, it and
        ``tables`` above it its owner's only (:func:`private_folder`)."""
        folder = self.house_folder(table_id)  # a name that is no table's id refused before anything is made
        private_folder(self.folder / "tables")
        return private_folder(folder)

    def add(self, table: StoredTable) -> None:
        self.on_disk()
        with self._transaction():
            self.db.execute(
                "INSERT INTO tables (id, created, ruleset, house_name, house_text, kinds, tokens, watch, seed, touched, over, opened_by,"
                " deal_seed_bits) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (table.id, table.created, table.ruleset, table.house_name, table.house_text, json.dumps(table.kinds),
                 json.dumps(table.tokens), table.watch, table.seed, table.touched,
                 None if table.over is None else int(table.over), table.opened_by, table.deal_seed_bits),
            )
            self._insert_steps(table.id, 0, table.steps)

    def append(self, table_id: str, first: int, steps: list[tuple[int, str]], touched: float | None = None) -> None:
        """Add decisions ``first``, ``first + 1``, ... of a table's log (one transaction), and
        note ``touched`` as the time it was last used."""
        if steps:
            self.on_disk()
            with self._transaction():
                self._insert_steps(table_id, first, steps)
                if touched is not None:
                    self.db.execute("UPDATE tables SET touched = ? WHERE id = ?", (touched, table_id))

    def touch(self, table_id: str, touched: float) -> None:
        """Note that a table was used at ``touched`` without a decision (opened, or a person ready)."""
        self.db.execute("UPDATE tables SET touched = ? WHERE id = ?", (touched, table_id))

    def note_seed_bits(self, table_id: str, bits: int) -> None:
        """Note how wide a table's deal seeds are, found by replaying a table kept before the
        room noted it: found once, the same ever after."""
        self.db.execute("UPDATE tables SET deal_seed_bits = ? WHERE id = ?", (bits, table_id))

    def note_over(self, table_id: str, over: bool) -> None:
        """Note whether a table's match is over; once it is, the address that opened it is
        forgotten (it counted only while the match was in play)."""
        if over:
            self.db.execute("UPDATE tables SET over = 1, opened_by = NULL WHERE id = ?", (table_id,))
        else:
            self.db.execute("UPDATE tables SET over = 0 WHERE id = ?", (table_id,))

    def remove(self, table_id: str) -> None:
        """Forget a table and its log (one transaction); its folder is the caller's."""
        self.on_disk()
        with self._transaction():
            self.db.execute("DELETE FROM steps WHERE table_id = ?", (table_id,))
            self.db.execute("DELETE FROM tables WHERE id = ?", (table_id,))

    def _insert_steps(self, table_id: str, first: int, steps: list[tuple[int, str]]) -> None:
        self.db.executemany(
            "INSERT INTO steps (table_id, n, seat, move) VALUES (?,?,?,?)",
            [(table_id, first + k, seat, move) for k, (seat, move) in enumerate(steps)],
        )

    def index(self) -> list[Listed]:
        """Every table kept, oldest first, without its log: what a room needs when it starts.
        A row the room did not write as it is comes with its :attr:`Listed.damage` (and what
        of it could be read: its links, if they are whole)."""
        rows = self.db.execute(
            "SELECT id, ruleset, house_name, kinds, tokens, watch, touched, over, opened_by FROM tables ORDER BY rowid"
        ).fetchall()
        return [_listed(found) for found in rows]

    def table(self, table_id: str) -> StoredTable | None:
        """One table kept, with its log (``None`` if the store has no such table)."""
        rows = self._read("WHERE id = ?", (table_id,))
        return next(rows, None)

    def tables(self) -> Iterator[StoredTable]:
        """Every table kept, oldest first, with its log."""
        return self._read("", ())

    def _read(self, where: str, args: tuple[str, ...]) -> Iterator[StoredTable]:
        rows = self.db.execute(
            "SELECT id, created, ruleset, house_name, house_text, kinds, tokens, watch, seed, touched, over, opened_by, deal_seed_bits"
            f" FROM tables {where} ORDER BY rowid", args
        ).fetchall()
        for found in rows:
            steps = self.db.execute("SELECT n, seat, move FROM steps WHERE table_id = ? ORDER BY n", (found[0],)).fetchall()
            yield _stored(found, steps)

    class _Tx:
        def __init__(self, db: sqlite3.Connection) -> None:
            self.db = db

        def __enter__(self) -> None:
            self.db.execute("BEGIN IMMEDIATE")

        def __exit__(self, kind: object, exc: object, tb: object) -> None:
            self.db.execute("COMMIT" if kind is None else "ROLLBACK")

    def _transaction(self) -> Store._Tx:
        return Store._Tx(self.db)


def lost_words(path: Path, folder: Path) -> str:
    """What the server says once when its store's file (``path``) or its folder's lock has lost
    its name while it serves, and what mends it."""
    if path.name == LOCK_NAME:
        return (f"{path} was removed or replaced while the card room served: another rules serve may now start on {folder}, "
                f"so this one takes no move and opens no table from now on; stop it, then start one server on {folder}")
    return (f"{path} was removed, moved or replaced while the card room served: it takes no move and opens no table from now on, "
            f"since none would be kept; stop it, put {folder} back as it was (or restore it from a backup), then start it again")


def _quick_check(path: Path, db: sqlite3.Connection) -> None:
    """Refuse a file some of whose pages are broken (:class:`Damaged`): SQLite reads a page
    only when a query needs it, so a broken one is otherwise found table by table, each left
    out as it is used.  Reads the whole file once (docs/serve.md gives its cost)."""
    said = [line for found in db.execute("PRAGMA quick_check") for line in str(found[0]).splitlines()
            if line and not line.startswith("*** in database")]
    if said != ["ok"]:
        more = f" (and {len(said) - 3} more)" if len(said) > 3 else ""
        raise Damaged(path, "; ".join(said[:3]) + more)


def _listed(found: tuple[Any, ...]) -> Listed:
    """A row of ``tables`` as :meth:`Store.index` lists it, checked (:mod:`cli.room.rows`)."""
    table_id, ruleset, house, kinds, tokens, watch, touched, over, opened_by = found
    links: list[str | None] = []
    try:
        links = row.tokens_of(tokens, row.json_list("kinds", kinds))  # whole links of refused kinds are told why, too
        row.kinds_of(kinds)
        return Listed(row.table_id(table_id), row.text_of("ruleset", ruleset), row.house_name(house), links,
                      row.text_of("watch", watch), row.when(touched), row.flag(over), row.maybe_text("opened_by", opened_by))
    except row.BadRow as exc:
        return Listed(str(table_id), str(ruleset), house if isinstance(house, str) else None, links,
                      watch if isinstance(watch, str) and watch else "", None, None, None, damage=str(exc))


def _stored(found: tuple[Any, ...], steps: list[tuple[object, object, object]]) -> StoredTable:
    """A row of ``tables`` and its log as :meth:`Store.table` gives it; :class:`BadRow
    <cli.room.rows.BadRow>` for one the room did not write as it is."""
    table_id, created, ruleset, house_name, house_text, kinds, tokens, watch, seed, touched, over, opened_by, bits = found
    seats = row.kinds_of(kinds)
    if (house_name is None) != (house_text is None):
        raise row.BadRow(f"its 'house_name' is {row.shown(house_name)} but its 'house_text' {row.shown(house_text)}: "
                         "a house file's table has both, a bundled ruleset's neither")
    log, numbers = row.steps_of(steps)
    return StoredTable(row.table_id(table_id), row.text_of("created", created, empty=True), row.text_of("ruleset", ruleset),
                       row.house_name(house_name), row.maybe_text("house_text", house_text), seats,
                       row.tokens_of(tokens, seats), row.text_of("watch", watch), row.whole("seed", seed), log,
                       row.when(touched), row.flag(over), row.maybe_text("opened_by", opened_by), numbers, row.seed_bits(bits))


def _said(done: Future[object]) -> None:
    """Say why a queued write failed (:meth:`Store.later`)."""
    exc = done.exception() if not done.cancelled() else None
    if exc is not None:
        warn(f"the store could not note when a table was last used ({type(exc).__name__}: {exc})")
