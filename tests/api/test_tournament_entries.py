"""A tournament takes two bots at least, each once, in Python as ``rules tournament`` does: one
check (``interpreter.sim.arena.tournament_entries``) for both, with the command's words.  Two
names of one bot (``search:easy`` is ``search:iters=70``) and one function given twice are one
bot twice."""

from __future__ import annotations

from typing import Any

import pytest

from interpreter import GreedyBot, load_ruleset
from interpreter.sim.arena import tournament

RS = load_ruleset("schnapsen")


def highcard(ruleset: object, seed: int) -> GreedyBot:
    return GreedyBot(RS, seed)


@pytest.mark.parametrize(("bots", "said"), [
    (["random"], "a tournament needs at least two bots, got 1"),
    (["random", "greedy", "random"], "bot 3: 'random' is given twice (each bot once; for an A/A control use rules arena random random)"),
    (["search:easy", "search:iters=70"],
     "bot 2: 'search:iters=70' is the same bot as bot 1, 'search:easy' (both search:iters=70; each bot once; "
     "for an A/A control use rules arena search:easy search:iters=70)"),
    ([highcard, "random", highcard], "bot 3: 'highcard' is given twice (each bot once; for an A/A control use arena(rs, highcard, highcard, ...))"),
])
def test_a_tournament_takes_two_bots_at_least_each_once(bots: list[Any], said: str) -> None:
    with pytest.raises(ValueError) as info:
        tournament(RS, bots, deals=2)
    assert str(info.value) == said


def test_a_tournament_printed_says_what_was_played_and_how_far() -> None:
    # three bots make three pairings; 2 deals each: 6 deals in all, every one played
    run = tournament(RS, ["random", "greedy", highcard], deals=2, seed=4)
    assert repr(run) == "Arena('schnapsen', bots=[random, greedy, highcard], deals=2, seed=4: 6 of 6 deals played over 3 pairings)"
