"""When marriage points count: ``marriage.counts_after``, written once.

The engine asks this of the state (:meth:`Position.counted_meld`), the heuristic of a seat's
view (the view publishes the same per-seat lists), so both read the rule from here:

``immediately``     a marriage counts when announced;
``own_trick``       once its seat has won a trick (before that, all its points wait);
``team_trick``      once its seat's side has won a trick;
``own_next_trick``  at the marrier's next trick won: the points announced since wait
                    (``meld_wait``, kept by the state because a trick already won does not
                    count them).

``how`` is the ruleset's ``RuleTables.meld_counts`` (``MELD_*``); ``side`` the seats of the
marrier's side in this deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from interpreter.rules.tables import MELD_AT_ONCE, MELD_NEXT_TRICK, MELD_TEAM_TRICK


def waiting(how: int, seat: int, meld: Sequence[int], meld_wait: Sequence[int], tricks: Sequence[int], side: Sequence[int]) -> int:
    """The seat's marriage points that do not count yet (they wait for a trick)."""
    m = meld[seat]
    if not m or how == MELD_AT_ONCE:
        return 0
    if how == MELD_NEXT_TRICK:
        return meld_wait[seat]
    if how == MELD_TEAM_TRICK:
        for s in side:
            if tricks[s]:
                return 0
        return m
    return 0 if tricks[seat] else m


def counts_at_once(how: int, seat: int, tricks: Sequence[int], side: Sequence[int]) -> bool:
    """Whether a marriage the seat announces now counts at once: its side (or the seat) has the
    trick it waits for; under ``own_next_trick`` it always waits for the next one."""
    if how == MELD_AT_ONCE:
        return True
    if how == MELD_NEXT_TRICK:
        return False
    if how == MELD_TEAM_TRICK:
        return any(tricks[s] for s in side)
    return tricks[seat] > 0


def freed_by_next_trick(how: int, seat: int, meld: Sequence[int], meld_wait: Sequence[int], tricks: Sequence[int], side: Sequence[int]) -> int:
    """The marriage points of the seat's side that the seat's next trick won makes count: under
    ``team_trick`` every waiting point of the side, otherwise the seat's own."""
    if how == MELD_TEAM_TRICK:
        return sum(waiting(how, s, meld, meld_wait, tricks, side) for s in side)
    return waiting(how, seat, meld, meld_wait, tricks, side)
