"""Bots: seat kinds that choose actions from a :class:`~interpreter.engine.views.SeatView`.

Every bot is handed only its seat's view (never the full state), and the built-in bots read
nothing else, so they do not use hidden cards.  A bot of someone else's runs in the process
that holds the state and could read more (docs/security.md, "Bots in your process").
``make_agent("random", ruleset, seed)`` builds a seat kind by name.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from interpreter.core.arguments import shown_value, with_article
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

if TYPE_CHECKING:
    from interpreter.rules.ruleset import Ruleset

__all__ = ["Agent", "BasicBot", "GreedyBot", "RandomBot", "random_playout", "make_agent", "bot_spec", "canonical_kind", "BOT_KINDS", "SEARCH_FORMS", "SEARCH_OPTIONS", "POLICY_FORMS"]


def canonical_kind(kind: str) -> str:
    """A seat kind as ``rules run --players`` writes it: names and levels in lower case
    (``GREEDY`` is ``greedy``), a ``policy:`` kind's module or file name kept as written,
    where case matters.  Here, beside :func:`make_agent` and :func:`bot_spec` that read a kind
    so, and :mod:`interpreter.play.seatkinds` takes it from here (it imports this package)."""
    kind = kind.strip()
    if kind[:7].lower() == "policy:":
        return "policy:" + kind[7:]
    return kind.lower()


def make_agent(kind: str, ruleset: Ruleset | str | Path, seed: int) -> Agent:
    """A bot of the given kind (one of :data:`BOT_KINDS`) seeded for reproducible play.

    ``basic`` is the greedy bot as it was up to version 0.1.0, a weak sparring partner;
    ``search`` (with options such as ``search:hard`` or ``search:iters=2000``) searches
    (:mod:`interpreter.play.bots.search_bot`); ``policy:MODULE:NAME`` or
    ``policy:FILE.py:NAME`` plays a trained PettingZoo or OpenSpiel policy
    (:mod:`interpreter.play.bots.policy`, docs/rl.md).  ``ruleset`` is a :class:`Ruleset`
    or a name or path; an unknown kind is a ``ValueError``, a kind that is not text a
    ``TypeError``.
    """
    from interpreter.rules.loader import as_ruleset

    if not isinstance(kind, str):
        raise TypeError(f"kind: {kind!r} is {with_article(type(kind).__name__)}, not a bot kind (expected one of: {', '.join(BOT_KINDS)}, {POLICY_FORMS})")
    ruleset = as_ruleset(ruleset, "ruleset")
    # names and levels in any case (GREEDY, search:HARD); a policy's module or file as written;
    # a message quotes the kind as it was typed, never as it was read
    typed, kind = kind, canonical_kind(kind)
    if kind == "random":
        return RandomBot(ruleset, seed)
    if kind == "greedy":
        return GreedyBot(ruleset, seed)
    if kind == "basic":
        return BasicBot(ruleset, seed)
    if kind == "search" or kind.startswith("search:"):
        from interpreter.play.bots.search_bot import SearchBot, parse_search_kind

        return SearchBot(ruleset, seed, **parse_search_kind(typed))  # type: ignore[arg-type]
    if kind.startswith("policy:"):  # a trained agent: interpreter.play.bots.policy
        from interpreter.play.bots.policy import make_policy_agent

        return make_policy_agent(kind, ruleset, seed)
    raise ValueError(unknown_kind(typed))


def unknown_kind(typed: str, also: tuple[str, ...] = (), hint: str = "") -> str:
    """The refusal of a kind no bot has, quoted as typed (cut short), with every kind there is (``also``:
    a command's own seat kinds, such as ``human``) -- written once, for :func:`make_agent` and
    the commands' options; ``hint`` (`` (did you mean 'greedy'?)``) goes before the list."""
    return f"unknown bot kind {shown_value(typed)}{hint} (expected one of: {', '.join(BOT_KINDS + also)}, {SEARCH_OPTIONS}, {POLICY_FORMS})"


def bot_spec(kind: str) -> str:
    """The normalised spec a bot of ``kind`` is made from: two kinds with the same spec make
    the same bot, however they are spelled.

    A search level is its iteration budget (``search``, ``search:normal`` and
    ``search:iters=700`` are one bot; ``search:ms=200`` and ``search:ms=200.0`` another); a
    policy file is its resolved path (``policy:./p.py:act`` and ``policy:p.py:act``).  What
    ``rules tournament`` compares to refuse one bot entered under two names -- it rates
    entries, and two copies of one bot would split its rating -- kept here, beside
    :func:`make_agent`, so that a new spelling of a kind cannot slip past the check.  The
    kind is first read as :func:`make_agent` reads it -- spaces around it dropped, names and
    levels in any case (``GREEDY`` is ``greedy``, ``Search:EASY`` is ``search:easy``), a
    policy's module or file as written, where case matters -- so that ``greedy`` and
    ``GREEDY``, one bot to :func:`make_agent`, are one bot here too.  A kind that cannot be
    made (``ValueError`` from :func:`make_agent`) is returned so read.
    """
    kind = canonical_kind(kind)
    if kind == "search" or kind.startswith("search:"):
        from interpreter.play.bots.search_bot import parse_search_kind

        try:
            options = parse_search_kind(kind)
        except ValueError:
            return kind
        if "iterations" in options:
            return f"search:iters={int(options['iterations'])}"
        return f"search:ms={float(options['ms'])!r}"
    if kind.startswith("policy:"):
        module, sep, name = kind.removeprefix("policy:").rpartition(":")
        if sep and module.endswith(".py"):
            from interpreter.core.paths import resolved

            return f"policy:{resolved(module)}:{name}"
    return kind
