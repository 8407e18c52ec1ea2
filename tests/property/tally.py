"""An account of a deal kept beside the engine, action by action, for the random-play checker.

What the rules show everybody of a hand, which cards were played, which marriages were
announced and whether somebody declared: the checker compares the engine's views and sums with
this account, so it must not be read from the engine's own bookkeeping (``known``, ``meld``).
It follows the ruleset's rules and what happens at the table (a card leaves a hand, a trick is
on the table), never a ruleset's name: a ruleset added to the folders is checked with no edit.

Cards revealed in a hand, by the rules:

* the card shown for trump: the dealer's last card (``trump.selection: dealer_card``) from the
  deal's start, the card turned when the namer passes (``trump.if_passed: turn_next``) from then;
* the turn-up taken into a hand (by the exchange, or as the last card drawn);
* the partner of a marriage led, and both cards of a marriage the leader's partner only shows
  (``marriage.who: leader_and_partner``): his card stays in his hand;
* none of them once their holder lays cards away face down (``deal.widow.to: declarer_hand``):
  any card seen in his hand may be among those laid away.
"""

from __future__ import annotations

import dataclasses

from interpreter import Card, Continue, DealState, Declare, Discard, Marry, Pass, Play
from interpreter.core.actions import Action
from interpreter.engine.position import NAMING


@dataclasses.dataclass(frozen=True)
class Marriage:
    """A marriage announced: by whom, with which card, the tricks he held when he announced
    it (``marriage.counts_after: own_next_trick`` needs one more), and whether he only showed
    it in his partner's trick (``marriage.who: leader_and_partner``) rather than led it."""

    seat: int
    card: Card
    tricks_before: int
    shown_only: bool


def marriage_partner(card: Card) -> Card:
    """The other card of a marriage: the queen of a king, the king of a queen."""
    return Card("Q" if card.rank == "K" else "K", card.suit)


class Tally:
    """The account of one deal: :meth:`apply` performs each action on the state and notes it."""

    def __init__(self, state: DealState) -> None:
        n = state.n
        #: per seat, the cards everybody has seen go into (or stay in) that hand
        self.revealed: list[set[Card]] = [set() for _ in range(n)]
        self.played: list[Card] = []
        self.marriages: list[Marriage] = []
        self.declared = False
        #: the actions as a record holds them (without the implicit ``Continue``)
        self.moves: list[str] = []
        if state.rs.trump.selection == "dealer_card":  # shown as the deal starts: known to all at once
            self._shown_for_trump(state, state.dealer)

    def apply(self, state: DealState, action: Action) -> None:
        """Perform ``action`` on ``state`` (the checked path: it must accept it) and note it."""
        rs = state.rs
        seat = state.actor
        assert seat is not None, f"{action} offered after the deal is over"
        turn_up = state.turnup
        naming = state.phase == NAMING
        shown_only = isinstance(action, Marry) and bool(state.trick)  # the leader has led: a partner shows it
        tricks_before = state.tricks[seat]
        state.apply(action)
        if turn_up >= 0 and state.turnup != turn_up:  # the turn-up was taken (exchange, last draw)
            takers = [s for s in range(state.n) if state.hands[s] >> turn_up & 1]
            assert len(takers) == 1, f"the turn-up went to seats {takers}"
            self.revealed[takers[0]].add(rs.deck.cards[turn_up])
        if isinstance(action, Marry):
            self._marriage(state, seat, action.card, shown_only)
            self.marriages.append(Marriage(seat, action.card, tricks_before, shown_only))
        elif isinstance(action, Play):
            self._played(action.card)
        elif isinstance(action, Pass) and naming and rs.trump.if_passed == "turn_next":
            self._shown_for_trump(state, seat)
        elif isinstance(action, Discard):  # face down: any card seen in his hand may be among them
            self.revealed[seat].clear()
        elif isinstance(action, Declare):
            self.declared = True
        if not isinstance(action, Continue):
            self.moves.append(str(action))

    def _played(self, card: Card) -> None:
        assert card not in self.played, f"{card} played twice: {self.moves}"
        self.played.append(card)

    def _marriage(self, state: DealState, seat: int, card: Card, shown_only: bool) -> None:
        """A marriage led (the card played, its partner seen in the hand) or only shown by the
        leader's partner (both cards seen, both stay in his hand)."""
        partner = marriage_partner(card)
        still_held = bool(state.hands[seat] >> state.rs.deck.index(card) & 1)
        if shown_only:
            assert state.rs.marriage.who == "leader_and_partner", f"seat {seat} married {card} in another's trick"
            assert still_held, f"{card}, only shown, left seat {seat}'s hand"
            self.revealed[seat] |= {card, partner}
        else:
            assert not still_held, f"{card}, led with a marriage, is still in seat {seat}'s hand"
            self._played(card)
            self.revealed[seat].add(partner)

    def _shown_for_trump(self, state: DealState, seat: int) -> None:
        """The card turned for trump stays in its holder's hand in everybody's sight."""
        assert state.turned >= 0, "trump was to be shown by a card, and none was turned"
        card = state.rs.deck.cards[state.turned]
        assert state.hands[seat] >> state.turned & 1, f"{card}, shown for trump, is not in seat {seat}'s hand"
        assert state.trump_suit() == card.suit, f"{card} was shown for trump, but trump is {state.trump_suit()}"
        self.revealed[seat].add(card)
