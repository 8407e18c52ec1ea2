"""The ``search`` seat kind: information-set Monte Carlo tree search from the seat's view.

``search`` plays at the ``normal`` level; ``search:easy``, ``search:hard`` pick a level, and
``search:iters=2000`` or ``search:ms=200`` set the budget per decision directly.  Iterations
are reproducible -- the same seed gives the same moves; the levels are iteration budgets.
Milliseconds are not: they count the CPU time of the thread that decides
(:mod:`interpreter.search.clock`), so a busy machine does not shorten a search, but how many
iterations they buy still varies from decision to decision and from machine to machine.  The
search itself is :func:`interpreter.search.ismcts.ismcts`; the bot only ever sees the view it
is handed.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from interpreter.core.arguments import check_int_seed, shown_value, with_article
from interpreter.core.actions import Action
from interpreter.engine.position import AUCTION
from interpreter.engine.views import SeatView
from interpreter.rules.loader import as_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.rules.yamlsource import shorten
from interpreter.search.clock import Clock, cpu_clock
from interpreter.search.goals import unannounced
from interpreter.search.ismcts import SearchResult, greedy_policy, ismcts

#: Iterations per decision of each level (reproducible budgets).  With the bias toward the
#: greedy move each iteration costs about 1.45 times what one cost without it, and does more:
#: the levels were cut from 100, 1,000 and 5,000 iterations so that a move takes the time it took.
#: ``hard`` was cut again from 3,500 to 2,500 so that its median move stays within a second on
#: the slower days of the 2-core machine, where 3,500 took 1.24 s (docs/bots.md).
LEVELS = {"easy": 70, "normal": 700, "hard": 2500}

#: The most a search may be given per decision, wherever a budget is typed: ``search:iters=N``
#: in any seat kind (``--players``, ``--opponent``, the arena's bots) and ``rules analyse
#: --iters N``; ``search:ms=N`` likewise in milliseconds.  40 times the ``hard`` level, about a
#: minute a decision on the 2-core machine: beyond it a run does not end in any time a person
#: waits for (``search:iters=1000000000000`` was taken, and ran for ever).
ITERATIONS_LIMIT = 100_000
MS_LIMIT = 60_000


class BudgetTooLarge(ValueError):
    """A search budget above :data:`ITERATIONS_LIMIT` or :data:`MS_LIMIT`: its message says
    what was asked and the most there is, without the list of seat kinds (the kind was right)."""


def check_iterations(iterations: int, asked: str) -> None:
    """Refuse (:class:`BudgetTooLarge`) iterations above :data:`ITERATIONS_LIMIT`; ``asked`` is
    how the budget was typed, for the message (``search:iters=N``, or the number of ``--iters``)."""
    if iterations > ITERATIONS_LIMIT:
        raise BudgetTooLarge(f"{asked} is more than a search may take (at most {ITERATIONS_LIMIT:,} iterations per decision)")


def check_budget(iterations: object, ms: object) -> None:
    """Refuse a budget a Python caller gives (``SearchBot``, ``TableSession.hint``) as
    :func:`parse_search_kind` refuses one typed as ``search:iters=N`` or ``search:ms=N``, in
    words naming the parameter: ``iterations`` a whole number from 1 to
    :data:`ITERATIONS_LIMIT` (not a bool, not 2.5: a budget is counted in whole iterations),
    ``ms`` a number above 0 and at most :data:`MS_LIMIT`.  ``None`` is no budget of that kind.
    Unchecked, ``iterations=0`` or ``-5`` searched nothing and played the first move, ``"x"``
    failed deep inside the search, and ``ms=-1`` stopped every search before it began."""
    if iterations is not None:
        if isinstance(iterations, bool) or not isinstance(iterations, int):
            raise TypeError(
                f"iterations: {shown_value(iterations)} is {with_article(type(iterations).__name__)}, not a number of "
                f"iterations (expected a whole number from 1 to {ITERATIONS_LIMIT:,})"
            )
        if iterations < 1:
            raise ValueError(f"iterations {iterations} is below 1 (expected a whole number of iterations from 1 to {ITERATIONS_LIMIT:,})")
        check_iterations(iterations, f"iterations {iterations}")
    if ms is not None:
        if isinstance(ms, bool) or not isinstance(ms, (int, float)):
            raise TypeError(
                f"ms: {shown_value(ms)} is {with_article(type(ms).__name__)}, not a number of milliseconds "
                f"(expected milliseconds per decision, more than 0 and at most {MS_LIMIT:,})"
            )
        if not ms > 0 or math.isnan(ms):
            raise ValueError(f"ms {ms} is not above 0 (expected milliseconds per decision, more than 0 and at most {MS_LIMIT:,})")
        if ms > MS_LIMIT:
            raise BudgetTooLarge(f"ms {ms} is more than a search may take (at most {MS_LIMIT:,} ms per decision)")


#: The bot's ``bias`` (see :func:`~interpreter.search.ismcts.ismcts`): how hard each node of the
#: tree is led toward the greedy move of its actor, in the world at hand.  Measured in
#: docs/bots.md ("What was tried"): in Sechsundsechzig it turned a game point lost every tenth
#: deal into a fifth of one won.
BIAS = 10.0

#: The bot's ``bias_opponents``: the bias at the other sides' nodes, so large that an opponent
#: plays his greedy move in the world at hand at nearly every visit once each of his moves has
#: been tried -- the opponents modelled in the tree as the world weights and the rollouts model
#: them.  Measured in docs/bots.md ("What was tried").
BIAS_OPPONENTS = 1000.0

#: The bot's ``exact_worlds``: it solves the worlds exactly only once its view leaves one (every
#: hidden card known, as in Schnapsen once the talon is used up); with two to 24 left it
#: searches the tree like anywhere else.  Solving each of a few worlds exactly plays every
#: one as if the opponent saw all the cards and, averaged over them, plans on cards it cannot
#: tell apart; the tree search, whose opponents play their greedy move in each world, won more
#: (measured deal by deal in docs/bots.md, "What was tried").  The analysis of
#: ``rules analyse`` keeps ``ismcts``'s 24, which it reads as exact values over the hands.
EXACT_WORLDS = 1

#: The bot's ``win_weight`` (see :func:`~interpreter.search.ismcts.ismcts`): how much winning
#: the deal at all counts beside the margin it is won by.  Where both sides score in every deal
#: (the units of North American Sixty-Six), the margin alone, scaled by the largest score (10
#: units), put a deal lost by one unit only 0.2 below one won by one, on rewards from -1 to 1:
#: the search chose as if winning the deal hardly mattered.  Measured deal by deal against the
#: bot with 0 (docs/bots.md, "What was tried"): on 400 deals of North American 4, 0.3 won 5.9
#: points more of them (+3.8 to +8.0) and +0.11 units a deal (-0.01 to +0.22), and 2.7 and 3.0
#: points more in North American 3 and 2 at the same units; in Schnapsen, Sechsundsechzig,
#: Bauernschnapsen and three-player 66, where only the deal's winner scores, no figure moved
#: outside its interval.
WIN_WEIGHT = 0.3

#: The knobs the bot searches with, in one place: :class:`SearchBot` passes them to
#: :func:`~interpreter.search.ismcts.ismcts` (an option given to the bot overrides one), and
#: the analysis of ``rules analyse`` (:mod:`interpreter.play.analysis`) searches with them too,
#: changing only what would change the meaning of its values -- so that what it grades is what
#: the bot's search thinks.  ``inference`` and ``pool`` are ``ismcts``'s own defaults.
SEARCH_OPTIONS: Mapping[str, Any] = MappingProxyType({
    "policy": greedy_policy, "bias": BIAS, "bias_opponents": BIAS_OPPONENTS, "exact_worlds": EXACT_WORLDS,
    "win_weight": WIN_WEIGHT, "stop_early": True,
})

#: How many times its iteration budget the bot spends on a decision of the auction.  A bid is
#: one or two decisions a seat makes in a deal, and they decide the contract: in North
#: American 4 the bot shown the other hands during the auction alone, playing the cards as it
#: does, won 71.3% of 600 plays against the greedy team where it wins 56.7% -- most of the
#: 75.0% the hands are worth over the whole deal.  Five times the iterations in the auction won
#: 2.8 points more of the deals (+0.75 to +4.92), deal by deal on 300 deals, for about twice
#: the time a deal takes (docs/bots.md, "What was tried").  A time budget (``ms``) stays the
#: decision's as given.
AUCTION_BUDGET = 5


@dataclass(frozen=True, slots=True)
class LevelTime:
    """What a decision with a choice took at a level, in milliseconds: the CPU time of the
    deciding thread and the wall clock, median and 90th percentile."""

    cpu_median: float
    cpu_p90: float
    wall_median: float
    wall_p90: float

    def words(self) -> str:
        """The time of a move as the start screen of ``rules play`` says it, from the CPU
        figures: ``about 0.3 s a move, 9 in 10 within 0.6 s``."""
        return f"about {_seconds(self.cpu_median)} a move, 9 in 10 within {_seconds(self.cpu_p90)}"


def _seconds(ms: float) -> str:
    """Milliseconds as seconds to one significant digit below a second, two above."""
    return f"{ms / 1000:.{2 if ms >= 1000 else 1}g} s"


#: What a decision with a choice took at each level: measured by ``benchmarks/bench_levels.py``
#: (Schnapsen against ``greedy``, seed 1; the median of each figure over three runs) on the
#: 2-core machine of docs/bots.md.  A faster machine takes less, a busy one more wall time.
#: docs/bots.md shows these figures (a test says when it does not) and so does the start
#: screen of ``rules play``.
LEVEL_TIMES = {
    "easy": LevelTime(cpu_median=5.6, cpu_p90=10.4, wall_median=5.6, wall_p90=10.4),
    "normal": LevelTime(cpu_median=44.9, cpu_p90=94.2, wall_median=44.9, wall_p90=94.2),
    "hard": LevelTime(cpu_median=128.1, cpu_p90=306.7, wall_median=128.1, wall_p90=306.7),
}
#: The knobs of :func:`~interpreter.search.ismcts.ismcts` a bot may be given.
OPTIONS = (
    "policy", "exploration", "win_weight", "exact_worlds", "inference", "pool", "bias", "bias_opponents", "bias_partners",
    "stop_early",
)


class SearchBot:
    """ISMCTS within a budget of iterations or milliseconds per decision (seeded).

    A decision of the auction gets ``auction_budget`` times the ``iterations``
    (:data:`AUCTION_BUDGET`; 1: the same as any other).  An iteration budget ends early once
    the iterations left could not change the move (``stop_early``, on unless given as False:
    the same moves in less time), and each decision searches with a generator of its own,
    seeded from the bot's, so that a search's stop changes no later decision.  ``ms`` is
    counted on ``clock`` in milliseconds: by default the CPU time of the thread that calls
    :meth:`choose` (:func:`~interpreter.search.clock.cpu_clock`); a test may give a clock of
    its own.  ``options`` go to :func:`~interpreter.search.ismcts.ismcts` as they are
    (``exploration``, ``win_weight``, ``exact_worlds``, ``policy``...): the knobs to tune a
    search with.
    """

    def __init__(
        self, ruleset: Ruleset | str | Path, seed: int = 0, *, iterations: int | None = None, ms: float | None = None,
        clock: Clock = cpu_clock, auction_budget: int = AUCTION_BUDGET, **options: Any,
    ) -> None:
        check_budget(iterations, ms)
        if iterations is None and ms is None:
            iterations = LEVELS["normal"]
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise ValueError(f"unknown search option(s) {', '.join(unknown)}: expected {', '.join(OPTIONS)}")
        self.rs = as_ruleset(ruleset, "ruleset")  # a name will do, as for every other bot
        self.rng = random.Random(check_int_seed(seed))  # a float or text would seed a game no command repeats
        self.iterations = iterations
        self.auction_budget = auction_budget
        self.ms = ms
        self.clock = clock
        self.options = {**SEARCH_OPTIONS, **options}
        self.last: SearchResult | None = None

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        iterations = self.iterations
        if iterations is not None and view.public.phase == AUCTION:
            iterations *= self.auction_budget
        # each decision draws from a generator of its own, seeded from the bot's: how many
        # numbers a search used (fewer when it stops early) changes no later decision
        rng = random.Random(self.rng.getrandbits(64))
        result = ismcts(
            view, rng, iterations=iterations,
            time_limit=self.ms / 1000 if self.ms is not None else None, clock=self.clock, **self.options,
        )
        self.last = result
        return self.rs.action_of[unannounced(view, result.best)]


#: How ``search:iters=N`` writes N: digits as ``str(int(N))`` writes them (no leading zeros,
#: no ``+``), with a minus sign for the budgets refused as below 1.
_WHOLE = re.compile(r"0|-?[1-9][0-9]*")

#: The most digits a budget within :data:`ITERATIONS_LIMIT` has: a longer one is over it, said
#: without ``int()``, which refuses more than 4,300 digits in words about Python's internals.
_MOST_DIGITS = len(str(ITERATIONS_LIMIT))


def parse_search_kind(kind: str) -> dict[str, int | float]:
    """The options of a ``search`` seat kind: ``search``, ``search:hard``, ``search:iters=N``,
    ``search:ms=N``, in any case; ``ValueError`` saying what is accepted for anything else,
    quoting the kind as it was typed (cut short: ``search:iters=`` with 5,000 digits is quoted
    by its first few)."""
    typed = kind.strip()
    kind = typed.lower()
    if kind == "search":
        return {"iterations": LEVELS["normal"]}
    _, _, spec = kind.partition(":")
    shown = typed.partition(":")[2]
    said = shorten(typed)
    if spec in LEVELS:
        return {"iterations": LEVELS[spec]}
    key, _, value = spec.partition("=")
    if key == "iters" and _WHOLE.fullmatch(value):
        # a plain whole number only: 1e3 or 5.0 would be written into a record's players as typed
        if value == "0" or value.startswith("-"):
            raise ValueError(f"{said} is below 1 (expected a whole number of iterations from 1 to {ITERATIONS_LIMIT:,})")
        check_iterations(int(value) if len(value) <= _MOST_DIGITS else ITERATIONS_LIMIT + 1, said)
        return {"iterations": int(value)}
    try:
        number = float(value) if key == "ms" else math.nan
    except ValueError:
        number = math.nan
    if not math.isnan(number):
        if number <= 0:
            raise ValueError(f"{said} is not above 0 (expected milliseconds per decision, more than 0 and at most {MS_LIMIT:,})")
        if number > MS_LIMIT:
            raise BudgetTooLarge(f"{said} is more than a search may take (at most {MS_LIMIT:,} ms per decision)")
        return {"ms": number}
    raise ValueError(
        f"unknown search option {shown_value(shown)}: expected search, search:easy, search:normal, search:hard, "
        "search:iters=N (a whole number of iterations) or search:ms=N (milliseconds per decision)"
    )
