"""A seat's view of a deal: the value type that bots, screens and adapters read.

A :class:`SeatView` holds only information the seat is entitled to: its own cards, the
turn-up, the cards on the table and every card played so far (the public history), cards other
players were seen to take or show (a turn-up taken in an exchange or with the last draw, the
partner card of an announced marriage), the auction, and sizes of what stays hidden.  Other
hands, the order of the stock and the widow (except to the seat that took it and may see it:
``RuleTables.widow_seen``) are never copied: nothing reachable from a view and its public API holds them, but for the ruleset's
search caches (``rs.tables.engine_cache``, shared by every search in the process).  That is
a promise about the view, not a sandbox: a bot in the process that holds the state can read
the process's memory (docs/security.md, "Bots in your process").  Views are taken from a state by
:func:`interpreter.engine.views.make_view` (also ``DealState.view``).

Views are cheap because they are lazy: taking one copies a few ints and small tuples of the
state (:attr:`SeatView.public` -- the public fields -- the seat's own hand as a bit mask, the
history as ints), and the friendly values (cards, notation, per-side points, reviewable
tricks) are worked out only when a caller reads them, once.  Bots that search read the raw
fields (``hand_mask``, ``history_codes``, ``legal_codes``); people and simple bots read the
friendly ones.

This module stays Python in the compiled build (docs/speed.md): a view is allocated without
its constructor, which a compiled class refuses; taking one (:mod:`interpreter.engine.views`)
is compiled.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from interpreter.core.actions import Action
from interpreter.core.arguments import check_seat
from interpreter.core.cards import Card, bit_list
from interpreter.engine.phase import OVER
from interpreter.engine.trick import seat_after
from interpreter.rules.ruleset import Ruleset
from interpreter.rules.tables import KIND_MARRY, KIND_PLAY

if TYPE_CHECKING:
    from interpreter.engine.settle import DealResult


class Public(NamedTuple):
    """The public fields of a state, as :attr:`SeatView.public` holds them: what every seat may
    know, read by name (what ``sample_world`` rebuilds a world from).  ``points`` leave out a
    widow whose cards the viewer does not see (another's, or his own face down)."""

    dealer: int
    spos: int
    turnup: int
    first_turnup: int
    trump: int
    closed: bool
    closer: int
    close_snap: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None
    phase: int
    to_act: int
    leader: int
    trick: tuple[int, ...]
    draw_pending: bool
    claim_seat: int
    tricks_played: int
    points: tuple[int, ...]  # per seat, a widow the viewer does not see left out
    tricks: tuple[int, ...]
    meld: tuple[int, ...]
    bonus: tuple[int, ...]
    last_winner: int
    closed_this_lead: bool
    high_bid: int
    declarer: int
    calls: int
    sitting_out: tuple[int, ...]
    widow_taker: int
    known: tuple[int, ...]  # per seat, the cards others know to be in that hand
    hand_sizes: tuple[int, ...]  # per seat, cards held (as dealt so far while trump is named)
    deal_sides: tuple[tuple[int, ...], ...]
    side_index: tuple[int, ...]  # per seat, its side in this deal
    active: int  # seats that play this deal
    result: DealResult | None
    stock_size: int
    widow_size: int
    seat_points: tuple[int, ...]  # per seat, as card_points sums them
    gone: int  # the cards of the completed tricks (a mask)
    meld_wait: tuple[int, ...]
    turned: int
    passed: int
    to_discard: int
    ten_side: int
    offer: int
    overbid: int
    doubled: int  # 0, 1 or 2: the deal's value doubled that many times
    dbl_turn: int  # the seat that may double (or redouble) now, or -1
    strict: bool  # the strict phase's duties hold now (DealState.strict: the engine answers)
    lead_trump: bool  # the next card led fixes trump if none is fixed yet (trump.selection first_card_led, not a game without trump)
    order: int  # the card order of the contract played: an index of the tables' beats_of and stronger_of (0: the deck's)


#: The names of the public fields, in order.
PUBLIC_FIELDS: tuple[str, ...] = Public._fields

_UNSET: Any = object()


class SeatView(tuple[Any, ...]):
    """One seat's knowledge of a deal in progress (immutable).

    Raw fields, copied when the view is taken: ``rs`` (the rules are public), ``seat``,
    ``hand_mask`` (the seat's cards as bits of card indexes), ``legal_codes`` (empty unless
    this seat must decide now), ``history_codes`` (every recorded action as
    ``seat << 16 | code``), ``draws`` (the length of the history at each round of drawing),
    ``widow_mask`` (the widow's cards, for the seat that took it where the rules let it see them:
    ``RuleTables.widow_seen``; else 0), ``public`` (the
    state's public fields, named by :data:`PUBLIC_FIELDS`), ``actor`` and ``seen`` (every card
    that came into this seat's own sight, and when, as ``len(history) << 16 | seat << 8 |
    card``: its hand as dealt, each card it drew, the widow it took or saw, the turn-up it
    exchanged for -- what the current hand no longer tells; empty for a spectator).

    Friendly fields, worked out on first use: ``hand``, ``hand_sizes``, ``trump``, ``turn_up``,
    ``talon_size``, ``closed``, ``closer``, ``trick`` ((seat, card) in play order),
    ``leader``, ``to_act``, ``actor``, ``legal``, ``card_points`` and ``tricks_won`` (per
    match side, as ``Ruleset.sides``), ``history`` ((seat, notation) pairs), ``known`` (per
    seat: cards others know to be in that hand), ``high_bid``, ``declarer``, ``sitting_out``,
    ``sides`` (the deal's sides, which differ from the match sides only when the bidder plays
    alone), ``widow_size``, ``completed_tricks`` (every trick taken so far, with its winner),
    ``reviewable_tricks`` (tricks the rules let this seat look at).

    A view is a tuple underneath -- the raw fields in the order above, the actor, then the
    cache of the friendly ones -- so that taking one is a single allocation and a raw field is read by a
    getter written in C (``operator.itemgetter``) rather than a Python function: a search
    takes a view and reads a dozen fields at every step of every rollout.  Compare views with
    ``==`` (the raw fields, the ruleset by identity), never as tuples.
    """

    __slots__ = ()

    if TYPE_CHECKING:
        rs: Ruleset
        seat: int
        hand_mask: int
        legal_codes: tuple[int, ...]
        history_codes: tuple[int, ...]
        draws: tuple[int, ...]
        widow_mask: int
        public: Public
        actor: int | None
        seen: tuple[int, ...]
        _cache: dict[str, Any]
    else:  # read-only properties whose getters are C (the tuple's items)
        rs, seat, hand_mask, legal_codes, history_codes, draws, widow_mask, public, actor, seen, _cache = (
            property(itemgetter(i)) for i in range(11))

    def __new__(
        cls,
        rs: Ruleset,
        seat: int,
        hand_mask: int,
        legal_codes: tuple[int, ...],
        history_codes: tuple[int, ...],
        draws: tuple[int, ...],
        widow_mask: int,
        public: Public | tuple[Any, ...],
        actor: int | None,
        seen: tuple[int, ...] = (),
    ) -> SeatView:
        if not isinstance(public, Public):  # a plain tuple in the order of PUBLIC_FIELDS
            public = Public._make(public)
        return tuple.__new__(cls, (rs, seat, hand_mask, legal_codes, history_codes, draws, widow_mask, public, actor, seen, {}))

    def __getnewargs__(self) -> tuple[Any, ...]:
        """The raw fields (a copy or a pickle is made from them, with a cache of its own)."""
        return tuple(self[:10])

    # A view is immutable: a copy is the view itself.  A deep copy too -- copying its fields would
    # copy the ruleset, and a view compares equal only to views of the same ruleset object.
    def __copy__(self) -> SeatView:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> SeatView:
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a SeatView is immutable (cannot set {name!r})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeatView):
            return NotImplemented
        return self[0] is other[0] and self[1:10] == other[1:10]

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.seat, self.hand_mask, self.history_codes, self.public.trick))

    def __repr__(self) -> str:
        return f"SeatView(seat={self.seat}, hand={' '.join(map(str, self.hand))}, trick={self.trick}, actor={self.actor})"

    def _cached(self, name: str) -> Any:
        return self._cache.get(name, _UNSET)

    def _keep(self, name: str, value: Any) -> Any:
        self._cache[name] = value
        return value

    # ------------------------------------------------------------------ friendly fields
    @property
    def seats(self) -> int:
        return self.rs.players.count

    @property
    def dealer(self) -> int:
        return int(self.public.dealer)

    @property
    def hand(self) -> tuple[Card, ...]:
        value = self._cached("hand")
        if value is _UNSET:
            cards = self.rs.deck.cards
            value = self._keep("hand", tuple(cards[i] for i in bit_list(self.hand_mask)))
        return value  # type: ignore[no-any-return]

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return self.public.hand_sizes

    @property
    def trump(self) -> str | None:
        trump = self.public.trump
        return self.rs.deck.suits[trump] if trump >= 0 else None

    @property
    def turn_up(self) -> Card | None:
        turnup = self.public.turnup
        return self.rs.deck.cards[turnup] if turnup >= 0 else None

    @property
    def talon_size(self) -> int:
        """Face-down stock cards left plus the turn-up."""
        p = self.public
        return p.stock_size - p.spos + (1 if p.turnup >= 0 else 0)

    @property
    def closed(self) -> bool:
        return bool(self.public.closed)

    @property
    def closer(self) -> int | None:
        closer = self.public.closer
        return closer if closer >= 0 else None

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        value = self._cached("trick")
        if value is _UNSET:
            p = self.public
            cards = self.rs.deck.cards
            out = []
            seat = p.leader
            n = self.rs.players.count
            for c in p.trick:
                out.append((seat, cards[c]))
                seat = seat_after(seat, n, p.sitting_out)
            value = self._keep("trick", tuple(out))
        return value  # type: ignore[no-any-return]

    @property
    def leader(self) -> int | None:
        leader = self.public.leader
        return leader if leader >= 0 else None

    @property
    def to_act(self) -> int | None:
        return None if self.public.phase == OVER else self.public.to_act

    @property
    def legal(self) -> tuple[Action, ...]:
        return tuple(map(self.rs.action_of.__getitem__, self.legal_codes))

    @property
    def seat_points(self) -> tuple[int, ...]:
        """Per seat: trick points (with the widow where this seat may know it), last-trick bonus
        and marriages that count now -- the values ``card_points`` sums per side."""
        return self.public.seat_points

    @property
    def card_points(self) -> tuple[int, ...]:
        """Per match side: as announced and played in the open (a widow only a taker who sees it knows)."""
        value = self._cached("card_points")
        if value is _UNSET:
            pts = self.public.seat_points
            value = self._keep("card_points", tuple([sum([pts[s] for s in seats]) for seats in self.rs.sides]))
        return value  # type: ignore[no-any-return]

    def claim_is_right(self) -> bool:
        """Whether a declaration now would be right: this seat's side *in this deal* has reached
        the target (``claim.target``), as the engine judges a claim.  That is the deal's side, not
        the match side: where each player keeps his own match score but two defend together
        against a soloist (Burgenland, Dreierschnapsen) the pair's points count -- counting the
        match side, a defender saw only his own and the bots never declared for the pair.  Its
        own side's points are always in its view, so a seat always knows; a bot that declares
        wrongly does so on purpose (search: only when strictly better than every way of playing
        on)."""
        pub = self.public
        points = pub.seat_points
        return sum([points[s] for s in pub.deal_sides[pub.side_index[self.seat]]]) >= self.rs.claim.target

    @property
    def tricks_won(self) -> tuple[int, ...]:
        tricks = self.public.tricks
        return tuple(sum(tricks[s] for s in seats) for seats in self.rs.sides)

    @property
    def history(self) -> tuple[tuple[int, str], ...]:
        """The public actions so far: (seat, notation)."""
        value = self._cached("history")
        if value is _UNSET:
            text = self.rs.tables.code_text
            value = self._keep("history", tuple((h >> 16, text[h & 0xFFFF]) for h in self.history_codes))
        return value  # type: ignore[no-any-return]

    @property
    def known(self) -> tuple[tuple[Card, ...], ...]:
        """Per seat: the cards others know to be in that hand (empty for this seat itself)."""
        cards = self.rs.deck.cards
        seat = self.seat
        return tuple(
            tuple(cards[i] for i in bit_list(mask)) if s != seat else () for s, mask in enumerate(self.public.known)
        )

    @property
    def high_bid(self) -> int:
        return int(self.public.high_bid)

    @property
    def declarer(self) -> int | None:
        declarer = self.public.declarer
        return declarer if declarer >= 0 else None

    @property
    def sitting_out(self) -> tuple[int, ...]:
        return self.public.sitting_out

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return self.public.deal_sides

    @property
    def widow_size(self) -> int:
        return int(self.public.widow_size) if self.public.widow_taker < 0 else 0

    @property
    def widow(self) -> tuple[Card, ...]:
        """The widow's cards, for the seat that took them where it may see them (empty for everybody
        else, and for a taker whose widow lies face down among won cards he may not look at)."""
        cards = self.rs.deck.cards
        return tuple(cards[i] for i in bit_list(self.widow_mask))

    @property
    def result(self) -> DealResult | None:
        return self.public.result

    @property
    def reviewable_tricks(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        """Tricks this seat may look at under ``info.review_own_tricks``."""
        value = self._cached("reviewable")
        if value is _UNSET:
            value = self._keep("reviewable", self._reviewable())
        return value  # type: ignore[no-any-return]

    def _reviewable(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        how = self.rs.info.review_own_tricks
        if how == "none":
            return ()
        tricks = self.completed_tricks
        if how == "last_trick":
            return (tricks[-1].cards,) if tricks and not self.public.trick else ()
        if self.seat == SPECTATOR:  # a side's own tricks are for that side's eyes
            return ()
        side = self.public.side_index
        own = side[self.seat]
        return tuple(trick.cards for trick in tricks if side[trick.winner] == own)

    @property
    def completed_tricks(self) -> tuple[TakenTrick, ...]:
        """Every trick completed so far, with the seat that took it, as the engine completed
        them (every card played is public; whether this seat may *look back* at them is
        :attr:`reviewable_tricks`)."""
        value = self._cached("completed")
        if value is _UNSET:
            value = self._keep("completed", _completed_tricks(self))
        return value  # type: ignore[no-any-return]


class TakenTrick(NamedTuple):
    """A completed trick: its cards as (seat, card) in play order, and the seat that took it."""

    cards: tuple[tuple[int, Card], ...]
    winner: int


def completed_tricks(view: SeatView) -> tuple[TakenTrick, ...]:
    """The tricks completed so far in ``view``'s deal (:attr:`SeatView.completed_tricks`)."""
    return view.completed_tricks


def _completed_tricks(view: SeatView) -> tuple[TakenTrick, ...]:
    """The completed tricks of the view's history, cut where the engine cuts them.

    The engine puts a card on the table for a card's code and for a marriage announced with
    the lead (``DealState.step_code``: a marriage code while no card lies on the table); a
    marriage a partner shows during a trick and a card laid away put none there.  A trick is
    complete with as many cards as seats play the deal (``public.active``).  Its winner is
    the seat that leads the next trick (the engine makes the winner the leader) and, for the
    last one, ``public.last_winner`` -- read, never worked out again from the cards: a
    contract's own card order or a trump fixed by the first lead cannot be got wrong here.

    Counting every code that names a card -- as this did once -- took the declarer's
    laid-away cards and a partner's shown marriage for cards played, and drew wrong tricks."""
    t = view.rs.tables
    kind_of, card_of = t.code_kind, t.code_card
    cards = view.rs.deck.cards
    size = view.public.active
    played: list[list[tuple[int, Card]]] = []
    current: list[tuple[int, Card]] = []
    for h in view.history_codes:
        code = h & 0xFFFF
        kind = kind_of[code]
        if kind != KIND_PLAY and (kind != KIND_MARRY or current):
            continue
        current.append((h >> 16, cards[card_of[code]]))
        if len(current) == size:
            played.append(current)
            current = []
    winners = [trick[0][0] for trick in played[1:]] + [view.public.last_winner]
    return tuple(TakenTrick(tuple(trick), winner) for trick, winner in zip(played, winners))


#: The seat number of a spectator's view (:func:`~interpreter.engine.views.spectator_view`): no seat of the table.
SPECTATOR = -1


def partners(view: SeatView, a: int, b: int) -> bool:
    """Whether seats ``a`` and ``b`` play on the same side in this deal.  A seat that is not one
    of the table's is refused (``ValueError``, ``TypeError``: :func:`check_seat`), never read
    from the end of the table (``partners(view, -1, 0)``)."""
    side = view.public.side_index
    n = len(side)
    if type(a) is not int or not 0 <= a < n:
        check_seat(a, n, "seat a")
    if type(b) is not int or not 0 <= b < n:
        check_seat(b, n, "seat b")
    return bool(side[a] == side[b])
