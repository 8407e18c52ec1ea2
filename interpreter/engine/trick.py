"""Who wins a trick: the one function the engine, the views and the runner share."""

from __future__ import annotations

from collections.abc import Sequence


def winning_position(trick: Sequence[int], suit_of: Sequence[int], trump: int) -> int:
    """Position of the winning card in a trick of card indexes: the highest trump, else the
    highest card of the suit led (a lower index is a stronger card of its suit)."""
    best = 0
    best_card = trick[0]
    for i in range(1, len(trick)):
        c = trick[i]
        if suit_of[c] == suit_of[best_card]:
            if c < best_card:
                best, best_card = i, c
        elif suit_of[c] == trump:
            best, best_card = i, c
    return best
