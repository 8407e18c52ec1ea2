"""Playout speed of the working tree against an earlier revision, measured in the same minutes.

Runs ``benchmarks/bench_playout.py`` of both trees one after the other, several times over
(old, new, old, new, ...), so that the machine's noise hits both alike, and prints per ruleset
the median over those runs of each run's best round, for random deals per second and for
legal-action generations per second, with the ratio new / old.  Figures, never assertions.

    python benchmarks/compare_revisions.py [--base REV] [--pairs 5] [--rounds 3] [--deals 1000]

The base revision is checked out with ``git worktree`` into a temporary folder and removed
afterwards; its own benchmark script measures it, with this tree's Python environment.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "benchmarks") not in sys.path:  # benchmarks/_args.py, also when this file is imported
    sys.path.insert(0, str(ROOT / "benchmarks"))
from _args import positive_int, revision  # noqa: E402

ROW = re.compile(r"^(\S+)\s+([\d,]+)\s+([\d,]+)\s+[\d.]+\s+([\d,]+)\s+([\d,]+)\s+[\d.]+$")


def measure(tree: Path, rounds: int, deals: int) -> dict[str, tuple[float, float]]:
    """Best deals/s and best legal generations/s per ruleset, from one run of the tree's benchmark."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, str(tree / "benchmarks" / "bench_playout.py"), "--rounds", str(rounds), "--deals", str(deals)],
        cwd=tree, env=env, capture_output=True, text=True, check=True,
    ).stdout
    rows: dict[str, tuple[float, float]] = {}
    for line in out.splitlines():
        m = ROW.match(line.strip())
        if m:
            rows[m.group(1)] = (float(m.group(2).replace(",", "")), float(m.group(4).replace(",", "")))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--base", type=revision, default="HEAD", help="the revision to compare with (default HEAD)")
    parser.add_argument("--pairs", type=positive_int, default=5, help="old/new run pairs")
    parser.add_argument("--rounds", type=positive_int, default=3, help="rounds per benchmark run")
    parser.add_argument("--deals", type=positive_int, default=1000, help="random deals per round")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(base), args.base], cwd=ROOT, check=True)
        try:
            runs: dict[str, list[dict[str, tuple[float, float]]]] = {"old": [], "new": []}
            for k in range(args.pairs):
                runs["old"].append(measure(base, args.rounds, args.deals))
                runs["new"].append(measure(ROOT, args.rounds, args.deals))
                print(f"pair {k + 1}/{args.pairs} done", file=sys.stderr)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, check=False)
    names = [n for n in runs["new"][0] if n in runs["old"][0]]
    print(f"base {args.base}; median over {args.pairs} interleaved runs of each run's best of {args.rounds} rounds")
    print(f"{'ruleset':<18} {'deals/s old':>12} {'new':>9} {'new/old':>8} {'legal/s old':>13} {'new':>11} {'new/old':>8}")
    for name in names:
        do = statistics.median(r[name][0] for r in runs["old"])
        dn = statistics.median(r[name][0] for r in runs["new"])
        go = statistics.median(r[name][1] for r in runs["old"])
        gn = statistics.median(r[name][1] for r in runs["new"])
        print(f"{name:<18} {do:>12,.0f} {dn:>9,.0f} {dn / do:>8.3f} {go:>13,.0f} {gn:>11,.0f} {gn / go:>8.3f}")


if __name__ == "__main__":
    main()
