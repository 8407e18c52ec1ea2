"""How many points the hidden widow may hold: what "the deal did not end yet" says of it.

Cards laid away face down (``widow.to: declarer_hand``) or a widow won unseen count for their
taker, but another seat does not see their points.  Where a side's points end the deal the
moment they reach a target -- a contract decided by points (``goal: points``), or a plain
game under ``claim.automatic`` -- the deal going on tells every seat that the taker's side was
below the target at each moment the engine asked: the hidden points were at most the target
less one, less what the side had in view then.  Without this a sampled world can give the
declarer of a Kontraschnapser 70 points after two tricks where the real deal has 57, a world
whose public history cannot be replayed (his 66 would have ended the deal).

The side's points in view only grow, so the last such moment is the one that limits: its trick
points are those in view now (a side's trick points change only when it takes a trick, which
is such a moment), and its marriages are those in view less the ones announced since.
"""

from __future__ import annotations

from collections.abc import Sequence

from interpreter.core.actions import DISCARD_BASE, HIDDEN_DISCARD
from interpreter.engine.meld import waiting
from interpreter.engine.position import AUCTION
from interpreter.engine.views import SeatView

__all__ = ["hidden_point_cap"]


def hidden_point_cap(view: SeatView, trick_ends: Sequence[tuple[int, int]], marriages: Sequence[tuple[int, int, int]]) -> int | None:
    """The most points the widow hidden from ``view``'s seat can hold, or ``None`` where the
    view sets no limit (no widow counts for a taker unseen, the deal ends on no points, or
    no moment has come at which they would have ended it).

    ``trick_ends``: (history index of the card that completed the trick, its winner), in
    order; ``marriages``: (history index, seat, card) of every marriage announced or shown
    (:class:`~interpreter.search.sampling._Timeline` walks the history for both)."""
    p = view.public
    rs = view.rs
    t = rs.tables
    taker = p.widow_taker
    if taker < 0 or view.widow_mask:
        return None
    side = p.side_index[taker]
    seats = p.deal_sides[side]
    contract = rs.bidding.contract(p.high_bid) if p.phase != AUCTION else None
    if contract is not None:  # decided at every trick's end, for the declarer's side
        if contract.goal != "points" or p.side_index[p.declarer] != side:
            return None
        target = contract.points
        moments = [i for i, _ in trick_ends]
    elif t.claim_auto:  # going out at once: after a trick the side took, or a marriage it announced
        target = t.claim_target
        moments = [i for i, winner in trick_ends if winner in seats]
        if t.claim_after_marriage:
            moments += [i for i, seat, _ in marriages if seat in seats]
    else:
        return None
    counted = _counted_from(view, trick_ends)
    moments = [i for i in moments if i >= counted]
    if not moments:
        return None
    last = max(moments)
    meld, wait = list(p.meld), list(p.meld_wait)
    values = rs.marriage.values
    for i, seat, card in marriages:  # announced after the moment: not yet in the side's points then
        if i > last:
            value = values.trump if rs.deck.suit_of[card] == p.trump else values.plain
            meld[seat] -= value
            wait[seat] = max(0, wait[seat] - value)
    had = 0
    for s in seats:
        had += p.points[s] + p.bonus[s]
        if meld[s]:
            had += meld[s] - waiting(t.meld_counts, s, meld, wait, p.tricks, seats)
    return target - 1 - had


def _counted_from(view: SeatView, trick_ends: Sequence[tuple[int, int]]) -> int:
    """The history index from which the hidden widow counts for its taker: past his last card
    laid away, or the first trick's end (a widow won with the first trick)."""
    if view.rs.tables.lays_away:
        laid = [i for i, h in enumerate(view.history_codes) if h & 0xFFFF >= DISCARD_BASE or h & 0xFFFF == HIDDEN_DISCARD]
        return laid[-1] + 1 if laid else 1 << 30
    return trick_ends[0][0] if trick_ends else 1 << 30
