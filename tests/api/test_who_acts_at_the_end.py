"""docs/api.md, "Who acts": ``actor`` and ``to_act`` are both ``None`` once the deal is over --
on the state as on a view of it.  The state's ``to_act`` kept the seat of the last turn (the
last trick's winner, the seat that declared), while a view already said ``None``; it is now a
property over the engine's field ``turn``, which the engine keeps as it was."""

from __future__ import annotations

import random

import pytest

from interpreter import DealState, load_ruleset, random_playout

NAMES = ["schnapsen", "sechsundsechzig", "north-american-3", "north-american-4", "house/burgenland", "house/dreierschnapsen"]


@pytest.mark.parametrize("name", NAMES)
def test_nobody_is_to_act_once_the_deal_is_over(name: str) -> None:
    rs = load_ruleset(name)
    for seed in range(8):
        # by the fast path (push_code) and by apply, which a program uses
        fast = random_playout(DealState.new(rs, 0, seed), random.Random(seed))
        slow = DealState.new(rs, 0, seed)
        rng = random.Random(seed)
        while not slow.is_over:
            slow.apply(rng.choice(slow.legal_actions()))
        for state in (fast, slow):
            assert state.is_over
            assert state.actor is None and state.to_act is None
            assert all(state.view(seat).to_act is None for seat in range(state.n))


def test_while_the_deal_is_on_to_act_is_the_seat_whose_turn_it_is() -> None:
    rs = load_ruleset("schnapsen")
    state = DealState.new(rs, 1, 42)  # seat 0, the dealer's left, leads the first trick
    assert state.to_act == 0 == state.actor == state.view(1).to_act
    state.apply(state.legal_actions()[0])  # a card led (Schnapsen: play first, 'play' before 'close')
    assert state.to_act == 1 == state.actor
