"""A stop before any deal of ``rules arena`` or ``rules tournament`` finished: one line on
stderr and 128 + the signal, nothing on stdout -- where a table of no deals (or JSON of no
deals) was printed, as ``rules simulate`` printed one before it was made to end alike
(tests/cli/test_simulate_stops.py).  The same end whether the signal came while the command
loaded its ruleset or as the first chunk of deals began.

The signal is sent by the command to itself, from a hook at the moment named (a function
replaced in the child), so no test waits for a moment to come."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from clitools import signalled_at

#: Where the signal is sent: as the ruleset loads, or as the first chunk starts (in this
#: process: --jobs 1).
MOMENTS = {"loading": "cli.arena:ruleset_or_exit", "playing": "interpreter.sim.arena:Arena._play_here"}

COMMANDS = {
    "arena": ["arena", "greedy", "random", "--deals", "40"],
    "tournament": ["tournament", "greedy", "random", "basic", "--deals", "40"],
}


def run(tmp_path: Path, name: str, moment: str, args: list[str]) -> subprocess.CompletedProcess[str]:
    return signalled_at(MOMENTS[moment], name, [*args, "--jobs", "1"], tmp_path)


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("moment", ["loading", "playing"])
@pytest.mark.parametrize("form", [[], ["--json"]], ids=["table", "json"])
def test_ctrl_c_before_any_deal_finished_prints_nothing(tmp_path: Path, command: str, moment: str, form: list[str]) -> None:
    proc = run(tmp_path, "SIGINT", moment, [*COMMANDS[command], *form])
    assert (proc.returncode, proc.stdout, proc.stderr) == (130, "", "interrupted before any deal finished: no figures, nothing written\n")


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGHUP", 129)])
def test_a_stop_signal_while_the_ruleset_loads_is_said_with_its_status(tmp_path: Path, name: str, status: int) -> None:
    proc = run(tmp_path, name, "loading", [*COMMANDS["arena"], "--json"])
    assert (proc.returncode, proc.stdout, proc.stderr) == (status, "", f"stopped by {name} before any deal finished: no figures, nothing written\n")


#: ``rules`` that sends itself a signal at the third decision of the second deal (--jobs 1,
#: two-seat Schnapsen: four agents a deal, the fifth opens the second), having written the
#: decisions of the first deal -- counted here, not by the arena's clocks -- to first-deal.txt.
_STOP_IN_SECOND_DEAL = """
import os, signal
import interpreter.sim.arena as arena

counts = {"agents": 0, "decisions": 0, "first": None}
new_agent, choose = arena.new_agent, arena._Timed.choose

def counted_agent(*args):
    counts["agents"] += 1
    if counts["agents"] == 5:
        counts["first"] = counts["decisions"]
        with open("first-deal.txt", "w") as f:
            f.write(str(counts["decisions"]))
    return new_agent(*args)

def counted_choose(self, view, legal):
    if counts["first"] is not None and counts["decisions"] == counts["first"] + 2:
        os.kill(os.getpid(), signal.{SIGNAL})
    counts["decisions"] += 1
    return choose(self, view, legal)

arena.new_agent, arena._Timed.choose = counted_agent, counted_choose
from cli import main
main()
"""


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize(("name", "status"), [("SIGINT", 130), ("SIGTERM", 143)])
def test_a_stop_in_a_deal_leaves_its_decisions_out_of_the_timings(tmp_path: Path, name: str, status: int) -> None:
    """The deal cut short is not kept, and neither are the decisions made in it: the timings
    count the decisions of the one deal kept, where they counted two more."""
    code = _STOP_IN_SECOND_DEAL.replace("{SIGNAL}", name)
    proc = subprocess.run([sys.executable, "-c", code, *COMMANDS["arena"], "--jobs", "1", "--json"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert proc.returncode == status, proc.stderr
    report = json.loads(proc.stdout)
    first_deal = int((tmp_path / "first-deal.txt").read_text())
    timings = report["ms_per_decision"]
    assert (report["finished"], report["interrupted"]) == (1, True)
    assert timings["a"]["decisions"] + timings["b"]["decisions"] == first_deal
