"""The card room: every table, who is connected to it, and the bots that move at it.

:class:`Room` is what ``rules serve`` runs (:mod:`cli.room.app` routes the network to it).
It creates tables (a bundled ruleset or an uploaded house file, validated as ``rules
validate`` does), keeps each decision in the store before anybody is told of it, lets the
bots move (each search off the event loop, one table's bots one after the other), and sends
each connection its own seat's view after every change (:mod:`cli.room.messages`).

A table nobody has used for ``idle_days`` -- no decision, no link opened, nobody ready for the
next deal, no link open now -- is closed (:meth:`Room.sweep`): its record, as far as the match
went, is written beside it (``DIR/tables/ID/_record.yaml``) and it leaves the room and the
store.  Without that, abandoned tables would count towards :data:`MAX_TABLES` for good, until
the room refused every new table.

The room knows every table of the store (:class:`Kept`: its links, when it was last used,
whether its match is over, who opened it), but replays a table's log into a :class:`Live`
table only when the table is first used after a start -- a link opened, a message to it, its
record asked for, or the sweep closing it.  A room that keeps hundreds of tables, most of
them finished or left, starts at once and holds only the tables people come back to
(benchmarks/bench_serve_restart.py measures it); those left for too long are closed once it
serves, one at a time (:meth:`Room.start`), never before it answers.  The limits count from what the store
says, whichever tables are replayed.

Every read and write of the store is done by the store's own thread (:meth:`Store.run
<cli.room.store.Store.run>`), never on the event loop: a write that waits for the file (SQLite
waits up to five seconds for a lock another program holds) holds up the table it is for, whose
move waits for it under the table's lock, and no other table.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
import math
import re
import shutil
import sqlite3
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.core.errors import ErrorList, RulesError
from interpreter.core.printable import printable
from interpreter.engine.match import DEAL_SEED_BITS, WIDE_DEAL_SEED_BITS
from interpreter.play.recordfile import write_file
from interpreter.rules.loader import load_ruleset, ruleset_from_doc
from interpreter.rules.resources import bundled_rulesets
from interpreter.rules.ruleset import Ruleset
from cli.output import warn
from cli.room import IDLE_DAYS
from cli.room import rows as row
from cli.room.messages import presence_message, seat_message
from cli.room.names import HOUSE_NAME_LENGTH, kept_name, new_id, wrong_seats
from cli.room.ondisk import odd_kind
from cli.room.store import PROBE, Lost, Store, StoredTable, cause, private_file, trouble
from cli.room.tables import Refused, Table, kind_of, quoted

#: The largest house file the room takes (a bundled ruleset is a few kB).
MAX_HOUSE_BYTES = 64 * 1024
#: At most this many tables in play at once (finished ones do not count: they only wait for
#: their record to be taken).
MAX_TABLES = 500
#: At most this many of them opened from one address: a club behind one router opens many, one
#: script filling the room opens them all (the address is the proxy's X-Forwarded-For behind a proxy).
TABLES_PER_ADDRESS = 100
#: Seconds during which a table an address opened counts towards its :data:`TABLES_PER_ADDRESS`
#: even once its match is over: a match played to its end in seconds (a house file's one-deal
#: match) frees its place at once, and a script could otherwise open tables without end, each
#: kept in the store and known to the room until it is closed unused.
OPENED_WITHIN = 3600.0
#: At most this many finished tables with no link open stay replayed in memory, the least
#: lately used leaving first (:meth:`Room._trim`): such a table is only asked for its record
#: now and then, which the store gives back by replaying it; those in play stay, being few
#: (:data:`MAX_TABLES`) and used.
FINISHED_IN_MEMORY = 32
#: At most this many spectators' links open to one table at once.  The spectators share one
#: link, which anybody may be sent, so they are bounded among themselves: however many watch,
#: a person's own seat still opens (:data:`LINKS_PER_SEAT`).
WATCHERS_PER_TABLE = 64
#: At most this many links open to one person's seat at once (a tab or two, a phone, a page
#: reconnecting before the server noticed the old link gone): only the seat's holder has its
#: link, so only they can fill it, and no spectator takes its place.
LINKS_PER_SEAT = 8
#: Seconds a table refused because the store could not keep it asks the client to wait
#: (``Retry-After``): SQLite has waited for the file already; another program seldom holds it long.
STORE_RETRY = 5
#: How often, in seconds, the room looks for tables to close (and once as soon as it serves).
SWEEP_EVERY = 3600.0
DAY = 86400.0
#: The name of a closed table's record in its folder: a house file's name begins with a letter
#: or a digit (:func:`house_name`), so it never is this one.
CLOSED_RECORD = "_record.yaml"
#: The most characters of a house file's title the room shows (the table's heading, the
#: browser's tab, the lobby): a longer one is cut, with an ellipsis.
TITLE_LENGTH = 200

Send = Callable[[dict[str, Any]], Awaitable[None]]


@dataclass(eq=False)
class Connection:
    """One open link: the seat it sees (-1: a spectator), how to send it a message, and the
    ``seq`` of the newest state sent to it (see :meth:`Room._send`)."""

    seat: int
    send: Send
    shown: int = -1


@dataclass(eq=False)
class Kept:
    """A table of the store as the room knows it without replaying it, and the table itself
    once it is (:attr:`live`)."""

    id: str
    ruleset: str  # how the table names its rules: for what the room says of it
    tokens: list[str | None]
    watch: str
    touched: float  # when it was last used (the room's clock): a decision, a link opened or closed, a person ready
    finished: bool  # whether its match was over when the store last noted it
    opened_by: str | None = None  # the address that opened it, while its match is in play (None: not known)
    opened_at: float | None = None  # when it was opened (the room's clock), if since the start: for OPENED_WITHIN
    live: Live | None = None
    loading: asyncio.Lock = field(default_factory=asyncio.Lock)  # one replay at a time, however many links open it at once

    @property
    def over(self) -> bool:
        """Whether its match is over: the table's own word once it is replayed, else the store's."""
        return self.live.table.over if self.live is not None else self.finished

    @property
    def busy(self) -> bool:
        """Somebody is at it: a link is open, or it is moving (a message taken, a bot thinking)."""
        live = self.live
        return live is not None and (bool(live.connections) or live.lock.locked() or (live.mover is not None and not live.mover.done()))


@dataclass(eq=False)
class Live:
    """A table replayed, ready to play, and what the room keeps beside it."""

    table: Table
    kept: Kept
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    stored: int = 0  # how many entries of the table's log are in the store
    mover: asyncio.Task[None] | None = None
    seen: set[int] = field(default_factory=set)  # the people's seats that have had a link open (since the start)


#: The day the room began to draw each deal's seed 63 bits wide (commit 96ca356): a table kept
#: before the room noted the width (``deal_seed_bits``) and created before that day was dealt
#: from 32-bit seeds.
WIDE_SEEDS_SINCE = "2026-12-06"


def seed_widths(stored: StoredTable) -> tuple[int, ...]:
    """The widths a kept table's deal seeds may have been drawn with, the likelier first: its
    own, where the store noted it; else both, 32 bits first for a table created before
    :data:`WIDE_SEEDS_SINCE`.  Under the wrong width other hands are dealt, where the log's
    cards soon stand in no hand that holds them: a log of a few moves replays under one width
    only, the one the table was dealt with; the day decides a short log both replay (no card
    played yet, or one or two)."""
    if stored.deal_seed_bits is not None:
        return (stored.deal_seed_bits,)
    if stored.created < WIDE_SEEDS_SINCE:
        return (DEAL_SEED_BITS, WIDE_DEAL_SEED_BITS)
    return (WIDE_DEAL_SEED_BITS, DEAL_SEED_BITS)


def _replayed(stored: StoredTable, rs: Ruleset, bits: int) -> Table:
    """The kept table with each decision of its log replayed through the engine, its deals
    drawn ``bits`` wide; a decision the engine does not take where the log has it is a
    :class:`~cli.room.rows.BadRow` naming its row of ``steps`` (``n``, seat, move)."""
    table = Table(stored.id, rs, stored.ruleset, stored.kinds, stored.tokens, stored.watch, stored.seed, stored.created,
                  stored.house_name, stored.house_text, bits)
    for n, (seat, move) in zip(stored.numbers or range(len(stored.steps)), stored.steps):
        try:
            table.replay(seat, move)
        except Exception as exc:  # a decision the engine does not take where the log has it: the line names its row
            why = str(exc) if isinstance(exc, (RulesError, ValueError)) else f"{type(exc).__name__}: {exc}"
            raise row.step_refused(n, seat, move, why) from None
    table.log.clear()
    return table


class Room:
    """The tables of one server, kept in ``store``; ``bot_delay`` seconds between two bot moves;
    a table unused for ``idle_days`` closed (0: never); ``clock`` the time in seconds (tests
    move it)."""

    def __init__(self, store: Store, bot_delay: float = 0.6, idle_days: float = IDLE_DAYS,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.idle_days = idle_days
        self.clock = clock
        self.kept: dict[str, Kept] = {}  # every table of the store (that could be read back)
        self.left_out: dict[str, str] = {}  # the tables that could not be read back: why, as their links are told
        self.tables: dict[str, Live] = {}  # those replayed, ready to play
        self.tokens: dict[str, tuple[str, int]] = {}  # every link of every kept table: (table, seat)
        self.sweeper: asyncio.Task[None] | None = None
        self.opening = asyncio.Lock()  # one table opened at a time: the limits are counted, then the table kept

    # ------------------------------------------------------------------ tables
    async def restore(self) -> int:
        """Know every table kept in the store -- its log is replayed when it is first used
        (:meth:`_load`).  A table of a bundled ruleset that is gone is told and left out now; a
        table kept by an earlier version, which did not note whether its match is over, is
        replayed now, once, to learn it.  Those unused for too long are not closed here but by
        the sweeper once the room serves (:meth:`start`): after an outage longer than
        :attr:`idle_days` every table is, and each one's record is written and synced to the
        disk, so that closing them all first kept the port shut for as long.  How many tables
        are kept."""
        now = self.clock()
        unloadable: dict[str, str | None] = {}  # a bundled ruleset's name: why it does not load (None: it does)
        for listed in await self.store.run(self.store.index):
            why = listed.damage
            if why is None and listed.house_name is None:
                if listed.ruleset not in unloadable:
                    unloadable[listed.ruleset] = _why_not(listed.ruleset)
                why = unloadable[listed.ruleset]
            if why is not None:
                self._leave_out(Kept(listed.id, listed.ruleset, listed.tokens, listed.watch, now, False), why)
                continue
            if listed.touched is None:  # kept before the room counted it: used now, as far as it can tell
                self.store.later(self.store.touch, listed.id, now)
            kept = Kept(listed.id, listed.ruleset, listed.tokens, listed.watch, now if listed.touched is None else listed.touched,
                        bool(listed.over), listed.opened_by)
            self._add(kept)
            if listed.over is None:
                try:
                    live = await self._load(kept)
                except Refused:  # the store could not be read just now: learnt when the table is first used
                    continue
                if live is not None:
                    self.store.later(self.store.note_over, kept.id, live.table.over)
        return len(self.kept)

    async def _load(self, kept: Kept) -> Live | None:
        """The table, replayed from the store if it is not yet (each decision of its log through
        the engine, to where it was).  A table that can no longer be read back is told once and
        left out (``None``): it stays in the store, its links are told why (:meth:`find`), the
        others go on.  One the store cannot give back just now -- its disk full, the file held
        by another program, a read that failed -- is not left out: :class:`Refused` (503,
        ``server``) says so, and the next use tries again."""
        if kept.live is not None:
            return kept.live
        async with kept.loading:  # two links opened at once: the second finds it replayed
            if kept.live is not None or self.kept.get(kept.id) is not kept:
                return kept.live
            try:
                table = await self._read_back(kept)
            except (sqlite3.Error, OSError) as exc:
                if isinstance(exc, OSError) or cause(exc) in ("busy", "full", "io"):  # the table may well be whole
                    warn(f"table {kept.id} ({kept.ruleset}) could not be read back just now ({type(exc).__name__}: {exc})")
                    raise Refused(f"the server could not read this table back just now ({trouble(exc)}): "
                                  "try again in a moment", "server", 503, STORE_RETRY) from None
                self._leave_out(kept, str(exc))  # its pages broken: kept in the file, told, and the others go on
                return None
            except (RulesError, Refused, ValueError) as exc:
                self._leave_out(kept, exc.why if isinstance(exc, Refused) else str(exc))
                return None
            kept.live = Live(table, kept, stored=table.steps)
            self.tables[kept.id] = kept.live
            self._trim(spare=kept.live)
            return kept.live

    async def _read_back(self, kept: Kept) -> Table:
        """The table as the store holds it (read by the store's thread): each decision of its
        log replayed through the engine.  ``ValueError`` where it cannot be: a decision the
        engine refuses is named by its row of ``steps`` (its ``n``, its seat, its move), so
        that the table's operator finds it."""
        stored = await self.store.run(self.store.table, kept.id)
        if stored is None:
            raise ValueError("it is no longer in the store")
        rs = await asyncio.to_thread(self._kept_ruleset, stored)  # a house file is read off the event loop
        row.seats_of(stored.kinds, rs.players.count, rs.title)  # before the seats' bots are made: one the API would refuse runs no code
        refused: row.BadRow | None = None
        for bits in seed_widths(stored):
            try:
                table = _replayed(stored, rs, bits)
            except row.BadRow as exc:
                refused = refused or exc
                continue
            if stored.deal_seed_bits is None:  # found once, kept: the table deals on as it dealt
                self.store.later(self.store.note_seed_bits, stored.id, bits)
            return table
        assert refused is not None
        raise refused

    def _kept_ruleset(self, kept: StoredTable) -> Ruleset:
        if kept.house_name is None or kept.house_text is None:
            return load_ruleset(kept.ruleset)
        path = self.store.house_folder(kept.id) / kept.house_name
        odd = odd_kind(path)
        if odd is not None:  # no write would ever get through (a named pipe's would wait for a reader): no "try again" for it
            raise row.BadRow(f"its house file cannot be written back: {path} is {odd} (move it away, then start the server again)")
        return self._house(kept.id, kept.house_name, kept.house_text.encode("utf-8"))[0]

    async def create(self, ruleset: str | None, seats: object, house: tuple[str, bytes] | None = None, address: str | None = None) -> Table:
        """A new table: ``ruleset`` a bundled name, or ``house`` an uploaded (file name, the
        file's bytes), kept under :func:`house_name`; ``seats`` one of ``human`` or a bot of
        :data:`ROOM_BOTS` per seat.  Refused with a clear reason (a house file's errors located
        as ``rules validate`` locates them)."""
        async with self.opening:  # the count and the new table, with no other table opened between
            return await self._create(ruleset, seats, house, address)

    async def _create(self, ruleset: str | None, seats: object, house: tuple[str, bytes] | None, address: str | None) -> Table:
        if house is not None and ruleset is not None:  # which one the person meant is theirs to say, not the room's to guess
            raise Refused('give "ruleset" (a bundled ruleset\'s name) or "house" (a house file), not both: '
                          'a house file names the ruleset it extends itself', "ruleset")
        if self._in_play() >= MAX_TABLES:
            await self.sweep(most=self._in_play() - MAX_TABLES + 1)  # tables nobody uses any more make room, as few as it takes
            if self._in_play() >= MAX_TABLES:
                raise Refused(f"the room has {MAX_TABLES} tables in play; try again when one has finished", "full", 503)
        if address is not None:
            self._count_address(address)
        table_id = new_id()
        kept_house: tuple[str, str] | None = None
        if house is not None:
            name = house_name(house[0])
            try:
                rs, text = await asyncio.to_thread(self._house, table_id, name, house[1], shown_as(house[0], name))
            except OSError as exc:  # its folder could not be written: the disk full, say (or the store is gone: said once)
                shutil.rmtree(self.store.house_folder(table_id), ignore_errors=True)
                if not isinstance(exc, Lost):
                    warn(f"a table could not be opened: its house file could not be written ({type(exc).__name__}: {exc})")
                raise Refused(f"the server could not keep a new table just now ({trouble(exc)}), so none is opened: "
                              "try again later", "server", 503) from None
            ref = name
            kept_house = name, text
        elif isinstance(ruleset, str) and ruleset in bundled_rulesets():
            rs, ref = load_ruleset(ruleset), ruleset
        else:
            names = ", ".join(sorted(bundled_rulesets()))
            if ruleset is None:
                raise Refused(f'"ruleset" is missing: give a bundled ruleset\'s name (one of: {names}), or "house": a house file', "ruleset")
            if not isinstance(ruleset, str):
                raise Refused(f'"ruleset" is a bundled ruleset\'s name (one of: {names}), not {kind_of(ruleset)}', "ruleset")
            raise Refused(f"no bundled ruleset named {quoted(ruleset)}; one of: {names}", "ruleset")
        try:
            kinds = self._seats(rs, seats)
        except Refused:
            shutil.rmtree(self.store.house_folder(table_id), ignore_errors=True)
            raise
        created = datetime.datetime.now(tz=datetime.timezone.utc).strftime("%Y-%m-%d")
        table = Table.create(table_id, rs, ref, kinds, created, *(kept_house or (None, None)))
        now = self.clock()
        try:
            await self.store.run(self.store.add, StoredTable(table.id, created, ref, table.house_name, table.house_text, kinds,
                                                             table.tokens, table.watch, table.seed, list(table.log), now, False, address,
                                                             deal_seed_bits=table.deal_seed_bits))
        except (sqlite3.Error, Lost) as exc:  # the file held by another program, the disk full, the file gone: nothing opened, said, and the room goes on
            shutil.rmtree(self.store.house_folder(table_id), ignore_errors=True)
            if not isinstance(exc, Lost):  # (which the store has said once)
                warn(f"a table could not be opened: the store could not keep it ({type(exc).__name__}: {exc})")
            busy = isinstance(exc, sqlite3.Error) and cause(exc) == "busy"  # free in a moment; a full disk, a failing one, only once mended
            raise Refused(f"the server could not keep a new table just now ({trouble(exc)}), so none is opened: "
                          f"try again {'in a moment' if busy else 'later'}", "server", 503, STORE_RETRY if busy else None) from None
        kept = Kept(table.id, ref, table.tokens, table.watch, now, False, address, opened_at=now)
        kept.live = Live(table, kept, stored=len(table.log))
        table.log.clear()
        self._add(kept)
        self.tables[table.id] = kept.live
        self.wake(kept.live)  # a bot may lead the first deal
        return table

    def _count_address(self, address: str) -> None:
        """Refuse a table to ``address`` when :data:`TABLES_PER_ADDRESS` of its tables are in
        play, or are in play or finished but opened within the last :data:`OPENED_WITHIN`
        seconds (a finished table's address is known only since the room started: a restart
        forgets it, as the store does)."""
        mine = [kept for kept in self.kept.values() if kept.opened_by == address]
        if sum(1 for kept in mine if not kept.over) >= TABLES_PER_ADDRESS:
            raise Refused(f"{TABLES_PER_ADDRESS} tables opened from your address are in play; finish one first", "full", 429)
        since = self.clock() - OPENED_WITHIN
        recent = sorted(kept.opened_at for kept in mine if kept.over and kept.opened_at is not None and kept.opened_at > since)
        if sum(1 for kept in mine if not kept.over) + len(recent) >= TABLES_PER_ADDRESS:
            wait = max(1, math.ceil(recent[0] - since))  # until the oldest of them no longer counts
            raise Refused(f"{TABLES_PER_ADDRESS} tables were opened from your address within the last "
                          f"{OPENED_WITHIN / 60:g} minutes (finished ones too, and those in play); try again in {wait} seconds",
                          "full", 429, wait)

    def _in_play(self) -> int:
        """The tables whose match is not over, replayed or not."""
        return sum(1 for kept in self.kept.values() if not kept.over)

    async def sweep(self, most: int | None = None) -> list[str]:
        """Close the tables unused for :attr:`idle_days` (none while a link is open to it or a
        bot is moving at it), least lately used first, ``most`` of them at most: each one's
        record written beside it, then gone from the room and the store.  The ids closed.  A
        record that cannot be written keeps its table (said once)."""
        closed = []
        for kept in self._idle()[:most]:
            if await self._close(kept):
                closed.append(kept.id)
        return closed

    def _idle(self) -> list[Kept]:
        idle = [kept for kept in self.kept.values() if self._unused(kept) and not kept.busy]
        return sorted(idle, key=lambda kept: kept.touched)

    def _unused(self, kept: Kept) -> bool:
        """Whether nobody has used the table for :attr:`idle_days` (a link open to it is a use)."""
        return bool(self.idle_days) and kept.touched <= self.clock() - self.idle_days * DAY

    async def _close(self, kept: Kept) -> bool:
        try:
            live = await self._load(kept)  # its record is made from the match
        except Refused:  # the store could not give it back just now (said): the next look tries again
            return False
        if live is None:
            return False
        async with live.lock:  # a link opened or a move made while it was read back keeps it
            if kept.live is not live or live.connections or (live.mover is not None and not live.mover.done()) or not self._unused(kept):
                if kept.live is live:
                    self.wake(live)  # in use again: a link that found it being read back did not set its bots moving
                return False
            if not await self._closed(kept, live):
                self.wake(live)  # it stays, used again: never kept in memory with a bot to act and none moving
                return False
            return True

    async def _closed(self, kept: Kept, live: Live) -> bool:
        """Write the record of a table unused (the caller holds its lock), then forget it: whether
        it is closed.  A table that is not is touched (not again before another idle period)."""
        table = live.table
        folder = self.store.house_folder(table.id)
        path = folder / CLOSED_RECORD
        try:
            await self.store.run(self.store.on_disk)  # a folder removed is not made again for the record of a table kept nowhere
        except Lost:
            kept.touched = self.clock()
            return False
        try:
            # the whole record or none, synced, before the table is forgotten (off the loop: it waits for the disk)
            await asyncio.to_thread(_write_record, self.store, table.id, table.closing_record())
        except OSError as exc:
            kept.touched = self.clock()  # not again before another idle period
            warn(f"table {table.id} is unused but stays: its record could not be written to {path} ({exc.strerror or exc})")
            return False
        try:
            await self.store.run(self.store.remove, table.id)
        except (sqlite3.Error, Lost) as exc:  # its record is written: the next look closes it again, over the same record
            kept.touched = self.clock()
            if not isinstance(exc, Lost):  # (said once, by the store)
                warn(f"table {table.id} is unused but stays: the store could not forget it ({type(exc).__name__}: {exc})")
            return False
        self._forget(kept)
        kept.live = None  # a link that joined while it closed is told to open it again, and finds no table
        return True

    def _touch(self, live: Live) -> None:
        live.kept.touched = self.clock()
        self.store.later(self.store.touch, live.table.id, live.kept.touched)  # nothing waits on it

    def _add(self, kept: Kept) -> None:
        self.kept[kept.id] = kept
        self.tokens[kept.watch] = (kept.id, -1)
        for seat, token in enumerate(kept.tokens):
            if token is not None:
                self.tokens[token] = (kept.id, seat)

    def _leave_out(self, kept: Kept, why: str) -> None:
        """The table could not be read back (:meth:`_load`, :meth:`restore`): said once on
        stderr, and from now on its links are told why (:meth:`_unreadable`).  It stays in the
        store, untouched, for its operator (docs/serve.md: neither closed nor counted)."""
        warn(f"table {kept.id} ({kept.ruleset}) could not be read back and is left out: {why}", multiline=True)
        self._forget(kept)
        self.left_out[kept.id] = why.replace(str(self.store.folder), "DIR")  # the server's folders are not the links' business
        for seat, token in [(-1, kept.watch), *enumerate(kept.tokens)]:
            if token:  # (a row whose links are damaged has none the room can know)
                self.tokens[token] = (kept.id, seat)

    def _unreadable(self, table_id: str) -> None:
        """Refuse a link of a table left out, saying why (not "mistyped": the link is right)."""
        why = self.left_out.get(table_id)
        if why is not None:
            raise Refused(f"this table's saved state could not be read: {why} (the server's operator can tell more: "
                          "its log names the table)", "unreadable", 500)

    def _forget(self, kept: Kept) -> None:
        """The room no longer knows the table (closed, or left out); the store is the caller's."""
        self.kept.pop(kept.id, None)
        self.tables.pop(kept.id, None)
        for token in [kept.watch, *kept.tokens]:
            if token is not None:
                self.tokens.pop(token, None)

    @staticmethod
    def _seats(rs: Ruleset, seats: object) -> list[str]:
        why = wrong_seats(seats, quoted, rs.players.count, rs.title)  # the rule a row's kinds are held to, too (rows.py)
        if why is not None or not isinstance(seats, list):
            raise Refused(f"seats: {why}", "seats")
        return list(seats)

    def _house(self, table_id: str, name: str, raw: bytes, shown: str | None = None) -> tuple[Ruleset, str]:
        """Load a house file, ``raw`` as it was uploaded, from the table's own folder under
        ``name`` (a :func:`house_name`; its bases: bundled only) -- read by the reader of
        ``rules validate``, so that a file the command refuses (one that is not UTF-8: a
        Windows editor's Latin-1) the room refuses with the same words, and one it takes the
        room takes as it is.  Its errors name it ``shown`` (the name it was sent under).
        The ruleset and the file's text.

        Called in a thread of its own, never on the event loop: a file of 64 kB may take
        PyYAML most of a second to read (or to refuse), and every table of the room would
        wait for it meanwhile."""
        if len(raw) > MAX_HOUSE_BYTES:
            raise Refused(f"the house file is larger than {MAX_HOUSE_BYTES // 1024} kB", "too_large", 413)
        self.store.on_disk()  # (a stat or two) the data folder removed is not made again for a table kept nowhere
        folder = self.store.private_house_folder(table_id)
        path = folder / name
        private_file(path).write_bytes(raw)
        try:
            from interpreter.rules.extends import load_source

            rs = ruleset_from_doc(load_source(path, shown or name), path)
        except RulesError as exc:
            shutil.rmtree(folder, ignore_errors=True)
            raise Refused(house_errors(exc, folder), "invalid") from None
        rs = dataclasses.replace(rs, title=shown_title(rs.title))  # what every page, message and answer of the room shows
        return rs, raw.decode("utf-8")  # read as UTF-8 just now; a byte-order mark is kept, as sent

    async def check(self, name: str, raw: bytes) -> tuple[Ruleset, str]:
        """Read an uploaded house file as a table would, without opening one (the lobby asks
        before it offers the seats): its ruleset and the name a table would keep it under.
        Read off the event loop (:meth:`_house`)."""
        return await asyncio.to_thread(self._check, name, raw)

    def _check(self, name: str, raw: bytes) -> tuple[Ruleset, str]:
        probe = PROBE + new_id()
        safe = house_name(name)
        try:
            return self._house(probe, safe, raw, shown_as(name, safe))[0], safe
        except OSError as exc:  # the file is read where a table keeps it: the disk full, say (the store gone: said once)
            if not isinstance(exc, Lost):
                warn(f"a house file could not be checked: it could not be written ({type(exc).__name__}: {exc})")
            raise Refused(f"the server could not read this file just now ({trouble(exc)}): try again later", "server", 503) from None
        finally:
            shutil.rmtree(self.store.house_folder(probe), ignore_errors=True)

    async def find(self, token: str) -> tuple[Live, int] | None:
        """The table a link opens and the link's seat (-1: a spectator), replayed if it is not
        yet, its bots set moving if one is to act; ``None`` if no table has the link.  A link
        of a table left out (its saved state could not be read back) is refused with why
        (``unreadable``, 500), never as a mistyped one; one the store cannot give back just
        now, with 503 ``server`` (:meth:`_load`)."""
        found = self.tokens.get(token)
        if found is None:
            return None
        self._unreadable(found[0])
        kept = self.kept.get(found[0])
        if kept is None:
            return None
        replayed = kept.live is None
        live = await self._load(kept)
        if live is None:
            self._unreadable(found[0])  # left out just now
            return None
        if replayed:
            self.wake(live)  # a bot that was to act when the server stopped
        return live, found[1]

    # ------------------------------------------------------------------ moving
    async def act(self, live: Live, seat: int, message: object) -> None:
        """A message from the person at ``seat``: an action (``{"type": "action", "move":
        ..., "seq": N}``) or the next deal (``{"type": "next"}``).  Refused with the reason."""
        if not isinstance(message, dict):
            raise Refused("a message is a JSON object with a 'type'", "bad_message")
        kind = message.get("type")
        if seat < 0:
            raise Refused("a spectator only watches", "seat")
        async with live.lock:
            if live.kept.live is not live:  # a change the store could not keep, nor the table be read back
                raise Refused("the server had to set this table aside: open the link again", "stale", 503)
            if kind == "action":
                for key, what in (("move", "an action in the record notation, such as 'play KH'"),
                                  ("seq", "the whole number of the change the action was chosen at (the 'seq' of the state it was chosen in)")):
                    if key not in message:
                        raise Refused(f"an action's '{key}' is missing: give {what}", "bad_message")
                move = message["move"]
                if not isinstance(move, str) or len(move) > 40:
                    got = kind_of(move) if not isinstance(move, str) else f"{len(move)} characters"
                    raise Refused(f"'move' is an action in the record notation, such as 'play KH' (at most 40 characters), not {got}", "bad_message")
                live.table.act(seat, move, message["seq"])
            elif kind == "next":
                live.table.next_deal(seat)
            elif "type" not in message:
                raise Refused("a message's 'type' is missing: give 'action' or 'next'", "bad_message")
            elif not isinstance(kind, str):
                raise Refused(f"a message's 'type' is 'action' or 'next', not {kind_of(kind)}", "bad_message")
            else:
                raise Refused(f"unknown message type {quoted(kind)}: 'action' or 'next'", "bad_message")
            await self._keep(live)  # every message the table takes is logged, "next" too (READY or the deal)
        await self.broadcast(live)
        self.wake(live)

    def wake(self, live: Live) -> None:
        """Start the bots of a table moving, if one is to act and none is moving yet."""
        if live.table.bot_to_act() and (live.mover is None or live.mover.done()):
            live.mover = asyncio.get_running_loop().create_task(self._move_bots(live))

    async def _move_bots(self, live: Live) -> None:
        while True:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            async with live.lock:
                if not live.table.bot_to_act():
                    return
                await thinking(live.table.bot_step)
                try:
                    await self._keep(live)
                except Refused:  # not kept, so not taken: the bot tries again after the delay
                    if live.kept.live is not live:  # set aside: the table's next use reads it back, and moves its bots
                        return
                    if self.store.names.lost() is not None:  # its store gone: no move of it will be kept, the bot stops thinking
                        return
                    if not self.bot_delay:
                        await asyncio.sleep(0.5)
                    continue
            await self.broadcast(live)

    async def _keep(self, live: Live) -> None:
        """Write what the table just took to the store -- or, where the store cannot take it
        (the disk full, the file locked by another program), take it back: the table is read
        back from the store, which is what a restart would find, and the change is refused.  A
        move is taken only once it is kept: nobody is shown a move that a restart would lose.
        The caller holds the table's lock, so the table's writes go to the store in the order
        it took them; the store's thread does them, and the other tables go on meanwhile."""
        taken = live.table.steps
        try:
            await self._persist(live)
        except (sqlite3.Error, OSError) as exc:
            if not isinstance(exc, Lost):  # (said once, by the store)
                warn(f"table {live.kept.id}: the store could not keep a change ({type(exc).__name__}: {exc})")
            try:
                live.table, live.stored = await self._fresh(live.kept)
            except (sqlite3.Error, OSError, RulesError, Refused, ValueError):  # not even readable: read back on next use
                self._drop(live)
                live.stored = -1
            if live.stored < taken:  # (what was written before the failure is kept, and stands)
                when = "later" if isinstance(exc, Lost) else "in a moment"  # a store gone comes back only once its operator acts
                raise Refused(f"the server could not keep this move ({trouble(exc)}), so it is not taken: try again {when}",
                              "server", 503) from None

    async def _fresh(self, kept: Kept) -> tuple[Table, int]:
        table = await self._read_back(kept)
        return table, table.steps

    def _trim(self, spare: Live | None = None) -> None:
        """Let the finished tables nobody is at leave memory, the least lately used first, until
        :data:`FINISHED_IN_MEMORY` are left (``spare``, a table just read back for somebody,
        stays, and counts among them).  Only the replayed table goes: the room still knows it, its record and house
        file are in the store, and its next use -- a link opened, its record asked for --
        replays it (:meth:`_load`).  Without this every table played to its end stayed in
        memory until it was closed unused, days later, and a script playing short matches
        made the server grow without bound."""
        idle = [live for live in self.tables.values() if live is not spare and live.table.over and not live.kept.busy]
        room = FINISHED_IN_MEMORY - (1 if spare is not None and spare.table.over else 0)  # the one spared counts too
        for live in sorted(idle, key=lambda live: live.kept.touched)[:max(0, len(idle) - room)]:
            self._drop(live)

    def _drop(self, live: Live) -> None:
        """Forget the replayed table (not the kept one): its next use reads it back from the
        store.  Its links are left to find that out when they send or reconnect."""
        live.kept.live = None
        self.tables.pop(live.kept.id, None)

    async def _persist(self, live: Live) -> None:
        table = live.table
        if table.log:
            live.kept.touched = self.clock()
            steps = list(table.log)
            await self.store.run(self.store.append, table.id, live.stored, steps, live.kept.touched)
            live.stored += len(steps)
            table.log.clear()
        if table.over and not live.kept.finished:  # the store knows it, for the count of tables in play after a restart
            await self.store.run(self.store.note_over, table.id, True)
            live.kept.finished = True

    async def broadcast(self, live: Live) -> None:
        """Send every connection of a table its seat's view (built under the table's lock: a
        bot may be changing the deal in another thread)."""
        async with live.lock:
            away = self._away(live)
            out = [(c, seat_message(live.table, c.seat, away)) for c in list(live.connections)]
        for connection, message in out:
            await self._send(live, connection, message)

    async def join(self, live: Live, connection: Connection) -> Live:
        """A connection opens: it is sent its view now, and after every change.  Refused when
        its seat has :data:`LINKS_PER_SEAT` links open already, or, a spectator's, when
        :data:`WATCHERS_PER_TABLE` spectators watch: each bounded on its own, so that the
        spectators, however many, never keep a person from their seat.  A person who had no
        link open to the table is here now: the others are told (:meth:`_presence`).
        The table joined: ``live`` itself, or -- when it was set aside between the link's
        :meth:`find` and now (:meth:`_trim`, or a write the store refused) -- the table read
        back again, so that no link is left at a table the room no longer moves."""
        seat = connection.seat
        for _ in range(3):
            async with live.lock:
                if live.kept.live is live:
                    same = sum(1 for c in live.connections if c.seat == seat)
                    if seat < 0 and same >= WATCHERS_PER_TABLE:  # said over the WebSocket, closed with 4429
                        raise Refused(f"{WATCHERS_PER_TABLE} spectators watch this table already", "full", 429)
                    if seat >= 0 and same >= LINKS_PER_SEAT:
                        raise Refused(f"{LINKS_PER_SEAT} links to this seat are open already: close one (another tab, "
                                      "another device)", "full", 429)
                    arrived = seat >= 0 and not self._here(live, seat)
                    again = seat in live.seen
                    live.connections.add(connection)
                    if seat >= 0:
                        live.seen.add(seat)
                    self._touch(live)
                    message = seat_message(live.table, seat, self._away(live))
                    told = self._presence(live, seat, True, again) if arrived else []
                    break
            fresh = await self._load(live.kept)
            if fresh is None:  # closed meanwhile (the sweep), or no longer read back
                raise Refused("no table has this link any more", "unknown_link", 404)
            live = fresh
        else:  # set aside again and again while it was read back: the page's link opens it again
            raise Refused("the server is busy with this table: open the link again", "stale", 503)
        await self._send(live, connection, message)
        for other, words in told:
            await self._send(live, other, words)
        return live

    async def leave(self, live: Live, connection: Connection) -> None:
        """A connection closes: the table was in use until now.  A person's last link closed
        (a page shut, a phone gone to sleep, a lost network): the others are told that the
        seat waits for them -- nobody plays it meanwhile -- so that they do not wait unaware."""
        live.connections.discard(connection)
        self._touch(live)
        self._trim()
        seat = connection.seat
        if seat < 0 or self._here(live, seat):
            return
        async with live.lock:
            if self._here(live, seat):  # back already (a page that reconnected at once)
                return
            told = self._presence(live, seat, False, True)
        for other, words in told:
            await self._send(live, other, words)

    @staticmethod
    def _here(live: Live, seat: int) -> bool:
        """Whether a link of the person at ``seat`` is open."""
        return any(c.seat == seat for c in live.connections)

    def _away(self, live: Live) -> list[int]:
        """The people's seats with no link open: their seat waits for them."""
        return [s for s in live.table.humans if not self._here(live, s)]

    def _presence(self, live: Live, seat: int, here: bool, again: bool) -> list[tuple[Connection, dict[str, Any]]]:
        """What every other link of the table is told of the person at ``seat`` (built under
        the table's lock: each is worded from its own seat's view)."""
        return [(c, presence_message(live.table, c.seat, seat, here, again)) for c in list(live.connections) if c.seat != seat]

    async def _send(self, live: Live, connection: Connection, message: dict[str, Any]) -> None:
        """Send one message to one link; a state older than one the link was sent already is
        not sent.  Each sender builds its states under the table's lock but sends them after
        letting it go, so two can cross: a link that opens while a bot moves, or two moves in
        quick succession, could receive the newer state first and the older last -- and then
        show a turn that is over and wait, its player stuck, for a change that has happened."""
        seq = message.get("seq") if message.get("type") == "state" else None
        if isinstance(seq, int):
            if seq < connection.shown:
                return
            connection.shown = seq
        try:
            await connection.send(message)
        except Exception:  # a connection that went away: it is dropped, the table goes on
            live.connections.discard(connection)

    def start(self) -> None:
        """After a restart, once the room serves: set the bots of every table replayed so far
        moving again (the others' move when the table is first used: :meth:`find`), and the
        sweeper going, which looks for unused tables at once (:meth:`_sweep_now_and_then`).
        A replayed table unused for too long is let go instead, for the sweeper to close: a
        bot's move would make a table left for years used again (its next use replays it and
        sets its bots moving, as any other's)."""
        for live in list(self.tables.values()):
            if self._unused(live.kept):
                self._drop(live)
            else:
                self.wake(live)
        if self.idle_days:
            self.sweeper = asyncio.get_running_loop().create_task(self._sweep_now_and_then())

    async def _sweep_now_and_then(self) -> None:
        """As the room starts serving, then every :data:`SWEEP_EVERY` seconds, close the unused
        tables one at a time, letting the other tables go on between two (each record is
        written and synced to the disk).  The first look is the one a start needs after an
        outage: the room answers while it goes on, and a table somebody opens meanwhile is in
        use again, so the look leaves it (:meth:`_close` checks under the table's lock).  A
        stop cancels it between two awaits: a table whose record was written but which the
        store still holds is closed again, over the same record, by the next start's look."""
        while True:
            for kept in self._idle():  # each once: one that cannot be closed now does not hold up the others
                if self.kept.get(kept.id) is kept and self._unused(kept) and not kept.busy:
                    await self._close(kept)
            await asyncio.sleep(SWEEP_EVERY)

    def stop(self) -> None:
        """The server stops: the bots and the sweeper with it (the tables are in the store)."""
        for live in self.tables.values():
            if live.mover is not None:
                live.mover.cancel()
        if self.sweeper is not None:
            self.sweeper.cancel()


async def thinking(work: Callable[[], None]) -> None:
    """Run a bot's move -- a search may think for seconds -- in a daemon thread of its own,
    off the event loop, and wait for it.  Not in asyncio's own pool (``asyncio.to_thread``):
    a server stopped while a bot thinks waits for every thread of that pool before it ends,
    so SIGTERM took as long as the search.  Nobody waits for this thread once the server has
    stopped (the mover is cancelled, :meth:`Room.stop`): the move it was finding is in no
    store, and a restart lets the bot think again."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[None] = loop.create_future()

    def settle(failed: BaseException | None) -> None:
        if done.done():  # the mover was cancelled meanwhile
            return
        if failed is None:
            done.set_result(None)
        else:
            done.set_exception(failed)

    def run() -> None:
        failed: BaseException | None = None
        try:
            work()
        except BaseException as exc:  # handed to the mover, as asyncio.to_thread would
            failed = exc
        try:
            loop.call_soon_threadsafe(settle, failed)
        except RuntimeError:  # the loop is closed: the server has stopped, nobody waits for this move
            pass

    threading.Thread(target=run, daemon=True, name="room-bot").start()
    await done


def _write_record(store: Store, table_id: str, text: str) -> None:
    """Write a closed table's record in its folder (run off the event loop: it is synced), its
    owner's only: an unfinished match's record holds the seed of the deal in play."""
    path = store.private_house_folder(table_id) / CLOSED_RECORD
    new = not path.exists()
    try:
        write_file(private_file(path), text)
    except OSError:
        if new:  # the whole record or none: not the empty file made to give it its mode
            path.unlink(missing_ok=True)
        raise


def _why_not(ruleset: str) -> str | None:
    """Why a bundled ruleset a kept table names does not load (a later version renamed it),
    or ``None``: checked once per name when the room starts, not once per table."""
    try:
        load_ruleset(ruleset)
    except RulesError as exc:
        return str(exc)
    return None


def house_name(sent: str) -> str:
    """The name an uploaded house file is kept under, made from the name it was sent under:
    what a browser's download folder produces (``hausregeln (1).yaml``, ``Meine Regeln.yaml``)
    is taken, not refused.  The last part of a path; German umlauts and ß spelled out, other
    accented letters without their accents; every other run of characters but ASCII letters,
    digits, ``_`` and ``-`` becomes one ``-``, single dots staying; at most
    :data:`HOUSE_NAME_LENGTH` characters, beginning with a letter or a digit (never ``.`` or
    ``_``: never ``..``, a hidden file, or the closing record :data:`CLOSED_RECORD`), ``house``
    when nothing is left.  Plain ASCII, so that any file system keeps it and a
    Content-Disposition header carries it as it is.  Refused only when the name does not end
    in ``.yaml`` or ``.yml`` (in any case; kept in lower case).  The cleaning is
    :func:`~cli.room.names.kept_name`'s, which a row of the store is held to as well."""
    kept = kept_name(sent)
    if kept is None:
        raise Refused(f"the house file's name {quoted(sent)} does not end in .yaml or .yml: a house file is a YAML file", "house")
    return kept


def shown_as(sent: str, kept: str) -> str:
    """The name a house file's errors call it by: the name it was sent under (the last part
    of a path), as ``rules validate`` would name the file -- unless that name would garble a
    message (a character that does not print, or very long): then the name it is kept under."""
    base = re.split(r"[/\\]", sent)[-1]
    return base if base.isprintable() and len(base) <= 2 * HOUSE_NAME_LENGTH else kept


def shown_title(title: str) -> str:
    """A house file's title as the room shows it: every control character and every
    invisible one that changes how the text around it reads (a bidi override, U+202E, turned
    the browser tab's words after it around) as its visible escape, as every command shows
    text from a file (:func:`~interpreter.core.printable.printable`); at most
    :data:`TITLE_LENGTH` characters, a longer one cut before an escape or character that would
    not fit, and an ellipsis after it.  The file itself is kept as it was sent."""
    shown = printable(title)
    if len(shown) <= TITLE_LENGTH:
        return shown
    kept, used = [], 0
    for char in title:
        piece = printable(char)
        if used + len(piece) > TITLE_LENGTH - 1:
            break
        kept.append(piece)
        used += len(piece)
    return "".join(kept) + "…"


def house_errors(exc: RulesError, folder: Path) -> str:
    """A house file's errors, one per line, located in the file as it was sent."""
    from interpreter.core.errors import MissingBaseError
    from interpreter.rules.references import RefusedReferenceError

    errors = exc.errors if isinstance(exc, ErrorList) else [exc]
    lines = []
    for e in errors:
        # a base outside, or one not found: a file sent alone has no neighbours, so the
        # loader's "a path relative to this file" (and its "did you mean" the file itself) would mislead
        if isinstance(e, (RefusedReferenceError, MissingBaseError)):
            lines.append(f"{e.prefix()}a house file sent to the room may extend only a bundled ruleset ({', '.join(sorted(bundled_rulesets()))})")
        else:
            lines.append(str(e).replace(str(folder) + "/", ""))
    return "\n".join(lines)
