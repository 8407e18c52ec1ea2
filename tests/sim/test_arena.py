"""The arena plays the same deals with the seats swapped and scores them for bot A.

The expectations come from the rules of the arena (docs/bots.md), not from earlier runs: a
bot against itself wins exactly half when it plays alike in every seat, the plays of a deal
put A on each side in turn, the figures do not depend on how many processes played them or
on a stop and a resumption, and a deal's plays are scored by comparing side scores.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from interpreter.core.actions import Action
from interpreter.core.errors import RulesError
from interpreter.engine.state import DealState
from interpreter.engine.views import SeatView
from interpreter.play.bots import Agent, make_agent
from interpreter.play.runner import play_deal
from interpreter.rules.loader import load_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.sim import workers
from interpreter.sim.arena import (
    Arena, DecisionTimes, Timing, arena, deal_specs, outcome_of, play_assignments, seat_roles, tournament,
)
from interpreter.sim.workers import each_in_processes

RULESETS = ["schnapsen", "sechsundsechzig", "north-american-4", "north-american-3", "north-american-2"]


class FirstLegal:
    """Always the first legal action: the same choices in every seat, whatever the seed."""

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        return legal[0]


class LastLegal:
    """Always the last legal action: deterministic too, and unlike :class:`FirstLegal`."""

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        return legal[-1]


def first_legal(rs: Ruleset, seed: int) -> Agent:
    return FirstLegal()


def last_legal(rs: Ruleset, seed: int) -> Agent:
    return LastLegal()


def _figures(arena_run: Arena, index: int = 0) -> dict[str, object]:
    d = arena_run.summary(index).as_dict()
    del d["ms_per_decision"]  # timings alone may differ from run to run
    return d


def test_seat_assignments_put_a_on_each_side_in_turn() -> None:
    assert seat_roles(load_ruleset("schnapsen")) == [(0, 1), (1, 0)]
    # partners opposite: A's team is side 0 (seats 0, 2), then side 1 (seats 1, 3)
    assert seat_roles(load_ruleset("north-american-4")) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert seat_roles(load_ruleset("north-american-3")) == [(0, 1, 1), (1, 0, 1), (1, 1, 0)]


@pytest.mark.parametrize("name", ["schnapsen", "north-american-4", "north-american-3"])
def test_the_plays_are_the_deal_with_the_seats_swapped(name: str) -> None:
    rs = load_ruleset(name)
    spec = deal_specs(rs, 3, seed=11)[2]
    scores = play_assignments(rs, first_legal, last_legal, spec)
    for k, roles in enumerate(seat_roles(rs)):
        state = DealState.new(rs, spec.dealer, spec.seed)
        play_deal(state, [FirstLegal() if role == 0 else LastLegal() for role in roles])
        assert state.result is not None
        assert scores[k] == tuple(state.result.scores)


def test_deals_are_fixed_by_seed_and_index_and_the_dealer_rotates() -> None:
    rs = load_ruleset("north-american-3")
    ten = deal_specs(rs, 10, seed=4)
    assert deal_specs(rs, 4, seed=4) == ten[:4]
    assert [s.dealer for s in ten] == [(rs.dealer.first + i) % 3 for i in range(10)]
    assert [s.index for s in ten] == list(range(10))
    assert deal_specs(rs, 10, seed=5) != ten


def test_a_play_is_scored_by_comparing_side_scores() -> None:
    # two sides: A on side 0 scores 3 against 0 (won), on side 1 scores 0 against 2 (lost)
    o = outcome_of(0, [(3, 0), (2, 0)])
    assert (o.halves, o.net) == (2, 3 - 2)
    # a thrown-in deal: nobody scores, each play is a tie, half a deal each
    assert outcome_of(1, [(0, 0), (0, 0)]).halves == 2
    # three sides, A on side 0 with 2 against 2 and 0: a tie and a win, 3 halves of 4
    o = outcome_of(2, [(2, 2, 0), (0, 0, 0), (0, 0, 0)])
    assert (o.halves, o.net) == (3 + 2 + 2, (2 - 2) + (2 - 0))


@pytest.mark.parametrize("name", RULESETS)
def test_a_bot_against_itself_wins_exactly_half(name: str) -> None:
    rs = load_ruleset(name)
    run = Arena(rs, [first_legal, first_legal], deals=12, seed=2)
    for _ in run.play(1):
        pass
    s = run.summary()
    sides = rs.side_count
    assert s.finished == 12 and s.plays == 12 * sides
    assert s.score == 12 * sides / 2 and s.win_rate == 0.5
    # every deal nets 0: no spread, so no interval (0 to 0 would claim the net known exactly)
    assert s.net == 0 and s.net_interval is None
    assert s.net_why == "no spread over 12 deals (the same net in each): no interval"
    # every deal: exactly half of its plays won
    assert dict(s.outcomes)[Fraction(sides, 2)] == 12
    assert sum(c for _, c in s.outcomes) == 12


def test_random_against_itself_lands_within_its_intervals() -> None:
    s = arena(load_ruleset("schnapsen"), "random", "random", deals=300, seed=8)
    assert s.win_interval is not None and s.net_interval is not None
    assert s.win_interval[0] <= 0.5 <= s.win_interval[1]
    assert s.net_interval[0] <= 0.0 <= s.net_interval[1]


def test_greedy_beats_random() -> None:
    s = arena(load_ruleset("schnapsen"), "greedy", "random", deals=100, seed=1)
    assert s.win_interval is not None and s.win_interval[0] > 0.5
    assert s.net_interval is not None and s.net_interval[0] > 0
    assert s.a_timing is not None and s.a_timing.decisions > 0 and s.a_timing.median <= s.a_timing.p95
    assert s.a_timing.cpu_median <= s.a_timing.cpu_p95


def test_a_decision_is_timed_on_the_wall_and_in_cpu_time() -> None:
    """Each decision counts once on each clock; the quantiles of each come from their own
    histogram (bins 1% wide, so within half a per cent of the values)."""
    times = DecisionTimes()
    for wall, cpu in [(4.0, 1.0), (4.0, 1.0), (8.0, 2.0)]:  # a busy machine: the wall time is 4 times the CPU time
        times.add(wall, cpu)
    more = DecisionTimes()
    more.add(8.0, 2.0)
    times.merge(more)
    t = Timing.of(times)
    assert t is not None and t.decisions == 4 and times.cpu.count == 4
    # medians of 4 values: the mean of the 2nd and 3rd, (4 + 8) / 2 and (1 + 2) / 2
    assert t.median == pytest.approx(6.0, rel=0.005) and t.cpu_median == pytest.approx(1.5, rel=0.005)
    assert t.p95 == pytest.approx(8.0, rel=0.005) and t.cpu_p95 == pytest.approx(2.0, rel=0.005)
    assert list(t.as_dict()) == ["median", "p95", "cpu_median", "cpu_p95", "decisions"]
    assert Timing.of(DecisionTimes()) is None


@pytest.mark.parametrize("name", ["schnapsen", "north-american-4"])
def test_the_figures_do_not_depend_on_the_number_of_jobs(name: str) -> None:
    rs = load_ruleset(name)
    runs = []
    for jobs in (1, 2):
        run = Arena(rs, ["greedy", "random"], deals=40, seed=6)
        for _ in run.play(jobs):
            pass
        runs.append(run)
    assert _figures(runs[0]) == _figures(runs[1])
    assert runs[0].pairings[0].clocks[0].count == runs[1].pairings[0].clocks[0].count  # the same decisions


def test_a_stopped_run_keeps_what_finished_and_resumes_to_the_same_figures() -> None:
    rs = load_ruleset("schnapsen")
    whole = Arena(rs, ["greedy", "random"], deals=30, seed=3)
    for _ in whole.play(1):
        pass
    stopped = Arena(rs, ["greedy", "random"], deals=30, seed=3)
    steps = stopped.play(1)
    for done in steps:
        if done == 7:
            break
    steps.close()
    assert stopped.summary().finished == 7
    for _ in stopped.play(2):  # the rest, in two processes
        pass
    assert _figures(stopped) == _figures(whole)


#: Seconds the bot :func:`stalling` waits in a worker process: far longer than its test takes.
STALL = 30.0
#: What :func:`stalling` counts in each process, and the folder where it says it is stalled.
_stalling: dict[str, Any] = {"made": 0, "folder": None}


def stalling(rs: Ruleset, seed: int) -> Agent:
    """:func:`first_legal`, but in a worker process the seventh agent made -- the first of the
    fourth deal the process plays: two plays a deal, one agent of this bot in each -- writes
    ``stalled-PID`` in the folder named, then waits :data:`STALL` seconds, so the process
    stays in the middle of its chunk of deals, its first three deals sent."""
    _stalling["made"] += 1
    if multiprocessing.parent_process() is not None and _stalling["made"] == 7:
        (Path(_stalling["folder"]) / f"stalled-{os.getpid()}").touch()
        time.sleep(STALL)
    return FirstLegal()


def test_a_run_in_processes_keeps_every_deal_a_process_finished(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A process sends each deal as it finishes, not its chunk whole: two processes with
    chunks of 7 deals (200 deals / (2 processes * 16), rounded up), each stalled in the fourth
    deal of its chunk, have sent three deals each.  Stopped as the first comes in, the run
    keeps all six (deals 0-2 and 7-9), the five not yet taken as well -- where a chunk sent
    whole came only after the stall, and a stop before it kept nothing.  The deals kept have
    the figures an uninterrupted run in one process gives them, and the run resumed ends with
    that run's figures and decisions."""
    monkeypatch.setattr(workers, "available_cores", lambda: 2)  # two processes on any machine
    monkeypatch.setitem(_stalling, "made", 0)  # each forked process counts from here
    monkeypatch.setitem(_stalling, "folder", str(tmp_path))
    rs = load_ruleset("schnapsen")
    run = Arena(rs, [stalling, "random"], deals=200, seed=5)
    assert [[spec.index for spec in chunk.deals] for chunk in run._chunks(2)[:2]] == [list(range(7)), list(range(7, 14))]
    began = time.monotonic()
    steps = run.play(2)
    assert next(steps) == 1
    while len(list(tmp_path.glob("stalled-*"))) < 2 and time.monotonic() - began < STALL:
        time.sleep(0.05)
    steps.close()
    assert time.monotonic() - began < STALL  # the deals came while both processes were stalled
    p = run.pairings[0]
    kept = [i for i, h in enumerate(p.halves) if h is not None]
    assert kept == [0, 1, 2, 7, 8, 9]
    whole = Arena(rs, [first_legal, "random"], deals=200, seed=5)
    for _ in whole.play(1):
        pass
    q = whole.pairings[0]
    assert [(p.halves[i], p.nets[i]) for i in kept] == [(q.halves[i], q.nets[i]) for i in kept]
    for _ in run.play(1):  # the rest, here (where nothing stalls)
        pass
    assert (p.halves, p.nets) == (q.halves, q.nets)
    assert [clock.count for clock in p.clocks] == [clock.count for clock in q.clocks]  # the kept deals' decisions came along, once


def test_a_tournament_rates_every_pairing() -> None:
    rs = load_ruleset("schnapsen")
    run = tournament(rs, ["greedy", "random", first_legal], deals=30, seed=1, jobs=2)
    assert [(p.a, p.b) for p in run.pairings] == [(0, 1), (0, 2), (1, 2)]
    ratings = run.ratings()
    assert sum(ratings.ratings) == pytest.approx(0.0, abs=1e-9)
    assert ratings.ratings[0] > ratings.ratings[1]  # greedy above random
    standings = run.standings()
    assert [plays for _, plays in standings] == [2 * 30 * 2] * 3  # two pairings of 30 deals, 2 plays each
    assert sum(won for won, _ in standings) == pytest.approx(3 * 30 * 2)  # every play won by somebody (ties half each)
    again = tournament(rs, ["greedy", "random", first_legal], deals=30, seed=1, jobs=1)
    assert again.ratings() == ratings


def test_an_unknown_kind_is_a_value_error_from_make_agent() -> None:
    rs = load_ruleset("schnapsen")
    with pytest.raises(ValueError):
        make_agent("nonsense", rs, 0)
    with pytest.raises(ValueError):
        arena(rs, "greedy", "nonsense", deals=1)


def test_a_spawned_worker_names_the_file_as_the_parent_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a worker that does not inherit the ruleset (spawn, the default of macOS and Windows)
    # reads it again by its absolute path from what Arena.play starts it with; a formula
    # failing in its deals (game_points divides by zero whenever it is counted: line 4,
    # column 17) names the file as this process does, "dz.yaml"
    from interpreter.sim.arena import _init_worker, _run_chunk

    monkeypatch.chdir(tmp_path)
    (tmp_path / "dz.yaml").write_text('extends: schnapsen\nname: dz\nscoring:\n  game_points: "points // (tricks - tricks)"\n', encoding="utf-8")
    run = Arena(load_ruleset("dz.yaml"), ["greedy", "random"], deals=10)
    setup = run.worker_setup(False)
    spawn = multiprocessing.get_context("spawn")
    with pytest.raises(RulesError) as info:
        list(each_in_processes(_run_chunk, run._chunks(1), 1, spawn, initializer=_init_worker, initargs=setup))
    assert (info.value.file, info.value.line, info.value.column) == ("dz.yaml", 4, 17)


class _StopInSecondDeal:
    """Bots that count their decisions and stop the run (Ctrl-C) at the third decision of the
    second deal.  A deal of two-seat Schnapsen is two plays of two seats: four agents, so the
    fifth agent made is the first of the second deal -- the decisions made by then are those
    of the first deal, counted here and not by the arena's clocks."""

    def __init__(self) -> None:
        self.agents = 0
        self.decisions = 0
        self.first_deal: int | None = None
        self.stopped = False  # once: a run played again goes to its end

    def bot(self, rs: Ruleset, seed: int) -> Agent:
        self.agents += 1
        if self.agents == 5:
            self.first_deal = self.decisions
        return _Counted(self)


class _Counted:
    def __init__(self, run: _StopInSecondDeal) -> None:
        self.run = run

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        run = self.run
        if run.first_deal is not None and run.decisions == run.first_deal + 2 and not run.stopped:
            run.stopped = True
            raise KeyboardInterrupt  # the third decision of the second deal
        run.decisions += 1
        return legal[0]


def test_a_stopped_run_times_only_the_decisions_of_the_deals_it_kept() -> None:
    stop = _StopInSecondDeal()
    run = Arena(load_ruleset("schnapsen"), [stop.bot, stop.bot], deals=5, seed=1)
    with pytest.raises(KeyboardInterrupt):
        for _ in run.play(1):
            pass
    s = run.summary()
    assert stop.first_deal is not None and stop.decisions == stop.first_deal + 2  # two decisions of deal 2 were made
    assert s.finished == 1 and s.a_timing is not None and s.b_timing is not None
    assert s.a_timing.decisions + s.b_timing.decisions == stop.first_deal
    assert run.timing(0) == s.a_timing and run.timing(1) == s.b_timing
    for _ in run.play(1):  # played again: deal 2 from its start, then the rest
        pass
    s = run.summary()
    assert s.finished == 5 and s.a_timing is not None and s.b_timing is not None
    assert s.a_timing.decisions + s.b_timing.decisions == stop.decisions - 2  # all but the two of deal 2 cut short
