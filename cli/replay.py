"""The ``replay`` command: execute a game record and report where it stands.

The report itself (a JSON object, see docs/notation.md) is built by
:func:`interpreter.play.record.replay_report`, so programs reading ``--json`` and people
reading the text see the same facts; this module only chooses how to print it and turns an
illegal move into exit status 1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from cli.errors import fail
from cli.options import AllowOutside
from cli.output import say
from interpreter.core.errors import RulesError
from interpreter.core.printable import json_text
from interpreter.play.record import ReplayOutcome, load_record, replay as run_replay, replay_report

#: The report's fields printed one per line in the text form, in this order.
TEXT_FIELDS = ("to_act", "legal", "card_points", "tricks_won", "winner", "game_points", "match_scores", "match_winner")


def replay(
    record: Annotated[Path, typer.Argument(help="A game record file (YAML).")],
    until: Annotated[Optional[int], typer.Option("--until", help="Execute only the first K moves.", min=0)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the state as one JSON object.")] = False,
    allow_outside: AllowOutside = False,
) -> None:
    """Replay a record and report the state after its moves (exit 1 if a move is illegal)."""
    try:
        rec = load_record(record, allow_outside=allow_outside)
        outcome = run_replay(rec, until)
    except RulesError as exc:
        raise fail(exc) from None
    report = replay_report(outcome)
    if as_json:
        say(json_text(report, ensure_ascii=True))
    else:
        print_report(report, outcome)
    if outcome.illegal:
        raise typer.Exit(1)


def print_report(report: dict[str, Any], outcome: ReplayOutcome) -> None:
    """The text form of a replay report: the illegal move if any, then one ``key: value`` line each."""
    if report["illegal"]:
        ill = report["illegal"]
        say(f"illegal move {ill['index']} '{ill['move']}': {ill['reason']}")
    say(f"status: {report['status']}")
    for key in TEXT_FIELDS:
        value = report[key]
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value) or "-"
        say(f"{key}: {'-' if value is None else value}")
    if outcome.state.result is not None:
        say(f"result: {outcome.state.result.reason}")
