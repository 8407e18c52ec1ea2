"""Bicycle Four-Hand Sixty-Six (rulesets/house/bicycle-four-hand.yaml; reference 6.10, spec.md 3).

Rules checked, each expectation worked out by hand from the YAML:

* a 32-card pack (A T K Q J 9 8 7; 8 and 7 count 0), eight each in packets 3-2-3 clockwise from
  the forehand; the dealer's last card (deck position 31) fixes trump and stays with him;
* follow and win the trick (``head: beat_winner``), trump and overtrump when void; no marriages;
* all tricks are played, the last counts 10 (130 in all); the side with more has
  66-99 -> 1, 100 or more -> 2, every trick -> 3 (130 points with a lost trick of no points is 2);
* 65-65: nobody scores; the next deal's winners score one more (``end.tie: next_deal_bonus``,
  :func:`interpreter.engine.match.with_carry`, :class:`Match`).
"""

from __future__ import annotations

from interpreter import DealState, Match, load_ruleset, parse_action
from interpreter.engine.build import build_position
from interpreter.engine.match import with_carry
from interpreter.engine.state import deal_cards, deal_marks

RS = load_ruleset("rulesets/house/bicycle-four-hand.yaml")


def names(cards) -> set[str]:
    return {str(c) for c in cards}


def texts(actions) -> set[str]:
    return {str(a) for a in actions}


# --------------------------------------------------------------------------- the deal
def test_thirty_two_cards_eight_each_the_dealers_last_card_is_trump() -> None:
    """The pack in reverse deck order (7S first ... AC last).  Dealer 0: positions 0-2 -> 1,
    3-5 -> 2, 6-8 -> 3, 9-11 -> 0, 12-13 -> 1, 14-15 -> 2, 16-17 -> 3, 18-19 -> 0, 20-22 -> 1,
    23-25 -> 2, 26-28 -> 3, 29-31 -> 0.  Position p holds the card of deck index 31 - p (deck
    order AC TC KC QC JC 9C 8C 7C AD ... 7S), so the dealer gets 8H 9H JH (9-11), 9D JD (18-19)
    and KC TC AC (29-31); AC, the last, makes clubs trump."""
    assert RS.deck.size == 32
    order = list(range(31, -1, -1))
    hands, _, _ = deal_cards(RS, 0, order)
    unseen, shown = deal_marks(RS, 0, order)
    assert [h.bit_count() for h in hands] == [8, 8, 8, 8]
    assert names(RS.deck.cards[i] for i in range(32) if hands[0] >> i & 1) == {"8H", "9H", "JH", "9D", "JD", "KC", "TC", "AC"}
    assert str(RS.deck.cards[shown]) == "AC"
    st = DealState(RS, 0, hands, [], -1, unseen, shown)
    assert st.trump_suit() == "C"
    assert names(st.view(2).known[0]) == {"AC"}
    assert st.actor == 1  # the forehand leads


def test_a_seeded_deal_uses_the_whole_pack() -> None:
    st = DealState.new(RS, 2, 11)
    assert sum(len(st.hand(s)) for s in range(4)) == 32 and {len(st.hand(s)) for s in range(4)} == {8}
    assert names(st.view(0).known[2])  # the dealer's trump card is public


def test_there_are_no_marriages() -> None:
    """marriage.enabled false: the leader with KH QH may only play cards."""
    st = build_position(RS, dealer=0, trump="C", leader=1, hands=["AS TS", "KH QH", "AD TD", "JS 9S"])
    assert texts(st.legal_actions()) == {"play KH", "play QH"}


# --------------------------------------------------------------------------- play duties
def test_follow_when_the_trick_is_trumped_any_card_of_the_suit() -> None:
    """spec 3 scenario 4: clubs trump, AH led (seat 1), 7C trumped in (seat 2); seat 3 with
    KH 8C QS must follow with KH (the trick is trumped: no heading asked)."""
    st = build_position(RS, dealer=0, trump="C", leader=1, trick="AH 7C",
                        hands=["AS TS KS", "AD TD", "KD QD", "KH 8C QS"])
    assert st.actor == 3
    assert texts(st.legal_actions()) == {"play KH"}


def test_void_must_overtrump() -> None:
    """Same trick, seat 3 void in hearts with 9C QS 8C: both clubs beat 7C (order ... 9 8 7):
    he must play one of them, not QS."""
    st = build_position(RS, dealer=0, trump="C", leader=1, trick="AH 7C",
                        hands=["AS TS KS", "AD TD", "KD QD", "9C QS 8C"])
    assert texts(st.legal_actions()) == {"play 9C", "play 8C"}


def test_follow_and_win_the_trick_if_possible() -> None:
    """KD led by seat 1, 9D by seat 2: seat 3 must beat KD with AD or TD, not play 7D."""
    st = build_position(RS, dealer=0, trump="C", leader=1, trick="KD 9D",
                        hands=["AS TS KS", "AH TH", "KH QH", "AD TD 7D"])
    assert texts(st.legal_actions()) == {"play AD", "play TD"}


# --------------------------------------------------------------------------- scoring
def last_trick(points: list[int], tricks: list[int], leader: int) -> DealState:
    """Seven tricks played, hearts trump; ``leader`` leads AS to the last trick, the others
    play 7S 8S 9S 7D (no points; 7D from a seat void in spades and trumps): the leader takes
    11 + 10 (last trick) = 21.  The other 28 cards, 109 points, are in ``points``."""
    hands = ["7S", "8S", "9S", "7D"]
    hands[leader] = "AS"
    st = build_position(RS, dealer=3, trump="H", leader=leader, hands=hands, points=points, tricks=tricks)
    seat = leader
    for _ in range(4):
        st.apply(parse_action(f"play {hands[seat]}"))
        seat = (seat + 1) % 4
    assert st.is_over
    return st


def test_104_scores_two() -> None:
    """Team 0 83 + 21 = 104, team 1 26 with tricks: 100 or more -> 2."""
    st = last_trick([83, 26, 0, 0], [4, 3, 0, 0], leader=0)
    assert st.result.winner == 0 and st.result.scores == (2, 0)


def test_99_scores_one() -> None:
    st = last_trick([78, 31, 0, 0], [4, 3, 0, 0], leader=0)  # 78 + 21 = 99
    assert st.result.scores == (1, 0)


def test_exactly_100_scores_two() -> None:
    st = last_trick([79, 30, 0, 0], [4, 3, 0, 0], leader=0)  # 79 + 21 = 100
    assert st.result.scores == (2, 0)


def test_every_trick_scores_three() -> None:
    st = last_trick([109, 0, 0, 0], [7, 0, 0, 0], leader=0)  # 109 + 21 = 130, all 8 tricks
    assert st.result.scores == (3, 0)


def test_130_points_without_every_trick_scores_two() -> None:
    """Team 1 won one trick of no points (7s, 8s, 9s): team 0 has 130 but not every trick."""
    st = last_trick([109, 0, 0, 0], [6, 1, 0, 0], leader=0)
    assert st.result.scores == (2, 0)


def test_65_65_is_drawn_and_the_next_winners_score_one_more() -> None:
    """Team 0 65, team 1 44 + 21 = 65: nobody scores and one point is set aside; the next deal's
    winners (team 0, 80 - 1 point) score 1 + 1 = 2."""
    drawn = last_trick([65, 44, 0, 0], [4, 3, 0, 0], leader=1)
    assert drawn.result.drawn and drawn.result.scores == (0, 0)
    counted, carry = with_carry(RS, drawn.result, 0)
    assert counted.scores == (0, 0) and carry == 1
    won = last_trick([59, 50, 0, 0], [4, 3, 0, 0], leader=0)  # 59 + 21 = 80 against 50
    assert won.result.scores == (1, 0)
    counted, carry = with_carry(RS, won.result, carry)
    assert counted.scores == (2, 0) and carry == 0


def test_the_match_carries_the_point_of_a_drawn_deal() -> None:
    """The same two deals through Match: scores 0-0, then 2-0; the drawn deal is redealt by the
    same dealer (3)."""
    m = Match(RS, seed=0, dealer=3)
    m.deal = last_trick([65, 44, 0, 0], [4, 3, 0, 0], leader=1)
    m.finish_deal()
    assert m.scores == [0, 0] and m.carry == 1 and m.dealer == 3
    m.deal = last_trick([59, 50, 0, 0], [4, 3, 0, 0], leader=0)
    result = m.finish_deal()
    assert result.scores == (2, 0) and m.scores == [2, 0] and m.carry == 0
