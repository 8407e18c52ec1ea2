"""Move-by-move analysis: a clear blunder is graded as one, forced moves are skipped, the
analysis is reproducible and sees only what the player could see."""

from __future__ import annotations

from interpreter.core.actions import Declare, Play
from interpreter.core.cards import Card
from interpreter.engine.build import build_position
from interpreter.play.analysis import analyse_record, verdict
from interpreter.play.record import DealRecord, Record
from interpreter.rules.loader import load_ruleset


def one_move_record(name: str, move: object, **position: object) -> Record:
    rs = load_ruleset(name)
    state = build_position(rs, **position)  # type: ignore[arg-type]
    return Record(rs, [DealRecord(state, [move], None, ())])  # type: ignore[list-item]


POSITION = dict(
    dealer=1, hands=["AH TH KS QS JC", "AS TS KH QH JH"], stock=["AC"], turnup="JS",
    leader=0, tricks=[3, 1], may_declare=True,
)


def test_a_false_declaration_is_a_blunder() -> None:
    """Seat 0 has 30 points and declares: a false declaration gives the opponent 2 game points
    (he has a trick).  Announcing the trump marriage (KS QS, spades are trumps) instead brings
    seat 0 to 70 and lets it go out for 2: a loss of 4 game points, more than a third of the
    largest deal score (3) -- a blunder."""
    rec = one_move_record("schnapsen", Declare(), points=[30, 20], **POSITION)
    (report,) = analyse_record(rec, iterations=300)
    assert report.seat == 0 and report.played == "declare"
    assert report.exact  # six worlds only: solved exactly
    assert report.played_value == -2
    assert report.best_value == 2 and report.best.startswith("marry") and report.grade == "blunder"


def test_going_out_with_70_is_the_best_move() -> None:
    rec = one_move_record("schnapsen", Declare(), points=[50, 20], meld=[20, 0], **POSITION)
    (report,) = analyse_record(rec, iterations=300)
    assert report.played == report.best == "declare" and report.grade == "" and report.loss == 0


def test_seats_filter_and_reproducible() -> None:
    rec = one_move_record("schnapsen", Play(Card.parse("JC")), points=[30, 20], **POSITION)
    assert analyse_record(rec, seats=[1], iterations=100) == []
    assert analyse_record(rec, iterations=100, seed=4) == analyse_record(rec, iterations=100, seed=4)


def test_grades_are_shares_of_the_largest_score() -> None:
    assert verdict(1.0, 3) == "blunder" and verdict(0.5, 3) == "mistake"
    assert verdict(0.2, 3) == "inaccuracy" and verdict(0.19, 3) == ""
    assert verdict(4, 12) == "blunder" and verdict(1.9, 12) == "inaccuracy"
