"""The ``play`` command: sit down at a card table against the bots, in the terminal or the browser.

Everything that can be wrong with the command line (a ruleset, an opponent, a record path,
a record to resume) is refused here with one message and exit status 2, before the screen
is taken over; the table itself is :mod:`cli.table.app`, imported only when a table opens,
so ``rules --help`` stays fast.  ``--web`` serves the same table to a browser with
textual-serve, on the loopback address only: each browser tab runs its own ``rules play``.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from cli.errors import ruleset_or_exit, session_or_exit, usage_error
from cli.options import AllowOutside, bot_kind, checked_bot, file_name, iterations_in_range, number_in_range, output_file_name, seed_in_range
from interpreter.play.bots.search_bot import ITERATIONS_LIMIT
from cli.output import say, warn
from cli.stopping import Stopped, ignore_stops
from cli.table.terminal import NO_TERMINAL
from cli.table.web import WEB_HOST

if TYPE_CHECKING:
    from interpreter.play.recordfile import RecordNotWritten
    from interpreter.rules.ruleset import Ruleset


def play(
    ctx: typer.Context,
    ruleset: Annotated[Optional[str], typer.Argument(help="A ruleset file or a bundled name such as schnapsen (the start screen offers the bundled ones).", show_default=False)] = None,
    opponent: Annotated[str, typer.Option(metavar="BOT", callback=bot_kind, help="The bot in every other seat: search:easy, search:normal, search:hard (or search, search:iters=N, search:ms=N), greedy, basic, random, or a trained agent, policy:MODULE:NAME or policy:FILE.py:NAME.")] = "search:normal",
    seed: Annotated[Optional[int], typer.Option(metavar="S", help="Seed of the match (random if omitted; written into the record once the match is won); with --review, of the analysis (0 if omitted).", callback=seed_in_range)] = None,
    practice: Annotated[bool, typer.Option("--practice", help="Practice mode: hints from the search bot and undo.")] = False,
    record: Annotated[Optional[Path], typer.Option(metavar="FILE", parser=output_file_name, help="Keep the record in this file (default: rules-play-DATE-TIME.yaml in this folder), saved after every move.")] = None,
    resume: Annotated[Optional[Path], typer.Option(metavar="FILE", parser=file_name, help="Go on with the match kept in this record.")] = None,
    web: Annotated[bool, typer.Option("--web", help=f"Serve the table in the browser, at http://{WEB_HOST}:PORT only.")] = False,
    port: Annotated[int, typer.Option(metavar="PORT", help="The port for --web.", min=1, max=65535)] = 8000,
    bot_delay: Annotated[float, typer.Option(metavar="SECONDS", help="Seconds between two bot moves, so you see each card land.", min=0, max=10, callback=number_in_range)] = 0.6,
    review: Annotated[Optional[Path], typer.Option(metavar="RECORD", parser=file_name, help="Step through a recorded match at the table, with the analysis of each decision (rules analyse's).", show_default=False)] = None,
    seat: Annotated[Optional[int], typer.Option(metavar="S", help="With --review: the seat whose view is shown and whose decisions are analysed (default: the record's human seat, else 0).", show_default=False)] = None,
    iters: Annotated[int, typer.Option(metavar="N", help=f"With --review: search iterations per decision analysed (at most {ITERATIONS_LIMIT:,}).", min=1, callback=iterations_in_range)] = 3000,
    allow_outside: AllowOutside = False,
) -> None:
    """Play at a full-screen card table against the bots (keys or mouse), in the terminal or with --web in the browser."""
    if review is not None:
        if web or record is not None or resume is not None or ruleset is not None:
            raise usage_error("--review: a record is reviewed on its own; leave out the ruleset, --web, --record and --resume")
        unused = _given(ctx, "opponent", "practice", "bot_delay", "port")
        if unused:
            raise usage_error(f"{unused[0]}: not with --review (the review has no bots to play and no table to serve)")
        _review(review, seat, iters, seed if seed is not None else 0, allow_outside)
        return
    if seat is not None:
        raise usage_error("--seat: only with --review (at a new table you sit at seat 0)")
    if _given(ctx, "iters"):
        raise usage_error("--iters: only with --review (the bots at the table search as --opponent says, e.g. search:iters=N)")
    if _given(ctx, "port") and not web:
        raise usage_error("--port: only with --web")
    if record is not None and resume is not None:
        raise usage_error("--record and --resume: a resumed match goes on in its own record; give one of them")
    if resume is not None:
        if ruleset is not None:
            raise usage_error("--resume: the record names the ruleset its match is played by; leave out the ruleset")
        if seed is not None:
            raise usage_error("--seed: a resumed match deals the rest from a fresh seed, which is kept from you; leave out --seed")
        rs = _record_ruleset(resume, allow_outside)
    else:  # the ruleset asked for, or the start screen's first choice
        rs = ruleset_or_exit(ruleset or "schnapsen", allow_outside=allow_outside)
    opponent = checked_bot(opponent, rs, "--opponent")
    if record is not None:
        _check_record(record, rs, ruleset is None)
    if web:
        from cli.table.web import serve

        serve(ruleset, opponent, seed, practice, record, resume, port, bot_delay, allow_outside)
        return
    session = None
    if resume is not None:
        session = session_or_exit(resume, practice, allow_outside, opponent)
    why = None if os.environ.get("TEXTUAL_DRIVER") else _why_no_table()  # textual-serve's tabs have a driver of their own
    if why is not None:
        if session is not None and session.record is not None:
            session.record.close()  # the record's lock let go, its lock file removed: no table took it
        line_mode = f"rules run --resume {shlex.quote(str(resume))}" if resume is not None else "rules run RULESET --players human"
        if why == NO_TERMINAL:
            raise usage_error(f"rules play {why} (or --web for the browser); for play over a pipe use {line_mode}")
        raise usage_error(f"rules play {why}, or use --web for the browser or {line_mode} in the terminal's line mode")
    from cli.table.app import TableApp, TableOptions
    from interpreter.play.recordfile import RecordNotWritten

    options = TableOptions(ruleset, opponent, seed, practice, record, bot_delay, session, allow_outside)
    TableApp(options).run()
    stop = Stopped(options.stopped_by) if options.stopped_by is not None else None
    if stop is not None:
        ignore_stops()  # the last words run to their end
    if isinstance(options.failure, RecordNotWritten):  # the disk full, say: the file keeps its last checkpoint
        warn(unwritten(options.failure))
        raise typer.Exit(2)
    if options.failure is not None:  # a bot or a house formula failed: the record so far, then the error
        from cli.errors import fail

        for path, _ in options.saved:
            warn(f"the match stopped on an error; the record so far is saved in {path}")
        raise fail(options.failure)
    for path, finished in options.saved:
        resume_hint = "" if finished else f"; go on with: rules play --resume {shlex.quote(str(path))}"
        if stop is not None:  # one line on stderr, as rules run says it
            warn(f"{stop.why}; the record so far is saved in {path}{resume_hint}")
            continue
        # in a browser tab stdout is textual-serve's channel: stderr reaches the server's terminal
        tell = warn if os.environ.get("TEXTUAL_DRIVER") else say
        tell(f"record saved in {path}{resume_hint}")
    if stop is not None:
        if not options.saved:
            warn(stop.why)
        raise typer.Exit(stop.exit_status)


def unwritten(error: RecordNotWritten) -> str:
    """The last words of a table whose record could not be written (the disk full): the
    error, and -- where the file is there -- that it keeps every move up to the last one
    written (each move is written beside it and renamed over it, so it is never half
    written), and how to go on from it."""
    said = f"error: {error}; the match stopped"
    kept = error.path
    if kept is None or not kept.is_file():
        return said
    return f"{said}; {kept} keeps the match up to the last move written: go on with: rules play --resume {shlex.quote(str(kept))}"


def _why_no_table() -> str | None:
    """What keeps the table from being drawn here (:func:`cli.table.terminal.why_no_table`),
    asked of the streams Textual reads keys from, and draws on (stderr, as the process got it)."""
    from cli.table.terminal import why_no_table

    return why_no_table(sys.stdin, sys.stdout, sys.__stderr__)


def _given(ctx: typer.Context, *names: str) -> list[str]:
    """The options among ``names`` (parameter names) that the command line gave, as typed
    (``--bot-delay``): an option left at its default cannot tell whether it was asked for."""
    from click.core import ParameterSource

    given = []
    for param in ctx.command.params:
        if param.name in names and ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE:
            given.append(param.opts[0])
    return given


def _record_ruleset(path: Path, allow_outside: bool) -> Ruleset:
    """The ruleset a record to resume names, so that ``--opponent`` is checked on the game it
    will play (a record that cannot be read is said as ``--resume`` says it, with exit 2)."""
    from cli.errors import fail
    from interpreter.core.errors import RulesError
    from interpreter.play.record import load_record

    try:
        return load_record(str(path), allow_outside=allow_outside).ruleset
    except RulesError as exc:
        raise fail(exc) from None


def _check_record(record: Path, rs: Ruleset, start_screen: bool) -> None:
    """Refuse a ``--record`` that may not be written: a file the match reads (the ruleset, a
    base it extends, a link to one; with ``start_screen``, any bundled ruleset the start
    screen offers), a FIFO or a folder, or a record another process writes now."""
    from interpreter.play.record import unreadable_reference
    from interpreter.play.recordfile import inputs_of, record_busy, why_not_writable
    from interpreter.rules.resources import bundled_rulesets

    inputs = inputs_of(rs, "the ruleset being played")
    if start_screen:  # the start screen may choose any of them (said as such, before the default one)
        inputs = [(path, f"the bundled ruleset {name}, which the start screen offers") for name, path in bundled_rulesets().items()] + inputs
    refused = why_not_writable(record, inputs)
    if refused is not None:
        raise usage_error(f"--record: {record} {refused}; choose another file")
    unnamed = unreadable_reference(rs, record)
    if unnamed is not None:
        raise usage_error(f"--record: {unnamed}")
    busy = record_busy(record)  # the table takes the record's lock when the match begins
    if busy is not None:
        raise usage_error(f"--record: {busy}")


def _review(path: Path, seat: int | None, iters: int, seed: int, allow_outside: bool) -> None:
    """``--review``: the record checked (one message and exit 2 for anything wrong), then the
    review at the table (:mod:`cli.table.review`)."""
    from cli.errors import fail, record_or_exit
    from interpreter.core.errors import RulesError
    from interpreter.play.record import illegal_move_error, replay
    from interpreter.play.secrecy import secret_of
    from interpreter.play.seatkinds import is_human

    rec = record_or_exit(str(path), allow_outside=allow_outside)
    try:
        end = replay(rec)
        secret = secret_of(rec, end)
    except RulesError as exc:
        raise fail(exc) from None
    if end.illegal is not None:
        raise fail(illegal_move_error(rec, end.illegal, f" (rules replay {path} shows the position)"))
    n = rec.ruleset.players.count
    players = rec.meta.get("players")
    if seat is None:
        humans = [s for s, kind in enumerate(players) if is_human(kind)] if isinstance(players, list) else []
        seat = humans[0] if humans else 0
    if not 0 <= seat < n:
        raise usage_error(f"--seat {seat}: the {rec.ruleset.name} ruleset has seats 0 to {n - 1}")
    if secret is not None and secret.seat != seat:
        raise usage_error(f"--seat {seat}: the record's last deal is unfinished and has a human seat; "
                          + (f"only seat {secret.seat}'s view of it may be shown" if secret.seat is not None
                             else "it has several, and each one's cards are hidden from the others: review it once it is finished"))
    why = _why_no_table()
    if why == NO_TERMINAL:
        raise usage_error(f"rules play --review {why}; rules analyse RECORD prints the same analysis")
    if why is not None:
        raise usage_error(f"rules play --review {why}, or use rules analyse RECORD, which prints the same analysis")
    from cli.table.review import review_app

    review_app(rec, seat, iters, seed, path, secret.deal if secret is not None else None).run()
