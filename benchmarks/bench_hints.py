#!/usr/bin/env python3
"""What the memo of greedy moves saves the search bot, and proof that it changes no move.

    .venv/bin/python benchmarks/bench_hints.py                          # five rulesets, 700 iterations
    .venv/bin/python benchmarks/bench_hints.py --rulesets schnapsen --iterations 200 --rounds 5

The search bot's tree asks, at every node below the root, for the actor's greedy move in the
world at hand (the bias); a node keeps it per world of the weighted pool
(``interpreter.search.ismcts.MEMO_HINTS``, see ``_Recorder`` there).  This script times the
search bot's decisions on 30 seeded mid-deal views per ruleset (1 to 13 random moves from the
deal, so that most views have other seats' moves to read and the pool is used) with the memo
and without it, alternately in this process, and checks that both searches return the same
result -- the move, every root action's visits and value -- on every view.

Prints one line per ruleset on stdout (``--json``: one JSON object): the median CPU seconds of
the rounds with and without the memo and their ratio; progress on stderr.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import interpreter.search.ismcts as ismcts_module  # noqa: E402
from interpreter.engine.state import DealState  # noqa: E402
from interpreter.engine.views import SeatView  # noqa: E402
from interpreter.play.bots import make_agent  # noqa: E402
from interpreter.rules.loader import load_ruleset  # noqa: E402

if str(ROOT / "benchmarks") not in sys.path:  # benchmarks/_args.py, also when this file is imported
    sys.path.insert(0, str(ROOT / "benchmarks"))
from _args import positive_int, ruleset  # noqa: E402

RULESETS = ("schnapsen", "sechsundsechzig", "north-american-4", "house/three-player-66", "house/bauernschnapsen")


def views_of(name: str, count: int = 30) -> list[SeatView]:
    """``count`` views with a choice, each 1 to 13 random moves into a seeded deal."""
    rs = load_ruleset(name)
    rng = random.Random(7)
    views: list[SeatView] = []
    k = 0
    while len(views) < count and k < 50 * count:  # (a ruleset that seldom offers a choice: fewer views)
        st = DealState.new(rs, k % rs.players.count, 30_000 + k)
        k += 1
        for _ in range(rng.randrange(1, 14)):
            if st.is_over:
                break
            codes = [c for c in st.legal_codes() if c != 131] or st.legal_codes()  # 131: going out
            st.push_code(rng.choice(codes), keep_undo=False)
        if not st.is_over and st.actor is not None and len(st.legal_codes()) > 1:
            views.append(st.view(st.actor))
    return views


def decide(name: str, views: list[SeatView], iterations: int, memo: bool) -> tuple[float, list[object]]:
    """CPU seconds for the bot's decisions on ``views`` and what it found, the memo on or off."""
    ismcts_module.MEMO_HINTS = memo
    bot = make_agent(f"search:iters={iterations}", load_ruleset(name), 1)
    found: list[object] = []
    start = time.process_time()
    for v in views:
        bot.choose(v, list(v.legal))
        found.append(bot.last)  # type: ignore[attr-defined]
    return time.process_time() - start, found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--rulesets", nargs="+", type=ruleset, default=list(RULESETS))
    ap.add_argument("--iterations", type=positive_int, default=700, help="the bot's budget (700: the normal level)")
    ap.add_argument("--rounds", type=positive_int, default=3, help="alternate rounds of each (the median is shown)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out: dict[str, dict[str, float | bool]] = {}
    try:
        for name in args.rulesets:
            views = views_of(name)
            on: list[float] = []
            off: list[float] = []
            same = True
            for r in range(args.rounds):
                print(f"{name}: round {r + 1} of {args.rounds}", file=sys.stderr)
                t_off, without = decide(name, views, args.iterations, False)
                t_on, with_memo = decide(name, views, args.iterations, True)
                off.append(t_off)
                on.append(t_on)
                same = same and without == with_memo
            out[name] = {"with_memo_s": round(statistics.median(on), 3), "without_s": round(statistics.median(off), 3),
                         "speedup": round(statistics.median(off) / statistics.median(on), 3), "same_results": same}
    finally:
        ismcts_module.MEMO_HINTS = True
    if args.json:
        print(json.dumps(out))
    else:
        for name, f in out.items():
            print(f"{name:24} with the memo {f['with_memo_s']:.3f} s  without {f['without_s']:.3f} s  "
                  f"speed-up {f['speedup']:.3f}  {'the same results' if f['same_results'] else 'RESULTS DIFFER'}")
    return 0 if all(f["same_results"] for f in out.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
