"""The ``random`` seat kind: uniform among the legal actions, but it declares exactly when right.

Declaring at random would end most deals after the first trick with a false claim; a bot
that goes out exactly when it has reached the target lets deals run to their natural end,
which is what playouts and tests need.  It never declares wrongly.
"""

from __future__ import annotations

import random

from interpreter.actions import Action, Declare
from interpreter.bots.base import claim_is_right
from interpreter.ruleset import DECLARE, Ruleset
from interpreter.state import OVER, DealState
from interpreter.views import SeatView


class RandomBot:
    """Uniformly random legal play (seeded); declares exactly when the claim is right."""

    def __init__(self, ruleset: Ruleset, seed: int = 0) -> None:
        self.rs = ruleset
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        declare = Declare()
        if declare in legal:
            if claim_is_right(view, self.rs.claim.target, self.rs.side_of(view.seat)):
                return declare
            others = [a for a in legal if a != declare]
            if others:
                return self.rng.choice(others)
        return self.rng.choice(legal)


def random_playout(state: DealState, rng: random.Random) -> DealState:
    """Play a deal to its end on the int codes, as :class:`RandomBot` would (no undo kept).

    This is the benchmark's and the property tests' fast path: the same decisions as the
    bot, without building views.
    """
    target = state.rs.claim.target
    rnd = rng.random
    legal = state.legal_codes
    push = state.push_code
    while state.phase != OVER:
        codes = legal()
        if DECLARE in codes:
            if state.claim_points() >= target:
                push(DECLARE, keep_undo=False)
                continue
            codes.remove(DECLARE)
            if not codes:
                codes = [DECLARE]
        push(codes[int(rnd() * len(codes))], keep_undo=False)
    return state
