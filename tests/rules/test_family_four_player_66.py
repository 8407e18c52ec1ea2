"""Four-player Sixty-Six (rulesets/house/four-player-66.yaml; reference 6.10, /tmp/family/spec.md 2).

Rules checked, each expectation worked out by hand from the YAML and the schema:

* ``deal.first_receiver: dealer_partner``: packets of 3, 3 go to the dealer's partner, then the
  dealer's left, then his right, the dealer last;
* ``trump.selection: dealer_card``: the dealer's last card (deck position 23) is trump, stays in
  his hand and is known to every other seat; the forehand (dealer's left) leads;
* ``marriage.who: leader_and_partner``: the leader's partner, on his own turn in a trick his
  partner led, shows K+Q with ``marry K?`` (the king only), scores 20 (40 in trumps) for the
  team once the team has a trick (``counts_after: team_trick``), then plays a card; one marriage
  a player in each trick.  Everybody else is refused, naming the rule.

Partners: seats 0 & 2 (team 0) against 1 & 3 (team 1).  Card points A11 T10 K4 Q3 J2 9:0.
"""

from __future__ import annotations

from typing import Any

import pytest

from interpreter import Card, DealState, IllegalActionError, load_ruleset, parse_action
from interpreter.engine.build import build_position
from interpreter.engine.state import deal_cards, deal_marks

RS = load_ruleset("rulesets/house/four-player-66.yaml")


def names(cards) -> set[str]:
    return {str(c) for c in cards}


def texts(actions) -> set[str]:
    return {str(a) for a in actions}


def refused_rule(st: DealState, move: str) -> str:
    with pytest.raises(IllegalActionError) as info:
        st.check(parse_action(move))
    return info.value.rule


# --------------------------------------------------------------------------- the deal
# Dealer 3: his partner is seat 1, his left seat 0, his right seat 2, then himself; so deck
# positions 0-2 -> 1, 3-5 -> 0, 6-8 -> 2, 9-11 -> 3, 12-14 -> 1, 15-17 -> 0, 18-20 -> 2, 21-23 -> 3.
PACKETS = (
    "AC TC KC", "AD TD KD", "AH TH KH", "AS TS KS",
    "QC JC 9D", "QD JD 9C", "QH JH 9S", "QS JS 9H",   # position 23 = 9H: the dealer's last card
)
ORDER = [RS.deck.index_of[Card.parse(c)] for packet in PACKETS for c in packet.split()]


def test_the_dealers_partner_is_dealt_first_and_the_dealer_last() -> None:
    """dealer_partner with dealer 3: seat order 1, 0, 2, 3 (spec 2 scenario 1); with dealer 0:
    2, 1, 3, 0."""
    seat_at, _, _ = RS.deal_plans[3]
    assert [seat for _, seat in seat_at] == [1] * 3 + [0] * 3 + [2] * 3 + [3] * 3 + [1] * 3 + [0] * 3 + [2] * 3 + [3] * 3
    seat_at, _, _ = RS.deal_plans[0]
    assert [seat for _, seat in seat_at][:12] == [2] * 3 + [1] * 3 + [3] * 3 + [0] * 3
    hands, _, _ = deal_cards(RS, 3, ORDER)
    got = [names(RS.deck.cards[i] for i in range(24) if h >> i & 1) for h in hands]
    assert got == [
        {"AD", "TD", "KD", "QD", "JD", "9C"},
        {"AC", "TC", "KC", "QC", "JC", "9D"},
        {"AH", "TH", "KH", "QH", "JH", "9S"},
        {"AS", "TS", "KS", "QS", "JS", "9H"},
    ]


def test_the_dealers_last_card_is_trump_known_to_all_and_the_forehand_leads() -> None:
    """dealer_card: 9H (position 23, dealer 3's) makes hearts trump; it stays in his hand, every
    other seat knows he holds it; seat 0 (the dealer's left) leads."""
    hands, stock, turnup = deal_cards(RS, 3, ORDER)
    unseen, shown = deal_marks(RS, 3, ORDER)
    assert str(RS.deck.cards[shown]) == "9H"
    st = DealState(RS, 3, hands, stock, turnup, unseen, shown)
    assert st.trump_suit() == "H"
    assert "9H" in names(st.hand(3))
    for seat in (0, 1, 2):
        view = st.view(seat)
        assert view.trump == "H"
        assert names(view.known[3]) == {"9H"}
    assert st.view(3).known[3] == ()  # his own hand is no news to him
    assert (st.leader, st.actor) == (0, 0)


def test_a_seeded_deal_gives_six_each_and_the_dealers_card_fixes_trump() -> None:
    st = DealState.new(RS, 1, 7)
    assert [len(st.hand(s)) for s in range(4)] == [6, 6, 6, 6]
    known = st.view(0).known[1]
    assert len(known) == 1 and known[0].suit == st.trump_suit()
    assert st.actor == 2  # dealer 1: seat 2 leads


# --------------------------------------------------------------------------- the partner's marriage
def first_trick() -> DealState:
    """Dealer 1, diamonds trump; seat 2 (the forehand) has led AH; seat 3 is next, then 0, then 1.

    Seat 0 (seat 2's partner) holds the club marriage KC QC and one heart, JH.  All 24 cards
    are placed and no trick has been won yet."""
    return build_position(
        RS, dealer=1, trump="D", leader=2, trick="AH",
        hands=["KC QC JH AC TC JS", "KH QH AD TD KD QD", "9H AS TS 9C JD", "TH KS QS JC 9D 9S"],
    )


def test_an_opponent_of_the_leader_may_not_show_a_marriage() -> None:
    """Seat 3 holds KS QS, but he is not the leader's partner: refused by the marriage rule; he
    must follow with his only heart (he cannot beat AH)."""
    st = first_trick()
    assert st.actor == 3
    assert texts(st.legal_actions()) == {"play TH"}
    assert refused_rule(st, "marry KS") == "marriage"


def test_the_leaders_partner_shows_with_the_king_then_plays() -> None:
    """Seat 0 may follow with JH (he cannot beat AH) or show the club marriage with KC (not QC);
    showing does not play a card; the marriage waits for a team trick; once seat 2's AH takes the
    trick, team 0 has 11 + 10 + 2 + 4 = 27 + 20 = 47."""
    st = first_trick()
    st.apply(parse_action("play TH"))
    assert st.actor == 0
    assert texts(st.legal_actions()) == {"play JH", "marry KC"}
    assert refused_rule(st, "marry QC") == "marriage.who"
    st.apply(parse_action("marry KC"))
    assert st.actor == 0 and len(st.hand(0)) == 6 and len(st.trick) == 2  # nothing played yet
    assert names(st.view(1).known[0]) == {"KC", "QC"}  # both shown cards are public
    assert "marry KC" not in texts(st.legal_actions())
    assert "play JH" in texts(st.legal_actions())
    assert st.card_points() == [0, 0]  # team 0 has no trick yet: the 20 waits
    st.apply(parse_action("play JH"))
    assert st.actor == 1
    assert refused_rule(st, "marry KD") == "marriage"  # the last player is an opponent
    st.apply(parse_action("play KH"))
    assert st.tricks == [0, 0, 1, 0]
    assert st.card_points() == [47, 0]


def test_one_marriage_a_player_in_each_trick() -> None:
    """Seat 0 holds two marriages; after showing KC he may not show KS in the same trick."""
    st = build_position(
        RS, dealer=3, trump="D", leader=2, trick="9H JH",
        hands=["KC QC KS QS", "AC TC 9C JC", "AH TH KH", "AS TS JS"],
        tricks=[1, 0, 0, 1], points=[20, 0, 0, 20],
    )
    assert st.actor == 0
    # void in hearts and without a diamond: any card; either king shows its marriage
    assert texts(st.legal_actions()) >= {"play KC", "play QC", "play KS", "play QS", "marry KC", "marry KS"}
    st.apply(parse_action("marry KC"))
    assert refused_rule(st, "marry KS") == "marriage.who"


def test_a_trump_marriage_counts_40_and_the_team_may_declare() -> None:
    """spec 2 scenario 2: team 0 has 61 after 4 tricks, team 1 25 with a trick; seat 2 leads KH,
    seat 3 plays 9H; seat 0 (void in hearts) must trump, and shows KD+QD in trumps: 61 + 40 = 101;
    he declares: team 1 has 25 < 33 with a trick, so team 0 scores 2."""
    st = build_position(
        RS, dealer=3, trump="D", leader=2, trick="KH 9H",
        hands=["KD QD", "TC 9S", "AS", "JS"],
        points=[31, 25, 30, 0], tricks=[2, 1, 1, 0],
    )
    assert texts(st.legal_actions()) == {"play KD", "play QD", "marry KD"}
    st.apply(parse_action("marry KD"))
    assert st.card_points() == [101, 25]
    assert "declare" in texts(st.legal_actions())
    st.apply(parse_action("declare"))
    assert st.result.winner == 0
    assert st.result.scores == (2, 0)


# --------------------------------------------------------------------------- engine bugs found
# A marriage is one king and queen: once shown (and scored) it cannot be scored again.  The
# partner's show leaves both cards in his hand, and the engine offers the same marriage again.
REPEAT: dict[str, Any] = {"dealer": 3, "trump": "D", "leader": 2, "tricks": [1, 0, 1, 0], "points": [20, 0, 20, 0]}


def test_a_shown_marriage_cannot_be_shown_again_in_a_later_trick() -> None:
    """Seat 0 shows KC+QC in trick 1 (seat 2's AH wins it); in trick 2, again led by seat 2,
    he still holds KC QC: showing them again must be refused, and the meld stays 20."""
    st = build_position(RS, hands=["KC QC JH 9C", "AS TS KS QS", "AH TH KH JS", "QH 9H AD TD"], **REPEAT)
    for move in ("play AH", "play 9H", "marry KC", "play JH", "play AS"):
        st.apply(parse_action(move))
    assert st.leader == 2 and st.meld[0] == 20
    st.apply(parse_action("play TH"))
    st.apply(parse_action("play QH"))
    assert "marry KC" not in texts(st.legal_actions())


def test_a_shown_marriage_cannot_be_announced_again_on_the_lead() -> None:
    """Seat 0 shows KC+QC in seat 2's JS trick and wins it with AD (void in spades, he must beat
    9D); leading next, he may not announce the club marriage a second time."""
    st = build_position(RS, hands=["KC QC AD 9C", "AS TS KS QS", "JH TH KH JS", "QH 9H 9D TD"], **REPEAT)
    for move in ("play JS", "play 9D", "marry KC", "play AD", "play QS"):
        st.apply(parse_action(move))
    assert st.leader == 0 and st.meld[0] == 20
    assert not {"marry KC", "marry QC"} & texts(st.legal_actions())
