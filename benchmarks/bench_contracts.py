#!/usr/bin/env python3
"""How often the greedy heuristic makes a contract won or lost on one trick, holder against defenders.

A Bettler (take no trick), a Gang or a moon (take every trick) is decided by one trick, not by card
points; the heuristic plays such contracts for that trick (``interpreter/search/goals.py``).
This measures what that is worth: on ``--deals`` seeded deals of ``--ruleset``, the first seat
that may announce contract ``--bid`` announces it and everybody else passes, and the deal is
played out by the heuristic -- the holder's side and the defenders each either playing for the
contract's goal ("goal", as now) or for card points ("points": the heuristic with its goal play
switched off, as it played every contract before).  The four pairings play the same deals, so
the made rates compare deal by deal; each has its Wilson 95% interval.  Hands are not chosen:
most random hands cannot make such a contract, so the rates are low; what matters is how they
move.  Figures, never assertions.

    python benchmarks/bench_contracts.py [--ruleset house/bauernschnapsen] [--bid 1] [--deals 1000]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from interpreter.core.actions import BID_BASE, PASS  # noqa: E402
from interpreter.engine.state import AUCTION, DealState  # noqa: E402
from interpreter.engine.views import SeatView  # noqa: E402
from interpreter.rules.loader import load_ruleset  # noqa: E402
from interpreter.rules.ruleset import Ruleset  # noqa: E402
from interpreter.search.goals import trick_goals  # noqa: E402
from interpreter.search.heuristic import greedy_code, knowledge  # noqa: E402
from interpreter.sim.stats import wilson  # noqa: E402

if str(ROOT / "benchmarks") not in sys.path:
    sys.path.insert(0, str(ROOT / "benchmarks"))
from _args import positive_int, ruleset  # noqa: E402

Policy = Callable[[SeatView, random.Random], int]


def goal(view: SeatView, rng: random.Random) -> int:
    """The heuristic as it is."""
    return greedy_code(view, rng)


def points(view: SeatView, rng: random.Random) -> int:
    """The heuristic with its play for a contract's goal switched off (every contract played for card points)."""
    k = knowledge(view.rs, view.public.order)
    kept, k.goal_of = k.goal_of, {}
    try:
        return greedy_code(view, rng)
    finally:
        k.goal_of = kept


def play(rs: Ruleset, bid: int, seed: int, holder_policy: Policy, defender_policy: Policy) -> bool | None:
    """Deal ``seed`` with contract ``bid`` announced by the first seat that may: made or not (``None``: nobody might)."""
    state = DealState.new(rs, seed % rs.players.count, random.Random(seed))
    rng = random.Random(seed)
    holder = -1
    while not state.is_over:
        codes = state.legal_codes()
        seat = state.to_act
        assert seat is not None  # the deal is not over
        if state.phase == AUCTION:
            if holder < 0 and BID_BASE + bid in codes:
                holder = seat
                state.step_code(BID_BASE + bid)
            else:
                state.step_code(PASS if PASS in codes else codes[0])
            continue
        view = state.view(seat)
        if holder < 0:
            state.step_code(greedy_code(view, rng))
            continue
        policy = holder_policy if state.side(seat) == state.side(holder) else defender_policy
        state.step_code(policy(view, rng))
    result = state.result
    return None if holder < 0 or result is None else bool(result.made)


def _game_name(rs: Ruleset, bid: int) -> str:
    """A named contract's name, or "the moon"."""
    contract = rs.bidding.contract(bid)
    return contract.name if contract is not None else "the moon"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ruleset", type=ruleset, default="house/bauernschnapsen",
                        help="a ruleset with named contracts or a moon of every trick")
    parser.add_argument("--bid", type=positive_int, default=1,
                        help="the contract's bid (bidding.contracts[].bid, or bidding.moon.bid)")
    parser.add_argument("--deals", type=positive_int, default=1000, help="seeded deals (seeds 0 to N-1)")
    args = parser.parse_args()
    rs = load_ruleset(args.ruleset)
    goals = trick_goals(rs)
    if args.bid not in goals:
        named = ", ".join(f"{bid} ({_game_name(rs, bid)})" for bid in goals) or "none: it has no such game"
        parser.error(f"argument --bid: {args.bid} is no game of {rs.name} won or lost on one trick "
                     f"(expected one of its bids: {named})")
    print(f"{rs.name}, {_game_name(rs, args.bid)} (goal {goals[args.bid]}), {args.deals} deals")
    print(f"{'holder':8} {'defenders':10} {'made':>12} {'95% interval':>18}")
    for holder_name, holder_policy in (("points", points), ("goal", goal)):
        for defender_name, defender_policy in (("points", points), ("goal", goal)):
            made = [play(rs, args.bid, seed, holder_policy, defender_policy) for seed in range(args.deals)]
            played = [m for m in made if m is not None]
            n = sum(played)
            low, high = wilson(n, len(played))
            print(f"{holder_name:8} {defender_name:10} {n:>5} of {len(played):<5} {100 * low:7.1f}% to {100 * high:5.1f}%")


if __name__ == "__main__":
    main()
