"""A view's completed tricks are the tricks the engine played: the same cards, by the same
seats, taken by the same seat -- for every seat and a spectator, in every bundled ruleset.

The view rebuilds them from the public history; the engine is watched from outside here,
trick by trick (the cards on the table before the move that completes a trick, that move's
card, and the winner it names), so the expectation never comes from the code under test.
Laid-away cards (Dreierschnapsen's declarer) and a partner's marriage shown during a trick
(Four-player 66) put no card on the table: counting them drew wrong "last tricks"."""

from __future__ import annotations

import random

import pytest

from interpreter.core.actions import Discard, Marry, Play
from interpreter.core.cards import Card
from interpreter.engine.state import DealState
from interpreter.engine.views import SPECTATOR, spectator_view
from interpreter.rules.loader import load_ruleset
from interpreter.rules.resources import bundled_rulesets

Trick = tuple[tuple[tuple[int, Card], ...], int]


def _played_out(name: str, seed: int) -> tuple[DealState, list[Trick], set[str]]:
    """A random deal to its end, with the tricks the engine completed (cards by seat, winner)
    and the kinds of move made that name a card without playing it."""
    rs = load_ruleset(name)
    rng = random.Random(seed)
    state = DealState.new(rs, seed % rs.players.count, seed)
    engine_tricks: list[Trick] = []
    unplayed: set[str] = set()
    while state.result is None:
        seat, legal = state.actor, state.legal_actions()
        action = rng.choice(legal)
        before = list(state.trick_with_seats())
        done = state.tricks_played
        state.apply(action)
        if isinstance(action, Discard) or (isinstance(action, Marry) and before):
            unplayed.add(type(action).__name__)
        if state.tricks_played > done:
            assert isinstance(action, (Play, Marry)) and seat is not None
            engine_tricks.append((tuple(before) + ((seat, action.card),), state.last_winner))
        if not state.trick or state.result is not None:  # check at trick boundaries and the end
            _check_views(state, engine_tricks)
    return state, engine_tricks, unplayed


def _check_views(state: DealState, engine_tricks: list[Trick]) -> None:
    for view in [*(state.view(s) for s in range(state.rs.players.count)), spectator_view(state)]:
        got = [(trick.cards, trick.winner) for trick in view.completed_tricks]
        who = "the spectator" if view.seat == SPECTATOR else f"seat {view.seat}"
        assert got == engine_tricks, f"{who} sees other tricks than the engine played"


@pytest.mark.parametrize("name", sorted(bundled_rulesets()))
def test_every_seat_sees_the_tricks_the_engine_played(name: str) -> None:
    played = 0
    for seed in range(12):
        state, tricks, _ = _played_out(name, seed)
        assert len(tricks) == state.tricks_played
        played += len(tricks)
    assert played, "some deal was played (not every one thrown in)"


@pytest.mark.parametrize("name, kind", [("house/dreierschnapsen", "Discard"), ("house/four-player-66", "Marry")])
def test_cards_that_were_not_played_are_no_part_of_a_trick(name: str, kind: str) -> None:
    """The two moves that name a card without playing it did happen in the deals checked."""
    seen: set[str] = set()
    for seed in range(60):
        seen |= _played_out(name, seed)[2]
        if kind in seen:
            return
    raise AssertionError(f"no {kind} without a card played in 60 deals of {name}")
