"""A bot built for other rules than the match's is refused before the first move.

The probe's cases: Schnapsen bots at a three-seat North American table failed mid-deal with
a ``BotError`` ("chose play KD, not legal"), and North American bots at a Schnapsen table
played on silently -- choosing from another deck's action codes.  Refused now with a
``ValueError`` naming the seat and both rulesets (play_match, and the arena, whose bots come
from a function of the caller's); an agent that does not say its ruleset is taken as it is,
and the same file loaded twice is the same rules.
"""

from __future__ import annotations

from typing import Any

import pytest

from interpreter import GreedyBot, RandomBot, load_ruleset, play_match
from interpreter.core.actions import Action
from interpreter.engine.views import SeatView
from interpreter.rules.resources import find_ruleset
from interpreter.sim.arena import arena

SCHNAPSEN = load_ruleset("schnapsen")
NA3 = load_ruleset("north-american-3")


def test_schnapsen_bots_at_a_north_american_table_are_refused() -> None:
    with pytest.raises(ValueError) as info:
        play_match(NA3, [GreedyBot(NA3, 1), RandomBot(SCHNAPSEN, 2), GreedyBot(NA3, 3)], seed=1)
    said = str(info.value)
    assert said.startswith("agents[1]: the bot for seat 1 (RandomBot) was built for the ruleset 'schnapsen', ")
    assert "but the deal is of 'north-american-3'" in said


def test_north_american_bots_at_a_schnapsen_table_are_refused() -> None:
    with pytest.raises(ValueError) as info:
        play_match(SCHNAPSEN, [GreedyBot(SCHNAPSEN, 1), GreedyBot(NA3, 2)], seed=1)
    assert str(info.value).startswith("agents[1]: the bot for seat 1 (GreedyBot) was built for the ruleset 'north-american-3'")


def test_the_arena_refuses_a_function_that_builds_its_bot_for_other_rules() -> None:
    def other_rules(rs: Any, seed: int) -> GreedyBot:
        return GreedyBot(NA3, seed)

    with pytest.raises(ValueError) as info:
        arena(SCHNAPSEN, other_rules, "random", deals=1, seed=1)
    assert "was built for the ruleset 'north-american-3', but the deal is of 'schnapsen'" in str(info.value)


def test_the_same_file_loaded_twice_is_the_same_rules() -> None:
    again = load_ruleset(str(find_ruleset("schnapsen")), allow_outside=True)  # another cache entry: another object
    assert again is not SCHNAPSEN
    match = play_match(SCHNAPSEN, [GreedyBot(again, 1), RandomBot(SCHNAPSEN, 2)], seed=1, max_deals=1)
    assert len(match.results) == 1


class Anonymous:
    """An agent with ``choose`` and no ruleset: taken as it is."""

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        return legal[0]


def test_an_agent_that_says_no_ruleset_plays() -> None:
    match = play_match(SCHNAPSEN, [Anonymous(), Anonymous()], seed=1, max_deals=1)
    assert len(match.results) == 1
