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

import interpreter.search.solver as solver_module
from interpreter import compiled
from interpreter.core.actions import CLOSE, CLOSE_BEFORE_DRAW, CONTINUE
from interpreter.engine.build import build_position
from interpreter.engine.position import OVER, PLAY
from interpreter.engine.state import DealState
from interpreter.rules.loader import load_ruleset
from interpreter.search.solver import INF, solve
from interpreter.search.strict import deal_worth, position_allows, rules_allow, value_bounds
from tests.search.test_solver import random_position, random_step

ROOT = Path(__file__).resolve().parents[2]
#: the rulesets whose strict phase the kernel plays (the others are never bounded)
RULESETS = [
    name for name in ["schnapsen", "sechsundsechzig"] + sorted(str(p) for p in (ROOT / "rulesets" / "house").glob("*.yaml"))
    if rules_allow(DealState.new(load_ruleset(name), 0, 1))
]
#: those of them with a talon: positions a side may still close from
TALON_RULESETS = [name for name in RULESETS if load_ruleset(name).deal.talon]


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
    assert st.score_limits() == ([2, 1], [2, 2], [0, 0], [0, 0])
    # the value for seat 0: at most +2, at least -1 (seat 0 never declares falsely)
    assert value_bounds(st.score_limits(), deal_worth(st, 0)) == (2, -1)


def test_an_opponent_without_a_trick_hand_worked() -> None:
    """Seat 1 has no trick yet and may take none: seat 0 may win 3, and a false declaration by
    seat 0 would give seat 1 3."""
    st = schnapsen_endgame([60, 0], [4, 0])
    assert st.score_limits() == ([3, 1], [2, 3], [0, 0], [0, 0])
    assert value_bounds(st.score_limits(), deal_worth(st, 1)) == (1, -3)


def test_closed_talon_hand_worked() -> None:
    """Seat 0 closed when seat 1 had no trick and 0 points (the snapshot); seat 1 has 33 points
    and two tricks since.  Seat 0's success is scored on the snapshot: 3.  Seat 1 scores 3 as
    the closer's failure (no trick at the close), or by going out first (``as_fail``: the same
    3); a false declaration by the closer gives the larger of 2 and the failure, 3."""
    st = schnapsen_endgame(
        [30, 33], [2, 2], stock=["KC", "QC", "JC", "KD"], turnup="JH", closer=0, close_snap=((30, 0), (30, 0), (2, 0)),
    )
    assert st.score_limits() == ([3, 3], [2, 3], [0, 3], [0, 0])
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
    assert st.score_limits() == ([3, 2], [2, 3], [0, 3], [0, 0])
    assert value_bounds(st.score_limits(), deal_worth(st, 0)) == (3, -3)


def test_a_talon_still_to_draw_from_hand_worked() -> None:
    """Cards are still to be drawn: either seat may yet close.  Seat 0 has 40 points and two
    tricks, seat 1 20 points and a trick.  As in the strict phase seat 0 may win 2 (seat 1
    under 33) and seat 1 1 (seat 0 has 40); a closer's failure, or a claim before he went out
    (``as_fail``), gives the other seat 2 (each has a trick: no 3), and so does a closer's false
    declaration (the larger of 2 and 2).  A closing is a choice: the upper bound of seat 0's
    value leaves out seat 1's closing, the lower bound seat 0's own -- seat 0 failing would
    give seat 1 2, which seat 0 need never allow: +2 to -1, as without the talon; for seat 1,
    +1 to -2."""
    rs = load_ruleset("schnapsen")
    st = build_position(
        # three tricks played: the talon of ten is down to three stock cards and the turn-up
        rs, dealer=1, hands=["AH TH KS KC QC", "AS TS QH JC KD"], stock=["QD", "JD", "JS"], turnup="JH", leader=0,
        points=[40, 20], tricks=[2, 1],
    )
    assert st.score_limits() == ([2, 1], [2, 2], [0, 0], [2, 2])
    assert value_bounds(st.score_limits(), deal_worth(st, 0)) == (2, -1)
    assert value_bounds(st.score_limits(), deal_worth(st, 1)) == (1, -2)


def test_a_closing_to_come_bounds_a_side_split_across_deal_sides() -> None:
    """Where a match side's seats sit in two deal sides, one's closing that fails scores for
    the other: the bounds keep it (the closer's side holds a maximising seat).  Worked on
    :func:`value_bounds` alone: deal sides 0 and 1, each worth +1 to the match side, the
    first with a maximising seat only, the second with both."""
    limits = ([1, 1], [2, 2], [0, 0], [3, 2])
    worth = ([1, 1], [True, True], [False, True])
    # the most: side 0 closing and failing gives side 1 2, side 1's failure gives side 0 3
    assert value_bounds(limits, worth) == (3, 0)
    assert value_bounds((limits[0], limits[1], limits[2], [0, 0]), worth) == (2, 0)


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


def solved_within_bounds(positions: list[DealState]) -> tuple[list[int], int]:
    """The solved value of every position for every match side, each checked to lie within the
    position's bounds, and how many of those bounds were known (not ``None`` limits)."""
    values: list[int] = []
    bounded = 0
    for st in positions:
        for side in range(st.rs.side_count):
            ub, lb = value_bounds(st.score_limits(), deal_worth(st, side))
            value = solve(st, side=side).value
            assert value is not None and lb <= value <= ub, (st.points, st.tricks, side, lb, value, ub)
            values.append(value)
            bounded += ub < INF
    return values, bounded


@pytest.mark.parametrize("name", RULESETS, ids=lambda p: Path(p).stem)
def test_solved_values_lie_within_the_bounds(name: str) -> None:
    rs = load_ruleset(name)
    positions = kernel_positions(name, 40, 7)
    if not positions:
        pytest.skip("random play reaches no position the kernel plays with three cards a hand")
    _, bounded = solved_within_bounds(positions)
    assert bool(bounded) == (rs.scoring.method == "game_points")  # units are not bounded


def open_positions(rs_name: str, count: int, seed: int, left: int) -> list[DealState]:
    """Positions with cards still to draw (``left`` or fewer in the stock and turn-up), leads
    and follows alike, from random play that declares only when right and never closes (so
    that the talon lasts; the positions may still be closed from)."""
    rs = load_ruleset(rs_name)
    rng = random.Random(seed)
    out: list[DealState] = []
    for _ in range(20 * count):
        st = DealState.new(rs, rng.randrange(rs.players.count), rng)
        while st.phase != OVER:
            to_draw = len(st.stock) - st.spos + (st.turnup >= 0)
            if not to_draw:
                break
            if to_draw <= left and st.phase == PLAY and st.dbl_turn < 0 and rng.random() < 0.5:
                out.append(st)
                break
            random_step(st, rng, [c for c in st.legal_codes() if c not in (CLOSE, CLOSE_BEFORE_DRAW)] or [CONTINUE])
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize("name", TALON_RULESETS, ids=lambda p: Path(p).stem)
def test_values_with_the_talon_open_lie_within_the_bounds_and_are_the_same_without_them(
    name: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where a side may still close, the search on the state cuts with bounds that leave out
    the closings a side need not make (:func:`value_bounds`): its values are those of the
    search without them (the search the minimax proofs of tests/search/test_solver.py cover),
    and lie within the bounds of the position."""
    rs = load_ruleset(name)
    positions = open_positions(name, 16, 3, 3)
    assert any(st.trick for st in positions) and any(not st.trick for st in positions)
    with_bounds, bounded = solved_within_bounds(positions)
    assert bounded == len(with_bounds)
    if compiled():  # a compiled module binds its calls when built: monkeypatch cannot switch
        return      # the bounds off there (CI runs this whole test in the plain build too)
    monkeypatch.setattr(solver_module, "position_bounds", lambda st, side: (INF, -INF))
    without = [solve(st, side=side).value for st in positions for side in range(rs.side_count)]
    assert with_bounds == without
