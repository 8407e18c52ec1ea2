"""The ``basic`` seat kind: the greedy bot as it was up to version 0.1.0, a weak sparring partner.

It is kept so that the arena can measure the heuristic that replaced it (``greedy``, in
:mod:`interpreter.search.heuristic`) against a fixed baseline, and as an easy opponent.  It
declares as soon as it is right, exchanges and announces marriages whenever it can, wins a
trick worth taking with its cheapest winning card, and otherwise throws its cheapest card.
In an auction it bids what its own cards (plus an average partner) are worth in units.
"""

from __future__ import annotations

import random
from pathlib import Path

from interpreter.core.arguments import check_int_seed
from interpreter.core.actions import Action, Bid, Close, Continue, Declare, Discard, Exchange, Marry, NameTrump, Pass, Play
from interpreter.core.cards import Card
from interpreter.rules.loader import as_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.engine.views import SeatView, partners


class BasicBot:
    """The old greedy heuristic (seeded for the rare ties it breaks at random)."""

    def __init__(self, ruleset: Ruleset | str | Path, seed: int = 0) -> None:
        self.rs = as_ruleset(ruleset, "ruleset")  # a name will do, as everywhere a ruleset goes
        self.rng = random.Random(check_int_seed(seed))  # a float or text would seed a game no command repeats
        self.deck = self.rs.deck
        self._may_pass = True

    # -------------------------------------------------------------- helpers
    def _pts(self, card: Card) -> int:
        return self.deck.points[self.deck.index(card)]

    def _beats(self, a: Card, b: Card, view: SeatView) -> bool:
        """Whether card ``a`` played after ``b`` (currently winning) takes the lead (in the
        card order of the contract played, where it has its own)."""
        if a.suit == b.suit:
            return bool(view.rs.tables.stronger_of[view.public.order][self.deck.index(b)] >> self.deck.index(a) & 1)
        return a.suit == view.trump

    def _winning(self, view: SeatView) -> tuple[int, Card]:
        seat, best = view.trick[0]
        for s, c in view.trick[1:]:
            if self._beats(c, best, view):
                seat, best = s, c
        return seat, best

    # -------------------------------------------------------------- choosing
    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        rs = self.rs
        side = rs.side_of(view.seat)
        if Declare() in legal and view.claim_is_right():
            return Declare()
        if Continue() in legal:
            return Continue()
        bids: list[Action] = [a for a in legal if isinstance(a, Bid)]
        if bids or Pass() in legal:
            self._may_pass = Pass() in legal
            return self._bid(view, bids)
        if Exchange() in legal:
            return Exchange()
        names = [a for a in legal if isinstance(a, NameTrump)]
        if names:  # trump.selection named: the suit the hand is longest and strongest in
            return max(names, key=lambda a: sum(10 + self._pts(c) for c in view.hand if c.suit == a.suit))
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:  # laying cards away: the cheapest, a plain card before a trump
            return min(discards, key=lambda a: (a.card.suit == view.trump, self._pts(a.card)))
        plays = [a for a in legal if isinstance(a, Play)]
        marriages = [a for a in legal if isinstance(a, Marry)]
        if marriages:
            # the marriage in trumps first, led with its weaker card
            marriages.sort(key=lambda m: (m.card.suit != view.trump, -rs.deck.ranks.index(m.card.rank)))
            return marriages[0]
        if Close() in legal and view.card_points[side] >= 50:
            trumps = [c for c in view.hand if c.suit == view.trump]
            if len(trumps) >= 2:
                return Close()
        if not plays:  # any other step the rules offer (a double, a redouble): the first
            return legal[0]
        if not view.trick:
            return self._lead(view, plays)
        return self._follow(view, plays)

    def _bid(self, view: SeatView, bids: list[Action]) -> Action:
        rs = self.rs
        own = sum(self._pts(c) for c in view.hand)
        first, second = rs.marriage.ranks
        held = {c.suit for c in view.hand if c.rank == first}
        pairs = sum(1 for c in view.hand if c.rank == second and c.suit in held) if rs.marriage.enabled else 0
        marriage = rs.marriage.values.plain * pairs
        helpers = len(rs.sides[rs.side_of(view.seat)]) - 1  # partners who will add their tricks
        partner = helpers * rs.deck.total_points / rs.players.count
        estimate = own + marriage + partner
        moon = rs.bidding.moon.bid if rs.bidding.moon else None
        affordable = [b for b in bids if isinstance(b, Bid) and b.amount != moon and b.amount * rs.scoring.unit <= estimate]
        if affordable:
            return min(affordable, key=lambda b: b.amount if isinstance(b, Bid) else 0)
        if not bids or self._may_pass:
            return Pass()
        return min(bids, key=lambda b: b.amount if isinstance(b, Bid) else 0)

    def _lead(self, view: SeatView, plays: list[Play]) -> Action:
        non_trump = [p for p in plays if p.card.suit != view.trump] or plays
        return min(non_trump, key=lambda p: (self._pts(p.card), -self.deck.index(p.card)))

    def _follow(self, view: SeatView, plays: list[Play]) -> Action:
        win_seat, best = self._winning(view)
        if partners(view, win_seat, view.seat):
            return max(plays, key=lambda p: (p.card.suit != view.trump, self._pts(p.card)))
        winners = [p for p in plays if self._beats(p.card, best, view)]
        on_table = sum(self._pts(c) for _, c in view.trick)
        if winners and (on_table >= 10 or view.talon_size == 0 or view.closed):
            return min(winners, key=lambda p: (p.card.suit == view.trump, self._pts(p.card)))
        return min(plays, key=lambda p: (p.card.suit == view.trump, self._pts(p.card)))
