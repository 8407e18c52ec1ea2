"""The exact solver's kernel: the strict phase, played on a few ints.

Most of what an exact search of a whole deal visits lies where nothing is drawn any more and
the strict duties hold: counted on whole open-card deals of ``benchmarks/bench_solver.py``,
all but the positions of the open phase.  There a move is a card (or, for a leader holding a
king and queen, a marriage announced with one of them), a trick's end gives its points to its
winner, and the only other choice is a declaration: by the seat that took the last trick, or
by a marrier at once.  The solver's general search makes and unmakes every move on a
:class:`~interpreter.engine.state.DealState` (its undo record, its checks for every rule, its
position key); this kernel searches such positions on the hands, points and tricks as lists
of ints, with its own transposition table.

**What it takes from the engine, so that every rule stays written once:**

* the cards a follower may play: the engine's legal set (``DealState.legal_codes``), asked of
  a scratch state set to the trick and the hand, and kept per trick and hand;
* the marriages a leader may announce (the same legal set, where his hand holds a pair), and
  what announcing one does: the engine announces it on a copy (``DealState.step_code``) and
  the kernel reads the marriage points it brought and whether the marrier may declare at once;
* what declaring is worth and how the deal ends: the engine's own settling
  (``DealState.declare_result``, and the last card played with ``DealState.step_code`` on a
  copy of the scratch state), kept per position of the points and tricks, and across deals
  (:class:`_Shared`);
* who takes a trick: the ruleset's ``beats`` table, read as ``DealState._play`` reads it;
* the most each side may still score (``DealState.score_limits``, per signature, points and
  tricks): a lead whose pass asks about the margin -- a window at 2 or more, or below 0 --
  is answered without a move where those limits leave the value on one side of the window
  (:func:`value_bounds`; the bound is kept in the table like a bound the search proved).
  The solver's search on the state asks the same of the positions with the talon still
  open (:func:`position_bounds`).

What it does itself is the bookkeeping of a card between those: the card leaves the hand, the
trick's winner takes its points and leads next, and may declare where a trick's winner may
(``claim.on_trick``).  Everything else of the position (the score at closing, the marriage
points, who closed, trumps...) is the position's *signature* -- every keyed field of the table
of fields but the ones the kernel plays on (:data:`MOVING`) -- and part of every key the
kernel keeps.  A signature changes only where the engine says so: a marriage announced (its
points), and a trick won by a seat whose marriage points waited for it
(``marriage.counts_after: own_next_trick``: the engine plays that trick on a copy); each
change is learnt once a deal.

**Where it applies** (:func:`position_allows`): a lead (no card on the table) in the play
phase, nothing pending (a draw, an offered exchange, doubling, cards to lay away), no
contract of its own and every seat in play, trumps fixed, no card left to draw, the strict
duties and a widow (if any) taken.  And only in rulesets without the rules it does not play
(:func:`rules_allow`): partners' marriages, a follower's extra steps, contracts or a widow
settled after each trick, automatic claims, the ten of trumps, marriages announced by
leading their card (``marriage.must_announce: false``).  Elsewhere the solver plays
on the engine as before.  The solver's values are proven against plain minimax on every
bundled and house ruleset (``tests/search/test_solver.py``), the kernel's among them, and on
marriage points waiting for the next trick (``tests/search/test_strict.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any, Final

from interpreter.core.actions import DECLARE, EXCHANGE, MARRY_BASE
from interpreter.core.cards import bit_list
from interpreter.engine.fields import FIELDS
from interpreter.engine.position import PLAY
from interpreter.engine.state import DealState
from interpreter.rules.ruleset import Ruleset

__all__ = [
    "MOVING", "KernelTables", "compile_kernel", "deal_worth", "follower_order", "follower_places", "plays_for",
    "position_allows", "position_bounds", "rules_allow", "value_bounds",
]

#: Beyond any score difference (as the solver's).
INF: Final = 1 << 40

#: How many followers' cards (per trumps, hand and trick) are kept per ruleset, across deals and
#: searches, before they are forgotten: a few tens of megabytes at most.
FOLLOWS_KEPT: Final = 200_000

#: The fields the kernel plays on itself, or that no value depends on (cards known or gone, the
#: logs): every other keyed field is the signature of a kernel position.
MOVING: Final = frozenset({
    "hands", "known", "turn", "leader", "claim_seat", "points", "tricks", "tricks_played", "last_winner",
    "closed_this_lead", "trick", "gone",
})


def rules_allow(st: DealState) -> bool:
    """Whether the ruleset lacks every rule the kernel does not play (see the module docstring)."""
    t = st.t
    return not (t.partner_marries or t.follow_extras or t.trick_extras or t.claim_auto or t.ten_of or t.lays_away or t.marry_automatic)


def position_allows(st: DealState) -> bool:
    """Whether the kernel may search ``st`` (see the module docstring); ask :func:`rules_allow` first."""
    if st.phase != PLAY or st.trick or st.draw_pending or st.offer >= 0 or st.dbl_turn >= 0 or st.to_discard:
        return False
    if st.contract is not None or st.order or st.sitting_out or st.trump < 0:
        return False
    if st.claim_seat >= 0 and st.claim_seat != st.turn:
        return False
    t = st.t
    if t.talon and not st.closed and (st.turnup >= 0 or st.spos < len(st.stock)):
        return False  # a card may still be drawn
    return st.strict() and not (st.widow and st.widow_taker < 0)


def follower_order(codes: list[int], trick: Sequence[int], beat: Sequence[int], points: Callable[[int], int]) -> list[int]:
    """A follower's cards in the order the solver tries them: the cards that would take the
    trick so far first, worth most first, then the others cheapest first (``beat``: the
    ruleset's beats row for the trumps and card order played; ``points``: a card's points)."""
    winning = trick[0]
    for card in trick:
        if beat[winning] >> card & 1:
            winning = card
    over = beat[winning]
    winners = [c for c in codes if over >> c & 1]
    if winners and len(winners) < len(codes):
        losers = [c for c in codes if not over >> c & 1]
        winners.sort(key=points, reverse=True)
        losers.sort(key=points)
        return winners + losers
    codes.sort(key=points, reverse=bool(winners))
    return codes


#: What :meth:`_Shared.deal_parts` works out of a deal's seating.
_DealParts = tuple[
    tuple[bool, ...], tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[Any, ...],
    tuple[list[int], list[bool], list[bool]],
]


def follower_places(winning: int, beats: Sequence[int], points: Callable[[int], int], size: int) -> list[int]:
    """Every card's place in :func:`follower_order`'s order of the whole deck (``size`` cards)
    against a trick that ``winning`` takes so far: sorting a follower's cards by it gives
    the order :func:`follower_order` gives them (one sort by a list, where that function
    splits and sorts twice: the kernel asks it for every new follower's hand)."""
    place = [0] * size
    for at, card in enumerate(follower_order(list(range(size)), [winning], beats, points)):
        place[card] = at
    return place


#: How many values of declaring and of the deal's end are kept per ruleset, across deals and
#: searches, before they are forgotten (a few megabytes).
SETTLED_KEPT: Final = 200_000


class _Shared:
    """What the kernel keeps per ruleset, across deals: the ruleset's part of the kernel (the
    signature's fields, whether a right declaration reads its own side's points, what it reads
    of a seating: :meth:`deal_parts`), the values of declaring and of the deal's end, settled
    by the engine, and the bounds of the points (:func:`value_bounds`), which read no more.

    Such a value is the engine's settling of a position: its keyed fields (the signature and
    the points and tricks the kernel plays on) and what is constant in a deal and read by the
    settling (the deal's sides); the table of fields says which fields a key needs
    (:mod:`interpreter.engine.fields`), and a field left out of it is constant in a deal or read
    by no rule.  So the same signature, deal sides and match side, in another deal, settle
    alike: a signature gets an id per ruleset (:meth:`ident`; ids are never given twice, so a
    deal that holds one across a :meth:`forget` finds nothing stale), and the values are kept
    by id, as a deal kept them by its own signature index before.  On 164 five-against-five
    Schnapsen endgames, each a deal of its own, solved after 100 others, the engine settled
    1,006 declarations instead of 1,926, and the search took 0.90 of the instructions."""

    __slots__ = ("scalars", "list_names", "reads_own", "ids", "next_id", "declared", "ends", "bounds", "parts")

    def __init__(self, rs: Ruleset) -> None:
        keyed = [f for f in FIELDS if f.key and f.name not in MOVING]
        self.scalars = attrgetter(*[f.name for f in keyed if f.kind != "list"])
        self.list_names = [f.name for f in keyed if f.kind == "list"]
        # the seats whose points a right declaration's value reads (Settling._claimed): the
        # other sides', and its own side's only where the game points' expression reads them
        self.reads_own = rs.scoring.method != "game_points" or bool({"points"} & rs.scoring.game_points.names)
        self.ids: dict[tuple[Any, ...], int] = {}
        self.next_id = 0
        self.declared: dict[tuple[int, ...], int] = {}
        self.ends: dict[tuple[int, ...], int] = {}
        #: bounds on the value per signature id, points and tricks (the upper, then the lower)
        self.bounds: dict[tuple[int, ...], tuple[int, int]] = {}
        self.parts: dict[tuple[Any, ...], _DealParts] = {}  # per seating: a handful

    def deal_parts(self, st: DealState, side: int) -> _DealParts:
        """What the kernel reads of a deal's constants (who sits in which deal side), for match
        side ``side``: per seat whether it maximises, its deal side, the seats whose points its
        claim counts and those a right claim's value reads; what the settling reads beside the
        signature (``valued``); and :func:`deal_worth`.  Worked out once per seating, not once
        per search (a few microseconds, of an endgame's few hundred)."""
        key = (st.deal_sides, st._side, side)
        got = self.parts.get(key)
        if got is None:
            n = st.n
            mine = plays_for(st, side)
            deal_side = tuple(st.side(seat) for seat in range(n))
            side_seats = tuple(st.deal_sides[deal_side[seat]] for seat in range(n))  # the seats a claim counts
            reads_own = self.reads_own
            read_when_right = tuple(tuple(o for o in range(n) if reads_own or o not in side_seats[seat]) for seat in range(n))
            valued = (tuple(st.deal_sides), tuple(st._side), side)  # what the settling reads beside the signature
            got = self.parts[key] = (mine, deal_side, side_seats, read_when_right, valued, deal_worth(st, side))
        return got

    def ident(self, key: tuple[Any, ...]) -> int:
        """The id of a signature (with the deal's sides and the match side valued)."""
        got = self.ids.get(key)
        if got is None:
            got = self.ids[key] = self.next_id
            self.next_id += 1
        return got

    def forget(self) -> None:
        """Forget the values once there are too many (the ids given go on counting)."""
        if len(self.declared) + len(self.ends) + len(self.bounds) > SETTLED_KEPT:
            self.ids.clear()
            self.declared.clear()
            self.ends.clear()
            self.bounds.clear()


def _shared(rs: Ruleset) -> _Shared:
    cache = rs.tables.engine_cache
    got = cache.get("strict kernel shared")
    if not isinstance(got, _Shared):
        got = cache["strict kernel shared"] = _Shared(rs)
    return got


class KernelTables:
    """What the kernel learns in one deal, kept by the solver beside its own table: the
    signatures seen (a scratch
    state of each, the most its bonuses and marriages add to a claim, its marriage points
    waiting for a trick), the marriages a leader may announce, and where announcing one or a
    trick that frees waiting marriage points leads.  (The followers' ordered cards depend on
    the ruleset's duties alone: they are kept per ruleset, see :data:`FOLLOWS_KEPT`; the values
    of declaring and of the deal's end, and the bounds of the points, per ruleset by the
    signature's id: see :class:`_Shared`.)"""

    __slots__ = ("table", "signatures", "scratch", "above", "waits", "ids", "marriages", "married", "freed", "root_best")

    def __init__(self) -> None:
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.signatures: dict[tuple[Any, ...], int] = {}
        self.scratch: list[DealState] = []
        self.above: list[list[int]] = []
        self.waits: list[tuple[int, ...]] = []
        self.ids: list[int] = []  # per signature, its id per ruleset (see _Shared)
        self.marriages: dict[tuple[int, ...], list[int]] = {}
        self.married: dict[tuple[int, int, int], tuple[int, bool]] = {}
        self.freed: dict[tuple[int, int], int] = {}
        #: the move that set the value of the last root the kernel searched (its table
        #: entry's move: the cut's for a bound proved, else the best of the others)
        self.root_best = -1

    def clear(self) -> None:
        for part in (self.table, self.signatures, self.marriages, self.married, self.freed):
            part.clear()
        self.scratch.clear()
        self.above.clear()
        self.waits.clear()
        self.ids.clear()


def plays_for(st: DealState, side: int) -> tuple[bool, ...]:
    """Per seat, whether it plays for the value of match side ``side`` in ``st`` (maximises
    it): the seats of the deal side that side's seats play in -- its partners of the match
    and, where a deal makes partners of its own (the defenders under ``players.sides:
    bidder_vs_rest`` or ``forehand_vs_rest``, who score alike: the result hands a deal side's
    score to each match side in it), its partners of the deal.  Every other seat minimises
    it: with three deal sides or more, the paranoid reduction.  Before an auction has found
    the bidder every seat is a deal side of its own."""
    own = st.side(st.rs.sides[side][0])
    return tuple(st.side(seat) == own for seat in range(st.n))


def deal_worth(st: DealState, side: int) -> tuple[list[int], list[bool], list[bool]]:
    """Per deal side of ``st``: what a score of it is worth to the value of match side
    ``side`` (``2 * scores[side] - sum(scores)``: the result hands a deal side's score to each
    match side whose first seat sits in it), whether it holds a seat that maximises, and
    whether it holds one that minimises (:func:`plays_for`: the deal side of ``side``'s
    seats maximises, every other one minimises)."""
    first_in = [st.side(seats[0]) for seats in st.rs.sides]
    sides = range(len(st.deal_sides))
    own = first_in[side]
    worth = [(2 if d == own else 0) - first_in.count(d) for d in sides]
    has_max = [d == own for d in sides]
    has_min = [d != own for d in sides]
    return worth, has_max, has_min


def value_bounds(
    limits: tuple[list[int], list[int], list[int], list[int]] | None, worth: tuple[list[int], list[bool], list[bool]],
) -> tuple[int, int]:
    """The most and the least the value of a position may still be (upper, lower), from the
    engine's :meth:`~interpreter.engine.settle.Settling.score_limits` of it and
    :func:`deal_worth`: a deal awarded to one side, a closer's failure, a false declaration
    or a closing to come scored by every other side -- and 0, where nobody scores.  Declaring
    and closing are choices, never duties: a seat that declares falsely could have played on,
    one that closes could have led without closing.  So the upper bound leaves out the false
    declarations and the closings to come of the deal sides without a maximising seat, and the
    lower bound those of the sides without a minimising one (the value of a game where one
    player forgoes some choices bounds the value of the whole game on his side: the others can
    only do better against him).  ``(INF, -INF)`` where the limits are unknown."""
    if limits is None:
        return INF, -INF
    won, as_opponent, failed, if_closed = limits
    value_of, has_max, has_min = worth
    sides = range(len(value_of))
    ub = lb = 0
    for d in sides:
        w = value_of[d] * won[d]
        ub, lb = max(ub, w), min(lb, w)
    ub = max(ub, sum(max(value_of[d], 0) * failed[d] for d in sides))
    lb = min(lb, sum(min(value_of[d], 0) * failed[d] for d in sides))
    closable = any(if_closed)
    for a in sides:  # a false declaration by deal side a, or a closing of its own that fails: every other side scores
        if has_max[a]:
            ub = max(ub, sum(max(value_of[o], 0) * as_opponent[o] for o in sides if o != a))
            if closable:
                ub = max(ub, sum(max(value_of[o], 0) * if_closed[o] for o in sides if o != a))
        if has_min[a]:
            lb = min(lb, sum(min(value_of[o], 0) * as_opponent[o] for o in sides if o != a))
            if closable:
                lb = min(lb, sum(min(value_of[o], 0) * if_closed[o] for o in sides if o != a))
    return ub, lb


def position_bounds(st: DealState, side: int) -> tuple[int, int]:
    """The most and the least the value of ``st`` may still be for match side ``side``
    (:func:`value_bounds` of the engine's :meth:`~interpreter.engine.settle.Settling.score_limits`):
    where a search proves one of them, no other pass is needed."""
    return value_bounds(st.score_limits(), _shared(st.rs).deal_parts(st, side)[5])


def compile_kernel(
    side: int, st: DealState, kt: KernelTables, tick: Callable[[int], int],
) -> Callable[[DealState, int, bool], int]:
    """The kernel's search for match side ``side`` in the deal of ``st``: ``enter(state,
    beta, root)`` is the fail-soft value of ``state`` (where :func:`position_allows`) against
    the null window (beta-1, beta), as the solver's own search gives it; ``state`` is not
    touched.  With ``root`` the move that set the value is left in ``kt.root_best``.
    ``tick(k)`` counts ``k`` nodes visited into the solver's count, checks its limits (raising
    to stop) and says how many nodes may pass before it is told again."""
    rs = st.rs
    t = rs.tables
    n = st.n
    shared = _shared(rs)
    # who plays with whom: read again when a position of another seating is entered (a search
    # from the auction, whose bids make the deal's sides, enters the strict phase of each)
    mine, deal_side, side_seats, read_when_right, valued, worth = shared.deal_parts(st, side)
    seating = st._side
    pts = t.points
    points_get = pts.__getitem__
    beats_by_trump = t.beats
    claim_on_trick = t.claim_on_trick
    scalars = shared.scalars
    list_names = shared.list_names
    target = t.claim_target
    above = kt.above
    table = kt.table
    table_get = table.get
    bounds = shared.bounds
    ids = kt.ids
    declared = shared.declared
    ends = shared.ends
    follows: dict[tuple[int, ...], list[int]] = t.engine_cache.setdefault("strict kernel follows", {})  # type: ignore[assignment]
    leads: dict[int, tuple[list[int], bool]] = t.engine_cache.setdefault("strict kernel leads", {})  # type: ignore[assignment]
    # per trumps and the card winning the trick so far: the cards' places in a follower's order
    orders: dict[tuple[int, int], list[int]] = t.engine_cache.setdefault("strict kernel follow orders", {})  # type: ignore[assignment]
    deck_size = rs.deck.size
    waits = kt.waits
    marriages = kt.marriages
    married = kt.married
    freed = kt.freed
    low, shift = t.marriage_low, t.marriage_shift
    hands = [0] * n
    points = [0] * n
    tricks = [0] * n
    leader = 0
    claim = False
    closing_lead = False  # the closer leads the trick he closed before (marriage.on_closing_lead)
    sig = 0
    offset = 0  # tricks played minus the tricks counted per seat, in the signature
    beats: tuple[int, ...] = beats_by_trump[0]
    trump = -1
    scratch = st
    count = 0  # nodes visited since tick was last told
    false_max = INF  # the value of the last false declaration valued for a maximising seat
    false_min = -INF  # and for a minimising one (none yet: a value that puts the next first)
    allowance = 0  # nodes that may pass before it is told again
    root_key: tuple[Any, ...] = ()  # the table's key of the root searched, where it is one

    def signature(s: DealState) -> int:
        key = (scalars(s), s.tricks_played - sum(s.tricks), *[tuple(getattr(s, name)) for name in list_names])
        got = kt.signatures.get(key)
        if got is None:
            got = kt.signatures[key] = len(kt.scratch)
            kt.scratch.append(s.copy())
            sc = kt.scratch[got]
            # per seat: the most its side's points can be above the cards' points of its tricks
            # (bonus and marriages, counted or not): a claim below the target by that is false
            kt.above.append([sum(sc.bonus[o] + sc.meld[o] for o in side_seats[seat]) for seat in range(n)])
            kt.waits.append(tuple(sc.meld_wait))
            ids.append(shared.ident((key, valued)))
        return got

    def value(scores: tuple[int, ...]) -> int:
        return 2 * scores[side] - sum(scores)

    def bounds_here() -> tuple[int, int]:
        """:func:`value_bounds` of the kernel's position (the scratch state given its points and
        tricks: all that the limits read beside the signature)."""
        scratch.points = points
        scratch.tricks = tricks
        return value_bounds(scratch.score_limits(), worth)

    def set_scratch(sc: DealState, to_act: int, trick: list[int], claim_seat: int = -1) -> None:
        """The scratch state at the kernel's position (the engine reads these fields only)."""
        sc.hands = hands[:]
        sc.points = points[:]
        sc.tricks = tricks[:]
        sc.tricks_played = sum(tricks) + offset
        sc.leader = leader
        sc.turn = to_act
        sc.trick = trick
        sc.claim_seat = claim_seat
        sc.closed_this_lead = closing_lead

    def declare_value(seat: int, led: int, false: bool) -> int:
        """What declaring is worth for ``seat``: leading, or after announcing a marriage with
        ``led`` (-1 for a lead).  A false declaration is kept per tricks alone: the engine's
        penalty for it reads no points; a right one per tricks and the points of the other
        sides (its own side's too where the game points' expression reads ``points``): the
        engine's award reads no more (``Settling._claimed``; the proofs against minimax would
        fail were that to change).  Whether it is right is the engine's count
        (``side_points``), unless ``false`` says it is surely short of the target; a false
        one's value is remembered for the move order of the next one (the solver's rule)."""
        nonlocal false_max, false_min
        wrong = false
        if not false:  # the scratch state given the points and tricks alone: side_points reads no more
            scratch.points = points
            scratch.tricks = tricks
            wrong = scratch._side_points(deal_side[seat]) < target
        if wrong:
            key: tuple[int, ...] = (ids[sig], seat, led, -1, *tricks)
        else:
            key = (ids[sig], seat, led, -2, *tricks, *[points[o] for o in read_when_right[seat]])
        v = declared.get(key)
        if v is None:
            if led < 0:
                set_scratch(scratch, seat, [], seat)
            else:
                set_scratch(scratch, (seat + 1) % n, [led], seat)
            v = declared[key] = value(scratch.declare_result().scores)
        if false:
            if mine[seat]:
                false_max = v
            else:
                false_min = v
        return v

    def end_value(trick: list[int], winner: int, gained: int) -> int:
        """The deal's value once ``trick``, its last, is complete (the engine plays its last card)."""
        points[winner] += gained
        tricks[winner] += 1
        key = (ids[sig], winner, *points, *tricks)
        points[winner] -= gained
        tricks[winner] -= 1
        v = ends.get(key)
        if v is None:
            sc = played(trick)
            assert sc.result is not None and sc.last_winner == winner, "the kernel's trick is the engine's"
            v = ends[key] = value(sc.result.scores)
        return v

    def played(trick: list[int]) -> DealState:
        """A copy of the scratch state once the engine played the last card of ``trick``."""
        last = (leader + len(trick) - 1) % n
        sc = scratch.copy()
        set_scratch(sc, last, trick[:-1])
        sc.hands[last] |= 1 << trick[-1]
        sc.step_code(trick[-1])
        return sc

    def freeing(trick: list[int], winner: int) -> int:
        """The signature once ``winner``'s marriage points that waited for his trick count."""
        sc = played(trick)
        assert sc.result is None and sc.last_winner == winner, "the kernel's trick is the engine's"
        got = freed[sig, winner] = signature(sc)
        return got

    def lead_cards(hand: int) -> tuple[list[int], bool]:
        """A leader's cards, worth most first, and whether the hand holds a marriage pair."""
        cards = []
        m = hand
        while m:
            low_bit = m & -m
            cards.append(low_bit.bit_length() - 1)
            m ^= low_bit
        cards.sort(key=points_get, reverse=True)
        return cards, bool(hand & low & (hand >> shift if shift >= 0 else hand << -shift))

    def lead_marriages(seat: int, hand: int) -> list[int]:
        """The marriages the leader may announce (the engine's legal codes), the most valuable
        card led first."""
        set_scratch(scratch, seat, [])
        codes = [c for c in scratch.legal_codes() if c >= MARRY_BASE]
        assert all(c < EXCHANGE for c in codes), "only cards and marriages where the kernel plays"
        codes.sort(key=lambda c: pts[c - MARRY_BASE], reverse=True)
        return codes

    def marrying(seat: int, code: int) -> tuple[int, bool]:
        """The engine announces the marriage: the signature it leads to (its points), and
        whether the seat may declare at once (``claim.after_marriage``)."""
        sc = scratch.copy()
        set_scratch(sc, seat, [])
        sc.step_code(code)
        assert sc.result is None and sc.trick == [code - MARRY_BASE], "a marriage is a lead"
        got = married[sig, seat, code] = (signature(sc), sc.claim_seat == seat)
        return got

    def follow_cards(trick: list[int], seat: int, hand: int) -> list[int]:
        """The follower's legal cards, in the solver's order: the cards that would take the
        trick so far first, worth most first, then the others cheapest first.  They are the
        engine's duties (``Legality.follow_mask``): where the kernel plays, a follower may do
        nothing but play (:func:`rules_allow`), so the duties are his whole legal set.  They
        read the trick, trumps and the contract only: the scratch state is given the trick
        alone (every other use of it sets what it reads first).  The order is a sort by each
        card's place (:func:`follower_places`, kept per trumps and the card winning the trick)."""
        scratch.trick = trick
        allowed = scratch.follow_mask(hand)[0]
        winning = trick[0]
        for card in trick:
            if beats[winning] >> card & 1:
                winning = card
        okey = (trump, winning)
        place = orders.get(okey)
        if place is None:
            place = orders[okey] = follower_places(winning, beats, points_get, deck_size)
        codes = bit_list(allowed)
        codes.sort(key=place.__getitem__)
        return codes

    def false_claim(seat: int) -> bool:
        """Whether a declaration by ``seat`` is surely false: too few points even counting
        every bonus and marriage."""
        got = above[sig][seat]
        for o in side_seats[seat]:
            got += points[o]
        return got < target

    def lead(beta: int) -> int:
        nonlocal count, allowance, sig, scratch
        seat = leader
        key = (sig, seat, claim, closing_lead, *hands, *points, *tricks)
        entry = table_get(key)
        tt_move = -1
        if entry is not None:
            if entry[0] >= beta:
                return entry[0]
            if entry[1] < beta:
                return entry[1]
            tt_move = entry[2]
        # a question of the margin (a window at 2 or more, or below 0): the bounds of the points
        # may answer it.  Never at the root, whose move the solver needs; never at 0 or 1 (who
        # wins), where a bound would have to be 0 itself to answer (the upper one is 0 or
        # more, the lower one 0 or less) -- on 60 endgames of Schnapsen, 948 bounds worked
        # out at 0 answered none, against 154 of 239 at the other windows
        if (beta > 1 or beta < 0) and key != root_key:
            bkey = (ids[sig], *points, *tricks)
            bound = bounds.get(bkey)
            if bound is None:
                bound = bounds[bkey] = bounds_here()
            if bound[0] < beta or bound[1] >= beta:
                lower, upper = (entry[0], entry[1]) if entry is not None else (-INF, INF)
                table[key] = (max(lower, bound[1]), min(upper, bound[0]), tt_move)
                return bound[0] if bound[0] < beta else bound[1]
        maximising = mine[seat]
        g = -INF if maximising else INF
        best = -1
        hand = hands[seat]
        got_cards = leads.get(hand)
        if got_cards is None:
            got_cards = leads[hand] = lead_cards(hand)
        cards = got_cards[0]  # shared: every change below makes a new list
        if got_cards[1]:  # a marriage in hand: first
            mkey = (sig, seat, hand, closing_lead, sum(tricks))  # all the engine's rule reads
            got = marriages.get(mkey)
            if got is None:
                got = marriages[mkey] = lead_marriages(seat, hand)
            if got:
                cards = got + cards
        false = False
        if claim:  # declaring first, but a surely false declaration last unless the last one
            # valued for this kind of seat would decide the window (the solver's rule, see its docstring)
            false = false_claim(seat)
            if false and ((false_max < beta) if maximising else (false_min >= beta)):
                cards = [*cards, DECLARE]
            else:
                cards = [DECLARE, *cards]
        if tt_move >= 0 and cards[0] != tt_move:
            cards = [tt_move, *[c for c in cards if c != tt_move]]
        nxt = (seat + 1) % n
        for c in cards:
            count += 1
            if count >= allowance:
                done, count = count, 0
                allowance = tick(done)
            if c < MARRY_BASE:
                hands[seat] = hand ^ (1 << c)
                v = follow([c], nxt, beta)
                hands[seat] = hand
            elif c == DECLARE:
                v = declare_value(seat, -1, false)
            else:  # a marriage: its points change the signature; the card is led
                step = married.get((sig, seat, c))
                if step is None:
                    step = marrying(seat, c)
                before = sig
                sig = step[0]
                scratch = kt.scratch[sig]
                card = c - MARRY_BASE
                hands[seat] = hand ^ (1 << card)
                v = announced(seat, card, beta) if step[1] else follow([card], nxt, beta)
                hands[seat] = hand
                sig = before
                scratch = kt.scratch[sig]
            if maximising:
                if v > g:
                    g, best = v, c
                    if g >= beta:
                        break
            elif v < g:
                g, best = v, c
                if g < beta:
                    break
        if g >= beta:
            table[key] = (g, entry[1] if entry is not None else INF, best)
        else:
            table[key] = (entry[0] if entry is not None else -INF, g, best)
        return g

    def announced(seat: int, card: int, beta: int) -> int:
        """The seat announced a marriage, leading ``card``, and may declare at once: declaring
        first, or last where it is surely false (as at a lead), else playing on."""
        nonlocal count, allowance
        maximising = mine[seat]
        false = false_claim(seat)
        declare_last = false and ((false_max < beta) if maximising else (false_min >= beta))
        g = -INF if maximising else INF
        for declaring in ((False, True) if declare_last else (True, False)):
            count += 1
            if count >= allowance:
                done, count = count, 0
                allowance = tick(done)
            if declaring:
                v = declare_value(seat, card, false)
            else:
                v = follow([card], (seat + 1) % n, beta)
            g = max(g, v) if maximising else min(g, v)  # (rare: not the hot loops' inline cut)
            if (g >= beta) == maximising:
                break
        return g

    def follow(trick: list[int], seat: int, beta: int) -> int:
        nonlocal count, allowance
        hand = hands[seat]
        fkey = (trump, hand, *trick)  # the duties read the trick, the hand and trumps only
        cards = follows.get(fkey)
        if cards is None:
            cards = follows[fkey] = follow_cards(trick, seat, hand)
        maximising = mine[seat]
        g = -INF if maximising else INF
        last = len(trick) + 1 == n
        nxt = (seat + 1) % n
        for c in cards:
            count += 1
            if count >= allowance:
                done, count = count, 0
                allowance = tick(done)
            hands[seat] = hand ^ (1 << c)
            trick.append(c)
            v = complete(trick, beta) if last else follow(trick, nxt, beta)
            trick.pop()
            if maximising:
                if v > g:
                    g = v
                    if g >= beta:
                        break
            elif v < g:
                g = v
                if g < beta:
                    break
        hands[seat] = hand
        return g

    def complete(trick: list[int], beta: int) -> int:
        """The trick is complete: its winner takes its points and leads (or the deal ends)."""
        nonlocal leader, claim, closing_lead, sig, scratch
        best = trick[0]
        pos = i = gained = 0
        for c in trick:
            gained += pts[c]
            if beats[best] >> c & 1:
                best, pos = c, i
            i += 1
        winner = (leader + pos) % n
        if not any(hands):
            return end_value(trick, winner, gained)
        before, could, closing, was = leader, claim, closing_lead, sig
        if waits[sig][winner]:  # his marriage points waited for this trick: they count now
            got = freed.get((sig, winner))
            sig = freeing(trick, winner) if got is None else got
            scratch = kt.scratch[sig]
        points[winner] += gained
        tricks[winner] += 1
        leader, claim, closing_lead = winner, claim_on_trick, False
        v = lead(beta)
        leader, claim, closing_lead = before, could, closing
        points[winner] -= gained
        tricks[winner] -= 1
        if sig != was:
            sig = was
            scratch = kt.scratch[sig]
        return v

    def enter(s: DealState, beta: int, root: bool) -> int:
        nonlocal sig, scratch, offset, leader, claim, closing_lead, beats, trump, count, allowance, root_key
        nonlocal mine, deal_side, side_seats, read_when_right, valued, worth, seating
        if s._side != seating:
            mine, deal_side, side_seats, read_when_right, valued, worth = shared.deal_parts(s, side)
            seating = s._side
        if len(follows) > FOLLOWS_KEPT:
            follows.clear()
        if len(leads) > FOLLOWS_KEPT:
            leads.clear()
        shared.forget()
        sig = signature(s)
        scratch = kt.scratch[sig]
        offset = s.tricks_played - sum(s.tricks)
        hands[:] = s.hands
        points[:] = s.points
        tricks[:] = s.tricks
        leader = s.turn
        claim = s.claim_seat == s.turn
        closing_lead = s.closed_this_lead
        trump = s.trump
        beats = beats_by_trump[trump + 1]
        allowance = tick(0)
        root_key = (sig, leader, claim, closing_lead, *hands, *points, *tricks) if root else ()
        try:
            g = lead(beta)
        finally:
            done, count = count, 0
            tick(done)
        if root:
            kt.root_best = table[(sig, leader, claim, closing_lead, *hands, *points, *tricks)][2]
        return g

    return enter
