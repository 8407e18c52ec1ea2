"""The ``rules`` command line: run matches, replay records, validate rulesets.

Thin by design: every command parses its arguments, calls :mod:`interpreter`, and prints.
Results go to stdout (``--json`` for programs), diagnostics to stderr; any
:class:`~interpreter.core.errors.RulesError` becomes one located message and exit status 2
(:mod:`cli.errors`), and so does a mistake the command-line parser finds (:class:`_Group`).
This module only assembles the app, so the list below is the whole command line at a glance,
in the order of ``rules --help``; each command lives with its kin: :mod:`cli.run` (and
:mod:`cli.tally` for ``--matches``), :mod:`cli.play`, :mod:`cli.listing`, :mod:`cli.replay`,
:mod:`cli.analyse`, :mod:`cli.arena`, :mod:`cli.simulate`, :mod:`cli.authoring`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Annotated, Any, Optional

import click
import typer
from typer.core import TyperCommand, TyperGroup

from cli.analyse import analyse
from cli.arena import arena, tournament
from cli.authoring import describe, diff, new, schema, validate
from cli.errors import parser_message
from cli.listing import list_rulesets
from cli.numbers import strict_numbers
from cli.output import guard_stdout, output_failure, say, warn
from cli.play import play
from cli.replay import replay
from cli.run import run
from cli.serve import serve
from cli.simulate import compare, simulate

class _Group(TyperGroup):
    """The command group, with the parser's mistakes said as the commands say theirs.

    click reports a bad value, an unknown option or a missing argument in a box of several
    lines; here each is one line ``error: ...`` on stderr (:func:`cli.errors.parser_message`)
    and exit status 2, like every other bad input.  Everything else is click's standalone
    behaviour: ``typer.Exit`` gives its status, Ctrl-C 130 (``interrupted``), ``--help`` exits 0.
    """

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; Ctrl-C in a command without a stop of its own says ``interrupted``
        and exits 130, as the long runs do (typer would turn it into a silent exit 130)."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            warn("interrupted")
            raise typer.Exit(130) from None

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, windows_expand_args=windows_expand_args, **extra)
        except click.exceptions.NoArgsIsHelpError:
            code = 2  # `rules` alone: the help is printed already, as click does it
        except click.UsageError as exc:
            warn(f"error: {parser_message(exc)}")
            code = 2
        except click.ClickException as exc:
            warn(f"error: {exc.format_message()}")
            code = exc.exit_code
        except click.Abort as exc:  # Ctrl-C in a command without a stop of its own: the shell's 130
            interrupted = isinstance(exc.__context__, KeyboardInterrupt) or isinstance(exc.__cause__, KeyboardInterrupt)
            warn("interrupted" if interrupted else "aborted")
            code = 130 if interrupted else 1
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)


class _Command(TyperCommand):
    """A command whose parser's mistakes know the command: click raises some of them without
    its context (a value given to a flag, ``--json=1``), and :func:`cli.errors.parser_message`
    points to the help of the command in that context (``see 'rules run --help'``), not to
    ``rules --help``.  Its number options and arguments read ASCII digits only
    (:mod:`cli.numbers`): ``--seed 1_000``, ``--port ١٢`` and ``--bot-delay ١`` are refused,
    as a position string refuses them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        strict_numbers(self.params)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            if exc.ctx is None:
                exc.ctx = ctx
            raise


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
    cls=_Group,
)


def version() -> str:
    """The installed version of the program (``unknown`` when it runs from a bare checkout)."""
    from importlib.metadata import PackageNotFoundError, version as installed

    try:
        return installed("sixty-six-rules")
    except PackageNotFoundError:
        return "unknown"


def _show_version(value: bool) -> None:
    if value:
        from interpreter import compiled

        say(f"rules (sixty-six-rules) {version()}" + (" (compiled with mypyc)" if compiled() else ""))
        raise typer.Exit()


#: The commands that date a match record (its ``date`` header): a ``SOURCE_DATE_EPOCH`` they
#: cannot use is said once, as they start.
_DATING = ("run", "play")


@app.callback()
def _main(
    ctx: typer.Context,
    _version: Annotated[Optional[bool], typer.Option(
        "--version", help="Print the version and exit.", callback=_show_version, is_eager=True,
    )] = None,
) -> None:
    """Sixty-Six Rules: play, replay and check rulesets of the Sixty-Six card games."""
    if ctx.invoked_subcommand in _DATING:
        from interpreter.play.sourcedate import ignored_epoch

        ignored = ignored_epoch()  # ignored, not refused: the date is the one header the match does not need
        if ignored is not None:
            warn(f"warning: {ignored}")


# The order here is the order of `rules --help`: playing first, then looking back at what was
# played, measuring bots and rules, and last writing rules of one's own.
for command in (run, play, serve, list_rulesets, replay, analyse, arena, tournament, simulate, compare, validate, new, describe, diff, schema):
    app.command("list" if command is list_rulesets else None, cls=_Command)(command)


def main() -> None:  # pragma: no cover - console entry for `python -m cli.main`
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
