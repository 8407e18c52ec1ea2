"""Worlds consistent with what one seat has seen: sampling the hidden cards from a view.

A search bot that may not look at hidden cards plays against *worlds*: full states that agree
with everything its seat has seen.  :class:`WorldSampler` works from a
:class:`~interpreter.engine.views.SeatView` alone -- never from the state -- and draws such
states uniformly at random, without rejection loops.

What a view says about the hidden cards, and how it is used:

* every card the seat has seen is where it saw it: its own hand, the cards played (each was in
  its player's hand when played), the turn-up, cards others were seen to take (an exchanged
  turn-up, the last draw) or show (the partner of an announced marriage, the card exchanged);
* a player who did not follow, trump or head a trick as the strict phase demands revealed that
  he held none of the cards that would have obliged him to.  Which cards those are is asked of
  the engine's own follow rule (:meth:`~interpreter.engine.legality.Legality.follow_mask`): the
  card played is tried against each other card as a two-card hand, so the inference is exact
  for any ruleset's duties and written nowhere else;
* where leading a card of a marriage announces it (``marriage.must_announce: false``), a player
  who led such a card alone when he might have announced a marriage revealed that he did not
  hold its partner then;
* cards enter a hand at known times -- the deal, and each round of drawing (``view.draws``) --
  so "did not hold X at time t" forbids X only in the slots of that hand filled before t;
* a player who announced a contract that needs a card of some rank in the hand
  (``bidding.contracts[].holding``: the Ass-Bettler's ace) held one then.  That is a choice
  among cards, not a limit on one: the worlds are split into disjoint pieces -- he held the
  first such card, or not it but the second, ... -- each counted exactly and drawn by its count.
* cards hidden in the widow that count for their taker (laid away face down, a widow won
  unseen) are limited in points where a side's points end the deal at a target (a contract
  decided by points, ``claim.automatic``): the deal going on says the taker's side was below it
  (:func:`~interpreter.search.hidden_points.hidden_point_cap`).  The counting keeps the points
  put in the widow, so the worlds left out are never counted, nor drawn.

The hidden cards are then placed in the other hands, the face-down stock and the widow.  The
placements consistent with all of the above are counted exactly (a small dynamic programme
over groups of cards that carry the same constraints), and one is drawn with probability
proportional to its number of card assignments, so every consistent world is equally likely:
no world is tried and thrown away.  The stock's order is a uniform shuffle of its cards.

A world is also a full deal: :meth:`World.initial_deal` gives hands, stock and turn-up from
which the public history replays to the same position.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Iterator
from itertools import combinations
from dataclasses import dataclass
from typing import Any, Final
from math import factorial

from interpreter.core.actions import (
    BID_BASE,
    CLOSE,
    CLOSE_BEFORE_DRAW,
    DISCARD_BASE,
    EXCHANGE,
    HIDDEN_DISCARD,
)
from interpreter.core.cards import bit_list
from interpreter.core.errors import RulesError
from interpreter.engine.fields import recorder
from interpreter.engine.position import AUCTION, NAMING
from interpreter.engine.state import DealState
from interpreter.engine.trick import winning_position
from interpreter.engine.views import PUBLISHED, Public, SeatView
from interpreter.rules.ruleset import Ruleset
from interpreter.search.hidden_points import hidden_point_cap
from interpreter.rules.tables import KIND_BID, KIND_MARRY, KIND_PLAY

__all__ = ["InconsistentView", "World", "WorldSampler", "sample_world"]

_NEVER: Final = 1 << 30  # an entry time later than any
_FROM_WIDOW: Final = -2  # the stock index of a slot filled from the widow (widow.to: declarer_hand)
_LAID_AWAY: Final = -1  # the seat of a piece's card that lies among the cards laid away (WorldSampler._split)

#: a state of the counting: the next group of hidden cards, the places left in each location,
#: the earliest entry times given to each other seat, the points put in the hidden widow so far
_Key = tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...], int]


class InconsistentView(RulesError):
    """No deal agrees with the view (it was not taken from a real deal of this ruleset)."""


@dataclass(frozen=True, slots=True)
class _Slot:
    """A place a card entered a hand through: the deal (time 0) or a draw from the stock."""

    seat: int
    time: int       # history length when the card entered the hand
    stock: int      # its stock index, or -1 for a card of the deal


class _Timeline:
    """What the public history of a view says about where cards were, computed once.

    A position built from values (a position string, :func:`~interpreter.engine.build.build_position`)
    has no history: then every hand is taken as dealt as it is now (``partial``), the only
    knowledge being the cards in view and those others know.
    """

    def __init__(self, view: SeatView) -> None:
        self.partial = False
        rs = view.rs
        t = rs.tables
        p = view.public
        n = rs.players.count
        self.n = n
        sitting = p.sitting_out
        active = [s for s in range(n) if s not in sitting]
        seat_at, _, _ = rs.deal_plans[p.dealer]
        self.slots: list[list[_Slot]] = [[] for _ in range(n)]
        for _, seat in seat_at:
            self.slots[seat].append(_Slot(seat, 0, -1))
        if p.to_discard:  # the widow taken into the declarer's hand, some of it not yet laid away
            taken_at = len(view.history_codes) - p.widow_size
            taker = p.widow_taker
            for _ in range(p.to_discard):
                self.slots[taker].append(_Slot(taker, taken_at, _FROM_WIDOW))
        # cards each seat is known to have held, with the last time it still held them, and
        # cards it received openly (not through a slot), or gave away (the exchanged card)
        self.held_until: list[dict[int, int]] = [{} for _ in range(n)]
        self.received: list[set[int]] = [set() for _ in range(n)]
        self.given: list[set[int]] = [set() for _ in range(n)]
        # per seat: the time each card left its hand (played, or given in an exchange); a card
        # known to be held and not yet gone is held now, whenever it was seen
        self.left: list[dict[int, int]] = [{} for _ in range(n)]
        # per seat: (time, mask) -- at that time the seat held none of the cards in mask
        self.lacked: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.played = 0
        # (history index, winner) of each trick completed, (history index, seat, card) of each
        # marriage announced or shown: the moments a deal may end on points (hidden_point_cap)
        self.trick_ends: list[tuple[int, int]] = []
        self.marriages: list[tuple[int, int, int]] = []
        self.married = 0  # the marriages announced or shown, by the card of their first rank (DealState.married: a world's too)
        # the engine's own rules, asked on a probe that holds only the public fields they read:
        # whether play is strict (Position.strict) and what a follower may play (follow_mask)
        probe = DealState(None)  # an empty shell (Position.__init__ without a ruleset)
        probe.rs, probe.t, probe._strict_always = rs, t, t.strict_always
        probe.stock, probe.spos, probe.closed = (0,) * p.stock_size, 0, False
        probe.contract = rs.bidding.contract(p.high_bid) if p.phase != AUCTION else None  # its own duties, if any
        probe.order = p.order  # its own card order (cards are played only once it is fixed)
        trump = t.suit_of[p.first_turnup] if p.first_turnup >= 0 else -1
        if rs.trump.selection in ("dealer_card", "named"):  # trump is fixed before the first card
            trump = p.trump
        lead_sets = p.lead_trump  # the engine's own flag, published: a game without trump has it off
        turnup = p.first_turnup
        stock_size = p.stock_size
        spos = 0
        trick: list[int] = []
        leader = -1
        draws = list(view.draws)
        history = view.history_codes
        size = len(active)
        for i in range(len(history) + 1):
            while draws and draws[0] == i:  # a round of drawing, before action i
                draws.pop(0)
                if leader < 0:  # after a trick the history does not hold (a start given as a position):
                    continue  # the history cannot account for the cards gone, and is set aside below
                seat = leader
                for _ in range(size):
                    if spos < stock_size:
                        self.slots[seat].append(_Slot(seat, i, spos))
                        spos += 1
                    elif turnup >= 0:
                        self.received[seat].add(turnup)
                        self.held_until[seat].setdefault(turnup, _NEVER)
                        turnup = -1
                    seat = active[(active.index(seat) + 1) % size]
            if i == len(history):
                break
            h = history[i]
            seat, code = h >> 16, h & 0xFFFF
            kind = t.code_kind[code]
            if code == CLOSE or code == CLOSE_BEFORE_DRAW:
                probe.closed, probe.closer, probe.closed_this_lead = True, seat, True
            elif code == EXCHANGE:
                card = rs.exchange_card[trump]
                self.given[seat].add(card)
                self.held_until[seat][card] = min(self.held_until[seat].get(card, _NEVER), i)
                self.left[seat].setdefault(card, i)
                self.received[seat].add(turnup)
                turnup = card
            if kind != KIND_PLAY and kind != KIND_MARRY:
                continue
            card = t.code_card[code]
            if kind == KIND_MARRY:
                self.marriages.append((i, seat, card))
                self.married |= 1 << (card if t.marriage_low >> card & 1 else rs.marriage_partner[card])
            if kind == KIND_MARRY and trick:  # a partner's marriage shown, not played: he holds both
                for shown in (card, rs.marriage_partner[card]):
                    self.held_until[seat][shown] = min(self.held_until[seat].get(shown, _NEVER), i)
                continue
            if not trick and trump < 0 and lead_sets:
                trump = t.suit_of[card]
            if kind == KIND_MARRY:
                partner = rs.marriage_partner[card]
                self.held_until[seat][partner] = min(self.held_until[seat].get(partner, _NEVER), i)
            probe.turnup, probe.spos = turnup, spos
            if not trick and kind == KIND_PLAY and t.marry_automatic:  # a card of a marriage led alone
                self._led_alone(probe, seat, card, i)
            probe.closed_this_lead = False  # a card is led or played: the lead at which a player closed is over
            if trick and probe.strict():
                probe.trick, probe.trump = trick, trump
                lacked = 0
                for other in range(t.size):
                    if other != card and not probe.follow_mask(1 << card | 1 << other)[0] >> card & 1:
                        lacked |= 1 << other
                if lacked:
                    self.lacked[seat].append((i, lacked))
            self.held_until[seat][card] = min(self.held_until[seat].get(card, _NEVER), i)
            self.left[seat][card] = i
            self.played |= 1 << card
            if not trick:
                leader = seat
            trick.append(card)
            if len(trick) == size:
                pos = winning_position(trick, t.beats_of[p.order][trump + 1])
                leader = active[(active.index(leader) + pos) % size]
                self.trick_ends.append((i, leader))
                trick = []
        table = sum(1 << c for c in p.trick)
        if self.played != p.gone | table:  # the history does not account for the cards gone
            self.partial = True
            self.played = p.gone | table
            self.slots = [[_Slot(s, 0, -1) for _ in range(p.hand_sizes[s])] for s in range(n)]
            self.held_until = [{} for _ in range(n)]
            self.received = [set() for _ in range(n)]
            self.given = [set() for _ in range(n)]
            self.left = [{} for _ in range(n)]
            self.lacked = [[] for _ in range(n)]
            self.trick_ends, self.marriages = [], []

    def _led_alone(self, probe: DealState, seat: int, card: int, i: int) -> None:
        """``marriage.must_announce: false``: a card led alone at action ``i`` that would have
        announced its marriage, had its partner been in the hand, says the partner was not
        there -- where the leader might announce a marriage then at all (the engine's own
        :meth:`~interpreter.engine.legality.Legality.marriage_refusal`, asked of the probe
        with the deal's tricks, closing and talon as they stood), where this card is one a
        marriage is led with (``marriage.lead_card``), and where that marriage has not been
        shown already (a partner's, during a trick: :meth:`marry_card_refusal`'s "announced
        already")."""
        t = probe.t
        partner = probe.rs.marriage_partner[card]
        if partner < 0 or (t.marry_first_only and not t.marriage_low >> card & 1):
            return
        if self.married >> (card if t.marriage_low >> card & 1 else partner) & 1:
            return  # shown already (a partner's marriage, marriage.who): it is not announced again, the card is led alone
        probe.trick, probe.tricks_played = [], len(self.trick_ends)
        if probe.marriage_refusal(seat) is None:
            self.lacked[seat].append((i, 1 << partner))

    def lower_bound(self, seat: int, card: int, until: int = _NEVER) -> int:
        """The earliest entry time of ``card`` into ``seat``'s hand, if it was held there up to
        time ``until``: after every time before ``until`` at which the seat lacked it.  A card
        leaves a hand only when played or given away, so ``until`` is that time (``left``), or
        ``_NEVER`` for a card still held -- not the first time it was seen held: a card shown
        (or announced) early and not played since was held through every later void too."""
        lo = 0
        for time, mask in self.lacked[seat]:
            if time < until and mask >> card & 1:
                lo = max(lo, time + 1)
        return lo


def _shown_holder(rs: Ruleset, dealer: int) -> int:
    """The seat the card shown for trump is dealt to (its place in the deal order is
    ``Ruleset.deal_marks``; call only where the ruleset shows one)."""
    seat_at, _, _ = rs.deal_plans[dealer]
    shown_pos = rs.deal_marks[dealer][1]
    return next(seat for pos, seat in seat_at if pos == shown_pos)


def _shown_maybe_laid_away(view: SeatView) -> tuple[int, int] | None:
    """(seat, card) where the card shown for trump (``turned``: a namer who passed turned the
    first of his later cards) is nowhere this seat can place it -- not in its hand, not
    played, not known to lie in a hand -- because its holder has since laid cards away face
    down: it is in his hand, or among those.  ``None`` otherwise."""
    p = view.public
    rs = view.rs
    card = p.turned
    if card < 0 or p.widow_taker < 0 or not rs.tables.lays_away:
        return None
    holder = _shown_holder(rs, p.dealer)
    if holder != p.widow_taker or (view.hand_mask | view.widow_mask | p.gone) >> card & 1:
        return None
    if any(mask >> card & 1 for mask in p.known) or card in p.trick:
        return None
    if not any(h & 0xFFFF == HIDDEN_DISCARD for h in view.history_codes):
        return None
    return holder, card


def _holding_claims(view: SeatView) -> list[tuple[int, int, int]]:
    """What announcements told of hands: (seat, time, mask) for each bid of a contract that
    only a player holding a card of some rank may announce (``bidding.contracts[].holding``):
    at that time (the history's length) the seat held at least one card of ``mask``."""
    t = view.rs.tables
    if not any(t.contract_holding):
        return []
    claims = []
    for i, h in enumerate(view.history_codes):
        code = h & 0xFFFF
        if code >= BID_BASE and t.code_kind[code] == KIND_BID and t.contract_holding[code - BID_BASE] and h >> 16 != view.seat:
            claims.append((h >> 16, i, t.contract_holding[code - BID_BASE]))
    return claims


def _arrivals(view: SeatView, line: _Timeline) -> dict[int, tuple[int, int]]:
    """Per card of the seat's own, the entry times its slot may have, from what it saw come
    (``view.seen``): a card first seen at a time some slot of its hand was filled (a round of
    drawing, the widow taken) came through such a slot, any other one was dealt (time 0; the
    cards dealt after trump is named were seen later).  The world then deals the seat what it
    was dealt and draws it what it drew -- the seat's information state in the world is its
    own.  Empty where the history does not account for the cards (a position set up midway)."""
    if line.partial or not view.seen:
        return {}
    times = {slot.time for slot in line.slots[view.seat]}
    out: dict[int, tuple[int, int]] = {}
    for e in view.seen:
        card, time = e & 0xFF, e >> 16
        if card not in out:  # the first time it came (an exchanged card may come back as the turn-up)
            out[card] = (time, time) if time in times else (0, 0)
    return out


def _assign_known(slots: list[_Slot], cards: list[tuple[int, int, int]]) -> tuple[dict[int, _Slot], list[_Slot]] | None:
    """Place known cards (card, earliest entry, latest entry) in the earliest slots they fit.

    Slots are taken in time order and each goes to the waiting card with the earliest
    deadline; this places every card whenever any placement does, and leaves free the latest
    slots possible -- the best room for the unknown cards, whose only limits are earliest
    entry times.  Returns the placement and the free slots, or ``None`` if the cards cannot
    be placed.
    """
    placed: dict[int, _Slot] = {}
    free: list[_Slot] = []
    waiting = sorted(cards, key=lambda c: c[1])
    ready: list[tuple[int, int, int]] = []  # (deadline, card, earliest)
    k = 0
    for slot in sorted(slots, key=lambda s: s.time):
        while k < len(waiting) and waiting[k][1] <= slot.time:
            card, lo, hi = waiting[k]
            heapq.heappush(ready, (hi, card, lo))
            k += 1
        if ready and ready[0][0] < slot.time:
            return None  # a card had to be in the hand before any slot left for it
        if ready:
            _, card, _ = heapq.heappop(ready)
            placed[card] = slot
        else:
            free.append(slot)
    if len(placed) != len(cards):
        return None
    return placed, free


class World:
    """One sampled world: the full state, and the deal it comes from on request."""

    __slots__ = ("state", "_initial", "_from_widow", "_dealt_widow")

    def __init__(
        self, state: DealState, initial: list[list[int]] | None, from_widow: list[int] | None = None, dealt_widow: list[int] | None = None,
    ) -> None:
        self.state = state
        # the widow as dealt, where the seat the world is drawn for took it and saw it (else
        # it is taken to be the cards still from it and those laid away)
        self._dealt_widow = dealt_widow
        self._initial = initial  # per seat: the cards of its dealt hand (None: not known)
        # cards of the widow still in the declarer's hand (widow.to declarer_hand): the widow as
        # dealt is those and the cards laid away so far
        self._from_widow = from_widow or []

    def initial_deal(self) -> tuple[list[int], list[int], int]:
        """Hands (bit masks), stock or widow (card indexes, in order) and the first turn-up
        of a deal from which the view's history replays to :attr:`state`."""
        st = self.state
        if self._initial is None:
            raise InconsistentView("the position was built without its history: its deal is unknown")
        hands = [0] * st.n
        for seat, cards in enumerate(self._initial):
            for c in cards:
                hands[seat] |= 1 << c
        if st.rs.deal.talon:
            rest = list(st.stock)
        else:
            rest = list(self._dealt_widow) if self._dealt_widow is not None else self._from_widow + list(st.widow)
        if st.shown >= 0 and not st.rs.deal.talon and st.shown in rest:
            # The card shown for trump, laid away since: the widow as dealt is taken to be the
            # cards laid away, but this one was dealt to the seat that showed it -- so one of
            # his other cards (any: nobody saw which came from the widow) lay in the widow.
            holder = _shown_holder(st.rs, st.dealer)
            other = max(c for c in bit_list(hands[holder]) if c != st.shown)
            hands[holder] ^= 1 << other | 1 << st.shown
            rest[rest.index(st.shown)] = other
        return hands, rest, st.first_turnup


class WorldSampler:
    """Draws worlds consistent with one view, uniformly (build once per view, sample often)."""

    def __init__(self, view: SeatView, _held: tuple[tuple[int, int, int, int], ...] | None = None) -> None:
        self.view = view
        rs = view.rs
        p = view.public
        n = rs.players.count
        me = view.seat
        self._naming = p.phase == NAMING
        self._pieces: list[tuple[int, WorldSampler]] = []
        if self._naming:  # nothing is played yet: any deal of the unseen cards will do
            unseen = rs.deck.size - view.hand_mask.bit_count()
            self.count = factorial(unseen)  # an upper bound is enough: nobody solves these exactly
            return
        if _held is None:
            claims = _holding_claims(view)
            laid = _shown_maybe_laid_away(view)
            if claims or laid:  # announcements that showed a card of some rank in the hand; a card shown, then perhaps laid away
                self._split(view, claims, laid)
                return
        line = _Timeline(view)
        self._line = line
        known_in_hand = list(p.known)
        known_in_hand[me] = view.hand_mask
        turnup = p.turnup
        located = view.hand_mask | line.played | view.widow_mask
        self._laid: list[int] = []  # cards a piece of _split puts among those laid away face down
        for seat, time, card, lacked in _held or ():  # one piece of _split: seat held card at time, and none of lacked
            if seat == _LAID_AWAY:  # this piece: the card was laid away (it lies with the widow's taker)
                self._laid.append(card)
                located |= 1 << card
                continue
            if located >> card & 1:  # seen: it must be his (in his hand, or played or shown by him)
                if not (known_in_hand[seat] >> card & 1 or card in line.held_until[seat]):
                    raise InconsistentView(f"card {card} is seen elsewhere")
            else:  # not seen: still in his hand (a card he laid away face down since is not drawn
                # there: no bundled ruleset lets a player lay cards away after such an announcement)
                known_in_hand[seat] |= 1 << card
                located |= 1 << card
            line.held_until[seat][card] = min(line.held_until[seat].get(card, _NEVER), time)
            if lacked:
                line.lacked[seat].append((time, lacked))
        self._known_now = known_in_hand  # the cards known to be in each hand now (with the pieces' own)
        for mask in known_in_hand:
            located |= mask
        if turnup >= 0:
            located |= 1 << turnup
        hidden = rs.deck.full_mask & ~located
        self.hidden = bit_list(hidden)
        # per seat: its known cards placed in its slots, and the free slots left for unknown ones
        self._placed: list[dict[int, _Slot]] = []
        self._free: list[list[_Slot]] = []
        self.capacity: list[int] = []
        arrived = _arrivals(view, line)
        for seat in range(n):
            hand = known_in_hand[seat]
            cards = set(line.held_until[seat]) | set(bit_list(hand))
            cards -= line.received[seat]
            cards |= line.given[seat]
            cards.discard(-1)
            known = []
            for c in cards:  # entered after every void up to its leaving, by the first time seen held
                until = line.held_until[seat].get(c, _NEVER)
                known.append((c, line.lower_bound(seat, c, line.left[seat].get(c, _NEVER)), until))
            fit = None
            if seat == me and arrived:  # its own cards where it saw them come: dealt, or drawn in that round
                fit = _assign_known(line.slots[seat], [(c, *arrived.get(c, (lo, hi))) for c, lo, hi in known])
            if fit is None:
                fit = _assign_known(line.slots[seat], known)
            if fit is None:
                raise InconsistentView(f"the cards of seat {seat} cannot have reached its hand as the history says")
            self._placed.append(fit[0])
            self._free.append(sorted(fit[1], key=lambda s: s.time))
            self.capacity.append(len(fit[1]) if seat != me else 0)
            if len(fit[1]) + hand.bit_count() != p.hand_sizes[seat]:
                raise InconsistentView(f"seat {seat} holds {p.hand_sizes[seat]} cards, but the history leaves it {len(fit[1]) + hand.bit_count()}")
            if seat == me and fit[1]:
                raise InconsistentView("the seat's own cards do not fill its hand")
        # the locations of hidden cards: each other hand, the face-down stock, the widow
        self.others = [s for s in range(n) if s != me]
        self.stock_left = p.stock_size - p.spos
        self.widow_hidden = (p.widow_size - len(self._laid)) if not view.widow_mask else 0
        caps = [self.capacity[s] for s in self.others] + [self.stock_left, self.widow_hidden]
        if sum(caps) != len(self.hidden):
            raise InconsistentView(f"{len(self.hidden)} hidden cards for {sum(caps)} places")
        self._caps = tuple(caps)
        # the most points the hidden widow may hold (the deal would have ended on them), and the
        # points of a piece's cards laid away, already there
        cap = hidden_point_cap(view, line.trick_ends, line.marriages) if self.widow_hidden or self._laid else None
        pts = rs.tables.points
        self._widow_cap = _NEVER if cap is None else cap
        self._widow_start = 0 if cap is None else sum(pts[c] for c in self._laid)
        if self._widow_start > self._widow_cap:
            raise InconsistentView("the cards laid away would have ended the deal")
        # groups of hidden cards with equal limits: per other seat, the earliest entry time, and
        # where the widow's points are limited, the card's points (the worth it adds there)
        groups: dict[tuple[tuple[int, ...], int], list[int]] = {}
        for c in self.hidden:
            groups.setdefault((tuple(line.lower_bound(s, c) for s in self.others), 0 if cap is None else pts[c]), []).append(c)
        self._groups = [(limits, worth, cards) for (limits, worth), cards in groups.items()]
        # per other seat: the entry times of its free slots, latest first (Hall's condition)
        self._free_times = [sorted((s.time for s in self._free[o]), reverse=True) for o in self.others]
        self._memo: dict[_Key, int] = {}
        self._choices: dict[_Key, list[tuple[int, tuple[int, ...]]]] = {}
        self.count = self._count(self._start())
        if self.count == 0:
            raise InconsistentView("no placement of the hidden cards agrees with the view")

    def _split(self, view: SeatView, claims: list[tuple[int, int, int]], laid: tuple[int, int] | None = None) -> None:
        """Worlds in which each claim (seat, time, mask) holds -- the seat had at least one card
        of ``mask`` at that time -- as disjoint pieces, each a sampler of plain constraints:
        it held the k-th card of the mask and none of the ones before.  Each piece is counted
        exactly, so drawing a piece by its count and a world in it keeps every consistent
        world equally likely, still without rejection.

        ``laid`` (seat, card): a card everybody saw the seat hold, and that seat laid cards
        away face down since: the card is in its hand still, or among the cards laid away --
        two pieces more, never another seat's hand (it was drawn there, in a third of the
        worlds of a Dreierschnapsen deal whose forehand passed the naming and took the talon)."""
        pieces: list[tuple[tuple[int, int, int, int], ...]] = [()]
        for seat, time, mask in claims:
            cards = bit_list(mask)
            pieces = [piece + ((seat, time, card, sum(1 << c for c in cards[:k])),) for piece in pieces for k, card in enumerate(cards)]
        if laid is not None:
            seat, card = laid
            pieces = [piece + (where,) for piece in pieces for where in ((seat, 0, card, 0), (_LAID_AWAY, 0, card, 0))]
        total = 0
        for piece in pieces:
            try:
                sampler = WorldSampler(view, piece)
            except InconsistentView:
                continue
            total += sampler.count
            self._pieces.append((total, sampler))
        self.count = total
        if total == 0:
            raise InconsistentView("no deal gives the announcers the cards their contracts need")

    # ------------------------------------------------------------------ counting
    def _start(self) -> _Key:
        return 0, self._caps, tuple(() for _ in self.others), self._widow_start

    def _after(self, key: _Key, split: tuple[int, ...]) -> _Key:
        """The state of the counting once group ``key[0]`` is split into the places."""
        g, caps, bounds, widow = key
        limits, worth, _ = self._groups[g]
        return g + 1, tuple(c - x for c, x in zip(caps, split)), _with_bounds(bounds, limits, split), widow + worth * split[-1]

    def _fits(self, k: int, bounds: tuple[int, ...]) -> bool:
        """Whether unknown cards with these earliest entry times fit other seat ``k``'s free slots."""
        times = self._free_times[k]
        for i, lo in enumerate(sorted(bounds, reverse=True)):
            if times[i] < lo:
                return False
        return True

    def _count(self, key: _Key) -> int:
        """Card assignments of groups ``key[0]``.. into the places left, with the earliest
        entry times already given to each other seat and the points already in the widow."""
        done = self._memo.get(key)
        if done is not None:
            return done
        g, caps, bounds, _ = key
        if g == len(self._groups):
            total = 1 if all(self._fits(k, b) for k, b in enumerate(bounds)) else 0
            self._memo[key] = total
            return total
        m = len(self._groups[g][2])
        choices: list[tuple[int, tuple[int, ...]]] = []
        total = 0
        for split in _splits(m, caps):
            ways = factorial(m)
            for x in split:
                ways //= factorial(x)
            nxt = self._after(key, split)
            if nxt[3] > self._widow_cap or not all(self._fits(k, b) for k, b in enumerate(nxt[2])):
                continue
            rest = self._count(nxt)
            if rest:
                total += ways * rest
                choices.append((total, split))
        self._memo[key] = total
        self._choices[key] = choices
        return total

    # ------------------------------------------------------------------ sampling
    def sample(self, rng: random.Random) -> World:
        """One world, every consistent one equally likely."""
        if self._pieces:
            pick = rng.random() * self.count
            return next(sampler for total, sampler in self._pieces if pick < total).sample(rng)
        view = self.view
        if self._naming:
            return self._naming_world(rng)
        places: list[list[int]] = [[] for _ in self._caps]
        key = self._start()
        while key[0] < len(self._groups):
            choices = self._choices[key]
            pick = rng.random() * self._memo[key]
            split = next(s for cum, s in choices if pick < cum)
            cards = self._groups[key[0]][2][:]
            rng.shuffle(cards)
            pos = 0
            for k, x in enumerate(split):
                places[k].extend(cards[pos:pos + x])
                pos += x
            key = self._after(key, split)
        stock_future = places[len(self.others)]
        rng.shuffle(stock_future)
        return self._build(places, stock_future, places[len(self.others) + 1], view)

    # ------------------------------------------------------------------ every world
    def worlds(self) -> Iterator[World]:
        """Every consistent world once -- as many as :attr:`count` -- in a fixed order, each
        with the cards left in the stock in one order of them (the order the cards happen to
        be enumerated in): for a caller to whom that order makes no difference (the talon
        closed, or down to its last face-down card), which then weighs every world alike, as
        :meth:`sample` draws them.  Not while trump is named from the first cards (``count``
        is only a bound there): :class:`ValueError`."""
        if self._naming:
            raise ValueError("the worlds are not enumerated while trump is named from the first cards")
        if self._pieces:  # disjoint pieces: each piece's worlds in turn
            for _, sampler in self._pieces:
                yield from sampler.worlds()
            return
        places: list[list[int]] = [[] for _ in self._caps]
        yield from self._worlds_from(self._start(), places)

    def _worlds_from(self, key: _Key, places: list[list[int]]) -> Iterator[World]:
        """The worlds that place groups ``key[0]``.. as the counting found possible (the splits
        it kept in ``_choices``), after ``places`` (extended and restored in place)."""
        if key[0] == len(self._groups):
            stock = len(self.others)
            yield self._build([p[:] for p in places], places[stock][:], places[stock + 1][:], self.view)
            return
        cards = self._groups[key[0]][2]
        for _, split in self._choices[key]:
            nxt = self._after(key, split)
            for parts in _distributions(cards, split):
                for k, part in enumerate(parts):
                    places[k].extend(part)
                yield from self._worlds_from(nxt, places)
                for k, part in enumerate(parts):
                    del places[k][len(places[k]) - len(part):]

    def _naming_world(self, rng: random.Random) -> World:
        """A world while trump is named: every card this seat has not seen is dealt at random --
        to fill the packets every seat has seen (its own excepted), the packets dealt after, and
        the widow; the card a pass would turn is the first of the forehand's later ones."""
        view = self.view
        rs = view.rs
        p = view.public
        n = rs.players.count
        me = view.seat
        sizes: tuple[int, ...] = p.hand_sizes
        rest = [c for c in range(rs.deck.size) if not view.hand_mask >> c & 1]
        rng.shuffle(rest)
        hands = [0] * n
        unseen = [0] * n
        hands[me] = view.hand_mask
        for seat in range(n):
            if seat != me:
                for _ in range(sizes[seat]):
                    hands[seat] |= 1 << rest.pop()
        later: list[list[int]] = [[] for _ in range(n)]
        for seat in range(n):
            if seat in p.sitting_out and rs.deal.dealer_sits_out:
                continue  # the dealer sitting out receives no cards
            for _ in range(rs.deal.hand_size - sizes[seat]):
                card = rest.pop()
                later[seat].append(card)
                hands[seat] |= 1 << card
                unseen[seat] |= 1 << card
        forehand = (p.dealer + 1) % n
        shown = later[forehand][0] if later[forehand] else -1
        st = DealState(rs, p.dealer, hands, rest, -1, unseen, shown)
        for h in view.history_codes:
            st.step_code(h & 0xFFFF)
        return World(st, [bit_list(h) for h in hands])

    def _build(self, places: list[list[int]], future: list[int], widow_cards: list[int], view: SeatView) -> World:
        rs = view.rs
        p = view.public
        line = self._line
        n = rs.players.count
        me = view.seat
        hands = list(self._known_now)  # p.known, the seat's own hand, and a piece's cards
        stock: list[int] = [-1] * p.stock_size
        initial: list[list[int]] = [[] for _ in range(n)]
        from_widow: list[int] = []  # cards taken from the widow and still in the declarer's hand
        for seat in range(n):
            for card, slot in self._placed[seat].items():
                if slot.stock >= 0:
                    stock[slot.stock] = card
                elif slot.stock == _FROM_WIDOW:
                    from_widow.append(card)
                else:
                    initial[seat].append(card)
        for k, seat in enumerate(self.others):
            cards = places[k]
            for c in cards:
                hands[seat] |= 1 << c
            # latest-bound cards into the latest free slots
            free = self._free[seat][::-1]
            ordered = sorted(cards, key=lambda c: -line.lower_bound(seat, c))
            for slot, card in zip(free, ordered):
                if slot.stock >= 0:
                    stock[slot.stock] = card
                elif slot.stock == _FROM_WIDOW:
                    from_widow.append(card)
                else:
                    initial[seat].append(card)
        spos = p.spos
        stock[spos:] = future
        if line.partial:  # the cards drawn before are unknown: any cards out of the stock will do
            out = bit_list(line.played | sum(hands))
            stock[:spos] = out[:spos]
        widow = tuple(widow_cards) + tuple(self._laid) if not view.widow_mask else tuple(bit_list(view.widow_mask))
        if view.widow_mask and rs.tables.lays_away:  # laid away by this seat: in the order he did
            widow = tuple((h & 0xFFFF) - DISCARD_BASE for h in view.history_codes if h & 0xFFFF >= DISCARD_BASE)
        st = DealState(None)  # an empty shell, filled field by field
        st.rs, st.t, st.n = rs, rs.tables, n
        _rebuild(st, p)  # every public field of the state under its own name (see _rebuilder)
        if rs.deal.talon:
            st.stock, st.widow = tuple(stock), ()
        else:
            st.stock, st.widow = (), widow
        st.hands = hands
        st.spos = spos
        st.points, st.known = list(p.points), list(p.known)  # published otherwise (PUBLISHED)
        st.turn = p.to_act  # published under the name of the state's property to_act
        st.history, st.draws, st.undo = _real_history(view, widow), list(view.draws), []
        st.seen = [view.seen if s == me else () for s in range(n)]  # this seat's; what the others saw come is theirs
        st.deal_sides, st._side, st._active = p.deal_sides, p.side_index, p.active
        st._strict_always = rs.tables.strict_always
        st._save, st._load = recorder(DealState, rs.tables)
        st.unseen, st.shown = (0,) * n, p.turned
        st.married = line.married if rs.tables.partner_marries else 0  # the marriages announced, read from the history once
        st.contract = rs.bidding.contract(p.high_bid) if p.phase != AUCTION else None
        taker = p.widow_taker
        if taker >= 0 and not view.widow_mask:  # the widow's points, hidden from this seat (its taker's too where he may not look), count for its taker
            pts = rs.tables.points
            st.points[taker] += sum(pts[c] for c in widow)
        dealt_widow = _widow_seen(view) if not line.partial else None
        if dealt_widow is not None:  # the taker saw which cards the widow held: the rest were dealt to him
            own = set(initial[me]) | set(from_widow) | set(st.widow)
            initial[me] = sorted(own - set(dealt_widow))
            from_widow = [c for c in dealt_widow if c not in st.widow]
        return World(st, None if line.partial else initial, from_widow, dealt_widow)


def _widow_seen(view: SeatView) -> list[int] | None:
    """The widow as dealt, where this seat took it into its hand and saw it (``view.seen``: the
    cards that came to it as it took the widow, which is just before its first card laid
    away); ``None`` elsewhere -- there a world takes the cards laid away for the widow's."""
    p = view.public
    if p.widow_taker != view.seat or not view.rs.tables.lays_away or not view.seen:
        return None
    history = view.history_codes
    taken = next((i for i, h in enumerate(history) if h & 0xFFFF >= DISCARD_BASE and h >> 16 == view.seat), len(history))
    cards = [e & 0xFF for e in view.seen if e >> 16 == taken]
    return cards if len(cards) == p.widow_size + p.to_discard else None


def _rebuilder() -> Callable[[DealState, Public], None]:
    """The function that sets a world's fields from a view's :class:`Public`: every field of the
    state that Public holds under the state's own name (a list as a list), written from the two
    tables once.  The fields a view publishes otherwise (``PUBLISHED``: points without a hidden
    widow, the hand sizes, ...) and the hidden ones are set by :meth:`WorldSampler._build`."""
    from interpreter.engine.fields import FIELDS

    kinds = {f.name: f.kind for f in FIELDS}
    lines = []
    for name in Public._fields:
        if name in PUBLISHED or kinds.get(name) not in ("value", "list", "const"):
            continue
        lines.append(f"    st.{name} = list(p.{name})" if kinds[name] == "list" else f"    st.{name} = p.{name}")
    source = "def rebuild(st, p):\n" + "\n".join(lines or ["    pass"]) + "\n"
    namespace: dict[str, Any] = {}
    exec(compile(source, "<sampling.rebuild>", "exec"), namespace)  # our own tables, never input
    return namespace["rebuild"]  # type: ignore[no-any-return]


_rebuild = _rebuilder()


def _real_history(view: SeatView, widow: tuple[int, ...]) -> list[int]:
    """The view's history with the cards laid away face down by another seat filled in: in
    order, they are the world's widow (see ``widow.to: declarer_hand``)."""
    out = []
    k = 0
    for h in view.history_codes:
        if h & 0xFFFF == HIDDEN_DISCARD:
            h = (h >> 16) << 16 | DISCARD_BASE + widow[k]
        if h & 0xFFFF >= DISCARD_BASE:
            k += 1
        out.append(h)
    return out


def _with_bounds(bounds: tuple[tuple[int, ...], ...], limits: tuple[int, ...], split: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The earliest entry times given to each other seat once a group is split into the places."""
    return tuple(
        tuple(sorted(b + (limits[k],) * split[k])) if split[k] and limits[k] else b for k, b in enumerate(bounds)
    )


def _splits(m: int, caps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to split ``m`` cards into the places, each within its capacity."""
    if len(caps) == 1:
        return [(m,)] if m <= caps[0] else []
    out = []
    for x in range(min(m, caps[0]) + 1):
        for rest in _splits(m - x, caps[1:]):
            out.append((x, *rest))
    return out


def _distributions(cards: list[int], split: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every way to deal ``cards`` into places of ``split``'s sizes (the order within a place
    not counted): the multinomial number of :meth:`WorldSampler._count`'s ``ways``."""
    if len(split) == 1:
        yield (tuple(cards),)
        return
    for first in combinations(cards, split[0]):
        chosen = set(first)
        rest = [c for c in cards if c not in chosen]
        for others in _distributions(rest, split[1:]):
            yield (first, *others)


_last: list[WorldSampler] = []


def sample_world(view: SeatView, rng: random.Random) -> DealState:
    """A full state consistent with ``view``, drawn uniformly (see :class:`WorldSampler`).

    The sampler of the last view asked about is kept (views are immutable), so drawing many
    worlds from one view costs one sampler; a search that keeps its own
    :class:`WorldSampler` does not need this.
    """
    if not _last or _last[0].view is not view:
        _last[:] = [WorldSampler(view)]
    return _last[0].sample(rng).state
