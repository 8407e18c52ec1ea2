"""The ``greedy`` seat kind: sound card sense without look-ahead.

The bot is a thin wrapper: its choices are those of
:func:`interpreter.search.heuristic.greedy_code`, the same heuristic that tree search uses
for its rollouts, so that what is measured of the one holds for the other.  It keeps trumps,
takes points cheaply, marries (trumps first), exchanges, closes when the tricks it takes by
force reach the target, declares exactly when right, helps its partner, and bids what its
hand is worth.  The old greedy bot is the ``basic`` seat kind
(:mod:`interpreter.play.bots.basic`).
"""

from __future__ import annotations

import random
from pathlib import Path

from interpreter.core.arguments import check_int_seed
from interpreter.core.actions import Action
from interpreter.engine.views import SeatView
from interpreter.rules.loader import as_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.search.heuristic import greedy_code


class GreedyBot:
    """The heuristic's choice for every decision (seeded for the rare exact ties)."""

    def __init__(self, ruleset: Ruleset | str | Path, seed: int = 0) -> None:
        self.rs = as_ruleset(ruleset, "ruleset")  # a name will do, as everywhere a ruleset goes
        self.rng = random.Random(check_int_seed(seed))  # a float or text would seed a game no command repeats

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        """The heuristic reads the view's legal codes, which list ``legal`` in the same order."""
        return view.rs.action_of[greedy_code(view, self.rng)]
