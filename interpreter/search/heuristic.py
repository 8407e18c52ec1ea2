"""The greedy heuristic: one quick, sound choice per decision, for every ruleset.

:func:`greedy_code` is the ``greedy`` bot's whole mind and the rollout policy of tree search,
so it must be both sensible and cheap: it reads a :class:`~interpreter.engine.views.SeatView`'s
raw fields (the hand as a bit mask, the legal codes, the public fields by name, the history
as ints) and the ruleset's flat tables (``rs.tables``), and never builds
a card or an action.  Everything it knows about a game -- card points, which card beats which,
the marriage values, the target, the bid unit and values, the moon -- is read from the
ruleset; no line tests a variant's name, a seat count or a side count (partners are the seats
of the view's deal side, opponents every other seat).

How it plays, in the order it asks:

* **auction** -- it bids what the hand is worth (:func:`hand_worth`: the points its side may
  expect with the best trump suit, from its own likely winners, its marriages and its
  partners' share of the other tricks), less a margin for the hands that fall short: the
  highest bid it can so afford.  It shoots the moon only with a hand that takes every trick
  by force, and raises its partner only with a hand worth clearly more;
* **laying away** (a widow taken into the hand) -- the card worth least kept: in a contract to
  take no trick its strongest, in one to take every trick its weakest, else no trump and the
  fewest points (:func:`_lay_away`);
* **declaring** -- exactly when its side's points reach the target, at once;
* **leading** -- exchange when allowed; close when the points it has, the best marriage it can
  still show and the tricks it takes by force reach the target (:func:`closing_pays`);
  announce a marriage, the one in trumps first, leading its weaker card; name as trumps (where
  the first card led does) the suit the auction valued; otherwise lead the card with the best
  expected worth (:func:`_lead_card`): a sure winner that reaches the target, in the strict
  phase the sure winners (drawing trumps first while an opponent may hold some, if its side
  holds the contract), else the card whose loss costs least -- low cards rather than trumps,
  halves of marriages or a ten whose ace is out;
* **a contract won or lost on one trick** (``goal: no_tricks`` or ``all_tricks``: a Bettler, a
  Gang) -- card points count for nothing there: each card is played for that trick, by the
  holder and by the defenders alike (:mod:`interpreter.search.goals`);
* **following** -- every legal card is scored (:func:`_follow`) by what the trick is worth to
  the side that takes it (the points on the table and the card itself, won or given away),
  by the chance that a later opponent takes it back, and by what the card is worth kept
  (trumps, halves of marriages); reaching the target is worth more than any trick, and so is
  stopping an opponent from reaching it.  So it takes a ten with its ace, trumps a trick worth
  it with a low trump, throws a nine rather than trump a nine, and throws its points, not its
  trumps, on a trick its partner is sure to win.

What the seat knows of the hidden cards: the unseen cards (not in its hand, not played, not
face up) come from the view's history, and, where play is strict from the first trick, the
suits a player has shown he lacks (he did not follow).  A position built from values has no
history, so there the cards played before it count as unseen, which only makes the heuristic
more careful.  Ties are broken by ``rng`` when one is given, else by the order of the codes.

The numbers below (what a trump is worth kept, the bidding margin, ...) were tuned by play
against the ``basic`` bot (``benchmarks/bench_greedy.py``); they are weights, not rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import or_
from typing import Final, Protocol

from interpreter.core.actions import (
    BID_BASE,
    CLOSE,
    CLOSE_BEFORE_DRAW,
    CONTINUE,
    DECLARE,
    DISCARD_BASE,
    EXCHANGE,
    MARRY_BASE,
    PASS,
    TRUMP_BASE,
)
from interpreter.core.cards import bit_list
from interpreter.engine.meld import counts_at_once, freed_by_next_trick
from interpreter.engine.position import NAMING
from interpreter.engine.trick import seat_after, winning_position
from interpreter.engine.views import Public, SeatView
from interpreter.rules.ruleset import Ruleset
from interpreter.rules.tables import MELD_AT_ONCE
from interpreter.search.goals import ALL_TRICKS, NO_TRICKS, SETTLED, goal_code, open_goal, trick_goals


__all__ = ["Knowledge", "TieBreak", "closing_pays", "greedy_code", "hand_worth", "knowledge"]


class TieBreak(Protocol):
    """What breaks the heuristic's exact ties: a ``random.Random``, or anything else that picks
    one of the tied codes (the play model, :mod:`interpreter.search.inference`, asks which
    codes were tied)."""

    def choice(self, seq: Sequence[int], /) -> int: ...


# What a card is worth kept, beyond its points: a trump holds the power to take a trick later,
# the more so the stronger it is (TRUMP_KEEP for the lowest, + TRUMP_KEEP_RANGE for the
# highest); a high plain card a little (up to PLAIN_KEEP_RANGE); a half of a marriage whose
# other half is in hand most of the marriage, one whose other half is unseen a little.
TRUMP_KEEP: Final = 16.0
TRUMP_KEEP_RANGE: Final = 10.0
PLAIN_KEEP_RANGE: Final = 4.0
MARRIAGE_KEEP: Final = 0.6
MARRIAGE_HOPE: Final = 0.1
# Reaching the target (and going out) is worth more than any trick; so is stopping an opponent.
REACH: Final = 60.0
# While the talon lasts nobody need trump: a small card led is trumped this much less often.
SMALL_TRUMPED: Final = 0.35
# A trump the others spend on a trick is a trump they no longer hold.
TRUMP_SPENT: Final = 4.0
# Leading a sure trump in the strict phase while an opponent may hold trumps draws them.
DRAW_TRUMPS: Final = 3.0
# In the strict phase a plain card that nothing unseen beats takes a trick of its own later
# (the others must follow): thrown on a trick already won, that trick is lost.
TOP_STRICT: Final = 8.0
# The auction: points kept in hand against a bid that falls short, and a raise over a
# partner's bid needs this many units more.
BID_MARGIN: Final = 15.0
RAISE_MARGIN: Final = 0.25
# The share of a partner's average hand the bidder counts on.
PARTNER_SHARE: Final = 0.8
# A card's chance to take a trick as a trump and as a plain card, by how many cards of its
# suit that are not in the hand beat it (the last entry for all the more).
TRUMP_WINS = (1.0, 0.7, 0.45, 0.3, 0.2, 0.15)
LONG_TRUMPS_BONUS: Final = 0.1  # with at least LONG_TRUMPS trumps each trump wins a little more often
LONG_TRUMPS: Final = 4
PLAIN_WINS = (0.7, 0.3, 0.08, 0.03)
PLAIN_MARRIAGE_SHOWN: Final = 0.6  # the chance to lead a plain marriage (or a trump one not led first)


class Knowledge:
    """What the heuristic reads from one ruleset, worked out once (see :func:`knowledge`):
    the flat tables, the card each action code plays as a bit, the cards grouped by points,
    and per trump suit (index ``trump + 1``, 0 before trumps exist) what each card is worth
    kept and what its marriage is worth.  Kept per ruleset object, so that a decision reads
    plain tuples and never the ruleset's sections."""

    __slots__ = (
        "rs", "t", "full", "rank", "entry_bit", "points", "suit_of", "suit_mask", "stronger",
        "beats", "partner", "partner_bit", "marry_value", "keep", "marry_keep", "marry_hope",
        "by_points", "target", "claim", "avg", "seats", "marry_after_close", "meld_counts",
        "follow", "trump_when_void", "unit", "moon", "bidder_alone", "first_lead_marriage",
        "big", "infer_voids", "total", "worth", "worth_shift", "goal_of",
    )

    def __init__(self, rs: Ruleset, order: int = 0) -> None:
        t = rs.tables
        deck = rs.deck
        self.rs = rs
        self.t = t
        size = t.size
        nr = len(deck.ranks)
        self.full = (1 << size) - 1
        # 0 for the strongest rank, under the card order ``order`` (a contract's own, or the deck's)
        self.rank = tuple(t.stronger_of[order][c].bit_count() for c in range(size))
        # a history entry (seat << 16 | code) -> the bit of the card it played, or 0
        card_bit = [1 << c if c >= 0 else 0 for c in t.code_card]
        self.entry_bit = {seat << 16 | code: bit for seat in range(t.seats) for code, bit in enumerate(card_bit)}
        self.points = t.points
        self.suit_of = t.suit_of
        self.suit_mask = t.suit_mask
        self.stronger = t.stronger_of[order]
        self.beats = t.beats_of[order]
        self.partner = rs.marriage_partner
        self.partner_bit = tuple(1 << p if p >= 0 else 0 for p in self.partner)
        m = rs.marriage
        nsuits = len(t.suit_mask)
        self.marry_value = tuple(
            tuple(
                (t.marry_trump if self.suit_of[c] == trump else t.marry_plain) if m.enabled and self.partner[c] >= 0 else 0
                for c in range(size)
            )
            for trump in range(-1, nsuits)
        )
        self.marry_keep = tuple(tuple(MARRIAGE_KEEP * v for v in row) for row in self.marry_value)
        self.marry_hope = tuple(tuple(MARRIAGE_HOPE * v for v in row) for row in self.marry_value)
        keep = []
        for trump in range(-1, nsuits):
            row = []
            for c in range(size):
                strength = (nr - 1 - self.rank[c]) / (nr - 1) if nr > 1 else 1.0
                if self.suit_of[c] == trump:
                    row.append(TRUMP_KEEP + TRUMP_KEEP_RANGE * strength)
                else:
                    row.append(PLAIN_KEEP_RANGE * strength * strength)
            keep.append(tuple(row))
        self.keep = tuple(keep)
        groups: dict[int, int] = {}
        for c in range(size):
            groups[t.points[c]] = groups.get(t.points[c], 0) | 1 << c
        self.by_points = tuple(sorted(groups.items()))
        self.claim = t.claim
        self.target = t.claim_target if t.claim else 1 << 30
        self.total = deck.total_points
        self.avg = deck.total_points / size
        self.seats = t.seats
        self.big = 0.8 * max(t.points)  # a card worth trumping even when nobody must
        self.marry_after_close = m.enabled and (m.after_close or m.on_closing_lead)
        self.first_lead_marriage = m.enabled and m.first_lead == "allowed"
        self.meld_counts = t.meld_counts
        self.follow = rs.play.follow
        self.trump_when_void = rs.play.trump_when_void
        self.infer_voids = t.strict_always and rs.play.follow
        self.unit = rs.scoring.unit
        moon = rs.bidding.moon
        self.moon = moon.bid if moon is not None else -1
        self.bidder_alone = rs.players.sides == "bidder_vs_rest"
        # the bids of games won or lost on one trick (named contracts, a moon of every trick),
        # and their goals (see goals.py)
        self.goal_of = trick_goals(rs)
        # what a hand takes with a trump suit, per (hand, trump): see _suit_worth
        self.worth: dict[int, float] = {}
        self.worth_shift = max(1, (nsuits - 1).bit_length())


_KNOWLEDGE: Final[dict[int, Knowledge]] = {}


_ORDERED: Final[dict[tuple[int, int], Knowledge]] = {}


def knowledge(rs: Ruleset, order: int = 0) -> Knowledge:
    """The heuristic's tables of a ruleset (made on first use, then kept), under card order
    ``order`` (a contract's own, ``bidding.contracts[].ranks``; 0 the deck's)."""
    if order:
        k = _ORDERED.get((id(rs), order))
        if k is None or k.rs is not rs:
            k = _ORDERED[(id(rs), order)] = Knowledge(rs, order)
        return k
    k = _KNOWLEDGE.get(id(rs))
    if k is None or k.rs is not rs:
        k = _KNOWLEDGE[id(rs)] = Knowledge(rs)
    return k


def _lay_away(k: Knowledge, view: SeatView, codes: tuple[int, ...]) -> int:
    """The card to lay away: the one worth least kept, by what the deal is played for.  In a
    contract to take no trick (a Bettler) the card likeliest to take one -- the strongest,
    under the contract's order -- and in one to take every trick the weakest; otherwise no
    trump, and the fewest points.  (Laying away the two lowest cards of a Bettler kept the
    two aces of the talon, and the first one led lost the contract.)"""
    rs = view.rs
    pub = view.public
    goal = k.goal_of.get(pub.high_bid) if pub.declarer >= 0 else None
    rank = k.rank  # 0 for the strongest rank, under the contract's own order where it has one
    if goal == NO_TRICKS:
        return min(codes, key=lambda c: (rank[c - DISCARD_BASE], c))
    trump = pub.trump
    suit_of, pts = rs.deck.suit_of, rs.deck.points
    if goal == ALL_TRICKS:  # a trump may still take a trick
        return min(codes, key=lambda c: (suit_of[c - DISCARD_BASE] == trump, -rank[c - DISCARD_BASE], c))
    return min(codes, key=lambda c: (suit_of[c - DISCARD_BASE] == trump, pts[c - DISCARD_BASE], c))


def greedy_code(view: SeatView, rng: TieBreak | None = None) -> int:
    """The heuristic's choice among ``view.legal_codes`` (see the module docstring).

    ``rng`` breaks exact ties only; without it the first of the tied codes is taken, so the
    choice is a function of the view alone (and of the generator's state when one is given).
    """
    codes = view.legal_codes
    if len(codes) == 1:
        return codes[0]
    rs = view.rs
    pub = view.public
    k = _KNOWLEDGE.get(id(rs))
    if k is None or k.rs is not rs or pub.order:  # (a contract with its own card order)
        k = knowledge(rs, pub.order)
    first = codes[0]
    if pub.phase == NAMING:
        return _name_trump(view, codes)
    if first >= DISCARD_BASE:
        return _lay_away(k, view, codes)
    if first == PASS or first >= BID_BASE:
        return _bid(k, view, codes)
    seat = view.seat
    if codes[-1] >= EXCHANGE:  # declaring, closing, the steps and the exchange sort last
        if DECLARE in codes and _side_points(pub, seat) >= k.target:
            return DECLARE
        if first == CONTINUE and EXCHANGE in codes:  # the exchange offered as the opponent closes
            return EXCHANGE
        if first == CONTINUE or first == DECLARE:  # a step between moves: close before the draw, go out
            if CLOSE_BEFORE_DRAW in codes and closing_pays(view):
                return CLOSE_BEFORE_DRAW
            return CONTINUE
    if k.goal_of:  # (one test where no game is won or lost on one trick: this is the rollouts' path)
        goal = open_goal(k.goal_of, pub)
        if goal is not None and codes[0] < MARRY_BASE:
            trump = pub.trump
            voids = _voids(k, view, pub, trump) if k.infer_voids else None
            code = goal_code(goal, view, codes, k.beats[trump + 1], k.rank, k.suit_of, k.suit_mask,
                             _unseen(k, view, pub), voids, rng)
            if code != SETTLED:
                return code
    if pub.trick:
        if EXCHANGE in codes:  # exchange.timing before_lead_or_follow: the turn-up is worth more
            return EXCHANGE
        if codes[-1] >= MARRY_BASE:  # a partner's marriage is shown at once; declaring was judged above
            shows = [c for c in codes if MARRY_BASE <= c < EXCHANGE]
            if shows:
                return shows[0]
            codes = tuple(c for c in codes if c < MARRY_BASE)
        return _follow(k, view, pub, seat, codes, rng)
    return _lead(k, view, pub, seat, codes, rng)


def _name_trump(view: SeatView, codes: Sequence[int]) -> int:
    """Naming trump from the cards seen so far: the suit held longest, the card points breaking
    ties (the first such suit); with fewer than two cards of any suit, a pass where one is
    offered (the turned card or the partner may do better)."""
    rs = view.rs
    deck = rs.deck
    hand = view.hand_mask
    best, best_score, best_count = codes[-1], -1, 0
    for code in codes:
        if code == PASS:
            continue
        cards = hand & deck.suit_mask[code - TRUMP_BASE]
        score = cards.bit_count() * 100 + sum(deck.points[c] for c in bit_list(cards))
        if score > best_score:
            best, best_score, best_count = code, score, cards.bit_count()
    if best_count < 2 and codes[0] == PASS:
        return PASS
    return best


# ---------------------------------------------------------------------------- what a seat knows
def _side_points(pub: Public, seat: int) -> int:
    """The points the seat's deal side has now, as the seat sees them."""
    pts: tuple[int, ...] = pub.seat_points
    side: tuple[int, ...] = pub.side_index
    seats: tuple[int, ...] = pub.deal_sides[side[seat]]
    if len(seats) == 1:
        return pts[seats[0]]
    total = 0
    for s in seats:
        total += pts[s]
    return total


def _pending(k: Knowledge, pub: Public, seat: int) -> int:
    """Marriage points of the seat's side that its next trick makes count (the engine's rule)."""
    if k.meld_counts == MELD_AT_ONCE:
        return 0
    return freed_by_next_trick(k.meld_counts, seat, pub.meld, pub.meld_wait, pub.tricks, pub.deal_sides[pub.side_index[seat]])


def _unseen(k: Knowledge, view: SeatView, pub: Public) -> int:
    """The cards this seat has not seen go: not in its hand, not played or shown, not face up.
    A marriage led plays its card, so elsewhere every card is named once and the bits add up;
    where a partner shows a marriage during a trick (``marriage.who: leader_and_partner``) the
    card it names is played later, named twice: there the bits are or-ed."""
    bits = map(k.entry_bit.__getitem__, view.history_codes)
    played = reduce(or_, bits, 0) if k.t.partner_marries else sum(bits)  # (a sum is faster: each card once)
    unseen = k.full & ~view.hand_mask & ~played & ~view.widow_mask
    turnup: int = pub.turnup
    if turnup >= 0:
        unseen &= ~(1 << turnup)
    return unseen


def _voids(k: Knowledge, view: SeatView, pub: Public, trump: int) -> list[int]:
    """Per seat, the suits (as bits) it has shown it lacks: it did not follow the suit led
    (and, where a void must trump, did not trump either).  Asked only where play is strict
    from the first trick, so that every trick of the history was played under the duties."""
    card_of = k.t.code_card
    suit_of = k.suit_of
    active: int = pub.active
    voids = [0] * len(pub.hand_sizes)
    must_trump = k.trump_when_void and trump >= 0
    led = -1
    count = 0
    for h in view.history_codes:
        c = card_of[h & 0xFFFF]
        if c < 0:
            continue
        if count == 0:
            led = suit_of[c]
        elif suit_of[c] != led:
            gone = 1 << led
            if must_trump and suit_of[c] != trump:
                gone |= 1 << trump
            voids[h >> 16] |= gone
        count += 1
        if count == active:
            count = 0
    return voids


def _cheapest(k: Knowledge, mask: int) -> int:
    """The fewest points of a card in ``mask`` (0 for no card)."""
    for points, cards in k.by_points:
        if mask & cards:
            return points
    return 0


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# ---------------------------------------------------------------------------- leading
def _lead(k: Knowledge, view: SeatView, pub: Public, seat: int, codes: tuple[int, ...], rng: TieBreak | None) -> int:
    """Before leading: exchange, name trumps, marry and go out, close, marry, or lead a card."""
    last = codes[-1]
    if last >= EXCHANGE and EXCHANGE in codes:
        return EXCHANGE
    trump: int = pub.trump
    if trump < 0:
        return _name_trumps(k, view, codes)
    marriage = -1
    best_key = (-1, -1)  # the chosen marriage's value and its card's rank
    if last >= MARRY_BASE:
        value = k.marry_value[trump + 1]
        rank = k.rank
        for c in codes:
            if MARRY_BASE <= c < EXCHANGE:
                card = c - MARRY_BASE
                key = (value[card], rank[card])  # the trump marriage first; its weaker card led
                if key > best_key:
                    marriage, best_key = c, key
    unseen = -1
    if last >= CLOSE and CLOSE in codes:
        if marriage >= 0 and _counts_now(k, pub, seat) and _side_points(pub, seat) + best_key[0] >= k.target:
            return marriage  # the marriage alone goes out: nothing to close for
        unseen = _unseen(k, view, pub)
        if _closing_pays(k, view, pub, seat, unseen):
            return CLOSE
    if marriage >= 0:
        return marriage
    if unseen < 0:
        unseen = _unseen(k, view, pub)
    return _lead_card(k, view, pub, seat, codes, trump, unseen, rng)


def _counts_now(k: Knowledge, pub: Public, seat: int) -> bool:
    """Whether a marriage the seat announces now counts at once (the engine's rule)."""
    return counts_at_once(k.meld_counts, seat, pub.tricks, pub.deal_sides[pub.side_index[seat]])


def _name_trumps(k: Knowledge, view: SeatView, codes: tuple[int, ...]) -> int:
    """The first card led fixes trumps: lead in the suit the hand is worth most with (the one
    that takes every trick, for a moon), its marriage if the hand holds it (the weaker card),
    else its top card if no card outside the hand beats it, else its lowest."""
    hand = view.hand_mask
    suit = -1
    pub = view.public
    if pub.high_bid == k.moon and pub.declarer == view.seat:
        suit = _moon_suit(k, hand)
    if suit < 0:
        suit = _best_trump_suit(k, hand)
    mine = hand & k.suit_mask[suit]
    if not mine:  # no card of the best suit can be led (not expected): the lowest legal card
        return min(codes, key=lambda c: (k.points[c] if c < MARRY_BASE else 1 << 20, -c))
    rank = k.rank
    for c in codes:
        if MARRY_BASE <= c < EXCHANGE and k.suit_of[c - MARRY_BASE] == suit:
            card = c - MARRY_BASE
            other = k.partner[card]
            return c if rank[card] > rank[other] else MARRY_BASE + other
    top = (mine & -mine).bit_length() - 1  # the strongest card of the suit in hand
    if not (k.stronger[top] & ~hand):
        return top
    return mine.bit_length() - 1  # the weakest


def _lead_card(
    k: Knowledge, view: SeatView, pub: Public, seat: int, codes: tuple[int, ...], trump: int, unseen: int,
    rng: TieBreak | None,
) -> int:
    """The card to lead.  Each is scored by the chance ``capture`` that an opponent takes it
    (a stronger card of its suit; a trump where he may or must trump), so that the trick
    brings its points to this side or to his, less what the card is worth kept; a sure
    winner that reaches the target is worth most, and in the strict phase a sure winner is
    cashed without regret (it takes its trick now or later)."""
    hand = view.hand_mask
    strict = pub.strict
    sizes: tuple[int, ...] = pub.hand_sizes
    side: tuple[int, ...] = pub.side_index
    mine = side[seat]
    opp_void = 0  # the suits every opponent with cards is known to lack
    if k.infer_voids:
        voids = _voids(k, view, pub, trump)
        opp_void = -1
        opp_cards = 0
        for s in range(len(sizes)):
            if side[s] != mine and sizes[s]:
                opp_cards += sizes[s]
                opp_void &= voids[s]
    else:
        opp_cards = sum(sizes)
        for s in pub.deal_sides[mine]:
            opp_cards -= sizes[s]
    n_unseen = unseen.bit_count()
    miss = 1.0 - min(1.0, opp_cards / n_unseen) if n_unseen else 1.0  # an unseen card is not an opponent's
    beats = k.beats[trump + 1]
    points = k.points
    suit_of = k.suit_of
    suit_mask = k.suit_mask
    u_trumps = unseen & suit_mask[trump] if not opp_void >> trump & 1 else 0  # trumps an opponent may hold
    n_trumps = u_trumps.bit_count()
    p_trumps = 1.0 - miss ** n_trumps  # the chance an opponent holds a trump
    keep = k.keep[trump + 1]
    partner_bit = k.partner_bit
    e = _cheapest(k, unseen)
    reach = -1.0  # the points still needed to reach the target (worked out when a sure winner asks)
    declarer: int = pub.declarer
    draw = bool(u_trumps) and (declarer < 0 or side[declarer] == mine)  # the contract's side draws trumps
    follow = strict and k.follow
    big = k.big
    best = codes[0]
    best_score = -1e9
    ties: list[int] = []
    for c in codes:
        if c >= MARRY_BASE:
            break
        threats = beats[c] & unseen
        s = suit_of[c]
        value = points[c] + e
        if threats:
            void = opp_void >> s & 1
            p_same = 0.0 if void else 1.0 - miss ** (threats & suit_mask[s]).bit_count()
            if s != trump and n_trumps:
                p_trump = p_trumps
                if follow:
                    if not void:  # they must follow suit if they can
                        p_trump *= miss ** (unseen & suit_mask[s]).bit_count()
                elif points[c] < big:
                    p_trump *= SMALL_TRUMPED  # nobody need trump a small card while the talon lasts
                held = (1.0 - p_same) * p_trump  # taken by a trump, which they spend
                score = (2.0 * (1.0 - p_same) * (1.0 - p_trump) - 1.0) * value + held * TRUMP_SPENT - keep[c]
            else:
                score = (1.0 - 2.0 * p_same) * value - keep[c]
        else:  # a sure winner: in the strict phase it takes its trick now or later
            score = value if strict and (s != trump or draw) else value - keep[c]
            if reach < 0:
                reach = float(k.target - _side_points(pub, seat) - _pending(k, pub, seat))
            if value >= reach:
                score += REACH
            elif strict and draw and s == trump:
                score += DRAW_TRUMPS
        pb = partner_bit[c]
        if pb:
            if hand & pb:
                score -= k.marry_keep[trump + 1][c]
            elif unseen & pb:
                score -= k.marry_hope[trump + 1][c]
        if score > best_score + 1e-9:
            best, best_score = c, score
            ties = [c]
        elif score > best_score - 1e-9:
            ties.append(c)
    if rng is not None and len(ties) > 1:
        return rng.choice(ties)
    return best


# ---------------------------------------------------------------------------- following
def _follow(k: Knowledge, view: SeatView, pub: Public, seat: int, codes: tuple[int, ...], rng: TieBreak | None) -> int:
    """The card to play to a trick.  A card that takes the lead brings the trick to this side
    if it holds (the chance ``hold`` that no later opponent beats it); a card that does not
    gives the trick to whoever is winning it -- a partner (with the chance that his card
    holds) or an opponent; each less what the card is worth kept."""
    trick: tuple[int, ...] = pub.trick
    trump: int = pub.trump
    beats = k.beats[trump + 1]
    points = k.points
    pos = winning_position(trick, beats)
    best = trick[pos]
    table: float = sum([points[c] for c in trick])
    if pub.widow_taker < 0 and pub.widow_size:  # the first trick takes the widow too
        table += k.avg * pub.widow_size
    sizes: tuple[int, ...] = pub.hand_sizes
    side: tuple[int, ...] = pub.side_index
    sitting: tuple[int, ...] = pub.sitting_out
    leader: int = pub.leader
    n = len(sizes)
    winner = leader  # who is winning the trick
    for _ in range(pos):
        winner = seat_after(winner, n, sitting)
    mine = side[seat]
    later_opp_cards = 0  # the cards of the opponents still to play to this trick
    later = []
    s = (seat + 1) % n
    while s != leader:
        if s not in sitting and side[s] != mine and sizes[s]:
            later_opp_cards += sizes[s]
            later.append(s)
        s = (s + 1) % n
    hand = view.hand_mask
    suit_of = k.suit_of
    suit_mask = k.suit_mask
    led = suit_of[trick[0]]
    miss = void = 1.0
    n_trumps = 0
    strict = pub.strict
    if later_opp_cards:
        unseen = _unseen(k, view, pub)
        n_unseen = unseen.bit_count()
        miss = 1.0 - min(1.0, later_opp_cards / n_unseen) if n_unseen else 1.0
        opp_void = 0  # the suits every later opponent is known to lack
        if k.infer_voids:
            voids = _voids(k, view, pub, trump)
            opp_void = -1
            for s in later:
                opp_void &= voids[s]
        if trump >= 0 and not opp_void >> trump & 1:
            n_trumps = (unseen & suit_mask[trump]).bit_count()
        if opp_void >> led & 1:
            void = 1.0
        elif k.follow and strict:
            void = miss ** (unseen & suit_mask[led]).bit_count()  # the chance they lack the suit led
        else:
            void = SMALL_TRUMPED
    else:  # nobody can take the trick back: only a marriage's other half asks what is unseen,
        # and counting every card not in hand as such is close enough (the history is not read)
        unseen = ~hand
    partner_wins = side[winner] == mine
    my_reach = k.target - _side_points(pub, seat) - _pending(k, pub, seat)
    opp_reach = float(1 << 30)
    if k.claim and not partner_wins:
        opp_reach = float(k.target - _side_points(pub, winner) - _pending(k, pub, winner))
    keep = k.keep[trump + 1]
    partner_bit = k.partner_bit
    partner_hold = 0.0
    if partner_wins:
        partner_hold = _hold(best, beats, unseen, later_opp_cards, miss, void, n_trumps, suit_of, suit_mask, led, trump)
    above = beats[best]
    stronger = k.stronger
    top = TOP_STRICT if strict else 0.0
    best_code = codes[0]
    best_score = -1e9
    ties: list[int] = []
    for c in codes:
        value = table + points[c]
        if above >> c & 1:
            h = _hold(c, beats, unseen, later_opp_cards, miss, void, n_trumps, suit_of, suit_mask, led, trump) if later_opp_cards else 1.0
            score = (2.0 * h - 1.0) * value - keep[c]
            if value >= my_reach:
                score += h * REACH
        elif partner_wins:
            score = (2.0 * partner_hold - 1.0) * value - keep[c]
            if value >= my_reach:
                score += partner_hold * REACH
        else:
            score = -value - keep[c]
            if value >= opp_reach:
                score -= REACH
        pb = partner_bit[c]
        if pb:
            if hand & pb:
                score -= k.marry_keep[trump + 1][c]
            elif unseen & pb:
                score -= k.marry_hope[trump + 1][c]
        if top and suit_of[c] != trump and not stronger[c] & unseen:
            score -= top
        if score > best_score + 1e-9:
            best_code, best_score = c, score
            ties = [c]
        elif score > best_score - 1e-9:
            ties.append(c)
    if rng is not None and len(ties) > 1:
        return rng.choice(ties)
    return best_code


def _hold(card: int, beats: tuple[int, ...], unseen: int, later_opp_cards: int, miss: float, void: float,
          n_trumps: int, suit_of: tuple[int, ...], suit_mask: tuple[int, ...], led: int, trump: int) -> float:
    """The chance that ``card``, winning the trick now, still wins it when the later
    opponents have played: none of them holds a stronger card of its suit (a trump on a
    plain lead is overtrumped only by a player void in the suit led), nor, for a card of the
    suit led, trumps it."""
    if not later_opp_cards:
        return 1.0
    threats = beats[card] & unseen
    if not threats:
        return 1.0
    suit = suit_of[card]
    beaten = 1.0 - miss ** (threats & suit_mask[suit]).bit_count()
    if suit != led:
        beaten *= void
    elif suit != trump and n_trumps:
        beaten = 1.0 - (1.0 - beaten) * (1.0 - (1.0 - miss ** n_trumps) * void)
    return 1.0 - beaten


# ---------------------------------------------------------------------------- closing
def closing_pays(view: SeatView) -> bool:
    """Whether closing the talon now (the view's seat is on lead) reaches the target for sure:
    the points its side has, the best marriage it can still show after closing and the tricks it
    takes by force from the lead -- its trumps from the top, then, once the opponents can
    hold no trump, the top cards of the plain suits -- each with the cheapest card the
    others may give to it."""
    k = knowledge(view.rs, view.public.order)
    pub = view.public
    return _closing_pays(k, view, pub, view.seat, _unseen(k, view, pub))


def _closing_pays(k: Knowledge, view: SeatView, pub: Public, seat: int, unseen: int) -> bool:
    trump: int = pub.trump
    if trump < 0:
        return False
    hand = view.hand_mask
    trumps = k.suit_mask[trump]
    mine = hand & trumps
    u_trumps = (unseen & trumps).bit_count()
    if u_trumps and (not mine or k.stronger[(mine & -mine).bit_length() - 1] & unseen):
        # no sure trump, and the opponents may hold trumps: no sure trick at all, only
        # what the side has and a marriage (most often far from the target)
        sure_tricks = False
    else:
        sure_tricks = True
    t = k.t
    shift = t.marriage_shift
    pairs = hand & t.marriage_low & (hand >> shift if shift >= 0 else hand << -shift)
    if not sure_tricks and not pairs:
        return False
    need = k.target - _side_points(pub, seat) - _pending(k, pub, seat)
    if pairs and k.marry_after_close:  # the best marriage is shown on this lead; another would need the lead back
        value = k.marry_value[trump + 1]
        best = 0
        while pairs:
            bit = pairs & -pairs
            c = bit.bit_length() - 1
            if value[c] > best:
                best = value[c]
            pairs ^= bit
        need -= best
    tricks: tuple[int, ...] = pub.tricks
    if need <= 0 and tricks[seat]:
        return True
    if not sure_tricks:
        return False
    points = k.points
    stronger = k.stronger
    e = _cheapest(k, unseen)
    sure = 0
    mask = mine
    while mask:  # the trumps from the top
        bit = mask & -mask
        c = bit.bit_length() - 1
        if stronger[c] & unseen:
            break
        sure += 1
        need -= points[c] + e
        mask ^= bit
    if u_trumps > sure:
        sizes: tuple[int, ...] = pub.hand_sizes
        opp_cards = sum(sizes)
        for s in pub.deal_sides[pub.side_index[seat]]:
            opp_cards -= sizes[s]
        drawn = opp_cards <= sure
    else:
        drawn = True
    if drawn:  # the opponents hold no trump: the top cards of the plain suits
        for suit, cards in enumerate(k.suit_mask):
            if suit != trump:
                mask = hand & cards
                while mask:
                    bit = mask & -mask
                    c = bit.bit_length() - 1
                    if stronger[c] & unseen:
                        break
                    sure += 1
                    need -= points[c] + e
                    mask ^= bit
    return need <= 0 and (sure > 0 or tricks[seat] > 0)


# ---------------------------------------------------------------------------- the auction
#: How many hands :func:`_suit_worth` keeps per ruleset before it starts again: a few MB.
WORTH_KEPT: Final = 1 << 16


def _suit_worth(k: Knowledge, hand: int, trump: int) -> float:
    """What the hand takes with ``trump`` as trumps (:func:`_suit_worth_of`), kept per hand
    and trump suit: the bidding and a first lead that names trumps ask it for every suit, and a
    search asks it again and again for the same hands -- its own, and each world's that comes
    back -- so the value is worked out once (a function of the hand and the ruleset alone)."""
    key = hand << k.worth_shift | trump
    worth = k.worth
    value = worth.get(key)
    if value is None:
        if len(worth) >= WORTH_KEPT:
            worth.clear()
        value = worth[key] = _suit_worth_of(k, hand, trump)
    return value


def _suit_worth_of(k: Knowledge, hand: int, trump: int) -> float:
    """What the hand takes with ``trump`` as trumps: each card's chance to take a trick
    (by how many unseen cards of its suit beat it) times what the trick brings, plus the
    marriages (the one in trumps at full value where it may be led first)."""
    points = k.points
    stronger = k.stronger
    suit_of = k.suit_of
    trick_rest = k.avg * (k.seats - 1)
    total = 0.0
    long_bonus = LONG_TRUMPS_BONUS if (hand & k.suit_mask[trump]).bit_count() >= LONG_TRUMPS else 0.0
    for c in _bits(hand):
        above = (stronger[c] & ~hand).bit_count()
        if suit_of[c] == trump:
            win = min(1.0, TRUMP_WINS[min(above, len(TRUMP_WINS) - 1)] + long_bonus)
        else:
            win = PLAIN_WINS[min(above, len(PLAIN_WINS) - 1)]
        total += win * (points[c] + trick_rest)
    for c in _bits(hand & k.t.marriage_low):
        value = k.marry_value[trump + 1][c]
        if value and hand >> k.partner[c] & 1:
            total += value if suit_of[c] == trump and k.first_lead_marriage else PLAIN_MARRIAGE_SHOWN * value
    return total


def _best_trump_suit(k: Knowledge, hand: int) -> int:
    best, best_value = 0, -1.0
    for suit in range(len(k.suit_mask)):
        value = _suit_worth(k, hand, suit)
        if value > best_value:
            best, best_value = suit, value
    return best


def hand_worth(view: SeatView) -> float:
    """The card points the view's side may expect if this seat holds the contract: its own
    likely winners and marriages with the trump suit (the best one, while trumps are still
    to be named), and its partners' share of the points it does not hold."""
    k = knowledge(view.rs, view.public.order)
    hand = view.hand_mask
    pub = view.public
    trump: int = pub.trump
    if trump >= 0:
        own = _suit_worth(k, hand, trump)
    else:
        own = max(_suit_worth(k, hand, s) for s in range(len(k.suit_mask)))
    if not k.bidder_alone:
        seats: tuple[int, ...] = pub.deal_sides[pub.side_index[view.seat]]
        partners = len(seats) - 1
        if partners:
            rest = k.total - sum(k.points[c] for c in _bits(hand))
            own += partners * rest / max(1, k.seats - 1) * PARTNER_SHARE
    return own


def _moon_suit(k: Knowledge, hand: int) -> int:
    """The trump suit with which the hand takes every trick by force, or -1: every card in it
    is the top one of its suit once the cards above it in hand are gone, and it holds at
    least as many trumps as all the others together."""
    for c in _bits(hand):
        if k.stronger[c] & ~hand:
            return -1
    for trump, cards in enumerate(k.suit_mask):
        mine = (hand & cards).bit_count()
        if mine and mine >= (cards & ~hand).bit_count():
            return trump
    return -1


def _bid(k: Knowledge, view: SeatView, codes: tuple[int, ...]) -> int:
    """Bid the highest contract the hand affords with a margin (over a partner's bid, with a
    unit's share more); the moon only when it is sure; else pass (or the lowest bid when a
    pass is not allowed)."""
    bids = [c - BID_BASE for c in codes if c >= BID_BASE]
    if not bids:
        return codes[0]
    if view.rs.bidding.contracts:  # named contracts: the heuristic plays the plain game (search weighs them)
        return PASS if codes[0] == PASS else BID_BASE + min(bids)
    hand = view.hand_mask
    if k.moon in bids and _moon_suit(k, hand) >= 0:
        return BID_BASE + k.moon
    worth = hand_worth(view)
    pub = view.public
    declarer: int = pub.declarer
    side: tuple[int, ...] = pub.side_index
    margin = BID_MARGIN
    if declarer >= 0 and declarer != view.seat and side[declarer] == side[view.seat] and not k.bidder_alone:
        margin += k.unit * RAISE_MARGIN
    affordable = [b for b in bids if b != k.moon and b * k.unit + margin <= worth]
    if affordable:
        return BID_BASE + max(affordable)
    if codes[0] == PASS:
        return PASS
    return BID_BASE + min(bids)
