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
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from interpreter.core.actions import DECLARE
from interpreter.engine.views import SeatView
from interpreter.search.clock import Clock, cpu_clock
from interpreter.search.sampling import WorldSampler
from interpreter.search.solver import Solver

__all__ = ["PimcResult", "pimc"]


@dataclass(frozen=True, slots=True)
class PimcResult:
    """What :func:`pimc` found: the action taken and, per legal action, its mean exact value
    for the searching side (its deal score minus the other sides' together, over the worlds)
    and the share of worlds in which it wins the deal; ``worlds`` solved, ``nodes`` searched."""

    best: int
    values: dict[int, float]
    wins: dict[int, float]
    worlds: int
    nodes: int


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
    than there are.  The action chosen maximises ``(1 - win_weight) * mean value / scale +
    win_weight * (2 * share of worlds won - 1)``: ``scale`` is the largest deal score, so that
    the two terms are on one scale.
    """
    if sampler is None:
        sampler = WorldSampler(view)
    count = min(worlds, max(1, int(sampler.count)))
    side = view.rs.side_of(view.seat)
    now = clock if clock is not None else cpu_clock
    deadline = now() + time_limit if time_limit is not None else None
    totals: dict[int, float] = {}
    won: dict[int, int] = {}
    used = solved = 0
    for k in range(count):
        part = min(0.5, max(first_share, 1 / count)) if k == 0 else 1 / (count - k)
        share_nodes = None if nodes is None else max(1, int((nodes - used) * part))
        share_time = None
        if deadline is not None:
            share_time = (deadline - now()) * part
            if share_time <= 0:
                break
        world = sampler.sample(rng).state
        solver = Solver(side)
        values = solver.move_values(world, node_limit=share_nodes, time_limit=share_time, clock=now)
        spent = sum(s.nodes for s in values.values())
        used += spent
        if any(not s.exact or s.value is None for s in values.values()):
            if k == 0:
                return None
            continue
        for code, s in values.items():
            assert s.value is not None
            totals[code] = totals.get(code, 0.0) + s.value
            won[code] = won.get(code, 0) + (s.value > 0)
        solved += 1
    if solved == 0:
        return None
    means = {c: v / solved for c, v in totals.items()}
    wins = {c: w / solved for c, w in won.items()}
    # Of equal merit: going out now when the claim is right (the deal is won, nothing left to
    # chance), but playing on rather than declaring wrongly -- each world is solved as if the
    # opponents played perfectly, and real ones may still err (issue: a false declaration only
    # when strictly better than every way of playing on).
    declare_tie = 1 if view.claim_is_right() else -1

    def merit(code: int) -> tuple[float, int]:
        blend = (1 - win_weight) * means[code] / scale + win_weight * (2 * wins[code] - 1)
        return blend, declare_tie if code == DECLARE else 0

    best = max(means, key=merit)
    return PimcResult(best, means, wins, solved, used)
