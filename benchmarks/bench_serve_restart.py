"""How long ``rules serve`` takes to open a room that keeps many tables, and what they hold in memory.

A room kept in SQLite is opened at every start (:meth:`cli.room.room.Room.restore`).  This
fills a temporary data folder with TABLES tables of RULESET, each with a person and a random
bot -- half of them played to the end of their match, half stopped in the middle of it, every
one used a moment ago (so that no idle table is closed at the start and the figure is the
opening alone) -- then opens the room as the server does and prints JSON on stdout: the
seconds the opening took, the memory the room holds after it (tracemalloc, in a second
opening, since tracing slows the first), and the seconds the first use of one table took (a
link opened: the table made ready to play).  The figures depend on the machine; nothing is
asserted here.

    python benchmarks/bench_serve_restart.py --tables 300

The log of each kind of table is played once and stored under every table of that kind (its
own id and links, the same seed): replaying it costs what any log of that length costs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO / "benchmarks") not in sys.path:  # benchmarks/_args.py, also when this file is imported
    sys.path.insert(0, str(REPO / "benchmarks"))
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
from _args import bundled_ruleset, positive_int  # noqa: E402


def played_log(ruleset: str, finished: bool, seed: int) -> tuple[int, list[tuple[int, str]]]:
    """A table's seed and log: a person (seat 0, choosing at random) against random bots,
    played to the end of the match, or to its third deal's middle; the same for the same seed."""
    from cli.room.tables import Table, new_token
    from interpreter.rules.loader import load_ruleset

    rs = load_ruleset(ruleset)
    kinds = ["human"] + ["random"] * (rs.players.count - 1)
    table = Table("probe", rs, ruleset, kinds, [new_token()] + [None] * (len(kinds) - 1), new_token(), seed, "2025-01-01")
    table.deal()
    rng = random.Random(seed)
    while not table.over:
        if not finished and table.session.number >= 3 and len(table.session.moves) >= 4:
            break
        if table.session.deal_over:
            table.next_deal(0)
        elif table.bot_to_act():
            table.bot_step()
        else:
            seat = table.session.actor()
            assert seat is not None
            table.act(seat, str(rng.choice(table.session.legal())), table.seq)
    return table.seed, list(table.log)


def fill(folder: Path, tables: int, ruleset: str) -> None:
    """Keep ``tables`` tables in a room's store under ``folder``, half finished, half in play."""
    from cli.room.store import Store, StoredTable
    from cli.room.tables import new_token
    from interpreter.engine.match import WIDE_DEAL_SEED_BITS
    from interpreter.rules.loader import load_ruleset

    count = load_ruleset(ruleset).players.count
    kinds = ["human"] + ["random"] * (count - 1)
    logs = [played_log(ruleset, finished, 7) for finished in (True, False)]
    store = Store(folder)
    now = time.time()
    for k in range(tables):
        seed, steps = logs[k % 2]
        tokens: list[str | None] = [new_token()] + [None] * (count - 1)
        store.add(StoredTable(f"{k:012x}", "2025-01-01", ruleset, None, None, kinds, tokens, new_token(), seed, steps, now,
                              deal_seed_bits=WIDE_DEAL_SEED_BITS))
    store.close()


def open_room(folder: Path) -> tuple[float, Any, Any]:
    """The seconds opening the room took, the room and its store."""
    from cli.room.room import Room
    from cli.room.store import Store

    async def opening() -> tuple[float, Any, Any]:
        start = time.perf_counter()
        store = Store(folder)
        room = Room(store)
        await room.restore()  # as the server does it: the store read by its own thread
        return time.perf_counter() - start, room, store

    return asyncio.run(opening())


def run(tables: int = 300, ruleset: str = "schnapsen") -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bench-serve-restart-") as tmp:
        folder = Path(tmp)
        fill(folder, tables, ruleset)
        from cli.room.store import Store

        store = Store(folder)
        steps = sum(len(t.steps) for t in store.tables())
        store.close()
        open_room(folder)[2].close()  # once, so that the ruleset is loaded and cached for both figures
        seconds, room, store = open_room(folder)
        token = next(t.tokens[0] for t in store.tables())
        async def use() -> tuple[float, Any]:
            start = time.perf_counter()
            found = await room.find(token)
            return time.perf_counter() - start, found

        first_use, found = asyncio.run(use())
        assert found is not None, "the table of a kept link was not found"
        store.close()
        tracemalloc.start()
        _, room, store = open_room(folder)
        held, _peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        store.close()
        del room
    return {"tables": tables, "ruleset": ruleset, "logged_steps": steps, "open_seconds": round(seconds, 3),
            "held_mb": round(held / 1e6, 1), "first_use_seconds": round(first_use, 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=positive_int, default=300, help="tables kept in the room (300)")
    parser.add_argument("--ruleset", type=bundled_ruleset, default="schnapsen", help="a bundled ruleset (schnapsen)")
    args = parser.parse_args()
    print(json.dumps(run(args.tables, args.ruleset), indent=2))


if __name__ == "__main__":
    main()
