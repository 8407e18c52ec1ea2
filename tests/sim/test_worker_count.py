"""``--jobs`` is capped at the CPUs of this machine: more processes would only share the same
CPUs, each a whole interpreter in memory (``--jobs 1000000`` once started a process per chunk
of deals).  The cap is said once on stderr, and the figures are the same whatever the number
of processes.  Each test fixes the CPU count (2, or 1) so that what it expects does not depend
on the machine it runs on."""

from __future__ import annotations

import multiprocessing
import os
import sys
from pathlib import Path

import pytest

from interpreter.sim import workers

sys.path.insert(0, str(Path(__file__).parents[1] / "cli"))  # the CLI tests' helpers
from clitools import invoke  # noqa: E402

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the fork start method")


def _pid(task: int) -> int:
    """Which process did ``task`` (module level: a worker runs it)."""
    return os.getpid()


def test_a_thousand_jobs_start_no_more_processes_than_cpus(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten tasks with jobs=1000 on two CPUs: two worker processes, each handed a task first,
    so exactly two process ids answer (it was ten: a process per task)."""
    monkeypatch.setattr(workers, "available_cores", lambda: 2)
    pids = list(workers.in_processes(_pid, list(range(10)), 1000, multiprocessing.get_context("fork")))
    assert len(pids) == 10
    assert len(set(pids)) == 2 and os.getpid() not in pids


@pytest.mark.parametrize(("cores", "said"), [
    (2, "--jobs 1000000: using 2 workers, the CPUs of this machine\n"),
    (1, "--jobs 1000000: using 1 worker, the CPU of this machine\n"),
])
@pytest.mark.parametrize("command", [
    ["arena", "random", "greedy", "--deals", "12", "--seed", "3", "--json"],
    ["tournament", "random", "greedy", "--deals", "6", "--seed", "3", "--json"],
    ["simulate", "schnapsen", "--deals", "40", "--seed", "3", "--json"],
    ["compare", "schnapsen", "sechsundsechzig", "--deals", "40", "--seed", "3", "--json"],
])
def test_jobs_above_the_cpus_are_capped_said_once_and_change_no_figure(
    monkeypatch: pytest.MonkeyPatch, command: list[str], cores: int, said: str,
) -> None:
    """The capped run says so in one line on stderr, and prints the figures of ``--jobs 1``
    (the times per decision aside: they are the machine's)."""
    monkeypatch.setattr(workers, "available_cores", lambda: cores)
    one = invoke([*command, "--jobs", "1"])
    many = invoke([*command, "--jobs", "1000000"])
    assert (one.exit_code, one.stderr) == (0, "")
    assert (many.exit_code, many.stderr) == (0, said)
    assert _no_timings(many.json()) == _no_timings(one.json())


def test_jobs_at_or_below_the_cpus_say_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "available_cores", lambda: 2)
    out = invoke(["arena", "random", "greedy", "--deals", "4", "--json", "--jobs", "2"])
    assert (out.exit_code, out.stderr) == (0, "")


def _no_timings(report: object) -> object:
    """The report without its times per decision (``ms_per_decision`` anywhere in it)."""
    if isinstance(report, dict):
        return {k: _no_timings(v) for k, v in report.items() if k != "ms_per_decision"}
    if isinstance(report, list):
        return [_no_timings(v) for v in report]
    return report
