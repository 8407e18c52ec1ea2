"""Tables kept by the room's first versions deal on as they dealt.

The room's first versions drew each deal's seed 32 bits wide from the table's seed; since
commit 96ca356 it draws them 63 bits wide (a player cannot search 2**63 seeds for the deal
that agrees with his hand), and the store did not say which a table was dealt with.  Read
back under the new width, an old table's log met other hands -- "seat 0 does not hold KC" --
and every table of an upgraded room was left out, its links dead.  The store now notes the
width (``deal_seed_bits``); for a table kept before it did, the room finds the width that
replays the log and notes it.

Each old table here is made as the old room made it: a :class:`Table` dealt 32 bits wide,
its log written into a store whose ``tables`` has no ``deal_seed_bits`` column."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from roomtools import create, open_room, sql

from cli.room.store import Store, StoredTable
from cli.room.tables import Table, new_token
from interpreter.engine.match import DEAL_SEED_BITS, WIDE_DEAL_SEED_BITS
from interpreter.rules.loader import load_ruleset

RS = load_ruleset("schnapsen")
TABLE_ID = "0123456789ab"


def played(bits: int, decisions: int, created: str, seed: int = 77) -> Table:
    """A Schnapsen table (a person at seat 0, greedy at seat 1) dealt ``bits`` wide, with
    ``decisions`` decisions made after the deal (the person plays the first legal move)."""
    table = Table(TABLE_ID, RS, "schnapsen", ["human", "greedy"], [new_token(), None], new_token(), seed, created,
                  deal_seed_bits=bits)
    table.deal()
    rng = random.Random(1)
    for _ in range(decisions):
        if table.bot_to_act():
            table.bot_step()
        else:
            seat = table.session.actor()
            assert seat is not None
            table.act(seat, str(rng.choice(table.session.legal())), table.seq)
    return table


def keep_as_old_room(folder: Path, table: Table) -> None:
    """The table in a store as a room before ``deal_seed_bits`` kept it: the column gone."""
    store = Store(folder)
    store.add(StoredTable(table.id, table.created, "schnapsen", None, None, table.kinds, table.tokens, table.watch, table.seed,
                          list(table.log)))
    store.close()
    sql(folder, "ALTER TABLE tables DROP COLUMN deal_seed_bits")


def read_back(folder: Path) -> tuple[Any, int | None]:
    """The table as the room reads it back (its live table, or None if left out), and the
    width the store notes for it afterwards."""
    with open_room(folder) as (client, room):
        assert list(room.kept) == [TABLE_ID]
        live = client.portal.call(room._load, room.kept[TABLE_ID])
        table = None if live is None else live.table
    stored = Store(folder).table(TABLE_ID)
    assert stored is not None
    return table, stored.deal_seed_bits


def test_an_old_rooms_table_is_read_back_as_it_was_dealt(tmp_path: Path) -> None:
    old = played(DEAL_SEED_BITS, 8, "2026-12-03")
    keep_as_old_room(tmp_path, old)
    table, noted = read_back(tmp_path)
    assert table is not None, "the old table was left out"
    # the moves of the log, as the old room made them (the bot may have moved on since, once woken)
    assert table.session.moves[:len(old.session.moves)] == old.session.moves and len(old.session.moves) >= 4
    assert table.session.match.deal_seeds[0] == old.session.match.deal_seeds[0]  # the cards the old room dealt
    assert table.deal_seed_bits == noted == DEAL_SEED_BITS


@pytest.mark.parametrize(("bits", "created"), [
    (WIDE_DEAL_SEED_BITS, "2026-12-06"),  # kept between 96ca356 and the column: created on or after the day, dealt 63 bits wide
    (DEAL_SEED_BITS, "2026-12-07"),  # created on a day of 63-bit seeds, yet its log replays only 32 bits wide: the log decides
])
def test_the_width_is_found_by_the_log_whatever_the_day(tmp_path: Path, bits: int, created: str) -> None:
    kept = played(bits, 8, created)
    keep_as_old_room(tmp_path, kept)
    table, noted = read_back(tmp_path)
    assert table is not None and table.session.match.deal_seeds[0] == kept.session.match.deal_seeds[0]
    assert table.session.moves[:len(kept.session.moves)] == kept.session.moves
    assert noted == bits


def test_a_log_with_no_card_played_is_read_by_the_day_it_was_created(tmp_path: Path) -> None:
    # only the first deal in the log: both widths replay it, the day says which was dealt
    for created, bits in (("2026-12-05", DEAL_SEED_BITS), ("2026-12-06", WIDE_DEAL_SEED_BITS)):
        folder = tmp_path / created
        folder.mkdir()
        first = played(bits, 0, created)
        keep_as_old_room(folder, first)
        table, noted = read_back(folder)
        assert table is not None and table.session.match.deal_seeds[0] == first.session.match.deal_seeds[0], created
        assert noted == bits, created


def test_a_new_table_is_kept_with_its_width(tmp_path: Path) -> None:
    with open_room(tmp_path) as (client, _):
        table_id = create(client, ["human", "greedy"])["table"]
    stored = Store(tmp_path).table(table_id)
    assert stored is not None and stored.deal_seed_bits == WIDE_DEAL_SEED_BITS


def test_a_width_the_room_never_drew_leaves_the_table_out(tmp_path: Path) -> None:
    old = played(DEAL_SEED_BITS, 4, "2026-12-03")
    keep_as_old_room(tmp_path, old)
    sql(tmp_path, "ALTER TABLE tables ADD COLUMN deal_seed_bits INTEGER")
    sql(tmp_path, "UPDATE tables SET deal_seed_bits = 40")
    with open_room(tmp_path) as (client, room):
        if TABLE_ID in room.kept:  # read when first used
            client.portal.call(room._load, room.kept[TABLE_ID])
        assert room.left_out.get(TABLE_ID) == f"its 'deal_seed_bits' is 40, not {DEAL_SEED_BITS} or {WIDE_DEAL_SEED_BITS}"
