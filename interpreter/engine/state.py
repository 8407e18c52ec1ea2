"""The state of one deal and the one generic flow of play: auction, tricks, drawing, settling.

Everything a variant does differently is read from the :class:`~interpreter.rules.ruleset.Ruleset`;
nothing here knows a variant's name.  The state is compact and mutable for speed (ints,
bitmask hands, small lists) with exact undo, like python-chess's ``push``/``pop``:

* :meth:`DealState.legal_actions` -- what the seat that must decide now (:attr:`actor`) may do;
* :meth:`DealState.check` raises :class:`IllegalActionError` naming the rule, :meth:`is_legal`
  answers, :meth:`apply` checks and performs, :meth:`push` performs without checking,
  :meth:`pop` undoes;
* :meth:`DealState.view` -- what one seat may see.

Bots that search work on int codes (:meth:`legal_codes`, :meth:`push_code`); the action
values of :mod:`interpreter.core.actions` are the public face of the same codes.

Two decisions sit between ordinary moves and are answered with ``Continue`` when declined:
closing right after winning a trick before anybody draws (where the ruleset allows it), and
going out right after announcing a marriage, before the follower plays.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from interpreter.core.actions import Action
from interpreter.core.cards import Card, CardSet, bit_list
from interpreter.core.errors import IllegalActionError
from interpreter.rules.ruleset import (
    BID_BASE,
    CLOSE,
    CLOSE_BEFORE_DRAW,
    CONTINUE,
    DECLARE,
    EXCHANGE,
    MARRY_BASE,
    PASS,
    Ruleset,
)

if TYPE_CHECKING:
    from interpreter.engine.views import SeatView

AUCTION, PLAY, OVER = 0, 1, 2


@dataclass(frozen=True, slots=True)
class DealResult:
    """How a deal ended.

    ``scores`` is what each side adds to its match score (game points or units);
    ``winner`` the side that won the deal (``None`` for a drawn or thrown-in deal);
    ``game_points`` the game points of the winner in game-point rulesets, else ``None``.
    """

    winner: int | None
    game_points: int | None
    scores: tuple[int, ...]
    reason: str
    redeal: bool = False
    drawn: bool = False
    declarer_side: int | None = None
    made: bool | None = None


class DealState:
    """One deal in progress.

    Construct with :meth:`new` (a seeded shuffle) or from a written position with
    :func:`interpreter.play.record.deal_from_mapping`.
    """

    __slots__ = (
        "rs", "n", "dealer", "stock", "widow", "hands", "spos", "turnup", "trump", "closed",
        "closer", "close_snap", "phase", "to_act", "leader", "trick", "draw_pending",
        "claim_seat", "tricks_played", "points", "tricks", "meld", "last_winner",
        "closed_this_lead", "high_bid", "declarer", "calls", "sitting_out", "widow_taker",
        "known", "history", "result", "bonus", "undo", "_side", "_active", "_strict_always",
    )

    # ------------------------------------------------------------------ construction
    def __init__(
        self,
        rs: Ruleset,
        dealer: int,
        hands: Sequence[int],
        stock: Sequence[int],
        turnup: int,
    ) -> None:
        self.rs = rs
        self.n = n = rs.players.count
        self.dealer = dealer
        self._side = tuple(rs.side_of(s) for s in range(n))
        self._strict_always = rs.play.strict_from == "always"
        if rs.deal.talon:
            self.stock = tuple(stock)
            self.widow: tuple[int, ...] = ()
        else:
            self.stock = ()
            self.widow = tuple(stock)
        self.hands = list(hands)
        self.spos = 0
        self.turnup = turnup
        self.trump = rs.deck.suit_of[turnup] if turnup >= 0 else -1
        self.closed = False
        self.closer = -1
        self.close_snap: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None = None
        self.trick: list[int] = []
        self.draw_pending = False
        self.claim_seat = -1
        self.tricks_played = 0
        self.points = [0] * n
        self.tricks = [0] * n
        self.meld = [0] * n
        self.last_winner = -1
        self.closed_this_lead = False
        self.high_bid = 0
        self.declarer = -1
        self.calls = 0
        self.sitting_out = -1
        self.widow_taker = -1
        self.known = [0] * n
        self.history: list[int] = []  # seat << 16 | code, one int per recorded action
        self.result: DealResult | None = None
        self.bonus = [0] * n
        self.undo: list[tuple[Any, ...]] = []
        self._active = n
        first = (dealer + 1) % n
        if rs.bidding.enabled:
            self.phase = AUCTION
            self.to_act = first
            self.leader = -1
        else:
            self.phase = PLAY
            self.to_act = self.leader = first

    @classmethod
    def new(cls, rs: Ruleset, dealer: int, seed: int | random.Random) -> DealState:
        """Shuffle the deck and deal it by the ruleset's packets.

        ``seed`` is an int (the deal is ``random.Random(seed)``'s) or a generator to draw
        from (fast playouts).  The deck is sorted by one ``random()`` draw per card (in deck
        order): fixed here, so that a seed means the same deal in every version.
        """
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        rnd = rng.random
        cards = range(rs.deck.size)
        keys = [rnd() for _ in cards]
        order = sorted(cards, key=keys.__getitem__)
        hands, stock, turnup = deal_cards(rs, dealer, order)
        return cls(rs, dealer, hands, stock, turnup)

    # ------------------------------------------------------------------ small queries
    def side(self, seat: int) -> int:
        return self._side[seat]

    @property
    def actor(self) -> int | None:
        """The seat that must decide now (the marrier during his chance to go out), or ``None``."""
        if self.phase == OVER:
            return None
        if self.claim_seat >= 0 and self.trick and self.claim_seat != self.to_act:
            return self.claim_seat
        return self.to_act

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def talon_size(self) -> int:
        """Face-down stock cards left plus the turn-up."""
        return len(self.stock) - self.spos + (1 if self.turnup >= 0 else 0)

    def exhausted(self) -> bool:
        """The talon existed and is used up (or the position started after it was)."""
        return self.rs.deal.talon and self.spos >= len(self.stock) and self.turnup < 0

    def strict(self) -> bool:
        """Whether the follow rules of the strict phase apply now.

        Without a talon there is no open phase: play is strict from the first trick.
        """
        return self._strict_always or self.closed or (self.turnup < 0 and self.spos >= len(self.stock))

    def side_tricks(self, side: int) -> int:
        return sum(self.tricks[s] for s in range(self.n) if self._side[s] == side)

    def counted_meld(self, seat: int) -> int:
        """Marriage points of a seat that count now (pending ones do not)."""
        m = self.meld[seat]
        if not m:
            return 0
        how = self.rs.marriage.counts_after
        if how == "immediately":
            return m
        if how == "team_trick":
            return m if self.side_tricks(self._side[seat]) else 0
        return m if self.tricks[seat] else 0

    def side_points(self, side: int, *, marriages: bool = True) -> int:
        """Trick points (+ widow, + last-trick bonus) and, if asked, counted marriages of a side."""
        total = 0
        for s in range(self.n):
            if self._side[s] == side:
                total += self.points[s] + self.bonus[s]
                if marriages:
                    total += self.counted_meld(s)
        return total

    def claim_points(self) -> int:
        """Points of the side of the seat entitled to declare now (what its claim is judged on)."""
        seat = self.claim_seat
        if self.n == 2 and not self.rs.partnership:
            m = self.meld[seat]
            return self.points[seat] + self.bonus[seat] + (m if m and self.counted_meld(seat) else 0)
        return self.side_points(self._side[seat])

    def card_points(self) -> list[int]:
        """Per side: as reported by ``rules replay`` (tricks, widow, counted marriages, bonus)."""
        return [self.side_points(side) for side in range(self.rs.side_count)]

    def tricks_won(self) -> list[int]:
        return [self.side_tricks(side) for side in range(self.rs.side_count)]

    def next_seat(self, seat: int) -> int:
        seat = (seat + 1) % self.n
        if seat == self.sitting_out:
            seat = (seat + 1) % self.n
        return seat

    # ------------------------------------------------------------------ legal actions
    def legal_codes(self) -> list[int]:
        """Codes of the actions the :attr:`actor` may take now (empty when the deal is over)."""
        phase = self.phase
        if phase == OVER:
            return []
        if phase == AUCTION:
            return self._auction_codes()
        if self.draw_pending:
            codes = [CONTINUE, CLOSE_BEFORE_DRAW]
            if self.claim_seat >= 0:
                codes.append(DECLARE)
            return codes
        trick = self.trick
        if trick:
            if self.claim_seat >= 0 and self.claim_seat != self.to_act:
                return [DECLARE, CONTINUE]
            hand = self.hands[self.to_act]
            if self._strict_always or self.closed or (self.turnup < 0 and self.spos >= len(self.stock)):
                hand = self._follow_mask(hand)
            return bit_list(hand)
        return self._lead_codes(self.to_act)

    def _auction_codes(self) -> list[int]:
        rs = self.rs
        codes = [BID_BASE + v for v in rs.bidding.values if v > self.high_bid]
        forced = rs.bidding.all_pass == "dealer_must_bid" and self.to_act == self.dealer and self.high_bid == 0
        if not forced:
            codes.insert(0, PASS)
        return codes

    def _lead_codes(self, seat: int) -> list[int]:
        rs = self.rs
        f = rs.flags
        hand = self.hands[seat]
        codes = bit_list(hand)
        shift = f.queen_shift
        kings = hand & f.king_mask & (hand >> shift if shift >= 0 else hand << -shift)
        if kings and self._can_marry(seat):
            for k in bit_list(kings):
                codes.append(MARRY_BASE + k)
                codes.append(MARRY_BASE + k + shift)
        if self.turnup >= 0 and not self.closed:
            size = len(self.stock) - self.spos + 1
            if (
                f.exchange_on
                and size >= f.exchange_min
                and (self.tricks[seat] or not f.exchange_needs_trick)
                and (self.tricks_played or f.exchange_first_ok)
                and hand >> rs.exchange_card[self.trump] & 1
            ):
                codes.append(EXCHANGE)
            if f.close_on and size >= f.close_min and (self.tricks_played or f.close_first_ok):
                codes.append(CLOSE)
        if self.claim_seat == seat:
            codes.append(DECLARE)
        return codes

    def _can_marry(self, seat: int) -> bool:
        f = self.rs.flags
        if not f.marriage_on:
            return False
        if not self.tricks_played and not f.marriage_first_ok:
            return False
        if self.closed and not f.marriage_after_close:
            if not (f.marriage_on_closing_lead and self.closed_this_lead and self.closer == seat):
                return False
        if not f.marriage_after_exhaustion and self.turnup < 0 and self.spos >= len(self.stock):
            return False
        return True

    def _can_close(self, seat: int) -> bool:
        f = self.rs.flags
        return (
            f.close_on
            and not self.closed
            and self.talon_size() >= f.close_min
            and bool(self.tricks_played or f.close_first_ok)
        )

    def _follow_mask(self, hand: int) -> int:
        """Cards the follower may play to the current trick under the strict-phase duties.

        Only called in the strict phase (:meth:`legal_codes` decides that once).
        """
        rs = self.rs
        deck = rs.deck
        play = rs.play
        trick = self.trick
        led = trick[0]
        suit_of = deck.suit_of
        led_suit = suit_of[led]
        trump = self.trump
        win = self.trick_winner_index()
        win_card = trick[win]
        same = hand & deck.suit_mask[led_suit]
        if play.follow:
            if same:
                head = play.head
                if head == "none":
                    return same
                if head == "beat_led":
                    target = led
                elif head == "beat_winner":
                    if suit_of[win_card] != led_suit:
                        return same
                    target = win_card
                else:  # beat_highest_led
                    target = led
                    for c in trick:
                        if suit_of[c] == led_suit and c < target:
                            target = c
                better = same & deck.stronger[target]
                return better or same
        if play.trump_when_void and trump >= 0 and not same:
            trumps = hand & deck.suit_mask[trump]
            if trumps:
                if suit_of[win_card] == trump and led_suit != trump:
                    if play.overtrump == "required":
                        over = trumps & deck.stronger[win_card]
                        if over:
                            return over
                    if play.undertrump == "free":
                        return hand
                return trumps
        return hand

    def trick_winner_index(self) -> int:
        """Position in the current trick of the card that is winning it."""
        return winning_position(self.trick, self.rs.deck.suit_of, self.trump)

    def trick_with_seats(self) -> list[tuple[int, Card]]:
        """The cards on the table with the seats that played them, in play order."""
        out: list[tuple[int, Card]] = []
        seat = self.leader
        cards = self.rs.deck.cards
        for c in self.trick:
            out.append((seat, cards[c]))
            seat = self.next_seat(seat)
        return out

    def legal_actions(self) -> list[Action]:
        """The actions the :attr:`actor` may take now."""
        action_of = self.rs.action_of
        return [action_of[c] for c in self.legal_codes()]

    # ------------------------------------------------------------------ checking
    def check(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` naming the rule if ``action`` is not legal now."""
        code = self.rs.code(action)
        if code is not None and code in self.legal_codes():
            return
        message, rule = self._why_illegal(action, code)
        raise IllegalActionError(message, rule=rule)

    def is_legal(self, action: Action) -> bool:
        code = self.rs.code(action)
        return code is not None and code in self.legal_codes()

    def apply(self, action: Action) -> None:
        """Check an action and perform it (undo with :meth:`pop`)."""
        self.check(action)
        self.push_code(self.rs.code_of[action])

    def push(self, action: Action) -> None:
        """Perform an action without checking it (undo with :meth:`pop`)."""
        code = self.rs.code(action)
        if code is None:
            message, rule = self._why_illegal(action, None)
            raise IllegalActionError(message, rule=rule)
        self.push_code(code)

    def _why_illegal(self, action: Action, code: int | None) -> tuple[str, str]:
        from interpreter.engine.explain import why_illegal

        message, rule = why_illegal(self, action, code)
        return message, rule

    # ------------------------------------------------------------------ performing
    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.hands[:], self.spos, self.turnup, self.trump, self.closed, self.closer,
            self.close_snap, self.phase, self.to_act, self.leader, self.trick[:],
            self.draw_pending, self.claim_seat, self.tricks_played, self.points[:],
            self.tricks[:], self.meld[:], self.last_winner, self.closed_this_lead,
            self.high_bid, self.declarer, self.calls, self.sitting_out, self.widow_taker,
            self.known[:], len(self.history), self.result, self.bonus[:], self._active,
        )

    def pop(self) -> None:
        """Undo the last pushed action exactly."""
        snap = self.undo.pop()
        (
            self.hands, self.spos, self.turnup, self.trump, self.closed, self.closer,
            self.close_snap, self.phase, self.to_act, self.leader, self.trick,
            self.draw_pending, self.claim_seat, self.tricks_played, self.points,
            self.tricks, self.meld, self.last_winner, self.closed_this_lead,
            self.high_bid, self.declarer, self.calls, self.sitting_out, self.widow_taker,
            self.known, hist_len, self.result, self.bonus, self._active,
        ) = snap
        del self.history[hist_len:]

    def push_code(self, code: int, *, keep_undo: bool = True) -> None:
        """Perform the action with this code, by whoever is the :attr:`actor`."""
        if keep_undo:
            self.undo.append(self._snapshot())
        claim = self.claim_seat
        seat = claim if claim >= 0 and self.trick and claim != self.to_act else self.to_act
        if code < MARRY_BASE:
            self.history.append(seat << 16 | code)
            self._play(seat, code)
            return
        if code == CONTINUE:
            if self.draw_pending:
                self.draw_pending = False
                self._draw()
            else:
                self.claim_seat = -1
            return
        self.history.append(seat << 16 | code)
        if code < EXCHANGE:
            self._marry(seat, code - MARRY_BASE)
        elif code == DECLARE:
            self._settle_claim(seat)
        elif code == CLOSE or code == CLOSE_BEFORE_DRAW:
            if code == CLOSE_BEFORE_DRAW:
                self.draw_pending = False
            self._close(seat)
        elif code == EXCHANGE:
            self._exchange(seat)
        elif code == PASS:
            self._call(seat, 0)
        else:
            self._call(seat, code - BID_BASE)

    def _play(self, seat: int, card: int) -> None:
        bit = 1 << card
        self.hands[seat] &= ~bit
        if self.known[seat]:
            self.known[seat] &= ~bit
        trick = self.trick
        if not trick and self.trump < 0:
            self.trump = self.rs.flags.suit_of[card]
        self.claim_seat = -1
        trick.append(card)
        if len(trick) < self._active:
            seat = (seat + 1) % self.n
            if seat == self.sitting_out:
                seat = (seat + 1) % self.n
            self.to_act = seat
        else:
            self._finish_trick()

    def _marry(self, seat: int, card: int) -> None:
        rs = self.rs
        f = rs.flags
        suit = f.suit_of[card]
        if self.trump < 0 and not self.trick:
            self.trump = suit
        self.meld[seat] += f.marriage_trump if suit == self.trump else f.marriage_plain
        self.known[seat] |= 1 << rs.marriage_partner[card]
        self._play(seat, card)
        if f.claim_after_marriage:
            self.claim_seat = seat

    def _exchange(self, seat: int) -> None:
        ex_card = self.rs.exchange_card[self.trump]
        old = self.turnup
        self.hands[seat] = (self.hands[seat] & ~(1 << ex_card)) | (1 << old)
        self.known[seat] |= 1 << old
        self.turnup = ex_card

    def _close(self, seat: int) -> None:
        self.closed = True
        self.closer = seat
        self.closed_this_lead = True
        ns = self.rs.side_count
        self.close_snap = (
            tuple(self.side_points(s) for s in range(ns)),
            tuple(self.side_points(s, marriages=False) for s in range(ns)),
            tuple(self.side_tricks(s) for s in range(ns)),
        )

    def _draw(self) -> None:
        seat = self.leader
        stock = self.stock
        hands = self.hands
        n = self.n
        for _ in range(n):
            if self.spos < len(stock):
                card = stock[self.spos]
                self.spos += 1
            elif self.turnup >= 0:
                card = self.turnup
                self.turnup = -1
                self.known[seat] |= 1 << card
            else:
                break
            hands[seat] |= 1 << card
            seat = (seat + 1) % n

    def _finish_trick(self) -> None:
        f = self.rs.flags
        trick = self.trick
        if len(trick) == 2:
            a, b = trick
            suit_of = f.suit_of
            sa, sb = suit_of[a], suit_of[b]
            pos = 1 if (b < a if sa == sb else sb == self.trump) else 0
        else:
            pos = self.trick_winner_index()
        winner = self.leader
        if self.sitting_out < 0:
            winner = (winner + pos) % self.n
        else:
            for _ in range(pos):
                winner = self.next_seat(winner)
        pts = f.points
        gained = 0
        for c in trick:
            gained += pts[c]
        if self.widow and self.widow_taker < 0:
            self.widow_taker = winner
            for c in self.widow:
                gained += pts[c]
        self.points[winner] += gained
        self.tricks[winner] += 1
        self.tricks_played += 1
        trick.clear()
        self.leader = self.to_act = self.last_winner = winner
        self.closed_this_lead = False
        self.claim_seat = winner if f.claim_on else -1
        hands = self.hands
        if not hands[winner] and (self.sitting_out < 0 or not any(hands[s] for s in range(self.n) if s != self.sitting_out)):
            self._settle_end()
            return
        if f.talon and not self.closed and (self.spos < len(self.stock) or self.turnup >= 0):
            if f.close_before_draw and self._can_close(winner):
                self.draw_pending = True
            else:
                self._draw()

    def _call(self, seat: int, amount: int) -> None:
        rs = self.rs
        if amount:
            self.high_bid = amount
            self.declarer = seat
        self.calls += 1
        if self.calls < self.n:
            self.to_act = (seat + 1) % self.n
            return
        if self.declarer < 0:
            self._over(DealResult(None, None, (0,) * rs.side_count, "all passed: the hand is thrown in", redeal=True))
            return
        moon = rs.bidding.moon
        if moon is not None and self.high_bid == moon.bid and moon.partner_sits_out:
            self.sitting_out = (self.declarer + 2) % self.n
            self._active = self.n - 1
        self.phase = PLAY
        self.leader = self.to_act = self.declarer

    # ------------------------------------------------------------------ settling
    def _over(self, result: DealResult) -> None:
        self.result = result
        self.phase = OVER
        self.claim_seat = -1
        self.draw_pending = False

    def _game_points(self, side: int, opp_points: int, opp_tricks: int) -> int:
        env = {
            "points": self.side_points(side),
            "tricks": self.side_tricks(side),
            "opponent_points": opp_points,
            "opponent_tricks": opp_tricks,
        }
        return int(self.rs.scoring.game_points.evaluate(env))

    def _opp_now(self, opp: int) -> tuple[int, int]:
        marriages = self.rs.scoring.opponent_points == "tricks_and_counted_marriages"
        return self.side_points(opp, marriages=marriages), self.side_tricks(opp)

    def _opp_at_close(self, opp: int) -> tuple[int, int]:
        snap = self.close_snap
        if snap is None:
            return self._opp_now(opp)
        marriages = self.rs.scoring.opponent_points == "tricks_and_counted_marriages"
        return (snap[0][opp] if marriages else snap[1][opp]), snap[2][opp]

    def _fail_points(self) -> int:
        """Game points of the closer's opponent when the closer fails."""
        fp = self.rs.closing.fail_points
        opp = 1 - self._side[self.closer]
        tricks = self._opp_at_close(opp)[1] if fp.basis == "at_close" else self.side_tricks(opp)
        return fp.no_trick if tricks == 0 else fp.base

    def _award(self, winner: int, gp: int, reason: str) -> None:
        scores = [0] * self.rs.side_count
        scores[winner] = gp
        self._over(DealResult(winner, gp, tuple(scores), reason))

    def _settle_claim(self, seat: int, auto: bool = False) -> None:
        rs = self.rs
        side = self._side[seat]
        opp = 1 - side
        who = f"seat {seat}" if not rs.partnership else f"team {side}"
        pts = self.side_points(side)
        target = rs.claim.target
        how = "reached" if auto else "declared"
        closer_side = self._side[self.closer] if self.closed and self.closer >= 0 else -1
        if pts >= target:
            if closer_side == opp:
                gp = self._fail_points() if rs.closing.opponent_out == "as_fail" else rs.closing.fail_points.base
                self._award(side, gp, f"{who} {how} {pts} before the closer went out")
                return
            if closer_side == side and rs.closing.success_basis == "at_close":
                op, ot = self._opp_at_close(opp)
                basis = " (opponent counted at the close)"
            else:
                op, ot = self._opp_now(opp)
                basis = ""
            gp = self._game_points(side, op, ot)
            closing = " after closing" if closer_side == side else ""
            self._award(side, gp, f"{who} {how} {pts}{closing}; opponent {op} points, {ot} trick{'' if ot == 1 else 's'}{basis}")
            return
        fp = rs.claim.false_points
        gp = fp.opponent_without_trick if self.side_tricks(opp) == 0 else fp.base
        if closer_side == side:
            gp = max(gp, self._fail_points())
        self._award(opp, gp, f"{who} declared with only {pts} (under {target})")

    def _settle_end(self) -> None:
        """All cards are played and nobody declared."""
        rs = self.rs
        last = self.last_winner
        if not self.closed and rs.end.last_trick_bonus:
            self.bonus[last] += rs.end.last_trick_bonus
        if rs.scoring.method == "units":
            self._settle_units()
            return
        if rs.claim.enabled and rs.claim.after_last_trick == "auto":
            if self.side_points(self._side[last]) >= rs.claim.target:
                self._settle_claim(last, auto=True)
                return
        if self.closed and self.closer >= 0:
            opp = 1 - self._side[self.closer]
            self._award(opp, self._fail_points(), f"the closer (seat {self.closer}) did not reach {rs.claim.target}")
            return
        end = rs.end
        if end.unclaimed == "last_trick_wins":
            side = self._side[last]
            self._award(side, end.last_trick_points, "last trick wins the deal")
            return
        a, b = self.side_points(0), self.side_points(1)
        if a == b:
            if end.tie == "last_trick_wins":
                side = self._side[last]
                self._award(side, end.last_trick_points, f"equal totals ({a}); the last trick decides")
                return
            self._over(DealResult(None, 0, (0, 0), f"equal totals ({a}): a drawn deal", drawn=True))
            return
        side = 0 if a > b else 1
        op, ot = self._opp_now(1 - side)
        self._award(side, self._game_points(side, op, ot), f"higher total {max(a, b)} against {min(a, b)}")

    def _settle_units(self) -> None:
        rs = self.rs
        sc = rs.scoring
        ns = rs.side_count
        decl = self._side[self.declarer]
        totals = [self.side_points(s) for s in range(ns)]
        tricks = [self.side_tricks(s) for s in range(ns)]
        moon = rs.bidding.moon
        is_moon = moon is not None and self.high_bid == moon.bid
        if is_moon:
            made = tricks[decl] == self.tricks_played
        else:
            made = totals[decl] >= sc.unit * self.high_bid
        scores = []
        for s in range(ns):
            env = {"points": totals[s], "tricks": tricks[s], "unit": sc.unit}
            if s == decl:
                env["bid"] = self.high_bid
                expr = (sc.moon_made if made else sc.moon_set) if is_moon else (sc.made if made else sc.set)
            else:
                env["bid"] = 0
                expr = sc.defenders
            scores.append(int(expr.evaluate(env)))
        if made:
            winner: int | None = decl
        else:
            others = [s for s in range(ns) if s != decl]
            best = max(totals[s] for s in others)
            tops = [s for s in others if totals[s] == best]
            winner = tops[0] if len(tops) == 1 else None
        who = f"team {decl}" if rs.partnership else f"seat {decl}"
        verdict = "made" if made else "was set on"
        reason = f"{who} {verdict} {'the moon' if is_moon else f'a bid of {self.high_bid}'} with {totals[decl]} points"
        self._over(DealResult(winner, None, tuple(scores), reason, declarer_side=decl, made=made))

    # ------------------------------------------------------------------ information
    def view(self, seat: int) -> SeatView:
        from interpreter.engine.views import make_view

        return make_view(self, seat)

    def hand(self, seat: int) -> CardSet:
        return CardSet(self.rs.deck, self.hands[seat])

    def trump_suit(self) -> str | None:
        return self.rs.deck.suits[self.trump] if self.trump >= 0 else None

    def turn_up_card(self) -> Card | None:
        return self.rs.deck.cards[self.turnup] if self.turnup >= 0 else None

    def actions_made(self) -> list[tuple[int, Action]]:
        """The recorded actions of the deal so far, as (seat, action) pairs."""
        action_of = self.rs.action_of
        return [(h >> 16, action_of[h & 0xFFFF]) for h in self.history]

    def copy(self) -> DealState:
        """An independent copy (without the undo stack)."""
        other = object.__new__(DealState)
        for name in DealState.__slots__:
            value = getattr(self, name)
            if isinstance(value, list):
                value = value[:]
            setattr(other, name, value)
        other.undo = []
        return other


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


def _deal_plan(rs: Ruleset, dealer: int) -> tuple[tuple[tuple[int, int], ...], int, int]:
    """Which seat receives each position of the shuffled deck; the turn-up's position; where the rest starts."""
    n = rs.players.count
    seat_at: list[tuple[int, int]] = []
    pos = 0
    turnup = -1
    first = (dealer + 1) % n
    turn_after = rs.trump.turn_up_after_packet if rs.trump.selection == "turn_up" else -1
    for k, size in enumerate(rs.deal.packets):
        if k == turn_after:
            turnup = pos
            pos += 1
        for j in range(n):
            seat = (first + j) % n
            for _ in range(size):
                seat_at.append((pos, seat))
                pos += 1
    if turn_after == len(rs.deal.packets):
        turnup = pos
        pos += 1
    return tuple(seat_at), turnup, pos


def deal_cards(rs: Ruleset, dealer: int, order: Sequence[int]) -> tuple[list[int], list[int], int]:
    """Deal a shuffled deck (``order``, top first) by packets; return hands, stock (or widow), turn-up.

    Packets go round from the dealer's left; the turn-up is taken after
    ``trump.turn_up_after_packet`` packets; what is left is the stock (or the widow).
    """
    plans = rs.flags.deal_plans
    plan = plans.get(dealer)
    if plan is None:
        plan = plans[dealer] = _deal_plan(rs, dealer)
    seat_at, turn_pos, rest = plan
    hands = [0] * rs.players.count
    for pos, seat in seat_at:
        hands[seat] |= 1 << order[pos]
    return hands, list(order[rest:]), order[turn_pos] if turn_pos >= 0 else -1
