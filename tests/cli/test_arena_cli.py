"""`rules arena` and `rules tournament`: their inputs in the output, JSON that parses, the same
figures with any number of jobs, one clear message and status 2 for a bad argument, and the
figures of what finished when stopped."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from clitools import REPO, invoke, no_traceback, run_rules


def _without_timings(report: dict[str, Any]) -> dict[str, Any]:
    report = dict(report)
    del report["ms_per_decision"]
    for p in report.get("pairings", []):
        p.pop("ms_per_decision", None)
    return report


def test_arena_json_names_its_inputs_and_figures() -> None:
    out = invoke(["arena", "greedy", "random", "--deals", "10", "--seed", "5", "--jobs", "1", "--json"])
    assert out.exit_code == 0, out.stderr
    report = out.json()
    assert (report["ruleset"], report["deals"], report["seed"], report["a"], report["b"]) == ("schnapsen", 10, 5, "greedy", "random")
    assert report["finished"] == 10 and report["plays"] == 20 and report["interrupted"] is False and report["error"] is None
    assert report["sides"] == [[0], [1]] and report["unit"] == "game points"
    low, high = report["win_interval"]
    assert low <= report["win_rate"] <= high
    assert [o["won"] for o in report["outcomes"]] == [0, 0.5, 1, 1.5, 2]  # the five outcomes of a pair
    assert sum(o["deals"] for o in report["outcomes"]) == 10
    assert set(report["ms_per_decision"]) == {"a", "b"}
    # wall and CPU milliseconds of each bot
    assert list(report["ms_per_decision"]["a"]) == ["median", "p95", "cpu_median", "cpu_p95", "decisions"]


def test_arena_text_shows_the_inputs_and_the_table() -> None:
    out = invoke(["arena", "greedy", "random", "--ruleset", "north-american-4", "--deals", "6", "--seed", "2", "--jobs", "1"])
    assert out.exit_code == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].endswith(": greedy (A) against random (B), 6 deals, seed 2")
    assert "A on side 0 (seats 0, 2), then side 1 (seats 1, 3)" in lines[1]
    assert any(line.startswith("deals won") and "of 12 played" in line for line in lines)
    assert any(line.startswith("units per deal") for line in lines)
    assert lines[-3].split() == ["ms", "per", "decision", "wall", "median", "p95", "CPU", "median", "p95", "decisions"]
    assert lines[-2].startswith("greedy (A)") and len(lines[-2].split()) == 2 + 5
    assert out.stderr == ""


def test_the_same_figures_with_one_job_and_two() -> None:
    args = ["arena", "greedy", "random", "--deals", "30", "--seed", "9", "--json"]
    one = run_rules([*args, "--jobs", "1"])
    two = run_rules([*args, "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0, one.stderr + two.stderr
    assert _without_timings(one.json()) == _without_timings(two.json())


def test_tournament_json_rates_best_first() -> None:
    out = invoke(["tournament", "random", "greedy", "--deals", "15", "--jobs", "1", "--json"])
    assert out.exit_code == 0, out.stderr
    report = out.json()
    assert report["bots"] == ["random", "greedy"] and report["deals"] == 15
    ratings = report["ratings"]
    assert [r["bot"] for r in ratings] == ["greedy", "random"]
    assert ratings[0]["rating"] == pytest.approx(-ratings[1]["rating"])  # mean 0
    assert ratings[0]["interval"][0] < ratings[0]["rating"] < ratings[0]["interval"][1]
    assert [(p["a"], p["b"], p["plays"]) for p in report["pairings"]] == [("random", "greedy", 30)]
    assert set(report["ms_per_decision"]) == {"random", "greedy"}
    assert set(report["ms_per_decision"]["greedy"]) == {"median", "p95", "cpu_median", "cpu_p95", "decisions"}


def test_tournament_text_ranks_the_bots() -> None:
    out = invoke(["tournament", "random", "greedy", "--deals", "10", "--ruleset", "north-american-3", "--jobs", "1"])
    assert out.exit_code == 0, out.stderr
    lines = out.stdout.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("rank"))
    assert lines[header + 1].split()[:2] == ["1", "greedy"]
    assert lines[header + 2].split()[:2] == ["2", "random"]


@pytest.mark.parametrize(("args", "message"), [
    (["arena", "greedy", "smart", "--deals", "5"], "error: bot B: unknown bot kind 'smart' (expected one of: random, greedy, basic, search, "),
    (["arena", "human", "greedy", "--deals", "5"], "error: bot A: unknown bot kind 'human' (expected one of: random, greedy, basic, search, "),
    (["arena", "greedy", "random", "--deals", "5", "--ruleset", "no-such-game"], "error: no ruleset file or bundled ruleset named 'no-such-game'"),
    (["arena", "greedy", "random", "--deals", "200001"], "error: --deals: 200,001 is more than a run keeps (at most 200,000)"),
    (["tournament", "greedy", "--deals", "5"], "error: a tournament needs at least two bots, got 1"),
    (["tournament", "greedy", "random", "greedy", "--deals", "5"], "error: bot 3: 'greedy' is given twice"),
    # two names of one bot: the easy level is 70 iterations (docs/bots.md), normal 700
    (["tournament", "search:easy", "search:iters=70", "--deals", "2"],
     "error: bot 2: 'search:iters=70' is the same bot as bot 1, 'search:easy' (both search:iters=70; each bot once; "
     "for an A/A control use rules arena search:easy search:iters=70)"),
    (["tournament", "search", "random", "SEARCH:NORMAL", "--deals", "2"],
     "error: bot 3: 'search:normal' is the same bot as bot 1, 'search' (both search:iters=700;"),
    (["tournament", "search:ms=200", "search:ms=200.0", "--deals", "2"],
     "error: bot 2: 'search:ms=200.0' is the same bot as bot 1, 'search:ms=200' (both search:ms=200.0;"),
])
def test_a_bad_argument_is_one_message_and_status_2(args: list[str], message: str) -> None:
    out = invoke(args)
    assert out.exit_code == 2
    assert out.stdout == ""
    assert out.stderr.startswith(message)
    assert len(out.stderr.splitlines()) == 1
    no_traceback(out)


@pytest.mark.parametrize("args", [
    ["arena", "greedy", "random"],                      # --deals is required
    ["arena", "greedy", "random", "--deals", "0"],
    ["arena", "greedy", "random", "--deals", "5", "--jobs", "0"],
])
def test_the_parser_refuses_missing_and_out_of_range_options(args: list[str]) -> None:
    out = invoke(args)
    assert out.exit_code == 2
    no_traceback(out)


#: ``rules`` that sends Ctrl-C's signal to its whole process group once the progress bar
#: shows a finished deal: a stop with something to report, at no moment a test waits for
CTRL_C_AFTER_A_DEAL = """
import contextlib, os, signal
import cli.arena
real = cli.arena.progress_bar

@contextlib.contextmanager
def bar(total, label):
    with real(total, label) as show:
        sent = []
        def shown(done):
            show(done)
            if done and not sent:
                sent.append(done)
                os.killpg(os.getpgrp(), signal.SIGINT)
        yield shown

cli.arena.progress_bar = bar
from cli import main
main()
"""


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_prints_what_finished(jobs: str) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", CTRL_C_AFTER_A_DEAL, "arena", "greedy", "random", "--deals", "200000", "--jobs", jobs, "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO, start_new_session=True,
    )
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    report = json.loads(out)
    assert report["interrupted"] is True and report["error"] is None and report["deals"] == 200000
    assert 0 < report["finished"] < 200000
    assert err.startswith("interrupted: the figures are of the ")
    assert "Traceback" not in err


def test_two_names_of_one_bot_may_meet_in_the_arena_and_different_bots_in_a_tournament() -> None:
    # the arena's A/A control is a bot against itself, under any name; a tournament takes
    # bots that differ by one iteration
    assert invoke(["arena", "search:easy", "search:iters=70", "--deals", "1", "--jobs", "1"]).exit_code == 0
    out = invoke(["tournament", "search:easy", "search:iters=71", "--deals", "1", "--jobs", "1"])
    assert out.exit_code == 0, out.stderr


def test_one_finished_deal_gives_no_interval_for_the_net() -> None:
    """Every resample of one deal is that deal: a paired bootstrap over it is an interval of no
    width, which ``rules simulate`` already declines to print (too few blocks)."""
    out = invoke(["arena", "greedy", "random", "--deals", "1", "--jobs", "1"])
    assert out.exit_code == 0, out.stderr
    row = next(line for line in out.stdout.splitlines() if line.startswith("game points per deal"))
    assert row.split()[5:] == ["-", "too", "few", "deals", "for", "an", "interval", "(1)"], row
    report = invoke(["arena", "greedy", "random", "--deals", "1", "--jobs", "1", "--json"]).json()
    assert report["net"] is not None and report["net_interval"] is None
    two = invoke(["arena", "greedy", "random", "--deals", "2", "--jobs", "1"]).stdout
    assert "paired bootstrap over 2 deals" in two


def test_a_rating_that_rounds_to_nothing_is_plus_zero() -> None:
    from cli.arena import _rating

    assert [_rating(x) for x in (-1e-14, -0.4, 0.0, 0.5, 12.6, -338.2)] == ["+0", "+0", "+0", "+0", "+13", "-338"]
