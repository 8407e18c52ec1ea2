#!/usr/bin/env python3
"""How strong and how fast the greedy heuristic is: seat-swapped paired deals, and µs per decision.

    .venv/bin/python benchmarks/bench_greedy.py                       # greedy v basic and v random, 1,000 deals each
    .venv/bin/python benchmarks/bench_greedy.py --deals 2000 --rulesets schnapsen
    .venv/bin/python benchmarks/bench_greedy.py --speed-only

Strength: every deal seed is played once for each assignment of the bots to the match sides
(seat-swapped with two seats; both team assignments with partners), so that the luck of the
cards cancels out.  A deal is won by the bot whose side scores more in it (game points or
units), lost when the other side does; equal scores (a drawn deal, a thrown-in hand) are
ties.  The win rate is over the deals that were not ties, with a Wilson 95% interval; the mean
margin is the bot's score minus the opponents' per deal, ties included.

Speed: the views of every decision of some greedy self-play deals are collected, then
``greedy_code`` is timed on each of them (the best of a few repetitions, so that the figure
is the decision's own cost, not the machine's noise); the medians are printed over every
decision, over those with a choice (more than one legal code) and by kind (lead, follow,
step, auction), next to the median cost of taking the view.  No timed assertion anywhere: these
are figures to read.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from interpreter.core.actions import BID_BASE, MARRY_BASE, PASS  # noqa: E402
from interpreter.engine.state import DealState  # noqa: E402
from interpreter.engine.views import SeatView  # noqa: E402
from interpreter.play.bots import Agent, make_agent  # noqa: E402
from interpreter.play.runner import play_deal  # noqa: E402
from interpreter.rules.loader import load_ruleset  # noqa: E402
from interpreter.rules.ruleset import Ruleset  # noqa: E402
from interpreter.search.heuristic import greedy_code  # noqa: E402

if str(ROOT / "benchmarks") not in sys.path:  # benchmarks/_args.py, also when this file is imported
    sys.path.insert(0, str(ROOT / "benchmarks"))
from _args import positive_int, seed_number, require, ruleset, seat_kind  # noqa: E402

RULESETS = ("schnapsen", "sechsundsechzig", "north-american-4")


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def duel(rs: Ruleset, bot: str, other: str, deals: int, base: int) -> tuple[int, int, int, float]:
    """Wins, losses and ties of ``bot`` against ``other`` over ``deals`` seeds times every
    assignment of ``bot`` to one match side; and its mean score margin per deal."""
    n = rs.players.count
    sides = rs.sides
    wins = losses = ties = 0
    margin = 0
    for i in range(deals):
        seed = base + i
        dealer = i % n
        for mine in range(len(sides)):
            agents: list[Agent] = [
                make_agent(bot if rs.side_of(seat) == mine else other, rs, seed * 31 + seat) for seat in range(n)
            ]
            state = DealState.new(rs, dealer, seed)
            play_deal(state, agents)
            assert state.result is not None
            scores = state.result.scores
            best_other = max(s for j, s in enumerate(scores) if j != mine)
            margin += scores[mine] - best_other
            if scores[mine] > best_other:
                wins += 1
            elif scores[mine] < best_other:
                losses += 1
            else:
                ties += 1
    return wins, losses, ties, margin / (deals * len(sides))


def decision_views(rs: Ruleset, deals: int, seed: int) -> list[SeatView]:
    """The view of every decision of greedy self-play deals (forced ones included)."""
    views: list[SeatView] = []
    rng = random.Random(seed)
    for i in range(deals):
        state = DealState.new(rs, i % rs.players.count, rng)
        while not state.is_over:
            seat = state.actor
            assert seat is not None
            view = state.view(seat)
            views.append(view)
            state.push_code(greedy_code(view, rng), keep_undo=False)
    return views


def kind(view: SeatView) -> str:
    """What a decision is: a lead, a play to a trick, a call in the auction, or a step."""
    first = view.legal_codes[0]
    if first == PASS or first >= BID_BASE:
        return "auction"
    if first >= MARRY_BASE:
        return "step"
    return "follow" if view.public.trick else "lead"


def speed(rs: Ruleset, deals: int = 200, repeat: int = 5, inner: int = 20) -> tuple[dict[str, tuple[float, int]], float]:
    """Median µs of ``greedy_code`` per decision (over the decisions with a choice, by kind and
    in all; and over every decision, forced ones included), and of taking the view."""
    views = decision_views(rs, deals, 7)
    clock = time.perf_counter
    per: dict[str, list[float]] = {}
    for view in views:
        best = math.inf
        for _ in range(repeat):
            start = clock()
            for _ in range(inner):
                greedy_code(view)
            best = min(best, (clock() - start) / inner)
        us = best * 1e6
        per.setdefault("every decision", []).append(us)
        if len(view.legal_codes) > 1:
            per.setdefault("with a choice", []).append(us)
            per.setdefault(kind(view), []).append(us)
    # the cost of taking a view, on the positions of a few deals
    rng = random.Random(3)
    take: list[float] = []
    for i in range(50):
        state = DealState.new(rs, i % rs.players.count, rng)
        while not state.is_over:
            seat = state.actor
            assert seat is not None
            best = math.inf
            for _ in range(repeat):
                start = clock()
                for _ in range(inner):
                    state.view(seat)
                best = min(best, (clock() - start) / inner)
            take.append(best * 1e6)
            state.push_code(greedy_code(state.view(seat), rng), keep_undo=False)
    return {k: (statistics.median(v), len(v)) for k, v in per.items()}, statistics.median(take)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rulesets", nargs="+", type=ruleset, default=list(RULESETS))
    parser.add_argument("--deals", type=positive_int, default=1000, help="deal seeds per ruleset and opponent (each played once per side)")
    parser.add_argument("--opponents", nargs="+", default=["basic", "random"])
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--base", type=seed_number, default=1, help="the first deal seed")
    parser.add_argument("--speed-only", action="store_true")
    parser.add_argument("--no-speed", action="store_true")
    args = parser.parse_args()
    for name in args.rulesets:  # every seat kind as each ruleset takes it, before any deal
        rs = load_ruleset(name)
        require(parser, "--bot", seat_kind, args.bot, rs)
        for other in args.opponents:
            require(parser, "--opponents", seat_kind, other, rs)
    for name in args.rulesets:
        rs = load_ruleset(name)
        if not args.speed_only:
            for other in args.opponents:
                w, l, t, m = duel(rs, args.bot, other, args.deals, args.base)
                lo, hi = wilson(w, w + l)
                rate = w / (w + l) if w + l else 0.0
                print(f"{name:18} {args.bot} v {other:7} deals {w + l + t:5}  won {w:5} lost {l:5} tied {t:4}  "
                      f"win rate {rate:6.1%} [{lo:.1%}, {hi:.1%}]  margin {m:+.3f}", flush=True)
        if not args.no_speed:
            medians, view_cost = speed(rs)
            parts = "  ".join(f"{k} {m:.2f} ({n})" for k, (m, n) in medians.items())
            print(f"{name:18} greedy_code median µs per decision (decisions): {parts}; taking the view {view_cost:.2f}", flush=True)


if __name__ == "__main__":
    main()
