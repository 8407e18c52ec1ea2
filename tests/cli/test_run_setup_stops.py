"""A stop while ``rules run`` sets its match up -- loading the ruleset, opening the record --
ends it as a stop before the first deal does: ``game stopped by SIGTERM; no deal had begun,
so there is no record`` on stderr, 128 + the signal, nothing on stdout and no file left
behind (neither a record nor its lock file).  Where the command's stop began only once the
match was set up, SIGTERM in that time (about a second) killed it without a word.

The signal is sent by the command to itself, from a hook at the moment named (a function
replaced in the child), so no test waits for a moment to come."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest
from clitools import signalled_at

#: The moments: as the ruleset loads (nothing opened yet), and as the header line is printed
#: (the record's name is held by then: its lock file exists).
MOMENTS = {"loading": "cli.run:ruleset_or_exit", "record opened": "cli.run:Printer.say"}


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize("moment", sorted(MOMENTS))
@pytest.mark.parametrize(("name", "status", "said"), [("SIGTERM", 143, "game stopped by SIGTERM"), ("SIGINT", 130, "game interrupted")])
def test_a_stop_while_the_match_is_set_up_is_said_and_leaves_no_file(tmp_path: Path, moment: str, name: str, status: int, said: str) -> None:
    proc = signalled_at(MOMENTS[moment], name, ["run", "schnapsen", "--seed", "3", "--record", "q.yaml"], tmp_path)
    assert (proc.returncode, proc.stdout, proc.stderr) == (status, "", f"{said}; no deal had begun, so there is no record\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == []
