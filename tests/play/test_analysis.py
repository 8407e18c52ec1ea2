"""Move-by-move analysis: a clear blunder is graded as one, forced moves are skipped, the
analysis is reproducible and sees only what the player could see."""

from __future__ import annotations

from pathlib import Path

from interpreter.core.actions import Declare, Play
from interpreter.core.cards import Card
from interpreter.engine.build import build_position
from interpreter.play.analysis import MoveReport, analyse_decision, analyse_record, verdict
from interpreter.play.record import DealRecord, Record, apply_recorded, load_record
from interpreter.rules.loader import load_ruleset
from interpreter.rules.ruleset import Ruleset


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


def test_the_analysis_searches_with_the_bots_knobs_but_for_the_meaning_of_a_value() -> None:
    """One place for the knobs: the analysis takes the bot's (greedy rollouts, the bias, the
    opponents' bias) and changes only what would change what a value means or which moves get
    one: no bonus for winning at all, every move searched to the budget, the exact stage over
    24 worlds with its values in the tree's meaning."""
    from interpreter.play.analysis import ANALYSIS_OPTIONS
    from interpreter.play.bots.search_bot import BIAS, BIAS_OPPONENTS, SEARCH_OPTIONS, SearchBot
    from interpreter.search.ismcts import greedy_policy

    changed = {k for k in ANALYSIS_OPTIONS if SEARCH_OPTIONS.get(k, None) != ANALYSIS_OPTIONS[k]}
    assert changed == {"win_weight", "stop_early", "exact_worlds", "margins"}
    assert (ANALYSIS_OPTIONS["win_weight"], ANALYSIS_OPTIONS["stop_early"], ANALYSIS_OPTIONS["exact_worlds"]) == (0.0, False, 24)
    assert ANALYSIS_OPTIONS["policy"] is greedy_policy
    assert (ANALYSIS_OPTIONS["bias"], ANALYSIS_OPTIONS["bias_opponents"]) == (BIAS, BIAS_OPPONENTS) == (10.0, 1000.0)
    assert SearchBot(load_ruleset("schnapsen")).options == dict(SEARCH_OPTIONS)


def test_a_loss_resting_on_few_searches_is_uncertain_not_graded(monkeypatch: object) -> None:
    """The tree search gives the move played 7 searches (value -3.00) and the best one 500
    (-0.61): a loss of 2.39 game points, a blunder in Schnapsen (a third of 3 is 1) were it
    known -- but 7 searches are fewer than GRADE_VISITS (30), so no grade, and ``uncertain``.
    With 30 searches of the move played the same loss is a blunder."""
    import pytest

    from interpreter.play import analysis
    from interpreter.search.ismcts import SearchResult

    assert analysis.GRADE_VISITS == 30
    rs = load_ruleset("schnapsen")
    from interpreter.engine.state import DealState

    state = DealState.new(rs, 1, 5)
    first, second = state.legal_codes()[:2]
    rec = Record(rs, [DealRecord(state, [rs.action_of[first]], None, ())])
    mp = pytest.MonkeyPatch()
    try:
        for tried in (7, 30):
            result = SearchResult(second, {first: tried, second: 500}, {first: -3.0, second: -0.61}, 507, False)
            mp.setattr(analysis, "ismcts", lambda *a, _r=result, **k: _r)
            mp.setattr(analysis, "KEPT_TURNS", 0)
            (report,) = analyse_record(rec, iterations=507)
            assert report.loss == pytest.approx(2.39) and report.visits[str(rs.action_of[first])] == tried
            assert (report.grade, report.uncertain) == (("", True) if tried == 7 else ("blunder", False))
    finally:
        mp.undo()


def test_three_sides_one_meaning_the_score_minus_the_others_mean() -> None:
    """Three-player Sixty-Six (each for himself; the winner collects 1 from a loser with 33 or
    more, 2 from one below): two tricks left, hearts trumps, seat 0 leads holding 9S TS with 25
    points; seat 1 holds QD JD (46 points), seat 2 KC QS (27), all known (announced), so one
    world only.
    * TS: seat 1 has no spade nor trump, seat 2 must follow with QS: seat 0 takes it, then 9S
      wins too (no spade, no trump left): seat 0 ends with 25 + 22 = 47 against 46 and 27 and
      collects 1 + 2: scores (3, 0, 0), seat 0's margin 3 - 0 = +3;
    * 9S: QS beats it, seat 2 leads KC and takes TS on it: seat 2 ends with 27 + 22 = 49
      against 46 and 25, scores (0, 0, 3): seat 0's margin 0 - (0 + 3) / 2 = -1.5 (the
      solver's own value, minus the others' together, would be -3).
    A loss of 4.5 game points, a blunder (the largest score is 3 from each of two: 6).  The
    tree search, whose rollouts can only end so, gives the same two values."""
    import random

    from interpreter.search.ismcts import ismcts
    from interpreter.play.analysis import ANALYSIS_OPTIONS

    position = dict(dealer=2, hands=["9S TS", "QD JD", "KC QS"], trump="H", leader=0, points=[25, 46, 27],
                    tricks=[2, 2, 2], known=[[], ["QD", "JD"], ["KC", "QS"]])
    rec = one_move_record("house/three-player-66", Play(Card.parse("9S")), **position)
    (report,) = analyse_record(rec, iterations=200)
    assert report.exact and report.worlds == 1
    assert report.values == {"play TS": 3.0, "play 9S": -1.5}
    assert (report.loss, report.grade) == (4.5, "blunder")
    view = rec.deals[0].state.view(0)
    options = {**ANALYSIS_OPTIONS, "exact_worlds": 0}
    tree = ismcts(view, random.Random(1), iterations=300, **options)
    assert {str(view.rs.action_of[c]): v for c, v in tree.values.items()} == {"play TS": 3.0, "play 9S": -1.5}
    solved = ismcts(view, random.Random(1), iterations=300, **ANALYSIS_OPTIONS)
    assert solved.exact and {str(view.rs.action_of[c]): v for c, v in solved.values.items()} == {"play TS": 3.0, "play 9S": -1.5}


CLOSED = """\
ruleset: schnapsen
dealer: 1
start: {leader: 0, card_points: [15, 12], tricks_won: [1, 1]}
hands:
  0: [JH, KH, QH, AS, TC]
  1: [TH, KS, QS, AD, JD]
trump_card: AH
stock: [QC, TD, JC, KD, QD]
moves: [exchange, close, play AH, play TH, play KH]
"""


def test_a_move_that_keeps_the_turn_is_worth_the_best_move_it_leads_to(tmp_path: Path) -> None:
    """docs/cli.md's closed.yaml: seat 0 exchanges the jack for the turn-up AH, then closes,
    then leads AH.  After the exchange and after the close seat 0 decides again knowing
    nothing new (no card drawn, no card of the others seen), so each is worth the best move of
    that next decision -- the decision the record makes next, analysed with the same seed --
    and not the mean over the moves after it, which put the exchange below the marriage it
    leads to.  So: the exchange's value is move 2's best value, the close's move 3's."""
    from pathlib import Path

    from interpreter.play.record import load_record

    path = Path(str(tmp_path)) / "closed.yaml"
    path.write_text(CLOSED, encoding="utf-8")
    reports = {r.move: r for r in analyse_record(load_record(path), seats=[0], iterations=300)}
    assert sorted(reports) == [1, 2, 3, 5]
    assert reports[1].values["exchange"] == reports[2].best_value == max(reports[2].values.values())
    assert reports[2].values["close"] == reports[3].best_value == max(reports[3].values.values())


# A closed Schnapsen endgame (the probe's d7): deal seed 4047793130, dealer 1, diamonds trumps
# (turn-up TD).  Seat 0 closes, announces the trump marriage with QD (40) and leads it; seat 1
# throws JC on it -- with the talon closed he must follow suit, or trump, so he holds no
# diamond.  Then seat 0 leads again holding AD KD TH AS, with 45 points and one trick.
CLOSED_ENDGAME = "ruleset: schnapsen\ndealer: 1\nseed: 4047793130\nmoves: [close, marry QD, play JC, play AD, play QC, play KD, play KS, declare]\n"


def closed_endgame_reports(tmp_path: Path, iterations: int) -> dict[int, MoveReport]:
    """The reports of moves 4 (play AD) and 6 (play KD) of :data:`CLOSED_ENDGAME`."""
    path = tmp_path / "closed.yaml"
    path.write_text(CLOSED_ENDGAME, encoding="utf-8")
    deal = load_record(path).deals[0]
    state = deal.state.copy()
    reports: dict[int, MoveReport] = {}
    for index, move in enumerate(deal.moves[:6]):
        if index in (3, 5):
            report = analyse_decision(state, move, 0, index, {0}, iterations, 0)
            assert report is not None
            reports[index + 1] = report
        apply_recorded(state, move)
    return reports


def test_a_closed_endgame_is_solved_over_every_hand_the_opponent_can_hold(tmp_path: Path) -> None:
    """Move 4: the opponent, void in trumps, holds 4 of the 12 cards seat 0 has not seen (20
    less its own 4, QD, JC and the turn-up TD, less JD): C(12, 4) = 495 hands -- more than
    EXACT_WORLDS (24), but cheap to solve with the talon closed (none is drawn any more).
    Worked by hand over every one of them:
    * AD, AS or KD takes its trick whatever he holds (he cannot trump), bringing 45 to 58 or
      more; the next of them takes the next trick: 66 or more with the opponent trickless,
      declared for 3 game points -- 3 in every hand;
    * TH loses to AH where he holds it (4 of the 12 cards are his: a third of the hands); he
      then has a trick, and seat 0 wins the rest with its trumps and ace for 2 game points, the
      opponent below 33: 3 * 2/3 + 2 * 1/3 = 8/3.
    So AD, played, is as good as any move: no grade, and named best.  Move 6 (KD TH AS, 59
    points, two tricks; the opponent threw QC on AD): C(11, 3) = 165 hands; KD or AS takes its
    trick and the other the next (KD with a jack only reaches 65): 3; TH loses to AH in 3 of 11:
    3 - 3/11 = 30/11.  KD, played, is best: not TH."""
    import pytest

    reports = closed_endgame_reports(tmp_path, 1000)
    four, six = reports[4], reports[6]
    assert four.exact and four.worlds == 495
    values = four.values
    for card in ("AD", "AS", "KD"):
        assert values[f"play {card}"] == pytest.approx(3.0)
    assert values["play TH"] == pytest.approx(8 / 3)
    assert (four.best, four.loss, four.grade, four.uncertain) == ("play AD", 0.0, "", False)
    assert six.exact and six.worlds == 165
    assert six.values["play TH"] == pytest.approx(30 / 11) and six.values["play KD"] == pytest.approx(3.0)
    assert (six.best, six.grade) == ("play KD", "")


def test_solving_every_hand_is_done_only_within_the_budget(tmp_path: Path) -> None:
    """The same 495 hands with a budget of one iteration: EXACT_NODES_PER_ITERATION (100)
    solver positions cannot solve them (each of the five moves of each hand is a position at
    least: 2,475), so the tree search estimates the values instead."""
    from interpreter.play.analysis import EXACT_NODES_PER_ITERATION

    assert EXACT_NODES_PER_ITERATION == 100
    four = closed_endgame_reports(tmp_path, 1)[4]
    assert not four.exact and four.worlds is None


def test_a_loss_within_the_noise_of_the_estimates_is_uncertain_not_graded() -> None:
    """The tree search values the move played -3.00 and the best one -0.61, each on 500
    searches: a loss of 2.39, a blunder were it known.  With standard errors of 1.2 and 0.5
    the difference of the two estimates has one of sqrt(1.44 + 0.25) = 1.3, and two of them,
    2.6, exceed the loss: the sample cannot tell the two moves apart -- ``uncertain``.  With
    1.0 and 0.5: 2 * sqrt(1.25) = 2.24 < 2.39, a blunder."""
    import pytest

    from interpreter.engine.state import DealState
    from interpreter.play import analysis
    from interpreter.search.ismcts import SearchResult
    from cli.analysis_words import verdict_words

    assert analysis.NOISE_ERRORS == 2.0
    rs = load_ruleset("schnapsen")
    state = DealState.new(rs, 1, 5)
    first, second = state.legal_codes()[:2]
    rec = Record(rs, [DealRecord(state, [rs.action_of[first]], None, ())])
    mp = pytest.MonkeyPatch()
    try:
        for error, expected in ((1.2, ("", True)), (1.0, ("blunder", False))):
            result = SearchResult(second, {first: 500, second: 500}, {first: -3.0, second: -0.61}, 1000, False, {first: error, second: 0.5})
            mp.setattr(analysis, "ismcts", lambda *a, _r=result, **k: _r)
            mp.setattr(analysis, "KEPT_TURNS", 0)
            (report,) = analyse_record(rec, iterations=1000)
            assert report.loss == pytest.approx(2.39)
            assert (report.grade, report.uncertain) == expected
            if report.uncertain:
                assert verdict_words(report, rs) == "uncertain (loss 2.39, within the estimates' noise of 2.60)"
    finally:
        mp.undo()


def tied_report() -> tuple[Ruleset, MoveReport]:
    """A decision whose move played and another have the same value but for the last bit of a
    float (2.0 and 2.0000000000000004, as sums of exact values in another order give): the
    ruleset and the report."""
    import pytest

    from interpreter.engine.state import DealState
    from interpreter.play import analysis
    from interpreter.search.ismcts import SearchResult

    rs = load_ruleset("schnapsen")
    state = DealState.new(rs, 1, 5)
    first, second = state.legal_codes()[:2]
    rec = Record(rs, [DealRecord(state, [rs.action_of[first]], None, ())])
    result = SearchResult(second, {first: 500, second: 500}, {first: 2.0, second: 2.0000000000000004}, 1000, False)
    mp = pytest.MonkeyPatch()
    try:
        mp.setattr(analysis, "ismcts", lambda *a, **k: result)
        mp.setattr(analysis, "KEPT_TURNS", 0)
        (report,) = analyse_record(rec, iterations=1000)
    finally:
        mp.undo()
    return rs, report


def test_of_equal_values_the_move_played_is_the_best() -> None:
    rs, report = tied_report()
    assert report.best == report.played and report.loss == 0 and report.grade == ""


# The probe's deal (rules run schnapsen --players greedy,search:easy --deals 2 --seed 7, deal 2):
# seat 1 exchanges JS for the turn-up KS, and by move 8 leads with AS TS KS AD KD, 47 points to
# 12, the talon four cards (the turn-up JS and three face down).
KEPT_TURN = "ruleset: schnapsen\ndeals:\n  - dealer: 0\n    seed: 4071050724\n    moves: [exchange, play JD, play TD, play KC, play TC, marry QD, play TH, close]\n"


def test_a_value_worth_the_next_decision_says_what_that_value_rests_on(tmp_path: Path) -> None:
    """Move 8 (close) of :data:`KEPT_TURN`.  With three face-down cards to draw the position is
    the tree search's estimate.  Closing keeps the turn and is worth the best move of the
    decision after it -- where nothing is drawn any more, so that one is solved over every hand
    the opponent can hold: of the 20 cards seat 1 has not seen 8 (less its 5, the turn-up JS
    and the 6 of the three tricks, JD TD KC TC QD TH), of which the opponent holds 5:
    C(8, 5) = 56.  So the close's value is exact over 56 hands, one decision on; every other
    value is the estimate of this decision's own 300 searches -- and the report says so per
    action, not under one label."""
    from interpreter.play.analysis import Basis

    path = tmp_path / "kept.yaml"
    path.write_text(KEPT_TURN, encoding="utf-8")
    deal = load_record(path).deals[0]
    state = deal.state.copy()
    for move in deal.moves[:7]:
        apply_recorded(state, move)
    report = analyse_decision(state, deal.moves[7], 0, 7, {1}, 300, 0)
    assert report is not None and report.played == "close"
    assert (report.exact, report.worlds, report.iterations) == (False, None, 300)
    assert report.basis_of("close") == Basis(True, 56, 0, ahead=1)
    assert sorted(report.bases) == sorted(report.values)
    for action in report.values:
        if action != "close":
            assert report.basis_of(action) == Basis(False, None, 300, ahead=0), action


# Sechsundsechzig (rules run sechsundsechzig --players random,greedy --seed 11, deal 1): seat 0
# closes before the draw and by move 12 leads with 9D QH, 52 points, the opponent holding TD QS.
FAILED_CLOSE = (
    "ruleset: sechsundsechzig\ndeals:\n  - dealer: 1\n    seed: 1942955373\n    moves: [play QC, play 9S, marry KH, play 9H, "
    "close before-draw, play AC, play JD, play KS, play AS, play JS, play TS, play QH, play QS, play 9D, play TD]\n"
)


def test_a_best_line_plays_on_rather_than_declare_falsely_at_the_same_value(tmp_path: Path) -> None:
    """Move 12 of :data:`FAILED_CLOSE`, every card known (the talon closed, two cards each):
    QH led, QS (no heart, no trump) thrown on it: seat 0 takes 3 + 3 and has 58, short of 66.
    Declaring then is false, and playing on (9D, taken by TD) leaves it at 58 too: the closer
    failed either way, the same value.  Of the two the line shows playing on, not a
    declaration at 58 that reads as advice; the value is the same."""
    path = tmp_path / "s66.yaml"
    path.write_text(FAILED_CLOSE, encoding="utf-8")
    deal = load_record(path).deals[0]
    state = deal.state.copy()
    for move in deal.moves[:11]:
        apply_recorded(state, move)
    report = analyse_decision(state, deal.moves[11], 0, 11, {0}, 300, 0)
    assert report is not None and report.worlds is not None and report.played == report.best == "play QH"
    assert report.line == ((0, "play QH"), (1, "play QS"), (0, "play 9D"), (1, "play TD"))
