"""The exact solver's speed, per bundled ruleset: endgames and whole open-card deals.

For every ruleset it prints:

* **endgame** -- the solve at the start of the strict phase: random play (declaring exactly when
  right, never closing) until the talon is exhausted, e.g. five cards against five in
  Schnapsen.  Rulesets without a talon play strictly from the first trick; their endgame is
  taken where every hand is down to ``--endgame-cards`` cards.  Median and worst time and
  nodes over ``--positions`` seeded positions;
* **deal** -- the whole deal solved with all cards open and the stock order known, from the
  deal itself (the auction too, where there is one), over ``--deals`` seeded deals, each with a
  time limit so that a bad case cannot hang the run: the median time (a lower bound if more
  than half hit the limit), how many hit it, the median nodes and the nodes per second.

Aims (a 2-core machine, medians, plain CPython; issue 24): a whole open-card deal of
Schnapsen in 0.3 s and of Sechsundsechzig in 2 s.  The endgame's aim is a ratio -- 3 times
commit 39fd150's, measured in the same minutes by ``bench_search.py --base 39fd150 --only
solver`` (docs/speed.md).  Figures, never assertions.

    python benchmarks/bench_solver.py [--positions 50] [--deals 50] [--limit 5] [--rulesets schnapsen ...]

With the defaults a run takes about a quarter of an hour on two cores, most of it in the
deals of Sechsundsechzig and the two-player North American game that hit the limit;
``--deals 10`` gives a first look in a few minutes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from interpreter.core.actions import CLOSE, CLOSE_BEFORE_DRAW, CONTINUE, DECLARE
from interpreter.engine.position import AUCTION, OVER
from interpreter.engine.state import DealState
from interpreter.rules.loader import load_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.search.solver import solve

if str(Path(__file__).resolve().parent) not in sys.path:  # benchmarks/_args.py, also when this file is imported
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import natural_int, positive_float, positive_int, ruleset  # noqa: E402

RULESETS = ("schnapsen", "sechsundsechzig", "north-american-2", "north-american-3", "north-american-4")
#: the whole-deal aims, seconds (median, plain CPython)
TARGET_DEAL_S = {"schnapsen": 0.3, "sechsundsechzig": 2.0}


def endgame(rs: Ruleset, seed: int, cards: int) -> DealState | None:
    """The first lead of the strict phase reached by random play from deal ``seed`` (``None``
    if the deal ended before): the talon exhausted, or in a game without a talon every hand
    down to ``cards`` cards."""
    rng = random.Random(seed)
    state = DealState.new(rs, seed % rs.players.count, rng)
    target = rs.claim.target
    while state.phase != OVER:
        if not state.trick and not state.draw_pending and state.strict() and state.phase != AUCTION:
            if rs.deal.talon or all(h.bit_count() <= cards for h in state.hands):
                if not (state.claim_seat >= 0 and state.claim_points() >= target):
                    return state
        codes = [c for c in state.legal_codes() if c not in (CLOSE, CLOSE_BEFORE_DRAW)] or [CONTINUE]
        if DECLARE in codes:
            if state.claim_points() >= target:
                state.step_code(DECLARE)
                continue
            if len(codes) > 1:
                codes.remove(DECLARE)
        state.step_code(rng.choice(codes))
    return None


def bench_endgames(rs: Ruleset, positions: int, cards: int) -> tuple[list[float], list[int]]:
    times: list[float] = []
    nodes: list[int] = []
    seed = 0
    while len(times) < positions:
        seed += 1
        state = endgame(rs, seed, cards)
        if state is None:
            continue
        start = time.perf_counter()
        got = solve(state)
        times.append(time.perf_counter() - start)
        nodes.append(got.nodes)
    return times, nodes


def bench_deals(rs: Ruleset, deals: int, limit: float) -> tuple[list[float], list[int], int]:
    times: list[float] = []
    nodes: list[int] = []
    stopped = 0
    for seed in range(deals):
        state = DealState.new(rs, seed % rs.players.count, seed)
        start = time.perf_counter()
        got = solve(state, time_limit=limit)
        times.append(time.perf_counter() - start)
        nodes.append(got.nodes)
        stopped += not got.exact
    return times, nodes, stopped


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=positive_int, default=50, help="endgame positions per ruleset")
    parser.add_argument("--deals", type=natural_int, default=50, help="whole deals per ruleset (0: none)")
    parser.add_argument("--limit", type=positive_float, default=5.0, help="time limit per whole-deal solve, seconds")
    parser.add_argument("--endgame-cards", type=positive_int, default=5, help="cards per hand of a no-talon game's endgame")
    parser.add_argument("--rulesets", nargs="+", type=ruleset, default=list(RULESETS), help="rulesets to measure")
    args = parser.parse_args()
    print(f"{'ruleset':<18} {'endgame':<22} {'ms median':>9} {'ms max':>8} {'nodes med':>9} {'nodes max':>9}")
    deal_rows = []
    for name in args.rulesets:
        rs = load_ruleset(name)
        times, nodes = bench_endgames(rs, args.positions, args.endgame_cards)
        what = "talon exhausted" if rs.deal.talon else f"{args.endgame_cards} cards each"
        print(f"{name:<18} {what:<22} {statistics.median(times) * 1e3:>9.3f} {max(times) * 1e3:>8.2f}"
              f" {statistics.median(nodes):>9.0f} {max(nodes):>9}", flush=True)
        if args.deals:
            deal_rows.append((name, *bench_deals(rs, args.deals, args.limit)))
    if deal_rows:
        print(f"\n{'ruleset':<18} {'deals':>5} {'s median':>9} {'s max':>7} {'hit limit':>9} {'nodes med':>10} {'nodes/s':>9}")
        for name, times, nodes, stopped in deal_rows:
            median = statistics.median(times)
            mark = ">=" if 2 * stopped > len(times) else "  "
            print(f"{name:<18} {len(times):>5} {mark}{median:>7.3f} {max(times):>7.2f} {stopped:>9}"
                  f" {statistics.median(nodes):>10.0f} {sum(nodes) / sum(times):>9.0f}")
    aims = "; ".join(f"{name} {limit} s" for name, limit in TARGET_DEAL_S.items())
    print(f"\naims, a whole open-card deal's median: {aims} (the endgame's: 3 times 39fd150, see bench_search.py)")


if __name__ == "__main__":
    main()
