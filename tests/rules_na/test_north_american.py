"""North American Sixty-Six (reference section 4, defaults of section 5 A22-A37, axes 6.8).

Every test plays a full deal (all 24 cards dealt once, explicit hands) under the bundled
rulesets ``north-american-4``, ``-3`` and ``-2``.  Every expected value is worked out by hand
from the reference in the comments next to it (card points A 11, T 10, K 4, Q 3, J 2, 9 0;
ace-ten order A > T > K > Q > J > 9).  Team 0 = seats 0 and 2, team 1 = seats 1 and 3.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from interpreter import DealResult, DealState, Declare, IllegalActionError, Match, RecordError
from interpreter.engine.match import match_winner, next_dealer
from interpreter.play.record import load_record, replay, replay_report, spec_legal

from .helpers import NA2, NA3, NA4, deal, hand, legal, plays, rejected_rule, ruleset, run

# --------------------------------------------------------------------------------------------
# Deals used by several tests (each is a complete 24-card deal).

# One suit per player: whoever leads his own suit first makes it trumps and nobody else holds
# a trump, so every trick goes to the leader.
BY_SUIT = {
    0: "AH TH KH QH JH 9H",
    1: "AS TS KS QS JS 9S",
    2: "AC TC KC QC JC 9C",
    3: "AD TD KD QD JD 9D",
}

# Head / follow / void-in-both deal (trumps = spades after seat 0 leads AS).
HEAD = {
    0: "AS TS KS QH AC 9D",
    1: "9S AH 9H TC KC 9C",
    2: "JS KH JH QC JC AD",
    3: "QS TH TD KD QD JD",
}

# Must-trump / overtrump deal (trumps = spades).
OVERTRUMP = {
    0: "AS TC KC AH 9H 9D",
    1: "9S QS KH QH AD TD",
    2: "KS JS TS TH JH KD",
    3: "AC JC QC 9C QD JD",
}

# Undertrump deal: as OVERTRUMP with 9S/TS swapped between seats 1 and 2.
UNDERTRUMP = {
    0: "AS TC KC AH 9H 9D",
    1: "QS TS KH QH AD TD",
    2: "KS JS 9S TH JH KD",
    3: "AC JC QC 9C QD JD",
}

# A deal whose outcome hinges on one point: seat 1 discards QD or JD into team 0's trick 2.
BOUNDARY = {
    0: "AH KH KS TS QC AC",
    1: "9H AD TD KD QD JD",
    2: "JH TH JS KC TC 9D",
    3: "QH 9C QS 9S AS JC",
}
# Seat 0 bids 2 and the hand is played as below; X is QD or JD, Y the other one.
#  T1 0:AH 1:9H 2:JH 3:QH   -> seat 0: 11+0+2+3 = 16                     trumps = hearts
#  T2 0:KH 1:X  2:TH 3:9C   -> seat 2 (TH > KH): 4+X+10+0 = 14+X           team 0: 30+X
#  T3 2:JS 3:QS 0:KS 1:AD   -> seat 0 (KS; AD an off-suit discard): 2+3+4+11 = 20
#  T4 0:QC 1:KD 2:KC 3:JC   -> seat 2: 3+4+4+2 = 13                         team 0: 63+X
#  T5 2:9D 3:AS 0:AC 1:TD   -> seat 1 (only diamond above 9D): 0+11+11+10 = 32
#  T6 1:Y  2:TC 3:9S 0:TS   -> seat 1: Y+10+0+10 = 20+Y                      team 1: 52+Y
# X = QD (3): team 0 = 66, team 1 = 54.  X = JD (2): team 0 = 65, team 1 = 55.
BOUNDARY_AUCTION = "0:2 1:- 2:- 3:-"


def boundary_play(x: str, y: str) -> str:
    return (
        f"0:AH 1:9H 2:JH 3:QH  0:KH 1:{x} 2:TH 3:9C  2:JS 3:QS 0:KS 1:AD "
        f"0:QC 1:KD 2:KC 3:JC  2:9D 3:AS 0:AC 1:TD  1:{y} 2:TC 3:9S 0:TS"
    )


# The declarer's first-lead marriage is lost, his side takes no trick at all (MARRIAGE_LOST)
# or his partner takes the last trick (MARRIAGE_PARTNER).
MARRIAGE_LOST = {
    0: "KH QH 9S 9C 9D JD",
    1: "AH TH AS TS AC TC",
    2: "JH 9H KS QS KC QC",
    3: "AD TD KD QD JS JC",
}
MARRIAGE_PARTNER = {
    0: "KH QH 9S 9C TC JD",
    1: "AH TH AS TS AC 9D",
    2: "JH 9H KS QS KC AD",
    3: "TD KD QD JS JC QC",
}

# A plain-suit (20) marriage by the declarer after trumps are fixed.
PLAIN_MARRIAGE = {
    0: "AH TH JH 9H KC QC",
    1: "AS TS KS QS JS 9S",
    2: "KH QH AC TC JC 9C",
    3: "AD TD KD QD JD 9D",
}


def finish(state: DealState) -> DealResult:
    assert state.is_over, "the deal should be over"
    assert state.result is not None
    return state.result


def result_for(declarer_side: int | None, scores: tuple[int, ...], *, made: bool = True) -> DealResult:
    return DealResult(None, None, scores, "test", declarer_side=declarer_side, made=made)


# ============================================================================================
# 4.1 Cards
# ============================================================================================


def test_cards_ten_ranks_above_king() -> None:
    """§4.1 / A22: German order A T K Q J 9 -- a ten beats the king of its suit."""
    st = deal(NA4, 3, BOUNDARY)
    run(st, BOUNDARY_AUCTION + " 0:AH 1:9H 2:JH 3:QH 0:KH 1:QD")
    # Seat 2 holds TH alone in hearts and must head the king with it (T > K).
    assert legal(st) == ["play TH"]
    run(st, "2:TH 3:9C")
    # TH won: seat 2 leads next; team 0 has 16 + (4 + 3 + 10 + 0) = 33.
    assert st.actor == 2
    assert st.card_points() == [33, 0]
    assert st.tricks_won() == [2, 0]


def test_cards_values_sum_to_120_without_last_trick_bonus() -> None:
    """§4.1 / A32: values 11/10/4/3/2/0, 120 in the pack, no last-trick bonus."""
    st = deal(NA4, 3, BOUNDARY)
    run(st, BOUNDARY_AUCTION + " " + boundary_play("QD", "JD"))
    # See BOUNDARY: 66 + 54 = 120, nothing added for the last trick (won by seat 1: 2+10+0+10).
    assert st.card_points() == [66, 54]
    assert sum(st.card_points()) == 120
    assert st.tricks_won() == [4, 2]


def test_cards_no_talon_no_turn_up() -> None:
    """§4.1 / 4.2: all 24 cards are dealt (6 each), no talon, no turn-up, trumps unknown before the lead."""
    st = deal(NA4, 3, BY_SUIT)
    for seat in range(4):
        v = st.view(seat)
        assert v.hand_sizes == (6, 6, 6, 6)
        assert v.talon_size == 0
        assert v.turn_up is None
        assert v.trump is None
    assert st.trump_suit() is None


# ============================================================================================
# 4.2 Players and deal
# ============================================================================================


def test_deal_four_players_need_six_cards_each() -> None:
    """§4.2: four players, six cards each -- a 7/5 split is not a deal of this game."""
    hands = dict(BY_SUIT)
    hands[0] = "AH TH KH QH JH 9H AS"
    hands[1] = "TS KS QS JS 9S"
    with pytest.raises(RecordError):
        deal(NA4, 3, hands)


def test_deal_partnerships_points_per_team() -> None:
    """§4.2: partners sit opposite (0&2 v 1&3); points and tricks are reported per team."""
    st = deal(NA4, 3, BOUNDARY)
    run(st, BOUNDARY_AUCTION + " 0:AH 1:9H 2:JH 3:QH 0:KH 1:QD 2:TH 3:9C")
    # Seat 0 took trick 1 (16), seat 2 took trick 2 (17): both count for team 0.
    assert st.card_points() == [33, 0]
    assert st.tricks_won() == [2, 0]
    assert st.side(0) == st.side(2) == 0
    assert st.side(1) == st.side(3) == 1


def test_deal_three_players_seven_cards_and_widow_of_three() -> None:
    """§4.2: cutthroat -- seven cards each, three cards left over (the widow)."""
    st = deal(NA3, 2, THREE_WIDOW, widow=THREE_WIDOW_CARDS)
    for seat in range(3):
        assert st.view(seat).hand_sizes == (7, 7, 7)
    # Without the widow the deal is incomplete.
    with pytest.raises(RecordError):
        deal(NA3, 2, THREE_WIDOW)


def test_deal_widow_goes_to_first_trick_winner_as_points_only() -> None:
    """§4.2 / A33: the widow's points go to the first trick's winner; the cards do not enter his hand."""
    st = deal(NA3, 2, THREE_WIDOW, widow=THREE_WIDOW_CARDS)
    run(st, "0:2 1:- 2:-  0:AS 1:9S 2:QS")
    # Seat 0 wins 11 + 0 + 3 = 14, plus the widow JS KD QD = 2 + 4 + 3 = 9 -> 23.
    assert st.card_points() == [23, 0, 0]
    assert st.tricks_won() == [1, 0, 0]
    # Hands stay equal: 6 cards each, the widow cards are in nobody's hand.
    assert [len(hand(st, s)) for s in range(3)] == [6, 6, 6]
    for seat in range(3):
        assert not hand(st, seat) & {"JS", "KD", "QD"}


def test_deal_widow_is_never_seen() -> None:
    """§4.2 / views: the widow is face down -- no seat's view shows its cards."""
    st = deal(NA3, 2, THREE_WIDOW, widow=THREE_WIDOW_CARDS)
    widow = {"JS", "KD", "QD"}
    script = "0:2 1:- 2:-  0:AS 1:9S 2:QS  0:9D 1:AD 2:TD".split()
    for token in [""] + script:
        if token:
            run(st, token)
        for seat in range(3):
            v = st.view(seat)
            seen = {str(c) for c in v.hand} | {str(c) for k in v.known for c in k}
            seen |= {str(c) for _, c in v.trick}
            assert not seen & widow


def test_deal_two_players_twelve_cards_no_widow() -> None:
    """§4.2 / A34: two players get twelve cards each; there is no widow and no talon."""
    st = deal(NA2, 1, TWO_HANDED)
    assert st.view(0).hand_sizes == (12, 12)
    assert st.view(1).talon_size == 0
    # Eleven cards each plus a two-card "widow" is not a two-handed deal.
    hands = {0: "AH TH KH QH 9H AS TS KS AC TC KC", 1: "JH QS JS 9S QC JC 9C AD KD QD JD"}
    with pytest.raises(RecordError):
        deal(NA2, 1, hands, widow="TD 9D")


def test_deal_passes_clockwise() -> None:
    """§4.2: the deal passes clockwise (to the dealer's left) after every hand."""
    st = deal(NA4, 3, BOUNDARY)
    run(st, BOUNDARY_AUCTION + " " + boundary_play("QD", "JD"))
    res = finish(st)
    assert next_dealer(ruleset(NA4), 3, res) == 0
    assert next_dealer(ruleset(NA4), 0, res) == 1
    three = deal(NA3, 2, THREE_WIDOW, widow=THREE_WIDOW_CARDS)
    run(three, "0:2 1:- 2:- " + THREE_WIDOW_PLAY)
    assert next_dealer(ruleset(NA3), 2, finish(three)) == 0
    assert next_dealer(ruleset(NA3), 0, finish(three)) == 1
    two = deal(NA2, 1, TWO_HANDED)
    run(two, "0:3 1:- " + TWO_HANDED_PLAY)
    assert next_dealer(ruleset(NA2), 1, finish(two)) == 0
    assert next_dealer(ruleset(NA2), 0, finish(two)) == 1


# ============================================================================================
# 4.3 Bidding
# ============================================================================================


def test_bidding_starts_left_of_dealer_and_goes_clockwise() -> None:
    """§4.3: the player to the dealer's left calls first, then clockwise; the dealer calls last."""
    st = deal(NA4, 1, BY_SUIT)
    order: list[int | None] = []
    for call in ("-", "1", "-", "-"):
        order.append(st.actor)
        run(st, f"{st.actor}:{call}")
    assert order == [2, 3, 0, 1]  # dealer 1 speaks last
    three = deal(NA3, 0, THREE_WIDOW, widow=THREE_WIDOW_CARDS)
    assert three.actor == 1
    run(three, "1:- 2:1")
    assert three.actor == 0  # the dealer, last
    two = deal(NA2, 1, TWO_HANDED)
    assert two.actor == 0
    run(two, "0:1")
    assert two.actor == 1  # the dealer, last
    run(two, "1:-")
    assert two.actor == 0  # the declarer leads


def test_bidding_legal_calls_are_pass_or_higher_bid() -> None:
    """§4.3 / A23: calls are pass or a bid of 1..5 higher than the current one."""
    st = deal(NA4, 3, BY_SUIT)
    assert legal(st) == sorted(["pass", "bid 1", "bid 2", "bid 3", "bid 4", "bid 5"])
    run(st, "0:2")
    assert legal(st) == sorted(["pass", "bid 3", "bid 4", "bid 5"])
    run(st, "1:-")
    assert legal(st) == sorted(["pass", "bid 3", "bid 4", "bid 5"])
    run(st, "2:4")
    assert legal(st) == sorted(["pass", "bid 5"])


def test_bidding_equal_or_lower_bid_is_illegal() -> None:
    """§4.3: each bid must be higher than the current one (rule bidding.values)."""
    st = deal(NA4, 3, BY_SUIT)
    run(st, "0:2")
    assert rejected_rule(st, "1:2") == "bidding.values"
    assert rejected_rule(st, "1:1") == "bidding.values"


def test_bidding_values_are_one_to_five() -> None:
    """§4.3 / A23: bids are 1..5 units; 6 is not a bid and nothing tops a bid of 5."""
    st = deal(NA4, 3, BY_SUIT)
    assert rejected_rule(st, "0:6") == "bidding.values"
    run(st, "0:5")
    assert legal(st) == ["pass"]
    assert rejected_rule(st, "1:5") == "bidding.values"


def test_bidding_each_player_speaks_once() -> None:
    """§4.3 / A27: one round only -- after the dealer's call the auction is closed."""
    st = deal(NA4, 3, BY_SUIT)
    run(st, "0:1 1:2 2:- 3:-")
    # Seat 0 was overbid but may not bid again: play has begun, seat 1 (declarer) leads.
    assert st.actor == 1
    assert not [a for a in legal(st) if a.startswith("bid") or a == "pass"]
    assert rejected_rule(st, "1:3") == "bidding"


def test_bidding_play_before_auction_end_is_illegal() -> None:
    """§4.3: nobody may play a card while the auction is on."""
    st = deal(NA4, 3, BY_SUIT)
    run(st, "0:1 1:-")
    assert rejected_rule(st, "2:AC") == "bidding"


def test_bidding_declarer_leads() -> None:
    """§4.3: the highest bidder leads to the first trick (not the dealer's left)."""
    st = deal(NA4, 3, BY_SUIT)
    run(st, "0:1 1:- 2:3 3:-")
    assert st.actor == 2
    assert legal(st) == sorted(plays(BY_SUIT[2]) + ["marry KC", "marry QC"])
    assert st.declarer == 2 and st.high_bid == 3


def test_bidding_all_pass_throws_the_hand_in() -> None:
    """§4.3 / A28: everybody passes -> the hand is thrown in, nobody scores, the next dealer deals."""
    st = deal(NA4, 3, BY_SUIT)
    run(st, "0:- 1:- 2:- 3:-")
    res = finish(st)
    assert res.redeal is True
    assert res.scores == (0, 0)
    assert res.winner is None
    assert legal(st) == []
    assert next_dealer(ruleset(NA4), 3, res) == 0
    # Through a match: scores unchanged, the deal passes to the left, the match goes on.
    m = Match(ruleset(NA4), scores=[4, 7], dealer=3)
    m.deal = st
    m.finish_deal()
    assert m.scores == [4, 7]
    assert m.dealer == 0
    assert m.winner is None


def test_bidding_all_pass_three_handed() -> None:
    """§4.3 / A28: three passes in cutthroat -> thrown in, the deal passes to the left."""
    st = deal(NA3, 2, THREE_WIDOW, widow=THREE_WIDOW_CARDS)
    run(st, "0:- 1:- 2:-")
    res = finish(st)
    assert res.redeal is True
    assert res.scores == (0, 0, 0)
    assert next_dealer(ruleset(NA3), 2, res) == 0


def test_bidding_all_pass_dealer_must_bid_lets_him_bid_any_bid_but_not_pass(tmp_path: Path) -> None:
    """A28's alternative ``bidding.all_pass: dealer_must_bid``: after three passes the dealer may
    not pass; he bids -- the lowest bid or any higher one, the moon (5) included (the docs said
    "held to the lowest bid" while the engine, and the rulebook's "he must bid", let him choose).
    Before the others have all passed he may pass as anyone may."""
    house = tmp_path / "stuck.yaml"
    house.write_text("extends: north-american-4\nname: stuck\nbidding: {all_pass: dealer_must_bid}\n", encoding="utf-8")
    st = deal(str(house), 3, BY_SUIT)
    run(st, "0:- 1:- 2:-")
    assert st.actor == 3
    assert legal(st) == ["bid 1", "bid 2", "bid 3", "bid 4", "bid 5"]
    run(st, "3:3")
    assert st.declarer == 3 and st.high_bid == 3
    # a bid before him: he may pass (seat 1 holds the contract of 1)
    st = deal(str(house), 3, BY_SUIT)
    run(st, "0:- 1:1 2:-")
    assert legal(st) == ["bid 2", "bid 3", "bid 4", "bid 5", "pass"]


def test_bidding_not_cumulative_within_partnership() -> None:
    """§4.3: partner bids 1, you bid 2 -- the contract is 2 (not 3, not 1)."""
    st = deal(NA4, 1, BOUNDARY)
    # Dealer 1: seat 2 bids 1, seat 3 passes, seat 0 (seat 2's partner) bids 2, dealer passes.
    run(st, "2:1 3:- 0:2 1:-")
    assert st.actor == 0
    run(st, boundary_play("JD", "QD"))
    res = finish(st)
    # Team 0 has 65: under a contract of 2 (66) it is set -> -2 (3 would give -3, 1 would give +1).
    assert st.card_points() == [65, 55]
    assert res.made is False
    assert res.scores == (-2, 1)


# ============================================================================================
# 4.4 Trump and play
# ============================================================================================


def test_play_first_card_led_fixes_trumps() -> None:
    """§4.4: the declarer's first card fixes trumps for the hand; any card may be led."""
    st = deal(NA4, 3, HEAD)
    run(st, "0:1 1:- 2:- 3:-")
    assert st.trump_suit() is None
    assert legal(st) == plays(HEAD[0])  # no K-Q pair: only plays
    run(st, "0:AS")
    assert st.trump_suit() == "S"
    assert st.view(3).trump == "S"
    run(st, "1:9S 2:JS 3:QS 0:QH")
    assert st.trump_suit() == "S"  # a later lead does not change trumps


def test_play_must_follow_suit() -> None:
    """§4.4: from the first trick a player holding the led suit must follow (rule play.follow)."""
    st = deal(NA4, 3, HEAD)
    run(st, "0:1 1:- 2:- 3:-  0:AS")
    # Seat 1 holds 9S only in spades and hearts/clubs otherwise: 9S is forced.
    assert legal(st) == ["play 9S"]
    assert rejected_rule(st, "1:AH") == "play.follow"


def test_play_head_must_beat_winning_card() -> None:
    """§4.4 / A29: holding a card of the led suit that beats the winning card, one must play such a card."""
    st = deal(NA4, 3, HEAD)
    run(st, "0:1 1:- 2:- 3:-  0:AS 1:9S 2:JS 3:QS  0:QH")
    # Seat 1 has AH and 9H: only AH beats the queen.
    assert legal(st) == ["play AH"]
    assert rejected_rule(st, "1:9H") == "play.head"
    assert rejected_rule(st, "1:TC") == "play.follow"


def test_play_head_beat_the_current_winner_not_the_led_card() -> None:
    """§4.4 / A29 beat_winner: when the winning card cannot be beaten, any card of the led suit."""
    st = deal(NA4, 3, HEAD)
    run(st, "0:1 1:- 2:- 3:-  0:AS 1:9S 2:JS 3:QS  0:QH 1:AH")
    # Seat 2 has KH and JH: KH beats the led QH but not the winning AH -> either heart.
    assert legal(st) == plays("KH JH")
    run(st, "2:JH 3:TH")
    # AH wins: 3 + 11 + 2 + 10 = 26 for team 1; seat 1 leads.
    assert st.card_points() == [16, 26]
    assert st.actor == 1


def test_play_head_several_followers_each_beat_the_winner() -> None:
    """§4.4 / A29: each follower must beat the card winning at his turn (J led, Q, then K)."""
    st = deal(NA4, 3, BOUNDARY)
    run(st, BOUNDARY_AUCTION + " 0:AH 1:9H 2:JH 3:QH 0:KH 1:QD 2:TH 3:9C 2:JS")
    # Seat 3 (QS 9S AS): QS and AS beat the jack, 9S does not.
    assert legal(st) == plays("QS AS")
    assert rejected_rule(st, "3:9S") == "play.head"
    run(st, "3:QS")
    # Seat 0 (KS TS): both beat the queen.
    assert legal(st) == plays("KS TS")
    run(st, "0:KS")
    # Seat 1 has no spades and no trump (hearts): any card.
    assert legal(st) == plays("AD TD KD JD")


def test_play_head_no_exception_for_partner() -> None:
    """§4.4: no exception for a partner's winning card -- seat 2 must beat his partner's KH."""
    st = deal(NA4, 3, PARTNER_HEAD)
    run(st, "0:1 1:- 2:- 3:-  0:AS 1:9S 2:JS 3:QS  0:KH 1:9H")
    assert legal(st) == ["play AH"]
    assert rejected_rule(st, "2:JH") == "play.head"


def test_play_trumped_trick_any_card_of_led_suit() -> None:
    """§4.4 / A29: once the trick is trumped, a follower of the led suit may play any card of it."""
    st = deal(NA4, 3, OVERTRUMP)
    run(st, "0:1 1:- 2:- 3:-  0:AS 1:9S 2:KS 3:9C  0:TC 1:QS 2:TS")
    # Seat 3 holds AC, QC, JC: only AC beats the led ten, but the trick is trumped -> any club.
    assert legal(st) == plays("AC QC JC")
    assert rejected_rule(st, "3:QD") == "play.follow"


def test_play_void_must_trump() -> None:
    """§4.4: void in the led suit, a player must trump (rule play.trump_when_void)."""
    st = deal(NA4, 3, OVERTRUMP)
    run(st, "0:1 1:- 2:- 3:-  0:AS 1:9S 2:KS 3:9C  0:TC")
    # Seat 1: no clubs, QS is his only trump.
    assert legal(st) == ["play QS"]
    assert rejected_rule(st, "1:KH") == "play.trump_when_void"


def test_play_void_must_overtrump() -> None:
    """§4.4 / A30: a trump already in the trick must be overtrumped if possible (rule play.overtrump)."""
    st = deal(NA4, 3, OVERTRUMP)
    run(st, "0:1 1:- 2:- 3:-  0:AS 1:9S 2:KS 3:9C  0:TC 1:QS")
    # Seat 2: no clubs, trumps TS and JS; only TS beats QS.
    assert legal(st) == ["play TS"]
    assert rejected_rule(st, "2:JS") == "play.overtrump"
    assert rejected_rule(st, "2:TH") == "play.trump_when_void"


def test_play_undertrump_when_unable_to_overtrump() -> None:
    """§4.4 / A30: unable to overtrump, a void player still plays a trump (any trump)."""
    st = deal(NA4, 3, UNDERTRUMP)
    run(st, "0:1 1:- 2:- 3:-  0:AS 1:QS 2:KS 3:9C  0:TC 1:TS")
    # Seat 2: no clubs, trumps JS and 9S, both below TS -> either trump, no discard.
    assert legal(st) == plays("JS 9S")
    assert rejected_rule(st, "2:TH") == "play.trump_when_void"
    run(st, "2:9S 3:AC")
    # TS wins: 10 + 10 + 0 + 11 = 31 for team 1.
    assert st.actor == 1
    assert st.card_points() == [18, 31]


def test_play_void_in_led_suit_and_trumps_any_card() -> None:
    """§4.4: void in the led suit and without trumps, any card may be played."""
    st = deal(NA4, 3, HEAD)
    run(st, "0:1 1:- 2:- 3:-  0:AS 1:9S 2:JS 3:QS  0:QH 1:AH 2:JH 3:TH  1:TC 2:JC")
    # Seat 3 holds only diamonds: no club, no spade.
    assert legal(st) == plays("TD KD QD JD")
    run(st, "3:KD")
    # Seat 0 must head TC with AC and wins: 10 + 2 + 4 + 11 = 27 -> team 0: 16 + 27.
    assert legal(st) == ["play AC"]
    run(st, "0:AC")
    assert st.card_points() == [43, 26]
    assert st.actor == 0


def test_play_trick_winner_highest_trump() -> None:
    """§4.4 / §1: a trumped trick goes to the highest trump, who leads next."""
    st = deal(NA4, 3, OVERTRUMP)
    run(st, "0:1 1:- 2:- 3:-  0:AS 1:9S 2:KS 3:9C  0:TC 1:QS 2:TS 3:JC")
    # TS beats QS (and the led TC): seat 2 wins 10 + 3 + 10 + 2 = 25 for team 0 (15 + 25).
    assert st.actor == 2
    assert st.card_points() == [40, 0]
    assert st.tricks_won() == [2, 0]


def test_play_trick_winner_off_suit_cards_never_win() -> None:
    """§1: without trumps the highest card of the led suit wins; off-suit aces never do."""
    st = deal(NA4, 3, BOUNDARY)
    run(st, BOUNDARY_AUCTION + " 0:AH 1:9H 2:JH 3:QH 0:KH 1:QD 2:TH 3:9C 2:JS 3:QS 0:KS 1:AD")
    # The ace of diamonds discarded on a spade lead does not win: KS does (seat 0 leads next).
    assert st.actor == 0
    run(st, "0:QC 1:KD 2:KC 3:JC  2:9D 3:AS 0:AC 1:TD")
    # 9D led; AS and AC are off-suit: TD wins for seat 1 (0 + 11 + 11 + 10 = 32).
    assert st.actor == 1
    assert st.card_points() == [66, 32]


def test_play_no_declaring_every_hand_is_played_out() -> None:
    """§4.4: there is no declaring or going out; the hand ends only after the last trick."""
    st = deal(NA4, 3, BOUNDARY)
    tokens = (BOUNDARY_AUCTION + " " + boundary_play("QD", "JD")).split()
    run(st, " ".join(tokens[:-1]))
    # Team 0 already has 66 (its bid) but the hand is not over and nobody may declare.
    assert st.card_points()[0] == 66
    assert not st.is_over and st.result is None
    assert "declare" not in legal(st)
    with pytest.raises(IllegalActionError) as info:
        st.apply(Declare())
    assert info.value.rule == "claim.enabled"
    run(st, tokens[-1])
    assert st.is_over


# ============================================================================================
# 4.5 Marriages
# ============================================================================================


def test_marriage_offered_to_the_leader_only() -> None:
    """§4.5 / §1: the leader holding K and Q of a suit may announce by leading either."""
    st = deal(NA4, 3, BY_SUIT)
    run(st, "0:1 1:- 2:- 3:-")
    assert legal(st) == sorted(plays(BY_SUIT[0]) + ["marry KH", "marry QH"])
    run(st, "0:AH")
    # Seat 1 holds KS and QS but is following: no marriage for him.
    assert not [a for a in legal(st) if a.startswith("marry")]
    assert rejected_rule(st, "1:*KS") == "marriage"


def test_marriage_needs_both_cards() -> None:
    """§4.5: a marriage needs the other card of the pair in the same hand."""
    st = deal(NA4, 3, PLAIN_MARRIAGE)
    run(st, "0:1 1:- 2:- 3:-")
    # Seat 0 holds KC and QC but only AH TH JH 9H in hearts: no heart marriage; an ace is no marriage.
    assert rejected_rule(st, "0:*AH") == "marriage.ranks"
    assert "marry KC" in legal(st) and "marry QC" in legal(st)
    assert "marry KH" not in legal(st)
    # Seat 0 of BOUNDARY holds KH without QH.
    other = deal(NA4, 3, BOUNDARY)
    run(other, BOUNDARY_AUCTION)
    assert rejected_rule(other, "0:*KH") == "marriage"


def test_marriage_first_lead_is_in_trumps_forty() -> None:
    """§4.5: a marriage led as the very first card fixes trumps and is worth 40."""
    st = deal(NA4, 3, BY_SUIT)
    run(st, "0:1 1:- 2:- 3:-  0:*QH")
    assert st.trump_suit() == "H"
    run(st, "1:AS 2:AC 3:AD")
    # Trick: 3 + 11 + 11 + 11 = 36, plus 40 (team 0 has a trick) = 76.
    assert st.card_points() == [76, 0]


def test_marriage_in_trumps_later_is_forty() -> None:
    """§4.5: a K-Q of trumps announced on a later lead scores 40."""
    st = deal(NA4, 3, BY_SUIT)
    run(st, "0:1 1:- 2:- 3:-  0:AH 1:AS 2:AC 3:AD  0:*KH 1:TS 2:TC 3:TD")
    # 44 + (4 + 10 + 10 + 10) = 78 card points, + 40 = 118.
    assert st.card_points() == [118, 0]


def test_marriage_plain_suit_twenty() -> None:
    """§4.5: a marriage in a plain suit is worth 20 (and the trick need not be won by the marrier)."""
    st = deal(NA4, 3, PLAIN_MARRIAGE)
    run(st, "0:1 1:- 2:- 3:-  0:AH 1:9S 2:QH 3:9D")
    # Trumps hearts; seat 0 wins 11 + 0 + 3 + 0 = 14.
    run(st, "0:*KC 1:JS")
    # Seat 2 must head the king: AC or TC.
    assert legal(st) == plays("AC TC")
    run(st, "2:AC 3:JD")
    # Seat 2 wins 4 + 2 + 11 + 2 = 19: team 0 = 14 + 19 + 20 = 53.
    assert st.card_points() == [53, 0]
    run(st, PLAIN_MARRIAGE_REST)
    res = finish(st)
    # Team 0 takes every card (120) + 20 = 140: bid 1 made, 140 // 33 = 4; team 1: 0.
    assert st.card_points() == [140, 0]
    assert res.made is True
    assert res.scores == (4, 0)


def test_marriage_not_announced_scores_nothing() -> None:
    """§4.5: leading K or Q without announcing scores nothing."""
    st = deal(NA4, 3, PLAIN_MARRIAGE)
    run(st, "0:1 1:- 2:- 3:-  0:AH 1:9S 2:QH 3:9D  0:KC 1:JS 2:AC 3:JD")
    assert st.card_points() == [33, 0]
    run(st, PLAIN_MARRIAGE_REST)
    res = finish(st)
    # 120 card points only: 120 // 33 = 3.
    assert st.card_points() == [120, 0]
    assert res.scores == (3, 0)


def test_marriage_shown_card_is_public() -> None:
    """§1: the marrier leads one card and shows the other -- the other seats know he holds it."""
    st = deal(NA4, 3, PLAIN_MARRIAGE)
    run(st, "0:1 1:- 2:- 3:-  0:AH 1:9S 2:QH 3:9D  0:*KC")
    for seat in (1, 2, 3):
        assert "QC" in {str(c) for c in st.view(seat).known[0]}


def test_marriage_void_without_team_trick() -> None:
    """§4.5 / A31: the marriage counts only if the announcing team wins a trick -- here it never does."""
    st = deal(NA4, 3, MARRIAGE_LOST)
    run(st, "0:1 1:- 2:- 3:-  0:*KH 1:AH 2:JH 3:JS")
    # Pending: team 0 has no trick yet.
    assert st.card_points() == [0, 19]
    run(st, "1:TH 2:9H 3:QD 0:QH  1:AS 2:QS 3:KD 0:9S  1:TS 2:KS 3:TD 0:9D "
            "1:AC 2:QC 3:JC 0:9C  1:TC 2:KC 3:AD 0:JD")
    res = finish(st)
    # Tricks: 19, 16, 18, 24, 16, 27 = 120 all to seat 1; the 40 is lost.
    assert st.card_points() == [0, 120]
    assert st.tricks_won() == [0, 6]
    # Team 0 set: -1; team 1: 120 // 33 = 3.
    assert res.made is False
    assert res.scores == (-1, 3)


def test_marriage_counts_through_partners_trick() -> None:
    """§4.5 / A31: the team's trick may be the partner's, and may come after the announcement."""
    st = deal(NA4, 3, MARRIAGE_PARTNER)
    run(st, "0:1 1:- 2:- 3:-  0:*KH 1:AH 2:JH 3:JS  1:TH 2:9H 3:QD 0:QH  "
            "1:AS 2:QS 3:KD 0:9S  1:TS 2:KS 3:TD 0:JD  1:AC 2:KC 3:QC 0:9C")
    # Five tricks to seat 1: 19 + 16 + 18 + 26 + 18 = 97; the 40 still pending.
    assert st.card_points() == [0, 97]
    run(st, "1:9D 2:AD 3:JC 0:TC")
    res = finish(st)
    # Seat 2 takes the last trick: 0 + 11 + 2 + 10 = 23, and the 40 counts: 63.
    assert st.card_points() == [63, 97]
    # Bid 1 made: 63 // 33 = 1; team 1: 97 // 33 = 2.
    assert res.made is True
    assert res.scores == (1, 2)


def test_marriage_three_handed_needs_own_trick() -> None:
    """§4.5 / A31: in cutthroat the announcing player himself must win a trick."""
    st = deal(NA3, 2, THREE_LOST, widow=THREE_LOST_WIDOW)
    run(st, "0:1 1:- 2:-  0:*KH 1:AH 2:JH")
    # Seat 1: 4 + 11 + 2 = 17, + widow KD QD JC = 9 -> 26.
    assert st.card_points() == [0, 26, 0]
    run(st, "1:TH 2:9H 0:QH  1:AS 2:QS 0:JS  1:TS 2:KS 0:9S  1:AC 2:QC 0:9C "
            "1:TC 2:KC 0:9D  1:AD 2:TD 0:JD")
    res = finish(st)
    # Seat 1: 26 + 13 + 16 + 14 + 14 + 14 + 23 = 120; seat 0's 40 never counts.
    assert st.card_points() == [0, 120, 0]
    assert res.made is False
    assert res.scores == (-1, 3, 0)


def test_marriage_three_handed_defender_plain_twenty() -> None:
    """§4.5 / A31: any player on lead may announce; a defender's 20 counts with his own trick."""
    st = deal(NA3, 2, THREE_WIDOW, widow=THREE_WIDOW_CARDS)
    run(st, "0:2 1:- 2:-  0:AS 1:9S 2:QS  0:9D 1:AD 2:TD")
    assert st.actor == 1
    run(st, "1:*KC")
    assert st.trump_suit() == "S"
    assert legal(st) == plays("AC TC")
    run(st, "2:AC 0:9C")
    # Seat 1: 21 from trick 2 + 20 (he owns a trick) = 41.
    assert st.card_points() == [23, 41, 15]


def test_marriage_two_handed() -> None:
    """§4.5 / A31: two-handed -- 40 on the first lead, 20 for the opponent once he has a trick."""
    st = deal(NA2, 1, TWO_HANDED)
    run(st, "0:3 1:-  0:*KH 1:JH")
    assert st.card_points() == [46, 0]  # 4 + 2 + 40
    run(st, TWO_HANDED_PLAY.split("1:JH", 1)[1])
    res = finish(st)
    # Seat 0: 99 + 40 = 139 (bid 3 made, 139 // 33 = 4); seat 1: 21 + 20 = 41 -> 1.
    assert st.card_points() == [139, 41]
    assert res.made is True
    assert res.scores == (4, 1)


# ============================================================================================
# 4.6 Moon (bid 5)
# ============================================================================================


def test_moon_partner_sits_out_three_card_tricks() -> None:
    """§4.6 / A24: on a bid of 5 the declarer's partner takes no part; tricks have three cards."""
    st = deal(NA4, 3, BY_SUIT)
    run(st, "0:5 1:- 2:- 3:-")
    assert st.sitting_out == (2,)
    run(st, "0:AH 1:AS")
    assert st.actor == 3  # seat 2 is skipped
    run(st, "3:AD")
    # A three-card trick is complete: 11 + 11 + 11 = 33 to seat 0, who leads again.
    assert st.actor == 0
    assert st.card_points() == [33, 0]
    assert len(hand(st, 2)) == 6


def test_moon_partners_cards_stay_hidden() -> None:
    """§4.6 / views: the partner's cards are laid face down -- no other seat ever sees them."""
    st = deal(NA4, 3, MOON_SET)
    partner = set(MOON_SET[2].split())
    tokens = ("0:5 1:- 2:- 3:- " + MOON_SET_PLAY).split()
    for k, token in enumerate([""] + tokens):
        if token:
            run(st, token)
        if k >= 4:  # the auction (in which seat 2 passed) is over
            assert st.actor != 2
        for seat in (0, 1, 3):
            v = st.view(seat)
            seen = {str(c) for c in v.hand} | {str(c) for k in v.known for c in k}
            seen |= {str(c) for _, c in v.trick}
            seen |= {h.split()[-1] for _, h in v.history}
            assert not seen & partner
    assert hand(st, 2) == partner  # still all six, out of play


def test_moon_made_scores_five() -> None:
    """§4.6 / A24: the moon is made by winning every trick: +5."""
    st = deal(NA4, 3, BY_SUIT)
    run(st, "0:5 1:- 2:- 3:-  0:AH 1:AS 3:AD  0:TH 1:TS 3:TD  0:KH 1:KS 3:KD "
            "0:QH 1:QS 3:QD  0:JH 1:JS 3:JD  0:9H 1:9S 3:9D")
    res = finish(st)
    # Six tricks to seat 0: hearts, spades and diamonds = 90 (the clubs sat out); team 1: 0.
    assert st.card_points() == [90, 0]
    assert st.tricks_won() == [6, 0]
    assert res.made is True
    assert res.scores == (5, 0)


def test_moon_set_scores_minus_five() -> None:
    """§4.6 / A24: losing a single trick sets the moon: -5; defenders score their units."""
    st = deal(NA4, 3, MOON_SET)
    run(st, "0:5 1:- 2:- 3:- " + MOON_SET_PLAY)
    res = finish(st)
    # Seat 0: 11 + 22 + 18 + 10 + 7 = 68 in 5 tricks; seat 1: 22 in 1 trick. 22 // 33 = 0.
    assert st.card_points() == [68, 22]
    assert st.tricks_won() == [5, 1]
    assert res.made is False
    assert res.scores == (-5, 0)


def test_moon_three_handed_needs_all_tricks_nobody_sits_out() -> None:
    """§4.6: in cutthroat a bid of 5 means all tricks, with no partner to sit out."""
    st = deal(NA3, 2, THREE_MOON, widow="QD JD 9D")
    run(st, "0:5 1:- 2:-")
    assert st.sitting_out == ()
    run(st, "0:AH 1:TS 2:AD")
    # Three players play: 11 + 10 + 11 + widow (3 + 2 + 0) = 37.
    assert st.card_points() == [37, 0, 0]
    run(st, "0:TH 1:KS 2:TD  0:KH 1:QS 2:KD  0:QH 1:JS 2:KC  0:JH 1:9S 2:QC "
            "0:9H 1:AC 2:JC  0:AS 1:TC 2:9C")
    res = finish(st)
    # 37 + 24 + 11 + 9 + 5 + 13 + 21 = 120 in all seven tricks: +5.
    assert st.card_points() == [120, 0, 0]
    assert res.made is True
    assert res.scores == (5, 0, 0)


def test_moon_three_handed_set_despite_points() -> None:
    """§4.6: the moon needs every trick -- 99 points (3 units) do not save it: -5."""
    hands = {0: "AH TH KH QH JH 9H TC", 1: "TS KS QS JS 9S AC AS", 2: THREE_MOON[2]}
    st = deal(NA3, 2, hands, widow="QD JD 9D")
    run(st, "0:5 1:- 2:-  0:AH 1:TS 2:AD  0:TH 1:KS 2:TD  0:KH 1:QS 2:KD  0:QH 1:JS 2:KC "
            "0:JH 1:9S 2:QC  0:9H 1:AS 2:JC  0:TC")
    assert legal(st) == ["play AC"]  # head the ten
    run(st, "1:AC 2:9C")
    res = finish(st)
    # Seat 0: 37 + 24 + 11 + 9 + 5 + 13 = 99; seat 1: 10 + 11 + 0 = 21 -> 0.
    assert st.card_points() == [99, 21, 0]
    assert res.made is False
    assert res.scores == (-5, 0, 0)


# ============================================================================================
# 4.7 Scoring a hand
# ============================================================================================


def test_scoring_made_exactly_at_the_bid() -> None:
    """§4.7 / A25: 66 on a bid of 2 is made (total >= 33 x bid): floor(66/33) = 2; defenders 54 -> 1."""
    st = deal(NA4, 3, BOUNDARY)
    run(st, BOUNDARY_AUCTION + " " + boundary_play("QD", "JD"))
    res = finish(st)
    assert st.card_points() == [66, 54]
    assert res.made is True
    assert res.declarer_side == 0
    assert res.winner == 0
    assert res.scores == (2, 1)


def test_scoring_set_one_point_short() -> None:
    """§4.7 / A26: 65 on a bid of 2 is set: -2; the defenders still score floor(55/33) = 1."""
    st = deal(NA4, 3, BOUNDARY)
    run(st, BOUNDARY_AUCTION + " " + boundary_play("JD", "QD"))
    res = finish(st)
    assert st.card_points() == [65, 55]
    assert res.made is False
    assert res.scores == (-2, 1)


def test_scoring_made_scores_units_taken_not_bid() -> None:
    """§4.7 / A25: a made bid scores every 33 taken: bid 1 with 120 scores 3 (no under-bid score)."""
    st = deal(NA4, 3, BY_SUIT)
    run(st, "0:1 1:- 2:- 3:- " + BY_SUIT_ALL_HEARTS)
    res = finish(st)
    assert st.card_points() == [120, 0]
    assert res.scores == (3, 0)


def test_scoring_bid_four_needs_marriage() -> None:
    """§4.3 / 4.7: 4 = 132 is more than the 120 card points -- set without a marriage."""
    st = deal(NA4, 3, BY_SUIT)
    run(st, "0:4 1:- 2:- 3:- " + BY_SUIT_ALL_HEARTS)
    res = finish(st)
    # All 120 card points, KH led without announcing: 120 < 132 -> -4.
    assert st.card_points() == [120, 0]
    assert res.made is False
    assert res.scores == (-4, 0)


def test_scoring_bid_four_made_with_marriage() -> None:
    """§4.3 / 4.7: with the 40 in trumps the side has 160 >= 132: made, 160 // 33 = 4."""
    st = deal(NA4, 3, BY_SUIT)
    run(st, "0:4 1:- 2:- 3:- " + BY_SUIT_ALL_HEARTS.replace("0:KH", "0:*KH"))
    res = finish(st)
    assert st.card_points() == [160, 0]
    assert res.made is True
    assert res.scores == (4, 0)


def test_scoring_three_handed_each_for_himself() -> None:
    """§4.7: cutthroat -- each player scores alone; declarer made 2 with 84, others 41 -> 1 and 15 -> 0."""
    st = deal(NA3, 2, THREE_WIDOW, widow=THREE_WIDOW_CARDS)
    run(st, "0:2 1:- 2:- " + THREE_WIDOW_PLAY)
    res = finish(st)
    # Seat 0: 23 + 14 + 16 + 15 + 16 = 84; seat 1: 21 + 20 (marriage) = 41; seat 2: 15.
    assert st.card_points() == [84, 41, 15]
    assert st.tricks_won() == [5, 1, 1]
    assert res.made is True
    assert res.scores == (2, 1, 0)


def test_scoring_negative_match_scores() -> None:
    """§4.7 / A37: a set subtracts the bid even below zero."""
    st = deal(NA4, 3, BOUNDARY)
    run(st, BOUNDARY_AUCTION + " " + boundary_play("JD", "QD"))
    m = Match(ruleset(NA4), scores=[1, 0], dealer=3)
    m.deal = st
    m.finish_deal()
    assert m.scores == [-1, 1]  # 1 - 2, 0 + 1
    assert m.winner is None
    assert m.dealer == 0


# ============================================================================================
# 4.8 Match
# ============================================================================================


def test_match_target_ten() -> None:
    """§4.8 / A35: the game is to 10 -- reaching 10 wins, 9 does not."""
    rs = ruleset(NA4)
    assert match_winner(rs, [10, 3], result_for(0, (2, 1))) == 0
    assert match_winner(rs, [9, 3], result_for(0, (2, 1))) is None
    assert match_winner(rs, [4, 11], result_for(0, (-2, 2), made=False)) == 1


def test_match_bidder_goes_out() -> None:
    """§4.8 / A36: both sides reach the target in one hand -- the bidding side wins, even if lower."""
    rs = ruleset(NA4)
    assert match_winner(rs, [10, 12], result_for(0, (2, 3))) == 0
    assert match_winner(rs, [11, 10], result_for(1, (1, 1))) == 1


def test_match_bidder_goes_out_through_a_played_hand() -> None:
    """§4.8: 8-9 before the BOUNDARY hand (2, 1) -> 10-10: team 0 bid, team 0 wins."""
    st = deal(NA4, 3, BOUNDARY)
    run(st, BOUNDARY_AUCTION + " " + boundary_play("QD", "JD"))
    m = Match(ruleset(NA4), scores=[8, 9], dealer=3)
    m.deal = st
    m.finish_deal()
    assert m.scores == [10, 10]
    assert m.winner == 0
    assert m.dealer == 0


def test_match_set_bidder_does_not_go_out() -> None:
    """§4.8 / A36: a set bidder cannot reach the target; defenders who reach it win."""
    st = deal(NA4, 3, BOUNDARY)
    run(st, BOUNDARY_AUCTION + " " + boundary_play("JD", "QD"))
    m = Match(ruleset(NA4), scores=[9, 9], dealer=3)
    m.deal = st
    m.finish_deal()
    assert m.scores == [7, 10]
    assert m.winner == 1


def test_match_defenders_only_highest_wins() -> None:
    """§4.8 / A36: only defenders reach the target (3-handed) -- the highest wins."""
    rs = ruleset(NA3)
    assert match_winner(rs, [12, 11, 3], result_for(2, (2, 1, -2), made=False)) == 0
    assert match_winner(rs, [3, 11, 12], result_for(0, (-1, 1, 2), made=False)) == 2


def test_match_defenders_tie_plays_on() -> None:
    """§4.8 / A36: two defenders tied at or above the target -- play on."""
    rs = ruleset(NA3)
    assert match_winner(rs, [11, 11, 4], result_for(2, (1, 1, -2), made=False)) is None
    # The bidder reaching the target in the same hand still goes out.
    assert match_winner(rs, [11, 11, 10], result_for(2, (1, 1, 3))) == 2


# ============================================================================================
# Views, undo
# ============================================================================================


def test_views_never_show_another_seats_hand() -> None:
    """Views: at every step a seat sees its own hand and no card still held by another seat."""
    st = deal(NA4, 3, BOUNDARY)
    tokens = (BOUNDARY_AUCTION + " " + boundary_play("QD", "JD")).split()
    for token in [""] + tokens:
        if token:
            run(st, token)
        for seat in range(4):
            v = st.view(seat)
            assert {str(c) for c in v.hand} == hand(st, seat)
            others = set().union(*(hand(st, s) for s in range(4) if s != seat))
            assert not {str(c) for k in v.known for c in k} & others  # no marriage was shown
            assert v.legal == (tuple(st.legal_actions()) if st.actor == seat else ())


def test_push_pop_restores_the_deal() -> None:
    """API: pop undoes actions exactly (auction and tricks)."""
    st = deal(NA4, 3, BOUNDARY)
    start_legal = legal(st)
    tokens = (BOUNDARY_AUCTION + " 0:AH 1:9H 2:JH 3:QH 0:KH").split()
    run(st, " ".join(tokens))
    assert st.card_points() == [16, 0]
    for _ in tokens:
        st.pop()
    assert legal(st) == start_legal
    assert st.actor == 0 and st.card_points() == [0, 0] and st.trump_suit() is None
    assert hand(st, 0) == set(BOUNDARY[0].split())


# ============================================================================================
# Worked examples of shared/conformance (their expected values were computed by hand)
# ============================================================================================

CONFORMANCE = Path(__file__).resolve().parents[3] / "shared" / "conformance"
NA_EXAMPLES = sorted(CONFORMANCE.glob("na*.yaml")) if CONFORMANCE.is_dir() else []


@pytest.mark.skipif(not NA_EXAMPLES, reason="shared/conformance not present")
@pytest.mark.parametrize("path", NA_EXAMPLES, ids=lambda p: p.stem)
def test_conformance_examples(path: Path, tmp_path: Path) -> None:
    """§4 worked examples: replay each na*.yaml record and compare with its expect: block."""
    data: dict[str, Any] = yaml.safe_load(path.read_text())
    expect = data.pop("expect")
    record_file = tmp_path / path.name
    record_file.write_text(yaml.safe_dump(data, sort_keys=False))
    report = replay_report(replay(load_record(record_file)))
    if "illegal_at" in expect:
        assert report["illegal"] is not None and report["illegal"]["index"] == expect["illegal_at"]
    else:
        assert report["illegal"] is None
    for key in ("card_points", "tricks_won", "winner", "game_points", "match_scores", "match_winner"):
        if key in expect:
            assert report[key] == expect[key], key
    if "legal_after" in expect:
        index = expect["legal_after"]["index"]
        partial = replay(load_record(record_file), until=index)
        assert spec_legal(partial.state) == sorted(expect["legal_after"]["actions"])


# --------------------------------------------------------------------------------------------
# More deals (defined after the tests that read them at call time).

PARTNER_HEAD = {
    0: "AS TS KS KH AC 9D",
    1: "9S 9H TC KC 9C QD",
    2: "JS AH JH QC JC AD",
    3: "QS TH QH TD KD JD",
}

# BY_SUIT with seat 0 declaring and leading his hearts in order; the others discard top down.
BY_SUIT_ALL_HEARTS = (
    "0:AH 1:AS 2:AC 3:AD  0:TH 1:TS 2:TC 3:TD  0:KH 1:KS 2:KC 3:KD "
    "0:QH 1:QS 2:QC 3:QD  0:JH 1:JS 2:JC 3:JD  0:9H 1:9S 2:9C 3:9D"
)

# PLAIN_MARRIAGE after trick 2 (seat 2 leads):
#  T3 2:TC 3:QD 0:QC 1:QS -> seat 2: 10+3+3+3 = 19
#  T4 2:JC 3:KD 0:9H 1:KS -> seat 0 trumps: 2+4+0+4 = 10
#  T5 0:TH 1:TS 2:KH 3:TD -> seat 0: 10+10+4+10 = 34
#  T6 0:JH 1:AS 2:9C 3:AD -> seat 0: 2+11+0+11 = 24       (14 + 19 + 19 + 10 + 34 + 24 = 120)
PLAIN_MARRIAGE_REST = "2:TC 3:QD 0:QC 1:QS  2:JC 3:KD 0:9H 1:KS  0:TH 1:TS 2:KH 3:TD  0:JH 1:AS 2:9C 3:AD"

# Moon set: seat 0 bids 5, seat 2 sits out.
#  T1 0:AH 1:9H 3:9D -> 0: 11      T2 0:9S 1:AS 3:AD -> 1: 22      T3 1:TS 3:TD 0:JH -> 0: 22
#  T4 0:TH 1:KS 3:KD -> 0: 18      T5 0:KH 1:QS 3:QD -> 0: 10      T6 0:QH 1:JS 3:JD -> 0: 7
MOON_SET = {
    0: "AH TH KH QH JH 9S",
    1: "9H AS TS KS QS JS",
    2: "AC TC KC QC JC 9C",
    3: "AD TD KD QD JD 9D",
}
MOON_SET_PLAY = "0:AH 1:9H 3:9D  0:9S 1:AS 3:AD  1:TS 3:TD 0:JH  0:TH 1:KS 3:KD  0:KH 1:QS 3:QD  0:QH 1:JS 3:JD"

# Three-handed: seat 0 bids 2 (dealer 2), trumps spades; seat 1 announces clubs (20) after
# winning a trick; seat 2 leads KH without announcing.
#  T1 0:AS 1:9S 2:QS -> 0: 14 + widow (JS 2, KD 4, QD 3) = 23
#  T2 0:9D 1:AD 2:TD -> 1: 21           T3 1:*KC 2:AC 0:9C -> 2: 15
#  T4 2:KH 0:TH 1:9H -> 0: 14           T5 0:AH 1:JH 2:QH -> 0: 16
#  T6 0:TS 1:QC 2:JC -> 0: 15           T7 0:KS 1:JD 2:TC -> 0: 16
THREE_WIDOW = {
    0: "AS TS KS AH TH 9D 9C",
    1: "9S AD KC QC JH 9H JD",
    2: "QS KH QH AC TC JC TD",
}
THREE_WIDOW_CARDS = "JS KD QD"
THREE_WIDOW_PLAY = (
    "0:AS 1:9S 2:QS  0:9D 1:AD 2:TD  1:*KC 2:AC 0:9C  2:KH 0:TH 1:9H "
    "0:AH 1:JH 2:QH  0:TS 1:QC 2:JC  0:KS 1:JD 2:TC"
)

# Three-handed, seat 0's first-lead 40 is lost: seat 1 takes every trick.
THREE_LOST = {
    0: "KH QH 9S 9C 9D JD JS",
    1: "AH TH AS TS AC TC AD",
    2: "JH 9H KS QS KC QC TD",
}
THREE_LOST_WIDOW = "KD QD JC"

THREE_MOON = {
    0: "AH TH KH QH JH 9H AS",
    1: "TS KS QS JS 9S AC TC",
    2: "KC QC JC 9C AD TD KD",
}

# Two-handed (dealer 1): seat 0 bids 3.
#  T1 0:*KH 1:JH -> 0: 6 (+40)   T2 AS 9S -> 11   T3 TS JS -> 12   T4 KS QS -> 7   T5 AC 9C -> 11
#  T6 TC JC -> 12   T7 0:TD 1:AD -> seat 1: 21   T8 1:*KD 0:9H -> 0: 4 (seat 1: +20)
#  T9 KC QC -> 7   T10 AH QD -> 14   T11 TH JD -> 12   T12 QH 9D -> 3     seat 0: 99, seat 1: 21
TWO_HANDED = {
    0: "AH TH KH QH 9H AS TS KS AC TC KC TD",
    1: "JH QS JS 9S QC JC 9C AD KD QD JD 9D",
}
TWO_HANDED_PLAY = (
    "0:*KH 1:JH  0:AS 1:9S  0:TS 1:JS  0:KS 1:QS  0:AC 1:9C  0:TC 1:JC  0:TD 1:AD "
    "1:*KD 0:9H  0:KC 1:QC  0:AH 1:QD  0:TH 1:JD  0:QH 1:9D"
)
