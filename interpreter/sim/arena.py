"""Bots against bots on the same deals with the seats swapped: what ``rules arena`` and
``rules tournament`` run.

Why the seats are swapped: the cards decide most deals, so two bots compared on different
deals differ mostly by luck.  Here every deal is played once per *seat assignment* -- bot A
on match side ``k`` and bot B on every other side, for each side ``k`` in turn -- so each bot
holds each hand once and the luck of the cards cancels within the deal.  With two sides that
is the classic pair (A on side 0, then A on side 1); in partnerships A's team is side 0, then
side 1; with three or more sides it is the rotation of A through the sides.  One rule for any
ruleset: nothing here looks at a variant's name or counts sides to choose a branch.

One *deal* is one :class:`~interpreter.engine.state.DealState` from a seeded shuffle,
played to its end (not a match): deal ``i`` gets the ``i``-th 32-bit draw of
``random.Random(seed)`` as its shuffle seed and seat ``(dealer.first + i) % seats`` as its
dealer, so deal ``i`` is the same whatever else is played.  Each play of it goes through
:func:`~interpreter.play.runner.play_deal`, which asks every agent through its seat's view
only.  The bots of a play are made afresh with seeds fixed by the run's seed, the deal's
index, the assignment and the seat (:func:`play_seed`), so each play depends on nothing but
those -- which is why the figures are the same whether the deals run in one process or
several, in any order.  A bot's seed is a hash of those, never arithmetic of the deal's
shuffle seed: a bot that could work the shuffle seed out of its own would deal every hand.

How a play is scored for A, from the match sides' deal scores (``DealResult.scores``: game
points or units): against each B side, 1 if A's side scored more, 0 if less, 1/2 if the same
(a drawn or thrown-in deal, where nobody scores); the play's *deal score* is the mean over
the B sides, so with two sides a deal is won, lost or halved.  A's *net* is its side's score
minus the mean score of the B sides.  When A and B play alike (the same deterministic bot),
the plays of one deal sum to exactly half of them won and a net of zero, for any number of
sides.  Bots that draw random numbers get different seeds in each play, so the plays are
independent and an A/A control of such a bot is a real test: it should land within its
interval of 50% and 0.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Union

from interpreter.core.actions import Action
from interpreter.core.arguments import check_seed, shown_value, with_article
from interpreter.core.errors import BotError
from interpreter.core.seeds import bot_seed
from interpreter.engine.state import DealState
from interpreter.engine.views import SeatView
from interpreter.play.bots import Agent, bot_spec, make_agent
from interpreter.play.bots.authors import where
from interpreter.play.recordfile import signals_held
from interpreter.play.runner import check_agents_ruleset, not_an_agent, play_deal
from interpreter.rules.loader import as_ruleset, load_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.sim.stats import LogHistogram, Ratings, bootstrap_mean_interval, bradley_terry, wilson
from interpreter.sim.tally import FEWEST
from interpreter.sim.workers import each_in_processes, worker_count

#: A bot: a kind for :func:`~interpreter.play.bots.make_agent` (``"greedy"``), or a function
#: ``(ruleset, seed) -> Agent`` (module-level, so that other processes can be sent it).
Bot = Union[str, Callable[[Ruleset, int], Agent]]

#: Resamples of the paired bootstrap of the net score.
RESAMPLES = 2000
#: Drawn virtual games between every two bots in the Bradley--Terry fit of a tournament.
PRIOR_GAMES = 1.0


def bot_name(bot: Bot) -> str:
    """How a bot is shown: its kind, or the name of the function that makes it."""
    return bot if isinstance(bot, str) else getattr(bot, "__name__", repr(bot))


def new_agent(bot: Bot, rs: Ruleset, seed: int) -> Agent:
    """A seeded agent of ``bot`` (``ValueError`` for an unknown kind, from ``make_agent``).
    A function that raises, or makes something with no ``choose`` method, is a
    :class:`BotError` (its author's bug, said in one line; the caller fills in the seat)."""
    if isinstance(bot, str):
        return make_agent(bot, rs, seed)
    name = bot_name(bot)
    try:
        agent = bot(rs, seed)
    except Exception as exc:
        raise BotError(f"making the bot, {name}(ruleset, seed) raised {type(exc).__name__}{where(exc)}: {exc}", bot=name) from exc
    if not_an_agent(agent) is not None:
        raise BotError(
            f"{name}(ruleset, seed) returned {shown_value(agent)} ({type(agent).__name__}), not an agent "
            "(expected an object whose choose(view, legal) returns one of the legal actions)",
            bot=name,
        )
    return agent


def check_bots(bots: Sequence[object]) -> None:
    """Refuse what cannot be a bot before anything is played: a bot is a kind (text, checked
    when it is made) or a function ``(ruleset, seed) -> agent`` (a class with that
    constructor will do); anything else is a ``TypeError`` naming the bot by its place."""
    for n, bot in enumerate(bots):
        if not isinstance(bot, str) and not callable(bot):
            raise TypeError(
                f"bot {n + 1}: {shown_value(bot)} is {with_article(type(bot).__name__)}, not a bot "
                "(expected a bot kind such as 'greedy', or a function (ruleset, seed) -> agent)",
            )


def tournament_entries(bots: Sequence[Bot]) -> None:
    """Refuse a tournament of fewer than two bots, or with a bot entered twice -- by the same
    name, by two names of one bot (``search:easy`` and ``search:iters=70``: see
    :func:`~interpreter.play.bots.bot_spec`) or as the same function -- with ``ValueError``:
    a tournament rates its entries, and two copies of one bot would share its rating between
    them.  An arena allows it, for an A/A control.  The one check of ``rules tournament`` and
    :func:`tournament`."""
    if len(bots) < 2:
        raise ValueError(f"a tournament needs at least two bots, got {len(bots)}")
    specs: list[object] = [bot_spec(bot) if isinstance(bot, str) else bot for bot in bots]
    for n, (bot, spec) in enumerate(zip(bots, specs)):
        if spec not in specs[:n]:
            continue
        first = specs.index(spec)
        a, b = bot_name(bots[first]), bot_name(bot)
        aa = f"rules arena {a} {b}" if isinstance(bot, str) else f"arena(rs, {a}, {b}, ...)"
        if a == b:
            raise ValueError(f"bot {n + 1}: '{b}' is given twice (each bot once; for an A/A control use {aa})")
        raise ValueError(f"bot {n + 1}: '{b}' is the same bot as bot {first + 1}, '{a}' (both {spec}; each bot once; for an A/A control use {aa})")


@dataclass(frozen=True, slots=True)
class DealSpec:
    """One deal of a run: its index, the seed of its shuffle, its dealer, and the run's seed
    (``run``), from which the seeds of the deal's bots are hashed (:func:`play_seed`)."""

    index: int
    seed: int
    dealer: int
    run: int


def deal_specs(rs: Ruleset, deals: int, seed: int) -> list[DealSpec]:
    """The first ``deals`` deals of a run with ``seed``: a deal's shuffle seed is the next
    32-bit draw of ``random.Random(seed)``, and the dealer rotates with the deal's index."""
    rng = random.Random(seed)
    seats = rs.players.count
    return [DealSpec(i, rng.getrandbits(32), (rs.dealer.first + i) % seats, seed) for i in range(deals)]


def play_seed(spec: DealSpec, assignment: int, seat: int) -> int:
    """The seed of the bot in ``seat`` in assignment ``assignment`` of the deal ``spec``: a
    hash of the run's seed, the deal's index, the assignment and the seat
    (:func:`~interpreter.core.seeds.bot_seed`).  Not the deal's shuffle seed nor anything
    computed from it: a bot given ``(shuffle seed * plays + k) * seats + seat``, as the arena
    once did, divided it back and dealt every hand and the talon itself."""
    return bot_seed(spec.run, spec.index, assignment, seat)


def seat_roles(rs: Ruleset) -> list[tuple[int, ...]]:
    """Per seat assignment ``k`` (one per match side), each seat's bot: 0 (A) for the seats of
    side ``k``, 1 (B) for all others."""
    seats = rs.players.count
    return [tuple(0 if rs.side_of(seat) == k else 1 for seat in range(seats)) for k in range(rs.side_count)]


class DecisionTimes:
    """Milliseconds of one bot's decisions on two clocks, as histograms: ``wall``, the time a
    decision took on the wall clock (what a person at the table waits), and ``cpu``, the CPU
    time of the thread that decided (what the bot itself spent: a busy machine -- other
    programs, the other processes of the run -- adds to the wall time only)."""

    __slots__ = ("wall", "cpu")

    def __init__(self) -> None:
        self.wall = LogHistogram()
        self.cpu = LogHistogram()

    @property
    def count(self) -> int:
        """Decisions timed."""
        return self.wall.count

    def add(self, wall: float, cpu: float) -> None:
        """Count one decision's wall and CPU milliseconds."""
        self.wall.add(wall)
        self.cpu.add(cpu)

    def merge(self, other: DecisionTimes) -> None:
        """Add the decisions of ``other`` (another process's, say) to these."""
        self.wall.merge(other.wall)
        self.cpu.merge(other.cpu)


class _Timed:
    """An agent whose every decision is timed on the wall clock and in the CPU time of its
    thread (milliseconds, forced decisions too)."""

    __slots__ = ("agent", "times")

    def __init__(self, agent: Agent, times: DecisionTimes) -> None:
        self.agent = agent
        self.times = times

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        wall, cpu = time.perf_counter_ns(), time.thread_time_ns()
        action = self.agent.choose(view, legal)
        cpu_end, wall_end = time.thread_time_ns(), time.perf_counter_ns()
        self.times.add((wall_end - wall) / 1e6, (cpu_end - cpu) / 1e6)
        return action


def play_assignments(
    rs: Ruleset, a: Bot, b: Bot, spec: DealSpec, clocks: tuple[DecisionTimes, DecisionTimes] | None = None,
) -> list[tuple[int, ...]]:
    """Play one deal once per seat assignment (see :func:`seat_roles`); the match sides' deal
    scores of each play, in assignment order.  ``clocks`` receive A's and B's decision times."""
    bots = (a, b)
    roles_of = seat_roles(rs)
    scores: list[tuple[int, ...]] = []
    names = [bot_name(a), bot_name(b)]
    for k, roles in enumerate(roles_of):
        agents: list[Agent] = []
        for seat, role in enumerate(roles):
            try:
                agent = new_agent(bots[role], rs, play_seed(spec, k, seat))
            except BotError as exc:
                raise exc.placed(seat=seat, deal=spec.index + 1)
            check_agents_ruleset([None] * seat + [agent], rs)  # a function's bot for other rules: said for its seat
            agents.append(_Timed(agent, clocks[role]) if clocks is not None else agent)
        state = DealState.new(rs, spec.dealer, spec.seed)
        play_deal(state, agents, names=[names[role] for role in roles], deal=spec.index + 1)
        assert state.result is not None
        scores.append(tuple(state.result.scores))
    return scores


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """A's results over the plays of one deal, in exact integers.

    ``halves``: per play and B side, 2 if A's side scored more, 1 if the same, 0 if less --
    divided by ``2 * (sides - 1)`` it is the number of plays A won.  ``net``: per play, the
    sum over the B sides of A's side's score minus theirs -- divided by ``sides - 1`` it is
    A's net over the plays.
    """

    index: int
    halves: int
    net: int


def outcome_of(index: int, scores: Sequence[Sequence[int]]) -> DealOutcome:
    """Score the plays of a deal for A; ``scores[k]`` are the sides' scores with A on side ``k``."""
    halves = net = 0
    for k, play in enumerate(scores):
        mine = play[k]
        for j, theirs in enumerate(play):
            if j != k:
                halves += 2 if mine > theirs else 1 if mine == theirs else 0
                net += mine - theirs
    return DealOutcome(index, halves, net)


@dataclass(frozen=True)
class Timing:
    """Milliseconds per decision of one bot: the median and 95th percentile of the wall time,
    the same of the CPU time of the deciding thread (``cpu_``), and how many decisions."""

    median: float
    p95: float
    decisions: int
    cpu_median: float
    cpu_p95: float

    @staticmethod
    def of(times: DecisionTimes) -> Timing | None:
        if not times.count:
            return None
        wall, cpu = times.wall, times.cpu
        return Timing(wall.quantile(0.5), wall.quantile(0.95), times.count, cpu.quantile(0.5), cpu.quantile(0.95))

    def as_dict(self) -> dict[str, Any]:
        return {
            "median": round(self.median, 4), "p95": round(self.p95, 4),
            "cpu_median": round(self.cpu_median, 4), "cpu_p95": round(self.cpu_p95, 4), "decisions": self.decisions,
        }


def net_no_interval(per_deal: Sequence[float]) -> str | None:
    """Why the mean of A's nets, deal by deal, has no bootstrap interval (``None``: it has one).

    Every resample of one deal is that deal, and every resample of deals that all had the same
    net (a bot that makes no random choices against itself: 0 in each) is that net: an
    interval of no width, which would claim the net known exactly from two deals as from two
    thousand.  The words are the row's in ``rules arena``."""
    if len(per_deal) < FEWEST:
        return f"too few deals for an interval ({len(per_deal):,})"
    if len(set(per_deal)) == 1:
        return f"no spread over {len(per_deal):,} deals (the same net in each): no interval"
    return None


@dataclass(frozen=True)
class PairingSummary:
    """What one A-against-B pairing showed (see the module docstring for the scoring).

    ``deals`` deals were asked for and ``finished`` played under every assignment
    (``plays = finished * sides``).  ``score`` is the plays A won (halves for ties),
    ``win_rate`` its share with the Wilson 95% ``win_interval``; ``net`` is A's net score per
    play with a paired bootstrap 95% ``net_interval`` over the deals (each deal's plays
    resampled together; ``None`` from fewer than two deals or deals that all had the same net,
    ``net_why`` saying which: :func:`net_no_interval`); ``outcomes`` counts the deals by the plays A won in them (for two
    sides the five outcomes 0, 1/2, 1, 3/2, 2).  The figures are ``None`` when no deal finished.
    """

    a: str
    b: str
    deals: int
    finished: int
    sides: int
    score: float
    win_rate: float | None
    win_interval: tuple[float, float] | None
    net: float | None
    net_interval: tuple[float, float] | None
    outcomes: tuple[tuple[Fraction, int], ...]
    a_timing: Timing | None
    b_timing: Timing | None
    net_why: str | None = None

    @property
    def plays(self) -> int:
        return self.finished * self.sides

    def as_dict(self) -> dict[str, Any]:
        """The machine-readable form (``--json``)."""
        return {
            "a": self.a, "b": self.b, "deals": self.deals, "finished": self.finished, "plays": self.plays,
            "score": self.score, "win_rate": self.win_rate,
            "win_interval": list(self.win_interval) if self.win_interval else None,
            "net": self.net, "net_interval": list(self.net_interval) if self.net_interval else None, "net_no_interval": self.net_why,
            "outcomes": [{"won": float(won), "deals": count} for won, count in self.outcomes],
            "ms_per_decision": {
                "a": self.a_timing.as_dict() if self.a_timing else None,
                "b": self.b_timing.as_dict() if self.b_timing else None,
            },
        }


@dataclass
class Pairing:
    """The results of one pairing as they come in, per deal index (``None``: not played yet)."""

    a: int
    b: int
    halves: list[int | None]
    nets: list[int | None]
    clocks: tuple[DecisionTimes, DecisionTimes] = field(default_factory=lambda: (DecisionTimes(), DecisionTimes()))
    finished: int = 0

    def add(self, outcome: DealOutcome) -> None:
        if self.halves[outcome.index] is None:
            self.finished += 1
        self.halves[outcome.index] = outcome.halves
        self.nets[outcome.index] = outcome.net


@dataclass(frozen=True)
class _Chunk:
    """Consecutive deals of one pairing, the unit of work sent to a process."""

    pairing: int
    a: int
    b: int
    deals: tuple[DealSpec, ...]


@dataclass
class _DealResult:
    """One finished deal of a pairing, with the decision times of its plays alone."""

    pairing: int
    outcome: DealOutcome
    clocks: tuple[DecisionTimes, DecisionTimes]


class Arena:
    """Every pairing of ``bots`` (or the ``pairings`` given, as index pairs A, B) on the same
    ``deals`` deals of ``seed``.  An arena of two bots is one pairing; a tournament is all.

    :meth:`play` runs the deals (in this process or several) and can be stopped at any time:
    what finished is kept, and :meth:`summary` and :meth:`ratings` report on it.
    """

    def __init__(
        self, rs: Ruleset | str | Path, bots: Sequence[Bot], *, deals: int, seed: int = 0,
        pairings: Sequence[tuple[int, int]] | None = None,
    ) -> None:
        rs = as_ruleset(rs)
        check_seed(seed)
        check_bots(bots)
        if rs.side_count < 2:
            raise ValueError(f"{rs.title} has fewer than two sides: there is nobody to play against")
        if isinstance(deals, bool) or not isinstance(deals, int):
            raise TypeError(f"deals: {shown_value(deals)} is {with_article(type(deals).__name__)}, not a number of deals (expected a whole number, 0 or more)")
        if deals < 0:
            raise ValueError(f"deals must not be negative, got {deals}")
        self.rs = rs
        self.bots = list(bots)
        self.deals = deals
        self.seed = seed
        pairs = pairings if pairings is not None else [(i, j) for i in range(len(bots)) for j in range(i + 1, len(bots))]
        self.pairings = [Pairing(a, b, [None] * deals, [None] * deals) for a, b in pairs]

    def __repr__(self) -> str:
        """What was played and how far: a tournament printed at a prompt says so, where the
        default said only ``<interpreter.sim.arena.Arena object at 0x...>``."""
        bots = ", ".join(bot_name(bot) for bot in self.bots)
        return (f"Arena({self.rs.name!r}, bots=[{bots}], deals={self.deals}, seed={self.seed}: "
                f"{self.finished} of {self.total} deals played over {len(self.pairings)} pairing{'s' * (len(self.pairings) != 1)})")

    @property
    def finished(self) -> int:
        """Deals finished, summed over the pairings."""
        return sum(p.finished for p in self.pairings)

    @property
    def total(self) -> int:
        """Deals to play, summed over the pairings."""
        return self.deals * len(self.pairings)

    def _chunks(self, jobs: int) -> list[_Chunk]:
        """The deals cut into chunks (about 16 per process), taken round-robin over the
        pairings in rounds of deals, so a stopped tournament has played about as many deals in
        every pairing.  The rounds do not depend on ``jobs`` -- an arena's one pairing is one
        round -- so the deals go out in the same order for any number of processes, and the
        failure a run reports, the first in that order (:func:`~interpreter.sim.workers.in_processes`),
        is the same too: in an arena, that of the lowest deal that fails."""
        specs = deal_specs(self.rs, self.deals, self.seed)
        size = max(1, min(50, math.ceil(self.total / (max(jobs, 1) * 16)))) if self.total else 1
        rounds = max(1, min(50, math.ceil(self.deals / 16))) if len(self.pairings) > 1 else max(1, self.deals)
        chunks: list[_Chunk] = []
        for start in range(0, self.deals, rounds):
            end = min(start + rounds, self.deals)
            for n, p in enumerate(self.pairings):
                for first in range(start, end, size):
                    todo = tuple(s for s in specs[first:min(first + size, end)] if p.halves[s.index] is None)
                    if todo:
                        chunks.append(_Chunk(n, p.a, p.b, todo))
        return chunks

    def worker_setup(self, allow_outside: bool) -> tuple[str, str | None, bool, list[Bot]]:
        """What a worker process that does not inherit the ruleset starts from (the arguments
        of :func:`_init_worker`): its file, the name its errors give that file here
        (:attr:`~interpreter.rules.ruleset.Ruleset.shown`), ``allow_outside`` and the bots."""
        source = str(self.rs.source) if self.rs.source is not None else ""
        return source, self.rs.shown, allow_outside, self.bots

    def play(self, jobs: int = 1, *, allow_outside: bool = False) -> Generator[int, None, None]:
        """Play every deal not played yet; yields the number of finished deals (all pairings)
        each time another has finished.

        With ``jobs`` above 1 the chunks of deals go to that many processes, which load the
        ruleset again from its file (``allow_outside`` as it was loaded) unless they inherit
        it (the ``fork`` start method); the bots must then be kinds or module-level
        functions.  Closing the generator (or an exception while it waits, Ctrl-C) stops the
        processes at once; every deal a process finished is kept -- it sends each deal as it
        finishes, not its chunk whole, and those sent but not yet taken when the run stops are
        taken then -- so a stop loses only the deals in play, with one process as with
        several.  So does a failure in a process: its exception is raised
        here (a :class:`~interpreter.sim.workers.WorkerError` for one that cannot be sent as
        itself, a :class:`~interpreter.sim.workers.WorkerDied` for a process that died),
        never a wait for ever.
        """
        jobs = worker_count(jobs)  # at most one process per CPU; the chunks' size follows the processes
        chunks = self._chunks(jobs)
        jobs = min(jobs, len(chunks))
        method = multiprocessing.get_start_method(allow_none=False)
        if jobs <= 1 or (self.rs.source is None and method != "fork"):
            results: Generator[_DealResult, None, None] = self._play_here(chunks)
        else:
            global _inherited
            _inherited = (self.rs, self.bots)
            results = each_in_processes(
                _run_chunk, chunks, jobs, multiprocessing.get_context(), initializer=_init_worker, initargs=self.worker_setup(allow_outside),
                leftover=self._take,
            )
        try:
            for result in results:
                self._take(result)
                yield self.finished
        finally:
            _inherited = None
            results.close()  # this generator closed (a stop): the workers end now, not when it is collected

    def _play_here(self, chunks: list[_Chunk]) -> Generator[_DealResult, None, None]:
        """The chunks in this process, deal by deal, as a worker plays them."""
        for chunk in chunks:
            yield from _chunk_deals(self.rs, self.bots, chunk)

    def _take(self, result: _DealResult) -> None:
        """Keep the outcome of a finished deal and the decision times of its plays together,
        the stop signals held meanwhile: a stop between the two would leave figures of deals
        whose decisions are not counted.  A deal cut short sends nothing, so its decisions
        are lost with it: the timings count the decisions of the deals kept, in one process
        or several."""
        pairing = self.pairings[result.pairing]
        with signals_held():
            pairing.add(result.outcome)
            for mine, theirs in zip(pairing.clocks, result.clocks):
                mine.merge(theirs)

    def summary(self, index: int = 0) -> PairingSummary:
        """The figures of pairing ``index`` from the deals finished so far."""
        p = self.pairings[index]
        sides = self.rs.side_count
        halves = [h for h in p.halves if h is not None]
        nets = [n for n in p.nets if n is not None]
        finished = len(halves)
        plays = finished * sides
        score = sum(halves) / (2 * (sides - 1))
        per_deal = [n / (sides * (sides - 1)) for n in nets]  # A's mean net per play, deal by deal
        most = 2 * sides * (sides - 1)
        counts = [0] * (most + 1)
        for h in halves:
            counts[h] += 1
        outcomes = tuple((Fraction(h, 2 * (sides - 1)), c) for h, c in enumerate(counts))
        why = net_no_interval(per_deal)
        return PairingSummary(
            a=bot_name(self.bots[p.a]), b=bot_name(self.bots[p.b]), deals=self.deals, finished=finished, sides=sides,
            score=score,
            win_rate=score / plays if plays else None,
            win_interval=wilson(score, plays) if plays else None,
            net=math.fsum(per_deal) / finished if finished else None,
            net_interval=bootstrap_mean_interval(per_deal, self.seed, RESAMPLES) if why is None else None,
            outcomes=outcomes,
            a_timing=Timing.of(p.clocks[0]), b_timing=Timing.of(p.clocks[1]),
            net_why=why,
        )

    def standings(self) -> list[tuple[float, int]]:
        """Per bot: the plays it won (halves for ties) and the plays it took part in, over all pairings."""
        sides = self.rs.side_count
        table = [[0.0, 0] for _ in self.bots]
        for p in self.pairings:
            halves = [h for h in p.halves if h is not None]
            won = sum(halves) / (2 * (sides - 1))
            plays = len(halves) * sides
            table[p.a][0] += won
            table[p.a][1] += plays
            table[p.b][0] += plays - won
            table[p.b][1] += plays
        return [(float(won), int(plays)) for won, plays in table]

    def ratings(self) -> Ratings:
        """Bradley--Terry ratings (Elo scale, mean 0 over the bots rated) from every pairing's
        plays, with :data:`PRIOR_GAMES` drawn virtual games between every two bots as the prior.

        Only the bots with a finished play are rated: a bot that played no deal (a tournament
        stopped before its pairings) has ``None`` for rating and error.  Fitted with the
        others, the prior alone would put it at the mean with a wide interval -- ranked above a
        bot that played and lost, on no evidence."""
        sides = self.rs.side_count
        played = [n for n, (_, plays) in enumerate(self.standings()) if plays]
        place = {bot: k for k, bot in enumerate(played)}
        results = []
        for p in self.pairings:
            halves = [h for h in p.halves if h is not None]
            if halves:  # a pairing with a finished deal: both its bots played
                results.append((place[p.a], place[p.b], sum(halves) / (2 * (sides - 1)), float(len(halves) * sides)))
        fit = bradley_terry(len(played), results, prior_games=PRIOR_GAMES) if played else Ratings((), ())
        ratings: list[float | None] = [None] * len(self.bots)
        errors: list[float | None] = [None] * len(self.bots)
        for bot, k in place.items():
            ratings[bot], errors[bot] = fit.ratings[k], fit.errors[k]
        return Ratings(tuple(ratings), tuple(errors))

    def timing(self, bot: int) -> Timing | None:
        """Milliseconds per decision of one bot, over every pairing it played in."""
        clock = DecisionTimes()
        for p in self.pairings:
            if p.a == bot:
                clock.merge(p.clocks[0])
            if p.b == bot:
                clock.merge(p.clocks[1])
        return Timing.of(clock)


#: What a worker process plays with: the parent's ruleset and bots when the process was forked
#: from it (set only while a pool starts), else loaded again in :func:`_init_worker`.
_inherited: tuple[Ruleset, list[Bot]] | None = None
_worker: tuple[Ruleset, list[Bot]] | None = None


def _init_worker(source: str, shown: str | None, allow_outside: bool, bots: list[Bot]) -> None:
    """Set up a worker: the ruleset is the parent's, inherited or read again from the same
    file (named as the parent's is, ``shown``, in the errors it raises).  (The stop signals
    are the parent's business: :func:`~interpreter.sim.workers.in_processes` has the worker
    ignore them.)"""
    global _worker
    _worker = _inherited if _inherited is not None else (load_ruleset(source, allow_outside=allow_outside, shown=shown), bots)


def _run_chunk(chunk: _Chunk) -> Iterator[_DealResult]:
    """A worker's chunk, deal by deal (:func:`~interpreter.sim.workers.each_in_processes`
    sends each as it finishes)."""
    assert _worker is not None
    rs, bots = _worker
    yield from _chunk_deals(rs, bots, chunk)


def _chunk_deals(rs: Ruleset, bots: Sequence[Bot], chunk: _Chunk) -> Iterator[_DealResult]:
    """Play a chunk's deals one by one, each timed on clocks of its own: in a worker or in
    the parent, a deal cut short yields nothing, so neither its outcome nor its decisions are
    counted."""
    for spec in chunk.deals:
        clocks = (DecisionTimes(), DecisionTimes())
        scores = play_assignments(rs, bots[chunk.a], bots[chunk.b], spec, clocks)
        yield _DealResult(chunk.pairing, outcome_of(spec.index, scores), clocks)


def arena(rs: Ruleset | str | Path, a: Bot, b: Bot, *, deals: int, seed: int = 0, jobs: int = 1) -> PairingSummary:
    """Play A against B on ``deals`` deals of ``seed``, every deal under every seat
    assignment, and summarise (see :class:`PairingSummary`).  ``rs`` is a :class:`Ruleset`
    or a name or path; ``seed`` an int; a bot a kind or a function ``(ruleset, seed) ->
    agent`` (a bot that fails in play is a :class:`BotError`)."""
    run = Arena(rs, [a, b], deals=deals, seed=seed)
    for _ in run.play(jobs):
        pass
    return run.summary()


def tournament(rs: Ruleset | str | Path, bots: Sequence[Bot], *, deals: int, seed: int = 0, jobs: int = 1) -> Arena:
    """Play every pairing of ``bots`` on the same ``deals`` deals; the finished :class:`Arena`
    (its :meth:`~Arena.ratings`, :meth:`~Arena.summary` per pairing and :meth:`~Arena.standings`).
    Two bots at least, each once (:func:`tournament_entries`)."""
    check_bots(bots)
    tournament_entries(bots)
    run = Arena(rs, bots, deals=deals, seed=seed)
    for _ in run.play(jobs):
        pass
    return run
