"""``DealState.declare_result``: how declaring now would end the deal, read without declaring.

The exact solver asks it at every position where a declaration is legal (about a quarter of
them) instead of making and unmaking the move; it must be the very result the move gives,
and leave the position as it was.
"""

from __future__ import annotations

import random

import pytest

from interpreter.core.actions import DECLARE, PASS
from interpreter.engine.position import AUCTION
from interpreter.engine.build import build_position
from interpreter.engine.state import DealState
from interpreter.rules.loader import load_ruleset
from interpreter.rules.resources import bundled_rulesets
from interpreter import parse_action
from interpreter.play.record import apply_recorded, deal_from_mapping


def test_a_right_claim_hand_worked() -> None:
    """Schnapsen: seat 0 has 50 trick points and a counted 20, so declares 70; seat 1 has a
    trick and 20 points (under 33): seat 0 scores 2 ("if opponent_points < 33 then 2")."""
    rs = load_ruleset("schnapsen")
    st = build_position(
        rs, dealer=1, hands=["AH TH KS QS JC", "AS TS KH QH JH"], stock=["AC"], turnup="JS",
        leader=0, points=[50, 20], meld=[20, 0], tricks=[3, 1], may_declare=True,
    )
    result = st.declare_result()
    assert result.scores == (2, 0) and result.winner == 0 and result.game_points == 2
    assert result.reason == "seat 0 declared 70; opponent 20 points, 1 trick"


def test_a_false_claim_hand_worked() -> None:
    """Schnapsen: seat 0 has 7 points and a trick, seat 1 has tricks: a false declaration gives
    seat 1 ``false_points.base`` = 2."""
    rs = load_ruleset("schnapsen")
    st = build_position(
        rs, dealer=1, hands=["JC JD", "AC AD"], stock=["TS", "KH", "QH", "JH", "AH", "TC", "KC", "QC", "JS"],
        drawn=9, turnup=None, first_turnup="TH", leader=0, points=[7, 87], tricks=[1, 7], may_declare=True,
    )
    result = st.declare_result()
    assert result.scores == (0, 2) and result.winner == 1
    assert result.reason == "seat 0 declared with only 7 (under 66)"


CLAIMING = [name for name in bundled_rulesets() if load_ruleset(name).claim.enabled and not load_ruleset(name).claim.automatic]


@pytest.mark.parametrize("name", CLAIMING)
def test_it_is_the_result_of_the_move_and_leaves_the_position(name: str) -> None:
    """Random deals of every bundled ruleset with declarations: wherever DECLARE is legal, the
    result read equals the one ``push_code(DECLARE)`` produces (scores, winner, game points,
    the reason in words), and the position's key is the same before and after the reading.
    In an auction every seat passes where it may: the plain game, where declarations are."""
    rs = load_ruleset(name)
    rng = random.Random(7)
    checked = 0
    for deal in range(40):
        st = DealState.new(rs, deal % rs.players.count, rng)
        while not st.is_over:
            codes = st.legal_codes()
            if DECLARE in codes:
                key = st.key()
                read = st.declare_result()
                assert st.key() == key
                st.push_code(DECLARE)
                made = st.result
                assert made is not None
                assert (read.scores, read.winner, read.game_points, read.reason) == (made.scores, made.winner, made.game_points, made.reason)
                st.pop()
                assert st.key() == key
                checked += 1
                codes = [c for c in codes if c != DECLARE] or codes
            st.push_code(PASS if st.phase == AUCTION and PASS in codes else rng.choice(codes))
    assert checked >= 20, f"only {checked} positions with a declaration in {name}"


BURGENLAND_DEAL = {
    "dealer": 1,
    "hands": {0: ["TD", "QD", "AH", "KH", "9H", "AS", "KS", "JS"],
              1: ["AC", "KC", "9C", "JD", "QH", "JH", "TS", "QS"],
              2: ["TC", "QC", "JC", "AD", "KD", "9D", "TH", "9S"]},
    "moves": ["trump H", "pass", "pass",
              "play TC", "play AH", "play 9C", "play QD", "play JD", "play AD", "play QC", "play 9H", "play KC",
              "play KH", "play JH", "play TH", "play 9D", "play TD", "play QH", "play QS", "play 9S", "play AS",
              "play KS", "play TS", "play KD"],
}


@pytest.mark.parametrize("ruleset", ["house/burgenland-contra", "house/burgenland"])
def test_a_defender_claims_on_the_pairs_points(ruleset: str) -> None:
    """Burgenland: seat 2 names trump (hearts) and plays alone against seats 0 and 1, who keep
    match scores of their own.  Worked by hand (A 11, T 10, K 4, Q 3, J 2, 9 0): the tricks
    TC AH 9C (21, seat 0), QD JD AD (16, seat 2), QC 9H KC (7, seat 0), KH JH TH (16, seat 2),
    9D TD QH (13, seat 1), QS 9S AS (14, seat 0), KS TS KD (18, seat 1): seat 0 has 42, seat 1 31,
    seat 2 32.  Seat 1 has just won a trick: his claim is judged on the pair's 73, so it is
    right -- though he alone has 31 (the view counted the match side, his own seat, and the
    random, basic and search bots never declared for the pair)."""
    rs = load_ruleset(ruleset)
    st = deal_from_mapping(rs, {k: v for k, v in BURGENLAND_DEAL.items() if k != "moves"})
    moves = BURGENLAND_DEAL["moves"] if ruleset.endswith("contra") else [m for m in BURGENLAND_DEAL["moves"] if m != "pass"]
    for move in moves:  # (without contra nobody is asked to double)
        apply_recorded(st, parse_action(move))
    assert st.actor == 1 and DECLARE in st.legal_codes()
    view = st.view(1)
    assert view.seat_points == (42, 31, 32)
    assert view.claim_is_right()
    scores = st.declare_result().scores  # the engine agrees: the pair's claim wins, each defender scores
    assert scores[0] > 0 and scores[1] > 0 and scores[2] == 0
    assert not st.view(2).claim_is_right()  # the soloist's 32 is short of 66
