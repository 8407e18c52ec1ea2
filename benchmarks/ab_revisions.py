#!/usr/bin/env python3
"""A bot of this tree against the same bot of an earlier revision, on the same deals: paired.

Two runs of ``rules arena`` tell a change's effect only within their intervals, about +-4
points on 300 deals.  But most deals end the same whichever version plays them: the
difference deal by deal is what the change did, and its interval is far narrower.  This
plays BOT against AGAINST on the same seat-swapped deals twice -- with the code of revision
``--base`` (checked out with ``git worktree`` into a temporary folder) and with this tree's --
and prints each run's figures and the paired difference: deals won (points of the win rate)
and net per deal, each with a percentile bootstrap interval over the deals (a deal and its
seat swaps are one unit), and how many deals came out otherwise.

    python benchmarks/ab_revisions.py --base f1fb99c [--ruleset schnapsen] [--deals 300] [--seed 4]
        [--bot search:normal] [--against greedy] [--jobs 2] [--json]

With ``--jobs 2`` the two runs play side by side, one process each (use iteration budgets, as
the levels are, so that sharing the machine changes no move); ``--jobs 1`` plays them one
after the other.  Each run's progress goes to stderr; the figures to stdout.  Figures, never
assertions.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from interpreter.core.errors import RulesError  # noqa: E402
from interpreter.play.bots import make_agent  # noqa: E402
from interpreter.rules.loader import load_ruleset  # noqa: E402
from interpreter.sim.stats import bootstrap_mean_interval  # noqa: E402

if str(ROOT / "benchmarks") not in sys.path:  # benchmarks/_args.py, also when this file is imported
    sys.path.insert(0, str(ROOT / "benchmarks"))
from _args import positive_int, seed_number, revision_problem, seat_kind_problem_in  # noqa: E402

#: The run of one side, in a process of its own with that tree first on the path (the base
#: revision has no copy of this script): per deal the half-points and the net of bot A.
CHILD = r'''
import json, sys, time
from interpreter.rules.loader import load_ruleset
from interpreter.sim.arena import Arena
out, name, deals, seed, bot, against, label = sys.argv[1:8]
rs = load_ruleset(name)
run = Arena(rs, [bot, against], deals=int(deals), seed=int(seed))
start = time.perf_counter()
for done in run.play(1):
    if done % 25 == 0:
        print(f"{label}: {done}/{deals} deals", file=sys.stderr, flush=True)
p = run.pairings[0]
json.dump({"halves": p.halves, "nets": p.nets, "sides": rs.side_count, "seconds": time.perf_counter() - start}, open(out, "w"))
'''


def paired(base: dict[str, Any], new: dict[str, Any], seed: int) -> dict[str, Any]:
    """The figures of both runs and their deal-by-deal difference (new minus base).

    A deal's half-points ``h`` (0 to ``2 (sides - 1) sides``, bot A's over the deal's seat
    assignments) are a share ``h / (2 (sides - 1) sides)`` of its plays won; its net is
    ``n / (sides (sides - 1))`` per play, as the arena counts them.  Deals one run did not
    finish are left out of both."""
    sides = int(base["sides"])
    per_play = 2 * (sides - 1) * sides
    keep = [k for k, (a, b) in enumerate(zip(base["halves"], new["halves"])) if a is not None and b is not None]
    if not keep:
        raise ValueError("no deal finished in both runs")
    out: dict[str, Any] = {"deals": len(keep)}
    for label, run in (("base", base), ("new", new)):
        wins = [run["halves"][k] / per_play for k in keep]
        nets = [run["nets"][k] / (sides * (sides - 1)) for k in keep]
        out[label] = {
            "win_rate": math.fsum(wins) / len(keep), "net": math.fsum(nets) / len(keep),
            "net_interval": bootstrap_mean_interval(nets, seed), "seconds": run.get("seconds"),
        }
    win_diff = [(new["halves"][k] - base["halves"][k]) / per_play for k in keep]
    net_diff = [(new["nets"][k] - base["nets"][k]) / (sides * (sides - 1)) for k in keep]
    out["changed"] = sum(1 for d in win_diff if d)
    out["win_rate_diff"] = math.fsum(win_diff) / len(keep)
    out["win_rate_diff_interval"] = bootstrap_mean_interval(win_diff, seed)
    out["net_diff"] = math.fsum(net_diff) / len(keep)
    out["net_diff_interval"] = bootstrap_mean_interval(net_diff, seed)
    return out


def _report(fig: dict[str, Any], args: argparse.Namespace) -> str:
    lines = [
        f"{args.bot} against {args.against}, {args.ruleset}, {fig['deals']} deals of seed {args.seed}, seats swapped",
        f"{'':<6} {'won':>7} {'net per deal (95%)':>28} {'seconds':>8}",
    ]
    for label, name in (("base", args.base), ("new", "this tree")):
        f = fig[label]
        lo, hi = f["net_interval"]
        lines.append(f"{label:<6} {100 * f['win_rate']:>6.1f}% {f['net']:>+9.3f} ({lo:+.3f} to {hi:+.3f}) {f['seconds']:>8.0f}  {name}")
    lo, hi = fig["win_rate_diff_interval"]
    nlo, nhi = fig["net_diff_interval"]
    lines.append(
        f"new - base: {100 * fig['win_rate_diff']:+.2f} points of deals won ({100 * lo:+.2f} to {100 * hi:+.2f}), "
        f"{fig['net_diff']:+.3f} net per deal ({nlo:+.3f} to {nhi:+.3f}); {fig['changed']} of {fig['deals']} deals came out otherwise"
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--base", required=True, help="the revision to compare with")
    parser.add_argument("--ruleset", default="schnapsen", help="a bundled name or a file")
    parser.add_argument("--deals", type=positive_int, default=300)
    parser.add_argument("--seed", type=seed_number, default=1)
    parser.add_argument("--bot", default="search:normal", help="the seat kind compared (default search:normal)")
    parser.add_argument("--against", default="greedy", help="the seat kind it plays against (default greedy)")
    parser.add_argument("--jobs", type=int, default=2, choices=(1, 2), help="2: both runs side by side; 1: one after the other")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args()
    ruleset = args.ruleset
    if Path(ruleset).exists():
        ruleset = str(Path(ruleset).resolve())
    try:  # the ruleset and the seat kinds as this tree reads them: a mistake is said here, once
        rs = load_ruleset(ruleset)
        for kind in (args.bot, args.against):
            make_agent(kind, rs, 0)
    except (RulesError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    problem = revision_problem(args.base)  # asked of git before a worktree is made
    if problem is not None:
        print(f"error: --base: {problem}", file=sys.stderr)
        raise SystemExit(2)
    with tempfile.TemporaryDirectory() as tmp:
        base_tree = Path(tmp) / "base"
        made = subprocess.run(["git", "worktree", "add", "--detach", "-q", str(base_tree), args.base], cwd=ROOT)
        if made.returncode != 0:
            print(f"error: cannot check out revision {args.base!r}", file=sys.stderr)
            raise SystemExit(2)
        try:
            for option, kind in (("--bot", args.bot), ("--against", args.against)):  # as the base reads them
                problem = seat_kind_problem_in(base_tree, ruleset, kind)
                if problem is not None:
                    print(f"error: {option} {kind!r}: revision {args.base} says: {problem}", file=sys.stderr)
                    raise SystemExit(2)
            procs = []
            for label, tree in (("base", base_tree), ("new", ROOT)):
                out = Path(tmp) / f"{label}.json"
                cmd = [sys.executable, "-c", CHILD, str(out), ruleset, str(args.deals), str(args.seed), args.bot, args.against, label]
                proc = subprocess.Popen(cmd, cwd=tree, env={**os.environ, "PYTHONPATH": str(tree)})
                if args.jobs == 1:
                    proc.wait()
                procs.append((label, proc, out))
            runs = {}
            for label, proc, out in procs:
                if proc.wait() != 0:
                    print(f"error: the {label} run failed", file=sys.stderr)
                    raise SystemExit(2)
                runs[label] = json.loads(out.read_text())
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base_tree)], cwd=ROOT, check=False)
    fig = paired(runs["base"], runs["new"], args.seed)
    print(json.dumps(fig) if args.json else _report(fig, args))


if __name__ == "__main__":
    main()
