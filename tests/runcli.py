"""Run the ``rules`` command in-process from any test folder: ``from runcli import invoke``.

It lives at the top of tests/ (on the import path through tests/conftest.py) so that folders
other than tests/cli can use it; tests/cli/clitools.py re-exports it with that folder's other
helpers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from typer.testing import CliRunner

from cli.main import app


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
