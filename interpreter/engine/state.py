"""The state of one deal and the one generic flow of play: auction, tricks, drawing.

Everything a variant does differently is read from the :class:`~interpreter.rules.ruleset.Ruleset`;
nothing here knows a variant's name, a seat count or a side count.  The state is compact and
mutable for speed (ints, bitmask hands, small lists) with exact undo, like python-chess's
``push``/``pop``:

* :meth:`DealState.legal_actions` -- what the seat that must decide now (:attr:`actor`) may do;
* :meth:`DealState.check` raises :class:`IllegalActionError` naming the rule, :meth:`is_legal`
  answers, :meth:`apply` checks and performs, :meth:`push` performs without checking,
  :meth:`pop` undoes;
* :meth:`DealState.view` -- what one seat may see.

The class is put together from three modules with one job each: this one (the data, the
moves and undo), :mod:`~interpreter.engine.legality` (what is legal, and why not) and
:mod:`~interpreter.engine.settle` (how the deal ends and what it scores).

Bots that search work on int codes (:meth:`legal_codes`, :meth:`push_code`); the action
values of :mod:`interpreter.core.actions` are the public face of the same codes.

Two decisions sit between ordinary moves and are answered with ``Continue`` when declined:
closing right after winning a trick before anybody draws (where the ruleset allows it), and
going out right after announcing a marriage, before the follower plays.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path

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
    Action,
    Bid,
    Discard,
    Double,
    NameTrump,
    Redouble,
    not_an_action,
)
from interpreter.core.arguments import SEED_MAX, check_seat, check_seed
from interpreter.core.cards import Card, CardSet, bit_list
from interpreter.core.errors import IllegalActionError, StuckDealError
from interpreter.engine.fields import keyer
from interpreter.rules.tables import MELD_NEXT_TRICK
from interpreter.engine.legality import DEAL_OVER, NO_DOUBLING, NO_NAMING, NOTHING_TO_LAY_AWAY, Refusal
from interpreter.engine.position import AUCTION, NAMING, OVER, PLAY
from interpreter.engine.settle import DealResult, Settling
from interpreter.engine.trick import winning_position
from interpreter.engine.views import SeatView, make_view
from interpreter.rules.loader import as_ruleset
from interpreter.rules.ruleset import Ruleset

__all__ = ["AUCTION", "NAMING", "OVER", "PLAY", "DealResult", "DealState", "deal_cards", "deal_marks"]


class DealState(Settling):
    """One deal in progress.

    Construct with :meth:`new` (a seeded shuffle) or from a written position with
    :func:`interpreter.play.record.deal_from_mapping`.  The fields and the small queries are
    :class:`~interpreter.engine.position.Position`'s; legality and settling are the two
    parents' (see the module docstring).
    """

    __slots__ = ()  # every field is a slot of Position's, from the table: a typo is an error

    @classmethod
    def new(cls, rs: Ruleset | str | Path, dealer: object, seed: object) -> DealState:
        """Shuffle the deck and deal it by the ruleset's packets.

        ``rs`` is a :class:`Ruleset` or a name or path for ``load_ruleset``.  ``seed`` is an
        int from 0 to 2**63 - 1 (the deal is ``random.Random(seed)``'s) or a generator to draw from (fast
        playouts).  The deck is sorted by one ``random()`` draw per card (in deck order): fixed
        here, so that a seed means the same deal in every version.  Anything else is refused
        -- ``None`` would be a new deal at every call -- as is a ``dealer`` that is no seat
        (``TypeError`` for a wrong type, ``ValueError`` for a seat out of range).

        ``dealer`` and ``seed`` are typed ``object`` and narrowed here: typed ``int``, the
        compiled build (mypyc) would check them itself, taking ``True`` for seat 1 and refusing
        text in its own words before these checks.
        """
        # the checks cost a few instructions when all is well (batches deal thousands of deals);
        # check_seat and check_seed are called to word what is wrong, or to let an int subclass by
        if not isinstance(rs, Ruleset):
            rs = as_ruleset(rs)
        if type(dealer) is not int or not 0 <= dealer < rs.players.count:
            dealer = check_seat(dealer, rs.players.count, "dealer")
        if isinstance(seed, random.Random):
            rng = seed
        elif isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= SEED_MAX:
            rng = random.Random(seed)
        else:
            check_seed(seed, generator=True)  # raises, in words naming the seed
            raise AssertionError("unreachable: check_seed refuses what is neither a seed in range nor a generator")
        rnd = rng.random
        cards = range(rs.deck.size)
        keys = [rnd() for _ in cards]
        order = sorted(cards, key=keys.__getitem__)
        hands, stock, turnup = deal_cards(rs, dealer, order)
        if not rs.tables.deal_marks:
            return cls(rs, dealer, hands, stock, turnup)
        unseen, shown = deal_marks(rs, dealer, order)
        return cls(rs, dealer, hands, stock, turnup, unseen, shown)

    def __copy__(self) -> DealState:
        """``copy.copy(state)``: a deal of its own, as ``copy.deepcopy`` gives -- every list
        copied, the rules shared -- and with the undo records, so that the copy can be
        undone as far back as the original.  Written out because the default shallow copy
        would share the hands, the trick and the history with the original (and the compiled
        class has no constructor without arguments for it).  :meth:`copy` is the faster copy
        without the undo records, for searches that never go back past it."""
        out = self.copy()
        # a record holds lists that its restore puts back as they are: each copy needs its own
        out.undo = [tuple([v[:] if type(v) is list else v for v in snap]) for snap in self.undo]
        return out

    def __deepcopy__(self, memo: dict[int, object]) -> DealState:
        """``copy.deepcopy(state)``: the deal of its own that :meth:`__copy__` gives (the rules
        shared, as ``Ruleset.__deepcopy__`` shares them).  Written out because the default
        rebuilds the object with its class called without arguments -- in the compiled build,
        whose classes allocate only through ``__init__`` -- and a deal without its ruleset is
        refused (``DealState()`` is a ``TypeError``)."""
        return self.__copy__()

    def trick_winner_index(self) -> int:
        """Position in the current trick of the card that is winning it."""
        return winning_position(self.trick, self.t.beats_of[self.order][self.trump + 1])

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
        """The actions the :attr:`actor` may take now (none once the deal is over).

        Raises :class:`~interpreter.core.errors.StuckDealError` if the deal is not over and
        the actor has nothing it may do: every agent is asked to choose from this list, and an
        empty one is the rules' failure, not the agent's.
        """
        action_of = self.rs.action_of
        codes = self.legal_codes()
        if not codes and self.phase != OVER:
            raise self.stuck()
        return [action_of[c] for c in codes]

    def stuck(self) -> StuckDealError:
        """The error for a deal whose actor has no legal action (see :meth:`legal_actions`)."""
        seat = self.actor
        assert seat is not None
        when = {AUCTION: "in the auction", NAMING: "while trump is named", PLAY: f"in trick {self.tricks_played + 1}"}[self.phase]
        held = self.hands[seat].bit_count()
        return StuckDealError(
            f"the deal is stuck: seat {seat} is to act {when} but the rules leave it no legal action "
            f"(it holds {held} card{'s' if held != 1 else ''}; dealer seat {self.dealer}); "
            "this combination of options cannot be played", seat=seat,
        )

    # ------------------------------------------------------------------ checking
    def check(self, action: object) -> None:
        """Raise :class:`IllegalActionError` naming the rule if ``action`` is not legal now
        (``TypeError`` for what is not an action: typed ``object``, as :meth:`is_legal`, so that
        the compiled build too says so in these words)."""
        self._legal_code(_as_action(action))

    def _legal_code(self, action: Action) -> int:
        """The code of a legal action; :class:`IllegalActionError` naming the rule for any other
        (``TypeError`` for something that is not an action at all)."""
        code = self.rs.code_of.get(action)
        refused = self._refusal(code) if code is not None else self._unknown(action)
        if refused is not None or code is None:
            refused = refused or self._unknown(action)
            raise IllegalActionError(refused.words(self), rule=refused.rule)
        return code

    def is_legal(self, action: object) -> bool:
        code = self.rs.code(_as_action(action))
        if code is None:
            return False
        return self._refusal(code) is None

    def apply(self, action: Action, *, keep_undo: bool = True) -> None:
        """Check an action and perform it (undo with :meth:`pop`, unless ``keep_undo=False``)."""
        self.push_code(self._legal_code(action), keep_undo=keep_undo)

    def push(self, action: Action) -> None:
        """Perform an action without checking it (undo with :meth:`pop`) -- but never once the
        deal is over: a move pushed then rewrote the result (``push(Declare())`` turned a
        closer's failure into a false declaration), and a finished deal has nothing to do."""
        code = self.rs.code(action)
        if code is None or self.phase == OVER:
            refused = self._unknown(action) if code is None else DEAL_OVER
            raise IllegalActionError(refused.words(self), rule=refused.rule)
        self.push_code(code)

    def _unknown(self, action: Action) -> Refusal:
        """The refusal of an action this ruleset has no code for (a card not in the deck, a bid
        not offered, a kind of action the game does not have); ``TypeError`` for something that
        is not an action.  Asked only once an action has no code, never on the way to a legal one."""
        _an_action(action)
        if self.phase == OVER:
            return DEAL_OVER
        deck = self.rs.deck
        if isinstance(action, Bid):
            refused = self.call_refusal(BID_BASE + action.amount)
            if refused is not None:
                return refused
        card = getattr(action, "card", None)
        if card is not None:
            if isinstance(action, Discard) and card in deck.index_of:  # a game that lays no card away
                return self.discard_refusal(DISCARD_BASE + deck.index(card)) or NOTHING_TO_LAY_AWAY
            return Refusal("deck.ranks", "{} is not a card of this deck", (card,))
        if isinstance(action, NameTrump):
            if action.suit in deck.suits:
                return self.naming_refusal(TRUMP_BASE + deck.suits.index(action.suit)) or NO_NAMING
            return Refusal("deck.suits", "{} is not a suit of this deck", (action.suit,))
        if isinstance(action, (Double, Redouble)):
            return self.doubling_refusal(DOUBLE if isinstance(action, Double) else REDOUBLE) or NO_DOUBLING
        return Refusal("play", "{} is not an action of this game", (action,))

    # ------------------------------------------------------------------ performing
    # Undo records: any move may cascade (the draw, the end of the deal) and saves every field
    # a move can change -- the record the table of fields writes for this ruleset
    # (interpreter.engine.fields.recorder: the rarer rules' fields only where the ruleset has
    # them), restored by its loader.  One measured fast path stays: a card that leaves the
    # trick open changes six fields and saves those six (its record is told apart by its
    # length; every full record is longer).  Both are checked field by field on every ruleset
    # (tests/engine/test_fields.py).
    def pop(self) -> None:
        """Undo the last pushed action exactly.

        With no undo record left -- nothing pushed, or every move made by ``copy()``'s copy
        before it was made, or with ``keep_undo=False`` -- an ``IndexError`` says so.  Checked
        only once the list is found empty: pop is in the search's inner loop."""
        try:
            snap = self.undo.pop()
        except IndexError:
            raise IndexError(
                "pop(): nothing to undo: no move was pushed with an undo record "
                "(state.copy() and moves made with keep_undo=False or step_code keep none; "
                "copy.copy and copy.deepcopy keep the original's)"
            ) from None
        if len(snap) == 6:  # an unfinished trick's play (see push_code)
            seat, hand, known, trump, claim, to_act = snap
            self.hands[seat] = hand
            self.known[seat] = known
            self.trump, self.claim_seat, self.turn = trump, claim, to_act
            self.trick.pop()
            self.history.pop()
            return
        self._load(self, snap)

    def push_code(self, code: int, *, keep_undo: bool = True) -> None:
        """Perform the action with this code, by whoever is the :attr:`actor` (undo with :meth:`pop`).

        No check: the code must be legal now (see :meth:`legal_codes`).  ``keep_undo=False``
        (or :meth:`step_code`) saves no undo record, for playouts that never go back.
        """
        if keep_undo:
            if code < MARRY_BASE and len(self.trick) + 1 < self._active:
                seat = self.turn
                self.undo.append((seat, self.hands[seat], self.known[seat], self.trump, self.claim_seat, seat))
            else:
                self.undo.append(self._save(self))
        self.step_code(code)

    def step_code(self, code: int) -> None:
        """Perform the action with this code without saving an undo record (fast playouts)."""
        if code < MARRY_BASE:
            seat = self.turn
            self.history.append(seat << 16 | code)
            self._play(seat, code)
            return
        claim = self.claim_seat
        seat = claim if claim >= 0 and self.trick and claim != self.turn else self.turn
        if self.offer >= 0:  # the exchange offered as the opponent closes: taken or declined
            seat = self.offer
            if code == CONTINUE:  # declined (or nothing to take): the next opponent is asked
                self.offer = self._asked_after(seat)
                return
            self.offer = -1
        if code == CONTINUE:
            if self.draw_pending:
                self.draw_pending = False
                self._draw()
            else:
                self.claim_seat = -1
            return
        self.history.append(seat << 16 | code)
        if code < EXCHANGE:
            if self.trick:
                self._show_marriage(seat, code - MARRY_BASE)
            else:
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
            if self.phase == NAMING:
                self._pass_naming(seat)
            elif self.dbl_turn >= 0:
                self._doubling_call(seat, code)
            else:
                self._call(seat, 0)
        elif code == DOUBLE or code == REDOUBLE:
            self._doubling_call(seat, code)
        elif code < BID_BASE:
            self._name_trump(code - TRUMP_BASE)
        elif code >= DISCARD_BASE:
            self._discard(seat, code - DISCARD_BASE)
        else:
            self._call(seat, code - BID_BASE)

    def _play(self, seat: int, card: int) -> None:
        """Play a card; the last card of a trick settles it: its winner takes the points, then
        the deal ends, or the draw follows (or waits while the winner may close first)."""
        bit = 1 << card
        self.hands[seat] &= ~bit
        known = self.known
        if known[seat] & bit:
            known[seat] ^= bit
        trick = self.trick
        t = self.t
        if not trick and self.trump < 0 and self.lead_trump:
            self.trump = t.suit_of[card]
        self.claim_seat = -1
        trick.append(card)
        if len(trick) < self._active:
            self.turn = self.next_seat(seat) if self.sitting_out else (seat + 1) % self.n
            return
        # the trick is complete: the highest trump, else the highest card of the suit led
        # (trick.winning_position, inline with the points), under the contract's own card order
        beats = t.beats_of[self.order][self.trump + 1] if self.order else t.beats[self.trump + 1]
        pts = t.points
        best = trick[0]
        pos = i = gained = 0
        gone = self.gone
        for c in trick:
            gained += pts[c]
            gone |= 1 << c
            if beats[best] >> c & 1:
                best, pos = c, i
            i += 1
        sitting = self.sitting_out
        n = self.n
        winner = self.leader
        if not sitting:
            winner = (winner + pos) % n
        else:
            for _ in range(pos):
                winner = self.next_seat(winner)
        if self.widow and self.widow_taker < 0 and not t.lays_away:  # widow.to first_trick_winner_tricks
            self.widow_taker = winner
            for c in self.widow:
                gained += pts[c]
            if t.widow_seen:  # the taker sees it (a set: in card order); else it stays face down
                moment = len(self.history) << 16 | winner << 8
                self.seen[winner] += tuple([moment | c for c in sorted(self.widow)])
        if t.ten_of and self.trump >= 0 and (gone ^ self.gone) >> t.ten_of[self.trump] & 1:  # scoring.trump_ten
            self.ten_side = self._side[winner]
        self.gone = gone
        self.points[winner] += gained
        self.tricks[winner] += 1
        if self.meld_wait[winner]:  # marriage.counts_after own_next_trick: its points count now
            self.meld_wait[winner] = 0
        self.tricks_played += 1
        trick.clear()
        self.leader = self.turn = self.last_winner = winner
        self.closed_this_lead = False
        if not t.trick_extras:
            self.claim_seat = winner if t.claim_on_trick else -1
        elif self._trick_extras(winner):
            return
        hands = self.hands
        if not hands[winner] and not any(hands[s] for s in range(n) if s not in sitting):
            self._settle_end()
            return
        if t.claim_auto and self.contract is None and self._side_points(self._side[winner]) >= t.claim_target:  # claim.automatic
            self._settle_claim(winner, auto=True)
            return
        if not t.talon or self.closed:
            return
        stock = self.stock
        spos = self.spos
        if spos >= len(stock) and self.turnup < 0:
            return
        # where closing before the draw is allowed, the draw waits whenever the winner could close
        if t.close_before_draw and self.close_refusal(winner) is None:
            self.draw_pending = True
            return
        self._draw()

    def _trick_extras(self, winner: int) -> bool:
        """After a trick, where the ruleset has contracts or a widow taken into the hand: a
        contract is decided by its goal, never claimed (and may end the deal: ``True``); the
        first trick's winner takes the widow (``widow.to: first_trick_winner_hand``)."""
        if self.contract is not None:
            self.claim_seat = -1
            if self._contract_trick(winner):
                return True
        else:
            self.claim_seat = winner if self.t.claim_on_trick else -1
        if self.widow and self.widow_taker < 0 and self.t.lays_away and self.tricks_played == 1:
            self._take_widow(winner)  # he lays as many cards away, then leads
        return False

    def _marry(self, seat: int, card: int) -> None:
        rs = self.rs
        suit = rs.deck.suit_of[card]
        if self.trump < 0 and not self.trick and self.lead_trump:
            self.trump = suit
        self._score_marriage(seat, card)
        self.known[seat] |= 1 << rs.marriage_partner[card]
        self._play(seat, card)
        if self.phase != OVER:
            self._after_marriage(seat)

    def _score_marriage(self, seat: int, card: int) -> None:
        """A marriage's points for the seat (waiting for his next trick where the rules say so),
        and, where a partner may show one too, the marriage marked as announced."""
        rs = self.rs
        values = rs.marriage.values
        value = values.trump if rs.deck.suit_of[card] == self.trump else values.plain
        self.meld[seat] += value
        if self.t.meld_counts == MELD_NEXT_TRICK:
            self.meld_wait[seat] += value
        if self.t.partner_marries:
            self.married |= 1 << (card if self.t.marriage_low >> card & 1 else rs.marriage_partner[card])

    def _after_marriage(self, seat: int) -> None:
        """Going out after a marriage (``claim.after_marriage``): offered, or under
        ``claim.automatic`` taken at once when the marriage reaches the target; never in a contract."""
        t = self.t
        if t.claim_after_marriage and self.contract is None:
            if not t.claim_auto:
                self.claim_seat = seat
            elif self._side_points(self._side[seat]) >= t.claim_target:
                self._settle_claim(seat, auto=True)

    def _show_marriage(self, seat: int, card: int) -> None:
        """The leader's partner shows a marriage during the trick (``marriage.who:
        leader_and_partner``): it scores as the leader's would; he plays a card after."""
        self._score_marriage(seat, card)
        self.known[seat] |= 1 << card | 1 << self.rs.marriage_partner[card]
        self._after_marriage(seat)

    def _exchange(self, seat: int) -> None:
        ex_card = self.rs.exchange_card[self.trump]
        old = self.turnup
        self.hands[seat] = (self.hands[seat] & ~(1 << ex_card)) | (1 << old)
        self.seen[seat] += (len(self.history) << 16 | seat << 8 | old,)
        self.known[seat] = (self.known[seat] & ~(1 << ex_card)) | (1 << old)
        self.turnup = ex_card

    def _close(self, seat: int) -> None:
        """Close the talon.  Where the closer's opponents may exchange at once
        (``exchange.on_opponent_close``), each is asked in turn from the closer's left, whether
        or not he holds the exchange card: asking only the holder would tell the table who
        holds it, which a declined offer at a real table never does."""
        self.closed = True
        self.closer = seat
        if self.t.close_offer and self.turnup >= 0 and self.rs.exchange_card[self.trump] >= 0:
            self.offer = self._asked_after(seat)
        self.closed_this_lead = True
        sides = range(len(self.deal_sides))
        self.close_snap = (
            tuple(self._side_points(s) for s in sides),
            tuple(self._side_points(s, False) for s in sides),
            tuple(self._side_tricks(s) for s in sides),
        )

    def _asked_after(self, seat: int) -> int:
        """The next opponent of the closer after ``seat`` (the closer, or an opponent who has
        just declined) to be offered the exchange as the talon is closed, or -1 once every
        opponent has been asked (the closer then leads)."""
        closer = self.closer
        side = self._side[closer]
        other = self.next_seat(seat)
        while other != closer:
            if self._side[other] != side:
                return other
            other = self.next_seat(other)
        return -1

    def _draw(self) -> None:
        """Every seat in play takes a card, the trick's winner first: the stock in order, the
        turn-up last (and taken in the open)."""
        seat = self.leader
        stock = self.stock
        left = len(stock)
        spos = self.spos
        hands = self.hands
        sitting = self.sitting_out
        n = self.n
        self.draws.append(len(self.history))
        for _ in range(self._active):
            if spos < left:
                card = stock[spos]
                spos += 1
            elif self.turnup >= 0:
                card = self.turnup
                self.turnup = -1
                self.known[seat] |= 1 << card
            else:
                break
            hands[seat] |= 1 << card
            self.seen[seat] += (len(self.history) << 16 | seat << 8 | card,)
            seat = self.next_seat(seat) if sitting else (seat + 1) % n
        self.spos = spos

    def _name_trump(self, suit: int) -> None:
        """Trump is named (``trump.selection: named``): the rest of the deal is seen, and the
        auction or the play begins."""
        self.trump = suit
        moment = len(self.history) << 16
        for seat, late in enumerate(self.unseen):  # each seat sees the rest of its hand now
            if late:
                self.seen[seat] += tuple([moment | seat << 8 | c for c in bit_list(late)])
        first = (self.dealer + 1) % self.n
        self.turn = first
        if self.rs.bidding.enabled:
            self.phase = AUCTION
        else:
            self.phase = PLAY
            self.leader = first
            if self.t.doubling:  # the soloist's game may be doubled before he leads
                self._open_doubling()

    def _pass_naming(self, seat: int) -> None:
        """The namer passes: the card shown is turned for trump (``if_passed: turn_next``), or
        his partner must name (``partner``)."""
        if self.rs.trump.if_passed == "partner":
            self.turn = self._partner(seat)
            return
        card = self.turned = self.shown
        self.known[seat] |= 1 << card
        self._name_trump(self.t.suit_of[card])

    def _call(self, seat: int, amount: int) -> None:
        """A bid or a pass; the next seat to speak, or the end of the auction.

        A seat without cards (the dealer under ``deal.dealer_sits_out``) takes no part in the
        bidding: it could win the auction and then have nothing to play.  It is passed over
        as if it had passed, and a round is a round of the seats that play.
        """
        n = self.n
        out = self.sitting_out  # during the auction: only a dealer who sits out
        open_auction = self.t.open_auction
        if self.t.partner_rebid:
            self._note_overbid(seat, amount)
        if amount:
            self.high_bid = amount
            self.declarer = seat
        elif open_auction:
            self.passed |= 1 << seat
        self.calls += 1
        if open_auction:  # round and round until all but the high bidder passed
            passed = self.passed
            for s in out:
                passed |= 1 << s
            left = n - passed.bit_count()  # still in the auction
            if left and not (left == 1 and self.declarer >= 0 and not passed >> self.declarer & 1):
                nxt = (seat + 1) % n
                while passed >> nxt & 1:
                    nxt = (nxt + 1) % n
                self.turn = nxt
                return
        elif self.calls < self._active:
            self.turn = self.next_seat(seat) if out else (seat + 1) % n
            return
        elif self.overbid >= 0 and self._partner(self.overbid) not in out:  # the round is over: the overbid player's partner may bid again
            self.turn = self._partner(self.overbid)
            return
        self._auction_over()

    def _partner(self, seat: int) -> int:
        """The first other seat of ``seat``'s team."""
        return next(s for s in self.rs.sides[self.rs.side_of(seat)] if s != seat)

    def _note_overbid(self, seat: int, amount: int) -> None:
        """``bidding.partner_rebid_when_overbid``: a call by the partner of the player last
        overbid uses his chance; a bid over an opponent's gives that opponent's partner one."""
        if self.overbid >= 0 and seat == self._partner(self.overbid):
            self.overbid = -1
        if amount and self.declarer >= 0 and self.rs.side_of(self.declarer) != self.rs.side_of(seat):
            self.overbid = self.declarer

    def _auction_over(self) -> None:
        """The auction is over: the declarer (or the forehand in the plain game), his side, the
        contract or the moon, the seats that sit out, the widow he takes."""
        rs = self.rs
        n = self.n
        bidding = rs.bidding
        declarer = self.declarer
        if declarer < 0:
            if bidding.all_pass != "play":
                self._over(DealResult(None, None, (0,) * rs.side_count, "all passed: the hand is thrown in", redeal=True))
                return
            declarer = self.declarer = (self.dealer + 1) % n  # the plain game, the forehand declaring
        if rs.players.sides == "bidder_vs_rest":
            rest = tuple(s for s in range(n) if s != declarer)
            self.deal_sides = ((declarer,), rest)
            self._side = tuple(0 if s == declarer else 1 for s in range(n))
        self.phase = PLAY
        self.leader = self.turn = declarer
        contract = self.contract = bidding.contract(self.high_bid)
        moon = bidding.moon if bidding.moon is not None and self.high_bid == bidding.moon.bid else None
        if contract is not None:
            alone = contract.alone
            self.order = self.t.contract_order[self.high_bid]  # its own card order, or the deck's (0)
            if contract.trump == "none":  # whatever trump the deal had
                self.trump = -1
                self.lead_trump = False
            if contract.leader == "forehand":
                self.leader = self.turn = (self.dealer + 1) % n
        else:
            alone = moon is not None and moon.partner_sits_out
            if moon is not None and moon.trump == "none":  # the first lead fixes no trump (moon.trump)
                self.lead_trump = False
        if alone:  # the declarer's partners lay their cards down (beside a dealer who sat out already)
            partners = {s for s in self.deal_sides[self._side[declarer]] if s != declarer}
            self.sitting_out = tuple(sorted(partners.union(self.sitting_out)))
            self._active = n - len(self.sitting_out)
        if rs.deal.widow is not None and rs.deal.widow.to == "declarer_hand":
            self._take_widow(declarer)
        if self.t.doubling:  # the declarer's game may be doubled before the first lead
            self._open_doubling()

    def _doubling_call(self, seat: int, code: int) -> None:
        """A call of the doubling round (``bidding.doubling``): a defender doubles (the declarer
        may then redouble, where the rules allow it) or passes (the next defender's turn); the
        round over, the leader leads -- after the declarer has laid away the cards he owes."""
        if code == DOUBLE:
            self.doubled = 1
            if self.t.redouble:
                self.dbl_turn = self.turn = self.soloist()
                return
        elif code == REDOUBLE:
            self.doubled = 2
        elif not self.doubled:  # a defender passes: the next one may double
            nxt = self.next_doubler(seat)
            if nxt >= 0:
                self.dbl_turn = self.turn = nxt
                return
        self.dbl_turn = -1
        self.turn = self.widow_taker if self.to_discard else self.leader

    def _take_widow(self, declarer: int) -> None:
        """``widow.to: declarer_hand`` (or ``first_trick_winner_hand``): the declarer (the first
        trick's winner) takes the widow into his hand; he lays as many cards away
        (:meth:`_discard`) before anybody leads."""
        if not self.widow:
            return
        for c in self.widow:
            self.hands[declarer] |= 1 << c
        moment = len(self.history) << 16 | declarer << 8  # he sees the widow (a set: in card order)
        self.seen[declarer] += tuple([moment | c for c in sorted(self.widow)])
        self.to_discard = len(self.widow)
        self.widow = ()
        self.widow_taker = declarer
        self.turn = declarer

    def _discard(self, seat: int, card: int) -> None:
        """A card laid away face down: it counts for the declarer, and nobody else sees it --
        nor which of the cards seen in his hand (the card shown for trump) it was: from now on
        any of them may be among those laid away, so none is known to be in the hand (dropping
        only the card laid away told everybody that the card shown was laid away)."""
        self.hands[seat] &= ~(1 << card)
        self.known[seat] = 0
        self.widow = self.widow + (card,)
        self.points[seat] += self.t.points[card]
        self.to_discard -= 1
        if not self.to_discard:
            self.turn = self.leader

    # ------------------------------------------------------------------ search primitives
    def legal_mask(self) -> int:
        """The legal action codes as one int: bit ``code`` is set for every legal code."""
        mask = 0
        for code in self.legal_codes():
            mask |= 1 << code
        return mask

    def key(self) -> int:
        """An exact position key for transposition tables: within one deal (the same stock and
        widow), two positions have equal keys exactly when they are equal.

        Every field the table of fields marks ``key`` (the fields the future of the deal
        depends on; a rarer rule's only where the ruleset has it) is packed in a word wide
        enough for its bounds (the ruleset's, :attr:`RuleTables.key_widths`), all of them by
        one ``struct`` pack, by code written for the ruleset once
        (:func:`interpreter.engine.fields.keyer`); the history is not part of a
        position, so two move orders that lead to the same position share a key.
        """
        return self.key_function()(self)

    def key_function(self) -> Callable[[DealState], int]:
        """:meth:`key` as a function of a state of this class and ruleset (written once, then
        kept in the ruleset's tables): for a search that asks for keys millions of times, one
        call less each."""
        cache = self.t.engine_cache
        fn = cache.get(type(self))
        if fn is None:
            fn = cache[type(self)] = keyer(type(self), self.t, self.n)
        return fn  # type: ignore[return-value]

    # ------------------------------------------------------------------ information
    def view(self, seat: object) -> SeatView:
        """What ``seat`` may see now (see :mod:`interpreter.engine.views`); a ``seat`` that is
        not one of the table's is refused (``ValueError``, ``TypeError``), not shown a view of
        nobody.  Search asks :func:`~interpreter.engine.views.make_view` itself, unchecked.
        ``seat`` is typed ``object``, as in :meth:`hand`: the compiled build took ``True`` for
        seat 1 when it was an ``int``."""
        if type(seat) is not int or not 0 <= seat < self.n:  # the words come from check_seat
            seat = check_seat(seat, self.n)
        return make_view(self, seat)

    def hand(self, seat: object) -> CardSet:
        """A seat's cards; a ``seat`` that is not one of the table's is refused as by
        :meth:`view` (``hand(-1)`` is no one's hand, not the last seat's).  The engine and
        search read ``hands[seat]``, the bitmask, unchecked.  ``seat`` is typed ``object`` so
        that the compiled build refuses a bool or text in these words too."""
        if type(seat) is not int or not 0 <= seat < self.n:  # the words come from check_seat
            seat = check_seat(seat, self.n)
        return CardSet(self.rs.deck, self.hands[seat])

    def trump_suit(self) -> str | None:
        return self.rs.deck.suits[self.trump] if self.trump >= 0 else None

    def turn_up_card(self) -> Card | None:
        return self.rs.deck.cards[self.turnup] if self.turnup >= 0 else None

    def actions_made(self) -> list[tuple[int, Action]]:
        """The recorded actions of the deal so far, as (seat, action) pairs."""
        action_of = self.rs.action_of
        return [(h >> 16, action_of[h & 0xFFFF]) for h in self.history]


def _as_action(action: object) -> Action:
    """``action``, if it is one; else the ``TypeError`` of :func:`_an_action`."""
    if isinstance(action, Action):
        return action
    raise not_an_action(action)


def _an_action(action: object) -> None:
    """Refuse what is not an action -- a bot's ``None``, the text ``"play TC"`` -- as such,
    rather than as a card this deck lacks."""
    if not isinstance(action, Action):
        raise not_an_action(action)


def deal_cards(rs: Ruleset, dealer: int, order: Sequence[int]) -> tuple[list[int], list[int], int]:
    """Deal a shuffled deck (``order``, top first) by the ruleset's packets; return hands,
    stock (or widow) and turn-up (see ``Ruleset.deal_plans``)."""
    seat_at, turn_pos, rest = rs.deal_plans[dealer]
    hands = [0] * rs.players.count
    for pos, seat in seat_at:
        hands[seat] |= 1 << order[pos]
    return hands, list(order[rest:]), order[turn_pos] if turn_pos >= 0 else -1


def deal_marks(rs: Ruleset, dealer: int, order: Sequence[int]) -> tuple[list[int], int]:
    """What the trump rules take from the deal order: per seat the cards dealt after trump is
    named, and the card shown for trump, or -1 (see ``Ruleset.deal_marks``)."""
    later, shown = rs.deal_marks[dealer]
    unseen = [0] * rs.players.count
    for seat, positions in enumerate(later):
        for pos in positions:
            unseen[seat] |= 1 << order[pos]
    return unseen, order[shown] if shown >= 0 else -1
