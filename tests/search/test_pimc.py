"""Perfect-information Monte Carlo: exact values averaged over the worlds of a view, within a
budget, and out of the way where a world is too big to solve."""

from __future__ import annotations

import random

from interpreter.core.actions import CLOSE, DECLARE, parse_action
from interpreter.engine.build import build_position
from interpreter.engine.state import DealState
from interpreter.rules.loader import load_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.search.ismcts import ismcts
from interpreter.search.pimc import _read_worlds, choose, pimc
from interpreter.search.sampling import WorldSampler
from interpreter.search.solver import Solver


def talon_used_up(seed: int, rs: Ruleset | None = None) -> DealState:
    """A deal of ``rs`` (Schnapsen by default) played at random, never declaring nor closing,
    until the talon is exhausted and the actor has a choice."""
    rs = rs if rs is not None else load_ruleset("schnapsen")
    rng = random.Random(seed)
    for deal in range(seed, seed + 200):
        st = DealState.new(rs, 0, deal)
        while not st.is_over and st.talon_size() > 0:
            codes = [c for c in st.legal_codes() if c not in (DECLARE, CLOSE)] or st.legal_codes()
            st.push_code(rng.choice(codes), keep_undo=False)
        if not st.is_over and len(st.legal_codes()) > 1:
            return st
    raise AssertionError("no such position")


def test_one_consistent_world_gives_the_solver_s_values() -> None:
    """Once the talon is used up both hands are known, so every sample is the true deal: the
    means are the exact values of the true state and a move wins exactly where it is > 0."""
    st = talon_used_up(4)
    seat = st.actor
    assert seat is not None
    truth = Solver(st.rs.side_of(seat)).move_values(st)
    result = pimc(st.view(seat), random.Random(1), worlds=10)
    assert result is not None and result.worlds == 1
    assert result.values == {code: s.value for code, s in truth.items()}
    assert result.wins == {code: float(s.value is not None and s.value > 0) for code, s in truth.items()}


def test_going_out_with_70_is_worth_two_game_points_in_every_world() -> None:
    """Schnapsen: seat 0 has 50 trick points and a 20 marriage and may declare; the opponent
    has a trick and 20 points, so going out scores 2 game points whatever the opponent holds
    (6 consistent worlds: 5 hidden cards, 1 in the stock).  Of equal merit, it goes out now."""
    rs = load_ruleset("schnapsen")
    st = build_position(
        rs, dealer=1, hands=["AH TH KS QS JC", "AS TS KH QH JH"], stock=["AC"], turnup="JS",
        leader=0, points=[50, 20], meld=[20, 0], tricks=[3, 1], may_declare=True,
    )
    result = pimc(st.view(0), random.Random(3), worlds=40)
    assert result is not None and result.worlds == 6  # no more draws than worlds there are
    assert result.values[DECLARE] == 2 and result.wins[DECLARE] == 1.0
    assert result.best == DECLARE


def test_a_node_budget_is_reproducible() -> None:
    rs = load_ruleset("schnapsen")
    rng = random.Random(7)
    st = DealState.new(rs, 1, 11)
    for _ in range(6):  # three tricks in: the talon still open
        codes = [c for c in st.legal_codes() if c not in (DECLARE, CLOSE)]
        st.push_code(rng.choice(codes), keep_undo=False)
    view = st.view(st.actor)
    first = pimc(view, random.Random(5), worlds=8, nodes=200_000)
    again = pimc(view, random.Random(5), worlds=8, nodes=200_000)
    assert first is not None and first == again
    assert first.best in view.legal_codes and set(first.values) == set(view.legal_codes)


def test_a_world_too_big_for_its_share_hands_the_decision_back() -> None:
    """At the first lead a whole Schnapsen deal takes far more than 1,000 solver positions:
    the method does not fit, and it says so instead of answering from a guess."""
    rs = load_ruleset("schnapsen")
    st = DealState.new(rs, 0, 3)
    assert pimc(st.view(st.actor), random.Random(1), worlds=20, nodes=1000) is None


def _nothing_to_gain() -> DealState:
    """Schnapsen, trumps hearts, the talon gone, two cards each: seat 0 (one trick, 7 points)
    leads from JC JD and may declare; seat 1 holds AC AD and 87 points.  Whatever seat 0 leads,
    seat 1 must take it with the ace of the suit and goes out with 100: seat 0 has a trick and
    under 33, so seat 1 scores 2 ("if opponent_points < 33 then 2").  Declaring now is false
    (7 < 66) and also gives seat 1 2 (``false_points.base``).  Every action is worth -2."""
    rs = load_ruleset("schnapsen")
    return build_position(
        rs, dealer=1, hands=["JC JD", "AC AD"], stock=["TS", "KH", "QH", "JH", "AH", "TC", "KC", "QC", "JS"],
        drawn=9, turnup=None, first_turnup="TH", leader=0, points=[7, 87], tricks=[1, 7],
        may_declare=True,
    )


def test_of_equal_values_it_plays_on_rather_than_declare_wrongly() -> None:
    """A false declaration only when strictly better than every way of playing on: here all
    three actions are worth -2 in the one world there is, so it plays a card (the opponent
    may still err) -- it used to go out, "of equal merit"."""
    st = _nothing_to_gain()
    result = pimc(st.view(0), random.Random(1), worlds=10)
    assert result is not None and result.worlds == 1
    assert result.values == {DECLARE: -2, st.rs.code(parse_action("play JC")): -2, st.rs.code(parse_action("play JD")): -2}
    assert result.best != DECLARE


def test_the_tree_search_too_plays_on_rather_than_declare_wrongly() -> None:
    st = _nothing_to_gain()
    for seed in range(5):
        result = ismcts(st.view(0), random.Random(seed), iterations=60, exact_worlds=0)
        assert result.best != DECLARE, seed


# ---------------------------------------------------------------------------- the rule of choice
# Codes for the worked cases below: going out, and two cards (any codes below MARRY_BASE).
CARD_A, CARD_B = 3, 7


def test_a_wrong_declaration_better_on_the_mean_but_not_in_every_world_is_not_made() -> None:
    """Two worlds.  Going out wrongly costs 2 game points in each; card A loses 2 in the first
    world and 3 in the second (mean -2.5), card B 3 in both.  On the mean going out is better,
    but in the first world card A is as good -- and an opponent who errs can only make it
    better -- so it plays card A."""
    worlds = [{DECLARE: -2.0, CARD_A: -2.0, CARD_B: -3.0}, {DECLARE: -2.0, CARD_A: -3.0, CARD_B: -3.0}]
    best, means, wins = choose(worlds, claim_right=False, win_weight=0.5, scale=3.0)
    assert means == {DECLARE: -2.0, CARD_A: -2.5, CARD_B: -3.0}
    assert wins == {DECLARE: 0.0, CARD_A: 0.0, CARD_B: 0.0}
    assert best == CARD_A


def test_a_wrong_declaration_better_in_every_world_is_made() -> None:
    """Going out wrongly costs 2 in both worlds; whatever card is played loses 3 in both
    (say the opponent reaches 66 with the opponent still without 33): declaring saves a point."""
    worlds = [{DECLARE: -2.0, CARD_A: -3.0, CARD_B: -3.0}, {DECLARE: -2.0, CARD_A: -3.0, CARD_B: -3.0}]
    assert choose(worlds, claim_right=False, win_weight=0.5, scale=3.0)[0] == DECLARE


def test_a_right_declaration_of_equal_merit_is_made_at_once() -> None:
    """A right claim worth 2 in the one world, a card worth 2 too: going out (nothing left to chance)."""
    worlds = [{CARD_A: 2.0, DECLARE: 2.0}]
    assert choose(worlds, claim_right=True, win_weight=0.5, scale=3.0)[0] == DECLARE


def test_the_merit_blends_the_mean_and_the_share_of_worlds_won() -> None:
    """Card A wins 1 in three worlds of four and loses 3 in the fourth: mean 0, won 3/4; card B
    wins 1 in two and loses 1 in two: mean 0, won 1/2.  With win_weight 0.5 and scale 3 the
    merits are 0.5 * 0 / 3 + 0.5 * (2 * 0.75 - 1) = 0.25 and 0.5 * 0 + 0.5 * 0 = 0: card A;
    with win_weight 0 they are equal (0 and 0) and the first of them, A, is kept."""
    worlds = [{CARD_A: 1.0, CARD_B: 1.0}, {CARD_A: 1.0, CARD_B: 1.0}, {CARD_A: 1.0, CARD_B: -1.0}, {CARD_A: -3.0, CARD_B: -1.0}]
    best, means, wins = choose(worlds, claim_right=False, win_weight=0.5, scale=3.0)
    assert means == {CARD_A: 0.0, CARD_B: 0.0} and wins == {CARD_A: 0.75, CARD_B: 0.5}
    assert best == CARD_A
    assert choose(worlds, claim_right=False, win_weight=0.0, scale=3.0)[0] == CARD_A
    worlds_b_first = [{CARD_B: 2.0, CARD_A: 1.0}] + worlds[1:]  # B: mean 0.25, won 1/2; A: mean 0, won 3/4
    assert choose(worlds_b_first, claim_right=False, win_weight=0.0, scale=3.0)[0] == CARD_B
    assert choose(worlds_b_first, claim_right=False, win_weight=1.0, scale=3.0)[0] == CARD_A


def test_each_world_counts_by_its_weight() -> None:
    """Card A wins 3 in the first world and loses 2 in the second, card B wins 1 in both.
    Alike, A's mean is 0.5 and B's 1: B.  The first world three times as likely (weights 3 and
    1): A's mean is (3 * 3 - 2) / 4 = 1.75 and its share won 3/4, B's mean 1 and share 1: with
    win_weight 0 it plays A, and the shares are the weighted ones."""
    worlds = [{CARD_A: 3.0, CARD_B: 1.0}, {CARD_A: -2.0, CARD_B: 1.0}]
    assert choose(worlds, claim_right=False, win_weight=0.0, scale=3.0)[0] == CARD_B
    best, means, wins = choose(worlds, claim_right=False, win_weight=0.0, scale=3.0, weights=[3.0, 1.0])
    assert best == CARD_A
    assert means == {CARD_A: 1.75, CARD_B: 1.0} and wins == {CARD_A: 0.75, CARD_B: 1.0}


def test_reading_the_play_weights_the_worlds_solved() -> None:
    """Schnapsen against a greedy opponent until few worlds are left: with the play read
    (``inference`` 0.05), the distinct worlds drawn are solved once each, the most likely first,
    each counting by how well it explains the opponent's moves: the values are the weighted
    means of the worlds'."""
    from interpreter.search.heuristic import greedy_code

    rs = load_ruleset("schnapsen")
    checked = 0
    for deal in range(60):
        st = DealState.new(rs, deal % 2, 500 + deal)
        while not st.is_over:
            view = st.view(st.actor)  # type: ignore[arg-type]
            if st.actor == 0 and len(view.legal_codes) > 1 and 2 <= WorldSampler(view).count <= 24 \
                    and any(h >> 16 == 1 for h in view.history_codes):
                break
            st.step_code(greedy_code(view))
        if st.is_over:
            continue
        view = st.view(0)
        read = _read_worlds(view, WorldSampler(view), random.Random(deal), 0.05, 64, None, lambda: 0.0)
        idents = [(tuple(w.hands), tuple(w.stock)) for w, _ in read]
        assert len(set(idents)) == len(idents)  # distinct
        weights = [weight for _, weight in read]
        assert weights == sorted(weights, reverse=True)
        assert min(weights) > 0 and max(weights) <= 1
        result = pimc(view, random.Random(deal), worlds=24, inference=0.05, pool=64)
        count = min(24, WorldSampler(view).count, len(read))  # the heaviest of them
        assert result is not None and result.worlds == count
        solved = [Solver(0).move_values(w) for w, _ in read[:count]]
        mass = sum(weights[:count])
        for code, value in result.values.items():
            expected = sum(wt * s[code].value for wt, s in zip(weights, solved)) / mass  # type: ignore[operator]
            assert abs(value - expected) < 1e-9
        checked += 1
        if checked == 6:
            break
    assert checked == 6
