"""Why an action is illegal, in words, naming the ruleset option that forbids it.

Kept apart from the engine: legality itself is decided by :meth:`DealState.legal_codes`;
this module only runs when an action has already been found illegal, to tell a human (or a
record's reader) which rule said no.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.core.actions import Action, Bid, Close, CloseBeforeDraw, Continue, Declare, Exchange, Marry, Pass, Play
from interpreter.core.cards import SUIT_NAMES
from interpreter.rules.ruleset import CONTINUE

if TYPE_CHECKING:
    from interpreter.engine.state import DealState

_SINGULAR = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}


def why_illegal(state: DealState, action: Action, code: int | None) -> tuple[str, str]:
    """A message and the rule (schema key) that forbid ``action`` in ``state``."""
    from interpreter.engine.state import AUCTION, OVER

    rs = state.rs
    if state.phase == OVER:
        return "the deal is over", "end"
    seat = state.actor
    if isinstance(action, (Bid, Pass)):
        if not rs.bidding.enabled:
            return "this game has no auction", "bidding.enabled"
        if state.phase != AUCTION:
            return "the auction is over", "bidding"
        if isinstance(action, Bid):
            if action.amount not in rs.bidding.values:
                allowed = ", ".join(str(v) for v in rs.bidding.values)
                return f"{action.amount} is not a bid of this game (bids: {allowed})", "bidding.values"
            return f"a bid must be higher than the current bid of {state.high_bid}", "bidding.values"
        return "the dealer must bid when everybody else has passed", "bidding.all_pass"
    if state.phase == AUCTION:
        return f"the auction is still on: seat {state.to_act} must bid or pass", "bidding"
    if code is None and isinstance(action, (Play, Marry)):
        return f"{action.card} is not a card of this deck", "deck.ranks"
    if isinstance(action, Continue):
        return "there is no optional step to decline now", "play"
    if state.draw_pending and not isinstance(action, (CloseBeforeDraw, Declare)):
        codes = state.legal_codes()
        if CONTINUE in codes:
            return "the draw is pending: close before the draw, declare, or continue", "closing.timing"
    if state.claim_seat >= 0 and state.trick and state.claim_seat != state.to_act and not isinstance(action, Declare):
        return f"seat {state.claim_seat} may go out after the marriage: declare or continue", "claim.after_marriage"
    if isinstance(action, Declare):
        if not rs.claim.enabled:
            return "this game has no declaring", "claim.enabled"
        return "only the player who has just won a trick or announced a marriage may declare", "claim"
    if isinstance(action, CloseBeforeDraw):
        if not rs.closing.enabled:
            return "this game has no closing", "closing.enabled"
        if rs.closing.timing != "before_or_after_draw":
            return "the talon can only be closed after the draw", "closing.timing"
        if not state.draw_pending:
            return "closing before the draw is only possible right after winning a trick", "closing.timing"
        return _close_reason(state)
    leading = not state.trick
    if isinstance(action, Close):
        if not leading:
            return "only the leader may close, before leading", "closing"
        return _close_reason(state)
    if isinstance(action, Exchange):
        return _exchange_reason(state, seat)
    assert isinstance(action, (Play, Marry)) and code is not None
    card_index = rs.deck.index(action.card)
    assert seat is not None
    if isinstance(action, Marry) and action.card.rank not in ("K", "Q"):
        return f"a marriage is announced with a king or queen, not {action.card}", "marriage"
    if not state.hands[seat] >> card_index & 1:
        return f"seat {seat} does not hold {action.card}", "hand"
    if isinstance(action, Marry):
        return _marry_reason(state, seat, card_index)
    return _follow_reason(state, card_index)


def _close_reason(state: DealState) -> tuple[str, str]:
    rs = state.rs
    cl = rs.closing
    if not cl.enabled:
        return "this game has no closing", "closing.enabled"
    if state.closed:
        return "the talon is already closed", "closing"
    if state.talon_size() < cl.min_talon_size:
        return f"closing needs at least {cl.min_talon_size} cards in the talon (there are {state.talon_size()})", "closing.min_talon_size"
    if not cl.before_first_trick and state.tricks_played == 0:
        return "the talon cannot be closed before the first trick", "closing.before_first_trick"
    return "closing is not possible now", "closing"


def _exchange_reason(state: DealState, seat: int | None) -> tuple[str, str]:
    rs = state.rs
    ex = rs.exchange
    if not ex.enabled:
        return "this game has no exchange of the turn-up", "exchange.enabled"
    if state.trick:
        return "only the leader may exchange, before leading", "exchange"
    if state.closed:
        return "no exchange once the talon is closed", "exchange"
    if state.turnup < 0:
        return "no exchange once the talon is exhausted", "exchange"
    if state.talon_size() < ex.min_talon_size:
        return f"the exchange needs at least {ex.min_talon_size} cards in the talon (there are {state.talon_size()})", "exchange.min_talon_size"
    if ex.requires_trick_won and seat is not None and not state.tricks[seat]:
        return "the exchange needs a trick won first", "exchange.requires_trick_won"
    if not ex.before_first_trick and state.tricks_played == 0:
        return "no exchange before the first trick", "exchange.before_first_trick"
    card = rs.deck.cards[rs.exchange_card[state.trump]]
    return f"seat {seat} does not hold the exchange card {card}", "exchange.rank"


def _marry_reason(state: DealState, seat: int, card: int) -> tuple[str, str]:
    rs = state.rs
    m = rs.marriage
    c = rs.deck.cards[card]
    if not m.enabled:
        return "this game has no marriages", "marriage.enabled"
    if c.rank not in ("K", "Q"):
        return f"a marriage is announced with a king or queen, not {c}", "marriage"
    if state.trick:
        return "only the leader may announce a marriage", "marriage"
    partner = rs.marriage_partner[card]
    if not state.hands[seat] >> partner & 1:
        return f"a marriage needs {rs.deck.cards[partner]} in the same hand", "marriage"
    if state.tricks_played == 0 and m.first_lead == "forbidden":
        return "no marriage on the first lead", "marriage.first_lead"
    if state.closed and not m.after_close:
        return "no marriages once the talon is closed", "marriage.after_close"
    return "no marriages once the talon is exhausted", "marriage.after_exhaustion"


def _follow_reason(state: DealState, card: int) -> tuple[str, str]:
    rs = state.rs
    deck = rs.deck
    hand = state.hands[state.to_act]
    allowed = state._follow_mask(hand) if state.strict() else hand
    led_suit = deck.suits[deck.suit_of[state.trick[0]]]
    suit = deck.suits[deck.suit_of[card]]
    allowed_suits = {deck.suits[deck.suit_of[i]] for i in range(deck.size) if allowed >> i & 1}
    if allowed_suits == {led_suit}:
        if suit != led_suit:
            return f"must follow suit ({SUIT_NAMES[led_suit]})", "play.follow"
        return f"must follow suit with a higher {_SINGULAR[led_suit]}", "play.head"
    trump = deck.suits[state.trump] if state.trump >= 0 else None
    if trump is not None and allowed_suits == {trump}:
        if suit != trump:
            return f"void in {SUIT_NAMES[led_suit]}: must trump", "play.trump_when_void"
        return "must overtrump the trump in the trick", "play.overtrump"
    return "that card may not be played now", "play"
