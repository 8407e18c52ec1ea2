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

from typing import Final


from interpreter.core.actions import (
    BID_BASE,
    CLOSE,
    CLOSE_BEFORE_DRAW,
    CONTINUE,
    DECLARE,
    DISCARD_BASE,
    DOUBLE,
    EXCHANGE,
    MARRY_BASE,
    PASS,
    REDOUBLE,
    TRUMP_BASE,
)
from interpreter.core.cards import HIGH_BITS, LOW_BITS, RANK_NAMES, SUIT_NAMES, bit_list
from interpreter.engine.position import AUCTION, NAMING, OVER, PLAY, Position
from interpreter.engine.trick import winning_position
from interpreter.rules.ruleset import ContractSpec


# Which duty of the strict phase restricted a follower (see Legality.follow_mask).
FREE: Final = 0
FOLLOW: Final = 1
HEAD: Final = 2
TRUMP: Final = 3
OVERTRUMP: Final = 4
_SINGULAR = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}


class Refusal:
    """Why an action is not legal now: words for a person and the ruleset key that says so.

    Building the legal set asks the same conditions many times a second and never reads the
    words, so no refusal on that path is built: each is a module constant whose words name
    facts of the state (``{talon}``, ``{exchange_card}``) that :meth:`words` fills in when a
    person is told.  Refusals made only for :meth:`Legality.refusal` may carry their own
    arguments instead.
    """

    __slots__ = ("rule", "_text", "_args")

    def __init__(self, rule: str, text: str, args: tuple[object, ...] = ()) -> None:
        self.rule = rule
        self._text = text
        self._args = args

    def words(self, state: Position) -> str:
        """The refusal in words, with the facts of ``state`` it names filled in."""
        if self._args:
            return self._text.format(*self._args)
        return self._text.format_map(_Facts(state)) if "{" in self._text else self._text

    def __repr__(self) -> str:
        return f"Refusal({self.rule!r}, {self._text!r})"


class _Facts(dict[str, object]):
    """The facts a refusal's words may name, computed only when asked for."""

    def __init__(self, state: Position) -> None:
        super().__init__()
        self.state = state

    def __missing__(self, key: str) -> object:
        st = self.state
        rs = st.rs
        if key == "seat":
            return st.actor
        if key == "talon":
            return st.talon_size()
        if key == "high_bid":
            return st.high_bid
        if key == "closing_min":
            return rs.closing.min_talon_size
        if key == "exchange_min":
            return rs.exchange.min_talon_size
        if key == "exchange_card":
            return rs.deck.cards[rs.exchange_card[st.trump]]
        raise KeyError(key)


DEAL_OVER: Final = Refusal("end", "the deal is over")
NOTHING_TO_LAY_AWAY: Final = Refusal("deal.widow.to", "no card is laid away now")
NO_NAMING: Final = Refusal("trump.selection", "trump is not named in this game")
TRUMP_NAMED: Final = Refusal("trump.selection", "trump has been named already")
NAMER_MUST_NAME: Final = Refusal("trump.if_passed", "the forehand must name trump")
PARTNER_MUST_NAME: Final = Refusal("trump.if_passed", "the partner who was passed the choice must name trump")
NO_CARD_TO_TURN: Final = Refusal("trump.if_passed", "this position does not say which card a pass would turn: name a suit")
NOTHING_TO_DECLINE: Final = Refusal("play", "there is no optional step to decline now")
NO_AUCTION: Final = Refusal("bidding.enabled", "this game has no auction")
AUCTION_OVER: Final = Refusal("bidding", "the auction is over")
DEALER_MUST_BID: Final = Refusal("bidding.all_pass", "the dealer must bid when everybody else has passed")
DRAW_PENDING: Final = Refusal("closing.timing", "the draw is pending: close before the draw, declare, or continue")
NO_DECLARING: Final = Refusal("claim.enabled", "this game has no declaring")
NOT_ENTITLED: Final = Refusal("claim", "only the player who has just won a trick or announced a marriage may declare")
NO_CLOSING: Final = Refusal("closing.enabled", "this game has no closing")
CLOSE_LEADER_ONLY: Final = Refusal("closing", "only the leader may close, before leading")
ALREADY_CLOSED: Final = Refusal("closing", "the talon is already closed")
CLOSE_NOT_FIRST: Final = Refusal("closing.before_first_trick", "the talon cannot be closed before the first trick")
CLOSE_AFTER_DRAW_ONLY: Final = Refusal("closing.timing", "the talon can only be closed after the draw")
CLOSE_BEFORE_DRAW_WHEN: Final = Refusal("closing.timing", "closing before the draw is only possible right after winning a trick")
NO_EXCHANGE: Final = Refusal("exchange.enabled", "this game has no exchange of the turn-up")
EXCHANGE_LEADER_ONLY: Final = Refusal("exchange", "only the leader may exchange, before leading")
EXCHANGE_CLOSED: Final = Refusal("exchange", "no exchange once the talon is closed")
EXCHANGE_EXHAUSTED: Final = Refusal("exchange", "no exchange once the talon is exhausted")
EXCHANGE_NEEDS_TRICK: Final = Refusal("exchange.requires_trick_won", "the exchange needs a trick won first")
EXCHANGE_NOT_FIRST: Final = Refusal("exchange.before_first_trick", "no exchange before the first trick")
NO_MARRIAGES: Final = Refusal("marriage.enabled", "this game has no marriages")
MARRY_LEADER_ONLY: Final = Refusal("marriage", "only the leader may announce a marriage")
MARRY_ONCE_A_TRICK: Final = Refusal("marriage.who", "one marriage a player in each trick")
MARRY_NOT_FIRST: Final = Refusal("marriage.first_lead", "no marriage on the first lead")
MARRY_CLOSED: Final = Refusal("marriage.after_close", "no marriages once the talon is closed")
MARRY_EXHAUSTED: Final = Refusal("marriage.after_exhaustion", "no marriages once the talon is exhausted")
NO_DOUBLING: Final = Refusal("bidding.doubling", "this game has no doubling")
NO_REDOUBLING: Final = Refusal("bidding.doubling.redouble", "this game has no redoubling")
MUST_OVERTRUMP: Final = Refusal("play.overtrump", "must overtrump the trump in the trick")
BID_TOO_LOW: Final = Refusal("bidding.values", "a bid must be higher than the current bid of {high_bid}")
CLOSE_TALON_SMALL: Final = Refusal("closing.min_talon_size", "closing needs at least {closing_min} cards in the talon (there are {talon})")
EXCHANGE_TALON_SMALL: Final = Refusal("exchange.min_talon_size", "the exchange needs at least {exchange_min} cards in the talon (there are {talon})")
EXCHANGE_CARD_MISSING: Final = Refusal("exchange.rank", "seat {seat} does not hold the exchange card {exchange_card}")


class Legality(Position):
    """The legality part of :class:`~interpreter.engine.state.DealState`, on the fields of a :class:`Position`."""

    __slots__ = ()

    # ------------------------------------------------------------------ the legal set
    def legal_codes(self) -> list[int]:
        """Codes of the actions the :attr:`actor` may take now (empty when the deal is over).

        Before leading, a rule is asked only once its cheapest necessary condition holds (a
        marriage pair in hand, the exchange card in hand, a turn-up still on the table, a talon
        not yet closed); the rule's method decides.  The tests check on random states that the legal set and
        :meth:`refusal` agree for every action.
        """
        phase = self.phase
        if phase != PLAY:
            if phase == OVER:
                return []
            if phase == AUCTION:
                return self.allowed_calls()
            return self.naming_codes()
        t = self.t
        if t.extra_steps and (self.to_discard or self.offer >= 0 or self.dbl_turn >= 0):  # laid away, offered, doubled
            return self._extra_step_codes()
        if self.draw_pending or (self.claim_seat >= 0 and self.trick and self.claim_seat != self.turn):
            return self.allowed_steps()
        seat = self.turn
        hand = self.hands[seat]
        if self.trick:
            if self._strict_always or self.closed or (self.turnup < 0 and self.spos >= len(self.stock)):  # strict()
                hand = self.follow_mask(hand)[0]
            # bit_list(hand), inlined: this line runs for every decision of every playout
            codes = [*LOW_BITS[hand & 4095], *HIGH_BITS[hand >> 12]] if hand < 1 << 24 else bit_list(hand)
            if t.follow_extras:  # an exchange or a partner's marriage while following
                self._follow_extras(codes, seat, self.hands[seat])
            return codes
        codes = [*LOW_BITS[hand & 4095], *HIGH_BITS[hand >> 12]] if hand < 1 << 24 else bit_list(hand)
        shift = t.marriage_shift
        pairs = hand & t.marriage_low & (hand >> shift if shift >= 0 else hand << -shift)
        if pairs and t.partner_marries:
            pairs &= ~self.married
        if pairs and self.marriage_refusal(seat) is None:
            first_only = t.marry_first_only  # marriage.lead_card: see marry_card_refusal
            for c in bit_list(pairs):
                codes.append(MARRY_BASE + c)
                if not first_only:
                    codes.append(MARRY_BASE + c + shift)
            if t.marry_automatic:  # the card led announces its marriage: not led alone (see automatic_marriage)
                shown = pairs if first_only else pairs | (pairs << shift if shift >= 0 else pairs >> -shift)
                codes = [c for c in codes if c >= MARRY_BASE or not shown >> c & 1]
        if self.turnup >= 0:  # the exchange and closing need a talon (min_talon_size >= 2)
            card = self.rs.exchange_card[self.trump]  # -1 where the deck has no card of exchange.rank
            if card >= 0 and hand >> card & 1 and self.exchange_refusal(seat) is None:
                codes.append(EXCHANGE)
            if not self.closed and self.close_refusal(seat) is None:
                codes.append(CLOSE)
        if self.claim_seat == seat:
            codes.append(DECLARE)
        return codes

    def _pairs(self, hand: int) -> int:
        """The first-rank card of every marriage in a hand not announced yet, as bits."""
        t = self.t
        shift = t.marriage_shift
        return hand & t.marriage_low & (hand >> shift if shift >= 0 else hand << -shift) & ~self.married

    def _extra_step_codes(self) -> list[int]:
        """While cards are laid away (any card of the hand) or an exchange is offered as the
        opponent closes (take it or not).  Apart from :meth:`legal_codes`, whose every read of
        ``self`` a comprehension here would turn into a cell's."""
        if self.dbl_turn >= 0:
            return self.doubling_codes()
        if self.to_discard:
            return [DISCARD_BASE + c for c in bit_list(self.hands[self.turn])]
        # every opponent of the closer is asked; only the holder of the exchange card may take it
        return [CONTINUE, EXCHANGE] if self.hands[self.offer] >> self.rs.exchange_card[self.trump] & 1 else [CONTINUE]

    # ------------------------------------------------------------------ doubling
    def doubling_codes(self) -> list[int]:
        """In the doubling round (``bidding.doubling``): pass, or double (a defender), or
        redouble (the declarer whose game was doubled)."""
        if self.dbl_turn < 0:
            return []
        return [PASS, REDOUBLE if self.doubled else DOUBLE]

    def doubling_refusal(self, code: int) -> Refusal | None:
        """A call of the doubling round: refused exactly when not among :meth:`doubling_codes`."""
        if code in self.doubling_codes():
            return None
        if self.dbl_turn >= 0:
            if code == DOUBLE:
                return Refusal("bidding.doubling", "the game is doubled already: the declarer may redouble or pass")
            if code == REDOUBLE:
                return Refusal("bidding.doubling", "only a doubled game is redoubled") if self.t.redouble else NO_REDOUBLING
            return Refusal("bidding.doubling", "seat {} must double or pass first", (self.dbl_turn,))
        if not self.t.doubling:
            return NO_DOUBLING
        if code == REDOUBLE and not self.t.redouble:
            return NO_REDOUBLING
        if self.phase == AUCTION:
            return Refusal("bidding.doubling", "the auction is still on: doubling comes after it, before the first lead")
        if self.tricks_played or self.trick:
            return Refusal("bidding.doubling", "doubling is only before the first lead")
        # before the first lead, the round over: say who doubles, and that they have answered
        solo = self.soloist()
        if code == REDOUBLE:
            return Refusal("bidding.doubling", ("only a doubled game is redoubled", "the doubling round is over: the soloist did not redouble",
                                                "the game is redoubled already")[self.doubled])
        if self._side[self.turn] == self._side[solo]:
            return Refusal("bidding.doubling", "only an opponent of the soloist may double, and each has answered")
        return Refusal("bidding.doubling", "the game is doubled already" if self.doubled
                       else "the doubling round is over: each of the soloist's opponents has answered")

    def _follow_extras(self, codes: list[int], seat: int, hand: int) -> None:
        """What a follower may do besides playing, added to ``codes``: the exchange
        (``exchange.timing: before_lead_or_follow``), a partner's marriage (``marriage.who:
        leader_and_partner``) and the declaration it entitles him to."""
        t = self.t
        if t.follow_exchange and self.turnup >= 0:
            card = self.rs.exchange_card[self.trump]
            if card >= 0 and hand >> card & 1 and self.exchange_refusal(seat) is None:
                codes.append(EXCHANGE)
        if t.partner_marries:
            pairs = self._pairs(hand)
            if pairs and self.marriage_refusal(seat) is None:
                codes.extend(MARRY_BASE + c for c in bit_list(pairs))
            if self.claim_seat == seat:
                codes.append(DECLARE)

    def shown_this_trick(self, seat: int) -> bool:
        """Whether ``seat`` has shown a marriage in the trick on the table (a partner's marriage)."""
        leader = self.leader
        for h in reversed(self.history):
            s, code = h >> 16, h & 0xFFFF
            if s == seat and MARRY_BASE <= code < EXCHANGE:
                return True
            if s == leader and code < EXCHANGE:
                return False
        return False

    def refusal(self, code: object) -> Refusal | None:
        """Why the action with this code is not legal now, or ``None`` if it is.  A code that
        is no action of the ruleset (not an int in ``rs.action_of``: ``1.0`` and ``True`` are
        none, though they equal the codes 1) is a ``ValueError``: a refusal made up for it
        would name a rule that has nothing to do with it.

        ``code`` is typed ``object`` and narrowed here, so that the compiled build refuses what
        is not an int in the same words, not in mypyc's; the engine asks :meth:`_refusal`."""
        if isinstance(code, bool) or not isinstance(code, int) or code not in self.rs.action_of:
            raise ValueError(f"{code!r} is not an action code of {self.rs.name} (expected one of rs.action_of, such as rs.code(action))")
        return self._refusal(code)

    def _refusal(self, code: int) -> Refusal | None:
        """:meth:`refusal` of a code of the ruleset, unchecked."""
        if self.phase == OVER:
            return DEAL_OVER
        if self.phase == NAMING or TRUMP_BASE <= code < BID_BASE:
            return self.naming_refusal(code)
        if self.dbl_turn >= 0 or code == DOUBLE or code == REDOUBLE:
            return self.doubling_refusal(code)
        if self.to_discard or code >= DISCARD_BASE:
            return self.discard_refusal(code)
        if self.offer >= 0:
            if code == CONTINUE:
                return None
            if code == EXCHANGE:
                return None if self.hands[self.offer] >> self.rs.exchange_card[self.trump] & 1 else EXCHANGE_CARD_MISSING
            answers = "exchange or continue" if self.hands[self.offer] >> self.rs.exchange_card[self.trump] & 1 else "continue"
            return Refusal("exchange.on_opponent_close", "seat {} is offered the exchange, as the talon is closed: {}", (self.offer, answers))
        if code == PASS or code >= BID_BASE:
            return self.call_refusal(code)
        if self.phase == AUCTION:
            return Refusal("bidding", "the auction is still on: seat {} must bid or pass", (self.turn,))
        if self.draw_pending or (self.claim_seat >= 0 and self.trick and self.claim_seat != self.turn):
            return self.step_refusal(code)
        if code == CONTINUE:
            return NOTHING_TO_DECLINE
        seat = self.turn
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
    def allowed_calls(self) -> list[int]:
        """The calls open to the bidder: a pass (unless the dealer must bid after all passed)
        and every bid above the current one."""
        bidding = self.rs.bidding
        if not bidding.enabled or self.phase != AUCTION:
            return []
        high = self.high_bid
        codes = [BID_BASE + v for v in bidding.values if v > high]
        if bidding.contracts:  # who may announce each contract (apart: see _eligible)
            codes = self._eligible(codes)
        if not codes or not (bidding.all_pass == "dealer_must_bid" and self.turn == self.dealer and high == 0):
            codes.insert(0, PASS)
        return codes

    def _eligible(self, codes: list[int]) -> list[int]:
        """The bids among ``codes`` whose contract the bidder may announce (:meth:`_announce_bar`)."""
        seat = self.turn
        mine = {c.bid for c in self.rs.bidding.contracts if not self._announce_bar(c, seat)}
        return [code for code in codes if code - BID_BASE in mine]

    def _announce_bar(self, c: ContractSpec, seat: int) -> int:
        """What bars ``seat`` from announcing contract ``c``: 0 nothing, 1 who may announce it
        (``eligible``), 2 a card he must hold and does not (``holding``).  The legal set asks
        this; :meth:`contract_refusal` puts it in words."""
        eligible = c.eligible
        if eligible != "any":
            forehand = (self.dealer + 1) % self.n
            side_of = self.rs.side_index
            if not (eligible == "forehand" and seat == forehand
                    or eligible == "forehand_side" and side_of[seat] == side_of[forehand]
                    or eligible == "forehand_opponents" and side_of[seat] != side_of[forehand]):
                return 1
        need = self.t.contract_holding[c.bid]
        if need and not self.hands[seat] & need:
            return 2
        return 0

    def contract_refusal(self, c: ContractSpec, seat: int) -> Refusal | None:
        """Why ``seat`` may not announce contract ``c`` (:meth:`_announce_bar` in words), or None."""
        bar = self._announce_bar(c, seat)
        if bar == 1:
            who = c.announced_by(self.rs.partnership)
            if who.startswith("anybody but "):  # "only anybody but the forehand" says nothing: name who may not
                return Refusal("bidding.contracts", "{} may not announce {}", (who.removeprefix("anybody but "), c.title))
            return Refusal("bidding.contracts", "only {} may announce {}", (who, c.title))
        if bar == 2:
            held = str(c.holding)
            return Refusal("bidding.contracts", "only a player holding {} may announce {}", (f"an {RANK_NAMES[held]}" if held in ("A", "8") else f"a {RANK_NAMES.get(held, held)}", c.title))
        return None

    def call_refusal(self, code: int) -> Refusal | None:
        """A bid (``BID_BASE + amount``) or a pass: refused exactly when not among :meth:`allowed_calls`."""
        if code in self.allowed_calls():
            return None
        bidding = self.rs.bidding
        if not bidding.enabled:
            return NO_AUCTION
        if self.phase != AUCTION:
            return AUCTION_OVER
        if code == PASS:
            return DEALER_MUST_BID
        if code - BID_BASE not in bidding.values:
            return Refusal("bidding.values", "{} is not a bid of this game (bids: {})", (code - BID_BASE, ", ".join(map(str, bidding.values))))
        contract = bidding.contract(code - BID_BASE)
        if contract is not None and code - BID_BASE > self.high_bid:
            refusal = self.contract_refusal(contract, self.turn)
            if refusal is not None:
                return refusal
        return BID_TOO_LOW

    # ------------------------------------------------------------------ naming trump
    def naming_codes(self) -> list[int]:
        """While trump is named (``trump.selection: named``): every suit of the deck, and a pass
        for the forehand where ``trump.if_passed`` gives one (the partner named to must name)."""
        codes = [TRUMP_BASE + k for k in range(len(self.rs.deck.suits))]
        tr = self.rs.trump
        if self.turn == (self.dealer + 1) % self.n and (
            tr.if_passed == "partner" or (tr.if_passed == "turn_next" and self.shown >= 0)
        ):
            codes.insert(0, PASS)
        return codes

    def naming_refusal(self, code: int) -> Refusal | None:
        """Naming trump or passing: refused exactly when not among :meth:`naming_codes`."""
        if self.phase == NAMING:
            if code in self.naming_codes():
                return None
            if code == PASS:
                if self.rs.trump.if_passed == "must_name":
                    return NAMER_MUST_NAME
                if self.turn != (self.dealer + 1) % self.n:
                    return PARTNER_MUST_NAME
                return NO_CARD_TO_TURN
            return Refusal("trump.selection", "seat {} must name trump first", (self.turn,))
        if self.rs.trump.selection != "named":
            return NO_NAMING
        return TRUMP_NAMED

    # ------------------------------------------------------------------ laying cards away
    def discard_refusal(self, code: int) -> Refusal | None:
        """Laying a card away after taking the widow (``widow.to: declarer_hand``): any card of
        the hand, while cards are due, and nothing else meanwhile."""
        seat = self.turn
        if not self.to_discard:
            return NOTHING_TO_LAY_AWAY
        if code < DISCARD_BASE:
            due = self.to_discard
            return Refusal("deal.widow.to", "seat {} must first lay away {} more card{}", (seat, due, "" if due == 1 else "s"))
        card = code - DISCARD_BASE
        if card >= self.rs.deck.size or not self.hands[seat] >> card & 1:
            return Refusal("play", "seat {} does not hold {}", (seat, self.rs.deck.cards[card] if card < self.rs.deck.size else card))
        return None

    # ------------------------------------------------------------------ optional steps
    def allowed_steps(self) -> list[int]:
        """While a step is offered between two moves -- the draw pending after a trick (close
        before it, declare, or let it happen), or the marrier's chance to go out before the
        follower plays (declare or not) -- the answers open."""
        if self.draw_pending:
            # the draw is held back only when closing is possible; the trick's winner may declare
            return [CONTINUE, CLOSE_BEFORE_DRAW, DECLARE] if self.claim_seat >= 0 else [CONTINUE, CLOSE_BEFORE_DRAW]
        return [DECLARE, CONTINUE]

    def step_refusal(self, code: int) -> Refusal | None:
        if code in self.allowed_steps():
            return None
        if not self.draw_pending:
            return Refusal("claim.after_marriage", "seat {} may go out after the marriage: declare or continue", (self.claim_seat,))
        if code == DECLARE:
            return self.declare_refusal()
        return DRAW_PENDING

    def declare_refusal(self) -> Refusal | None:
        """Declaring: open to the seat the moves made entitled (``claim_seat``: the winner of
        the trick just completed, or a marrier where ``claim.after_marriage``), and no other."""
        if self.claim_seat >= 0:
            return None
        return NO_DECLARING if not self.rs.claim.enabled else NOT_ENTITLED

    # ------------------------------------------------------------------ before leading
    def marriage_refusal(self, seat: int) -> Refusal | None:
        """Whether the leader may announce a marriage now at all (whatever he holds)."""
        m = self.rs.marriage
        if not m.enabled:
            return NO_MARRIAGES
        if self.trick:
            if not self.t.partner_marries or seat == self.leader or self._side[seat] != self._side[self.leader]:
                return MARRY_LEADER_ONLY
            if self.shown_this_trick(seat):
                return MARRY_ONCE_A_TRICK
        if self.tricks_played == 0 and m.first_lead == "forbidden":
            return MARRY_NOT_FIRST
        if self.closed and not m.after_close and not (m.on_closing_lead and self.closed_this_lead and self.closer == seat):
            return MARRY_CLOSED
        if not m.after_exhaustion and self.rs.deal.talon and self.turnup < 0 and self.spos >= len(self.stock):
            return MARRY_EXHAUSTED
        return None

    def exchange_refusal(self, seat: int) -> Refusal | None:
        rs = self.rs
        ex = rs.exchange
        if not ex.enabled:
            return NO_EXCHANGE
        if self.trick and not self.t.follow_exchange:
            return EXCHANGE_LEADER_ONLY
        if self.closed:
            return EXCHANGE_CLOSED
        if self.turnup < 0:
            return EXCHANGE_EXHAUSTED
        if len(self.stock) - self.spos + 1 < ex.min_talon_size:
            return EXCHANGE_TALON_SMALL
        if ex.requires_trick_won and not self.tricks[seat]:
            return EXCHANGE_NEEDS_TRICK
        if not ex.before_first_trick and self.tricks_played == 0:
            return EXCHANGE_NOT_FIRST
        card = rs.exchange_card[self.trump]
        if card < 0 or not self.hands[seat] >> card & 1:
            return EXCHANGE_CARD_MISSING
        return None

    def close_refusal(self, seat: int) -> Refusal | None:
        t = self.t  # closing.enabled, .min_talon_size and .before_first_trick, as flat tables
        if not t.closing:
            return NO_CLOSING
        if self.trick:
            return CLOSE_LEADER_ONLY
        if self.closed:
            return ALREADY_CLOSED
        if len(self.stock) - self.spos + (1 if self.turnup >= 0 else 0) < t.close_min:
            return CLOSE_TALON_SMALL
        if not t.close_first and self.tricks_played == 0:
            return CLOSE_NOT_FIRST
        return None

    def close_before_draw_refusal(self) -> Refusal | None:
        cl = self.rs.closing
        if not cl.enabled:
            return NO_CLOSING
        if cl.timing != "before_or_after_draw":
            return CLOSE_AFTER_DRAW_ONLY
        if not self.draw_pending:
            return CLOSE_BEFORE_DRAW_WHEN
        return None  # the draw is only held back when closing is possible (DealState._play)

    def marry_card_refusal(self, seat: int, card: int) -> Refusal | None:
        rs = self.rs
        c = rs.deck.cards[card]
        partner = rs.marriage_partner[card]
        if partner < 0:
            first, second = rs.marriage.ranks
            return Refusal("marriage.ranks", "a marriage is announced with a {} or {}, not {}", (RANK_NAMES.get(first, first), RANK_NAMES.get(second, second), c))
        if self.trick:  # only a partner's marriage is announced during a trick (marriage.who)
            refused = self.marriage_refusal(seat)
            if refused is MARRY_LEADER_ONLY or refused is MARRY_ONCE_A_TRICK:
                return refused
            if not self.t.marriage_low >> card & 1:
                return Refusal("marriage.who", "a partner's marriage is announced with its {}", (RANK_NAMES.get(rs.marriage.ranks[0], rs.marriage.ranks[0]),))
        if self.t.marry_first_only and not self.t.marriage_low >> card & 1:
            first, second = rs.marriage.ranks
            return Refusal("marriage.lead_card", "a marriage is led with the {}, not the {}", (RANK_NAMES.get(first, first), RANK_NAMES.get(second, second)))
        if not self.hands[seat] >> card & 1:
            return Refusal("play", "seat {} does not hold {}", (seat, c))
        refused = self.marriage_refusal(seat)
        if refused is not None and (refused.rule == "marriage.enabled" or self.trick):
            return refused
        if not self.hands[seat] >> partner & 1:
            return Refusal("marriage", "a marriage needs {} in the same hand", (rs.deck.cards[partner],))
        if self.married >> min(card, partner) & 1 or self.married >> max(card, partner) & 1:
            return Refusal("marriage.who", "the marriage of {} has been announced already", (SUIT_NAMES[c.suit],))
        return refused

    def automatic_marriage(self, seat: int, card: int) -> Refusal | None:
        """Whether leading ``card`` alone is refused because leading it announces its marriage
        (``marriage.must_announce: false``): exactly where its marriage may be announced now
        (:meth:`marry_card_refusal`), so that the legal set offers the marriage in its place."""
        if self.marry_card_refusal(seat, card) is not None:
            return None
        c = self.rs.deck.cards[card]
        return Refusal("marriage.must_announce", "leading {} announces its marriage in this game: marry {}", (c, c))

    # ------------------------------------------------------------------ playing a card
    def play_refusal(self, seat: int, card: int) -> Refusal | None:
        hand = self.hands[seat]
        if not hand >> card & 1:
            return Refusal("play", "seat {} does not hold {}", (seat, self.rs.deck.cards[card]))
        if not self.trick:
            return self.automatic_marriage(seat, card) if self.t.marry_automatic else None
        if not self.strict():
            return None
        allowed, duty = self.follow_mask(hand)
        if allowed >> card & 1:
            return None
        deck = self.rs.deck
        led = deck.suits[deck.suit_of[self.trick[0]]]
        suit = deck.suits[deck.suit_of[card]]
        if duty == FOLLOW or (duty == HEAD and suit != led):
            return Refusal("play.follow", "must follow suit ({})", (SUIT_NAMES[led],))
        if duty == HEAD:
            return Refusal("play.head", "must follow suit with a higher {}", (_SINGULAR[led],))
        if duty == TRUMP or (duty == OVERTRUMP and deck.suit_of[card] != self.trump):
            return Refusal("play.trump_when_void", "void in {}: must trump", (SUIT_NAMES[led],))
        return MUST_OVERTRUMP

    def follow_mask(self, hand: int) -> tuple[int, int]:
        """The cards a follower may play under the strict-phase duties, and the duty that
        restricted them (``FREE`` when any card may be played).

        Called only in the strict phase.  The duties are the ruleset's ``play``, or the
        contract's own where it has them (``bidding.contracts[].play``).  Their order: follow suit (heading the
        trick as ``play.head`` says), else trump when void, overtrumping a trump in the trick
        where required; a player who cannot overtrump may keep his trumps when
        ``play.undertrump`` is free.
        """
        rs = self.rs
        deck = rs.deck
        contract = self.contract
        play = rs.play if contract is None or contract.play is None else contract.play  # a contract's own duties
        trick = self.trick
        led = trick[0]
        suit_of = deck.suit_of
        led_suit = suit_of[led]
        same = hand & deck.suit_mask[led_suit]
        if play.follow and same:
            head = play.head
            if head == "none":
                return same, FOLLOW
            stronger = self.t.stronger_of[self.order]  # the contract's own card order, or the deck's
            if head == "beat_led":
                target = led
            elif head == "beat_winner":
                target = trick[winning_position(trick, self.t.beats_of[self.order][self.trump + 1])]
                if suit_of[target] != led_suit:
                    return same, FOLLOW
            else:  # beat_highest_led
                target = led
                for c in trick:
                    if suit_of[c] == led_suit and stronger[target] >> c & 1:
                        target = c
            better = same & stronger[target]
            return (better, HEAD) if better else (same, FOLLOW)
        trump = self.trump
        if play.trump_when_void and trump >= 0 and not same:
            trumps = hand & deck.suit_mask[trump]
            if trumps:
                win_card = trick[winning_position(trick, self.t.beats_of[self.order][trump + 1])]
                if suit_of[win_card] == trump and led_suit != trump:
                    over = trumps & self.t.stronger_of[self.order][win_card]
                    if over:
                        return (over, OVERTRUMP) if play.overtrump == "required" else (trumps, TRUMP)
                    if play.undertrump == "free":
                        return hand, FREE
                return trumps, TRUMP
        return hand, FREE
