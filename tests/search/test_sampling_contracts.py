"""Worlds of deals played under a contract: a seat sitting out, the forehand leading, and a void
shown by a player who had announced a card he held.

A void shown in play and an announcement that tells of a card in the hand (the Ass-Bettler's
ace, ``bidding.contracts[].holding``) are two limits on one hand: the announced card, never
played, is in the hand still, so it is not of the suit the player was seen to lack.  The sampler
once took the announced card as held only up to the announcement and gave the player a club he
had shown he lacked (a Kontrabauernschnapser of bauernschnapsen-regional: the forehand's JC
answered with the trump JH, then nearly half the worlds put AC in that hand, and OpenSpiel's
search bot replayed the history into an illegal move).

* the position of that report, built by the engine's own actions: the count of its worlds
  worked out by hand, every world without a club in that hand and with the ace it announced,
  every world's deal replaying the public history legally;
* random positions of the house rulesets with contracts in which a seat sits out and a seat
  other than the viewer showed a void (where the ruleset has announcements of a card: one who
  announced one): the worlds are exactly those of a brute force that knows nothing of the
  sampler (``consistent_placements``), and the true deal is among them.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.core.actions import BID_BASE, DECLARE, parse_action
from interpreter.engine.state import NAMING, PLAY, DealState, deal_cards, deal_marks
from interpreter.engine.views import SeatView
from interpreter.rules.loader import load_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.rules.tables import KIND_BID, KIND_PLAY
from interpreter.search.sampling import WorldSampler
from tests.search.test_sampling import consistent_placements, placement, replayed

ROOT = Path(__file__).resolve().parents[2]

# The deck order of the report (OpenSpiel's chance outcomes, top card first), dealer seat 1.
ORDER = [1, 3, 4, 14, 8, 16, 18, 15, 7, 9, 19, 6, 0, 12, 17, 5, 13, 11, 10, 2]
ACTIONS = ["trump H", "pass", "bid 2", "bid 3", "bid 7", "bid 8", "pass", "pass", "play JC", "play JH"]


def cards(rs: Ruleset, text: str) -> int:
    return sum(1 << rs.deck.card_index(c[0], c[1]) for c in text.split())


def kontrabauernschnapser() -> DealState:
    """Seat 2 (forehand) names hearts; seat 3 bids the Ass-Bettler (2), which needs an ace, then
    the Kontrabauernschnapser (8): every trick, an opponent of the forehand, the forehand
    leading; seat 1, his partner, sits out.  Seat 2 leads JC, seat 3 trumps with JH."""
    rs = load_ruleset("house/bauernschnapsen-regional")
    hands, stock, turnup = deal_cards(rs, 1, ORDER)
    unseen, shown = deal_marks(rs, 1, ORDER)
    st = DealState(rs, 1, hands, stock, turnup, unseen, shown)
    for text in ACTIONS:
        st.apply(parse_action(text))
    return st


def test_the_reported_position_is_as_described() -> None:
    st = kontrabauernschnapser()
    rs = st.rs
    assert st.sitting_out == (1,) and st.actor == 0 and st.phase == PLAY
    assert st.hands == [cards(rs, t) for t in ("KD TH QH AS QS", "KC TD JD AH JS", "AC TC QC KH", "AD QD TS KS")]


def test_every_world_keeps_the_club_void_and_the_announced_ace() -> None:
    """Seat 0's view.  Hidden: AC TC KC QC, AH KH, AD TD QD JD, TS KS JS (13 cards) for seat 1
    (5 cards), seat 2 (4) and seat 3 (4).  Seat 3 holds no club (it trumped JC) and an ace (it
    bid the Ass-Bettler; AS is seat 0's, AC a club): 4 of the 9 other cards, with AH or AD,
    C(9,4) - C(7,4) = 126 - 35 = 91 ways; seat 2 then takes 4 of the 9 left, C(9,4) = 126.
    91 * 126 = 11466 worlds (the sampler counted 22050 with AC in seat 3's hand)."""
    st = kontrabauernschnapser()
    rs = st.rs
    clubs, aces = cards(rs, "AC TC KC QC JC"), cards(rs, "AC AH AD AS")
    rng = random.Random(1)
    view = st.view(0)
    sampler = WorldSampler(view)
    assert sampler.count == 91 * 126
    for seat in (0, 1, 2):  # every seat's view: none may give seat 3 a club
        view = st.view(seat)
        sampler = WorldSampler(view)
        for _ in range(150):
            world = sampler.sample(rng)
            w = world.state
            assert w.hands[3] & clubs == 0, "seat 3 showed it holds no club"
            assert w.hands[3] & aces, "seat 3 announced an ace it has not played"
            assert w.view(seat) == view
            hands, rest, turnup = world.initial_deal()
            again = replayed(rs, view, hands, rest, turnup, w.key(), w.history)  # every move checked
            assert again.key() == w.key()


def voids_shown(rs: Ruleset, view: SeatView) -> set[int]:
    """The seats other than the viewer that did not follow the suit led (a void seen by all)."""
    out: set[int] = set()
    trick: list[tuple[int, int]] = []
    size = rs.players.count - len(view.public.sitting_out)
    for h in view.history_codes:
        if rs.tables.code_kind[h & 0xFFFF] != KIND_PLAY:
            continue
        card = rs.tables.code_card[h & 0xFFFF]
        trick.append((h >> 16, card))
        if rs.tables.suit_of[card] != rs.tables.suit_of[trick[0][1]] and h >> 16 != view.seat:
            out.add(h >> 16)
        if len(trick) == size:
            trick = []
    return out


def announcers(rs: Ruleset, view: SeatView) -> set[int]:
    """Seats that bid a contract only a holder of some card may announce."""
    t = rs.tables
    return {h >> 16 for h in view.history_codes
            if t.code_kind[h & 0xFFFF] == KIND_BID and t.contract_holding[(h & 0xFFFF) - BID_BASE]}


def contract_positions(name: str, wanted: int) -> list[tuple[DealState, int]]:
    """Positions of random deals (seeded) where a seat sits out and a seat other than the viewer
    showed a void -- one that announced a card, where the ruleset has such announcements -- and
    the worlds are few (2 to 200)."""
    rs = load_ruleset(name)
    holding = any(rs.tables.contract_holding)
    rng = random.Random(5)
    out: list[tuple[DealState, int]] = []
    for deal_seed in range(800):
        st = DealState.new(rs, deal_seed % rs.players.count, deal_seed)
        while not st.is_over and len(out) < wanted:
            if st.phase == PLAY and st.sitting_out and st.claim_seat < 0:
                seat = rng.randrange(rs.players.count)
                view = st.view(seat)
                void = voids_shown(rs, view)
                if holding:
                    void &= announcers(rs, view)
                if void and 2 <= WorldSampler(view).count <= 200:
                    out.append((st.copy(), seat))
                    break  # one position a deal
            codes = [c for c in st.legal_codes() if c != DECLARE] or st.legal_codes()
            st.push_code(rng.choice(codes), keep_undo=False)
        if len(out) == wanted:
            break
    return out


@pytest.mark.parametrize("name", ["house/bauernschnapsen-regional", "house/bauernschnapsen", "house/burgenland-4"])
def test_contract_worlds_are_exactly_the_consistent_ones(name: str) -> None:
    rs = load_ruleset(name)
    positions = contract_positions(name, 6)
    assert len(positions) == 6, "too few positions: widen the search"
    rng = random.Random(9)
    for st, seat in positions:
        assert st.phase != NAMING
        view = st.view(seat)
        truth = consistent_placements(rs, view)
        sampler = WorldSampler(view)
        assert placement(rs, st, seat) in truth, "the brute force must find the true deal"
        assert sampler.count == len(truth), "the sampler's count of consistent worlds"
        drawn = {placement(rs, sampler.sample(rng).state, seat) for _ in range(40 * len(truth))}
        assert drawn == truth, "exactly the consistent placements are drawn"
