"""The command line stays quick to start: `rules --help` loads no module that only a command needs.

`cli.main` imports every command module to register it, so whatever those modules import at
their top is paid by every invocation; the rulebook, diff, skeleton and deep-check modules, the
log wording and the human seat are imported inside the commands that use them.
"""

from __future__ import annotations

import subprocess
import sys

from clitools import REPO

LAZY = [
    "cli.human", "cli.log", "interpreter.sim.deep", "interpreter.sim.simulate", "interpreter.sim.report",
    "interpreter.text.describe", "interpreter.text.diff",
    "interpreter.text.skeleton",
]


def test_loading_the_app_leaves_the_command_only_modules_unloaded() -> None:
    code = "import sys, cli.main; print(' '.join(sorted(sys.modules)))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60, check=True)
    loaded = set(proc.stdout.split())
    assert "cli.main" in loaded
    assert sorted(loaded & set(LAZY)) == []


def test_python_m_cli_main_runs_the_same_program() -> None:
    proc = subprocess.run([sys.executable, "-m", "cli.main", "schema"], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert proc.returncode == 0
    assert proc.stdout.startswith("{")
