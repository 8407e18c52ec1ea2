"""What search costs on this engine: playouts, a bot loop through views, primitives, worlds.

Prints, per bundled ruleset, random deals per second (the ``random`` seat kind's decisions on
the int codes, ``random_playouts``) and deals per second of a bot loop that plays through
seat views (take the view, read its legal actions, let ``RandomBot`` choose, apply the
action); and, on seeded mid-deal positions of each ruleset, the cost of the search
primitives (``copy``, ``push_code`` + ``pop``, ``legal_codes``, ``legal_mask``, ``key``,
``view``) and worlds per second from ``sample_world`` (a ``WorldSampler`` built once per view
and sampled 20 times, and built afresh for every world).  Each figure is the median of
several rounds of fixed work.  Figures, never assertions.

    python benchmarks/bench_search.py [--rounds 5] [--deals 1000] [--json]
    python benchmarks/bench_search.py --base REV [--pairs 3]

With ``--base REV`` the same measurements run alternately on this tree and on revision REV
(checked out with ``git worktree`` into a temporary folder), pair after pair, so the
machine's noise hits both alike; the table gives the median of each side and new / old.
Figures the old engine cannot give (a primitive it does not have) are left blank.
The exact solver's figures are printed by ``benchmarks/bench_solver.py``.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("schnapsen", "sechsundsechzig", "north-american-4", "north-american-3", "north-american-2")
TARGETS = {
    "playout deals/s schnapsen": 45_000,
    "view loop deals/s schnapsen": 10_000,
    "worlds/s (sampler kept) schnapsen": 20_000,
}


def _rate(work: Callable[[], int], rounds: int) -> float:
    """Median over rounds of units of work per second."""
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        done = work()
        rates.append(done / (time.perf_counter() - start))
    return statistics.median(rates)


def measure(rounds: int, deals: int) -> dict[str, float]:
    """Every figure this tree's engine can give, in this process."""
    from interpreter.engine.state import DealState
    from interpreter.play.bots.random_bot import RandomBot, random_playout
    from interpreter.rules.loader import load_ruleset

    figures: dict[str, float] = {}
    rulesets = {name: load_ruleset(name) for name in RULESETS}
    for name, rs in rulesets.items():
        n = rs.players.count
        rng = random.Random(1)

        def playouts() -> int:
            for k in range(deals):
                random_playout(DealState.new(rs, k % n, rng), rng)
            return deals

        bot = RandomBot(rs, 5)
        no_undo = "keep_undo" in inspect.signature(DealState.apply).parameters
        vrng = random.Random(2)

        def view_loop() -> int:
            count = max(1, deals // 4)
            for k in range(count):
                st = DealState.new(rs, k % n, vrng)
                while not st.is_over:
                    seat = st.actor
                    assert seat is not None
                    view = st.view(seat)
                    action = bot.choose(view, list(view.legal))
                    if no_undo:
                        st.apply(action, keep_undo=False)  # a bot loop never goes back
                    else:
                        st.apply(action)
            return count

        figures[f"playout deals/s {name}"] = _rate(playouts, rounds)
        figures[f"view loop deals/s {name}"] = _rate(view_loop, rounds)
        figures.update(_primitives(name, rs, rounds))
    return figures


def _primitives(name: str, rs: Any, rounds: int) -> dict[str, float]:
    from interpreter.engine.state import DealState

    prng = random.Random(3)
    positions = []
    for k in range(300):
        st = DealState.new(rs, k % rs.players.count, 20_000 + k)
        for _ in range(prng.randrange(2, 14)):
            if st.is_over:
                break
            codes = [c for c in st.legal_codes() if c != 131] or st.legal_codes()  # play on rather than declare
            st.push_code(prng.choice(codes), keep_undo=False)
        if not st.is_over:
            positions.append(st)
    out: dict[str, float] = {}

    def each(op: Callable[[Any], object], reps: int = 10) -> Callable[[], int]:
        def work() -> int:
            for _ in range(reps):
                for p in positions:
                    op(p)
            return reps * len(positions)
        return work

    def push_pop(p: Any) -> None:
        p.push_code(p.legal_codes()[0])
        p.pop()

    ops: dict[str, Callable[[Any], object]] = {
        "copy": lambda p: p.copy(),
        "legal+push+pop": push_pop,
        "legal_codes": lambda p: p.legal_codes(),
        "view": lambda p: p.view(p.actor),
    }
    if hasattr(DealState, "key"):
        ops["key"] = lambda p: p.key()
        ops["legal_mask"] = lambda p: p.legal_mask()
    for op_name, op in ops.items():
        out[f"us {op_name} {name}"] = 1e6 / _rate(each(op), rounds)
    try:
        from interpreter.search.sampling import WorldSampler, sample_world
    except ImportError:
        return out
    views = [p.view(p.actor) for p in positions]
    wrng = random.Random(4)

    def kept() -> int:
        for v in views:
            sampler = WorldSampler(v)
            for _ in range(20):
                sampler.sample(wrng)
        return 20 * len(views)

    def fresh() -> int:
        for v in views:
            WorldSampler(v).sample(wrng)
        return len(views)

    out[f"worlds/s (sampler kept) {name}"] = _rate(kept, rounds)
    out[f"worlds/s (sampler per world) {name}"] = _rate(fresh, rounds)
    _ = sample_world
    return out


def _child(tree: Path, rounds: int, deals: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--json", "--rounds", str(rounds), "--deals", str(deals)],
        cwd=tree, env=env, capture_output=True, text=True, check=True,
    ).stdout
    figures: dict[str, float] = json.loads(out)
    return figures


def _table(rows: list[tuple[str, float | None, float | None]], compare: bool) -> str:
    lines = [f"{'figure':<44} {'new':>12}" + (f" {'old':>12} {'new/old':>8}" if compare else "") + f" {'target':>9}"]
    for label, new, old in rows:
        target = TARGETS.get(label)
        line = f"{label:<44} {_fmt(new):>12}"
        if compare:
            ratio = ""
            if new and old:
                # for microseconds a smaller figure is better: ratio as speed-up
                ratio = f"{(old / new if label.startswith('us ') else new / old):.2f}"
            line += f" {_fmt(old):>12} {ratio:>8}"
        line += f" {target:>9,}" if target else f" {'':>9}"
        lines.append(line)
    return "\n".join(lines)


def _fmt(value: float | None) -> str:
    if value is None:
        return ""
    return f"{value:,.2f}" if value < 100 else f"{value:,.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds per figure (the median is shown)")
    parser.add_argument("--deals", type=int, default=1000, help="random deals per round (a quarter for the view loop)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--base", help="also measure this revision, alternately, and print new / old")
    parser.add_argument("--pairs", type=int, default=3, help="old/new run pairs with --base")
    args = parser.parse_args()
    if not args.base:
        figures = measure(args.rounds, args.deals)
        if args.json:
            print(json.dumps(figures))
        else:
            print(_table([(k, v, None) for k, v in figures.items()], compare=False))
            print("\n(us = microseconds per call; the speed-up for them is old/new)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(base), args.base], cwd=ROOT, check=True)
        try:
            old: list[dict[str, float]] = []
            new: list[dict[str, float]] = []
            for k in range(args.pairs):
                old.append(_child(base, args.rounds, args.deals))
                new.append(_child(ROOT, args.rounds, args.deals))
                print(f"pair {k + 1}/{args.pairs} done", file=sys.stderr)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, check=False)
    rows = []
    for label in new[0]:
        n_med = statistics.median(r[label] for r in new)
        olds = [r[label] for r in old if label in r]
        rows.append((label, n_med, statistics.median(olds) if olds else None))
    print(f"base {args.base}, {args.pairs} interleaved pairs, medians")
    print(_table(rows, compare=True))
    print("\n(us = microseconds per call; the speed-up for them is old/new)")


if __name__ == "__main__":
    main()
