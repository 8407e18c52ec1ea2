"""The solver's strict-phase kernel (interpreter.search.strict): where it may play, and its
values on hand-worked positions, asked directly.

The solver's proofs against plain minimax (tests/search/test_solver.py) run through the kernel
wherever it applies; these tests say where that is, and that the kernel's own answers to the
null-window question are right where the value was worked by hand.
"""

from __future__ import annotations

from typing import Any

from interpreter.engine.state import DealState
from interpreter.play.record import deal_from_mapping
from interpreter.rules.loader import load_ruleset
from interpreter.search.solver import INF
from interpreter.search.strict import KernelTables, compile_kernel, position_allows, rules_allow

# Schnapsen, talon gone, hearts trump; seat 0 leads with 60 points and 5 tricks, seat 1 has 32
# and 3 (the position of test_solver's "take the ace and go out for two", worked there: its
# value is 2 for seat 0, by leading the ace).
AFTER_THE_TALON: dict[str, Any] = {
    "dealer": 1,
    "start": {"leader": 0, "card_points": [60, 32], "tricks_won": [5, 3], "trump": "H"},
    "hands": {0: ["AS", "QH"], 1: ["TS", "KH"]},
}


def kernel_value(state: DealState, side: int) -> int:
    """The exact value of ``state`` from the kernel alone: the null-window passes of MTD(f)."""
    kt = KernelTables()
    visited = [0]

    def tick(k: int) -> int:
        visited[0] += k
        return 1 << 30

    enter = compile_kernel(side, state, kt, tick)
    lower, upper, g = -INF, INF, 0
    while lower < upper:
        beta = g if g > lower else lower + 1
        g = enter(state, beta)
        if g >= beta:
            lower = g
        else:
            upper = g
    assert visited[0] > 0
    return lower


def test_the_kernel_plays_where_the_talon_is_gone_and_no_hand_holds_a_marriage() -> None:
    state = deal_from_mapping("schnapsen", AFTER_THE_TALON)
    assert rules_allow(state) and position_allows(state)


def test_the_hand_worked_value_from_the_kernel_alone() -> None:
    """Leading the ace takes the ten and goes out with 81 against 32 (under 33): 2 game points
    for seat 0, -2 seen from seat 1; declaring now (60) would be false, -2."""
    state = deal_from_mapping("schnapsen", AFTER_THE_TALON)
    assert kernel_value(state, 0) == 2
    assert kernel_value(state, 1) == -2


def test_a_last_trick_against_a_false_declaration_from_the_kernel_alone() -> None:
    """One card each: AS leads, JS must follow; seat 0 ends with 71 against 49 (4 tricks): 1 game
    point, better than declaring with 58 (false: -2).  (test_solver works it the same way.)"""
    state = deal_from_mapping("schnapsen", {
        "dealer": 1,
        "start": {"leader": 0, "card_points": [58, 49], "tricks_won": [5, 4], "trump": "H"},
        "hands": {0: ["AS"], 1: ["JS"]},
    })
    assert position_allows(state)
    assert kernel_value(state, 0) == 1


def test_a_marriage_in_a_hand_keeps_the_position_on_the_engine() -> None:
    """Seat 0 holds the king and queen of hearts: a marriage may still be announced."""
    state = deal_from_mapping("schnapsen", {
        "dealer": 1,
        "start": {"leader": 0, "card_points": [40, 32], "tricks_won": [4, 3], "trump": "H"},
        "hands": {0: ["KH", "QH"], 1: ["TS", "AS"]},
    })
    assert not position_allows(state)


def test_a_talon_still_to_draw_from_keeps_the_position_on_the_engine() -> None:
    state = DealState.new(load_ruleset("schnapsen"), 1, 5)
    assert not position_allows(state)  # the first lead: nine cards still to draw


def test_a_card_on_the_table_is_no_place_to_enter() -> None:
    state = deal_from_mapping("schnapsen", AFTER_THE_TALON)
    state.push_code(state.legal_codes()[0])
    assert not position_allows(state)


def test_rules_it_does_not_play_keep_the_whole_ruleset_on_the_engine() -> None:
    """A partner's marriage shown during a trick (four-player 66), automatic claims (the app's
    Schnapsen) and contracts settled after each trick (Bauernschnapsen) are not the kernel's."""
    for name in ("house/four-player-66", "house/app-schnapsen", "house/bauernschnapsen"):
        assert not rules_allow(DealState.new(load_ruleset(name), 0, 1)), name
    for name in ("schnapsen", "sechsundsechzig", "north-american-4"):
        assert rules_allow(DealState.new(load_ruleset(name), 0, 1)), name
