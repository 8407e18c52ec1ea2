"""A contract's result names the contract as the screens and the rulebook write it
(``Bettler``, not ``bettler``): the deal's reason is shown beside buttons that say Bettler."""

from __future__ import annotations

import random
import re

from interpreter.core.actions import Bid, Pass
from interpreter.engine.state import DealState
from interpreter.rules.loader import load_ruleset


def test_a_contract_result_names_the_contract_with_a_capital() -> None:
    """Dreierschnapsen, seat 1 dealing: the forehand (seat 2) names trump and announces the
    Bettler (bid 1, 4 game points); the others pass; the deal is played out at random."""
    state = DealState.new(load_ruleset("house/dreierschnapsen"), 1, 0)
    state.apply(state.legal_actions()[1])
    for call in (Bid(1), Pass(), Pass()):
        state.apply(call)
    rng = random.Random(1)
    while state.result is None:
        state.apply(rng.choice(state.legal_actions()))
    assert re.fullmatch(r"seat 2 (made|lost) Bettler \(4\) after \d+ tricks?", state.result.reason), state.result.reason
