"""Small shared helpers for the Sechsundsechzig and Schnapsen rule tests.

Positions are written with the keys of a game record (``dealer``, ``hands``, ``trump_card``,
``stock``, ``start``; see shared/spec/record-format.md) and moves in the record notation
(``play AS``, ``marry KH``, ``exchange``, ``close``, ``close before-draw``, ``declare``).
Cards may be given as a list or as one space-separated string (``"AS TS KH"``).

Nothing here computes an expected value: every expectation is stated in the tests, worked
out by hand from shared/rules/reference.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

import pytest

from interpreter import DealState, IllegalActionError, Ruleset, load_ruleset, parse_action
from interpreter.core.actions import Continue
from interpreter.play.record import apply_recorded, deal_from_mapping, spec_legal

S66 = "sechsundsechzig"
SCH = "schnapsen"


# A Schnapsen position (tests/rules/test_app_schnapsen.py, test_automatic_marriage.py). Mid-deal, talon of 4 (stock QH AS KD + turn-up AH, trump hearts); seat 0 is on lead with the
# trump jack and the spade marriage and has won 2 tricks.  Played: KH TC QC JD TS JS (31 points:
# seat 0 took 21, seat 1 took 10).
P_MARRY: dict[str, Any] = dict(
    dealer=1,
    hands={0: "JH KS QS AC TD", 1: "TH KC JC AD QD"},
    trump_card="AH",
    stock="QH AS KD",
    start={"leader": 0, "card_points": [21, 10], "tricks_won": [2, 1], "closed": False},
)


@lru_cache(maxsize=None)
def ruleset(name: str) -> Ruleset:
    """A bundled ruleset, loaded once per test session."""
    return load_ruleset(name)


def cards(spec: str | Iterable[str]) -> list[str]:
    """``"AS TS"`` or ``["AS", "TS"]`` -> ``["AS", "TS"]``."""
    if isinstance(spec, str):
        return spec.split()
    return [str(c) for c in spec]


def position(name: str, **keys: Any) -> DealState:
    """A deal built from record-style keys, checked as a record file is (deal_from_mapping).

    ``hands`` maps seats to cards; ``stock`` is a card list (top first); ``trump_card`` one card;
    ``start`` a mid-deal mapping (leader, card_points, tricks_won, closed, trump, ...).
    """
    mapping: dict[str, Any] = {}
    for key, value in keys.items():
        if key == "hands":
            assert isinstance(value, Mapping)
            mapping["hands"] = {int(seat): cards(cs) for seat, cs in value.items()}
        elif key == "stock":
            mapping["stock"] = cards(value)
        else:
            mapping[key] = value
    return deal_from_mapping(ruleset(name), mapping)


def play(state: DealState, *moves: str) -> DealState:
    """Apply moves with the record semantics (the pending draw / declining to go out happen
    by themselves, exactly as when a record is replayed).  Returns the state for chaining."""
    for text in moves:
        apply_recorded(state, parse_action(text))
    return state


def legal(state: DealState) -> list[str]:
    """The legal actions as the record format lists them: canonical text, sorted."""
    return sorted(spec_legal(state))


def finish_draw(state: DealState) -> DealState:
    """Let a pending draw happen now (as it would before the leader's next action)."""
    while state.draw_pending:
        state.apply(Continue())
    return state


def hand(state: DealState, seat: int) -> list[str]:
    """A seat's cards as sorted text."""
    return sorted(str(c) for c in state.hand(seat))


def result(state: DealState) -> tuple[int | None, int | None]:
    """(winner, game points) of a finished deal."""
    assert state.is_over, "the deal is not over"
    assert state.result is not None
    return state.result.winner, state.result.game_points


def illegal_rule(state: DealState, move: str) -> str | None:
    """Apply ``move`` (record semantics), expect IllegalActionError, return its ``rule``."""
    with pytest.raises(IllegalActionError) as info:
        play(state, move)
    return info.value.rule


def snapshot(state: DealState) -> dict[str, Any]:
    """Everything observable about a deal, to compare before/after undo."""
    return {
        "legal": legal(state),
        "hands": [hand(state, s) for s in range(state.n)],
        "card_points": state.card_points(),
        "tricks_won": state.tricks_won(),
        "to_act": state.to_act,
        "actor": state.actor,
        "talon": state.talon_size(),
        "turn_up": str(state.turn_up_card()) if state.turn_up_card() else None,
        "trump": state.trump_suit(),
        "closed": state.closed,
        "over": state.is_over,
        "result": state.result,
        "history": list(state.history),
    }
