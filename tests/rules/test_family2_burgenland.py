"""Burgenland Schnapsen (rulesets/house/burgenland.yaml, burgenland-4.yaml; spec.md 7).

Rules checked, each expectation worked out by hand from the YAML and the schema
(``players.sides: forehand_vs_rest``, ``trump.if_passed: must_name``, ``deal.dealer_sits_out``):

* 24 cards, 8 each to three active players in two packets of 4, clockwise from the dealer's left;
* the forehand names trump after his first 4 cards and must name (no ``pass``); he leads;
* he plays alone against the other two (their tricks pooled), every seat keeping its own score;
* four at the table: the dealer gets no cards, sits out, and scores with the forehand (both
  get the game points); the others deal in turn, so the sides change with the dealer.
"""

from __future__ import annotations

import pytest

from interpreter import DealState, IllegalActionError, Pass, load_ruleset, parse_action
from interpreter.engine.build import build_position

B3 = load_ruleset("rulesets/house/burgenland.yaml")
B4 = load_ruleset("rulesets/house/burgenland-4.yaml")

SUITS = {"trump C", "trump D", "trump H", "trump S"}


def texts(actions) -> set[str]:
    return {str(a) for a in actions}


def test_three_players_the_forehand_must_name_after_four_cards() -> None:
    """Dealer 0: forehand seat 1, alone against seats 0 & 2."""
    st = DealState.new(B3, 0, 7)
    assert st.actor == 1
    assert texts(st.legal_actions()) == SUITS  # must name: no pass
    with pytest.raises(IllegalActionError) as info:
        st.check(Pass())
    assert info.value.rule == "trump.if_passed"
    assert [len(st.view(s).hand) for s in range(3)] == [4, 4, 4]
    assert st.deal_sides == ((1,), (0, 2))
    st.apply(parse_action("trump H"))
    assert st.trump_suit() == "H"
    assert (st.leader, st.actor) == (1, 1)
    assert [len(st.view(s).hand) for s in range(3)] == [8, 8, 8]


def test_four_at_the_table_deal_order() -> None:
    """Dealer 0: seats 1, 2, 3 get cards 1-4, 5-8, 9-12, then 13-16, 17-20, 21-24 (deal
    positions 0..23); seat 0 none."""
    seat_at, turnup, rest = B4.deal_plans[0]
    expected = [(pos, 1 + (pos // 4) % 3) for pos in range(24)]
    assert list(seat_at) == expected
    assert rest == 24 and turnup == -1
    st = DealState.new(B4, 0, 3)
    assert [len(st.hand(s)) for s in range(4)] == [0, 8, 8, 8]
    assert st.sitting_out == (0,)
    assert st.actor == 1 and texts(st.legal_actions()) == SUITS
    assert st.deal_sides == ((0, 1), (2, 3))


def test_four_at_the_table_the_forehand_names_from_four_cards() -> None:
    """name_after_packet 1: while seat 1 names, every active seat has seen one packet of 4."""
    st = DealState.new(B4, 0, 3)
    assert [len(st.view(s).hand) for s in range(4)] == [0, 4, 4, 4]


def test_four_at_the_table_the_dealer_scores_with_the_forehand() -> None:
    """Dealer 0, forehand seat 1 declares 70; seats 2 & 3 have 20 + 10 = 30 < 33 with tricks:
    2 game points -- to seat 1 and to the dealer, seat 0."""
    st = build_position(B4, dealer=0, trump="H", leader=1, hands=["", "AS KS", "TS QS", "JS 9S"],
                        points=[0, 70, 20, 10], tricks=[0, 3, 2, 1], may_declare=True)
    st.apply(parse_action("declare"))
    assert st.result.scores == (2, 2, 0, 0) and st.result.game_points == 2


def test_four_at_the_table_the_defenders_score_both() -> None:
    """Dealer 0; seat 1 declares with only 60 (wrong): each other side scores the false-claim
    penalty -- the defenders (one side, with tricks) 2 each; seats 0 & 1 nothing."""
    st = build_position(B4, dealer=0, trump="H", leader=1, hands=["", "AS KS", "TS QS", "JS 9S"],
                        points=[0, 60, 20, 10], tricks=[0, 3, 2, 1], may_declare=True)
    st.apply(parse_action("declare"))
    assert st.result.scores == (0, 0, 2, 2)


def test_three_players_each_keeps_his_own_score() -> None:
    """Dealer 0, seat 1 declares 70 against 20 + 10 = 30 with tricks: 2 to seat 1 only."""
    st = build_position(B3, dealer=0, trump="H", leader=1, hands=["TS QS", "AS KS", "JS 9S"],
                        points=[20, 70, 10], tricks=[2, 3, 1], may_declare=True)
    st.apply(parse_action("declare"))
    assert st.result.scores == (0, 2, 0)


def test_the_sides_move_with_the_dealer() -> None:
    """Dealer 2: seat 2 sits out, forehand seat 3, sides (2, 3) against (0, 1)."""
    st = DealState.new(B4, 2, 11)
    assert st.sitting_out == (2,) and st.actor == 3
    assert st.deal_sides == ((2, 3), (0, 1))
    assert [len(st.hand(s)) for s in range(4)] == [8, 8, 0, 8]
