"""A stop before any block of ``rules simulate`` or ``rules compare`` finished: one line on
stderr and 128 + the signal, nothing on stdout, and an existing ``--html`` report kept as it
was -- where it was replaced by an empty page and an empty table was printed.  The same end
whether the signal came while the command was still loading its rulesets or while the first
block was played: nothing had finished either way.  And SIGTERM in that first part is said
with its status, where it killed the process without a word.

The signal is sent by the command to itself, from a hook at the moment named (a function
replaced in the child), so no test waits for a moment to come."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path

import pytest
from clitools import signalled_at

#: Where the signal is sent: as a ruleset loads (before the run begins), or as the first
#: block starts (in this process: --jobs 1).
MOMENTS = {"loading": "cli.simulate:ruleset_or_exit", "playing": "interpreter.sim.simulate:run_task"}

OLD = "<!DOCTYPE html><p>last week's report</p>\n"
COMMANDS = {
    "simulate": ["simulate", "schnapsen", "--deals", "400"],
    "compare": ["compare", "house/sharp-schnapsen", "schnapsen", "--deals", "400"],
}


def run(tmp_path: Path, name: str, moment: str, args: list[str]) -> subprocess.CompletedProcess[str]:
    return signalled_at(MOMENTS[moment], name, [*args, "--jobs", "1"], tmp_path)


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("moment", ["loading", "playing"])
@pytest.mark.parametrize("form", [[], ["--json"], ["--csv"]], ids=["table", "json", "csv"])
def test_ctrl_c_before_any_block_finished_keeps_the_old_report_and_prints_nothing(
    tmp_path: Path, command: str, moment: str, form: list[str],
) -> None:
    page = tmp_path / "report.html"
    page.write_text(OLD, encoding="utf-8")
    proc = run(tmp_path, "SIGINT", moment, [*COMMANDS[command], *form, "--html", str(page)])
    assert (proc.returncode, proc.stdout, proc.stderr) == (130, "", "interrupted before any deal finished: no figures, nothing written\n")
    assert page.read_text(encoding="utf-8") == OLD


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGHUP", 129)])
def test_a_stop_signal_while_the_rulesets_load_is_said_with_its_status(tmp_path: Path, name: str, status: int) -> None:
    proc = run(tmp_path, name, "loading", [*COMMANDS["simulate"], "--json"])
    assert (proc.returncode, proc.stdout, proc.stderr) == (status, "", f"stopped by {name} before any deal finished: no figures, nothing written\n")
