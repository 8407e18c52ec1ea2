"""What search costs on this engine: playouts, a bot loop through views, primitives, worlds.

Prints, per bundled ruleset, random deals per second (the ``random`` seat kind's decisions on
the int codes, ``random_playouts``) and deals per second of a bot loop that plays through
seat views (take the view, read its legal actions, let ``RandomBot`` choose, apply the
action); and, on seeded mid-deal positions of each ruleset, the cost of the search
primitives (``copy``, ``push_code`` + ``pop``, ``legal_codes``, ``legal_mask``, ``key``,
``view``) and worlds per second from ``sample_world`` (a ``WorldSampler`` built once per view
and sampled 20 times, and built afresh for every world).  Each figure is the median of
several rounds of fixed work.  Figures, never assertions.

The other groups of figures (``--only``): ``solver`` -- Schnapsen's 5-against-5 endgame (solves
per second, from the first lead after the talon is gone, over seeded positions, new ones
every round) and whole open-card Schnapsen deals (solves per second, new deals every round); ``search`` -- decisions per second of the
``search`` bot at a fixed iteration budget, from seeded mid-deal views; ``env`` -- PettingZoo
environment steps per second (random legal actions; skipped without the ``rl`` extra);
``simulate`` -- deals per second of ``rules simulate``'s worker on one core.

    python benchmarks/bench_search.py [--rounds 5] [--deals 1000] [--json] [--only playout solver ...]
    python benchmarks/bench_search.py --base REV [--pairs 3] [--tree DIR]

With ``--base REV`` the same measurements (this script's) run alternately on the code of this
tree and of revision REV (checked out with ``git worktree`` into a temporary folder), pair
after pair, so the machine's noise hits both alike; the table gives the median of each side
and new / old.  ``--tree DIR`` measures another checkout as the new side: the compiled build
(``tools/build_compiled.sh DIR``, docs/speed.md) against the plain one is
``--base HEAD --tree DIR``.  Figures the old engine cannot give (a primitive it does not have)
are left blank.  The solver's per-ruleset figures are printed by ``benchmarks/bench_solver.py``.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "benchmarks") not in sys.path:  # benchmarks/_args.py, also when this file is imported
    sys.path.insert(0, str(ROOT / "benchmarks"))
from _args import checkout, positive_int, revision  # noqa: E402

RULESETS = ("schnapsen", "sechsundsechzig", "north-american-4", "north-american-3", "north-american-2")
TARGETS = {
    "playout deals/s schnapsen": 45_000,
    "view loop deals/s schnapsen": 10_000,
    "worlds/s (sampler kept) schnapsen": 20_000,
}


def _rate(work: Callable[[], int], rounds: int) -> float:
    """Median over rounds of units of work per second."""
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        done = work()
        rates.append(done / (time.perf_counter() - start))
    return statistics.median(rates)


GROUPS = ("playout", "solver", "search", "env", "simulate")


def measure(rounds: int, deals: int, only: tuple[str, ...] = GROUPS) -> dict[str, float]:
    """Every figure of the groups ``only`` this tree's engine can give, in this process."""
    figures: dict[str, float] = {}
    if "playout" in only:
        figures.update(_playouts(rounds, deals))
    if "solver" in only:
        figures.update(_solver(rounds))
    if "search" in only:
        figures.update(_search(rounds))
    if "env" in only:
        figures.update(_env(rounds))
    if "simulate" in only:
        figures.update(_simulate(rounds, deals))
    return figures


def _solver(rounds: int) -> dict[str, float]:
    """Solves per second: Schnapsen's 5-against-5 endgames (40 seeded positions a round) and
    whole open-card Schnapsen deals (4 seeded deals a round).  Every round solves positions of
    its own: what a solver keeps per ruleset across searches (followers' cards, settlements)
    must not answer the same position twice, which no real search asks."""
    from interpreter.engine.state import DealState
    from interpreter.rules.loader import load_ruleset
    from interpreter.search.solver import solve

    rs = load_ruleset("schnapsen")
    deal_rounds = max(1, rounds // 2)
    seeds = iter(range(1, 1 << 30))
    ends: list[list[Any]] = []
    for _ in range(rounds):
        group: list[Any] = []
        while len(group) < 40:
            state = _endgame(rs, next(seeds))
            if state is not None:
                group.append(state)
        ends.append(group)
    deals = [[DealState.new(rs, seed % 2, seed) for seed in range(4 * r, 4 * r + 4)] for r in range(deal_rounds)]

    def solve_each(groups: list[list[Any]]) -> Callable[[], int]:
        left = iter(groups)

        def work() -> int:
            states = next(left)
            for st in states:
                solve(st)
            return len(states)
        return work

    return {
        "solver endgames/s schnapsen 5v5": _rate(solve_each(ends), rounds),
        "solver whole deals/s schnapsen": _rate(solve_each(deals), deal_rounds),
    }


def _endgame(rs: Any, seed: int) -> Any:
    """The first lead after the talon is gone, reached by random play that never closes and
    declares exactly when right (``None`` if the deal ended before); as bench_solver.py's, on
    the codes' numbers, which every revision measured shares."""
    from interpreter.engine.state import DealState

    close, close_before_draw, declare, cont = 129, 130, 131, 132
    rng = random.Random(seed)
    state = DealState.new(rs, seed % rs.players.count, rng)
    target = rs.claim.target
    while not state.is_over:
        if not state.trick and not state.draw_pending and state.strict():
            if not (state.claim_seat >= 0 and state.claim_points() >= target):
                return state
        codes = [c for c in state.legal_codes() if c not in (close, close_before_draw)] or [cont]
        if declare in codes:
            if state.claim_points() >= target:
                state.step_code(declare)
                continue
            if len(codes) > 1:
                codes.remove(declare)
        state.step_code(rng.choice(codes))
    return None


def _search(rounds: int) -> dict[str, float]:
    """Decisions per second of the search bot at a fixed budget (``search:iters=200``), on 30
    seeded mid-deal views of Schnapsen and of Sechsundsechzig."""
    from interpreter.engine.state import DealState
    from interpreter.play.bots import make_agent
    from interpreter.rules.loader import load_ruleset

    out: dict[str, float] = {}
    for name in ("schnapsen", "sechsundsechzig"):
        rs = load_ruleset(name)
        rng = random.Random(7)
        views = []
        for k in range(60):
            st = DealState.new(rs, k % 2, 30_000 + k)
            for _ in range(rng.randrange(0, 8)):
                if st.is_over:
                    break
                codes = [c for c in st.legal_codes() if c != 131] or st.legal_codes()
                st.push_code(rng.choice(codes), keep_undo=False)
            if not st.is_over and st.actor is not None:
                views.append(st.view(st.actor))
        views = views[:30]
        bot = make_agent("search:iters=200", rs, 1)

        def decide() -> int:
            for v in views:
                bot.choose(v, list(v.legal))
            return len(views)

        out[f"search decisions/s (iters=200) {name}"] = _rate(decide, max(1, rounds // 2))
    return out


def _env(rounds: int) -> dict[str, float]:
    """PettingZoo environment steps per second, random legal actions, Schnapsen."""
    try:
        from interpreter.adapters.pettingzoo import sixtysix_env
    except ImportError:
        return {}
    env = sixtysix_env("schnapsen")
    rng = random.Random(9)

    def steps() -> int:
        done = 0
        env.reset(seed=rng.randrange(1 << 30))
        while done < 5000:
            agent = env.agent_selection
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
            else:
                assert obs is not None  # last() observes unless told not to
                mask = obs["action_mask"]
                legal = [i for i in range(len(mask)) if mask[i]]
                env.step(rng.choice(legal))
            done += 1
            if not env.agents:
                env.reset(seed=rng.randrange(1 << 30))
            _ = agent
        return done

    return {"env steps/s schnapsen": _rate(steps, rounds)}


def _simulate(rounds: int, deals: int) -> dict[str, float]:
    """Deals per second of ``rules simulate``'s worker (random seats, Schnapsen), one core."""
    from interpreter.sim.simulate import SimSpec, run_task, tasks_of

    spec = SimSpec(ruleset="schnapsen", seats=("random", "random"), deals=4 * deals, seed=3)
    tasks = tasks_of(spec)

    def work() -> int:
        for task in tasks:
            run_task(task)
        return spec.deals

    return {"simulate deals/s schnapsen (1 core)": _rate(work, rounds)}


def _playouts(rounds: int, deals: int) -> dict[str, float]:
    from interpreter.engine.state import DealState
    from interpreter.play.bots.random_bot import RandomBot, random_playout
    from interpreter.rules.loader import load_ruleset

    figures: dict[str, float] = {}
    rulesets = {name: load_ruleset(name) for name in RULESETS}
    for name, rs in rulesets.items():
        n = rs.players.count
        rng = random.Random(1)

        def playouts() -> int:
            for k in range(deals):
                random_playout(DealState.new(rs, k % n, rng), rng)
            return deals

        bot = RandomBot(rs, 5)
        no_undo = "keep_undo" in inspect.signature(DealState.apply).parameters
        vrng = random.Random(2)

        def view_loop() -> int:
            count = max(1, deals // 4)
            for k in range(count):
                st = DealState.new(rs, k % n, vrng)
                while not st.is_over:
                    seat = st.actor
                    assert seat is not None
                    view = st.view(seat)
                    action = bot.choose(view, list(view.legal))
                    if no_undo:
                        st.apply(action, keep_undo=False)  # a bot loop never goes back
                    else:
                        st.apply(action)
            return count

        figures[f"playout deals/s {name}"] = _rate(playouts, rounds)
        figures[f"view loop deals/s {name}"] = _rate(view_loop, rounds)
        figures.update(_primitives(name, rs, rounds))
    return figures


def _primitives(name: str, rs: Any, rounds: int) -> dict[str, float]:
    from interpreter.engine.state import DealState

    prng = random.Random(3)
    positions = []
    for k in range(300):
        st = DealState.new(rs, k % rs.players.count, 20_000 + k)
        for _ in range(prng.randrange(2, 14)):
            if st.is_over:
                break
            codes = [c for c in st.legal_codes() if c != 131] or st.legal_codes()  # play on rather than declare
            st.push_code(prng.choice(codes), keep_undo=False)
        if not st.is_over:
            positions.append(st)
    out: dict[str, float] = {}

    def each(op: Callable[[Any], object], reps: int = 10) -> Callable[[], int]:
        def work() -> int:
            for _ in range(reps):
                for p in positions:
                    op(p)
            return reps * len(positions)
        return work

    def push_pop(p: Any) -> None:
        p.push_code(p.legal_codes()[0])
        p.pop()

    ops: dict[str, Callable[[Any], object]] = {
        "copy": lambda p: p.copy(),
        "legal+push+pop": push_pop,
        "legal_codes": lambda p: p.legal_codes(),
        "view": lambda p: p.view(p.actor),
    }
    if hasattr(DealState, "key"):
        ops["key"] = lambda p: p.key()
        ops["legal_mask"] = lambda p: p.legal_mask()
    for op_name, op in ops.items():
        out[f"us {op_name} {name}"] = 1e6 / _rate(each(op), rounds)
    try:
        from interpreter.search.sampling import WorldSampler, sample_world
    except ImportError:
        return out
    views = [p.view(p.actor) for p in positions if p.actor is not None]  # (every position not over has one)
    wrng = random.Random(4)

    def kept() -> int:
        for v in views:
            sampler = WorldSampler(v)
            for _ in range(20):
                sampler.sample(wrng)
        return 20 * len(views)

    def fresh() -> int:
        for v in views:
            WorldSampler(v).sample(wrng)
        return len(views)

    out[f"worlds/s (sampler kept) {name}"] = _rate(kept, rounds)
    out[f"worlds/s (sampler per world) {name}"] = _rate(fresh, rounds)
    _ = sample_world
    return out


def _child(tree: Path, rounds: int, deals: int, only: tuple[str, ...]) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    run = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--json", "--rounds", str(rounds), "--deals", str(deals),
         "--only", *only],
        cwd=tree, env=env, capture_output=True, text=True,
    )
    if run.returncode:
        sys.exit(f"measuring {tree} failed:\n{run.stderr}")
    figures: dict[str, float] = json.loads(run.stdout)
    return figures


def _table(rows: list[tuple[str, float | None, float | None]], compare: bool) -> str:
    lines = [f"{'figure':<48} {'new':>12}" + (f" {'old':>12} {'new/old':>8}" if compare else "") + f" {'target':>9}"]
    for label, new, old in rows:
        target = TARGETS.get(label)
        line = f"{label:<48} {_fmt(new):>12}"
        if compare:
            ratio = ""
            if new and old:
                # for microseconds a smaller figure is better: ratio as speed-up
                ratio = f"{(old / new if label.startswith('us ') else new / old):.2f}"
            line += f" {_fmt(old):>12} {ratio:>8}"
        line += f" {target:>9,}" if target else f" {'':>9}"
        lines.append(line)
    return "\n".join(lines)


def _fmt(value: float | None) -> str:
    if value is None:
        return ""
    return f"{value:,.2f}" if value < 100 else f"{value:,.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=positive_int, default=5, help="rounds per figure (the median is shown)")
    parser.add_argument("--deals", type=positive_int, default=1000, help="random deals per round (a quarter for the view loop)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--base", type=revision, help="also measure this revision, alternately, and print new / old")
    parser.add_argument("--pairs", type=positive_int, default=3, help="old/new run pairs with --base")
    parser.add_argument("--tree", type=checkout, help="the checkout measured as new with --base (default this one)")
    parser.add_argument("--only", nargs="+", choices=GROUPS, default=list(GROUPS), help="the groups of figures to measure")
    args = parser.parse_args()
    if args.tree is not None and not args.base:  # else this tree would be measured under the other's name
        parser.error("argument --tree: given without --base, so it would not be measured; expected --base REV with it")
    if args.tree is None:
        args.tree = ROOT
    only = tuple(args.only)
    if not args.base:
        figures = measure(args.rounds, args.deals, only)
        if args.json:
            print(json.dumps(figures))
        else:
            print(_table([(k, v, None) for k, v in figures.items()], compare=False))
            print("\n(us = microseconds per call; the speed-up for them is old/new)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(base), args.base], cwd=ROOT, check=True)
        try:
            old: list[dict[str, float]] = []
            new: list[dict[str, float]] = []
            for k in range(args.pairs):
                old.append(_child(base, args.rounds, args.deals, only))
                new.append(_child(args.tree.resolve(), args.rounds, args.deals, only))
                print(f"pair {k + 1}/{args.pairs} done", file=sys.stderr)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, check=False)
    rows: list[tuple[str, float | None, float | None]] = []
    for label in new[0]:
        n_med = statistics.median(r[label] for r in new)
        olds = [r[label] for r in old if label in r]
        rows.append((label, n_med, statistics.median(olds) if olds else None))
    print(f"base {args.base}, new {args.tree}, {args.pairs} interleaved pairs, medians")
    print(_table(rows, compare=True))
    print("\n(us = microseconds per call; the speed-up for them is old/new)")


if __name__ == "__main__":
    main()
