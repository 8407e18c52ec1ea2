"""The ``rules`` command line: run matches, replay records, validate rulesets.

Thin by design: every command parses its arguments, calls :mod:`interpreter`, and prints.
Results go to stdout (``--json`` for programs), diagnostics to stderr; any
:class:`~interpreter.core.errors.RulesError` becomes one located message and exit status 2
(:mod:`cli.errors`).  This module only assembles the app, so the list below is the whole
command line at a glance; each command lives with its kin: :mod:`cli.authoring`,
:mod:`cli.replay`, :mod:`cli.run`, :mod:`cli.simulate`.
"""

from __future__ import annotations

from typing import Any

import typer

from cli.analyse import analyse
from cli.arena import arena, tournament
from cli.authoring import describe, diff, new, schema, validate
from cli.output import guard_stdout, output_failure
from cli.play import play
from cli.replay import replay
from cli.run import run
from cli.simulate import compare, simulate

class _App(typer.Typer):
    """The app, run with stdout guarded: a closed pipe or a full disk never ends a command with
    a traceback, and a failed write turns a successful exit into status 2."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        guard_stdout()
        try:
            return super().__call__(*args, **kwargs)
        except SystemExit as exc:
            if output_failure and exc.code in (0, None):
                raise SystemExit(2) from None
            raise


app = _App(
    add_completion=False,
    no_args_is_help=True,
    help="Sixty-Six Rules: play, replay and check rulesets of the Sixty-Six card games.",
    pretty_exceptions_enable=False,
)


@app.callback()
def _main() -> None:
    """Sixty-Six Rules: play, replay and check rulesets of the Sixty-Six card games."""


# The order here is the order of `rules --help`.
for command in (validate, new, describe, diff, schema, replay, run, play, arena, tournament, analyse, simulate, compare):
    app.command()(command)


def main() -> None:  # pragma: no cover - console entry for `python -m cli.main`
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
