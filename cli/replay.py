"""The ``replay`` command: execute a game record, or moves from a position string, and report
where it stands.

The report itself (a JSON object, see docs/notation.md) is built by
:func:`interpreter.play.record.replay_report`, so programs reading ``--json`` and people
reading the text see the same facts; this module only chooses how to print it and turns an
illegal move into exit status 1.  A position string (``--position``) is replayed as a
one-deal record whose moves are ``--moves``, so both inputs follow the same replay rules (the
implicit draw, declining to go out); ``--show-position`` prints the position string of the
state reached, to paste into a bug report or into the next ``--position``.  ``--log`` prints
the moves first as ``rules run`` logs a match -- each deal's hands, every trick and who took it,
each deal's result -- so a record can be read trick by trick.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Optional

import typer

from cli.errors import fail, record_or_exit, ruleset_or_exit, usage_error, warn_all
from cli.options import AllowOutside
from cli.output import say, warn
from cli.stopping import Stopped, ignore_stops, stop_signals
from interpreter.core.actions import Action, parse_action
from interpreter.core.errors import NotationError, RecordError, RulesError
from interpreter.core.printable import json_text
from interpreter.engine.build import unwritten
from interpreter.play.posstring import parse_position, position_string
from interpreter.play.record import (
    DealRecord, DealReplayed, Record, ReplayOutcome, bundled_ruleset_named, illegal_move_error, replay as run_replay,
    replay_report,
)
from interpreter.play.runner import DealEnded, DealStarted, Event
from interpreter.play.secrecy import Secret, hidden_report, secret_of

#: The report's fields printed one per line in the text form, in this order.
TEXT_FIELDS = ("to_act", "legal", "card_points", "tricks_won", "winner", "game_points", "match_scores", "match_winner")


def replay(
    record: Annotated[str, typer.Argument(
        help="A game record file (YAML); with --position, the ruleset instead (a file or a bundled name such as schnapsen).",
        show_default=False,
    )],
    until: Annotated[Optional[int], typer.Option("--until", metavar="K", help="Execute only the first K moves.", min=0)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the state as one JSON object.")] = False,
    position: Annotated[Optional[str], typer.Option(
        "--position", metavar="POSITION", help="Start from this position string (docs/notation.md) instead of a record.",
    )] = None,
    moves: Annotated[Optional[str], typer.Option(
        "--moves", metavar="MOVES", help="With --position: the moves to make from it, separated by commas, e.g. 'play AS, play KS'.",
    )] = None,
    show_position: Annotated[bool, typer.Option(
        "--show-position", help="Also print the position string of the state reached ('-' once the deal is over).",
    )] = False,
    log: Annotated[bool, typer.Option(
        "--log", help="First print the moves trick by trick, as rules run logs a match (every hand shown).",
    )] = False,
    reveal: Annotated[bool, typer.Option(
        "--reveal", help="Show every hand of an unfinished deal too (a record with a human seat shows only what that seat may see until the deal is over).",
    )] = False,
    allow_outside: AllowOutside = False,
) -> None:
    """Replay a record (or moves from a position string) and report the state after its moves (exit 1 if a move is illegal)."""
    if moves is not None and position is None:
        raise usage_error("--moves needs --position (a record brings its own moves)")
    if log and as_json:
        raise usage_error("--log: not with --json, whose one JSON object has the whole position (hands, trick, position string)")
    with stop_signals():
        try:
            _replay(record, until, as_json, position, moves, show_position, log, reveal, allow_outside)
        except Stopped as stop:  # a long --log into a slow reader, or a huge record: one line
            ignore_stops()
            warn(stop.said("replay"))
            raise typer.Exit(stop.exit_status) from None


def _replay(
    record: str, until: int | None, as_json: bool, position: str | None, moves: str | None,
    show_position: bool, log: bool, reveal: bool, allow_outside: bool,
) -> None:
    try:
        if position is None:
            rec = record_or_exit(record, allow_outside=allow_outside)
        else:
            rs = ruleset_or_exit(record, allow_outside=allow_outside)
            rec = Record(rs, [DealRecord(parse_position(rs, position), read_moves(moves or ""), None, ())])
        if until is not None or log:
            # The whole record is checked before a line is printed or --until stops short: a move
            # after a deal's end, a wrong dealer, a result header the moves contradict -- even
            # past move K -- make the record one that cannot be read (exit 2, nothing on stdout).
            rec = checked_whole(rec, until)
        secret = None if reveal else secret_of(rec)
        if log:
            print_headers(rec)
        outcome = run_replay(rec, until, print_log(rec, secret) if log else None)
        hidden = secret is not None and secret.covers(outcome)
        why_none = None if hidden or outcome.state.is_over or not show_position else unwritten(outcome.state)
        text = None if hidden or outcome.state.is_over or not show_position or why_none else position_string(outcome.state)
    except RulesError as exc:
        raise fail(exc) from None
    report = hidden_report(outcome, secret) if hidden and secret is not None else replay_report(outcome)
    if as_json:
        say(json_text(report, ensure_ascii=True))
    else:
        if log:
            say()
        print_report(report, outcome, None if outcome.illegal is None else str(illegal_move_error(rec, outcome.illegal)))
        if show_position:
            # a moment with no string says which, as position_string() does (the record gives the deal)
            say(f"position: {text or '-'}" + (f" ({why_none}: no position string; the record gives the deal)" if why_none else ""))
    if outcome.illegal:
        raise typer.Exit(1)


def checked_whole(rec: Record, until: int | None) -> Record:
    """The record, once every move of it has replayed (a located error otherwise) -- or, for
    ``--until K``, the deals before a deal refused because the match was already won, if the
    record names a bundled ruleset and K stops within those deals: the record may be older than
    a change in the meaning of the bundled match rules (docs/authoring.md, "A few rules changed
    their meaning"), and the deals before replay as they were played.  The refusal is said as a
    warning first; the record's ``result`` header goes with the deals cut off."""
    decided: list[int] = []  # the deals (counted from 1) after which the match stood won

    def watch(event: Event | DealReplayed) -> None:
        if isinstance(event, DealReplayed) and event.match_winner is not None:
            decided.append(event.number)

    try:
        run_replay(rec, observer=watch)
        return rec
    except RecordError as exc:
        cut = decided[0] if decided else len(rec.deals)
        if (until is None or cut >= len(rec.deals) or exc.path != f"deals[{cut}]" or bundled_ruleset_named(rec) is None
                or until > sum(len(deal.moves) for deal in rec.deals[:cut])):
            raise
        warn_all([exc])
        return Record(rec.ruleset, rec.deals[:cut], rec.doc, {k: v for k, v in rec.meta.items() if k != "result"})


def print_headers(rec: Record) -> None:
    """The record's headers, as the first line of its log: ruleset, players, seed, date, result."""
    meta = rec.meta
    parts = [rec.ruleset.title]
    if isinstance(meta.get("players"), list):
        parts.append("players: " + ", ".join(f"{i} {k}" for i, k in enumerate(meta["players"])))
    for key in ("seed", "date"):
        if key in meta:
            parts.append(f"{key} {meta[key]}")
    result = meta.get("result")
    if result is not None:
        label = "team" if rec.ruleset.partnership else "seat"
        won = "unfinished" if result["winner"] is None else f"won by {label} {result['winner']}"
        scores = f" {'-'.join(str(s) for s in result['scores'])}" if "scores" in result else ""
        parts.append(f"result: {won}{scores}")
    say(" -- ".join(parts[:1]) + (" -- " + "; ".join(parts[1:]) if parts[1:] else ""))


def print_log(rec: Record, secret: Secret | None = None) -> Callable[[Event | DealReplayed], None]:
    """The observer of a replay that prints its log, in the words of ``rules run``'s
    (:mod:`cli.log`), with every hand shown (a record holds them all) -- but those of the
    ``secret`` deal, which a person is still playing, and the trick points of that deal the
    person must count themselves (as the log of ``rules run`` leaves them out)."""
    from cli.log import describe
    from interpreter.engine.match import Match

    deal = 0
    counted: set[int] | None = None
    match = Match(rec.ruleset)  # the score as replayed, deal after deal (for the Bummerl count); never dealt from

    def show(event: Event | DealReplayed) -> None:
        nonlocal deal, counted
        if isinstance(event, DealStarted):
            deal = event.number - 1
            if secret is not None and deal == secret.deal:  # what its seat may count (several people: none)
                counted = secret.counted(event.state)
            start = rec.deals[deal].match_scores
            if start is not None:  # the record takes the match up at this score (it may stand at the brink)
                match.replayed(list(start), None)
        if isinstance(event, DealReplayed):
            match.replayed(event.match_scores, event.match_winner)
            event = DealEnded(event.number, event.result, event.state, match)
        secret_deal = secret is not None and deal == secret.deal
        for line in describe(event, show_hands=not secret_deal, counted=counted if secret_deal else None):
            say(line)

    return show


def read_moves(text: str) -> list[Action]:
    """The moves of ``--moves``: actions in the record notation, separated by commas."""
    out: list[Action] = []
    if not text.strip():
        return out
    for k, move in enumerate(text.split(",")):
        try:
            out.append(parse_action(move))
        except NotationError as exc:
            raise RecordError(exc.message, path=f"--moves[{k}]", expected=exc.expected) from None
    return out


def print_report(report: dict[str, Any], outcome: ReplayOutcome, illegal: str | None = None) -> None:
    """The text form of a replay report: the illegal move if any (``illegal``: where it is
    written and what is wrong, :func:`~interpreter.play.record.illegal_move_error`), then one
    ``key: value`` line each."""
    if illegal is not None:
        say(illegal)
    if report.get("hidden") is not None:
        say(f"hidden: {report['hidden']['why']}")
    say(f"status: {report['status']}")
    for key in TEXT_FIELDS:
        value = report[key]
        if isinstance(value, list):  # a count kept from the seat whose eyes the replay takes is null: "-"
            value = ", ".join("-" if v is None else str(v) for v in value) or "-"
        say(f"{key}: {'-' if value is None else value}")
    if outcome.state.result is not None:
        say(f"result: {outcome.state.result.reason}")
