"""``Settling.score_limits``: the most each deal side may still score, and the bounds on a
position's value the exact search's kernel cuts with.

Hand-worked Schnapsen positions (game points "if opponent_tricks == 0 then 3 else if
opponent_points < 33 then 2 else 1", the last trick wins an undeclared deal for 1, a false
declaration gives the opponent 2 or, without a trick, 3, the closer's failure 2 or, without a
trick at the close, 3), then a property: on positions of every ruleset the kernel plays, the
solved value lies within the bounds.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine.build import build_position
from interpreter.engine.state import DealState
from interpreter.rules.loader import load_ruleset
from interpreter.search.solver import solve
from interpreter.search.strict import deal_worth, position_allows, rules_allow, value_bounds
from tests.search.test_solver import random_position

ROOT = Path(__file__).resolve().parents[2]
#: the rulesets whose strict phase the kernel plays (the others are never bounded)
RULESETS = [
    name for name in ["schnapsen", "sechsundsechzig"] + sorted(str(p) for p in (ROOT / "rulesets" / "house").glob("*.yaml"))
    if rules_allow(DealState.new(load_ruleset(name), 0, 1))
]


def schnapsen_endgame(points: list[int], tricks: list[int], **more: object) -> DealState:
    """Seat 0 to lead, hearts trumps, the talon used up unless given (``more``)."""
    rs = load_ruleset("schnapsen")
    return build_position(
        rs, dealer=1, hands=["AH TH KS", "AS TS QH"], trump="H", leader=0, points=points, tricks=tricks, **more,
    )


def test_nobody_closed_hand_worked() -> None:
    """Seat 0 has 40 points and two tricks, seat 1 20 points and a trick.  Seat 0 may yet win
    with seat 1 under 33 (2); seat 1, against 40 points and a trick, 1 at most -- the last
    trick gives 1 too.  Against a false declaration each has a trick: 2.  Nobody closed."""
    st = schnapsen_endgame([40, 20], [2, 1])
    assert st.score_limits() == ([2, 1], [2, 2], [0, 0])
    # the value for seat 0: at most +2, at least -1 (seat 0 never declares falsely)
    assert value_bounds(st.score_limits(), deal_worth(st, 0)) == (2, -1)


def test_an_opponent_without_a_trick_hand_worked() -> None:
    """Seat 1 has no trick yet and may take none: seat 0 may win 3, and a false declaration by
    seat 0 would give seat 1 3."""
    st = schnapsen_endgame([60, 0], [4, 0])
    assert st.score_limits() == ([3, 1], [2, 3], [0, 0])
    assert value_bounds(st.score_limits(), deal_worth(st, 1)) == (1, -3)


def test_closed_talon_hand_worked() -> None:
    """Seat 0 closed when seat 1 had no trick and 0 points (the snapshot); seat 1 has 33 points
    and two tricks since.  Seat 0's success is scored on the snapshot: 3.  Seat 1 scores 3 as
    the closer's failure (no trick at the close), or by going out first (``as_fail``: the same
    3); a false declaration by the closer gives the larger of 2 and the failure, 3."""
    st = schnapsen_endgame(
        [30, 33], [2, 2], stock=["KC", "QC", "JC", "KD"], turnup="JH", closer=0, close_snap=((30, 0), (30, 0), (2, 0)),
    )
    assert st.score_limits() == ([3, 3], [2, 3], [0, 3])
    assert value_bounds(st.score_limits(), deal_worth(st, 0)) == (3, -3)


def test_going_out_before_the_closer_scored_as_the_base_hand_worked(tmp_path: Path) -> None:
    """The same position under ``closing.opponent_out: base``: seat 1 going out first scores
    the base, 2, but the closer's failure at the deal's end still gives 3 (no trick at the
    close), and that is the least seat 0 may get: -3."""
    house = tmp_path / "out-base.yaml"
    house.write_text("extends: schnapsen\nname: out-base\nclosing:\n  opponent_out: base\n", encoding="utf-8")
    rs = load_ruleset(house)
    st = build_position(
        rs, dealer=1, hands=["AH TH KS", "AS TS QH"], trump="H", leader=0, points=[30, 33], tricks=[2, 2],
        stock=["KC", "QC", "JC", "KD"], turnup="JH", closer=0, close_snap=((30, 0), (30, 0), (2, 0)),
    )
    assert st.score_limits() == ([3, 2], [2, 3], [0, 3])
    assert value_bounds(st.score_limits(), deal_worth(st, 0)) == (3, -3)


def test_a_talon_still_to_draw_from_is_not_bounded() -> None:
    """While cards are still to be drawn a side may yet close, and a closer's failure scores
    more than the formula: no limits there (the kernel never asks)."""
    rs = load_ruleset("schnapsen")
    st = build_position(
        rs, dealer=1, hands=["AH TH KS KC QC", "AS TS QH JC KD"], stock=["QD", "JD"], turnup="JH", leader=0,
        points=[40, 20], tricks=[2, 1],
    )
    assert st.score_limits() is None


def test_units_are_not_bounded() -> None:
    rs = load_ruleset("north-american-4")
    assert DealState.new(rs, 0, 1).score_limits() is None


def kernel_positions(rs_name: str, count: int, seed: int) -> list[DealState]:
    """Positions the kernel plays (the talon used up or closed, nothing pending), three cards a
    hand at most, from the solver tests' random play (it declares only when right)."""
    rs = load_ruleset(rs_name)
    rng = random.Random(seed)
    found = (random_position(rs, rng, max_cards=3) for _ in range(20 * count))
    return [st for st in found if position_allows(st)][:count]


@pytest.mark.parametrize("name", RULESETS, ids=lambda p: Path(p).stem)
def test_solved_values_lie_within_the_bounds(name: str) -> None:
    rs = load_ruleset(name)
    positions = kernel_positions(name, 40, 7)
    if not positions:
        pytest.skip("random play reaches no position the kernel plays with three cards a hand")
    bounded = 0
    for st in positions:
        for side in range(rs.side_count):
            ub, lb = value_bounds(st.score_limits(), deal_worth(st, side))
            value = solve(st, side=side).value
            assert value is not None and lb <= value <= ub, (st.points, st.tricks, side, lb, value, ub)
            bounded += ub < 10**9
    assert bool(bounded) == (rs.scoring.method == "game_points")  # units are not bounded
