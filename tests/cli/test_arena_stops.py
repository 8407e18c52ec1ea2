"""A stop before any deal of ``rules arena`` or ``rules tournament`` finished: one line on
stderr and 128 + the signal, nothing on stdout -- where a table of no deals (or JSON of no
deals) was printed, as ``rules simulate`` printed one before it was made to end alike
(tests/cli/test_simulate_stops.py).  The same end whether the signal came while the command
loaded its ruleset or as the first chunk of deals began.

The signal is sent by the command to itself, from a hook at the moment named (a function
replaced in the child), so no test waits for a moment to come."""

from __future__ import annotations

import signal
import subprocess
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
