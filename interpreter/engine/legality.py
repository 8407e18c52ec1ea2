"""What the actor may do now, and why anything else is refused: each rule condition written once.

Every condition is one method that answers ``None`` (allowed) or a :class:`Refusal` naming the
ruleset key that forbids the action (``closing.min_talon_size``).  :meth:`Legality.legal_codes`
builds the legal set from those same methods, and :meth:`Legality.refusal` asks them about one
action, so the legal set and the reason for an illegal action cannot drift apart (pokerkit's
``can_fold`` / ``verify_folding`` habit).  A test checks, on random states, that every code
outside the legal set has a refusal and every code in it none.

The follow duties of the strict phase are one function, :meth:`Legality.follow_mask`, that
answers the cards allowed and which duty restricted them; the words for a refused card are
derived from that duty next to it.

Its class is a parent of :class:`~interpreter.engine.state.DealState`: the methods read the
state's fields directly, at no extra call cost on the hot path.
"""

from __future__ import annotations

from dataclasses import dataclass

from interpreter.core.cards import RANK_NAMES, SUIT_NAMES, bit_list
from interpreter.engine.position import AUCTION, OVER, Position
from interpreter.engine.trick import winning_position
from interpreter.rules.ruleset import (
    BID_BASE,
    CLOSE,
    CLOSE_BEFORE_DRAW,
    CONTINUE,
    DECLARE,
    EXCHANGE,
    MARRY_BASE,
    PASS,
)


# Which duty of the strict phase restricted a follower (see Legality.follow_mask).
FREE, FOLLOW, HEAD, TRUMP, OVERTRUMP = 0, 1, 2, 3, 4
_SINGULAR = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is not legal now: words for a person and the ruleset key that says so."""

    message: str
    rule: str


DEAL_OVER = Refusal("the deal is over", "end")
NOTHING_TO_DECLINE = Refusal("there is no optional step to decline now", "play")


class Legality(Position):
    """The legality part of :class:`~interpreter.engine.state.DealState`, on the fields of a :class:`Position`."""

    __slots__ = ()

    # ------------------------------------------------------------------ the legal set
    def legal_codes(self) -> list[int]:
        """Codes of the actions the :attr:`actor` may take now (empty when the deal is over)."""
        phase = self.phase
        if phase == OVER:
            return []
        if phase == AUCTION:
            return [c for c in self.rs.call_codes if self.call_refusal(c) is None]
        if self.draw_pending:
            return [c for c in (CONTINUE, CLOSE_BEFORE_DRAW, DECLARE) if self.step_refusal(c) is None]
        if self.claim_seat >= 0 and self.trick and self.claim_seat != self.to_act:
            return [c for c in (DECLARE, CONTINUE) if self.step_refusal(c) is None]
        seat = self.to_act
        hand = self.hands[seat]
        if self.trick:
            if self.strict():
                return bit_list(self.follow_mask(hand)[0])
            return bit_list(hand)
        codes = bit_list(hand)
        rs = self.rs
        if rs.marriage.enabled and self.marriage_refusal(seat) is None:
            shift = rs.marriage_shift
            low = hand & rs.marriage_low & (hand >> shift if shift >= 0 else hand << -shift)
            for c in bit_list(low):
                codes.append(MARRY_BASE + c)
                codes.append(MARRY_BASE + c + shift)
        if self.turnup >= 0:
            if self.exchange_refusal(seat) is None:
                codes.append(EXCHANGE)
            if self.close_refusal(seat) is None:
                codes.append(CLOSE)
        if self.claim_seat == seat:
            codes.append(DECLARE)
        return codes

    def refusal(self, code: int) -> Refusal | None:
        """Why the action with this code is not legal now, or ``None`` if it is."""
        if self.phase == OVER:
            return DEAL_OVER
        if code == PASS or code >= BID_BASE:
            return self.call_refusal(code)
        if self.phase == AUCTION:
            return Refusal(f"the auction is still on: seat {self.to_act} must bid or pass", "bidding")
        if self.draw_pending or (self.claim_seat >= 0 and self.trick and self.claim_seat != self.to_act):
            return self.step_refusal(code)
        if code == CONTINUE:
            return NOTHING_TO_DECLINE
        seat = self.to_act
        if code == DECLARE:
            return self.declare_refusal()
        if code == CLOSE_BEFORE_DRAW:
            return self.close_before_draw_refusal()
        if code == CLOSE:
            return self.close_refusal(seat)
        if code == EXCHANGE:
            return self.exchange_refusal(seat)
        if code >= MARRY_BASE:
            return self.marry_card_refusal(seat, code - MARRY_BASE)
        return self.play_refusal(seat, code)

    # ------------------------------------------------------------------ the auction
    def call_refusal(self, code: int) -> Refusal | None:
        """A bid (``BID_BASE + amount``) or a pass in the auction."""
        bidding = self.rs.bidding
        if not bidding.enabled:
            return Refusal("this game has no auction", "bidding.enabled")
        if self.phase != AUCTION:
            return Refusal("the auction is over", "bidding")
        if code == PASS:
            if bidding.all_pass == "dealer_must_bid" and self.to_act == self.dealer and self.high_bid == 0:
                return Refusal("the dealer must bid when everybody else has passed", "bidding.all_pass")
            return None
        amount = code - BID_BASE
        if amount not in bidding.values:
            allowed = ", ".join(str(v) for v in bidding.values)
            return Refusal(f"{amount} is not a bid of this game (bids: {allowed})", "bidding.values")
        if amount <= self.high_bid:
            return Refusal(f"a bid must be higher than the current bid of {self.high_bid}", "bidding.values")
        return None

    # ------------------------------------------------------------------ optional steps
    def step_refusal(self, code: int) -> Refusal | None:
        """While a step is offered between two moves: the draw pending after a trick, or the
        marrier's chance to go out before the follower plays."""
        if self.draw_pending:
            if code == CONTINUE:
                return None
            if code == CLOSE_BEFORE_DRAW:
                return self.close_before_draw_refusal()
            if code == DECLARE:
                return self.declare_refusal()
            return Refusal("the draw is pending: close before the draw, declare, or continue", "closing.timing")
        if code in (DECLARE, CONTINUE):
            return None
        return Refusal(f"seat {self.claim_seat} may go out after the marriage: declare or continue", "claim.after_marriage")

    def declare_refusal(self) -> Refusal | None:
        if not self.rs.claim.enabled:
            return Refusal("this game has no declaring", "claim.enabled")
        if self.claim_seat < 0:
            return Refusal("only the player who has just won a trick or announced a marriage may declare", "claim")
        return None

    # ------------------------------------------------------------------ before leading
    def talon_refusal(self, what: str, rule: str, minimum: int, first_ok: bool, seat: int) -> Refusal | None:
        """The conditions that closing and the exchange share: on lead, talon open and large enough."""
        if self.trick:
            return Refusal(f"only the leader may {what}, before leading", rule)
        if self.closed:
            return Refusal(f"no {what} once the talon is closed" if what == "exchange" else "the talon is already closed", rule)
        if self.turnup < 0 and what == "exchange":
            return Refusal("no exchange once the talon is exhausted", rule)
        size = self.talon_size()
        if size < minimum:
            needs = "the exchange needs" if what == "exchange" else "closing needs"
            return Refusal(f"{needs} at least {minimum} cards in the talon (there are {size})", f"{rule}.min_talon_size")
        if not first_ok and self.tricks_played == 0:
            words = "no exchange before the first trick" if what == "exchange" else "the talon cannot be closed before the first trick"
            return Refusal(words, f"{rule}.before_first_trick")
        return None

    def close_refusal(self, seat: int) -> Refusal | None:
        cl = self.rs.closing
        if not cl.enabled:
            return Refusal("this game has no closing", "closing.enabled")
        return self.talon_refusal("close", "closing", cl.min_talon_size, cl.before_first_trick, seat)

    def close_before_draw_refusal(self) -> Refusal | None:
        cl = self.rs.closing
        if not cl.enabled:
            return Refusal("this game has no closing", "closing.enabled")
        if cl.timing != "before_or_after_draw":
            return Refusal("the talon can only be closed after the draw", "closing.timing")
        if not self.draw_pending:
            return Refusal("closing before the draw is only possible right after winning a trick", "closing.timing")
        return None  # the draw is only held back when closing is possible (see can_close_before_draw)

    def can_close_before_draw(self, seat: int) -> bool:
        """Whether the winner of the trick just completed may close before anybody draws."""
        cl = self.rs.closing
        return (
            cl.enabled and cl.timing == "before_or_after_draw"
            and self.talon_refusal("close", "closing", cl.min_talon_size, cl.before_first_trick, seat) is None
        )

    def exchange_refusal(self, seat: int) -> Refusal | None:
        rs = self.rs
        ex = rs.exchange
        if not ex.enabled:
            return Refusal("this game has no exchange of the turn-up", "exchange.enabled")
        refused = self.talon_refusal("exchange", "exchange", ex.min_talon_size, True, seat)
        if refused is not None:
            return refused
        if ex.requires_trick_won and not self.tricks[seat]:
            return Refusal("the exchange needs a trick won first", "exchange.requires_trick_won")
        if not ex.before_first_trick and self.tricks_played == 0:
            return Refusal("no exchange before the first trick", "exchange.before_first_trick")
        card = rs.exchange_card[self.trump]
        if not self.hands[seat] >> card & 1:
            return Refusal(f"seat {seat} does not hold the exchange card {rs.deck.cards[card]}", "exchange.rank")
        return None

    def marriage_refusal(self, seat: int) -> Refusal | None:
        """Whether the leader may announce a marriage now at all (whatever he holds)."""
        m = self.rs.marriage
        if not m.enabled:
            return Refusal("this game has no marriages", "marriage.enabled")
        if self.trick:
            return Refusal("only the leader may announce a marriage", "marriage")
        if self.tricks_played == 0 and m.first_lead == "forbidden":
            return Refusal("no marriage on the first lead", "marriage.first_lead")
        if self.closed and not m.after_close and not (m.on_closing_lead and self.closed_this_lead and self.closer == seat):
            return Refusal("no marriages once the talon is closed", "marriage.after_close")
        if self.rs.deal.talon and not m.after_exhaustion and self.turnup < 0 and self.spos >= len(self.stock):
            return Refusal("no marriages once the talon is exhausted", "marriage.after_exhaustion")
        return None

    def marry_card_refusal(self, seat: int, card: int) -> Refusal | None:
        rs = self.rs
        c = rs.deck.cards[card]
        partner = rs.marriage_partner[card]
        if partner < 0:
            first, second = rs.marriage.ranks
            return Refusal(f"a marriage is announced with a {RANK_NAMES.get(first, first)} or {RANK_NAMES.get(second, second)}, not {c}", "marriage.ranks")
        if not self.hands[seat] >> card & 1:
            return Refusal(f"seat {seat} does not hold {c}", "play")
        refused = self.marriage_refusal(seat)
        if refused is not None and (refused.rule == "marriage.enabled" or self.trick):
            return refused
        if not self.hands[seat] >> partner & 1:
            return Refusal(f"a marriage needs {rs.deck.cards[partner]} in the same hand", "marriage")
        return refused

    # ------------------------------------------------------------------ playing a card
    def play_refusal(self, seat: int, card: int) -> Refusal | None:
        hand = self.hands[seat]
        if not hand >> card & 1:
            return Refusal(f"seat {seat} does not hold {self.rs.deck.cards[card]}", "play")
        if not self.trick or not self.strict():
            return None
        allowed, duty = self.follow_mask(hand)
        if allowed >> card & 1:
            return None
        deck = self.rs.deck
        led = deck.suits[deck.suit_of[self.trick[0]]]
        suit = deck.suits[deck.suit_of[card]]
        if duty == FOLLOW or (duty == HEAD and suit != led):
            return Refusal(f"must follow suit ({SUIT_NAMES[led]})", "play.follow")
        if duty == HEAD:
            return Refusal(f"must follow suit with a higher {_SINGULAR[led]}", "play.head")
        if duty == TRUMP or (duty == OVERTRUMP and deck.suit_of[card] != self.trump):
            return Refusal(f"void in {SUIT_NAMES[led]}: must trump", "play.trump_when_void")
        return Refusal("must overtrump the trump in the trick", "play.overtrump")

    def follow_mask(self, hand: int) -> tuple[int, int]:
        """The cards a follower may play under the strict-phase duties, and the duty that
        restricted them (``FREE`` when any card may be played).

        Called only in the strict phase.  The order of the duties: follow suit (heading the
        trick as ``play.head`` says), else trump when void, overtrumping a trump in the trick
        where required; a player who cannot overtrump may keep his trumps when
        ``play.undertrump`` is free.
        """
        rs = self.rs
        deck = rs.deck
        play = rs.play
        trick = self.trick
        led = trick[0]
        suit_of = deck.suit_of
        led_suit = suit_of[led]
        same = hand & deck.suit_mask[led_suit]
        if play.follow and same:
            head = play.head
            if head == "none":
                return same, FOLLOW
            if head == "beat_led":
                target = led
            elif head == "beat_winner":
                target = trick[winning_position(trick, suit_of, self.trump)]
                if suit_of[target] != led_suit:
                    return same, FOLLOW
            else:  # beat_highest_led
                target = led
                for c in trick:
                    if suit_of[c] == led_suit and c < target:
                        target = c
            better = same & deck.stronger[target]
            return (better, HEAD) if better else (same, FOLLOW)
        trump = self.trump
        if play.trump_when_void and trump >= 0 and not same:
            trumps = hand & deck.suit_mask[trump]
            if trumps:
                win_card = trick[winning_position(trick, suit_of, trump)]
                if suit_of[win_card] == trump and led_suit != trump:
                    over = trumps & deck.stronger[win_card]
                    if over:
                        return (over, OVERTRUMP) if play.overtrump == "required" else (trumps, TRUMP)
                    if play.undertrump == "free":
                        return hand, FREE
                return trumps, TRUMP
        return hand, FREE
