"""Bots: seat kinds that choose actions from a :class:`~interpreter.engine.views.SeatView`.

Every bot sees only its seat's view (never the full state), so a bot cannot use hidden cards.
``make_agent("random", ruleset, seed)`` builds a seat kind by name.
"""

from __future__ import annotations

from interpreter.play.bots.base import Agent
from interpreter.play.bots.basic import BasicBot
from interpreter.play.bots.greedy import GreedyBot
from interpreter.play.bots.random_bot import RandomBot, random_playout

BOT_KINDS = ("random", "greedy", "basic", "search")
#: The search kind's spellings with options (see interpreter.play.bots.search_bot).
SEARCH_OPTIONS = "search:easy, search:normal, search:hard, search:iters=N, search:ms=N"
SEARCH_FORMS = "search, " + SEARCH_OPTIONS
#: The policy kind's spellings: a trained agent (interpreter.play.bots.policy, docs/rl.md).
POLICY_FORMS = "policy:MODULE:NAME, policy:FILE.py:NAME"

__all__ = ["Agent", "BasicBot", "GreedyBot", "RandomBot", "random_playout", "make_agent", "BOT_KINDS", "SEARCH_FORMS", "SEARCH_OPTIONS", "POLICY_FORMS"]


def make_agent(kind: str, ruleset: object, seed: int) -> Agent:
    """A bot of the given kind (one of :data:`BOT_KINDS`) seeded for reproducible play.

    ``basic`` is the greedy bot as it was up to version 0.1.0, a weak sparring partner;
    ``search`` (with options such as ``search:hard`` or ``search:iters=2000``) searches
    (:mod:`interpreter.play.bots.search_bot`); ``policy:MODULE:NAME`` or
    ``policy:FILE.py:NAME`` plays a trained PettingZoo or OpenSpiel policy
    (:mod:`interpreter.play.bots.policy`, docs/rl.md).
    """
    from interpreter.rules.ruleset import Ruleset

    assert isinstance(ruleset, Ruleset)
    if kind == "random":
        return RandomBot(ruleset, seed)
    if kind == "greedy":
        return GreedyBot(ruleset, seed)
    if kind == "basic":
        return BasicBot(ruleset, seed)
    if kind == "search" or kind.startswith("search:"):
        from interpreter.play.bots.search_bot import SearchBot, parse_search_kind

        return SearchBot(ruleset, seed, **parse_search_kind(kind))  # type: ignore[arg-type]
    if kind.startswith("policy:"):  # a trained agent: interpreter.play.bots.policy
        from interpreter.play.bots.policy import make_policy_agent

        return make_policy_agent(kind, ruleset, seed)
    raise ValueError(f"unknown bot kind {kind!r}")
