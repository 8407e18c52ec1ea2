"""Small helpers for the North American Sixty-Six rule tests.

Deals are written as explicit hands (a string of cards per seat) and played with a compact
script in which every action names the seat that must make it, so that each step also checks
whose turn it is::

    run(state, "0:1 1:- 2:- 3:-")          # auction: seat 0 bids 1, the others pass
    run(state, "0:AH 1:9H 2:JH 3:QH")      # a trick: each seat plays a card
    run(state, "0:*KH 1:AH 2:9H 3:QD")     # '*' = announce the marriage and lead that card

Tokens: ``S:-`` pass, ``S:N`` bid N, ``S:XY`` play card XY, ``S:*XY`` marry with XY.
Nothing here computes an expected value: the tests state them, worked out by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

import pytest

from interpreter import DealState, IllegalActionError, Ruleset, load_ruleset, parse_action
from interpreter.core.actions import Action
from interpreter.play.record import deal_from_mapping

NA4 = "north-american-4"
NA3 = "north-american-3"
NA2 = "north-american-2"


@lru_cache(maxsize=None)
def ruleset(name: str) -> Ruleset:
    return load_ruleset(name)


def deal(name: str, dealer: int, hands: Mapping[int, str], widow: str = "") -> DealState:
    """A full deal from explicit hands (record-style keys; ``widow`` is the record's ``stock``)."""
    mapping = {
        "dealer": dealer,
        "hands": {seat: cards.split() for seat, cards in hands.items()},
        "stock": widow.split(),
    }
    return deal_from_mapping(ruleset(name), mapping)


def action_of(token: str) -> tuple[int, Action]:
    seat_text, _, what = token.partition(":")
    seat = int(seat_text)
    if what == "-":
        return seat, parse_action("pass")
    if what.isdigit():
        return seat, parse_action(f"bid {what}")
    if what.startswith("*"):
        return seat, parse_action(f"marry {what[1:]}")
    return seat, parse_action(f"play {what}")


def run(state: DealState, script: str) -> None:
    """Apply the script's actions in order, checking before each one that its seat must act."""
    for token in script.split():
        seat, action = action_of(token)
        assert state.actor == seat, f"{token}: seat {state.actor} is to act, not seat {seat}"
        state.apply(action)


def legal(state: DealState) -> list[str]:
    return sorted(str(a) for a in state.legal_actions())


def plays(cards: str) -> list[str]:
    """The sorted ``play XY`` texts of a list of cards (to compare with :func:`legal`)."""
    return sorted(f"play {c}" for c in cards.split())


def hand(state: DealState, seat: int) -> set[str]:
    return {str(c) for c in state.hand(seat)}


def rejected_rule(state: DealState, token: str) -> str | None:
    """Apply an action that must be illegal: return the rule named, after checking nothing changed."""
    seat, action = action_of(token)
    assert state.actor == seat, f"{token}: seat {state.actor} is to act, not seat {seat}"
    before = (state.actor, list(state.trick), [state.hand(s) for s in range(state.n)], state.card_points())
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    after = (state.actor, list(state.trick), [state.hand(s) for s in range(state.n)], state.card_points())
    assert after == before, "a rejected action changed the state"
    return info.value.rule
