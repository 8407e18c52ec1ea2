"""The data of one deal in progress, and the questions about it that every part asks.

:class:`Position` holds the fields (compact: ints, bitmask hands, small lists and tuples) and
answers small queries -- whose side a seat is on, what a side has taken, whether the strict
phase applies.  The rules that change it live elsewhere: :mod:`~interpreter.engine.legality`
(what may be done), :mod:`~interpreter.engine.settle` (how the deal ends) and
:mod:`~interpreter.engine.state` (doing and undoing moves), which together make
:class:`~interpreter.engine.state.DealState`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

from interpreter.core.arguments import check_seat, check_side
from interpreter.core.cards import bit_list
from interpreter.engine.fields import FIELDS, Field, copier, recorder
from interpreter.engine.meld import waiting
from interpreter.engine.phase import AUCTION as AUCTION
from interpreter.engine.phase import NAMING as NAMING
from interpreter.engine.phase import OVER as OVER
from interpreter.engine.phase import PLAY as PLAY
from interpreter.engine.trick import seat_after
from interpreter.engine.fields import names as field_names
from interpreter.rules.ruleset import ContractSpec, Ruleset

if TYPE_CHECKING:
    from interpreter.engine.settle import DealResult

_P = TypeVar("_P", bound="Position")


class Position:
    """The fields of a deal and the queries on them (the base of ``DealState``).

    Sides: ``deal_sides`` lists the seats of every side that pools its tricks in this deal
    (the ruleset's match sides, except that with ``players.sides: bidder_vs_rest`` the bidder
    becomes side 0 and all the others side 1 once the auction is over).
    """

    #: The deal's fields (:mod:`interpreter.engine.fields`): the slots, the undo record and
    #: ``copy`` are made from this table for every class below, once.
    FIELDS: ClassVar[tuple[Field, ...]] = FIELDS
    __slots__ = field_names(FIELDS)

    def copy(self: _P) -> _P:
        """An independent copy, field by field, without the undo records: written from the
        table of fields once per class (:func:`~interpreter.engine.fields.copier`)."""
        return cast(_P, copier(type(self))(self))

    def snapshot(self) -> tuple[Any, ...]:
        """The undo record of a move that may change anything: every field of the rules this
        ruleset has (:func:`~interpreter.engine.fields.recorder`), for :meth:`restore`."""
        return self._save(self)

    def restore(self, snap: tuple[Any, ...]) -> None:
        """Put back every field :meth:`snapshot` saved."""
        self._load(self, snap)

    # ------------------------------------------------------------------ construction
    def __init__(
        self,
        rs: Ruleset | None,
        dealer: object = 0,
        hands: Sequence[int] = (),
        stock: Sequence[int] = (),
        turnup: int = -1,
        unseen: Sequence[int] | None = None,
        shown: int = -1,
    ) -> None:
        # ``None``, given explicitly: an empty shell that copy() fills field by field (a class
        # compiled by mypyc allocates only through __init__, docs/speed.md).  The ruleset has
        # no default, so that ``DealState()`` is a TypeError at the call, not a shell whose
        # every method fails later with an AttributeError: a deal is made with DealState.new.
        if rs is None:
            return
        n = rs.players.count
        # Refused here, as DealState.new refuses them, rather than at the first question the
        # deal is asked (an IndexError from hand(0), a dealer 5 of two seats read as seat 1):
        # a dealer that is no seat (typed ``object``, narrowed here, so that the compiled build
        # words it too) and a deal without one hand per seat.  A few instructions per deal.
        if type(dealer) is not int or not 0 <= dealer < n:
            dealer = check_seat(dealer, n, "dealer")
        if len(hands) != n:
            raise ValueError(
                f"hands: {len(hands)} given, expected one per seat ({n}): make a deal with DealState.new(rs, dealer, seed), "
                "or one from values with build_position(rs, dealer=..., hands=...)"
            )
        self.rs = rs
        self.t = rs.tables
        self.n = n
        self.dealer = dealer
        self.deal_sides = rs.sides
        self._side = rs.side_index
        self._strict_always = rs.play.strict_from == "always"
        self._save, self._load = recorder(type(self), rs.tables)
        if rs.deal.talon:
            self.stock = tuple(stock)
            self.widow: tuple[int, ...] = ()
        else:
            self.stock = ()
            self.widow = tuple(stock)
        self.hands = list(hands)
        self.spos = 0
        self.turnup = turnup
        self.first_turnup = turnup
        self.draws: list[int] = []  # the length of the history at each round of drawing
        self.gone = 0  # the cards of the completed tricks, a mask (public: every player saw them)
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
        #: per seat, the part of ``meld`` still waiting for a trick under counts_after own_next_trick
        self.meld_wait = [0] * n
        self.last_winner = -1
        self.closed_this_lead = False
        self.high_bid = 0
        self.declarer = -1
        self.calls = 0
        self.sitting_out: tuple[int, ...] = ()
        self.widow_taker = -1
        self.known = [0] * n
        self.history: list[int] = []  # seat << 16 | code, one int per recorded action
        self.result: DealResult | None = None
        self.bonus = [0] * n
        self.undo: list[tuple[Any, ...]] = []
        self._active = n
        #: per seat, the cards dealt after trump is named (``trump.selection: named``): hidden
        #: from their holder too while it is named; zeros where the deal order is not known
        self.unseen: tuple[int, ...] = tuple(unseen) if unseen is not None else rs.tables.no_cards
        #: every card that came into a seat's own sight, and when, as ``len(history) << 16 |
        #: seat << 8 | card``: the hand as dealt (at 0; the cards dealt after trump is named
        #: when it is named), each card drawn, the widow taken or seen, the turn-up exchanged
        #: for.  The current hand says what a seat holds, not what it saw when: a view keeps
        #: its seat's entries, so that its information state recalls them (perfect recall).
        #: Per seat, a tuple replaced (never changed) as it grows: a view takes its seat's as it
        #: is, and the undo record keeps the list's tuples as they were
        self.seen: list[tuple[int, ...]] = [
            tuple([seat << 8 | c for c in bit_list(h & ~u)]) for seat, (h, u) in enumerate(zip(self.hands, self.unseen))
        ]
        #: the card shown for trump: the dealer's last card (``dealer_card``) or the card the
        #: forehand's pass turns (``named``, ``if_passed: turn_next``); -1 if none or not known
        self.shown = shown
        #: the card shown for trump once everybody has seen it (public), or -1
        self.turned = -1
        #: whether the first card led fixes trump (``first_card_led``; not in a moon without trump)
        t = rs.tables
        self.lead_trump = t.lead_trump
        #: the contract being played (``bidding.contracts``), or None
        self.contract: ContractSpec | None = None
        #: the card order the contract plays (``bidding.contracts[].ranks``): an index of the
        #: tables' ``stronger_of`` and ``beats_of``, 0 for the deck's own order
        self.order = 0
        #: the seats that have passed in an open auction (``bidding.rounds: until_passes``), as bits
        self.passed = 0
        #: the first-rank card of every marriage announced in this deal, as bits (a partner's
        #: marriage stays in his hand when shown: it must not score twice)
        self.married = 0
        #: cards the declarer must still lay away after taking the widow (``widow.to: declarer_hand``)
        self.to_discard = 0
        #: the deal side that took the ten of trumps (``scoring.trump_ten``), or -1
        self.ten_side = -1
        #: the seat offered the exchange as its opponent closes (``exchange.on_opponent_close``), or -1
        self.offer = -1
        #: a player overbid by an opponent whose partner may bid again (``partner_rebid_when_overbid``), or -1
        self.overbid = -1
        #: ``bidding.doubling``: how many times the deal's value is doubled (0, 1, 2), and the
        #: seat that may double (or redouble) now, or -1
        self.doubled = 0
        self.dbl_turn = -1
        first = (dealer + 1) % n
        if t.special_start:  # the rare rules of a deal's start: read only where a ruleset has one
            self._special_start(dealer, first, shown)
        if t.named_trump:
            self.phase = NAMING
            self.turn = first
            self.leader = -1
        elif rs.bidding.enabled:
            self.phase = AUCTION
            self.turn = first
            self.leader = -1
        else:
            self.phase = PLAY
            self.turn = self.leader = first
            if t.doubling:  # the soloist's game may be doubled before he leads (bidding.doubling)
                self._open_doubling()

    def _special_start(self, dealer: int, first: int, shown: int) -> None:
        """A dealer sitting out (``deal.dealer_sits_out``), the forehand alone
        (``players.sides: forehand_vs_rest``), the dealer's card shown for trump."""
        rs = self.rs
        n = self.n
        if rs.deal.dealer_sits_out:
            self.sitting_out = (dealer,)
            self._active = n - 1
        if rs.players.sides == "forehand_vs_rest":  # the forehand alone, the dealer with him if he sits out
            solo = (first, dealer) if rs.deal.dealer_sits_out else (first,)
            self.deal_sides = (tuple(sorted(solo)), tuple(s for s in range(n) if s not in solo))
            self._side = tuple(0 if s in solo else 1 for s in range(n))
        if rs.trump.selection == "dealer_card" and shown >= 0:
            self.trump = rs.deck.suit_of[shown]
            self.known[dealer] |= 1 << shown
            self.turned = shown

    # ------------------------------------------------------------------ small queries
    def soloist(self) -> int:
        """The seat whose game the others may double: the declarer, or the forehand where he
        plays alone without an auction (``players.sides: forehand_vs_rest``)."""
        return self.declarer if self.declarer >= 0 else (self.dealer + 1) % self.n

    def next_doubler(self, after: int) -> int:
        """The next seat after ``after``, before the soloist comes round, that plays against him
        in this deal and may double; -1 if none."""
        solo = self.soloist()
        side = self._side[solo]
        seat = (after + 1) % self.n
        while seat != solo:
            if seat not in self.sitting_out and self._side[seat] != side:
                return seat
            seat = (seat + 1) % self.n
        return -1

    def _open_doubling(self) -> None:
        """Before the first lead (``bidding.doubling``): the soloist's first opponent to his left
        may double; the move goes back to the leader when the round is over."""
        first = self.next_doubler(self.soloist())
        if first >= 0:
            self.dbl_turn = self.turn = first

    def side(self, seat: object) -> int:
        """The deal side a seat plays for (an index into :attr:`deal_sides`).  A ``seat`` that
        is not one of the table's is refused (``ValueError``, ``TypeError``: :func:`check_seat`),
        not read from the end of the list; the engine reads ``_side[seat]`` itself, unchecked.
        Typed ``object`` so that the compiled build refuses a bool or text in these words too."""
        if type(seat) is not int or not 0 <= seat < self.n:
            seat = check_seat(seat, self.n)
        return self._side[seat]

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is in the auction or the trick, or ``None`` once the deal is
        over -- as :attr:`actor` and a view's ``to_act`` say it (docs/api.md, "Who acts").  The
        engine's own field is ``turn``, which keeps the last turn's seat after the end: read as
        ``to_act`` it told a finished deal's caller a seat was still to act."""
        return None if self.phase == OVER else self.turn

    @property
    def actor(self) -> int | None:
        """The seat that must decide now (the marrier during his chance to go out), or ``None``."""
        if self.phase == OVER:
            return None
        if self.offer >= 0:
            return self.offer
        if self.claim_seat >= 0 and self.trick and self.claim_seat != self.turn:
            return self.claim_seat
        return self.turn

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

    def dealt_hands(self) -> list[int]:
        """The hands as dealt so far: while trump is named, without the cards dealt after it
        (which nobody has seen yet: a view publishes these sizes)."""
        if self.phase != NAMING:
            return self.hands
        return [h & ~u for h, u in zip(self.hands, self.unseen)]

    def side_tricks(self, side: object) -> int:
        """Tricks won by a deal side; a ``side`` that is not one of :attr:`deal_sides` is
        refused (``ValueError``, ``TypeError``: :func:`check_side`).  The engine and the solver
        ask :meth:`_side_tricks`, unchecked: they know their sides.  ``side`` is typed
        ``object`` so that the compiled build refuses a bool or text in these words too."""
        if type(side) is not int or not 0 <= side < len(self.deal_sides):
            side = check_side(side, len(self.deal_sides))
        return self._side_tricks(side)

    def _side_tricks(self, side: int) -> int:
        """:meth:`side_tricks` for a side known to be one of the deal's."""
        tricks = self.tricks
        total = 0
        for s in self.deal_sides[side]:
            total += tricks[s]
        return total

    def counted_meld(self, seat: int) -> int:
        """Marriage points of a seat that count now (pending ones do not: :mod:`~interpreter.engine.meld`)."""
        m = self.meld[seat]
        if not m:
            return 0
        return m - waiting(self.t.meld_counts, seat, self.meld, self.meld_wait, self.tricks, self.deal_sides[self._side[seat]])

    def seat_points(self, seat: int, *, marriages: bool = True) -> int:
        """Trick points (+ widow, + last-trick bonus) and, if asked, counted marriages of one seat."""
        total = self.points[seat] + self.bonus[seat]
        return total + self.counted_meld(seat) if marriages else total

    def side_points(self, side: object, *, marriages: bool = True) -> int:
        """Trick points (+ widow, + last-trick bonus) and, if asked, counted marriages of a deal
        side; a ``side`` that is not one of :attr:`deal_sides` is refused (``ValueError``,
        ``TypeError``: :func:`check_side`).  The engine and the solver, which ask it at every
        trick and every declaration they weigh, call :meth:`_side_points`, unchecked.  ``side``
        is typed ``object`` so that the compiled build refuses a bool or text in these words too."""
        if type(side) is not int or not 0 <= side < len(self.deal_sides):
            side = check_side(side, len(self.deal_sides))
        return self._side_points(side, marriages)

    def _side_points(self, side: int, marriages: bool = True) -> int:
        """:meth:`side_points` for a side known to be one of the deal's."""
        points, bonus, meld = self.points, self.bonus, self.meld
        total = 0
        for s in self.deal_sides[side]:
            total += points[s] + bonus[s]
            if marriages and meld[s]:
                total += self.counted_meld(s)
        return total

    def claim_points(self) -> int:
        """Points of the side of the seat entitled to declare now (what its claim is judged on)."""
        return self._side_points(self._side[self.claim_seat])

    def card_points(self) -> list[int]:
        """Per match side: as reported by ``rules replay`` (tricks, widow, counted marriages, bonus)."""
        return [sum(self.seat_points(s) for s in seats) for seats in self.rs.sides]

    def tricks_won(self) -> list[int]:
        """Per match side: tricks won."""
        tricks = self.tricks
        return [sum(tricks[s] for s in seats) for seats in self.rs.sides]

    def next_seat(self, seat: int) -> int:
        """The next seat to the left that plays in this deal."""
        return seat_after(seat, self.n, self.sitting_out)
