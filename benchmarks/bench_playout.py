"""Random-playout and legal-move-generation speed, per bundled ruleset.

Prints, for every required ruleset, random deals per second (uniform play among the legal
actions, declaring exactly when right: the ``random`` seat kind) and legal-action
generations per second, with the ratio of each figure to Schnapsen's in the same run.
Each figure is the best and the median of several rounds of fixed work: the best is what
the code can do, the median shows how noisy the machine was.  Figures, never assertions.

    python benchmarks/bench_playout.py [--rounds 9] [--deals 1000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from interpreter.play.bots.random_bot import random_playout
from interpreter.rules.loader import load_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.engine.state import DealState

if str(Path(__file__).resolve().parent) not in sys.path:  # benchmarks/_args.py, also when this file is imported
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import positive_int  # noqa: E402

RULESETS = ("schnapsen", "sechsundsechzig", "north-american-4", "north-american-3", "north-american-2")
TARGET_SCHNAPSEN = 10_000


def playout_round(rs: Ruleset, rng: random.Random, deals: int) -> float:
    """Deals per second over one round of ``deals`` random deals (one generator for the shuffles)."""
    n = rs.players.count
    start = time.perf_counter()
    for k in range(deals):
        random_playout(DealState.new(rs, k % n, rng), rng)
    return deals / (time.perf_counter() - start)


def legal_rates(name: str, rounds: int) -> list[float]:
    """Legal-action generations per second, on 200 positions sampled from random play."""
    rs = load_ruleset(name)
    prng = random.Random(2)
    positions = []
    for k in range(200):
        state = DealState.new(rs, 0, 10_000 + k)
        steps = prng.randrange(0, 12)
        while not state.is_over and steps:
            state.push_code(prng.choice(state.legal_codes()), keep_undo=False)
            steps -= 1
        if not state.is_over:
            positions.append(state)
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(25):
            for p in positions:
                p.legal_codes()
        rates.append(25 * len(positions) / (time.perf_counter() - start))
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=positive_int, default=9, help="rounds per figure (best and median are shown)")
    parser.add_argument("--deals", type=positive_int, default=1000, help="random deals per round")
    args = parser.parse_args()
    rulesets = {name: load_ruleset(name) for name in RULESETS}
    rngs = {name: random.Random(1) for name in RULESETS}
    rates: dict[str, list[float]] = {name: [] for name in RULESETS}
    for _ in range(args.rounds):  # rounds interleave the rulesets, so machine noise hits all alike
        for name in RULESETS:
            rates[name].append(playout_round(rulesets[name], rngs[name], args.deals))
    rows = []
    for name in RULESETS:
        d = rates[name]
        g = legal_rates(name, args.rounds)
        rows.append((name, max(d), statistics.median(d), max(g), statistics.median(g)))
    base_d, base_g = rows[0][1], rows[0][3]
    print(f"{'ruleset':<18} {'deals/s best':>13} {'median':>9} {'x sch':>6} {'legal gens/s best':>18} {'median':>10} {'x sch':>6}")
    for name, db, dm, gb, gm in rows:
        print(f"{name:<18} {db:>13,.0f} {dm:>9,.0f} {db / base_d:>6.2f} {gb:>18,.0f} {gm:>10,.0f} {gb / base_g:>6.2f}")
    print(f"\nschnapsen random deals/s (best round): {base_d:,.0f}; target {TARGET_SCHNAPSEN:,}; ratio {base_d / TARGET_SCHNAPSEN:.2f}")


if __name__ == "__main__":
    main()
