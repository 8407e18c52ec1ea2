#!/usr/bin/env python3
"""What stopping a search early saves: iterations spent, and the moves it changes (none).

The search bot stops a decision's search once the iterations left could not change the move
it returns (``stop_early``, :func:`interpreter.search.ismcts._settled`).  For each ruleset and
budget this searches the same seeded positions twice -- every iteration spent, and stopping
early, from the same generator -- and prints the iterations each spent, their ratio, the CPU
seconds of each and how many positions got the same move (all, or the rule is wrong).  The
positions are a few random moves into a deal with a choice to make; ``--auction`` takes the
calls of the auction instead (at five times the budget, as the bot bids).  Iteration counts
are the same on every machine; the seconds are the machine's.  Figures, never assertions.

    python benchmarks/bench_stop_early.py [--rulesets schnapsen north-american-4] [--iterations 700] [--positions 40]
    python benchmarks/bench_stop_early.py --rulesets north-american-4 --auction --positions 12
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from interpreter.engine.position import AUCTION  # noqa: E402
from interpreter.engine.state import DealState  # noqa: E402
from interpreter.engine.views import SeatView  # noqa: E402
from interpreter.play.bots.search_bot import AUCTION_BUDGET, BIAS, BIAS_OPPONENTS, EXACT_WORLDS  # noqa: E402
from interpreter.rules.loader import load_ruleset  # noqa: E402
from interpreter.search.ismcts import greedy_policy, ismcts  # noqa: E402

if str(ROOT / "benchmarks") not in sys.path:  # benchmarks/_args.py, also when this file is imported
    sys.path.insert(0, str(ROOT / "benchmarks"))
from _args import positive_int, require, ruleset  # noqa: E402


def with_auction(name: str) -> str:
    """A ruleset that bids (``--auction`` measures the calls of its auction)."""
    if not load_ruleset(name).bidding.enabled:
        raise argparse.ArgumentTypeError(f"{name} has no auction; expected, with --auction, rulesets that bid (north-american-4, ...)")
    return name


def positions(name: str, count: int, auction: bool) -> list[SeatView]:
    """Seeded views with a choice: a few random moves into a deal (the auction's calls only
    with ``auction``)."""
    rs = load_ruleset(name)
    rng = random.Random(5)
    views: list[SeatView] = []
    k = 0
    while len(views) < count and k < 50 * count:
        st = DealState.new(rs, k % rs.players.count, 40_000 + k)
        k += 1
        for _ in range(rng.randrange(0, 3 if auction else 20)):
            if st.is_over:
                break
            st.push_code(rng.choice(st.legal_codes()), keep_undo=False)
        if st.is_over or st.actor is None or len(st.legal_codes()) < 2 or (auction and st.phase != AUCTION):
            continue
        views.append(st.view(st.actor))
    return views


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rulesets", nargs="+", type=ruleset, default=["schnapsen", "sechsundsechzig", "north-american-4"])
    parser.add_argument("--iterations", type=positive_int, default=700, help="the budget (the normal level's 700)")
    parser.add_argument("--positions", type=positive_int, default=40)
    parser.add_argument("--auction", action="store_true", help="calls of the auction, at AUCTION_BUDGET times the budget")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.auction:  # else its row would say 0 positions, measured of nothing
        for name in args.rulesets:
            require(parser, "--rulesets", with_auction, name)
    budget = args.iterations * (AUCTION_BUDGET if args.auction else 1)
    rows = []
    for name in args.rulesets:
        views = positions(name, args.positions, args.auction)
        spent = {False: 0, True: 0}
        seconds = {False: 0.0, True: 0.0}
        same = 0
        for i, view in enumerate(views):
            best = {}
            for stop in (False, True):
                start = time.process_time()
                result = ismcts(view, random.Random(i), iterations=budget, policy=greedy_policy, bias=BIAS,
                                bias_opponents=BIAS_OPPONENTS, exact_worlds=EXACT_WORLDS, stop_early=stop)
                seconds[stop] += time.process_time() - start
                spent[stop] += result.iterations
                best[stop] = result.best
            same += best[False] == best[True]
        rows.append({
            "ruleset": name, "positions": len(views), "budget": budget, "iterations whole": spent[False],
            "iterations stopping early": spent[True], "ratio": round(spent[True] / max(spent[False], 1), 3),
            "cpu s whole": round(seconds[False], 2), "cpu s stopping early": round(seconds[True], 2), "same move": same,
        })
        print(f"  {name} done", file=sys.stderr)
    if args.json:
        print(json.dumps(rows))
        return
    print(f"{'ruleset':18} {'positions':>9} {'budget':>6} {'iterations':>21} {'ratio':>6} {'CPU s':>13} {'same move':>9}")
    for r in rows:
        print(f"{r['ruleset']:18} {r['positions']:>9} {r['budget']:>6} "
              f"{r['iterations stopping early']:>10}/{r['iterations whole']:<10} {r['ratio']:>6.3f} "
              f"{r['cpu s stopping early']:>6.1f}/{r['cpu s whole']:<6.1f} {r['same move']:>5}/{r['positions']}")


if __name__ == "__main__":
    main()
