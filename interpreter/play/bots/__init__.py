"""Bots: seat kinds that choose actions from a :class:`~interpreter.engine.views.SeatView`.

Every bot sees only its seat's view (never the full state), so a bot cannot use hidden cards.
``make_agent("random", ruleset, seed)`` builds a seat kind by name.
"""

from __future__ import annotations

from interpreter.play.bots.base import Agent
from interpreter.play.bots.greedy import GreedyBot
from interpreter.play.bots.random_bot import RandomBot, random_playout

BOT_KINDS = ("random", "greedy")

__all__ = ["Agent", "GreedyBot", "RandomBot", "random_playout", "make_agent", "BOT_KINDS"]


def make_agent(kind: str, ruleset: object, seed: int) -> Agent:
    """A bot of the given kind (``random`` or ``greedy``) seeded for reproducible play."""
    from interpreter.rules.ruleset import Ruleset

    assert isinstance(ruleset, Ruleset)
    if kind == "random":
        return RandomBot(ruleset, seed)
    if kind == "greedy":
        return GreedyBot(ruleset, seed)
    raise ValueError(f"unknown bot kind {kind!r}")
