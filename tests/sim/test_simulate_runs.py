"""The figures of a run depend on its seed and size only: the same for 1 and 2 local workers,
for the spawn start method, and for a Ray cluster (when Ray is installed); a comparison of
a ruleset with itself finds no change; rulesets that deal alike are paired."""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from interpreter.core.errors import RulesError
from interpreter.rules.loader import load_ruleset
from interpreter.sim.compare import compare_tallies, same_deals
from interpreter.sim.figures import figures
from interpreter.sim.simulate import BackendUnavailable, Runs, SimSpec, local_results, run_task, tasks_of
from interpreter.sim.tally import Tally

SPEC = SimSpec("schnapsen", ("random", "random"), deals=450, matches=20, seed=3)


def report(runs: Runs) -> str:
    return json.dumps([[f.as_dict() for f in figures(t, 3)] for t in runs.tallies] + [t.as_dict() for t in runs.tallies])


def played(jobs: int, **how: str) -> str:
    runs = Runs([SPEC])
    for _ in runs.play(jobs, **how):  # type: ignore[arg-type]
        pass
    assert runs.done == runs.total == 470
    return report(runs)


def test_one_and_two_workers_give_identical_figures() -> None:
    assert played(1) == played(2)


def test_the_spawn_start_method_gives_the_same_blocks() -> None:
    # spawn-safe: the workers start afresh, load the ruleset by name and play the same blocks
    tasks = tasks_of(SimSpec("schnapsen", ("random", "random"), deals=40, seed=3))
    here, there = Tally(), Tally()
    for task, sums in local_results(tasks, 1):
        here.add(task.block, sums)
    for task, sums in local_results(tasks, 2, "spawn"):
        there.add(task.block, sums)
    assert here.as_dict() == there.as_dict()


def test_a_deal_is_the_same_in_a_longer_run() -> None:
    # deal i is played from its own seed: the first 40 deals of a 450-deal run are those of a
    # 40-deal run (the blocks differ, the deals do not), so their sums agree
    short = Runs([SimSpec("schnapsen", ("random", "random"), deals=40, seed=3)])
    long = Runs([SimSpec("schnapsen", ("random", "random"), deals=400, seed=3)])
    for _ in short.play():
        pass
    for _ in long.play():  # 400 deals in blocks of 2: blocks 0..19 are deals 0..39
        pass
    first = {k: sum(long.tallies[0].blocks[("deals", b)].get(k, 0.0) for b in range(20)) for k in long.tallies[0].keys()}
    assert {k: v for k, v in first.items() if v} == {k: short.tallies[0].total(k, "deals") for k in short.tallies[0].keys() if short.tallies[0].total(k, "deals")}


def test_a_ruleset_compared_with_itself_changes_nothing() -> None:
    # the same seeds and the same seats: every deal is played identically in both runs, so
    # every difference is exactly 0 and no metric "changes"
    runs = Runs([SimSpec("schnapsen", ("random", "random"), deals=200), SimSpec("schnapsen", ("random", "random"), deals=200)])
    for _ in runs.play():
        pass
    changes = compare_tallies(*runs.tallies)
    assert changes and all(c.diff == 0 and c.p == 1.0 and not c.changes for c in changes)


def test_rulesets_that_deal_alike_are_paired() -> None:
    schnapsen = load_ruleset("schnapsen")
    assert same_deals(schnapsen, load_ruleset("house/sharp-schnapsen"))
    assert not same_deals(schnapsen, load_ruleset("house/santase"))  # 24 cards against 20


def test_a_house_rule_that_forbids_closing_changes_how_deals_end(tmp_path: Path) -> None:
    # closing disabled: no deal can end "closed", while Schnapsen's random seats close in
    # about half of their deals -- a change Holm lets through with 300 deals each
    path = tmp_path / "no-close.yaml"
    path.write_text("extends: schnapsen\nname: no-close\nclosing: {enabled: false}\n", encoding="utf-8")
    runs = Runs([SimSpec(str(path), ("random", "random"), deals=300, allow_outside=True), SimSpec("schnapsen", ("random", "random"), deals=300)])
    for _ in runs.play():
        pass
    by_key = {c.key: c for c in compare_tallies(*runs.tallies)}
    assert "fired: close" in by_key and by_key["fired: close"].a == 0.0 and by_key["fired: close"].changes
    assert by_key["end: closed, failed"].changes


def test_a_two_cpu_ray_cluster_gives_the_same_figures(ray_cluster: None) -> None:
    assert played(1) == played(1, backend="ray")


def test_a_sum_missing_from_one_run_compares_as_0_of_its_count() -> None:
    # four blocks of one deal, each at bid 4: run A made it in blocks 0 and 1 (2 of 4), run B
    # has no "bid 4 made" sum at all (never made, as a tally kept before the sum was written at
    # 0): B reads 0 of 4, so the difference is +0.5, not a missing row or an error.  Its error,
    # by hand: A's block residuals (y - 0.5 * 1) / 4 = +-0.125, B's 0: sqrt(4/3 * 4 * 0.125^2)
    # = 0.288675, times Student's 3.182 for 4 - 1 degrees of freedom: 0.5 -+ 0.9187, the top
    # clipped at 100% (a difference of two rates)
    a, b = Tally(), Tally()
    for k in range(4):
        a.add(("deals", k), {"deals": 1, "bid 4": 1, "bid 4 made": 1.0 if k < 2 else 0.0})
        b.add(("deals", k), {"deals": 1, "bid 4": 1})
    by_key = {c.key: c for c in compare_tallies(a, b)}
    made = by_key["bid 4 made"]
    assert (made.a, made.b, made.diff) == (0.5, 0.0, 0.5)
    assert made.low is not None and made.high == 1.0
    assert abs((made.diff - made.low) / 3.182 - (4 / 3 * 4 * 0.125**2) ** 0.5) < 1e-4
    assert (by_key["bid 4"].a, by_key["bid 4"].b) == (1.0, 1.0)


BAD_FORMULA = 'extends: schnapsen\nname: dz\nscoring:\n  game_points: "points // (tricks - tricks)"\n'


def test_a_worker_process_names_the_file_as_the_user_did(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a spawned process shares nothing with this one but the spec: it reads the file by its
    # absolute path, and a formula failing in its deals (game_points divides by zero whenever
    # it is counted: line 4, column 17) names the file as the user did here, "dz.yaml"
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dz.yaml").write_text(BAD_FORMULA, encoding="utf-8")
    rs = load_ruleset("dz.yaml")
    assert rs.shown == "dz.yaml"
    spec = SimSpec(str(tmp_path / "dz.yaml"), ("random", "random"), deals=10, shown=rs.shown)
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        with pytest.raises(RulesError) as info:
            list(pool.map(run_task, tasks_of(spec)))
    assert (info.value.file, info.value.line, info.value.column) == ("dz.yaml", 4, 17)


@pytest.mark.parametrize(("deals", "matches", "message"), [
    # deal (and match) i is seeded seed * 2**32 + i: at most 2**32 - 1 = 4,294,967,295 of each,
    # and the one count out of range is named with its value
    (2**32, 0, "deals must be between 0 and 4,294,967,295, got 4,294,967,296"),
    (2**32 - 1, 2**32, "matches must be between 0 and 4,294,967,295, got 4,294,967,296"),
    (10, -1, "matches must be between 0 and 4,294,967,295, got -1"),
])
def test_a_spec_names_the_count_out_of_range(deals: int, matches: int, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        SimSpec("schnapsen", ("random", "random"), deals=deals, matches=matches)
    assert str(caught.value) == message


@pytest.mark.parametrize("address", ["", " "])
def test_an_empty_ray_address_is_refused_before_ray_is_asked(address: str) -> None:
    """``None`` starts a cluster on this machine; an empty text is no address (Ray said only
    "Invalid address format: ", and the message named "this machine")."""
    with pytest.raises(BackendUnavailable) as caught:
        for _ in Runs([SPEC]).play(backend="ray", address=address):
            pass
    assert str(caught.value) == (f"--address: {address!r} is no address (expected auto or HOST:PORT of a Ray cluster; "
                                 "leave --address out to start one on this machine)")
