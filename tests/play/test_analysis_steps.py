"""The decisions a record leaves out are analysed too: going on (``continue``) where the rules
offered a seat to close before the draw or declare, or to go out at once after its marriage
(docs/notation.md, "Steps that happen by themselves").  Each deal below is worked by hand."""

from __future__ import annotations

from interpreter.core.actions import Action, Marry, Play
from interpreter.core.cards import Card
from interpreter.engine.build import build_position
from interpreter.play.analysis import MoveReport, analyse_record
from interpreter.play.record import DealRecord, Record
from interpreter.rules.loader import load_ruleset


def analysed(name: str, moves: list[Action], **position: object) -> list[MoveReport]:
    """Every decision of the deal from ``position`` with ``moves`` recorded, analysed."""
    rs = load_ruleset(name)
    state = build_position(rs, **position)  # type: ignore[arg-type]
    return analyse_record(Record(rs, [DealRecord(state, moves, None, ())]), iterations=100)


def test_not_going_out_after_a_marriage_is_a_decision_and_here_a_blunder() -> None:
    """Schnapsen, the talon gone, hearts trumps: seat 0 (50 points) holds KS QS, seat 1 (42)
    AS TH -- every other card is gone, so seat 1's hand is the only one left.  Seat 0 marries
    QS (20: 70 points) and, as the record's next move (seat 1's AS) shows, does not go out:
    * declaring at once: 70 points, seat 1 has 42 (33 or more) -- seat 0 wins 1 game point;
    * going on: seat 1 must follow and beat (AS takes QS: 42 + 14 = 56), leads TH, which seat 0
      must trump... has no heart, so KS goes under it: seat 1 takes the last trick (70) and,
      seat 0 never having declared, wins it: -1 for seat 0.
    A loss of 2, two thirds of the largest score (3): a blunder, reported at move 2 (the move
    that follows the step the record leaves out) as ``continue``."""
    reports = analysed(
        "schnapsen", [Marry(Card.parse("QS")), Play(Card.parse("AS")), Play(Card.parse("TH")), Play(Card.parse("KS"))],
        dealer=1, hands=["KS QS", "AS TH"], trump="H", leader=0, points=[50, 42], tricks=[4, 4],
    )
    (step,) = [r for r in reports if r.played == "continue"]
    assert (step.deal, step.move, step.seat) == (1, 2, 0)
    assert step.exact and step.worlds == 1
    assert step.values == {"declare": 1, "continue": -1}
    assert (step.best, step.best_value, step.played_value, step.loss, step.grade) == ("declare", 1, -1, 2, "blunder")
    assert step.seen is not None and step.seen.hand == ("KS",) and step.seen.trick == ((0, "QS"),)
    assert [(r.move, r.played) for r in reports] == [(1, "marry QS"), (2, "continue"), (3, "play TH")]  # AS, KS: forced


def test_drawing_rather_than_closing_before_the_draw_is_a_decision() -> None:
    """Sechsundsechzig (closing before or after the draw), hearts trumps: seat 0 has just taken
    its fourth trick (80 points; seat 1 has 20 from one trick) and the draw is pending, the
    talon down to JC and the turn-up 9H.  Seat 0 sees its five cards and the 10 gone: seat 1's
    five and the face-down card are six of the nine, queens and jacks left -- C(6, 5) = 6 hands.
    Seat 0 may go on (draw), close before the draw or declare; with 80 every one of them goes
    out with 80 against 20 points and a trick: 2 game points (going on, seat 0 declares at its
    lead after the draw; closing, at its lead).  The record's next move is seat 0's lead after
    the draw, so it went on: ``continue``, worth 2, the best (of equal values, the move
    played).  Then the lead itself (the talon gone): declaring is 2 and any card 1 -- seat 1,
    holding every trump after the draw, takes every trick, and seat 0, never declaring, wins
    on its 80 points against 60 for 1 -- a loss of 1, a third of 3: a blunder."""
    reports = analysed(
        "sechsundsechzig", [Play(Card.parse("QS"))],
        dealer=1, hands=["QS QC JS 9S 9C", "QH JH QD JD 9D"], stock=["JC"], turnup="9H",
        leader=0, points=[80, 20], tricks=[4, 1], draw_pending=True, drawn_out=False,
    )
    step, lead = reports
    assert (step.move, step.seat, step.played) == (1, 0, "continue")
    assert step.values == {"continue": 2, "close before-draw": 2, "declare": 2}
    assert (step.best, step.loss, step.grade) == ("continue", 0, "")
    assert step.exact and step.worlds == 6
    assert step.seen is not None and (step.seen.hand, step.seen.talon) == (("QC", "9C", "QS", "JS", "9S"), 2)
    assert (lead.move, lead.seat, lead.played) == (1, 0, "play QS")
    assert lead.values == {"declare": 2, **{f"play {c}": 1 for c in ("QC", "JC", "9C", "QS", "JS", "9S")}}
    assert (lead.best, lead.loss, lead.grade) == ("declare", 1, "blunder")
    assert lead.seen is not None and lead.seen.talon == 0

