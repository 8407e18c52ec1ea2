"""Card play for a contract won or lost on a single trick: take no trick, or take every trick.

The greedy heuristic (:mod:`interpreter.search.heuristic`) plays for card points: it takes a
ten with its ace and throws low cards on a trick it cannot win.  A contract whose goal is to
take no trick (a Bettler, ``goal: no_tricks``) or every trick (a Gang or a Bauernschnapser,
``goal: all_tricks``) is decided by whether its holder's side takes -- or loses -- one trick,
and card points count for nothing there; played for points, such a contract is thrown away (a
Bettler's holder took a trick with an ace he could have ducked).  So here each side asks one
thing of every card: how likely it is to take the trick, or to be beaten in it.

* The holder of **no tricks** leads the card likeliest to be beaten (many unseen cards above
  it, in hands that may have to play them), ducks under the winning card with the card most
  dangerous to keep, and, when every card he may play wins for now, plays the one likeliest
  to be overtaken.  His opponents lead low cards of suits he may hold (he must go over them
  where he has nothing lower), keep his card winning where he has played, keep the card to
  beat low while he is still to play, and throw their high cards, never their low ones.
* The holder of **every trick** leads the card least likely to be beaten (sure winners, trumps
  first while an opponent may hold one) and beats the winning card with the card likeliest
  to hold; his opponents play to take one trick: the card likeliest to hold against him,
  and throw their lowest cards where they cannot, keeping their stoppers.

"Likely" is the heuristic's rough model: an unseen card lies in a hand in proportion to the
cards it holds, and a seat known to lack a suit (where play is strict from the first trick)
holds none of it.  Nothing here tests a variant's name, a seat count or a side count: the
holder's side is the declarer's, and the opponents are every other seat that plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from interpreter.core.actions import EXCHANGE, MARRY_BASE
from interpreter.engine.trick import seat_after, winning_position
from interpreter.engine.views import Public, SeatView
from interpreter.rules.ruleset import Ruleset

__all__ = ["NO_TRICKS", "ALL_TRICKS", "SETTLED", "goal_code", "open_goal", "trick_goals", "unannounced"]

NO_TRICKS: Final = "no_tricks"
ALL_TRICKS: Final = "all_tricks"
# The holder of no tricks leading: how much a card's danger kept (see _danger) weighs beside the
# chance it is beaten now -- enough to choose among cards equally sure to be beaten, too little
# to prefer a card that may hold to one that will not.
DANGER: Final = 0.01
#: What :func:`goal_code` answers where this trick decides the goal whatever the seat plays.
SETTLED: Final = -1


def trick_goals(rs: Ruleset) -> dict[int, str]:
    """The bids of the games won or lost on one trick, with their goals: the named contracts
    whose goal is ``no_tricks`` or ``all_tricks``, and the moon where it must take every trick
    (``bidding.moon.requirement: all_tricks``; a moon of so many points is played for them)."""
    goals = {c.bid: c.goal for c in rs.bidding.contracts if c.goal in (NO_TRICKS, ALL_TRICKS)}
    moon = rs.bidding.moon
    if moon is not None and moon.requirement == ALL_TRICKS:
        goals[moon.bid] = ALL_TRICKS
    return goals


def open_goal(goals: dict[int, str], pub: Public) -> str | None:
    """The goal the deal is played for now (a value of ``goals``, see :func:`trick_goals`), or
    None: where no such game was bid, where one trick has decided it already (the holder's side
    took a trick in a game of no tricks, or lost one in a game of every trick: from then on the
    card points are what is left to play for -- a moon's defenders score theirs), and on a first
    lead that fixes trump (the heuristic chooses the suit, a moon's holder the one that takes
    every trick)."""
    if pub.declarer < 0:
        return None
    goal = goals.get(pub.high_bid)
    if goal is None or (pub.trump < 0 and pub.lead_trump and not pub.trick):
        return None
    side = pub.side_index
    holder = side[pub.declarer]
    taken = sum(t for s, t in enumerate(pub.tricks) if side[s] == holder)
    if taken != (0 if goal == NO_TRICKS else pub.tricks_played):
        return None
    return goal


class _Choice(Protocol):
    def choice(self, seq: Sequence[int], /) -> int: ...


class _Odds:
    """The chance that some of a set of seats holds a card that beats a given one."""

    __slots__ = ("beats", "unseen", "suit_mask", "voids", "sizes", "n_unseen")

    def __init__(self, beats: Sequence[int], unseen: int, suit_mask: Sequence[int], voids: Sequence[int],
                 sizes: Sequence[int]) -> None:
        self.beats = beats
        self.unseen = unseen
        self.suit_mask = suit_mask
        self.voids = voids
        self.sizes = sizes
        self.n_unseen = unseen.bit_count()

    def beaten(self, card: int, seats: Sequence[int]) -> float:
        """The chance that one of ``seats`` holds a card beating ``card``: each unseen card lies
        with them in proportion to the cards they hold, except in a suit all of them lack."""
        if not seats or not self.n_unseen:
            return 0.0
        threats = self.beats[card] & self.unseen
        lack = self.lacking(seats)
        held = sum(self.sizes[s] for s in seats)
        if lack:
            for suit, mask in enumerate(self.suit_mask):
                if lack >> suit & 1:
                    threats &= ~mask
        p = min(1.0, held / self.n_unseen)
        return 1.0 - (1.0 - p) ** threats.bit_count()

    def lacking(self, seats: Sequence[int]) -> int:
        """The suits (as bits) every one of ``seats`` is known to lack."""
        lack = -1
        for s in seats:
            lack &= self.voids[s]
        return lack

    def in_hands(self, seats: Sequence[int]) -> float:
        """The chance that a given unseen card lies with one of ``seats``."""
        if not self.n_unseen:
            return 0.0
        return min(1.0, sum(self.sizes[s] for s in seats) / self.n_unseen)


def goal_code(
    goal: str, view: SeatView, codes: Sequence[int], beats: Sequence[int], rank: Sequence[int],
    suit_of: Sequence[int], suit_mask: Sequence[int], unseen: int, voids: Sequence[int] | None,
    rng: _Choice | None,
) -> int:
    """The card to play (a code of ``codes``) in a contract of ``goal`` (``no_tricks`` or
    ``all_tricks``): ``beats``, ``rank`` (0 the strongest), ``suit_of`` and ``suit_mask`` are the
    heuristic's tables under the contract's trump and order, ``unseen`` the cards the seat has
    not seen go, ``voids`` per seat the suits it is known to lack (``None``: unknown).
    Marriages are never announced (they score nothing towards such a goal, and would lead a
    high card); the other non-card steps are left to the caller.  :data:`SETTLED` where the
    card makes no difference to the goal any more -- a defender of every trick whose side takes
    this one whatever he plays: the caller plays for card points, which a moon's defenders
    score."""
    cards = [c for c in codes if c < MARRY_BASE]
    if not cards:
        return codes[0]
    pub = view.public
    seat = view.seat
    sizes: tuple[int, ...] = pub.hand_sizes
    side: tuple[int, ...] = pub.side_index
    sitting: tuple[int, ...] = pub.sitting_out
    n = len(sizes)
    holder = side[pub.declarer]
    trick: tuple[int, ...] = pub.trick
    leader = pub.leader if trick else seat
    later = []  # the seats still to play to this trick after this one
    s = seat_after(seat, n, sitting)
    while s != leader:
        if sizes[s]:
            later.append(s)
        s = seat_after(s, n, sitting)
    holds = side[seat] == holder
    later_opp = [s for s in later if (side[s] == holder) != holds]
    if goal == ALL_TRICKS and trick and not holds and not later_opp and side[_winner(trick, beats, leader, n, sitting)[1]] != holder:
        return SETTLED  # the holder's side loses this trick whatever is played: the goal is decided
    odds = _Odds(beats, unseen, suit_mask, voids if voids is not None else [0] * n, sizes)
    if goal == NO_TRICKS:
        scored = _no_tricks(holds, cards, trick, later_opp, side, holder, leader, n, sitting, odds, beats, rank, suit_of,
                            suit_mask, sizes, unseen, view.hand_mask)
    else:
        scored = _all_tricks(holds, cards, trick, later_opp, side, holder, leader, n, sitting, odds, beats, rank)
    best = max(scored)
    ties = [c for c, v in zip(cards, scored) if v > best - 1e-9]
    if rng is not None and len(ties) > 1:
        return rng.choice(ties)
    return ties[0]


def _winner(trick: Sequence[int], beats: Sequence[int], leader: int, n: int, sitting: Sequence[int]) -> tuple[int, int]:
    """The card winning the trick so far and the seat that played it."""
    pos = winning_position(trick, beats)
    seat = leader
    for _ in range(pos):
        seat = seat_after(seat, n, sitting)
    return trick[pos], seat


def _no_tricks(
    holds: bool, cards: list[int], trick: Sequence[int], later_opp: list[int], side: Sequence[int], holder: int,
    leader: int, n: int, sitting: Sequence[int], odds: _Odds, beats: Sequence[int], rank: Sequence[int],
    suit_of: Sequence[int], suit_mask: Sequence[int], sizes: Sequence[int], unseen: int, hand: int,
) -> list[float]:
    """Each card's score (the highest is played) where the holder's side must take no trick.
    Ties prefer the stronger card thrown (``-rank``: it is the one that would take a trick
    later) or, where a card must win for now, the weaker."""
    opponents = [s for s in range(n) if s not in sitting and sizes[s] and (side[s] == holder) != holds]
    if holds:
        if not trick:  # lead the card likeliest to be beaten; of equals the one most dangerous kept
            return [odds.beaten(c, later_opp) + DANGER * _danger(c, hand, unseen, beats, suit_of, suit_mask) - rank[c] * 1e-6
                    for c in cards]
        best, _ = _winner(trick, beats, leader, n, sitting)
        under = beats[best]
        if any(not under >> c & 1 for c in cards):  # duck: throw the card likeliest to win a trick later, or most dangerous kept
            return [(1.0 - odds.beaten(c, opponents) + DANGER * _danger(c, hand, unseen, beats, suit_of, suit_mask)
                     - rank[c] * 1e-6) if not under >> c & 1 else -2.0 for c in cards]
        return [odds.beaten(c, later_opp) + rank[c] * 1e-6 for c in cards]  # every card wins for now
    if not trick:
        # lead a low card of a suit the holder may hold: he must go over it where he has
        # nothing lower (where the duties make him head the trick), and takes it
        p = odds.in_hands(opponents)  # (a defender's opponents are the holder's side)
        lack = odds.lacking(opponents)
        scores = []
        for c in cards:
            suit = suit_of[c]
            if lack >> suit & 1:
                scores.append(-1.0 + rank[c] * 1e-6)
                continue
            in_suit = unseen & suit_mask[suit]
            higher = (in_suit & beats[c]).bit_count()
            lower = (in_suit & ~beats[c] & ~(1 << c)).bit_count()
            scores.append((1.0 - p) ** lower * (1.0 - (1.0 - p) ** higher) + rank[c] * 1e-6)
        return scores
    best, winner = _winner(trick, beats, leader, n, sitting)
    above = beats[best]
    if side[winner] == holder or not later_opp:
        # the holder's card wins (keep it so), or he has played and lost: throw the strongest
        # card that keeps the trick where it is, keeping the low ones to lead
        return [(1.0 if not above >> c & 1 else 0.0) - rank[c] * 1e-6 for c in cards]
    # the holder is still to play: keep the card he must beat as low as it is, or raise it least
    return [(1.0 - rank[c] * 1e-6) if not above >> c & 1 else rank[c] * 1e-6 for c in cards]


def _danger(card: int, hand: int, unseen: int, beats: Sequence[int], suit_of: Sequence[int],
            suit_mask: Sequence[int]) -> float:
    """How dangerous ``card`` is to keep in a contract to take no trick: the unseen cards of
    its suit below it, which an opponent may lead, making the holder go over them where he
    must head the trick -- shared among the holder's cards of the suit below it, each of
    which may duck instead.  A singleton ten with three cards below it out is the card to
    be rid of; a queen with the jack beside it much less."""
    suit = suit_mask[suit_of[card]]
    below = suit & ~beats[card] & ~(1 << card)
    return (below & unseen).bit_count() / (1 + (below & hand).bit_count())


def _all_tricks(
    holds: bool, cards: list[int], trick: Sequence[int], later_opp: list[int], side: Sequence[int], holder: int,
    leader: int, n: int, sitting: Sequence[int], odds: _Odds, beats: Sequence[int], rank: Sequence[int],
) -> list[float]:
    """Each card's score (the highest is played) where the holder's side must take every
    trick: the chance the trick is won by the side that plays the card.  Ties prefer the
    weaker card (a stopper or a sure winner kept for later)."""
    if not trick:  # lead the card least likely to be beaten by those to play after
        return [1.0 - odds.beaten(c, later_opp) + rank[c] * 1e-6 for c in cards]
    best, winner = _winner(trick, beats, leader, n, sitting)
    above = beats[best]
    mine = (side[winner] == holder) == holds  # this seat's side wins the trick for now
    keep = 1.0 - odds.beaten(best, later_opp) if mine else 0.0
    scores = []
    for c in cards:
        if above >> c & 1:
            scores.append(1.0 - odds.beaten(c, later_opp) + rank[c] * 1e-6)
        else:
            scores.append(keep + rank[c] * 1e-6)
    return scores


def unannounced(view: SeatView, code: int) -> int:
    """``code``, or the card alone where ``code`` announces a marriage that a contract won or
    lost on one trick makes worth nothing: it would only show the opponents the other half.
    The search bot's last word on its choice -- its tree weighs the announcement as the card
    (the worlds are played with their cards open, so showing a card there costs nothing)."""
    if not MARRY_BASE <= code < EXCHANGE:
        return code
    pub = view.public
    card = code - MARRY_BASE
    if open_goal(trick_goals(view.rs), pub) is None or card not in view.legal_codes:
        return code
    return card
