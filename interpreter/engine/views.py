"""What one seat may see: its own hand, the table, and what the rules made public.

A :class:`SeatView` is built from the full state but copies only information the seat is
entitled to: its own cards, the turn-up, the cards on the table and every card played so
far (the public history), cards other players were seen to take or show (a turn-up taken in
an exchange or with the last draw, the partner card of an announced marriage), the auction,
and sizes of what stays hidden.  Other hands, the order of the stock and the widow are never
copied, so a bot handed a view cannot peek.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from interpreter.core.actions import Action
from interpreter.core.cards import Card
from interpreter.engine.trick import winning_position

if TYPE_CHECKING:
    from interpreter.engine.state import DealState


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's knowledge of a deal in progress.

    ``card_points`` and ``tricks_won`` are per match side (as ``Ruleset.sides``); ``sides``
    are the deal's sides, which differ from those only when the bidder plays alone.
    """

    seat: int
    seats: int
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trump: str | None
    turn_up: Card | None
    talon_size: int
    closed: bool
    closer: int | None
    trick: tuple[tuple[int, Card], ...]      # (seat, card) in play order
    leader: int | None
    to_act: int | None
    actor: int | None
    legal: tuple[Action, ...]                # empty unless this seat must decide now
    card_points: tuple[int, ...]             # per side, as announced and played in the open
    tricks_won: tuple[int, ...]
    history: tuple[tuple[int, str], ...]     # public actions: (seat, notation)
    known: tuple[tuple[Card, ...], ...]      # per seat: cards others know to be in that hand
    high_bid: int
    declarer: int | None
    sitting_out: tuple[int, ...]             # seats that lay their cards down this deal
    sides: tuple[tuple[int, ...], ...]       # who plays with whom in this deal (public)
    widow_size: int
    reviewable_tricks: tuple[tuple[tuple[int, Card], ...], ...]  # tricks the rules let this seat look at


def completed_tricks(state: DealState) -> list[tuple[tuple[int, Card], ...]]:
    """The deal's completed tricks, each as (seat, card) in play order, from the public history."""
    size = state.n - len(state.sitting_out)
    tricks: list[tuple[tuple[int, Card], ...]] = []
    current: list[tuple[int, Card]] = []
    for seat, action in state.actions_made():
        card = getattr(action, "card", None)
        if card is None:
            continue
        current.append((seat, card))
        if len(current) == size:
            tricks.append(tuple(current))
            current = []
    return tricks


def _trick_winner(state: DealState, trick: tuple[tuple[int, Card], ...]) -> int:
    """The seat that won a completed trick."""
    deck = state.rs.deck
    pos = winning_position([deck.index(c) for _, c in trick], deck.suit_of, state.trump)
    return trick[pos][0]


def reviewable(state: DealState, seat: int) -> tuple[tuple[tuple[int, Card], ...], ...]:
    """Tricks ``seat`` may look at under ``info.review_own_tricks``."""
    how = state.rs.info.review_own_tricks
    if how == "none":
        return ()
    tricks = completed_tricks(state)
    if how == "last_trick":
        return (tricks[-1],) if tricks and not state.trick else ()
    side = state.side(seat)
    return tuple(t for t in tricks if state.side(_trick_winner(state, t)) == side)


def make_view(state: DealState, seat: int) -> SeatView:
    """Build the view of ``seat`` (see the module docstring for what it contains)."""
    rs = state.rs
    deck = rs.deck
    cards = deck.cards
    n = state.n
    actor = state.actor
    legal = tuple(state.legal_actions()) if actor == seat else ()
    history = tuple((who, str(action)) for who, action in state.actions_made())
    known = tuple(
        tuple(cards[i] for i in range(deck.size) if state.known[other] >> i & 1 and state.hands[other] >> i & 1)
        if other != seat else ()
        for other in range(n)
    )
    points = state.card_points()
    if state.widow_taker >= 0:
        widow_points = sum(deck.points[c] for c in state.widow)
        taker_side = state.rs.side_of(state.widow_taker)
        if state.widow_taker != seat:
            points[taker_side] -= widow_points  # face down: only its taker knows its value
    return SeatView(
        seat=seat,
        seats=n,
        dealer=state.dealer,
        hand=tuple(state.hand(seat)),
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        trump=state.trump_suit(),
        turn_up=state.turn_up_card(),
        talon_size=state.talon_size(),
        closed=state.closed,
        closer=state.closer if state.closer >= 0 else None,
        trick=tuple(state.trick_with_seats()),
        leader=state.leader if state.leader >= 0 else None,
        to_act=state.to_act if not state.is_over else None,
        actor=actor,
        legal=legal,
        card_points=tuple(points),
        tricks_won=tuple(state.tricks_won()),
        history=history,
        known=known,
        high_bid=state.high_bid,
        declarer=state.declarer if state.declarer >= 0 else None,
        sitting_out=state.sitting_out,
        sides=state.deal_sides,
        widow_size=len(state.widow) if state.widow_taker < 0 else 0,
        reviewable_tricks=reviewable(state, seat),
    )


def partners(view: SeatView, a: int, b: int) -> bool:
    """Whether seats ``a`` and ``b`` play on the same side in this deal."""
    return any(a in side and b in side for side in view.sides)
