"""Shared helpers of the `rules` command tests (imported by the tests as ``clitools``).

This folder has no ``__init__.py`` on purpose: as a package it would be named ``cli`` and
shadow the project's own ``cli`` package (``from cli.main import app`` would fail for every
test folder collected after it).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from cli.main import app

REPO = Path(__file__).resolve().parents[2]
RULES = Path(sys.executable).parent / "rules"
RULESETS = ["schnapsen", "sechsundsechzig", "north-american-4", "north-american-3", "north-american-2"]
SEATS = {"schnapsen": 2, "sechsundsechzig": 2, "north-american-4": 4, "north-american-3": 3, "north-american-2": 2}

#: The keys of `rules replay --json`, as the record-format spec (section 3) lists them.
REPLAY_KEYS = [
    "status", "illegal", "to_act", "legal", "card_points", "tricks_won", "winner", "game_points",
    "match_scores", "match_winner",
]
#: The keys that follow them: the whole position (interpreter.play.record.position_report).
POSITION_KEYS = [
    "dealer", "leader", "hands", "trump", "turn_up", "stock", "widow", "trick", "closed", "closer", "position",
]


@dataclass
class Outcome:
    exit_code: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        lines = [line for line in self.stdout.splitlines() if line.strip()]
        assert len(lines) == 1, f"expected exactly one JSON line on stdout, got {self.stdout!r}"
        return json.loads(lines[0])


def invoke(args: list[str], input: str | None = None) -> Outcome:
    """Run `rules ARGS` in-process; an exception escaping the command fails the test."""
    result = CliRunner().invoke(app, args, input=input, prog_name="rules")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        tb = "".join(traceback.format_exception(result.exception))
        raise AssertionError(f"`rules {' '.join(args)}` raised instead of exiting:\n{tb}")
    return Outcome(result.exit_code, result.stdout, result.stderr)


def run_rules(args: list[str], input: str | None = None, cwd: Path | None = None) -> Outcome:
    """Run the installed `rules` script in a subprocess (the real entry point)."""
    proc = subprocess.run(
        [str(RULES), *args], input=input, capture_output=True, text=True, cwd=cwd or REPO, timeout=120,
        env={**os.environ, "COLUMNS": "200"},
    )
    return Outcome(proc.returncode, proc.stdout, proc.stderr)


def no_traceback(outcome: Outcome) -> None:
    assert "Traceback" not in outcome.stdout + outcome.stderr


