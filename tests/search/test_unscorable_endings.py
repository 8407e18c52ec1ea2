"""An ending the rules cannot score, met in a world a search imagines, never escapes the search.

A house formula may fail at run time for some endings only (``100 // (tricks - 3)`` divides
by zero where the winner took exactly three tricks).  Only the real deal's scoring may stop a
match: the tree search values such a line as the worst for every side, the exact solver
raises and its callers (PIMC, ``rules analyse``) leave that world or line out.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.core.actions import CLOSE, DECLARE, parse_action
from interpreter.core.errors import ExpressionError
from interpreter.engine.match import Match
from interpreter.engine.state import DealState
from interpreter.play.analysis import _solve_every_world, analyse_decision, best_line
from interpreter.play.bots.greedy import GreedyBot
from interpreter.play.bots.search_bot import SearchBot
from interpreter.rules.loader import load_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.search.ismcts import ismcts
from interpreter.search.pimc import pimc
from interpreter.search.solver import Solver
from tests.search.test_pimc import talon_used_up

#: Fails exactly where the winner's formula is scored with ``tricks`` 3.
T3 = "100 // (tricks - 3)"
#: Reads the same input, never fails, and shows it: the game points are 1000 plus the tricks.
SHOWN = "1000 + tricks"
#: Fails wherever it is scored (the divisor reads names, so the file loads).
ALWAYS = "100 // (tricks - tricks)"


def _house(tmp_path: Path, name: str, formula: str) -> Ruleset:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f'extends: schnapsen\nname: {name}\nscoring: {{game_points: "{formula}"}}\n', encoding="utf-8")
    return load_ruleset(path)


def _play(rs: Ruleset, shown: Ruleset, seed: int, deals: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], bool]:
    """Play up to ``deals`` deals of ``rs`` between ``search:iters=10`` and ``greedy``, each
    real move made also on the same deal of ``shown`` (whose formula says with which tricks it
    was scored).  Returns the scores of each finished deal in ``rs`` and in ``shown`` (the
    stopped deal's in ``shown`` last), and whether the real deal stopped on the formula.  A bot
    that raises fails the test: only the real deal's scoring may."""
    match = Match(rs, seed)
    agents: list[SearchBot | GreedyBot] = [SearchBot(rs, seed, iterations=10), GreedyBot(rs, seed)]
    real: list[tuple[int, ...]] = []
    twin: list[tuple[int, ...]] = []
    for _ in range(deals):
        if match.is_over:
            break
        state = match.next_deal()
        other = DealState.new(shown, state.dealer, match.deal_seeds[-1])
        while not state.is_over:
            seat = state.actor
            assert seat is not None
            code = state.rs.code(agents[seat].choose(state.view(seat), state.legal_actions()))
            assert code is not None
            other.push_code(code, keep_undo=False)
            try:
                state.push_code(code, keep_undo=False)
            except ExpressionError:
                assert other.result is not None
                twin.append(tuple(other.result.scores))
                return real, twin, True
        match.finish_deal()
        assert state.result is not None and other.result is not None
        real.append(tuple(state.result.scores))
        twin.append(tuple(other.result.scores))
    return real, twin, False


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_match_stops_only_where_a_real_deal_reaches_the_ending(tmp_path: Path, seed: int) -> None:
    """Seeds where the search raised in an imagined world before the fix.  The formula's
    twin shows with which tricks each real deal was scored: the match stops exactly where a
    real deal is scored with three (seed 1: its first deal), and goes on elsewhere, each
    deal scored ``100 // (tricks - 3)``."""
    rs = _house(tmp_path, "t3", T3)
    shown = _house(tmp_path, "shown", SHOWN)
    real, twin, stopped = _play(rs, shown, seed, 3)
    assert stopped == (seed == 1)
    if stopped:  # the formula was scored with three tricks in the real deal
        assert max(twin[-1]) == 1003
    for scores, seen in zip(real, twin):
        if max(seen) >= 1000:  # the formula scored this deal: with tricks other than 3
            tricks = max(seen) - 1000
            assert tricks != 3
            assert max(scores) == 100 // (tricks - 3)
        else:  # fixed points (a failed close, a false declaration): the same in both files
            assert scores == seen
    if not stopped:  # three deals, unless a side reached the match's 7 before
        totals = [sum(scores[side] for scores in real) for side in range(2)]
        assert len(real) == 3 or max(totals) >= 7


def test_the_solver_raises_and_leaves_the_state_untouched(tmp_path: Path) -> None:
    rs = _house(tmp_path, "always", ALWAYS)
    st = talon_used_up(4, rs)
    key = st.key()
    solver = Solver(rs.side_of(st.actor or 0))
    with pytest.raises(ExpressionError, match="division by zero"):
        solver.solve(st)
    with pytest.raises(ExpressionError, match="division by zero"):
        solver.move_values(st)
    assert st.key() == key and st.result is None


def test_pimc_leaves_every_unscorable_world_out(tmp_path: Path) -> None:
    rs = _house(tmp_path, "always", ALWAYS)
    st = talon_used_up(4, rs)
    seat = st.actor
    assert seat is not None
    assert pimc(st.view(seat), random.Random(1), worlds=10) is None


def test_the_tree_search_values_unscorable_lines_as_the_worst(tmp_path: Path) -> None:
    """``points // opponent_tricks`` and the deal of ``tests/cli/test_analyse_cli.py`` after 13
    moves: seat 1, without a trick (so it may not declare) and without a trump, follows seat
    0's ten of trumps.  Seat 0 takes this trick and every later one (seat 1 holds no heart and
    no trump) and has 66 after any of them, so every line ends with seat 0 winning against an
    opponent without a trick: each of seat 1's moves is worth the worst reward, ``UNSCORABLE``
    times Schnapsen's largest deal score (3), in every iteration.  No world can be solved, so
    the tree search decides."""
    rs = _house(tmp_path, "dz", "points // opponent_tricks")
    st = DealState.new(rs, 0, 4071050724)
    for text in ("exchange, play JD, play TD, play KH, play TC, play KC, play QH, close, play AS, play KS, "
                 "play AC, play JH, play TS").split(", "):
        code = rs.code(parse_action(text))
        assert code is not None
        st.push_code(code)
    assert st.actor == 1 and st.tricks == [5, 0]
    view = st.view(1)
    assert sorted(str(rs.action_of[c]) for c in view.legal_codes) == ["play AD", "play KD", "play QD"]
    result = ismcts(view, random.Random(3), iterations=60)
    assert not result.exact and result.iterations == 60
    assert result.values == {code: -3.0 for code in view.legal_codes}  # UNSCORABLE, -1, times 3


def test_the_analysis_values_a_decision_without_its_unscorable_hands(tmp_path: Path) -> None:
    """Every hand fails to solve, so the tree search values the decision; no best line."""
    rs = _house(tmp_path, "always", ALWAYS)
    st = talon_used_up(4, rs)
    seat = st.actor
    assert seat is not None
    view = st.view(seat)
    assert _solve_every_world(view, rs.side_of(seat), 10**6) is None
    code = next(c for c in st.legal_codes() if c != DECLARE)
    assert best_line(st, code, rs.side_of(seat)) == ()
    report = analyse_decision(st, rs.action_of[code], 0, 0, {seat}, 40, 0)
    assert report is not None
    assert not report.exact and report.worlds is None and report.line == ()


def test_the_analysis_looks_past_a_move_to_an_unscorable_ending(tmp_path: Path) -> None:
    """A seat that may declare rightly: declaring ends the deal, unscorable here, so nothing
    follows it (the analysis looks past each move that keeps the turn) and it is worth the
    worst; the move played is a card."""
    rs = _house(tmp_path, "always", ALWAYS)
    rng = random.Random(5)
    for deal in range(200):
        st = DealState.new(rs, 0, deal)
        while not st.is_over and not (DECLARE in st.legal_codes() and st.claim_points() >= st.t.claim_target):
            st.push_code(rng.choice([c for c in st.legal_codes() if c not in (DECLARE, CLOSE)]), keep_undo=False)
        if not st.is_over and len(st.legal_codes()) > 2:
            break
    seat = st.actor
    assert seat is not None
    card = next(c for c in st.legal_codes() if c < DECLARE)
    report = analyse_decision(st, rs.action_of[card], 0, 0, {seat}, 40, 0)
    assert report is not None and report.played == str(rs.action_of[card])
    assert report.values["declare"] == -3.0  # UNSCORABLE, -1, times Schnapsen's largest deal score
