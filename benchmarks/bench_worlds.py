#!/usr/bin/env python3
"""Whether the worlds the search bots imagine could be the real deal: a sweep of the sampler.

At every decision of ``--deals`` random deals of each ruleset, ``--worlds`` worlds are drawn
(:class:`~interpreter.search.sampling.WorldSampler`) for the seat to act and for one other seat
drawn at random, and each world is checked three ways: it gives back the seat's view; it breaks
no void the seat saw shown (a card held by a seat that did not follow its suit); and its deal,
dealt afresh, replays the whole public history with every move checked by the engine, to the
same position.  A world that fails any is counted "bad": a bot that searched it reasoned about
a deal that cannot be.  The property tests (``tests/search/test_sampling*.py``) draw a few
worlds at chosen positions; this looks everywhere, which is how two defects were found that
80 deals did not show (a card announced early held through later voids; the points of cards
laid away face down above what would have ended the deal).  Figures, never assertions; the
exit status is 1 if any world was bad.

    python benchmarks/bench_worlds.py [--deals 200] [--worlds 20] [--rulesets house/dreierschnapsen ...]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from interpreter.engine.state import NAMING, DealState  # noqa: E402
from interpreter.engine.views import SeatView  # noqa: E402
from interpreter.rules.loader import load_ruleset  # noqa: E402
from interpreter.rules.resources import bundled_rulesets  # noqa: E402
from interpreter.rules.ruleset import Ruleset  # noqa: E402
from interpreter.search.sampling import InconsistentView, World, WorldSampler, _Timeline  # noqa: E402
from tests.search.test_sampling import replayed  # noqa: E402 (the tests' replay, every move checked)

if str(ROOT / "benchmarks") not in sys.path:
    sys.path.insert(0, str(ROOT / "benchmarks"))
from _args import positive_int, ruleset, seed_number  # noqa: E402


def world_fault(rs: Ruleset, view: SeatView, line: _Timeline, world: World) -> str | None:
    """Why ``world`` cannot be the deal ``view``'s seat sees (``None``: it can)."""
    w = world.state
    if w.view(view.seat) != view:
        return "its view differs"
    if any(mask & w.hands[s] for s in range(rs.players.count) for _, mask in line.lacked[s]):
        return "a void shown is broken"
    try:
        hands, rest, turnup = world.initial_deal()
        again = replayed(rs, view, hands, rest, turnup, w.key(), w.history)
    except Exception as exc:  # noqa: BLE001 - an illegal move on the way is the fault said
        return f"its history does not replay: {type(exc).__name__}: {exc}"
    return None if again.key() == w.key() else "its history replays to another position"


def sweep(name: str, deals: int, worlds: int, seed: int) -> Counter[str]:
    rs = load_ruleset(name)
    n = rs.players.count
    counts: Counter[str] = Counter()
    for deal in range(deals):
        rng = random.Random(seed * 1_000_003 + deal)
        st = DealState.new(rs, deal % n, rng.getrandbits(32))
        while not st.is_over:
            if st.phase != NAMING:
                counts["decisions"] += 1
                actor = st.actor
                assert actor is not None  # a deal not over has a seat to act
                for seat in sorted({actor, rng.randrange(n)}):
                    view = st.view(seat)
                    try:
                        sampler = WorldSampler(view)
                    except InconsistentView as exc:
                        counts["refused"] += 1
                        print(f"{name}: deal {deal}, seat {seat}: the sampler refused the view: {exc}", file=sys.stderr)
                        continue
                    line = _Timeline(view)
                    for _ in range(worlds):
                        counts["worlds"] += 1
                        fault = world_fault(rs, view, line, sampler.sample(rng))
                        if fault is not None:
                            counts["bad"] += 1
                            if counts["bad"] <= 3:
                                print(f"{name}: deal {deal}, seat {seat}: {fault}", file=sys.stderr)
            st.push_code(rng.choice(st.legal_codes()), keep_undo=False)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=positive_int, default=200, help="random deals per ruleset (default 200)")
    parser.add_argument("--worlds", type=positive_int, default=20, help="worlds drawn per seat and decision (default 20)")
    parser.add_argument("--seed", type=seed_number, default=0, help="seed of the deals and draws (default 0)")
    parser.add_argument("--rulesets", type=ruleset, nargs="+", help="rulesets (default: every bundled one and house rule)")
    args = parser.parse_args()
    names = args.rulesets or sorted(bundled_rulesets())
    bad = 0
    print(f"{'ruleset':<34} {'decisions':>9} {'worlds':>9} {'bad':>5} {'refused':>7} {'seconds':>7}")
    for name in names:
        start = time.perf_counter()
        c = sweep(name, args.deals, args.worlds, args.seed)
        bad += c["bad"]
        print(f"{name:<34} {c['decisions']:>9} {c['worlds']:>9} {c['bad']:>5} {c['refused']:>7} {time.perf_counter() - start:>7.0f}", flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
