"""Move-by-move analysis of a played game: what the search thinks of every decision.

For each decision of the seats analysed, the position is searched from that seat's view only
-- what the player could know when he chose -- with the same information-set search the
``search`` seat kind plays with (:func:`interpreter.search.ismcts.ismcts`; exact solving once
few worlds remain).  The value of the move played is set against the best one, in deal-score
units (game points, or units): the expected score of the player's side minus the others'.
Forced moves (one legal action) are skipped.  The loss of a move is graded against the largest
score a deal can give, so the grades mean the same in game points and in units.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from interpreter.core.actions import CONTINUE, Action
from interpreter.engine.state import DealState
from interpreter.play.record import Record, apply_recorded, implicit_step
from interpreter.search.ismcts import ismcts, scale_of

__all__ = ["MoveReport", "analyse_record", "iter_analysis", "verdict"]

#: Grades of a loss, as a share of the largest deal score (a third of it: a blunder).
GRADES = ((1 / 3, "blunder"), (1 / 6, "mistake"), (1 / 15, "inaccuracy"))


@dataclass(frozen=True, slots=True)
class MoveReport:
    """One analysed decision: ``deal`` and ``move`` count from 1 (``move`` among the deal's
    recorded moves); values are the side's expected margin in deal-score units."""

    deal: int
    move: int
    seat: int
    played: str
    played_value: float
    best: str
    best_value: float
    loss: float
    grade: str
    exact: bool
    values: dict[str, float]


def verdict(loss: float, scale: float) -> str:
    """The grade of a loss (``""`` for none worth naming)."""
    for share, name in GRADES:
        if loss >= share * scale - 1e-9:
            return name
    return ""


def analyse_record(
    record: Record,
    *,
    seats: Iterable[int] | None = None,
    iterations: int = 3000,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> list[MoveReport]:
    """Analyse every decision of ``seats`` (all seats by default) in every deal of ``record``
    (see :func:`iter_analysis`)."""
    return list(iter_analysis(record, seats=seats, iterations=iterations, seed=seed, progress=progress))


def iter_analysis(
    record: Record,
    *,
    seats: Iterable[int] | None = None,
    iterations: int = 3000,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[MoveReport]:
    """The analysed decisions one by one, as they are found (an interrupted analysis keeps
    what it found).  Reproducible: the search of each decision is seeded from ``seed`` and its
    place in the game.  ``progress(done, total)`` is called after each recorded move."""
    rs = record.ruleset
    wanted = set(range(rs.players.count) if seats is None else seats)
    total = sum(len(d.moves) for d in record.deals)
    done = 0
    for k, deal in enumerate(record.deals):
        state = deal.state.copy()
        for i, move in enumerate(deal.moves):
            if state.is_over:
                break
            report = _analyse_move(state, move, k, i, wanted, iterations, seed)
            if report is not None:
                yield report
            apply_recorded(state, move)
            done += 1
            if progress is not None:
                progress(done, total)


def _analyse_move(state: DealState, move: Action, deal: int, index: int, wanted: set[int], iterations: int, seed: int) -> MoveReport | None:
    rs = state.rs
    probe = state.copy()
    if implicit_step(probe, move):
        probe.push_code(CONTINUE)
    seat = probe.actor
    if seat is None or seat not in wanted:
        return None
    codes = probe.legal_codes()
    played = rs.code(move)
    if played is None or played not in codes or len(codes) < 2:
        return None
    view = probe.view(seat)
    rng = random.Random(f"{seed}/{deal}/{index}")
    result = ismcts(view, rng, iterations=iterations)
    values = result.values
    if played not in values or not values:
        return None
    best = max(values, key=lambda c: (values[c], c == played))  # of equal values, the move played
    loss = max(0.0, values[best] - values[played])
    return MoveReport(
        deal=deal + 1, move=index + 1, seat=seat, played=str(move), played_value=values[played],
        best=str(rs.action_of[best]), best_value=values[best], loss=loss,
        grade=verdict(loss, scale_of(rs)) if best != played else "", exact=result.exact,
        values={str(rs.action_of[c]): v for c, v in sorted(values.items(), key=lambda cv: -cv[1])},
    )

