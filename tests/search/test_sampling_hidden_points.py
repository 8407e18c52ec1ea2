"""Points hidden from a seat that would have ended the deal: the worlds keep them under the target.

The cards a declarer lays away face down count for him, and nobody else sees their points.  In
a contract decided by points (the Kontraschnapser: 66 within three tricks), the deal going on
after a trick tells every seat that he had not reached 66 then -- so the cards laid away cannot
be worth more than 65 less what his tricks hold.  A world that ignores this gives him 66 or more
after a trick where the real deal went on, and its public history does not replay (found by a
sweep drawing worlds at every decision of 200 deals per house ruleset: 15 such worlds, all in
Dreierschnapsen; this is the first of them).
"""

from __future__ import annotations

import random

from interpreter.core.actions import DISCARD_BASE, parse_action
from interpreter.engine.state import PLAY, DealState
from interpreter.rules.loader import load_ruleset
from interpreter.search.sampling import WorldSampler
from tests.search.test_sampling import replayed

# Dreierschnapsen, dealer 2, deal seed 71: seat 0 (forehand) holds KC AH KH AS KS QS, seat 1
# TC QD JD TH TS JS, seat 2 AC JC TD KD QH JH, the talon QC AD.  Seat 0 names diamonds and
# bids the Bettler; seat 2 outbids him with the Kontraschnapser (66 within three tricks, the
# forehand leading), takes the talon and lays KD QH away (7 points).  Trick 1: KS TS AD to
# seat 2 (25); trick 2: AC KC TC to seat 2 (25): 50 in tricks, 57 with the cards laid away.
ACTIONS = ["trump D", "bid 1", "pass", "bid 5", "pass", "discard KD", "discard QH",
           "play KS", "play TS", "play AD", "play AC", "play KC", "play TC", "play QC"]


def kontraschnapser() -> DealState:
    rs = load_ruleset("house/dreierschnapsen")
    st = DealState.new(rs, 2, 71)
    for text in ACTIONS:
        st.apply(parse_action(text))
    return st


def card_points(st: DealState, cards: list[int]) -> int:
    return sum(st.rs.tables.points[c] for c in cards)


def test_the_position_is_as_described() -> None:
    st = kontraschnapser()
    assert st.phase == PLAY and st.actor == 0 and st.declarer == 2 and st.tricks_played == 2
    assert st.points == [0, 0, 57]
    assert sorted(str(st.rs.action_of[DISCARD_BASE + c]) for c in st.widow) == ["discard KD", "discard QH"]


def test_the_cards_laid_away_never_give_the_declarer_66_after_a_trick() -> None:
    """Seat 0's view.  Hidden: JC, TD KD QD JD, TH QH JH, JS (9 cards) for seat 1 (4 cards),
    seat 2 (3) and the two cards laid away; seat 2 trumped a spade lead, so JS is not in his
    hand (it may be laid away: he laid away before that trick).
    JS laid away with one of the 8 others, seat 2 three of the 7 left: 8 * C(7,3) = 280;
    two of the 8 others laid away, seat 2 three of the 6 left: C(8,2) * C(6,3) = 28 * 20 = 560.
    840 in all -- but seat 2 had 50 in tricks after trick 2 and the deal went on, so the cards
    laid away hold at most 15: TD TH (20) is out, 27 * 20 = 540 of the second kind, 820 worlds."""
    st = kontraschnapser()
    rs = st.rs
    view = st.view(0)
    sampler = WorldSampler(view)
    assert sampler.count == 280 + 27 * 20
    worlds = list(sampler.worlds())
    assert len(worlds) == 820
    laid = {tuple(sorted(w.state.widow)) for w in worlds}
    assert len(laid) == 8 + 27
    assert all(card_points(st, list(pair)) <= 15 for pair in laid)
    assert tuple(sorted(st.widow)) in laid, "the true deal is among the worlds"
    for world in worlds[::20]:
        assert world.state.points[2] <= 65
        hands, rest, turnup = world.initial_deal()
        again = replayed(rs, view, hands, rest, turnup, world.state.key(), world.state.history)
        assert again.key() == world.state.key() and not again.is_over
    rng = random.Random(71)
    for _ in range(300):  # drawn: the same limit, every draw replays
        world = sampler.sample(rng)
        w = world.state
        assert card_points(st, list(w.widow)) <= 15 and w.view(0) == view
        hands, rest, turnup = world.initial_deal()
        assert replayed(rs, view, hands, rest, turnup, w.key(), w.history).key() == w.key()


def test_seat_1_hidden_aces_and_tens_are_kept_apart() -> None:
    """Seat 1's view.  Hidden: AS QS, JC TD KD AH KH QH JH (9 cards) for seat 0 (4 cards),
    seat 2 (3) and the two cards laid away; no spade in seat 2's hand (he trumped KS).
    Laid away AS QS: seat 2 three of the 7 others, C(7,3) = 35; a spade and one of the 7:
    14 pairs, seat 2 three of the 6 others left, C(6,3) = 20; two of the 7: C(7,2) = 21 pairs,
    seat 2 three of the 5 left, C(5,3) = 10.  525 in all; at most 15 laid away leaves out
    AH AS, TD AS (one spade, 2 pairs: 40 worlds) and AH TD (10 worlds): 475."""
    st = kontraschnapser()
    view = st.view(1)
    sampler = WorldSampler(view)
    assert sampler.count == 35 + 12 * 20 + 20 * 10
    rng = random.Random(2)
    for _ in range(200):
        w = sampler.sample(rng).state
        assert card_points(st, list(w.widow)) <= 15 and w.view(1) == view


def test_the_declarer_who_laid_them_away_is_not_limited_by_them() -> None:
    """Seat 2 knows the cards he laid away: nothing of the widow is hidden from him, and the
    other two hands (seat 0's AH KH AS QS, seat 1's QD JD TH JS) are any 4 of those 8 cards:
    C(8,4) = 70 worlds, none left out."""
    assert WorldSampler(kontraschnapser().view(2)).count == 70
