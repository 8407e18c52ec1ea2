"""Who wins a trick, and who plays next: the rules the engine, the views, the sampler and the
heuristic share."""

from __future__ import annotations

from collections.abc import Sequence


def winning_position(trick: Sequence[int], beats: Sequence[int]) -> int:
    """Position of the winning card in a trick of card indexes: the highest trump, else the
    highest card of the suit led.  ``beats`` is the ruleset's row for the trump suit
    (``rs.tables.beats[trump + 1]``): ``beats[card]`` masks the cards that take a trick from it.
    (``DealState._play`` runs the same loop inline, adding up the trick's points as it goes.)"""
    best = 0
    best_card = trick[0]
    for i in range(1, len(trick)):
        c = trick[i]
        if beats[best_card] >> c & 1:
            best, best_card = i, c
    return best


def seat_after(seat: int, n: int, sitting_out: Sequence[int]) -> int:
    """The next seat to the left of ``seat`` (of ``n``) that plays in this deal: the seats
    ``sitting_out`` are passed over."""
    seat = (seat + 1) % n
    while seat in sitting_out:
        seat = (seat + 1) % n
    return seat
