"""Taking a seat's view of a state: what one seat may see, copied out of the full state.

:func:`make_view` (also ``DealState.view``) copies into a :class:`~interpreter.engine.seatview.SeatView`
only information the seat is entitled to (see :mod:`interpreter.engine.seatview`): its own
hand, the cards that came into its own sight and when (its entry of the state's ``seen``), the public fields of :class:`~interpreter.engine.seatview.Public` (published from the
table of the deal's fields, :data:`PUBLISHED`), the public history, and its legal actions when
it must decide.  Every bot's decision takes a view, and a search takes one at every step of its
rollouts: this module is compiled in the compiled build (docs/speed.md), the view's class stays
Python.  The view's names are re-exported here, where they were always imported from.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from interpreter.core.actions import DISCARD_BASE, HIDDEN_DISCARD
from interpreter.core.cards import bit_list
from interpreter.engine import written
from interpreter.engine.fields import COMPILED, FIELDS
from interpreter.engine.fields import written_source as fields_written_source
from interpreter.engine.position import NAMING
from interpreter.engine.seatview import (
    PUBLIC_FIELDS,
    SPECTATOR,
    Public,
    SeatView,
    TakenTrick,
    completed_tricks,
    partners,
)

if TYPE_CHECKING:
    from interpreter.engine.state import DealState

__all__ = [
    "PUBLIC_FIELDS", "PUBLISHED", "SPECTATOR", "Public", "SeatView", "TakenTrick", "completed_tricks", "make_view", "partners",
    "public_view", "spectator_view",
]


def spectator_view(state: DealState) -> SeatView:
    """What somebody who sits at no seat may see: the public fields and the public history
    only -- no hand, no widow, every card laid away face down, no legal actions.  A card
    room's spectator link is built from this."""
    return make_view(state, SPECTATOR)


def public_view(view: SeatView) -> SeatView:
    """What every seat knows of the deal ``view`` shows: the spectator's view of the same
    state (:func:`spectator_view`), worked out from the seat's view alone -- no hand, no widow,
    no legal actions, every card laid away face down (the seat's own too), and the points of a
    widow only its taker knows left out of his.  An observation that must be the same for
    every player (OpenSpiel's ``private_info=NONE``) is built from this, so that nothing one
    seat knows alone can reach it; a spectator's view is returned as it is."""
    if view.seat == SPECTATOR:
        return view
    public = view.public
    widow = view.widow_mask
    if widow:  # the seat took the widow: its points are its own knowledge
        taker = public.widow_taker
        pts = view.rs.tables.points
        hidden = sum(pts[c] for c in bit_list(widow))  # as make_view leaves them out for the others
        points, seat_points = list(public.points), list(public.seat_points)
        points[taker] -= hidden
        seat_points[taker] -= hidden
        public = public._replace(points=tuple(points), seat_points=tuple(seat_points))
    history = view.history_codes
    if view.rs.tables.lays_away:
        history = tuple(h if h & 0xFFFF < DISCARD_BASE else (h >> 16) << 16 | HIDDEN_DISCARD for h in history)
    return SeatView(view.rs, SPECTATOR, 0, (), history, view.draws, 0, public, view.actor)


def make_view(state: DealState, seat: int, codes: Sequence[int] | None = None) -> SeatView:
    """Take the view of ``seat`` (see the module docstring for what it contains), or of a
    spectator with ``seat`` :data:`SPECTATOR`.

    ``codes``: ``state.legal_codes()`` when the caller has just asked for them (a search's
    rollout asks first, to play a forced move without a view); else they are asked here."""
    hands = state.hands
    points = state.points
    bonus = state.bonus
    seat_points = list(map(_add, points, bonus))
    meld = state.meld
    if any(meld):  # only the seats with marriage points ask which of them count now
        for s, m in enumerate(meld):
            if m:
                seat_points[s] += state.counted_meld(s)
    taker = state.widow_taker
    widow_mask = 0
    if taker >= 0:
        if taker == seat and state.t.widow_seen:
            for c in state.widow:
                widow_mask |= 1 << c
        else:  # face down: only a taker who may look at it knows its value (RuleTables.widow_seen)
            pts = state.t.points
            hidden = sum(pts[c] for c in state.widow)
            points = points[:]
            points[taker] -= hidden
            seat_points[taker] -= hidden
    actor = state.actor
    public = _publish(state, points, seat_points, hands)
    own = hands[seat] if seat >= 0 else 0
    if state.phase == NAMING:  # the cards dealt after trump is named are not seen yet, by anybody
        own &= ~state.unseen[seat]
    history = _seen_history(state.history, seat) if state.t.lays_away else tuple(state.history)
    seen = state.seen[seat] if seat >= 0 else ()
    return _new(SeatView, (  # SeatView's own order: the raw fields, then the cache
        state.rs, seat, own, tuple(codes if codes is not None else state.legal_codes()) if actor == seat else (),
        history, tuple(state.draws), widow_mask, public, actor, seen, {},
    ))


#: How a public field that is not a field of the state under its own name is published:
#: an expression of ``state``, ``points`` (a widow only its taker knows left out),
#: ``seat_points`` and ``hands``.  Every other field of Public is the state's field of that
#: name, a tuple of it if it is a list: a field added to the table and to Public is published
#: with no other edit (tests/engine/test_fields.py checks that the two agree).
PUBLISHED: dict[str, str] = {
    "points": "tuple(points)",
    "to_act": "state.turn",  # the state's field, under the name a view has always read it by
    "known": "tuple([k & h for k, h in zip(state.known, hands)])",
    "hand_sizes": "tuple([h.bit_count() for h in state.dealt_hands()])",
    "side_index": "state._side",
    "active": "state._active",
    "stock_size": "len(state.stock)",
    "widow_size": "len(state.widow)",
    "seat_points": "tuple(seat_points)",
    "strict": "state.strict()",
}


def publish_source(typed: bool = False) -> str:
    """The function that builds a view's :class:`Public` from a state, written from Public's
    fields and the table of the deal's fields (straight-line code): run at import in the plain
    build; written ahead of time into ``written.py`` (``typed``, with annotations) for the
    compiled one, where code written at run time would stay Python."""
    kinds = {f.name: f.kind for f in FIELDS}
    parts = []
    for name in Public._fields:
        if name in PUBLISHED:
            parts.append(PUBLISHED[name])
        elif kinds.get(name) == "list":
            parts.append(f"tuple(state.{name})")
        elif kinds.get(name) in ("value", "const"):
            parts.append(f"state.{name}")
        else:
            raise TypeError(f"Public.{name} is no field of the state and has no PUBLISHED expression")
    head = ("def publish(state: Position, points: list[int], seat_points: list[int], hands: list[int]) -> Public:\n"
            '    """The public fields of a view (:func:`interpreter.engine.views.make_view`)."""\n'
            if typed else "def publish(state, points, seat_points, hands):\n")
    lines = [head + "    return _new(Public, ("] + [f"        {part}," for part in parts] + ["    ))"]
    return "\n".join(lines) + "\n"


def written_source() -> str:
    """The text of ``interpreter/engine/written.py``: the table's undo record, copy and key
    (:func:`interpreter.engine.fields.written_source`), then :func:`publish_source`'s function.
    ``python tools/regen_docs.py --written`` writes it; a test checks it is current."""
    return fields_written_source() + "\n\n" + publish_source(typed=True)


def _publisher() -> Callable[[DealState, list[int], list[int], list[int]], Public]:
    """:func:`publish_source`'s function, written now (the plain build)."""
    namespace: dict[str, Any] = {"_new": tuple.__new__, "Public": Public}
    exec(compile(publish_source(), "<views.publish>", "exec"), namespace)  # our own tables, never input
    return namespace["publish"]  # type: ignore[no-any-return]


def _seen_history(history: list[int], seat: int) -> tuple[int, ...]:
    """The history as ``seat`` saw it: a card another seat laid away is only a card gone face
    down (``HIDDEN_DISCARD``)."""
    return tuple(h if h & 0xFFFF < DISCARD_BASE or h >> 16 == seat else (h >> 16) << 16 | HIDDEN_DISCARD for h in history)


_new: Final = tuple.__new__
_add: Final = int.__add__
_publish: Final = written.publish if COMPILED else _publisher()
