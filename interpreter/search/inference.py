"""What the other seats' moves say about their cards: weighting worlds by a model of play.

Every world the sampler draws is consistent with the rules and the view -- but not all are
equally likely: a player who led a low card from a hand full of aces, or kept a trump ace while
throwing a ten on his opponent's trick, is unlikely.  Card players read the play this way ("he
led the queen: he has no jack"); bridge programs keep only the deals on which the auction would
have gone as it did (GIB), Skat programs weight them by how likely the observed play was.

Here the model of how a seat plays is the greedy heuristic
(:func:`~interpreter.search.heuristic.greedy_code`, run from that seat's own view at the time,
so it knows no more than the seat did): a world's weight is ``mismatch ** m``, ``m`` being the
number of recorded decisions of other seats (partners too) that the heuristic would have made
otherwise in that world.  A soft weight, not a filter: a player who does not play like the
heuristic -- a person, another bot -- only makes the weights flatter (``mismatch = 1`` turns the
inference off), while one who does gives worlds close to the truth.

Only the view's history is read, replayed from each world's initial deal
(:meth:`~interpreter.search.sampling.World.initial_deal`); a position built without its history
(a position string) has nothing to read and keeps equal weights.
"""

from __future__ import annotations

from collections.abc import Sequence

from interpreter.core.actions import CONTINUE, DISCARD_BASE
from interpreter.engine.state import DealState
from interpreter.engine.views import SeatView, make_view
from interpreter.search.heuristic import greedy_code
from interpreter.search.sampling import InconsistentView, World

__all__ = ["informative_moves", "model_weight"]


def informative_moves(view: SeatView) -> int:
    """How many recorded decisions of other seats the view's history holds (an upper bound on
    what the weights can tell: forced moves are counted too)."""
    seat = view.seat
    return sum(1 for h in view.history_codes if h >> 16 != seat)


class _Ties:
    """A tie-break for :func:`greedy_code` that draws nothing: it keeps the moves the heuristic
    found tied and answers the first (the choice without a generator)."""

    __slots__ = ("tied",)

    def __init__(self) -> None:
        self.tied: Sequence[int] = ()

    def clear(self) -> None:
        """Forget the last decision's ties (a method, not an assignment at the call site: a
        type checker would take the attribute for the empty tuple assigned until read)."""
        self.tied = ()

    def choice(self, seq: Sequence[int], /) -> int:
        self.tied = seq
        return seq[0]


def model_weight(view: SeatView, world: World, mismatch: float) -> float:
    """``mismatch`` to the power of the other seats' recorded decisions in ``world`` that the
    greedy heuristic, from that seat's view then, would have made otherwise, times ``1 / k``
    for each decision that was one of ``k`` moves the heuristic found tied (see the module
    docstring); 1.0 for a world without a known deal, and for every world when ``mismatch`` is
    1 (the play not read)."""
    if mismatch >= 1.0:
        return 1.0
    try:
        hands, rest, turnup = world.initial_deal()
    except InconsistentView:
        return 1.0
    rs = view.rs
    st = DealState(rs, view.dealer, hands, rest, turnup, None, view.public.turned)
    me = view.seat
    weight = 1.0
    ties = _Ties()
    laid_away = iter(world.state.widow)  # the cards laid away face down, in order
    for h in view.history_codes:
        seat, code = h >> 16, h & 0xFFFF
        if code >= DISCARD_BASE - 1:  # a discard (HIDDEN_DISCARD to the others): the world's own
            code = DISCARD_BASE + next(laid_away)
        codes = st.legal_codes()
        if code not in codes and CONTINUE in codes:
            st.step_code(CONTINUE)  # a declined step leaves no trace in the history
            codes = st.legal_codes()
        if seat != me and len(codes) > 1:
            ties.clear()
            chosen = greedy_code(make_view(st, seat, codes), ties)
            if ties.tied:  # one of k moves as good: drawn with chance 1 / k
                weight *= 1.0 / len(ties.tied) if code in ties.tied else mismatch
            elif chosen != code:
                weight *= mismatch
        st.step_code(code)
    return weight
