"""The ``random`` seat kind: uniform among the legal actions, but it declares exactly when right.

Declaring at random would end most deals after the first trick with a false claim; a bot
that goes out exactly when it has reached the target lets deals run to their natural end,
which is what playouts and tests need.  It never declares wrongly.

In an auction it passes or raises by the smallest step, each with probability 1/2: bidding
uniformly would mostly bid the highest contract and lose it, and matches would not end.  Every
other choice is uniform: naming trump or passing it on, laying a card away, doubling or not --
as :func:`random_playout` plays them (the bot once took the naming of trump and the laying away
for an auction, so that it always passed the naming on and always laid away its lowest card).
"""

from __future__ import annotations

import random
from pathlib import Path

from interpreter.core.arguments import check_int_seed, shown_value, with_article
from interpreter.core.actions import BID_BASE, DECLARE, DISCARD_BASE, PASS, Action
from interpreter.rules.loader import as_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.engine.state import AUCTION, OVER, DealState
from interpreter.engine.views import SeatView


class RandomBot:
    """Uniformly random legal play (seeded); declares exactly when the claim is right."""

    def __init__(self, ruleset: Ruleset | str | Path, seed: object = 0) -> None:  # object: checked in the body, in both builds
        self.rs = as_ruleset(ruleset, "ruleset")  # a name will do, as everywhere a ruleset goes
        self.rng = random.Random(check_int_seed(seed))  # a float or text would seed a game no command repeats

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        # on the view's int codes, which list the same actions in the same order as ``legal``
        codes = list(view.legal_codes) if len(view.legal_codes) == len(legal) else [self.rs.code_of[a] for a in legal]
        action_of = self.rs.action_of
        if view.public.phase == AUCTION:  # pass, or the smallest raise (only that, where the dealer must bid)
            options = [c for c in codes if c == PASS]
            bids = [c for c in codes if BID_BASE <= c < DISCARD_BASE]
            if bids:
                options.append(min(bids))
            return action_of[self.rng.choice(options)]
        if DECLARE in codes:
            if view.claim_is_right():
                return action_of[DECLARE]
            others = [c for c in codes if c != DECLARE]
            if others:
                return action_of[self.rng.choice(others)]
        return action_of[self.rng.choice(codes)]


def random_playout(state: object, rng: object) -> DealState:
    """Play a deal to its end on the int codes, as :class:`RandomBot` would (no undo kept).

    This is the benchmark's and the property tests' fast path: the same decisions as the
    bot, without building views.  ``state`` must be a :class:`DealState` (a view is not a deal:
    it holds no hidden cards to play out) and ``rng`` a :class:`random.Random`; anything else
    is a ``TypeError`` naming it, in both builds (the parameters are typed ``object`` and
    checked here, once per playout).
    """
    if not isinstance(state, DealState) or not isinstance(rng, random.Random):
        raise _not_a_playout(state, rng)
    target = state.t.claim_target
    rnd = rng.random
    legal = state.legal_codes
    step = state.step_code
    while True:
        phase = state.phase
        if phase == OVER:
            break
        codes = legal()
        if phase == AUCTION:
            codes = codes[:2] if codes[0] == PASS else codes[:1]  # pass, or the smallest raise
        elif state.claim_seat >= 0 and DECLARE in codes:
            if state.claim_points() >= target:
                step(DECLARE)
                continue
            codes.remove(DECLARE)
            if not codes:
                codes = [DECLARE]
        step(codes[int(rnd() * len(codes))])
    return state


def _not_a_playout(state: object, rng: object) -> TypeError:
    """The ``TypeError`` of :func:`random_playout` given what is not a deal or not a generator."""
    if not isinstance(state, DealState):
        return TypeError(
            f"state: {shown_value(state)} is {with_article(type(state).__name__)}, not a deal "
            "(expected a DealState, such as DealState.new(rs, dealer, seed); a view holds no hidden cards to play out)"
        )
    return TypeError(
        f"rng: {shown_value(rng)} is {with_article(type(rng).__name__)}, not a random generator "
        "(expected a random.Random, such as random.Random(1))"
    )


def random_playouts(rs: Ruleset, deals: int, rng: random.Random, first_dealer: int = 0) -> list[DealState]:
    """Deal and play ``deals`` random deals (dealers in rotation), drawing every shuffle and
    choice from ``rng``: the batch entry point of benchmarks and statistics."""
    n = rs.players.count
    new = DealState.new
    return [random_playout(new(rs, (first_dealer + k) % n, rng), rng) for k in range(deals)]
