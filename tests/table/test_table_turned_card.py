"""The card turned up for trump from a hand ("Trump ♥ hearts (A♥ turned up, seat 1's card)")
is said to be its holder's only while it is in his hand and the viewer knows it is: once it
is played (its trick gathered, it is remembered, not shown), or once the holder lays cards
away face down (which of them, only he sees), the centre no longer names it -- where it once
said "seat 1's card" to the end of the deal."""

from __future__ import annotations

import random

import pytest

from cli.table.render import centre
from interpreter import Match, load_ruleset
from interpreter.play import seatfacts as facts

#: Games where a card of a hand fixes trump: turned up when the forehand passes (named
#: trump), or the dealer's last card (dealer_card); Dreierschnapsen's declarer lays cards away.
GAMES = ["house/three-player-66", "house/bicycle-four-hand", "house/bauernschnapsen-regional", "house/dreierschnapsen",
         "house/four-player-66"]


@pytest.mark.parametrize("name", GAMES)
def test_the_turned_card_is_named_only_while_known_to_be_in_its_holders_hand(name: str) -> None:
    rs = load_ruleset(name)
    said = {"in hand": 0, "gone": 0}
    for seed in range(30):
        state, rng = Match(rs, seed).next_deal(), random.Random(seed)
        while not state.is_over:
            turned = state.view(0).public.turned
            if turned >= 0:
                card = rs.deck.cards[turned]
                # the forehand turns his card up when he passes; dealer_card: the dealer's last card
                holder = state.dealer if rs.trump.selection == "dealer_card" else (state.dealer + 1) % rs.players.count
                for seat in range(rs.players.count):
                    view = state.view(seat)
                    # in the hand, and known to be there: the holder knows his hand, the others
                    # what the engine tells every seat (a card laid away could be any of his)
                    known = card in state.hand(holder) and (seat == holder or card in view.known[holder])
                    whose = "your card" if seat == holder else f"{facts.seat_name(view, holder)}'s card"
                    text = centre(view).plain
                    if not view.trump:  # a contract without trump (Bettler): no trump to say
                        continue
                    if known:
                        assert f"({facts.card_text(card)} turned up, {whose})" in text, (seed, seat, text)
                    else:
                        assert "turned up" not in text, (seed, seat, text)
                    said["in hand" if known else "gone"] += 1
            state.apply(rng.choice(state.legal_actions()))
    assert said["in hand"] and said["gone"], said
