"""Deals per second of ``rules simulate`` with random seats: one process, and every core.

Prints figures, never assertions (benchmarks/ holds no timed tests):

    python benchmarks/bench_simulate.py [--deals 1000000] [--ruleset schnapsen] [--jobs N]

The target of issue 11 is 1,000,000 Schnapsen deals in under 2 minutes on two cores.  The
one-process figure is measured on a slice (``--deals / 20``) unless ``--full-single`` asks
for all of it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from interpreter.rules.loader import load_ruleset
from interpreter.sim.workers import available_cores
from interpreter.sim.simulate import Runs, SimSpec

if str(Path(__file__).resolve().parent) not in sys.path:  # benchmarks/_args.py, also when this file is imported
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import positive_int, ruleset  # noqa: E402


def rate(spec: SimSpec, jobs: int) -> tuple[float, float]:
    """(seconds, deals per second) of playing ``spec`` in ``jobs`` processes."""
    runs = Runs([spec])
    start = time.perf_counter()
    for _ in runs.play(jobs):
        pass
    seconds = time.perf_counter() - start
    return seconds, spec.deals / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=positive_int, default=1_000_000)
    parser.add_argument("--ruleset", type=ruleset, default="schnapsen")
    parser.add_argument("--jobs", type=positive_int, default=available_cores())
    parser.add_argument("--full-single", action="store_true")
    args = parser.parse_args()
    seats = ("random",) * load_ruleset(args.ruleset).players.count
    single = args.deals if args.full_single else max(1, args.deals // 20)
    seconds, per_second = rate(SimSpec(args.ruleset, seats, single), 1)
    print(f"{args.ruleset}: 1 process: {single:,} deals in {seconds:.1f} s, {per_second:,.0f} deals/s")
    seconds, per_second = rate(SimSpec(args.ruleset, seats, args.deals), args.jobs)
    print(f"{args.ruleset}: {args.jobs} processes: {args.deals:,} deals in {seconds:.1f} s, {per_second:,.0f} deals/s")


if __name__ == "__main__":
    main()
