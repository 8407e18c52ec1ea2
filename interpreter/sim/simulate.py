"""Many seeded deals (and matches) of one ruleset, played in blocks on any number of workers.

What ``rules simulate`` and ``rules compare`` run.  A run is a :class:`SimSpec` (the ruleset
as a name or path every worker can load, one seat kind per seat, how many deals and
matches, a seed) cut into :class:`Task` s, one per block of :func:`~interpreter.sim.tally.block_bounds`.
A task depends on nothing but its spec and its bounds:

- deal ``i`` is shuffled and played from ``random.Random(deal_seed(seed, i))`` (the shuffle
  first, then the random seats' choices) with seat ``(dealer.first + i) % seats`` dealing;
  seats of other kinds are bots seeded with ``b * seats + seat``, ``b`` the 64-bit draw of
  that generator right after the shuffle.  So deal
  ``i`` is the same whatever the number of deals, workers or blocks -- and two rulesets with
  the same deck and deal plan get the same cards in deal ``i``, which is what makes a
  comparison paired;
- match ``j`` is an :class:`~interpreter.engine.match.Match` with seed ``deal_seed(seed, j)``
  (its deals drawn from it), the random choices from ``match_choice_seed``.

:func:`run_task` returns the task's sums (:mod:`interpreter.sim.metrics`); the results of
all tasks make a :class:`~interpreter.sim.tally.Tally`, the same set of blocks whichever
backend computed them: this process (``jobs=1``), a local process pool (spawn-safe: the
workers load the ruleset again by its reference), or a Ray cluster (:func:`ray_results`,
behind an import guard: Ray is the optional extra ``[ray]``).
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from interpreter.core.errors import BotError
from interpreter.engine.match import Match
from interpreter.engine.state import DealState
from interpreter.play.bots import make_agent
from interpreter.rules.loader import load_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.sim.metrics import DEALS, MATCHES, agent_deal, random_deal, record_deal, static_keys
from interpreter.sim.noted import signals_noted
from interpreter.sim.tally import Block, Tally, block_bounds
from interpreter.sim.workers import in_processes, worker_count

#: A match longer than this many deals is taken for one that never ends (a defect).
MATCH_LIMIT = 10_000
#: The most deals (and matches) of one run: deal seeds are ``seed * 2**32 + i``.
MOST = 2**32 - 1


class SimulationError(Exception):
    """A run that cannot go on: a match that never ends, a backend that cannot start."""


class BackendUnavailable(SimulationError):
    """The backend asked for cannot run here (Ray not installed, no cluster at the address)."""


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal (or match) ``index`` of a run with ``seed``: ``seed * 2**32 + index``."""
    return (seed << 32) | index


def match_choice_seed(seed: int, index: int) -> int:
    """The seed of the random seats' choices in match ``index`` (apart from its deal seeds)."""
    return deal_seed(seed, index) + (1 << 62)


@dataclass(frozen=True)
class SimSpec:
    """One run: ``ruleset`` is a bundled name or a path (loaded again in every worker), and
    ``shown`` the name its errors give the file, when not ``ruleset`` itself: the name the user
    gave (:attr:`~interpreter.rules.ruleset.Ruleset.shown`), where ``ruleset`` is the absolute
    path that a worker in another folder can read."""

    ruleset: str
    seats: tuple[str, ...]
    deals: int
    matches: int = 0
    seed: int = 0
    allow_outside: bool = False
    shown: str | None = None

    def __post_init__(self) -> None:
        for name, value in (("deals", self.deals), ("matches", self.matches)):
            if not 0 <= value <= MOST:  # each named with its value: which of the two is wrong
                raise ValueError(f"{name} must be between 0 and {MOST:,}, got {value:,}")
        if self.seed < 0:
            raise ValueError(f"the seed must not be negative, got {self.seed}")


@dataclass(frozen=True)
class Task:
    """One block of one run: deals (or matches) ``start`` to ``stop - 1``."""

    run: int
    spec: SimSpec
    kind: str  # DEALS or MATCHES
    index: int
    start: int
    stop: int

    @property
    def block(self) -> Block:
        return (self.kind, self.index)

    @property
    def units(self) -> int:
        return self.stop - self.start


def tasks_of(spec: SimSpec, run: int = 0) -> list[Task]:
    """The blocks of a run, deals first, then matches."""
    out = [Task(run, spec, DEALS, k, a, b) for k, (a, b) in enumerate(block_bounds(spec.deals))]
    out += [Task(run, spec, MATCHES, k, a, b) for k, (a, b) in enumerate(block_bounds(spec.matches))]
    return out


_loaded: dict[tuple[str, bool, str | None], Ruleset] = {}


def ruleset_of(spec: SimSpec) -> Ruleset:
    """The spec's ruleset, loaded once per process, its files named as ``spec.shown`` says."""
    key = (spec.ruleset, spec.allow_outside, spec.shown)
    rs = _loaded.get(key)
    if rs is None:
        rs = _loaded[key] = load_ruleset(spec.ruleset, allow_outside=spec.allow_outside, shown=spec.shown)
    return rs


#: How the seats of a deal play it: ``(state, rng) -> (decisions, lead changes)``.
Player = Callable[[DealState, random.Random], tuple[int, int]]


def play_deals(
    rs: Ruleset, source: Iterable[tuple[int, int | random.Random, random.Random]], play: Player,
) -> Iterator[tuple[DealState, int, int]]:
    """Deal and play each ``(dealer, shuffle seed or generator, choice generator)`` of
    ``source`` (read lazily, one deal at a time); yields each played state with its decisions
    and lead changes.  The one loop of ``rules simulate`` and ``rules validate --deep``."""
    for dealer, shuffle, choices in source:
        state = DealState.new(rs, dealer, shuffle)
        decisions, changes = play(state, choices)
        yield state, decisions, changes


def seated(rs: Ruleset, seats: Sequence[str]) -> Player:
    """The player of a deal with these seat kinds: the fast path when every seat is
    ``random``, else one bot per seat seeded from the deal (see the module docstring)."""
    if all(kind == "random" for kind in seats):
        return random_deal
    n = len(seats)

    def play(state: DealState, rng: random.Random) -> tuple[int, int]:
        base = rng.getrandbits(64)  # drawn right after the shuffle: a function of the deal's seed
        agents = [make_agent(kind, rs, base * n + seat) for seat, kind in enumerate(seats)]
        return agent_deal(state, agents, seats)

    return play


def _deals(rs: Ruleset, seed: int, start: int, stop: int) -> Iterator[tuple[int, random.Random, random.Random]]:
    """Deals ``start`` to ``stop - 1`` of a run: the dealer rotating with the index, one
    generator for the shuffle and then the choices."""
    n = rs.players.count
    for i in range(start, stop):
        rng = random.Random(deal_seed(seed, i))
        yield (rs.dealer.first + i) % n, rng, rng


def run_task(task: Task) -> dict[str, float]:
    """Play one block and return its sums (module-level and pure: any process may run it)."""
    spec = task.spec
    rs = ruleset_of(spec)
    play = seated(rs, spec.seats)
    if task.kind == DEALS:
        acc = dict.fromkeys(static_keys(rs), 0.0)
        number = task.start  # deals of the run finished so far, in this block's order
        try:
            for state, decisions, changes in play_deals(rs, _deals(rs, spec.seed, task.start, task.stop), play):
                record_deal(state, acc, decisions, changes)
                number += 1
        except BotError as exc:  # a seat's bot failed: in deal number + 1 of the run
            raise exc.placed(deal=number + 1)
        return acc
    acc = {MATCHES: 0.0, "match deals": 0.0}
    for j in range(task.start, task.stop):
        match = Match.drawing_from(rs, deal_seed(spec.seed, j))  # beyond 2**63 for a large --seed: never a record's
        rng = random.Random(match_choice_seed(spec.seed, j))
        while not match.is_over:
            if len(match.results) >= MATCH_LIMIT:
                raise SimulationError(f"match {j + 1} did not end within {MATCH_LIMIT:,} deals: is match.target reachable?")  # from 1, as a bot's error names it
            try:
                play(match.next_deal(), rng)
            except BotError as exc:  # said as rules run --matches says it: "match 2, deal 3" (both from 1)
                raise exc.placed(match=j + 1, deal=len(match.results) + 1)
            match.finish_deal()
        length = len(match.results)
        acc[MATCHES] += 1
        acc["match deals"] += length
        acc[f"match length {length}"] = acc.get(f"match length {length}", 0.0) + 1
    return acc


# ----------------------------------------------------------------------------- backends

Result = tuple[Task, dict[str, float]]


def _pair(task: Task) -> Result:
    return task, run_task(task)


def local_results(tasks: Sequence[Task], jobs: int, start_method: str | None = None) -> Iterator[Result]:
    """The tasks' results as they finish: here when ``jobs`` is 1, else in ``jobs`` worker
    processes (``start_method`` ``"spawn"``, ``"fork"`` ... or the platform's default).
    Closing the iterator ends the workers at once; so does a failure in one, which is raised
    here (:func:`~interpreter.sim.workers.in_processes`: the task's own exception, a
    :class:`~interpreter.sim.workers.WorkerError` for one that cannot be sent as itself, a
    :class:`~interpreter.sim.workers.WorkerDied`), never a wait for ever."""
    jobs = min(worker_count(jobs), len(tasks))  # at most one process per CPU
    if jobs <= 1:
        for task in tasks:
            yield _pair(task)
        return
    yield from in_processes(_pair, tasks, jobs, multiprocessing.get_context(start_method))


def ray_results(tasks: Sequence[Task], address: str | None = None) -> Iterator[Result]:
    """The tasks' results from Ray as they finish.  Connects to the cluster at ``address``
    (``"auto"``: the one started on this machine with ``ray start --head``), or starts a
    local one when ``address`` is ``None`` and Ray is not initialised yet; a Ray session
    opened here is shut down at the end, however the run ends -- which ends its tasks and,
    for an instance started here, its processes.  In a session opened before, closing the
    iterator cancels what is left (without force: a forced cancel of a block that is just
    finishing crashes Ray's driver with a failed check).

    A stop signal while Ray runs is noted and handed to the program's own handler between two
    calls into Ray (:mod:`interpreter.sim.noted`), so that a stopped run keeps what finished."""
    said = None if address is None else blank_address(address)
    if said is not None:
        raise BackendUnavailable(said)
    try:
        import ray
    except ImportError:
        raise BackendUnavailable("the Ray backend needs Ray: pip install 'sixty-six-rules[ray]' (in a checkout: pip install -e '.[ray]'; or pip install ray)") from None
    with signals_noted() as noted:
        opened = False
        pending: dict[Any, Task] = {}
        try:
            if not ray.is_initialized():
                if address not in (None, "auto"):
                    answers(address)
                opened = True  # from here on, whatever ray.init started is shut down
                _init(ray, address)
                noted.renew()
            remote = ray.remote(num_cpus=1)(_pair)
            pending = {remote.remote(task): task for task in tasks}
            while pending and not noted.signals:
                done, _ = ray.wait(list(pending), num_returns=1, timeout=WAIT)
                if done:
                    pending.pop(done[0])
                    yield ray.get(done[0])
        finally:
            if opened:
                ray.shutdown()
            else:
                for ref in pending:
                    ray.cancel(ref)


#: Seconds ray.wait waits before looking whether a stop signal came (a bound on how late a
#: stop is acted on, not a time anything is expected to take).
WAIT = 0.25


def blank_address(address: str) -> str | None:
    """Why ``address`` names no cluster, if it is empty or only spaces (``--address ''``), else
    ``None``: ``ray.init`` would fail on it with "Invalid address format: " and nothing more,
    and ``None`` -- not an empty text -- is how a cluster is started on this machine."""
    if address.strip():
        return None
    return (f"--address: {address!r} is no address (expected auto or HOST:PORT of a Ray cluster; "
            "leave --address out to start one on this machine)")


#: Seconds a cluster's address may take to accept a connection before it is said unreachable.
CONNECT = 5.0


def answers(address: str) -> None:
    """Refuse an address where nothing accepts a TCP connection within :data:`CONNECT`
    seconds: ``ray.init`` would retry it for ever, printing lines of its own.  An address
    without a port is left to Ray."""
    import socket

    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT).close()
    except OSError as exc:
        why = exc.strerror or str(exc) or type(exc).__name__
        raise BackendUnavailable(
            f"--address: no Ray cluster answers at {address} ({why[:1].lower() + why[1:]}); start one there "
            "(ray start --head --port PORT) or leave --address out to start one on this machine",
        ) from None


def _init(ray: Any, address: str | None) -> None:
    """``ray.init``, without the SIGTERM handler it would put in (``sys.exit(15)``, see
    :mod:`interpreter.sim.noted`): its helper that sets it does nothing meanwhile.  The helper
    is Ray's own (``ray._private.utils.set_sigterm_handler``); should a version of Ray lack
    it, the handler is replaced after ``ray.init`` all the same (:meth:`Noted.renew`)."""
    utils = getattr(getattr(ray, "_private", None), "utils", None)
    original = getattr(utils, "set_sigterm_handler", None)
    if original is not None:
        utils.set_sigterm_handler = lambda handler: None  # type: ignore[union-attr]
    try:
        ray.init(address=address, log_to_driver=False, include_dashboard=False)
    except Exception as exc:  # ConnectionError and Ray's own errors: one message
        raise BackendUnavailable(f"cannot start or reach a Ray cluster at {'this machine' if address is None else address}: {exc}") from None
    finally:
        if original is not None:
            utils.set_sigterm_handler = original  # type: ignore[union-attr]


# ----------------------------------------------------------------------------- runs


@dataclass
class Runs:
    """Several runs played together (one for ``simulate``, two for ``compare``), each with its
    :class:`Tally`; :meth:`play` can be stopped at any time and keeps what finished."""

    specs: list[SimSpec]
    tallies: list[Tally] = field(default_factory=list)
    done: int = 0

    def __post_init__(self) -> None:
        self.tallies = [Tally() for _ in self.specs]

    @property
    def total(self) -> int:
        """Deals and matches to play, over all runs."""
        return sum(s.deals + s.matches for s in self.specs)

    def pending(self) -> list[Task]:
        """The blocks not finished yet, interleaved across the runs (so that a stopped
        comparison has finished about the same blocks of both)."""
        per_run = [tasks_of(spec, r) for r, spec in enumerate(self.specs)]
        out = []
        for k in range(max((len(t) for t in per_run), default=0)):
            for tasks in per_run:
                if k < len(tasks) and tasks[k].block not in self.tallies[tasks[k].run].blocks:
                    out.append(tasks[k])
        return out

    def take(self, results: Iterable[Result]) -> Generator[int, None, None]:
        for task, sums in results:
            self.tallies[task.run].add(task.block, sums)
            self.done += task.units
            yield self.done

    def play(self, jobs: int = 1, *, backend: str = "local", address: str | None = None,
             start_method: str | None = None) -> Generator[int, None, None]:
        """Play every block not played yet; yields the deals and matches finished so far,
        each time a block finishes.  ``backend`` is ``"local"`` (``jobs`` processes) or
        ``"ray"`` (at ``address``)."""
        tasks = self.pending()
        if backend == "ray":
            results: Iterator[Result] = ray_results(tasks, address)
        elif backend == "local":
            results = local_results(tasks, jobs, start_method)
        else:
            raise ValueError(f"unknown backend {backend!r} (expected local or ray)")
        try:
            yield from self.take(results)
        finally:
            close = getattr(results, "close", None)
            if close is not None:
                close()


def simulate(spec: SimSpec, jobs: int = 1, *, backend: str = "local", address: str | None = None) -> Tally:
    """Play a run to its end and return its tally."""
    runs = Runs([spec])
    for _ in runs.play(jobs, backend=backend, address=address):
        pass
    return runs.tallies[0]
