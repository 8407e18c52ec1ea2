"""Schnapsen (reference.md section 3, defaults of section 5) -- one test per rule.

Everything not listed in section 3 is as in Sechsundsechzig; the tests here cover the
differences and the Schnapsen side of the shared rules.  Every expected value was worked out
by hand; comments show the arithmetic.  Card points: A 11, T 10, K 4, Q 3, J 2 (no nines).
"""

from __future__ import annotations

from typing import Any

import pytest

from interpreter import Card, CardSet, DealState, Declare, IllegalActionError, Match, RecordError
from interpreter.engine.state import deal_cards

from .helpers import (
    SCH,
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
# Full deal A: trump spades (KS turned); seat 0 holds the trump jack and the heart marriage.
FULL_A: dict[str, Any] = dict(
    dealer=1,
    hands={0: "JS KH QH AC TD", 1: "TS AH QC JD KD"},
    trump_card="KS",
    stock="AS TC QD JH KC TH AD JC QS",
)

# Full deal B: trump spades (QS turned); seat 0 weak, seat 1 has AH TH KH QH AC.
FULL_B: dict[str, Any] = dict(
    dealer=1,
    hands={0: "JH QC JC QD JD", 1: "AH TH KH QH AC"},
    trump_card="QS",
    stock="AS TC KC AD TD KD TS KS JS",
)

# Mid-deal, talon of 4 (stock QH AS KD + turn-up AH, trump hearts); seat 0 holds the trump
# jack and the spade marriage.  Played: KH TC QC JD TS JS (31 points = 21 + 10).
P_SC: dict[str, Any] = dict(
    dealer=1,
    hands={0: "JH KS QS AC TD", 1: "TH KC JC AD QD"},
    trump_card="AH",
    stock="QH AS KD",
    start={"leader": 0, "card_points": [21, 10], "tricks_won": [2, 1], "closed": False},
)

# As P_SC one trick later in the talon: stock QH + turn-up AH (talon of 2).
# Played: KH TC QC JD TS JS AS KD (46 points = 32 + 14).
P_SC2: dict[str, Any] = dict(
    dealer=1,
    hands={0: "JH KS QS AC TD", 1: "TH KC JC AD QD"},
    trump_card="AH",
    stock="QH",
    start={"leader": 0, "card_points": [32, 14], "tricks_won": [3, 1], "closed": False},
)

# Mid-deal, talon of 4 (stock AH QS JD + turn-up KD, trump diamonds); seat 1 has 13 points
# and one trick.  Played: KC QC TD QD TH KS (34 points = 21 + 13).
P_SV: dict[str, Any] = dict(
    dealer=1,
    hands={0: "KH QH AD JC JS", 1: "AS TS AC TC JH"},
    trump_card="KD",
    stock="AH QS JD",
    start={"leader": 0, "card_points": [21, 13], "tricks_won": [2, 1], "closed": False},
)

# Mid-deal, talon of 4 (stock TC QD AS + turn-up KH, trump hearts).
# Played: QH TS QC JC TD KD (32 points = 21 + 11).
P_SL: dict[str, Any] = dict(
    dealer=1,
    hands={0: "AH KS QS AC JD", 1: "JS JH KC TH AD"},
    trump_card="KH",
    stock="TC QD AS",
    start={"leader": 0, "card_points": [21, 11], "tricks_won": [2, 1], "closed": False},
)


def exhausted(h0: str, h1: str, trump: str, points: list[int], tricks: list[int], leader: int = 0, dealer: int = 1) -> DealState:
    """A position after the talon is used up: strict play, no stock, no turn-up."""
    return position(
        SCH,
        dealer=dealer,
        hands={0: h0, 1: h1},
        stock=[],
        start={"leader": leader, "trump": trump, "card_points": points, "tricks_won": tricks},
    )


# =========================================================================== 3.1 cards, deal
def test_deck_20_cards_no_nines_120_points() -> None:
    """Section 3.1: 20 cards A T K Q J, still 120 card points."""
    deck = ruleset(SCH).deck
    assert deck.size == 20
    assert deck.ranks == ("A", "T", "K", "Q", "J")
    assert sum(deck.points) == 120


def test_nine_is_not_a_schnapsen_card() -> None:
    """Section 3.1: a position naming a 9 does not fit the 20-card pack."""
    bad = dict(FULL_A, hands={0: "JS KH QH AC 9D", 1: "TS AH QC JD KD"})
    with pytest.raises(RecordError):
        position(SCH, **bad)


def test_deal_three_each_turn_up_then_two_each() -> None:
    """Section 3.1: three each (non-dealer first), the next card turned for trump, two each;
    the other nine cards form the stock (talon of 10)."""
    rs = ruleset(SCH)
    order_text = "AC TC KC QC JC AD TD KD QD JD AH TH KH QH JH AS TS KS QS JS".split()
    order = [rs.deck.index(Card.parse(c)) for c in order_text]
    hands, stock, turnup = deal_cards(rs, 1, order)
    assert sorted(str(c) for c in CardSet(rs.deck, hands[0])) == sorted("AC TC KC KD QD".split())
    assert sorted(str(c) for c in CardSet(rs.deck, hands[1])) == sorted("QC JC AD JD AH".split())
    assert str(rs.deck.cards[turnup]) == "TD"
    assert [str(rs.deck.cards[c]) for c in stock] == "TH KH QH JH AS TS KS QS JS".split()
    state = DealState(rs, 1, hands, stock, turnup)
    assert state.talon_size() == 10
    assert state.trump_suit() == "D"
    assert state.to_act == 0


@pytest.mark.parametrize("seed", [4, 5])
def test_shuffled_deal_five_each_talon_ten(seed: int) -> None:
    """Section 3.1: five cards each and a talon of 10."""
    state = DealState.new(ruleset(SCH), 1, seed)
    assert len(hand(state, 0)) == 5 and len(hand(state, 1)) == 5
    assert state.talon_size() == 10


def test_first_lead_options() -> None:
    """Sections 3.2/3.3/3.5: on the opening lead the non-dealer may play, announce, exchange
    the trump jack (no trick needed) and close (allowed before the first trick)."""
    state = position(SCH, **FULL_A)
    assert legal(state) == sorted(
        ["close", "exchange", "marry KH", "marry QH", "play AC", "play JS", "play KH", "play QH", "play TD"]
    )


# =========================================================================== 3.2 exchange
def test_exchange_jack_of_trumps_without_a_trick() -> None:
    """Section 3.2 / A10: the exchange card is the jack of trumps; the leader may exchange
    before having won a trick.  Then AC over QC wins 14; the draw: AS to seat 0, TC to seat 1."""
    state = play(position(SCH, **FULL_A), "exchange")
    assert hand(state, 0) == sorted("KS KH QH AC TD".split())
    assert str(state.turn_up_card()) == "JS"
    play(state, "play AC", "play QC")
    assert state.card_points() == [14, 0]
    assert hand(state, 0) == sorted("AS KS KH QH TD".split())
    assert hand(state, 1) == sorted("TS AH JD KD TC".split())


def test_exchanged_jack_is_drawn_last_by_the_loser() -> None:
    """Sections 3.2/2.3: exchanging at talon 4; after two tricks the winner of the last draw
    takes the stock card and the loser the jack lying in place of the turn-up.
    AC KC (0: 21 + 15 = 36; draws QH, seat 1 AS), TD AD (1: 10 + 21 = 31; draws KD, seat 0 JH)."""
    state = position(SCH, **P_SC)
    play(state, "exchange")
    assert hand(state, 0) == sorted("AH KS QS AC TD".split())
    assert str(state.turn_up_card()) == "JH"
    play(state, "play AC", "play KC", "play TD", "play AD")
    assert state.card_points() == [36, 31]
    assert hand(state, 0) == sorted("AH KS QS QH JH".split())
    assert hand(state, 1) == sorted("TH JC QD AS KD".split())
    assert state.talon_size() == 0


def test_exchange_not_with_two_talon_cards() -> None:
    """Section 3.2 / A6: no exchange when only the last face-down card and the turn-up remain."""
    state = position(SCH, **P_SC2)
    assert legal(state) == sorted(
        ["declare", "marry KS", "marry QS", "play AC", "play JH", "play KS", "play QS", "play TD"]
    )
    assert illegal_rule(state, "exchange") == "exchange.min_talon_size"


def test_exchange_not_after_closing() -> None:
    """Section 3.2: no exchange once the talon is closed."""
    state = play(position(SCH, **P_SC), "close")
    assert "exchange" not in legal(state)
    rule = illegal_rule(state, "exchange")
    assert rule is not None and rule.startswith("exchange")


def test_exchange_not_after_exhaustion() -> None:
    """Section 3.2: no exchange once the talon is exhausted (leader holds the trump jack)."""
    state = exhausted("JH AC", "KS QD", "H", [60, 36], [5, 3])
    assert legal(state) == ["declare", "play AC", "play JH"]
    rule = illegal_rule(state, "exchange")
    assert rule is not None and rule.startswith("exchange")


def test_loser_takes_the_turn_up_with_the_last_draw() -> None:
    """Section 3.1/2.3: talon of 2: AC KC (0 wins 15 -> 47), seat 0 draws QH, seat 1 the AH."""
    state = play(position(SCH, **P_SC2), "play AC", "play KC")
    assert state.card_points() == [47, 14]
    assert hand(state, 0) == sorted("JH KS QS TD QH".split())
    assert hand(state, 1) == sorted("TH JC AD QD AH".split())
    assert state.talon_size() == 0


# =========================================================================== 3.3 marriages
def test_marriage_pending_until_first_trick() -> None:
    """Section 3.3: marriage on the first lead counts only once the melder wins a trick.
    QH AH (1: 14); QC AC (0: 14 + 20 = 34)."""
    state = play(position(SCH, **FULL_A), "marry QH")
    assert state.card_points() == [0, 0]
    play(state, "play AH")
    assert state.card_points() == [0, 14]
    play(state, "play QC", "play AC")
    assert state.card_points() == [34, 14]


def test_marriage_allowed_after_closing() -> None:
    """Section 3.3 / A13: marriages may be announced after the talon is closed (later lead);
    no drawing after the close.  AC KC (0: 21 + 15 = 36)."""
    state = play(position(SCH, **P_SC), "close", "play AC")
    assert legal(state) == ["play JC", "play KC"]
    play(state, "play KC")
    assert state.card_points() == [36, 10]
    assert hand(state, 0) == sorted("JH KS QS TD".split())
    assert hand(state, 1) == sorted("TH JC AD QD".split())
    assert state.talon_size() == 4
    assert legal(state) == sorted(["declare", "marry KS", "marry QS", "play JH", "play KS", "play QS", "play TD"])
    play(state, "marry KS")
    assert state.card_points() == [56, 10]


def test_marriage_allowed_after_exhaustion() -> None:
    """Section 3.3 / A13: marriages also once the talon is exhausted; QS AS: 45 + 20 = 65, then
    seat 1 must head with the ace (14 -> 48)."""
    state = exhausted("KS QS AC", "AS JC TD", "H", [45, 34], [4, 3])
    assert legal(state) == sorted(["declare", "marry KS", "marry QS", "play AC", "play KS", "play QS"])
    play(state, "marry QS")
    assert state.card_points() == [65, 34]
    assert legal(state) == ["declare", "play AS"]
    play(state, "play AS")
    assert state.card_points() == [65, 48]


# =========================================================================== 3.4 strict phase
def test_strict_trump_led_must_play_higher_trump() -> None:
    """Section 3.4: with a trump led the follower must play a higher trump if able."""
    state = play(exhausted("QH AC", "KH JH", "H", [60, 36], [5, 3]), "play QH")
    assert legal(state) == ["play KH"]
    assert illegal_rule(state, "play JH") == "play.head"


def test_strict_trump_led_lower_trump_if_no_higher() -> None:
    """Section 3.4: ... else a lower trump."""
    state = play(exhausted("QH AC", "JH AS", "H", [55, 38], [5, 3]), "play QH")
    assert legal(state) == ["play JH"]
    assert illegal_rule(state, "play AS") == "play.follow"


def test_strict_trump_led_no_trump_any_card() -> None:
    """Section 3.4: ... else anything."""
    state = play(exhausted("QH AC", "AS KC", "H", [52, 39], [5, 3]), "play QH")
    assert legal(state) == ["play AS", "play KC"]


def test_strict_void_must_trump() -> None:
    """Sections 3.4/2.4: void in the led suit, the follower must trump."""
    state = play(exhausted("QH AC", "JH AS", "H", [55, 38], [5, 3]), "play AC")
    assert legal(state) == ["play JH"]
    assert illegal_rule(state, "play AS") == "play.trump_when_void"


def test_strict_follow_and_head_before_trumping() -> None:
    """Section 3.4 (bummerl.at): following suit takes precedence; head if possible."""
    state = play(exhausted("QC AD TS", "KC JC TH", "H", [50, 31], [4, 3]), "play QC")
    assert legal(state) == ["play KC"]
    assert illegal_rule(state, "play TH") == "play.follow"


# =========================================================================== 3.5 closing
def test_close_only_after_the_draw() -> None:
    """Section 3.5 / A9: no closing before the draw; after the draw the leader may close.
    AC QC (0 wins 14): the draw happens at once (AS to seat 0) and 'close' is offered."""
    state = play(position(SCH, **FULL_A), "play AC", "play QC")
    assert "close before-draw" not in legal(state)
    assert "close" in legal(state)
    assert hand(state, 0) == sorted("JS KH QH TD AS".split())
    assert illegal_rule(state, "close before-draw") == "closing.timing"


def test_close_allowed_with_four_talon_cards() -> None:
    """Section 3.5: closing (and the exchange) with a talon of 4."""
    state = position(SCH, **P_SC)
    assert legal(state) == sorted(
        ["close", "declare", "exchange", "marry KS", "marry QS", "play AC", "play JH", "play KS", "play QS", "play TD"]
    )


def test_close_not_with_two_talon_cards() -> None:
    """Section 3.5 / A7: not with only two cards left in the talon."""
    state = position(SCH, **P_SC2)
    assert "close" not in legal(state)
    assert illegal_rule(state, "close") == "closing.min_talon_size"


def test_close_allowed_before_first_trick() -> None:
    """Section 3.5 / A8: 'at any point, when it is her turn to lead' -- also the first lead."""
    assert "close" in legal(position(SCH, **FULL_A))


# =========================================================================== 3.6 going out
def test_wrong_declaration_three_before_opponent_has_a_trick() -> None:
    """Section 3.6: false claim (14 < 66) before the opponent has taken a trick: 3."""
    state = play(position(SCH, **FULL_A), "play AC", "play QC", "declare")
    assert result(state) == (1, 3)


def test_wrong_declaration_two() -> None:
    """Section 3.6: false claim (21 < 66), opponent has a trick: 2."""
    state = play(position(SCH, **P_SC), "declare")
    assert result(state) == (1, 2)


def test_declare_only_after_winning_a_trick_or_a_marriage() -> None:
    """Section 3.6: the follower of a trick may not declare."""
    state = play(position(SCH, **FULL_A), "play AC")
    assert "declare" not in legal(state)
    with pytest.raises(IllegalActionError):
        play(state, "declare")


def test_declare_after_marriage_with_66() -> None:
    """Section 3.6 / A15: going out right after announcing: 47 + 20 = 67 -> wins; the
    opponent (14, one trick) is Schneider: 2.  P_SC2 after AC KC (0: 32 + 15 = 47)."""
    state = play(position(SCH, **P_SC2), "play AC", "play KC", "marry KS")
    assert state.card_points() == [67, 14]
    assert "declare" in legal(state)
    play(state, "declare")
    assert result(state) == (0, 2)


# =========================================================================== 3.7 closing scores
def test_close_success_scored_at_moment_of_closing() -> None:
    """Section 3.7 / A3 (Viennese): the closer goes out; the opponent had 13 points and one
    trick at the close -> 2, although he ends with 39 (>= 33).
    close; KH JH (0: 21 + 20 + 6 = 47); JS AS (1: +13 = 26); AC JC (1: +13 = 39);
    TS AD (0: +21 = 68); declare."""
    state = play(position(SCH, **P_SV), "close", "marry KH")
    assert legal(state) == ["declare", "play JH"]
    play(state, "play JH", "play JS")
    assert legal(state) == ["play AS", "play TS"]
    play(state, "play AS", "play AC", "play JC", "play TS")
    assert legal(state) == ["play AD"]
    play(state, "play AD", "declare")
    assert state.card_points() == [68, 39]
    assert result(state) == (0, 2)


def test_close_success_three_when_opponent_had_no_trick_at_closing() -> None:
    """Section 3.7 / A3: closed on the opening lead; the opponent takes a trick afterwards but
    had none at the close, so the closer's success is worth 3 (66 would give 2).
    close; KH marriage (40 pending) JH (0: 6 + 40 = 46); JC AC (1: 13); TC QH (0: 59);
    AS KS (0: 74); declare."""
    state = position(
        SCH,
        dealer=1,
        hands={0: "AH KH QH AS JC", 1: "JH TS KS AC TC"},
        trump_card="TH",
        stock="AD KC QS TD KD QC JD JS QD",
    )
    play(state, "close", "marry KH")
    assert state.card_points() == [0, 0]  # 40 pending: no trick yet
    assert legal(state) == ["declare", "play JH"]
    play(state, "play JH", "play JC")
    assert state.card_points() == [46, 0]
    assert legal(state) == ["play AC", "play TC"]
    play(state, "play AC", "play TC")
    assert legal(state) == ["play AH", "play QH"]
    play(state, "play QH", "play AS")
    assert legal(state) == ["play KS", "play TS"]
    play(state, "play KS", "declare")
    assert state.card_points() == [74, 13]
    assert result(state) == (0, 3)


def test_failed_close_three_when_opponent_had_no_trick_at_closing() -> None:
    """Section 3.7 / A2: closed on the first lead; the closer never gets to 66: opponent 3,
    however few points he has.  AC QC (0: 14), TD KD (0: 28), KH marriage (48) AH (1: 15),
    TS JS (1: 27), JD QH (1: 32)."""
    state = play(position(SCH, **FULL_A), "close", "play AC")
    assert legal(state) == ["play QC"]
    play(state, "play QC", "play TD")
    assert legal(state) == ["play JD", "play KD"]
    play(state, "play KD", "marry KH")
    assert legal(state) == ["declare", "play AH"]
    play(state, "play AH", "play TS", "play JS", "play JD", "play QH")
    assert state.card_points() == [48, 32]
    assert result(state) == (1, 3)
    assert state.result is not None and state.result.reason == "the closer (seat 0) did not reach 66"


def test_failed_close_two_when_opponent_had_a_trick() -> None:
    """Section 3.7: closer fails, opponent had a trick at the close: 2.
    TD AD (1: 31), TH JH (1: 43), KC AC (0: 36), KS QD (0: 43), QS JC (0: 48)."""
    state = play(position(SCH, **P_SC), "close", "play TD")
    assert legal(state) == ["play AD"]
    play(state, "play AD", "play TH")
    assert legal(state) == ["play JH"]
    play(state, "play JH", "play KC", "play AC", "play KS", "play QD", "play QS", "play JC")
    assert state.card_points() == [48, 43]
    assert result(state) == (1, 2)


def test_closer_losing_last_trick_cannot_go_out() -> None:
    """Section 3.7: a closer who plays on past 66 and loses the last trick loses the deal.
    close; KS marriage (41) JS (0: 47); AH JH (0: 60); AC KC (0: 75, not declared);
    QS TH (1: 11 + 13 = 24); AD JD (1: 37) -> opponent 2 (he had a trick at the close)."""
    state = play(
        position(SCH, **P_SL),
        "close", "marry KS", "play JS", "play AH", "play JH", "play AC", "play KC",
    )
    assert state.card_points() == [75, 11]
    assert "declare" in legal(state)
    play(state, "play QS")
    assert legal(state) == ["play TH"]
    play(state, "play TH", "play AD", "play JD")
    assert state.card_points() == [75, 37]
    assert result(state) == (1, 2)
    # he reached 66 and failed by not going out: the reason says so, not "did not reach 66"
    assert state.result is not None and state.result.reason == "the closer (seat 0) did not go out (with 75)"


def test_nothing_is_pushed_on_a_finished_deal() -> None:
    """The deal of the test above is over (the closer lost, the opponent scores 2): ``push`` is
    unchecked, but a move pushed after the end rewrote the result -- ``push(Declare())`` made
    the closer's failure a false declaration.  It is refused, and the result stays."""
    state = play(
        position(SCH, **P_SL),
        "close", "marry KS", "play JS", "play AH", "play JH", "play AC", "play KC", "play QS", "play TH", "play AD", "play JD",
    )
    assert result(state) == (1, 2)
    with pytest.raises(IllegalActionError, match="the deal is over"):
        state.push(Declare())
    assert result(state) == (1, 2) and state.result is not None and state.result.reason == "the closer (seat 0) did not go out (with 75)"


def test_closer_opponent_goes_out_first_three() -> None:
    """Section 3.7 / A4: the closer's opponent declares 66 first; he had no trick at the close
    (closed on the opening lead): 3.  JH AH (1: 13), KH marriage (33) QD (1: 40),
    AC QC (1: 54), TH JC (1: 66)."""
    state = position(SCH, **FULL_B)
    assert legal(state) == sorted(["close", "play JC", "play JD", "play JH", "play QC", "play QD"])
    play(state, "close", "play JH", "play AH", "marry KH")
    assert legal(state) == sorted(["declare", "play JC", "play JD", "play QC", "play QD"])
    play(state, "play QD", "play AC", "play QC", "play TH", "play JC")
    assert state.card_points() == [0, 66]
    play(state, "declare")
    assert result(state) == (1, 3)


# =========================================================================== 3.8 end of deal
def test_last_trick_wins_the_deal_one_point() -> None:
    """Section 3.8 / A1: talon not closed, nobody declared: the winner of the last trick wins
    1 game point whatever the card points, and gets no 10.  AC TC (0: 55 + 21 = 76, not
    declared); KS AS (1: 29 + 15 = 44)."""
    state = exhausted("AC KS", "TC AS", "H", [55, 29], [5, 3])
    play(state, "play AC", "play TC", "play KS", "play AS")
    assert state.card_points() == [76, 44]
    assert result(state) == (1, 1)


def test_last_trick_winner_with_66_scores_as_declaring() -> None:
    """Section 3.8 / A1 (auto): the last-trick winner with 66 or more is scored as declaring:
    KS AS (1: 61 + 15 = 76), AC QC (1: 90); seat 0 30 < 33 with tricks -> 2."""
    state = exhausted("KS QC", "AS AC", "H", [30, 61], [3, 5])
    play(state, "play KS", "play AS", "play AC", "play QC")
    assert state.card_points() == [30, 90]
    assert result(state) == (1, 2)


@pytest.mark.parametrize("seed", range(6))
def test_all_card_points_make_120_without_last_trick_bonus(seed: int) -> None:
    """Section 3.8: no 10 for the last trick: a deal played out (no marriages) hands out 120."""
    state = DealState.new(ruleset(SCH), seed % 2, seed)
    while not state.is_over:
        plays = [a for a in legal(state) if a.startswith("play ")]
        play(state, plays[-1])
    assert sum(state.card_points()) == 120
    assert sum(state.tricks_won()) == 10


# =========================================================================== 3.9 match
def _last_trick_deal(dealer: int) -> DealState:
    """Seat 1 wins this deal by 1 (see test_last_trick_wins_the_deal_one_point)."""
    state = exhausted("AC KS", "TC AS", "H", [55, 29], [5, 3], dealer=dealer)
    return play(state, "play AC", "play TC", "play KS", "play AS")


def test_match_to_seven_and_dealer_alternates() -> None:
    """Sections 3.1/3.9: the deal alternates; first to 7 game points wins (6 + 1)."""
    match = Match(ruleset(SCH), scores=[5, 5], dealer=1)
    match.deal = _last_trick_deal(1)
    match.finish_deal()
    assert match.scores == [5, 6]
    assert match.winner is None
    assert match.dealer == 0
    match.deal = _last_trick_deal(0)
    match.finish_deal()
    assert match.scores == [5, 7]
    assert match.winner == 1
    assert match.dealer == 1


# =========================================================================== engine services
def test_undo_restores_exact_state() -> None:
    """pop() undoes exchange, close, marriage and tricks exactly."""
    state = position(SCH, **P_SC)
    before = snapshot(state)
    depth = len(state.undo)
    play(state, "exchange", "close", "marry KS", "play TH", "play KC", "play AC")
    assert snapshot(state) != before
    while len(state.undo) > depth:
        state.pop()
    assert snapshot(state) == before


def test_deal_with_a_missing_card_is_rejected() -> None:
    """Record format: a full deal has every card once (QS dropped from the stock)."""
    bad = dict(FULL_A, stock="AS TC QD JH KC TH AD JC")
    with pytest.raises(RecordError):
        position(SCH, **bad)


def test_deal_with_a_duplicate_card_is_rejected() -> None:
    """Record format: AC both in a hand and in the stock."""
    bad = dict(FULL_A, stock="AS TC QD JH KC TH AD JC AC")
    with pytest.raises(RecordError):
        position(SCH, **bad)
