"""Sechsundsechzig (reference.md section 2, defaults of section 5) -- one test per rule.

Every expected value below was worked out by hand from the rules; the comments in each test
show the arithmetic.  Card points: A 11, T 10, K 4, Q 3, J 2, 9 0.  Seat 0 is the non-dealer
in the full deals (dealer 1), so seat 0 leads first.
"""

from __future__ import annotations

from typing import Any

import pytest

from interpreter import Card, CardSet, DealState, IllegalActionError, Match, RecordError
from interpreter.core.actions import Declare
from interpreter.engine.match import next_dealer
from interpreter.engine.state import deal_cards

from .helpers import (
    S66,
    finish_draw,
    hand,
    illegal_rule,
    legal,
    play,
    position,
    result,
    ruleset,
    snapshot,
)

# --------------------------------------------------------------------------- positions
# Full deal A: trump clubs (turn-up KC); seat 0 holds the 9 of trumps and the heart marriage.
FULL_A: dict[str, Any] = dict(
    dealer=1,
    hands={0: "AS TS KH QH 9C JD", 1: "KS AH QD 9S TC JH"},
    trump_card="KC",
    stock="TH 9H AC QS KD 9D JS QC AD TD JC",
)

# Full deal B: trump spades (AS turned); seat 0 weak (lone kings and jacks), seat 1 holds all
# aces and tens of the plain suits.
FULL_B: dict[str, Any] = dict(
    dealer=1,
    hands={0: "KH JH KC JC KD JD", 1: "AH TH AC TC AD TD"},
    trump_card="AS",
    stock="TS KS QS JS 9S 9H 9C 9D QH QC QD",
)

# Full deal C: trump spades (JS turned); seat 0 has the plain heart marriage, seat 1 the trump
# marriage and the ace of hearts.
FULL_C: dict[str, Any] = dict(
    dealer=1,
    hands={0: "KH QH 9D TD JC 9C", 1: "AH KS QS AS 9S JD"},
    trump_card="JS",
    stock="AC TC KC QC AD KD QD TH JH 9H TS",
)

# Mid-deal, talon of 4 (3 stock + turn-up JH, trump hearts).  Played: TH 9H TC KC JC 9S QD JD
# (31 points = 21 + 10).  Seat 0 holds the trump marriage KH-QH.
P_C: dict[str, Any] = dict(
    dealer=1,
    hands={0: "AH KH QH AS TS 9D", 1: "QC AC KS JS AD TD"},
    trump_card="JH",
    stock="9C KD QS",
    start={"leader": 0, "card_points": [21, 10], "tricks_won": [3, 1], "closed": False},
)

# Mid-deal, talon of 2 (stock JS + turn-up QD, trump diamonds); the 9 of trumps is played.
# Played: AC KC QC JC TD KD 9D TH 9H 9S (44 points = 24 + 20).
P_LAST2: dict[str, Any] = dict(
    dealer=1,
    hands={0: "AS TS KH QH 9C JD", 1: "KS AH QS JH TC AD"},
    trump_card="QD",
    stock="JS",
    start={"leader": 0, "card_points": [24, 20], "tricks_won": [3, 2], "closed": False},
)

# As P_LAST2 but seat 0 holds the 9 of trumps (JD played instead).  Played: AC KC QC JC TD KD
# JD TH 9H 9S (46 points = 26 + 20).
P_EX2: dict[str, Any] = dict(
    dealer=1,
    hands={0: "AS TS KH QH 9C 9D", 1: "KS AH QS JH TC AD"},
    trump_card="QD",
    stock="JS",
    start={"leader": 0, "card_points": [26, 20], "tricks_won": [3, 2], "closed": False},
)

# Mid-deal, talon of 2 (stock 9C + turn-up JD, trump diamonds); seat 0 weak, seat 1 strong.
# Played: KH QH KS QS TC KC JC AD TD 9D (51 points = 30 + 21).
P_F: dict[str, Any] = dict(
    dealer=1,
    hands={0: "9H JH 9S JS QC KD", 1: "AH TH AS TS AC QD"},
    trump_card="JD",
    stock="9C",
    start={"leader": 0, "card_points": [30, 21], "tricks_won": [3, 2], "closed": False},
)

# Mid-deal, talon of 2 (stock 9D + turn-up JC, trump clubs); seat 1 has 11 points, 1 trick.
# Played: 9C TH QH KS QS JS AD TD KD QD (50 points = 39 + 11).
P_S1: dict[str, Any] = dict(
    dealer=1,
    hands={0: "AC TC KC QC 9H 9S", 1: "AS TS AH KH JH JD"},
    trump_card="JC",
    stock="9D",
    start={"leader": 0, "card_points": [39, 11], "tricks_won": [4, 1], "closed": False},
)

# Mid-deal, talon of 4 (stock 9C JH 9S + turn-up QC, trump clubs); seat 1 leads and holds
# the plain diamond marriage.  Played: TC KC AH TH KH AS TS KS (64 points = 51 + 13).
P_M: dict[str, Any] = dict(
    dealer=0,
    hands={0: "AD TD AC JC QH QS", 1: "KD QD JD 9D 9H JS"},
    trump_card="QC",
    stock="9C JH 9S",
    start={"leader": 1, "card_points": [51, 13], "tricks_won": [3, 1], "closed": False},
)

# Mid-deal, talon of 4 (stock AH KS TD + turn-up JS, trump spades); seat 0 holds two plain
# marriages.  Played: TC KC AD JD TH JH QS 9S (42 points = 30 + 12).
P_2M: dict[str, Any] = dict(
    dealer=1,
    hands={0: "KH QH KD QD AS TS", 1: "9H JC 9C QC AC 9D"},
    trump_card="JS",
    stock="AH KS TD",
    start={"leader": 0, "card_points": [30, 12], "tricks_won": [3, 1], "closed": False},
)


def exhausted(h0: str, h1: str, trump: str, points: list[int], tricks: list[int], leader: int = 0, dealer: int = 1) -> DealState:
    """A position after the talon is used up: strict play, no stock, no turn-up."""
    return position(
        S66,
        dealer=dealer,
        hands={0: h0, 1: h1},
        stock=[],
        start={"leader": leader, "trump": trump, "card_points": points, "tricks_won": tricks},
    )


# =========================================================================== 2.1 cards
def test_deck_24_cards_ace_ten_order_120_points() -> None:
    """Section 2.1 / 1: 24 cards A T K Q J 9 in four suits; A11 T10 K4 Q3 J2 9=0, 120 in all."""
    deck = ruleset(S66).deck
    assert deck.size == 24
    assert deck.ranks == ("A", "T", "K", "Q", "J", "9")
    assert sorted(deck.suits) == ["C", "D", "H", "S"]
    assert deck.points[deck.index(Card.parse("AS"))] == 11
    assert deck.points[deck.index(Card.parse("TS"))] == 10
    assert deck.points[deck.index(Card.parse("KS"))] == 4
    assert deck.points[deck.index(Card.parse("QS"))] == 3
    assert deck.points[deck.index(Card.parse("JS"))] == 2
    assert deck.points[deck.index(Card.parse("9S"))] == 0
    assert sum(deck.points) == 120


# =========================================================================== 2.2 deal
def test_deal_two_batches_of_three_non_dealer_first_thirteenth_card_turned() -> None:
    """Section 2.2: 3 to the non-dealer, 3 to the dealer, 3 + 3 again, the 13th card is turned
    for trump, the remaining 11 lie across it (talon of 12)."""
    rs = ruleset(S66)
    order_text = (
        "AC TC KC QC JC 9C AD TD KD QD JD 9D AH TH KH QH JH 9H AS TS KS QS JS 9S"
    ).split()
    order = [rs.deck.index(Card.parse(c)) for c in order_text]
    hands, stock, turnup = deal_cards(rs, 1, order)  # dealer 1: seat 0 receives first
    assert sorted(str(c) for c in CardSet(rs.deck, hands[0])) == sorted("AC TC KC AD TD KD".split())
    assert sorted(str(c) for c in CardSet(rs.deck, hands[1])) == sorted("QC JC 9C QD JD 9D".split())
    assert str(rs.deck.cards[turnup]) == "AH"
    assert [str(rs.deck.cards[c]) for c in stock] == "TH KH QH JH 9H AS TS KS QS JS 9S".split()
    state = DealState(rs, 1, hands, stock, turnup)
    assert state.talon_size() == 12
    assert state.trump_suit() == "H"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_shuffled_deal_six_each_talon_twelve(seed: int) -> None:
    """Section 2.2: six cards each, a talon of 12, trump = suit of the turn-up."""
    state = DealState.new(ruleset(S66), 0, seed)
    assert len(hand(state, 0)) == 6 and len(hand(state, 1)) == 6
    assert state.talon_size() == 12
    turn = state.turn_up_card()
    assert turn is not None and state.trump_suit() == turn.suit


# =========================================================================== 2.3 open phase
@pytest.mark.parametrize("dealer, first", [(0, 1), (1, 0)])
def test_non_dealer_leads_first_trick(dealer: int, first: int) -> None:
    """Section 2.3: the non-dealer leads to the first trick."""
    state = DealState.new(ruleset(S66), dealer, 11)
    assert state.to_act == first


def test_first_lead_options() -> None:
    """Sections 2.3/2.5/2.6/2.7: on the opening lead seat 0 may play any card, announce the
    heart marriage (first-lead marriage allowed), close (allowed before the first trick); no
    exchange (no trick won yet) and no declaration (no trick won, no marriage)."""
    state = position(S66, **FULL_A)
    assert state.to_act == 0
    assert legal(state) == sorted(
        ["close", "marry KH", "marry QH", "play 9C", "play AS", "play JD", "play KH", "play QH", "play TS"]
    )


def test_open_phase_no_duty_to_follow_trump_or_win() -> None:
    """Section 2.3: while the talon is open the follower may play any card of his hand."""
    state = play(position(S66, **FULL_A), "play AS")
    assert legal(state) == sorted(["play KS", "play AH", "play QD", "play 9S", "play TC", "play JH"])
    # he may even throw a lower card of another plain suit on the ace
    play(state, "play QD")
    assert state.tricks_won() == [1, 0]
    assert state.card_points() == [14, 0]  # AS 11 + QD 3


# Trick winner (section 1): exhausted talon, trump clubs, one card each (seat 0 leads).
@pytest.mark.parametrize(
    "lead, follow, winner",
    [
        ("AS", "KS", 0),  # higher card of the led suit
        ("KS", "AS", 1),
        ("TS", "KS", 0),  # ace-ten order: the ten beats the king
        ("KS", "TS", 1),
        ("AS", "9C", 1),  # the lowest trump beats the ace of a plain suit
        ("9C", "AS", 0),  # a trump lead is not beaten by a plain card
        ("JC", "QC", 1),  # higher trump wins
        ("AS", "AH", 0),  # a card of another plain suit never wins
        ("9S", "AD", 0),
    ],
    ids=[
        "ace-beats-king", "king-loses-to-ace", "ten-beats-king", "king-loses-to-ten",
        "trump-beats-plain-ace", "plain-ace-loses-to-trump-lead", "higher-trump-wins",
        "off-suit-ace-loses", "off-suit-ace-loses-to-nine",
    ],
)
def test_trick_winner(lead: str, follow: str, winner: int) -> None:
    """Section 1: highest trump, else highest card of the suit led; another plain suit never wins."""
    state = exhausted(lead, follow, "C", [50, 45], [6, 5])
    play(state, f"play {lead}", f"play {follow}")
    assert state.tricks_won() == ([7, 5] if winner == 0 else [6, 6])


def test_trick_points_go_to_winner_and_winner_leads() -> None:
    """Sections 1/2.3: the winner takes the cards' points and leads the next trick."""
    state = play(position(S66, **FULL_A), "play AS", "play KS")  # 11 + 4
    assert state.card_points() == [15, 0]
    assert state.to_act == 0
    play(state, "play TS", "play TC")  # the trump ten wins: 10 + 10
    assert state.card_points() == [15, 20]
    assert state.tricks_won() == [1, 1]
    assert state.to_act == 1


def test_draw_winner_first_then_loser() -> None:
    """Section 2.3: after each trick the winner draws the top stock card, then the loser."""
    state = play(position(S66, **FULL_A), "play AS", "play KS")
    finish_draw(state)  # seat 0 won: TH to seat 0, 9H to seat 1
    assert hand(state, 0) == sorted("TS KH QH 9C JD TH".split())
    assert hand(state, 1) == sorted("AH QD 9S TC JH 9H".split())
    play(state, "play TS", "play TC")  # seat 1 wins: AC to seat 1, then QS to seat 0
    finish_draw(state)
    assert hand(state, 1) == sorted("AH QD 9S JH 9H AC".split())
    assert hand(state, 0) == sorted("KH QH 9C JD TH QS".split())
    assert state.talon_size() == 8


def test_loser_of_sixth_trick_takes_turn_up() -> None:
    """Section 2.3: with one stock card and the turn-up left, the winner draws the stock card
    and the loser takes the turned-up trump; the talon is then exhausted."""
    state = position(S66, **P_LAST2)
    play(state, "play 9C", "play TC")  # seat 1 wins 10
    finish_draw(state)
    assert hand(state, 1) == sorted("KS AH QS JH AD JS".split())
    assert hand(state, 0) == sorted("AS TS KH QH JD QD".split())
    assert state.talon_size() == 0
    assert state.turn_up_card() is None
    assert state.card_points() == [24, 30]


# =========================================================================== 2.4 strict phase
# Exhausted, trump hearts, seat 0 leads; seat 1: KS 9S TH 9H.  Played cards: 16 (8 tricks).
STRICT_A = ("QS AD JC QH", "KS 9S TH 9H")
# seat 1: KS 9S 9H QC
STRICT_B = ("AS KH AD JC", "KS 9S 9H QC")
# seat 1 void in diamonds and hearts (trumps)
STRICT_C = ("AD KH", "KS QC")


def test_strict_leader_may_lead_any_card_after_exhaustion() -> None:
    """Section 2.4: the leader may lead any card; talon gone: no close, no exchange."""
    state = exhausted(*STRICT_A, "H", [55, 32], [5, 3])
    assert legal(state) == sorted(["declare", "play QS", "play AD", "play JC", "play QH"])


def test_strict_must_head_with_higher_card_of_led_suit() -> None:
    """Section 2.4 (2): the follower must play a higher card of the led suit if able."""
    state = play(exhausted(*STRICT_A, "H", [55, 32], [5, 3]), "play QS")
    assert legal(state) == ["play KS"]
    assert illegal_rule(state, "play 9S") == "play.head"


def test_strict_must_follow_suit() -> None:
    """Section 2.4 (1): the follower must follow suit (no trumping while holding the suit)."""
    state = play(exhausted(*STRICT_A, "H", [55, 32], [5, 3]), "play QS")
    assert illegal_rule(state, "play TH") == "play.follow"


def test_strict_follow_with_any_lower_card_when_unable_to_head() -> None:
    """Section 2.4 (1, 2): unable to beat the led card, any card of the led suit."""
    state = play(exhausted(*STRICT_B, "H", [55, 37], [5, 3]), "play AS")
    assert legal(state) == ["play 9S", "play KS"]
    assert illegal_rule(state, "play QC") == "play.follow"


def test_strict_must_trump_when_void() -> None:
    """Section 2.4 (3): void in the led suit, the follower must trump."""
    state = play(exhausted(*STRICT_A, "H", [55, 32], [5, 3]), "play AD")
    assert legal(state) == ["play 9H", "play TH"]
    assert illegal_rule(state, "play KS") == "play.trump_when_void"


def test_strict_trump_led_must_play_higher_trump() -> None:
    """Sections 2.4/3.4: with a trump led the follower must play a higher trump if able."""
    state = play(exhausted(*STRICT_A, "H", [55, 32], [5, 3]), "play QH")
    assert legal(state) == ["play TH"]
    assert illegal_rule(state, "play 9H") == "play.head"


def test_strict_trump_led_lower_trump_when_no_higher() -> None:
    """Sections 2.4/3.4: trump led, no higher trump: a lower trump must still be played."""
    state = play(exhausted(*STRICT_B, "H", [55, 37], [5, 3]), "play KH")
    assert legal(state) == ["play 9H"]


def test_strict_void_in_suit_and_trumps_any_card() -> None:
    """Section 2.4 (4): void in the led suit and in trumps, any card may be played."""
    state = play(exhausted(*STRICT_C, "H", [60, 45], [6, 4]), "play AD")
    assert legal(state) == ["play KS", "play QC"]
    state = play(exhausted(*STRICT_C, "H", [60, 45], [6, 4]), "play KH")
    assert legal(state) == ["play KS", "play QC"]


def test_strict_head_a_plain_lead_with_the_suit_not_a_trump() -> None:
    """Section 2.4: following suit comes first -- a higher card of the led suit, not a trump."""
    state = play(exhausted(*STRICT_B, "H", [55, 37], [5, 3]), "play JC")
    assert legal(state) == ["play QC"]


# =========================================================================== 2.5 exchange
def test_exchange_requires_a_won_trick() -> None:
    """Section 2.5: only a player who has already won a trick may exchange the 9 of trumps."""
    state = position(S66, **FULL_A)  # seat 0 holds 9C, clubs are trumps, no trick yet
    assert "exchange" not in legal(state)
    assert illegal_rule(state, "exchange") == "exchange.requires_trick_won"


def test_exchange_nine_for_turn_up_after_winning_a_trick() -> None:
    """Section 2.5: the leader who won a trick swaps the 9 of trumps for the turn-up card."""
    state = play(position(S66, **FULL_A), "play AS", "play KS")
    assert "exchange" in legal(state)
    play(state, "exchange")
    assert hand(state, 0) == sorted("TS KH QH KC JD TH".split())
    assert str(state.turn_up_card()) == "9C"
    assert state.trump_suit() == "C"
    assert state.talon_size() == 10


def test_exchange_only_by_the_leader_before_leading() -> None:
    """Section 2.5: only the player on lead, before he leads -- not the follower."""
    state = play(position(S66, **FULL_A), "play AS", "play KS", "play TS", "play TC", "play JH")
    # seat 0 holds 9C and has won a trick, but seat 1 led
    assert state.to_act == 0
    assert "exchange" not in legal(state)
    rule = illegal_rule(state, "exchange")
    assert rule is not None and rule.startswith("exchange")


def test_exchange_needs_the_nine_of_trumps() -> None:
    """Section 2.5: the exchange card is the 9 of trumps (a plain 9 does not do)."""
    state = position(S66, **P_LAST2)  # seat 0 holds 9C, trumps are diamonds
    assert "exchange" not in legal(state)
    assert illegal_rule(state, "exchange") == "exchange.rank"


def test_exchange_allowed_with_two_talon_cards_and_nine_drawn_last() -> None:
    """Section 2.5 / A6: allowed with one face-down card plus the turn-up (talon size 2); the
    9 lies in place of the turn-up and is drawn last, by the loser of the trick."""
    state = position(S66, **P_EX2)
    assert legal(state) == sorted(
        ["close", "declare", "exchange", "marry KH", "marry QH",
         "play 9C", "play 9D", "play AS", "play KH", "play QH", "play TS"]
    )
    play(state, "exchange")
    assert hand(state, 0) == sorted("AS TS KH QH 9C QD".split())
    assert str(state.turn_up_card()) == "9D"
    play(state, "play QD", "play AH")  # the queen of trumps wins: 26 + 3 + 11 = 40
    finish_draw(state)
    assert state.card_points() == [40, 20]
    assert hand(state, 0) == sorted("AS TS KH QH 9C JS".split())
    assert hand(state, 1) == sorted("KS QS JH TC AD 9D".split())
    assert state.talon_size() == 0


def test_exchange_not_with_only_the_turn_up_left() -> None:
    """Section 2.5 / A6 / 2.7: exchange and closing need a face-down card besides the turn-up
    (min talon size 2).  A talon of one cannot arise in play; this position isolates the bound."""
    state = position(
        S66,
        dealer=1,
        hands={0: "AS TS KH QH 9C 9D", 1: "KS AH QS JH TC AD"},
        trump_card="QD",
        stock=[],
        start={"leader": 0, "card_points": [26, 20], "tricks_won": [3, 2]},
    )
    assert state.talon_size() == 1
    assert "exchange" not in legal(state)
    assert "close" not in legal(state)
    assert illegal_rule(state, "exchange") == "exchange.min_talon_size"
    assert illegal_rule(state, "close") == "closing.min_talon_size"


def test_exchange_not_after_closing() -> None:
    """Section 2.5: no exchange once the talon is closed."""
    state = play(position(S66, **FULL_A), "play AS", "play KS", "close")
    assert "exchange" not in legal(state)
    rule = illegal_rule(state, "exchange")
    assert rule is not None and rule.startswith("exchange")


def test_exchange_not_after_exhaustion() -> None:
    """Section 2.5: no exchange once the talon is exhausted (even holding the 9 of trumps)."""
    state = exhausted("9C AS", "KS QD", "C", [60, 50], [6, 4])
    assert legal(state) == ["declare", "play 9C", "play AS"]
    rule = illegal_rule(state, "exchange")
    assert rule is not None and rule.startswith("exchange")


def test_no_exchange_for_the_opponent_of_the_closer() -> None:
    """Section 2.5 / A11 (exchange.on_opponent_close: false): when seat 0 closes, seat 1 may not
    exchange the 9 of trumps he holds -- neither at the close nor as follower."""
    state = position(
        S66,
        dealer=1,
        hands={0: "AS TS KH QH JD JC", 1: "KS AH QD 9C TC JH"},
        trump_card="KC",
        stock="TH 9H AC QS KD 9D JS QC AD TD 9S",
    )
    play(state, "close", "play AS")
    assert legal(state) == ["play KS"]
    rule = illegal_rule(state, "exchange")
    assert rule is not None and rule.startswith("exchange")


def test_exchange_close_and_marriage_on_one_lead() -> None:
    """Sections 2.5/2.6/2.7 (A14): exchange, close and announce on the same lead; the marriage
    shown at the closing lead counts (20 in hearts; seat 0 has a trick): 15 + 20 = 35."""
    state = play(position(S66, **FULL_A), "play AS", "play KS", "exchange", "close")
    # exchanging and closing are not leading: he may still declare, and still announce
    assert "declare" in legal(state)
    assert "marry KH" in legal(state) and "marry QH" in legal(state)
    play(state, "marry KH")
    assert state.card_points() == [35, 0]
    # closed: strict play -- seat 1 (AH QD 9S TC JH 9H) must beat the king of hearts
    assert legal(state) == ["declare", "play AH"]


# =========================================================================== 2.6 marriages
def test_marriage_on_first_lead_pending_until_a_trick() -> None:
    """Section 2.6 / A5: the non-dealer may announce on the opening lead; the 20 are pending
    until he wins a trick, then counted: KH 4 + QD 3 + 20 = 27."""
    state = play(position(S66, **FULL_A), "marry KH")
    assert state.card_points() == [0, 0]
    play(state, "play QD")
    assert state.card_points() == [27, 0]


def test_marriage_leads_the_card_and_keeps_the_partner() -> None:
    """Section 2.6: announcing leads the K or Q and shows the other, which stays in hand."""
    state = play(position(S66, **FULL_A), "marry QH")
    assert state.to_act == 1
    assert hand(state, 0) == sorted("AS TS KH 9C JD".split())


def test_marriage_in_trumps_is_forty() -> None:
    """Section 2.6: 40 in trumps -- counted at once for a melder who has won a trick:
    seat 1 wins AH over KH (15) then announces KS-QS: 15 + 40 = 55."""
    state = play(position(S66, **FULL_C), "marry KH", "play AH", "marry KS")
    assert state.card_points() == [0, 55]


def test_marriage_plain_suit_is_twenty() -> None:
    """Section 2.6: 20 in a plain suit: 30 + 20 = 50 for seat 0 (hearts, trump spades)."""
    state = play(position(S66, **P_2M), "marry KH")
    assert state.card_points() == [50, 12]


def test_marriage_lost_without_a_trick_and_pending_never_saves_schwarz() -> None:
    """Sections 2.6 / 2.10 / A18: the first-lead marriage of a player who never wins a trick
    never counts, and does not save him from Schwarz.
    Seat 1: AH+KH 15; marries KS (40) over 9D: +4 -> 59; AS over TD: +21 -> 80; declares."""
    state = play(
        position(S66, **FULL_C),
        "marry KH", "play AH",      # seat 1 wins 15; draws AC, seat 0 TC
        "marry KS", "play 9D",      # seat 1 wins 4, 40 counted; draws KC, seat 0 QC
        "play AS", "play TD",       # seat 1 wins 21
        "declare",
    )
    assert state.card_points() == [0, 80]
    assert result(state) == (1, 3)


def test_marriage_needs_king_and_queen_in_hand() -> None:
    """Section 2.6: both K and Q of the suit must be in the same hand."""
    state = position(S66, **FULL_B)  # seat 0: lone kings
    assert not any(a.startswith("marry") for a in legal(state))
    assert illegal_rule(state, "marry KH") == "marriage"


def test_marriage_only_by_the_leader() -> None:
    """Section 2.6: the follower cannot announce (seat 1 holds KS-QS while seat 0 leads)."""
    state = play(position(S66, **FULL_C), "marry KH")
    assert legal(state) == sorted(["declare", "play AH", "play KS", "play QS", "play AS", "play 9S", "play JD"])
    assert illegal_rule(state, "marry KS") == "marriage"


def test_one_marriage_per_lead() -> None:
    """Section 2.6 / A40: one marriage per lead; the second may be shown on a later lead."""
    state = play(position(S66, **P_2M), "marry KH")
    with pytest.raises(IllegalActionError):
        play(state, "marry KD")
    play(state, "play 9H")  # seat 0 wins 4 -> 54; draws AH, seat 1 KS
    assert state.card_points() == [54, 12]
    assert legal(state) == sorted(
        ["close", "close before-draw", "declare", "marry KD", "marry QD",
         "play AH", "play AS", "play KD", "play QD", "play QH", "play TS"]
    )


def test_no_marriage_after_exhaustion() -> None:
    """Section 2.6 / A13: no marriages once the talon is exhausted (seat 1 holds KS-QS)."""
    state = play(position(S66, **P_LAST2), "play 9C", "play TC")
    finish_draw(state)
    assert legal(state) == sorted(["declare", "play AD", "play AH", "play JH", "play JS", "play KS", "play QS"])
    assert illegal_rule(state, "marry KS") == "marriage.after_exhaustion"


def test_marriage_on_the_closing_lead_counts() -> None:
    """Section 2.6 / A14: the player who closes may still announce on that lead: 21 + 40."""
    state = position(S66, **P_C)
    assert legal(state) == sorted(
        ["close", "declare", "marry KH", "marry QH", "play 9D", "play AH", "play AS", "play KH", "play QH", "play TS"]
    )
    play(state, "close")
    assert "marry KH" in legal(state)
    play(state, "marry KH")
    assert state.card_points() == [61, 10]


def test_no_marriage_after_closing_on_a_later_lead() -> None:
    """Section 2.6 / A13: after the closing lead no more marriages; no draw after closing."""
    state = play(position(S66, **P_C), "close", "play AS")
    assert legal(state) == ["play JS", "play KS"]  # strict: follow, cannot beat the ace
    play(state, "play KS")  # seat 0 wins 15 -> 36
    assert state.card_points() == [36, 10]
    assert hand(state, 0) == sorted("AH KH QH TS 9D".split())  # five cards: no draw
    assert hand(state, 1) == sorted("QC AC JS AD TD".split())
    assert legal(state) == sorted(["declare", "play 9D", "play AH", "play KH", "play QH", "play TS"])
    assert illegal_rule(state, "marry KH") == "marriage.after_close"


def test_declare_right_after_marriage() -> None:
    """Section 2.6 / 2.8 / A15: a marriage that brings the leader to 66 may be declared at
    once, before the follower plays: 41 + 40 = 81; the led king does not score.
    Opponent 10 points with one trick -> 2 game points."""
    start = dict(P_C["start"], card_points=[41, 10])  # seat 0 had a 20 marriage already
    state = position(S66, **dict(P_C, start=start))
    play(state, "marry KH")
    assert "declare" in legal(state)
    play(state, "declare")
    assert state.card_points() == [81, 10]
    assert result(state) == (0, 2)


def test_wrong_declaration_after_marriage() -> None:
    """Section 2.8: 21 + 40 = 61 < 66 declared: the opponent (who has a trick) wins 2."""
    state = play(position(S66, **P_C), "marry KH", "declare")
    assert result(state) == (1, 2)


def test_pending_marriage_does_not_count_for_a_declaration() -> None:
    """Sections 2.6/2.8: a first-lead marriage is pending (no trick yet), so declaring right
    after it is judged on 0 points: wrong, and the opponent (no trick) wins 3."""
    state = play(position(S66, **FULL_C), "marry KH")
    assert "declare" in legal(state)
    play(state, "declare")
    assert result(state) == (1, 3)


# =========================================================================== 2.7 closing
def test_close_allowed_before_first_trick() -> None:
    """Section 2.7 / A8: closing is allowed on the opening lead."""
    assert "close" in legal(position(S66, **FULL_A))


def test_close_before_draw_keeps_five_cards() -> None:
    """Section 2.7: closing right after winning a trick, before the draw: nobody draws and
    both keep five cards; the talon stays as it was (4 cards)."""
    state = play(position(S66, **P_C), "play AS", "play KS")  # seat 0 wins 15 -> 36
    assert legal(state) == sorted(
        ["close", "close before-draw", "declare", "marry KH", "marry QH",
         "play 9C", "play 9D", "play AH", "play KH", "play QH", "play TS"]
    )
    play(state, "close before-draw")
    assert state.closed
    assert hand(state, 0) == sorted("AH KH QH TS 9D".split())
    assert hand(state, 1) == sorted("QC AC JS AD TD".split())
    assert state.talon_size() == 4
    assert state.card_points() == [36, 10]


def test_close_before_draw_then_marriage_on_the_closing_lead() -> None:
    """Sections 2.6/2.7 / A14: closing before the draw is followed by the closer's own lead, on
    which he may still announce: 36 + 40 = 76."""
    state = play(position(S66, **P_C), "play AS", "play KS", "close before-draw")
    assert "marry KH" in legal(state)
    play(state, "marry KH")
    assert state.card_points() == [76, 10]


def test_close_after_draw_with_six_cards() -> None:
    """Section 2.7: closing after drawing: six cards each, the talon (now 2) stays put."""
    state = play(position(S66, **P_C), "play AS", "play KS", "close")
    assert hand(state, 0) == sorted("AH KH QH TS 9D 9C".split())
    assert hand(state, 1) == sorted("QC AC JS AD TD KD".split())
    assert state.talon_size() == 2
    assert state.closed


def test_close_allowed_with_two_talon_cards() -> None:
    """Section 2.7 / A7: closing needs one face-down card left: talon size 2 is enough."""
    state = position(S66, **P_LAST2)
    assert legal(state) == sorted(
        ["close", "declare", "marry KH", "marry QH", "play 9C", "play AS", "play JD", "play KH", "play QH", "play TS"]
    )


def test_no_close_after_exhaustion() -> None:
    """Section 2.7: nothing to close once the talon is exhausted."""
    state = play(position(S66, **P_LAST2), "play 9C", "play TC")
    finish_draw(state)
    assert "close" not in legal(state)
    with pytest.raises(IllegalActionError):
        play(state, "close")


def test_after_closing_strict_play_and_no_last_trick_ten_failed_close_three() -> None:
    """Sections 2.7/2.9/2.10 / A2: seat 0 closes on the opening lead, plays strictly, fails:
    the last trick earns no 10, and since seat 1 had no trick when the talon was closed he
    scores 3 although he took tricks afterwards.
    AS 9S (+11) TS KS (+14) KH AH (1: +15) TC 9C (1: +10) JH QH (0: +5) JD QD (1: +5)."""
    state = play(position(S66, **FULL_A), "close", "play AS")
    assert legal(state) == ["play 9S", "play KS"]
    play(state, "play 9S", "play TS", "play KS", "play KH")
    assert legal(state) == ["play AH"]  # must head the king of hearts
    play(state, "play AH", "play TC")
    assert legal(state) == ["play 9C"]  # must follow the trump lead
    play(state, "play 9C", "play JH", "play QH", "play JD", "play QD")
    assert state.card_points() == [30, 30]
    assert result(state) == (1, 3)


def test_failed_close_two_when_opponent_had_a_trick_at_closing() -> None:
    """Section 2.10 / A2: the closer never reaches 66; his opponent had tricks when the talon
    was closed: 2 game points.  9H TH (1: +10) AS 9S (1: +11) TS JS (1: +12) AC QC (1: +14)
    AH JH (1: +13) QD KD (0: +7) -> 37 : 81."""
    state = position(S66, **P_F)
    assert legal(state) == sorted(
        ["close", "declare", "play 9H", "play 9S", "play JH", "play JS", "play KD", "play QC"]
    )
    play(state, "close", "play 9H")
    assert legal(state) == ["play AH", "play TH"]
    play(state, "play TH", "play AS", "play 9S", "play TS", "play JS", "play AC", "play QC",
         "play AH", "play JH", "play QD")
    assert legal(state) == ["play KD"]  # trump led: must head with the king
    play(state, "play KD")
    assert state.card_points() == [37, 81]
    assert result(state) == (1, 2)


def test_closer_opponent_goes_out_first_two() -> None:
    """Section 2.10 / A4: the closer's opponent declares 66 first: scored as a failed close,
    2 because he had tricks at the closing.  31 + 11 + 12 + 14 = 68."""
    state = play(
        position(S66, **P_F),
        "close", "play 9H", "play TH", "play AS", "play 9S", "play TS", "play JS", "play AC", "play QC",
    )
    assert state.card_points() == [30, 68]
    play(state, "declare")
    assert result(state) == (1, 2)


def test_closer_opponent_goes_out_first_three_without_trick_at_closing() -> None:
    """Section 2.10 / A4: closed on the opening lead (no trick for anyone), the opponent
    declares first: 3.  KH AH (+15) TH JH (+12) AC KC (+15) TC JC (+12) AD KD (+15) = 69."""
    state = position(S66, **FULL_B)
    assert legal(state) == sorted(["close", "play JC", "play JD", "play JH", "play KC", "play KD", "play KH"])
    play(state, "close", "play KH")
    assert legal(state) == ["play AH", "play TH"]
    play(state, "play AH", "play TH", "play JH", "play AC", "play KC", "play TC", "play JC", "play AD", "play KD")
    assert state.card_points() == [0, 69]
    play(state, "declare")
    assert result(state) == (1, 3)


def test_closer_succeeds_scored_on_opponent_final_points() -> None:
    """Section 2.10 / A3 (66: at_end): the closer's game points use the opponent's points at
    the end, including tricks taken after closing.  Seat 1 had 11 at closing (would be 2)
    but ends with 33 -> 1.  9S AS (1: +11) TS QC (0: +13) 9H AH (1: +11) KH TC (0: +14)."""
    state = play(position(S66, **P_S1), "close", "play 9S", "play AS", "play TS")
    assert legal(state) == sorted(["play AC", "play TC", "play KC", "play QC"])  # void: trump
    play(state, "play QC", "play 9H", "play AH", "play KH", "play TC")
    assert state.card_points() == [66, 33]
    play(state, "declare")
    assert result(state) == (0, 1)


def test_closed_last_trick_winner_with_66_is_treated_as_declaring() -> None:
    """Section 2.9: talon closed, nobody declared; the last-trick winner has 66 or more, so he
    is treated as declaring: the closer succeeds.  ... AC JH (+13) KC JD (+6): 85 : 33, no 10."""
    state = play(
        position(S66, **P_S1),
        "close", "play 9S", "play AS", "play TS", "play QC", "play 9H", "play AH", "play KH", "play TC",
        "play AC", "play JH", "play KC", "play JD",
    )
    assert state.card_points() == [85, 33]
    assert result(state) == (0, 1)


def test_wrong_declaration_by_closer_takes_larger_penalty() -> None:
    """Section 2.10 / A16: the closer declares 30 < 66.  Wrong declaration alone: 2 (seat 1 has
    tricks now); failed close: 3 (seat 1 had no trick at closing) -> the larger, 3."""
    state = play(
        position(S66, **FULL_A),
        "close", "play AS", "play 9S", "play TS", "play KS", "play KH", "play AH",
        "play TC", "play 9C", "play JH", "play QH",
    )
    assert state.card_points() == [30, 25]
    play(state, "declare")
    assert result(state) == (1, 3)


# =========================================================================== 2.8 declaring
def test_declare_only_just_after_winning_a_trick() -> None:
    """Section 2.8: declaring is open to the winner of the trick just completed, before he
    leads again -- not to the follower of the next trick."""
    state = play(position(S66, **FULL_A), "play AS", "play KS")
    assert "declare" in legal(state)
    play(state, "play TS")
    assert "declare" not in legal(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(Declare())
    assert info.value.rule is not None and info.value.rule.startswith("claim")


def test_wrong_declaration_three_when_opponent_has_no_trick() -> None:
    """Section 2.8: 15 < 66 declared before the opponent took a trick: opponent wins 3."""
    state = play(position(S66, **FULL_A), "play AS", "play KS", "declare")
    assert result(state) == (1, 3)


def test_wrong_declaration_two_when_opponent_has_a_trick() -> None:
    """Section 2.8: seat 1 declares 20 < 66; seat 0 has a trick: seat 0 wins 2."""
    state = play(position(S66, **FULL_A), "play AS", "play KS", "play TS", "play TC", "declare")
    assert state.card_points() == [15, 20]
    assert result(state) == (0, 2)


def test_correct_declaration_one_point_opponent_at_33_with_counted_marriage() -> None:
    """Sections 2.8/2.10 / A18: the opponent's counted marriage counts toward his 33:
    seat 1 13 + 20 (KD-QD) = 33; seat 0 wins AD over KD: 51 + 15 = 66, declares -> 1."""
    state = play(position(S66, **P_M), "marry KD")
    assert state.card_points() == [51, 33]
    play(state, "play AD", "declare")
    assert state.card_points() == [66, 33]
    assert result(state) == (0, 1)


@pytest.mark.parametrize("start, gained, game_points", [([45, 33], [66, 33], 1), ([46, 32], [67, 32], 2)],
                         ids=["opponent-33-one-point", "opponent-32-schneider-two-points"])
def test_correct_declaration_schneider_boundary_33(start: list[int], gained: list[int], game_points: int) -> None:
    """Section 2.10 / A17: 1 game point if the opponent has 33 or more, 2 below 33 (with a
    trick).  AS TS: seat 0 wins 21 and declares."""
    state = exhausted("AS TH", "TS AH", "C", start, [5, 5])
    play(state, "play AS")
    assert legal(state) == ["play TS"]
    play(state, "play TS", "declare")
    assert state.card_points() == gained
    assert result(state) == (0, game_points)


def test_unannounced_66_is_worth_nothing() -> None:
    """Section 2.8 / A39: seat 0 holds 70 but leads on instead of declaring; seat 1 wins the
    trick (AS over 9S: 55 + 11 = 66) and declares: seat 1 wins, 1 (seat 0 >= 33)."""
    state = exhausted("9S 9H JD", "AS JH 9D", "C", [70, 55], [5, 4])
    assert "declare" in legal(state)
    play(state, "play 9S")
    assert legal(state) == ["play AS"]
    play(state, "play AS", "declare")
    assert result(state) == (1, 1)


# =========================================================================== 2.9 end of deal
def test_all_tricks_played_last_trick_ten_and_higher_total_wins() -> None:
    """Section 2.9: all 12 tricks, nobody declared: the last trick adds 10 and the higher total
    wins, scored on the loser: AH KH (0: 85 + 15 = 100), 9C TC (1: 10 + 10 + 10 = 30);
    30 < 33 with tricks -> 2."""
    state = exhausted("AH 9C", "KH TC", "S", [85, 10], [6, 4])
    play(state, "play AH", "play KH", "play 9C", "play TC")
    assert state.card_points() == [100, 30]
    assert sum(state.card_points()) == 130
    assert result(state) == (0, 2)


def test_equal_totals_drawn_deal_no_score() -> None:
    """Section 2.9 / A1: 65 : 65 after the last-trick 10 is a drawn deal, 0 game points."""
    state = exhausted("AH 9C", "KH TC", "S", [50, 45], [6, 4])
    play(state, "play AH", "play KH", "play 9C", "play TC")
    assert state.card_points() == [65, 65]
    assert state.result is not None
    assert state.result.winner is None
    assert state.result.game_points == 0
    assert state.result.drawn
    assert next_dealer(ruleset(S66), 1, state.result) == 1  # same dealer again


def test_last_trick_winner_with_66_is_treated_as_declaring() -> None:
    """Section 2.9 / A1 (claim.after_last_trick: auto): seat 1 wins the last trick and has
    40 + 11 + 12 + 10 = 73 >= 66, so he is treated as declaring and wins although seat 0
    (77, never declared) has the higher total; 1 point (seat 0 >= 33)."""
    state = exhausted("9C JC", "AC TC", "H", [77, 40], [6, 4])
    play(state, "play 9C")
    assert legal(state) == ["play AC", "play TC"]
    play(state, "play AC", "play TC", "play JC")
    assert state.card_points() == [77, 73]
    assert result(state) == (1, 1)


@pytest.mark.parametrize("seed", range(8))
def test_all_card_points_plus_last_trick_make_130(seed: int) -> None:
    """Section 2.9: without marriages or closing, a deal played out hands 120 + 10 = 130."""
    state = DealState.new(ruleset(S66), seed % 2, seed)
    while not state.is_over:
        plays = [a for a in legal(state) if a.startswith("play ")]
        play(state, plays[0])
    assert sum(state.card_points()) == 130
    assert sum(state.tricks_won()) == 12


# =========================================================================== 2.11 match
def _schneider_deal(dealer: int) -> DealState:
    """Seat 0 wins this deal by 2 (see test_all_tricks_played_last_trick_ten...)."""
    state = exhausted("AH 9C", "KH TC", "S", [85, 10], [6, 4], dealer=dealer)
    return play(state, "play AH", "play KH", "play 9C", "play TC")


def _drawn_deal(dealer: int) -> DealState:
    state = exhausted("AH 9C", "KH TC", "S", [50, 45], [6, 4], dealer=dealer)
    return play(state, "play AH", "play KH", "play 9C", "play TC")


def test_match_first_deal_dealer_one_seat_zero_leads() -> None:
    """Section 2.2: the first dealer is fixed by the ruleset (seat 1); seat 0 leads."""
    match = Match(ruleset(S66), seed=5)
    state = match.next_deal()
    assert state.dealer == 1
    assert state.to_act == 0


def test_match_won_at_seven_game_points() -> None:
    """Section 2.11: first to 7 game points: 5 + 2 = 7 wins the match."""
    match = Match(ruleset(S66), scores=[5, 6], dealer=0)
    match.deal = _schneider_deal(0)
    match.finish_deal()
    assert match.scores == [7, 6]
    assert match.winner == 0
    assert match.is_over


def test_match_goes_on_below_seven_and_dealer_alternates() -> None:
    """Sections 2.2/2.11 / A20: 3 + 2 = 5 < 7 plays on; the deal alternates."""
    match = Match(ruleset(S66), scores=[3, 6], dealer=1)
    match.deal = _schneider_deal(1)
    match.finish_deal()
    assert match.scores == [5, 6]
    assert match.winner is None
    assert match.dealer == 0
    match.deal = _schneider_deal(0)
    match.finish_deal()
    assert match.scores == [7, 6]
    assert match.winner == 0
    assert match.dealer == 1


def test_drawn_deal_same_dealer_scores_unchanged() -> None:
    """Section 2.9 / A20: a drawn deal scores nothing and the same dealer deals again."""
    match = Match(ruleset(S66), scores=[2, 4], dealer=0)
    match.deal = _drawn_deal(0)
    match.finish_deal()
    assert match.scores == [2, 4]
    assert match.winner is None
    assert match.dealer == 0


# =========================================================================== engine services
def test_undo_restores_exact_state() -> None:
    """pop() undoes every action exactly (legal actions, hands, points, talon, turn-up)."""
    state = position(S66, **FULL_A)
    before = snapshot(state)
    depth = len(state.undo)
    play(state, "play AS", "play KS", "exchange", "close", "marry KH", "play AH", "play TC", "play KC")
    middle = snapshot(state)
    assert middle != before
    while len(state.undo) > depth:
        state.pop()
    assert snapshot(state) == before
    # and replaying gives the same state again
    play(state, "play AS", "play KS", "exchange", "close", "marry KH", "play AH", "play TC", "play KC")
    assert snapshot(state) == middle


def test_undo_reopens_a_finished_deal() -> None:
    """pop() after a declaration ends the deal restores the position before it."""
    state = play(position(S66, **P_C), "marry KH")
    before = snapshot(state)
    play(state, "declare")
    assert state.is_over
    state.pop()
    assert snapshot(state) == before
    assert not state.is_over


def test_deal_with_a_missing_card_is_rejected() -> None:
    """Record format: a full deal has every card exactly once (JC dropped from the stock)."""
    bad = dict(FULL_A, stock="TH 9H AC QS KD 9D JS QC AD TD")
    with pytest.raises(RecordError):
        position(S66, **bad)


def test_deal_with_a_duplicate_card_is_rejected() -> None:
    """Record format: a card given twice (AS in both hands) is an error."""
    bad = dict(FULL_A, hands={0: "AS TS KH QH 9C JD", 1: "AS AH QD 9S TC JH"})
    with pytest.raises(RecordError):
        position(S66, **bad)
