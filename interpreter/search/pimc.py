"""Perfect-information Monte Carlo on exact values: sample worlds, solve each, average.

Late in a deal a world is small enough to solve exactly in a few hundred microseconds to a few
milliseconds (Schnapsen once the talon is down to a card or two or has been closed, North
American Sixty-Six a few tricks in), and then an exact value per sampled world is worth far
more than a rollout: every world's line is played perfectly by both sides instead of by a
heuristic.  :func:`pimc` draws worlds from the seat's view
(:class:`~interpreter.search.sampling.WorldSampler`), finds the exact value of every legal
action in each (:meth:`~interpreter.search.solver.Solver.move_values`) and takes the action
whose blend of mean margin and share of worlds won is highest.

It knows the weakness of the method -- each world is solved as if the cards were open, so an
action whose value depends on guessing right is over-rated (strategy fusion) -- and accepts it
where it matters least: few cards left, so few guesses to make.  The search bot therefore uses
it only once a world solves within its budget share, and tree search before that
(:mod:`interpreter.search.ismcts`).

A budget of solver *nodes* (reproducible) or of seconds (CPU time of the searching thread, on
:func:`~interpreter.search.clock.cpu_clock` or the ``clock`` given) bounds the work; the first world tells
whether the method fits: if it cannot be solved within its share, :func:`pimc` gives up at
once (returns ``None``) and the caller searches otherwise with what is left.

A world whose exact solution would need an ending the rules cannot score (a house formula
that divides by zero there: :class:`~interpreter.core.errors.ExpressionError`) has no exact
value: the solver raises, and the world is left out as one that does not fit is (``None``
where no world is left); the real deal's scoring alone stops a match.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from interpreter.core.actions import DECLARE
from interpreter.core.errors import ExpressionError
from interpreter.engine.state import DealState
from interpreter.engine.views import SeatView
from interpreter.search.clock import Clock, cpu_clock
from interpreter.search.inference import informative_moves, model_weight
from interpreter.search.sampling import WorldSampler
from interpreter.search.solver import Solver, margin

__all__ = ["PimcResult", "choose", "line_margins", "pimc"]


@dataclass(frozen=True, slots=True)
class PimcResult:
    """What :func:`pimc` found: the action taken and, per legal action, its mean exact value
    for the searching side (its deal score minus the other sides' together, over the worlds)
    and the share of worlds in which it wins the deal; ``worlds`` solved, ``nodes`` searched.
    ``margins`` (asked for with ``margins=True``, else ``None``): per action the mean over the
    worlds of the side's score minus the *mean* of the others' at the end of the solver's line
    (:func:`~interpreter.search.solver.margin`, what the tree search's values mean); with two
    sides the same as ``values``."""

    best: int
    values: dict[int, float]
    wins: dict[int, float]
    worlds: int
    nodes: int
    margins: dict[int, float] | None = None


def pimc(
    view: SeatView,
    rng: random.Random,
    *,
    worlds: int,
    nodes: int | None = None,
    time_limit: float | None = None,
    win_weight: float = 0.5,
    scale: float = 1.0,
    sampler: WorldSampler | None = None,
    first_share: float = 0.05,
    clock: Clock | None = None,
    inference: float = 1.0,
    pool: int = 0,
    margins: bool = False,
) -> PimcResult | None:
    """Solve up to ``worlds`` sampled worlds of ``view`` exactly; ``None`` if the first does
    not fit in its share of the budget.

    ``nodes`` (solver positions in all; reproducible) or ``time_limit`` (seconds of ``clock``,
    by default the thread's CPU time) bounds the
    work: the first world may take ``first_share`` of it (or ``1 / count`` of it, when only
    ``count`` worlds are to be solved, but never more than half, so that a caller left with the
    decision still has time for it) -- if it cannot be solved within
    that, the method does not fit and nothing more is spent -- and every later world an equal
    share of what is left (one that does not fit is left out); when fewer worlds are consistent
    with the view than ``worlds``, each is expected once on average and no more are drawn
    than there are.  The action is chosen by :func:`choose`: the highest ``(1 - win_weight) *
    mean value / scale + win_weight * (2 * share of worlds won - 1)`` (``scale`` is the largest
    deal score, so that the two terms are on one scale), a wrong declaration only where it is
    better in every world.

    Once other seats have made decisions, ``inference`` below 1 and ``pool`` above 0 read their
    play as the tree search does (:mod:`interpreter.search.inference`): ``pool`` worlds are
    drawn and weighted by how well they explain that play, and the distinct worlds among them
    are solved, the most likely first, each counting in the means and shares by its weight
    (the mean weight of its draws: every consistent world is equally likely before the play is
    read).  A world the opponents' play makes unlikely then counts for little, where drawn
    uniformly it counted as much as the truth.  ``pool`` draws take about as long as that many
    tree-search iterations: the caller gives a share of its budget.

    ``margins`` also measures each action by the margin its solved line ends with
    (``PimcResult.margins``), for a caller that reports values in that meaning; with more than
    two sides it follows the solver's line after every action in every world
    (:meth:`~interpreter.search.solver.Solver.line_scores`).  The choice is made on the
    solver's values all the same.
    """
    if sampler is None:
        sampler = WorldSampler(view)
    count = min(worlds, max(1, int(sampler.count)))
    side = view.rs.side_of(view.seat)
    now = clock if clock is not None else cpu_clock
    deadline = now() + time_limit if time_limit is not None else None
    per_world: list[dict[int, float]] = []  # the exact value of every action, per world solved
    per_margin: list[dict[int, float]] = []  # with margins: the margin of every action's line, per world
    several = view.rs.side_count > 2
    weights: list[float] = []
    read = None
    if inference < 1 and pool > 0 and informative_moves(view):
        pool_deadline = now() + time_limit / 4 if time_limit is not None else None
        read = _read_worlds(view, sampler, rng, inference, pool, pool_deadline, now)
    if read is not None:
        count = min(count, len(read))
    used = solved = 0
    for k in range(count):
        part = min(0.5, max(first_share, 1 / count)) if k == 0 else 1 / (count - k)
        share_nodes = None if nodes is None else max(1, int((nodes - used) * part))
        share_time = None
        if deadline is not None:
            share_time = (deadline - now()) * part
            if share_time <= 0:
                break
        if read is not None:
            world, weight = read[k]
        else:
            world, weight = sampler.sample(rng).state, 1.0
        solver = Solver(side)
        try:  # one block per world: free while nothing is raised
            values = solver.move_values(world, node_limit=share_nodes, time_limit=share_time, clock=now)
        except ExpressionError:  # an ending the rules cannot score lies in this world's tree: left out
            used += share_nodes or 0  # (what it spent is unknown: at most its share)
            continue
        spent = sum(s.nodes for s in values.values())
        used += spent
        if any(not s.exact or s.value is None for s in values.values()):
            if k == 0:
                return None
            continue
        exact: dict[int, float] = {}
        for code, s in values.items():
            assert s.value is not None
            exact[code] = s.value
        if margins:
            try:
                measured = line_margins(solver, world, exact, side, share_nodes) if several else exact
            except ExpressionError:  # (the values proved never to need that ending; a line did reach it)
                measured = None
            if measured is None:  # a line not solved within the world's share: the world is left out
                continue
            per_margin.append(measured)
        per_world.append(exact)
        weights.append(weight)
        solved += 1
    if solved == 0:
        return None
    best, means, wins = choose(per_world, view.claim_is_right(), win_weight=win_weight, scale=scale, weights=weights)
    measured = None
    if margins:
        mass = sum(weights) or 1.0
        measured = {c: sum(w * m[c] for m, w in zip(per_margin, weights)) / mass for c in per_margin[0]}
    return PimcResult(best, means, wins, solved, used, measured)


def line_margins(
    solver: Solver, world: DealState, values: Mapping[int, float], side: int, nodes: int | None,
) -> dict[int, float] | None:
    """Per action the margin of ``side`` (its score minus the others' mean) at the end of the
    solver's line after it in ``world``; ``None`` where a line is not solved within ``nodes``.
    (``rules analyse`` measures its exact values so too.)"""
    out: dict[int, float] = {}
    for code in values:
        scores = solver.line_scores(world, code, node_limit=nodes)
        if scores is None:
            return None
        out[code] = margin(scores, side)
    return out


def _read_worlds(
    view: SeatView, sampler: WorldSampler, rng: random.Random, inference: float, pool: int,
    deadline: float | None, now: Clock,
) -> list[tuple[DealState, float]]:
    """The distinct worlds among ``pool`` draws (fewer if ``deadline`` passes; at least one),
    each with the mean play-model weight of its draws, the heaviest first (of equal weight,
    the first drawn first)."""
    found: dict[tuple[object, ...], tuple[DealState, list[float]]] = {}
    for k in range(pool):
        if k and deadline is not None and now() >= deadline:
            break
        drawn = sampler.sample(rng)
        st = drawn.state
        weight = model_weight(view, drawn, inference)
        ident = (tuple(st.hands), tuple(st.stock), st.turnup, tuple(st.widow))
        entry = found.get(ident)
        if entry is None:
            found[ident] = (st, [weight])
        else:
            entry[1].append(weight)
    return sorted(((st, sum(ws) / len(ws)) for st, ws in found.values()), key=lambda world: -world[1])  # stable


def choose(
    worlds: Sequence[Mapping[int, float]], claim_right: bool, *, win_weight: float = 0.5, scale: float = 1.0,
    weights: Sequence[float] | None = None,
) -> tuple[int, dict[int, float], dict[int, float]]:
    """The action :func:`pimc` takes from the exact values of every action in each solved
    world (each a mapping of code to value, all with the same codes), with the mean value and
    the share of worlds won per action -- each world counting by its weight in ``weights``
    (equally without).

    The action of highest merit ``(1 - win_weight) * mean / scale + win_weight * (2 * share won
    - 1)`` is taken, with one exception: going out with a claim that is wrong
    (``claim_right`` false).  Each world is solved as if the opponents played perfectly, and
    real ones may still err, so playing on is worth at least its exact value in every world
    while a false declaration is worth exactly its value.  A wrong declaration is therefore
    made only when in *every* world it is strictly better than every way of playing on: where
    playing on is as good in even one world (and worse on the mean elsewhere), the best way of
    playing on is taken instead.  A right declaration of equal merit is taken at once (the
    deal is won, nothing is left to chance)."""
    if weights is None:
        weights = [1.0] * len(worlds)
    mass = sum(weights)
    if mass <= 0:  # (weights too small for floats: count the worlds alike)
        weights = [1.0] * len(worlds)
        mass = float(len(worlds))
    totals: dict[int, float] = {}
    won: dict[int, float] = {}
    dominates = True  # a declaration strictly better than every other action in every world so far
    for values, weight in zip(worlds, weights):
        for code, value in values.items():
            totals[code] = totals.get(code, 0.0) + weight * value
            won[code] = won.get(code, 0.0) + (weight if value > 0 else 0.0)
        if DECLARE in values:
            on = [v for c, v in values.items() if c != DECLARE]
            if on and values[DECLARE] <= max(on):
                dominates = False
    means = {c: v / mass for c, v in totals.items()}
    wins = {c: w / mass for c, w in won.items()}
    declare_tie = 1 if claim_right else -1

    def merit(code: int) -> tuple[float, int]:
        blend = (1 - win_weight) * means[code] / scale + win_weight * (2 * wins[code] - 1)
        return blend, declare_tie if code == DECLARE else 0

    candidates = [c for c in means if c != DECLARE] if not claim_right and not dominates else list(means)
    best = max(candidates or list(means), key=merit)
    return best, means, wins
