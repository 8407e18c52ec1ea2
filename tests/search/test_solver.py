"""The exact solver: its values are the game-theoretic values of the positions, for any ruleset.

* against a plain minimax written here (no pruning, no table, nothing shared with the solver):
  thousands of random small positions of every bundled ruleset, the house rulesets and the test
  fixtures, from every side's point of view; the best action really achieves the value, and
  ``move_values`` gives every action's own minimax value;
* whole deals, talon and all (exchange, marriages, closing before and after the draw,
  declaring) of two tiny rulesets written here, and whole deals of the bidder-against-the-rest
  fixture from its auction on;
* hand-worked positions, with the reasoning next to them;
* node and time limits (``exact=False`` with bounds that hold), and the caller's state left as
  it was.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.core.actions import DECLARE, parse_action
from interpreter.engine.position import OVER
from interpreter.engine.state import DealState
from interpreter.play.record import deal_from_mapping
from interpreter.rules.loader import load_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.search.solver import Solution, Solver, move_values, solve

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = ["schnapsen", "sechsundsechzig", "north-american-2", "north-american-3", "north-american-4"]
OTHERS = sorted(
    [str(p) for p in (ROOT / "rulesets" / "house").glob("*.yaml")]
    + [str(p) for p in (ROOT / "tests" / "fixtures" / "rulesets").glob("*.yaml")]
)

# Two tiny games with a talon, small enough for minimax from the deal: twelve cards (A, K, Q of
# four suits; 72 card points), three each, a talon of six with the turn-up.  One closes after
# the draw only and scores the closer on the position at the close, the last trick deciding an
# undeclared deal (Schnapsen's choices); the other may close before the draw, forbids
# marriages after the close and the exhaustion, gives a last-trick bonus and lets the higher
# total win (Sechsundsechzig's).  The queen of trumps is the exchange card.
_TINY_COMMON = """\
deck: {suits: [C, D, H, S], ranks: [A, K, Q], points: {A: 11, K: 4, Q: 3}}
players: {count: 2, sides: individual}
trump: {selection: turn_up, turn_up_after_packet: 1}
play: {first_lead: dealer_left, strict_from: exhaustion_or_close, follow: true, head: beat_led,
       trump_when_void: true, overtrump: required, undertrump: required_if_cannot_overtrump}
claim: {enabled: true, target: 37, after_marriage: true, after_last_trick: auto,
        false_points: {base: 2, opponent_without_trick: 3}}
scoring:
  method: game_points
  game_points: "if opponent_tricks == 0 then 3 else if opponent_points < 18 then 2 else 1"
  opponent_points: tricks_and_counted_marriages
dealer: {first: 1, rotation: alternate}
match: {target: 7}
"""
TINY = {
    "tiny-after-draw": _TINY_COMMON + """\
name: tiny-after-draw
title: Tiny game closing after the draw (solver test)
deal: {hand_size: 3, packets: [2, 1], first_receiver: dealer_left, talon: true}
exchange: {enabled: true, rank: Q, requires_trick_won: false, min_talon_size: 3, before_first_trick: true}
marriage: {enabled: true, values: {plain: 20, trump: 40}, first_lead: allowed, counts_after: own_trick,
           after_exhaustion: true, after_close: true, on_closing_lead: true}
closing: {enabled: true, timing: after_draw, min_talon_size: 3, before_first_trick: true,
          success_basis: at_close, fail_points: {base: 2, no_trick: 3, basis: at_close}, opponent_out: as_fail}
end: {unclaimed: last_trick_wins, last_trick_points: 1, last_trick_bonus: 0, tie: no_score}
""",
    "tiny-before-draw": _TINY_COMMON + """\
name: tiny-before-draw
title: Tiny game closing before the draw (solver test)
deal: {hand_size: 3, packets: [3], first_receiver: dealer_left, talon: true}
exchange: {enabled: true, rank: Q, requires_trick_won: true, min_talon_size: 2, before_first_trick: true}
marriage: {enabled: true, values: {plain: 20, trump: 40}, first_lead: allowed, counts_after: own_trick,
           after_exhaustion: false, after_close: false, on_closing_lead: true}
closing: {enabled: true, timing: before_or_after_draw, min_talon_size: 2, before_first_trick: true,
          success_basis: at_end, fail_points: {base: 2, no_trick: 3, basis: at_close}, opponent_out: as_fail}
end: {unclaimed: higher_total, last_trick_bonus: 5, tie: no_score}
""",
}


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Ruleset]:
    folder = tmp_path_factory.mktemp("tiny")
    out = {}
    for name, text in TINY.items():
        path = folder / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        out[name] = load_ruleset(path)
    return out


# ---------------------------------------------------------------------------- the reference
def leaf_value(state: DealState, side: int) -> int:
    """A finished deal's value for ``side``: its score minus the other match sides' scores."""
    assert state.result is not None
    scores = state.result.scores
    return scores[side] - (sum(scores) - scores[side])


def minimax(state: DealState, side: int) -> int:
    """Plain minimax over every legal code: the seats of the deal side that ``side``'s first
    seat plays in maximise (its partners of the match, and of the deal once an auction has made
    the defenders partners), all others minimise.

    No pruning, no table, no ordering: the definition of the value the solver must find.
    """
    if state.phase == OVER:
        return leaf_value(state, side)
    values = []
    for code in state.legal_codes():
        state.push_code(code)
        values.append(minimax(state, side))
        state.pop()
    assert state.actor is not None
    own = state.side(state.rs.sides[side][0])
    return max(values) if state.side(state.actor) == own else min(values)


def value_after(state: DealState, code: int, side: int) -> int:
    """The minimax value of the position after ``code``."""
    state.push_code(code)
    try:
        return minimax(state, side)
    finally:
        state.pop()


def random_position(rs: Ruleset, rng: random.Random, max_cards: int) -> DealState:
    """A position reached by random play, with at most ``max_cards`` cards in every hand and the
    deal not over.  Declaring is done when right (so deals last); everything else -- cards,
    marriages, closing, exchanging, bids -- is uniform among the legal codes.  The stopping
    point is drawn among the decisions once the hands are small enough, so leads, follows and
    optional steps all come up."""
    while True:
        state = DealState.new(rs, rng.randrange(rs.players.count), rng)
        while state.phase != OVER:
            small = all(h.bit_count() <= max_cards for h in state.hands)
            if small and rng.random() < 0.35:
                return state
            random_step(state, rng, state.legal_codes())


def random_step(state: DealState, rng: random.Random, codes: list[int]) -> None:
    """Play one of ``codes`` (legal ones) drawn at random -- but declare where a declaration
    is among them and right, and never declare falsely while another code is left."""
    if DECLARE in codes and state.claim_seat >= 0:
        if state.claim_points() >= state.rs.claim.target:
            state.step_code(DECLARE)
            return
        if len(codes) > 1:
            codes.remove(DECLARE)
    state.step_code(rng.choice(codes))


def check_against_minimax(state: DealState, side: int) -> None:
    """The solver's value and best action agree with minimax, and so does every move value."""
    expected = minimax(state, side)
    got = solve(state, side=side)
    assert got.exact and got.value == expected and got.lower == got.upper == expected
    assert got.best is not None and got.best in state.legal_codes()
    assert value_after(state, got.best, side) == expected
    values = move_values(state, side=side)
    assert set(values) == set(state.legal_codes())
    for code, sol in values.items():
        assert sol.exact and sol.value == value_after(state, code, side), state.rs.action_of[code]


# ---------------------------------------------------------------------------- against minimax
@pytest.mark.parametrize("name", BUNDLED)
def test_small_positions_of_bundled_rulesets_match_minimax(name: str) -> None:
    rs = load_ruleset(name)
    rng = random.Random(f"solver {name}")
    for _ in range(500):
        state = random_position(rs, rng, max_cards=3)
        for side in range(rs.side_count):
            assert solve(state, side=side).value == minimax(state, side)
    for _ in range(80):  # fewer, larger ones, with every move value checked
        state = random_position(rs, rng, max_cards=4 if rs.players.count == 2 else 3)
        check_against_minimax(state, rs.side_of(state.actor))  # type: ignore[arg-type]


@pytest.mark.parametrize("path", OTHERS, ids=lambda p: Path(p).stem)
def test_small_positions_of_house_rulesets_and_fixtures_match_minimax(path: str) -> None:
    rs = load_ruleset(path)
    rng = random.Random(f"solver {Path(path).stem}")
    for _ in range(60):
        state = random_position(rs, rng, max_cards=3)
        side = rng.randrange(rs.side_count)
        assert solve(state, side=side).value == minimax(state, side)
    for _ in range(8):
        state = random_position(rs, rng, max_cards=2)
        check_against_minimax(state, rs.side_of(state.actor))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(TINY))
def test_tiny_games_with_a_talon_match_minimax(tiny: dict[str, Ruleset], name: str) -> None:
    """Closing, exchanging, marrying, declaring and the draw, in deals small enough for minimax."""
    rs = tiny[name]
    rng = random.Random(f"solver {name}")
    for seed in range(3):  # whole deals, from the first lead
        state = DealState.new(rs, seed % 2, seed)
        assert solve(state).value == minimax(state, rs.side_of(state.actor))  # type: ignore[arg-type]
    for _ in range(60):  # after a trick or two, while the talon is open
        state = DealState.new(rs, rng.randrange(2), rng)
        for _ in range(rng.randrange(2, 5)):
            codes = state.legal_codes()
            state.step_code(rng.choice([c for c in codes if c != DECLARE] or codes))
            if state.phase == OVER:
                break
        if state.phase == OVER:
            continue
        check_against_minimax(state, rng.randrange(2))


def test_whole_deals_from_the_auction_match_minimax() -> None:
    """Bidding is a move like any other: the bidder-against-the-rest fixture from the deal, each
    seat's point of view (each seat for himself in the auction; once it is over, the two
    defenders play together: the strict-phase kernel reads the deal's sides again)."""
    rs = load_ruleset(ROOT / "tests" / "fixtures" / "rulesets" / "bidder-vs-rest.yaml")
    for seed in (1, 4):
        state = DealState.new(rs, seed % 3, seed)
        for side in range(rs.side_count):
            assert solve(state, side=side).value == minimax(state, side)


# ---------------------------------------------------------------------------- by hand
def test_hand_worked_last_trick_play_beats_a_false_declaration() -> None:
    # Schnapsen, talon gone, one card each, hearts trump.  Seat 0 (58 points, 5 tricks) leads and,
    # having won the last trick, may declare.  Declaring with 58 < 66 is false: seat 1, who has
    # tricks, scores 2, a value of -2 for seat 0.  Leading AS, seat 1 must follow with JS; seat 0
    # takes 11 + 2 and has 71 after the last trick, which counts as going out: seat 1 has 49 >= 33
    # points and 4 tricks, so 1 game point.  Value +1 by playing AS; -1 seen from seat 1.
    state = deal_from_mapping("schnapsen", {
        "dealer": 1,
        "start": {"leader": 0, "card_points": [58, 49], "tricks_won": [5, 4], "trump": "H"},
        "hands": {0: ["AS"], 1: ["JS"]},
    })
    play_as = state.rs.code_of[parse_action("play AS")]
    got = solve(state)
    assert (got.value, got.best, got.exact) == (1, play_as, True)
    assert solve(state, side=1).value == -1
    assert {c: s.value for c, s in move_values(state).items()} == {play_as: 1, DECLARE: -2}


def test_hand_worked_take_the_ace_and_go_out_for_two() -> None:
    # Schnapsen, talon gone, hearts trump.  Seat 0: AS QH, 60 points, 5 tricks; seat 1: TS KH,
    # 32 points, 3 tricks.  Strict play: follow suit and head the trick.
    # * Lead AS: seat 1 must answer TS; seat 0 takes 21 and has 81, and goes out at once while
    #   seat 1 has 32 < 33 points: 2 game points.  (Playing on, QH would lose to KH, seat 1 would
    #   win the last trick with 39 < 66: the last trick wins, 1 point for seat 1.)
    # * Lead QH: seat 1 must head it with KH (7 points: 39); then TS is taken by AS and seat 0's
    #   81 after the last trick is going out against 39 >= 33 points: 1 game point.  (Seat 1
    #   declaring with 39 would be false, 2 points for seat 0: no better for seat 1.)
    # * Declaring first with 60 < 66 is false: 2 for seat 1, -2.
    # So the value is 2, by leading the ace.
    state = deal_from_mapping("schnapsen", {
        "dealer": 1,
        "start": {"leader": 0, "card_points": [60, 32], "tricks_won": [5, 3], "trump": "H"},
        "hands": {0: ["AS", "QH"], 1: ["TS", "KH"]},
    })
    code = state.rs.code_of
    got = solve(state)
    assert (got.value, got.best) == (2, code[parse_action("play AS")])
    values = {c: s.value for c, s in move_values(state).items()}
    assert values == {code[parse_action("play AS")]: 2, code[parse_action("play QH")]: 1, DECLARE: -2}


def test_hand_worked_three_sides_are_paranoid() -> None:
    # Three-seat Sixty-Six (every player for himself, each loser pays by his own position),
    # spades trump, one card each.  Seat 0 has 50 points and 3 tricks, seat 1 30 and 2, seat 2
    # 19 and 2.  Seat 0 leads AS, the others must follow with TS and 9S: seat 0 takes 21 and the
    # last-trick bonus of 10, 81 points, which counts as going out: seat 1 (30 < 33) pays 2 and
    # seat 2 (19 < 33) pays 2, scores (4, 0, 0).  Declaring first with 50 is false: each other
    # seat scores 2, scores (0, 2, 2).
    # Seat 0's value: 4 - 0 by playing (declaring: 0 - 4).  Seen from seat 1, whose opponents
    # are assumed to play together against him, seat 0 chooses between 0 - 4 (play) and
    # 2 - 2 (declare) and takes the play: -4.
    rs = load_ruleset(ROOT / "tests" / "fixtures" / "rulesets" / "three-seat-66.yaml")
    state = deal_from_mapping(rs, {
        "dealer": 2,
        "start": {"leader": 0, "card_points": [50, 30, 19], "tricks_won": [3, 2, 2], "trump": "S"},
        "hands": {0: ["AS"], 1: ["TS"], 2: ["9S"]},
    })
    play = [c for c in state.legal_codes() if c != DECLARE]
    assert len(play) == 1
    assert (solve(state).value, solve(state).best) == (4, play[0])
    assert solve(state, side=1).value == -4
    assert solve(state, side=2).value == -4
    assert {c: s.value for c, s in move_values(state, side=1).items()} == {play[0]: -4, DECLARE: 0}


def test_hand_worked_the_defenders_play_together() -> None:
    # The bidder-against-the-rest fixture (A, T, K of four suits: 11, 10, 4; units of 25; the
    # defenders pool their tricks and each scores the pooled units).  Seat 0 bids 3 (75 needed)
    # and leads AS: spades are trumps.  Trick 1: AS, KS, KH (seat 2 has no spade): 19 for seat 0.
    # Trick 2: AH, TH, AD: 32 more, 51.  Trick 3: AC, KC (seat 1's only club), and seat 2, with
    # neither a club nor a trump, may throw TD or KD:
    # * TD: seat 0 has 51 + 11 + 4 + 10 = 76; then TC, TS (seat 1 must trump), KD: seat 1 takes
    #   24.  Made: 76 // 25 = 3; the defenders 24 // 25 = 0 each.  Scores (3, 0, 0).
    # * KD: seat 0 has 70; then TC, TS, TD: seat 1 takes 30.  Set: -3; the defenders 30 // 25 =
    #   1 each.  Scores (-3, 1, 1).
    # Seen from seat 1 (its score minus the others' together: 0 - 3 = -3, or 1 - (-3 + 1) = 3),
    # its partner of the deal plays KD for it: 3.  Were seat 2 taken for an opponent (the
    # paranoid reduction), it would throw TD and the value would be -3.  Seen from seat 2 the
    # same 3, and from the bidder -3 * 2 - (-3 + 1 + 1) = -5.
    rs = load_ruleset(ROOT / "tests" / "fixtures" / "rulesets" / "bidder-vs-rest.yaml")
    state = deal_from_mapping(rs, {"dealer": 2, "hands": {
        0: ["AS", "AH", "AC", "TC"], 1: ["KS", "TS", "TH", "KC"], 2: ["KH", "AD", "TD", "KD"],
    }})
    for text in ("bid 3", "pass", "pass", "play AS", "play KS", "play KH", "play AH", "play TH", "play AD", "play AC", "play KC"):
        state.apply(parse_action(text))
    assert state.deal_sides == ((0,), (1, 2)) and state.card_points() == [51, 0, 0]
    throw_ten, throw_king = (rs.code_of[parse_action(f"play {card}")] for card in ("TD", "KD"))
    assert sorted(state.legal_codes()) == sorted([throw_ten, throw_king])
    for side in (1, 2):
        assert {c: s.value for c, s in move_values(state, side=side).items()} == {throw_ten: -3, throw_king: 3}
        got = solve(state, side=side)
        assert (got.value, got.best) == (3, throw_king)
    assert solve(state, side=0).value == -5


# ---------------------------------------------------------------------------- limits, the state
def test_a_node_limit_stops_the_search_with_bounds_that_hold(tiny: dict[str, Ruleset]) -> None:
    rs = tiny["tiny-before-draw"]
    state = DealState.new(rs, 0, 7)
    side = rs.side_of(state.actor)  # type: ignore[arg-type]
    truth = minimax(state, side)
    for limit in (1, 5, 30, 200):
        got = solve(state, node_limit=limit)
        if got.exact:  # a limit this small can still be enough
            assert got.value == truth
            continue
        assert got.nodes <= limit + 1
        assert got.lower is None or got.lower <= truth
        assert got.upper is None or got.upper >= truth
        if got.best is not None:  # the action that proved the actor's bound keeps its promise
            after = value_after(state, got.best, side)
            assert got.lower is not None and after >= got.lower
    assert solve(state, node_limit=10**9).exact


def test_a_spent_time_limit_stops_at_once() -> None:
    rs = load_ruleset("sechsundsechzig")
    state = DealState.new(rs, 1, 3)
    got = solve(state, time_limit=0.0)
    assert got == Solution(None, None, got.nodes, False, None, None)
    values = move_values(state, time_limit=0.0)
    assert set(values) == set(state.legal_codes())
    assert all(not s.exact and s.value is None for s in values.values())


def test_move_values_under_a_limit_marks_what_it_did_not_finish(tiny: dict[str, Ruleset]) -> None:
    rs = tiny["tiny-after-draw"]
    state = DealState.new(rs, 1, 2)
    side = rs.side_of(state.actor)  # type: ignore[arg-type]
    values = move_values(state, node_limit=60)
    assert set(values) == set(state.legal_codes())
    assert not all(s.exact for s in values.values())
    for code, sol in values.items():
        if sol.exact:
            assert sol.value == value_after(state, code, side)


def test_the_callers_state_is_left_as_it_was() -> None:
    rs = load_ruleset("schnapsen")
    state = DealState.new(rs, 1, 11)
    first = state.legal_codes()[0]
    state.push_code(first)  # an undo record of the caller's, to be popped after the solve
    before = (state.key(), list(state.history), state.legal_codes(), len(state.undo), state.actor)
    solve(state, node_limit=20_000)
    move_values(state, node_limit=20_000)
    solve(state, time_limit=0.0)
    assert (state.key(), list(state.history), state.legal_codes(), len(state.undo), state.actor) == before
    state.pop()
    assert state.key() == DealState.new(rs, 1, 11).key()


def test_a_finished_deal_is_its_score() -> None:
    rs = load_ruleset("schnapsen")
    state = DealState.new(rs, 1, 5)
    while state.phase != OVER:
        state.step_code(state.legal_codes()[-1])
    got = solve(state, side=0)
    assert got.exact and got.best is None and got.value == leaf_value(state, 0)


def test_a_solver_kept_between_deals_forgets_the_old_deal() -> None:
    """Keys are exact within one deal only: a solver given a state of another deal must not
    answer from what it learnt of the first."""
    rs = load_ruleset("sechsundsechzig")
    rng = random.Random(3)
    solver = Solver(0)
    for _ in range(30):
        state = random_position(rs, rng, max_cards=3)
        assert solver.solve(state).value == minimax(state, 0)


def test_a_solver_kept_along_one_deal_answers_every_position(tiny: dict[str, Ruleset]) -> None:
    """One solver and its table, asked before every move of a deal (as a bot would be), from
    both sides' solvers: every answer is the minimax value of that position."""
    rs = tiny["tiny-before-draw"]
    rng = random.Random(5)
    for seed in range(2):
        state = DealState.new(rs, seed, 100 + seed)
        solvers = [Solver(0), Solver(1)]
        state.step_code(rng.choice(state.legal_codes()))  # past the first lead: minimax stays cheap
        while state.phase != OVER:
            for solver in solvers:
                assert solver.solve(state).value == minimax(state, solver.side)
            state.step_code(rng.choice(state.legal_codes()))


def test_a_side_that_is_not_a_match_side_is_refused() -> None:
    state = DealState.new(load_ruleset("north-american-4"), 0, 1)
    with pytest.raises(ValueError, match="side 2"):
        solve(state, side=2)


@pytest.mark.parametrize("name", BUNDLED + OTHERS, ids=lambda p: Path(p).stem)
def test_playing_the_solvers_best_moves_to_the_end_scores_its_value(name: str) -> None:
    """A value is only as good as the line that earns it: from small positions, every seat plays
    the solver's best action (for the side the value is for: its seats maximise, every other seat
    minimises, as the value assumes) until the deal is over, and the score reached is exactly the
    value solved at the start."""
    rs = load_ruleset(name)
    rng = random.Random(f"line {Path(name).stem}")
    for _ in range(25):
        state = random_position(rs, rng, max_cards=3)
        side = rng.randrange(rs.side_count)
        value = solve(state, side=side).value
        line = state.copy()
        while line.phase != OVER:
            best = solve(line, side=side).best
            assert best is not None and best in line.legal_codes()
            line.push_code(best)
        assert leaf_value(line, side) == value, rs.name
