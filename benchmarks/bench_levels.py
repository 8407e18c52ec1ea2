#!/usr/bin/env python3
"""What a decision of each search level takes: CPU and wall milliseconds, median and p90.

    .venv/bin/python benchmarks/bench_levels.py                    # easy, normal, hard on Schnapsen
    .venv/bin/python benchmarks/bench_levels.py --levels normal --deals 40 --json
    .venv/bin/python benchmarks/bench_levels.py --ruleset sechsundsechzig

The levels (``search:easy``, ``search:normal``, ``search:hard``) are budgets of iterations,
so what a move costs is a fact of the machine, not of the budget: this script measures it.
Each level plays seat-swapped deals (those of ``rules arena --seed S``) against ``greedy``,
in this process, one deal after another, and times every decision of the search bot that
has a choice (forced moves are instant and are left out: they are not what a person waits
for) on two clocks: the CPU time of the deciding thread (``time.thread_time``, what other
programs on the machine do not change) and the wall clock (``time.perf_counter``, what a
person waits; above the CPU time when the machine is busy).  The figures in
``interpreter.play.bots.search_bot.LEVEL_TIMES`` (which docs/bots.md and the start screen of
``rules play`` show) are its figures with the defaults, each the median of three runs.

Prints a table (or ``--json``) on stdout and progress on stderr.  Figures, never assertions:
on a busy machine the wall figures grow, the CPU figures much less.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from interpreter.core.actions import Action  # noqa: E402
from interpreter.engine.state import DealState  # noqa: E402
from interpreter.engine.views import SeatView  # noqa: E402
from interpreter.play.bots import make_agent  # noqa: E402
from interpreter.play.bots.base import Agent  # noqa: E402
from interpreter.play.bots.search_bot import LEVELS, SearchBot  # noqa: E402
from interpreter.play.runner import play_deal  # noqa: E402
from interpreter.rules.loader import load_ruleset  # noqa: E402
from interpreter.sim.arena import deal_specs, play_seed, seat_roles  # noqa: E402
from interpreter.sim.stats import quantile  # noqa: E402

if str(ROOT / "benchmarks") not in sys.path:  # benchmarks/_args.py, also when this file is imported
    sys.path.insert(0, str(ROOT / "benchmarks"))
from _args import positive_int, seed_number, ruleset  # noqa: E402

#: Deals per level by default: about 100 to 200 decisions with a choice each, a few minutes in all.
DEALS = {"easy": 20, "normal": 12, "hard": 6}


class _Timed:
    """The search bot, each decision with a choice timed on both clocks (milliseconds)."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot
        self.cpu: list[float] = []
        self.wall: list[float] = []

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        cpu, wall = time.thread_time_ns(), time.perf_counter_ns()
        action = self.bot.choose(view, legal)
        if len(legal) > 1:
            self.wall.append((time.perf_counter_ns() - wall) / 1e6)
            self.cpu.append((time.thread_time_ns() - cpu) / 1e6)
        return action


def measure(ruleset: str, level: str, deals: int, seed: int) -> dict[str, float | int | str]:
    """Play ``deals`` seat-swapped deals of the level against greedy; its figures."""
    rs = load_ruleset(ruleset)
    cpu: list[float] = []
    wall: list[float] = []
    roles_of = seat_roles(rs)
    for n, spec in enumerate(deal_specs(rs, deals, seed)):
        for k, roles in enumerate(roles_of):
            agents: list[Agent] = []
            timed = []
            for seat, role in enumerate(roles):
                bot_seed = play_seed(spec, k, seat)  # the arena's own
                if role == 0:
                    agent = _Timed(SearchBot(rs, bot_seed, iterations=LEVELS[level]))
                    timed.append(agent)
                    agents.append(agent)
                else:
                    agents.append(make_agent("greedy", rs, bot_seed))
            play_deal(DealState.new(rs, spec.dealer, spec.seed), agents)
            for agent in timed:
                cpu += agent.cpu
                wall += agent.wall
        print(f"  {level}: deal {n + 1} of {deals}, {len(cpu)} decisions", file=sys.stderr)
    return {
        "ruleset": rs.name, "level": level, "iterations": LEVELS[level], "deals": deals, "seed": seed,
        "decisions": len(cpu),
        "cpu_median": round(quantile(cpu, 0.5), 1), "cpu_p90": round(quantile(cpu, 0.9), 1),
        "wall_median": round(quantile(wall, 0.5), 1), "wall_p90": round(quantile(wall, 0.9), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", type=ruleset, default="schnapsen")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=list(LEVELS))
    parser.add_argument("--deals", type=positive_int, default=None, help="deals per level (default: %s)" % DEALS)
    parser.add_argument("--seed", type=seed_number, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [measure(args.ruleset, level, args.deals or DEALS[level], args.seed) for level in args.levels]
    if args.json:
        print(json.dumps(rows))
        return
    print(f"{rows[0]['ruleset']}, seed {args.seed}, against greedy, decisions with a choice")
    print(f"{'level':8} {'iterations':>10} {'decisions':>9}  {'CPU ms median':>13} {'p90':>7}  {'wall ms median':>14} {'p90':>7}")
    for r in rows:
        print(
            f"{r['level']:8} {r['iterations']:>10,} {r['decisions']:>9}  {r['cpu_median']:>13.1f} {r['cpu_p90']:>7.1f}"
            f"  {r['wall_median']:>14.1f} {r['wall_p90']:>7.1f}"
        )


if __name__ == "__main__":
    main()
