"""Instructions, not seconds: the engine's hot work counted by callgrind, this tree against a base.

On a noisy 2-core machine two timings of the same code differ by 20%; callgrind's instruction
count of the same work is the same every time.  For each workload this prints the millions of
instructions it costs in the base revision and in this tree (the run with the work minus the
run without it, so that imports and setup cancel out) and the ratio new / old.

Workloads (fixed seeds):

* ``solve`` -- the exact solver on 30 endgames each of Schnapsen and Sechsundsechzig (the first
  lead once the talon is exhausted, as benchmarks/bench_solver.py finds them);
* ``view`` -- 200 rounds of taking seat 0's view of ~30 mid-deal positions of Schnapsen and
  North American 4;
* ``world`` -- 50 rounds of sampling a world for each of those views;
* ``playout`` -- 300 random deals each of Schnapsen, Sechsundsechzig and North American 4,
  dealt and played to the end (``random_playout``);
* ``search`` -- the search bot's tree search (``ismcts`` with greedy rollouts, 150
  iterations, the default knobs) on 6 positions each of those three rulesets, a few random
  moves into a deal: worlds, the tree, rollouts and the play model together;
* ``bot`` -- the search bot itself (``search:iters=150``: its knobs, the bias and the early
  stop among them) on the positions of ``search``;
* ``auction`` -- the search bot (``search:iters=150``: its knobs, the bias among them) at the
  first call of the auction of 6 deals each of North American 4 and 3: a search
  over the whole deal, whose rollouts bid and name trumps by the heuristic.

    python benchmarks/bench_instructions.py --base 39fd150 [--workloads solve view world playout search bot auction]
    python benchmarks/bench_instructions.py --base HEAD --tree /tmp/compiled   # the compiled build

Instructions are not seconds: compiled code does more work per instruction than the
interpreter, so the compiled build's ratio here understates its gain in time a little.

Needs valgrind (``apt-get install valgrind``).  Figures, never assertions.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "benchmarks") not in sys.path:  # benchmarks/_args.py, also when this file is imported
    sys.path.insert(0, str(ROOT / "benchmarks"))
from _args import checkout, revision  # noqa: E402

COLLECTED = re.compile(r"Collected : (\d+)")

WORK = r'''
import random, sys
sys.path.insert(0, sys.argv[1] + "/benchmarks")
from interpreter.rules.loader import load_ruleset
from interpreter.engine.state import DealState
what, do = sys.argv[2], sys.argv[3] == "1"


def walked(rs, rng, seeds, lo, hi):
    """The deals of these seeds, each some random moves in (lo to hi - 1): those not over."""
    out = []
    for seed in seeds:
        st = DealState.new(rs, seed % rs.players.count, seed)
        for _ in range(rng.randrange(lo, hi)):
            if st.is_over:
                break
            st.push_code(rng.choice(st.legal_codes()), keep_undo=False)
        if not st.is_over:
            out.append(st)
    return out


if what == "playout":
    from interpreter.play.bots.random_bot import random_playout
    for name in ("schnapsen", "sechsundsechzig", "north-american-4"):
        rs = load_ruleset(name)
        rng = random.Random(3)
        for k in range(300 if do else 0):
            random_playout(DealState.new(rs, k % rs.players.count, rng), rng)
elif what == "solve":
    from bench_solver import endgame
    from interpreter.search.solver import solve
    for name in ("schnapsen", "sechsundsechzig"):
        rs = load_ruleset(name)
        states = [s for s in (endgame(rs, seed, 5) for seed in range(1, 120)) if s is not None][:30]
        if do:
            for s in states:
                solve(s.copy())
elif what == "search":
    from interpreter.search.ismcts import greedy_policy, ismcts
    for name in ("schnapsen", "sechsundsechzig", "north-american-4"):
        rs = load_ruleset(name)
        views = [st.view(st.actor) for st in walked(rs, random.Random(7), range(12), 0, 8) if len(st.legal_codes()) > 1]
        for v in views[:6] if do else ():
            ismcts(v, random.Random(11), iterations=150, policy=greedy_policy)
elif what == "bot":
    from interpreter.play.bots import make_agent
    for name in ("schnapsen", "sechsundsechzig", "north-american-4"):
        rs = load_ruleset(name)
        bot = make_agent("search:iters=150", rs, 1)
        views = [st.view(st.actor) for st in walked(rs, random.Random(7), range(12), 0, 8) if len(st.legal_codes()) > 1]
        for v in views[:6] if do else ():
            bot.choose(v, list(v.legal))
elif what == "auction":
    from interpreter.engine.position import AUCTION
    from interpreter.play.bots import make_agent
    for name in ("north-american-4", "north-american-3"):
        rs = load_ruleset(name)
        bot = make_agent("search:iters=150", rs, 1)
        states = [DealState.new(rs, seed % rs.players.count, seed) for seed in range(6)]
        for st in states if do else ():
            assert st.phase == AUCTION
            bot.choose(st.view(st.actor), st.legal_actions())
else:
    from interpreter.search.sampling import WorldSampler
    for name in ("schnapsen", "north-american-4"):
        rs = load_ruleset(name)
        states = [st for st in walked(rs, random.Random(5), range(40), 2, 12) if st.phase == 1]
        if what == "view" and do:
            for _ in range(200):
                for st in states:
                    st.view(0)
        if what == "world":
            samplers = [WorldSampler(st.view(0)) for st in states]
            r = random.Random(1)
            for _ in range(50 if do else 0):
                for s in samplers:
                    s.sample(r)
'''


def instructions(tree: Path, what: str, do: bool, script: Path) -> int:
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, str(script), str(tree), what, "1" if do else "0"],
        cwd=tree, env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True, text=True, check=True,
    )
    found = COLLECTED.search(out.stderr)
    if found is None:
        raise SystemExit(f"no instruction count from callgrind:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--base", required=True, type=revision, help="the revision to compare with")
    parser.add_argument("--tree", type=checkout, default=ROOT, help="the checkout measured as new (default this one; a compiled copy: docs/speed.md)")
    kinds = ["solve", "view", "world", "playout", "search", "bot", "auction"]
    parser.add_argument("--workloads", nargs="+", default=kinds, choices=kinds)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        script = Path(tmp) / "work.py"
        script.write_text(WORK, encoding="utf-8")
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(base), args.base], cwd=ROOT, check=True)
        try:
            print(f"{'workload':10} {'M instr. old':>14} {'M instr. new':>14} {'new/old':>8}")
            for what in args.workloads:
                cost = {}
                for label, tree in (("old", base), ("new", args.tree.resolve())):
                    cost[label] = instructions(tree, what, True, script) - instructions(tree, what, False, script)
                    print(f"  {what} {label} done", file=sys.stderr)
                print(f"{what:10} {cost['old'] / 1e6:14.1f} {cost['new'] / 1e6:14.1f} {cost['new'] / cost['old']:8.3f}")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, check=False)


if __name__ == "__main__":
    main()
