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


# Two cards each, the talon gone, hearts trumps; seat 0 (40 points) leads, seat 1 has 44. The
# 16 other cards are gone, so seat 1's hand is the only one left: the analysis is exact.
ENDGAME = dict(dealer=1, hands=["AH KS", "TH AS"], trump="H", leader=0, points=[40, 44], tricks=[4, 4])


def test_an_endgame_is_solved_over_the_only_hand_left_with_its_best_line() -> None:
    """Worked by hand (Schnapsen: the winner of the last trick wins the deal for 1 game point
    when nobody reached 66; strict play: follow suit and beat):
    * leading AH: seat 1 must follow with TH, seat 0 takes 21 (61); then KS is beaten by AS
      (seat 1: 44 + 15 = 59) and seat 1 takes the last trick: -1 for seat 0;
    * leading KS: AS beats it (59), seat 1 must lead TH, AH takes it (61) and the last trick:
      +1 for seat 0;
    * declaring with 40 is false: seat 1, who has tricks, scores 2: -2.
    Playing AH loses 2 game points, two thirds of the largest score (3): a blunder."""
    rec = one_move_record("schnapsen", Play(Card.parse("AH")), **ENDGAME)
    (report,) = analyse_record(rec, iterations=100)
    assert report.exact and report.worlds == 1 and report.iterations == 0
    assert report.values == {"play KS": 1, "play AH": -1, "declare": -2}
    assert (report.played_value, report.best, report.best_value, report.loss, report.grade) == (-1, "play KS", 1, 2, "blunder")
    assert report.line == ((0, "play KS"), (1, "play AS"), (1, "play TH"), (0, "play AH"))
    seen = report.seen
    assert seen is not None
    assert (seen.hand, seen.trick, seen.trump, seen.turn_up, seen.talon, seen.closed) == (("AH", "KS"), (), "H", None, 0, False)
    assert (seen.points, seen.tricks) == ((40, 44), (4, 4))


def test_every_hand_the_opponent_can_hold_is_counted_once() -> None:
    """POSITION: seat 0 sees its 5 cards, the turn-up JS and the 8 cards of 4 tricks; the other 6
    lie in seat 1's hand (5) and the stock (1): C(6, 5) = 6 hands, each solved once.  The false
    declaration scores -2 in every one of them, so its mean is exactly -2."""
    rec = one_move_record("schnapsen", Declare(), points=[30, 20], **POSITION)
    (report,) = analyse_record(rec, iterations=300)
    assert report.exact and report.worlds == 6 and report.values["declare"] == -2
    assert report.line[0] == (0, report.best) and report.line[-1][1] == "declare"


def test_a_position_with_many_hands_left_is_an_estimate_without_a_line() -> None:
    """At the first lead of a dealt Schnapsen deal, 10 cards are unseen by seat 0 (5 of them in
    seat 1's hand, 5 in the stock, in an unknown order): far more than EXACT_WORLDS hands."""
    rs = load_ruleset("schnapsen")
    from interpreter.engine.state import DealState

    state = DealState.new(rs, 1, 5)
    first = state.legal_codes()[0]
    rec = Record(rs, [DealRecord(state, [rs.action_of[first]], None, ())])
    (report,) = analyse_record(rec, iterations=50)
    assert not report.exact and report.worlds is None and report.iterations == 50 and report.line == ()
    assert report.seen is not None and report.seen.talon == 10 and len(report.seen.hand) == 5
