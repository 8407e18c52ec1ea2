"""The undo record, copy, key and view's public fields of the table of fields, written ahead of time for the compiled build.

Written by :func:`interpreter.engine.views.written_source` from :data:`~interpreter.engine.fields.FIELDS`:
never edit it; regenerate it with ``python tools/regen_docs.py --written`` (tests/engine/test_fields.py
checks that it is current and proves it exact on every ruleset).  The plain build writes the same
code per ruleset at run time instead (docs/speed.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from interpreter.engine.seatview import Public

if TYPE_CHECKING:
    from interpreter.engine.position import Position

_new: Final = tuple.__new__


def save(st: Position) -> tuple[Any, ...]:
    """Every field a move may change (a log by its length)."""
    return (
        st.hands[:],
        st.known[:],
        st.widow,
        st.spos,
        st.turnup,
        st.gone,
        st.trick[:],
        st.phase,
        st.turn,
        st.leader,
        st.claim_seat,
        st.draw_pending,
        st.trump,
        st.lead_trump,
        st.turned,
        st.points[:],
        st.tricks[:],
        st.tricks_played,
        st.meld[:],
        st.meld_wait[:],
        st.bonus[:],
        st.last_winner,
        st.ten_side,
        st.married,
        st.closed,
        st.closer,
        st.close_snap,
        st.closed_this_lead,
        st.offer,
        st.high_bid,
        st.declarer,
        st.calls,
        st.passed,
        st.overbid,
        st.contract,
        st.order,
        st.doubled,
        st.dbl_turn,
        st.sitting_out,
        st.deal_sides,
        st._side,
        st._active,
        st.widow_taker,
        st.to_discard,
        st.result,
        len(st.history),
        len(st.draws),
        st.seen[:],
    )


def load(st: Position, snap: tuple[Any, ...]) -> None:
    """Put back every field :func:`save` kept (a log cut back to its saved length)."""
    st.hands = snap[0]
    st.known = snap[1]
    st.widow = snap[2]
    st.spos = snap[3]
    st.turnup = snap[4]
    st.gone = snap[5]
    st.trick = snap[6]
    st.phase = snap[7]
    st.turn = snap[8]
    st.leader = snap[9]
    st.claim_seat = snap[10]
    st.draw_pending = snap[11]
    st.trump = snap[12]
    st.lead_trump = snap[13]
    st.turned = snap[14]
    st.points = snap[15]
    st.tricks = snap[16]
    st.tricks_played = snap[17]
    st.meld = snap[18]
    st.meld_wait = snap[19]
    st.bonus = snap[20]
    st.last_winner = snap[21]
    st.ten_side = snap[22]
    st.married = snap[23]
    st.closed = snap[24]
    st.closer = snap[25]
    st.close_snap = snap[26]
    st.closed_this_lead = snap[27]
    st.offer = snap[28]
    st.high_bid = snap[29]
    st.declarer = snap[30]
    st.calls = snap[31]
    st.passed = snap[32]
    st.overbid = snap[33]
    st.contract = snap[34]
    st.order = snap[35]
    st.doubled = snap[36]
    st.dbl_turn = snap[37]
    st.sitting_out = snap[38]
    st.deal_sides = snap[39]
    st._side = snap[40]
    st._active = snap[41]
    st.widow_taker = snap[42]
    st.to_discard = snap[43]
    st.result = snap[44]
    del st.history[snap[45]:]
    del st.draws[snap[46]:]
    st.seen = snap[47]


def copy(st: Position) -> Any:
    """An independent copy, field by field, without the undo records."""
    o = type(st)(None)
    o.rs = st.rs
    o.t = st.t
    o.n = st.n
    o.dealer = st.dealer
    o.stock = st.stock
    o.first_turnup = st.first_turnup
    o._strict_always = st._strict_always
    o._save = st._save
    o._load = st._load
    o.unseen = st.unseen
    o.shown = st.shown
    o.hands = st.hands[:]
    o.known = st.known[:]
    o.widow = st.widow
    o.spos = st.spos
    o.turnup = st.turnup
    o.gone = st.gone
    o.trick = st.trick[:]
    o.phase = st.phase
    o.turn = st.turn
    o.leader = st.leader
    o.claim_seat = st.claim_seat
    o.draw_pending = st.draw_pending
    o.trump = st.trump
    o.lead_trump = st.lead_trump
    o.turned = st.turned
    o.points = st.points[:]
    o.tricks = st.tricks[:]
    o.tricks_played = st.tricks_played
    o.meld = st.meld[:]
    o.meld_wait = st.meld_wait[:]
    o.bonus = st.bonus[:]
    o.last_winner = st.last_winner
    o.ten_side = st.ten_side
    o.married = st.married
    o.closed = st.closed
    o.closer = st.closer
    o.close_snap = st.close_snap
    o.closed_this_lead = st.closed_this_lead
    o.offer = st.offer
    o.high_bid = st.high_bid
    o.declarer = st.declarer
    o.calls = st.calls
    o.passed = st.passed
    o.overbid = st.overbid
    o.contract = st.contract
    o.order = st.order
    o.doubled = st.doubled
    o.dbl_turn = st.dbl_turn
    o.sitting_out = st.sitting_out
    o.deal_sides = st.deal_sides
    o._side = st._side
    o._active = st._active
    o.widow_taker = st.widow_taker
    o.to_discard = st.to_discard
    o.result = st.result
    o.history = st.history[:]
    o.draws = st.draws[:]
    o.seen = st.seen[:]
    o.undo = []
    return o


def key(st: Position, uses: tuple[bool, ...], pack: Callable[..., bytes]) -> int:
    """The position key (:meth:`DealState.key`): the keyed fields of the rules the ruleset has
    (``uses``: :func:`~interpreter.engine.fields.features_in_use` of its tables), the fixed-width
    ones packed by ``pack`` (its :func:`~interpreter.engine.fields.key_struct`)."""
    t = st.t
    w = t.key_widths
    values: list[int] = []
    values.extend(st.hands)
    values.extend(st.known)
    values.append(st.spos)
    values.append(st.turnup + 1)
    values.append(st.phase)
    values.append(st.turn + 1)
    values.append(st.leader + 1)
    values.append(st.claim_seat + 1)
    values.append(st.draw_pending)
    values.append(st.trump + 1)
    values.extend(st.points)
    values.extend(st.tricks)
    values.append(st.tricks_played)
    values.extend(st.meld)
    if uses[6]:  # marriage_next_trick
        values.extend(st.meld_wait)
    values.extend(st.bonus)
    values.append(st.last_winner + 1)
    if uses[7]:  # trump_ten
        values.append(st.ten_side + 1)
    if uses[8]:  # partner_marriage
        values.append(st.married)
    if uses[2]:  # closing
        values.append(st.closed)
    if uses[2]:  # closing
        values.append(st.closer + 1)
    if uses[2]:  # closing
        values.append(st.closed_this_lead)
    if uses[9]:  # exchange_on_close
        values.append(st.offer + 1)
    if uses[1]:  # auction
        values.append(st.high_bid)
    if uses[1]:  # auction
        values.append(st.declarer + 1)
    if uses[1]:  # auction
        values.append(st.calls)
    if uses[10]:  # open_auction
        values.append(st.passed)
    if uses[11]:  # partner_rebid
        values.append(st.overbid + 1)
    if uses[13]:  # doubling
        values.append(st.doubled)
    if uses[13]:  # doubling
        values.append(st.dbl_turn + 1)
    if uses[3]:  # widow
        values.append(st.widow_taker + 1)
    if uses[3]:  # widow
        values.append(st.to_discard)
    k = int.from_bytes(pack(*values), 'little')
    if uses[3]:  # widow
        for c in st.widow:
            k = k << w.card | (c + 1)
        k = k << w.card | len(st.widow)
    if uses[2]:  # closing
        snap = st.close_snap
        if snap is not None:
            for row in snap:
                for x in row:
                    k = k << w.points | x
        k = k << 1 | (snap is not None)
    result = st.result
    if result is not None:
        for x in result.scores:
            k = k << w.points | (x + (1 << (w.points - 1)))
    k = k << 1 | (result is not None)
    for c in st.trick:
        k = k << w.card | (c + 1)
    return k << w.seat | len(st.trick)


def publish(state: Position, points: list[int], seat_points: list[int], hands: list[int]) -> Public:
    """The public fields of a view (:func:`interpreter.engine.views.make_view`)."""
    return _new(Public, (
        state.dealer,
        state.spos,
        state.turnup,
        state.first_turnup,
        state.trump,
        state.closed,
        state.closer,
        state.close_snap,
        state.phase,
        state.turn,
        state.leader,
        tuple(state.trick),
        state.draw_pending,
        state.claim_seat,
        state.tricks_played,
        tuple(points),
        tuple(state.tricks),
        tuple(state.meld),
        tuple(state.bonus),
        state.last_winner,
        state.closed_this_lead,
        state.high_bid,
        state.declarer,
        state.calls,
        state.sitting_out,
        state.widow_taker,
        tuple([k & h for k, h in zip(state.known, hands)]),
        tuple([h.bit_count() for h in state.dealt_hands()]),
        state.deal_sides,
        state._side,
        state._active,
        state.result,
        len(state.stock),
        len(state.widow),
        tuple(seat_points),
        state.gone,
        tuple(state.meld_wait),
        state.turned,
        state.passed,
        state.to_discard,
        state.ten_side,
        state.offer,
        state.overbid,
        state.doubled,
        state.dbl_turn,
        state.strict(),
        state.lead_trump,
        state.order,
    ))
