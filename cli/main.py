"""The ``rules`` command line: run matches, replay records, validate rulesets.

Thin by design: every command parses its arguments, calls :mod:`interpreter`, and prints.
Results go to stdout (``--json`` for programs), diagnostics to stderr; any
:class:`~interpreter.core.errors.RulesError` becomes one located message and exit status 2.
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from interpreter.core.errors import ErrorList, IllegalActionError, RulesError
from interpreter.rules.loader import load_ruleset, load_schema

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Sixty-Six Rules: play, replay and check rulesets of the Sixty-Six card games.",
    pretty_exceptions_enable=False,
)


@app.callback()
def _main() -> None:
    """Sixty-Six Rules: play, replay and check rulesets of the Sixty-Six card games."""


def fail(error: RulesError) -> typer.Exit:
    """Print a located error (or several) on stderr; the caller raises the returned Exit(2)."""
    errors = error.errors if isinstance(error, ErrorList) else [error]
    for e in errors:
        typer.echo(f"error: {e}" if e.file is None else str(e), err=True)
    return typer.Exit(2)


def usage_error(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


@app.command()
def validate(
    files: Annotated[list[str], typer.Argument(help="Ruleset files (or bundled names) to check.")],
    deep: Annotated[bool, typer.Option("--deep", help="Also play random deals: report deals that never end, rules that never fire, and the score distribution.")] = False,
    deals: Annotated[int, typer.Option("--deals", help="Random deals per ruleset for --deep.", min=1)] = 500,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the --deep deals.")] = 0,
) -> None:
    """Check rulesets: YAML syntax, the schema, and the rules' consistency. Exit 0 if all are valid."""
    from interpreter.play.deep import deep_check

    bad = 0
    for name in files:
        try:
            rs = load_ruleset(name)
        except RulesError as exc:
            bad += 1
            fail(exc)
            continue
        if not deep:
            typer.echo(f"{name}: ok ({rs.title})")
            continue
        try:
            report = deep_check(rs, deals, seed)
        except RulesError as exc:  # e.g. a scoring expression that divides by zero in play
            bad += 1
            fail(exc)
            continue
        verdict = "ok" if report.ok else f"valid, but {len(report.defects)} defect{'s' if len(report.defects) != 1 else ''} in play"
        typer.echo(f"{name}: {verdict} ({rs.title})")
        for line in report.lines():
            typer.echo("  " + line)
        if not report.ok:
            bad += 1
    if bad:
        raise typer.Exit(2)


@app.command()
def new(
    file: Annotated[Path, typer.Argument(help="The house-rules file to write.")],
    base: Annotated[str, typer.Option("--from", help="The ruleset to extend: a bundled name or a path.")],
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
) -> None:
    """Write a commented house-rules skeleton that extends BASE."""
    import os

    from interpreter.rules.resources import find_ruleset
    from interpreter.text.skeleton import skeleton

    if file.exists() and not force:
        raise usage_error(f"{file} already exists (use --force to overwrite it)")
    try:
        rs = load_ruleset(base)
    except RulesError as exc:
        raise fail(exc) from None
    found = find_ruleset(base)
    from interpreter.rules.resources import bundled_rulesets

    ref = base
    bundled = {p.resolve(): name for name, p in bundled_rulesets().items()}
    if found is not None and found.resolve() in bundled:
        ref = bundled[found.resolve()]  # a bundled ruleset is named, wherever it was found
    elif found is not None:
        folder = file.resolve().parent
        shared = os.path.commonpath([found.resolve(), folder])
        ref = str(found.resolve()) if shared == folder.anchor else os.path.relpath(found.resolve(), folder)
    try:
        file.write_text(skeleton(rs, ref, file), encoding="utf-8")
    except OSError as exc:
        raise usage_error(f"cannot write {file}: {exc.strerror}") from None
    typer.echo(f"wrote {file} (extends {ref}); edit it, then: rules validate {file} --deep")


@app.command()
def describe(
    ruleset: Annotated[str, typer.Argument(help="A ruleset file or bundled name.")],
    fmt: Annotated[str, typer.Option("--format", help="md or html.")] = "md",
) -> None:
    """Print the complete rulebook of a ruleset in plain sentences (house rules: differences first)."""
    from interpreter.text.describe import rulebook

    if fmt not in ("md", "html"):
        raise usage_error(f"--format: '{fmt}' is not a format (expected md or html)")
    try:
        rs = load_ruleset(ruleset)
        base = load_ruleset(_base_path(rs)) if rs.extends else None
    except RulesError as exc:
        raise fail(exc) from None
    typer.echo(rulebook(rs, base, fmt), nl=False)


def _base_path(rs: object) -> str:
    """Where a house ruleset's base is: a bundled name, or a path relative to the house file."""
    from interpreter.rules.resources import find_ruleset

    extends = getattr(rs, "extends")
    source = getattr(rs, "source")
    found = find_ruleset(extends, relative_to=source.parent if source else None)
    return str(found) if found else extends


@app.command()
def diff(
    a: Annotated[str, typer.Argument(help="The first ruleset (file or bundled name).")],
    b: Annotated[str, typer.Argument(help="The second ruleset.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the changes as a JSON list.")] = False,
) -> None:
    """List the rule-level differences between two rulesets, one line each."""
    from interpreter.text.diff import changes_to_json, diff_rulesets

    try:
        ra, rb = load_ruleset(a), load_ruleset(b)
    except RulesError as exc:
        raise fail(exc) from None
    changes = diff_rulesets(ra, rb)
    if as_json:
        typer.echo(json.dumps(changes_to_json(changes), ensure_ascii=False))
        return
    if not changes:
        typer.echo("no differences")
    for change in changes:
        typer.echo(change.text)


@app.command()
def schema() -> None:
    """Print the JSON Schema of ruleset files."""
    typer.echo(json.dumps(load_schema(), indent=2))


@app.command()
def replay(
    record: Annotated[Path, typer.Argument(help="A game record file (YAML).")],
    until: Annotated[Optional[int], typer.Option("--until", help="Execute only the first K moves.", min=0)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the state as one JSON object.")] = False,
) -> None:
    """Replay a record and report the state after its moves (exit 1 if a move is illegal)."""
    from interpreter.play.record import load_record, replay as run_replay, replay_report

    try:
        rec = load_record(record)
        outcome = run_replay(rec, until)
    except RulesError as exc:
        raise fail(exc) from None
    report = replay_report(outcome)
    if as_json:
        typer.echo(json.dumps(report))
    else:
        _print_report(report, outcome)
    if outcome.illegal:
        raise typer.Exit(1)


def _print_report(report: dict[str, Any], outcome: object) -> None:
    if report["illegal"]:
        ill = report["illegal"]
        typer.echo(f"illegal move {ill['index']} '{ill['move']}': {ill['reason']}")
    typer.echo(f"status: {report['status']}")
    for key in ("to_act", "legal", "card_points", "tricks_won", "winner", "game_points", "match_scores", "match_winner"):
        value = report[key]
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value) or "-"
        typer.echo(f"{key}: {'-' if value is None else value}")
    state = getattr(outcome, "state")
    if state.result is not None:
        typer.echo(f"result: {state.result.reason}")


SEAT_KINDS = ("random", "greedy", "human")
MAX_DEALS = 1000  # a match that nobody wins in this many deals is a broken ruleset, not a long game


@app.command()
def run(
    ruleset: Annotated[str, typer.Argument(help="A ruleset file, or a bundled name such as schnapsen.")],
    seed: Annotated[Optional[int], typer.Option(help="Seed of the match (random if omitted; printed).")] = None,
    players: Annotated[Optional[str], typer.Option(help="Seat kinds, comma-separated: random, greedy, human (default: greedy for every seat).")] = None,
    deals: Annotated[Optional[int], typer.Option(help="Stop after N deals even if nobody has won.", min=1)] = None,
    record: Annotated[Optional[Path], typer.Option(help="Write the match record to this file.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON summary instead of the log.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", help="Print only the header, the deal results and the match result.")] = False,
    open_hands: Annotated[bool, typer.Option("--open", help="Show every hand at the start of each deal.")] = False,
) -> None:
    """Play a whole match to the ruleset's target and print its log."""
    from cli.human import HumanAgent, Interrupted
    from cli.log import describe
    from interpreter.core.actions import Action
    from interpreter.play.bots import Agent, make_agent
    from interpreter.engine.state import DealState
    from interpreter.play.record import match_record
    from interpreter.play.runner import DealEnded, MatchLog, play_match

    try:
        rs = load_ruleset(ruleset)
    except RulesError as exc:
        raise fail(exc) from None
    n = rs.players.count
    if players is not None and not players.strip():
        raise usage_error(f"--players: no seat kinds given (expected {n} of: {', '.join(SEAT_KINDS)}, comma-separated)")
    kinds = [k.strip().lower() for k in players.split(",")] if players else ["greedy"] * n
    if len(kinds) != n:
        raise usage_error(f"--players: {rs.title} has {n} seats, got {len(kinds)} kind{'s' if len(kinds) != 1 else ''} (expected {n} of: {', '.join(SEAT_KINDS)})")
    for k in kinds:
        if k not in SEAT_KINDS:
            raise usage_error(f"--players: unknown seat kind '{k}' (expected one of: {', '.join(SEAT_KINDS)})")
    if record is not None and rs.source is not None and record.resolve() == rs.source.resolve():
        raise usage_error(f"--record: {record} is the ruleset being played; choose another file")
    if record is not None and not record.parent.resolve().is_dir():
        raise usage_error(f"--record: cannot write {record}: the folder {record.parent} does not exist")
    if record is not None and (record.is_dir() or not os.access(record.parent.resolve(), os.W_OK)):
        raise usage_error(f"--record: cannot write {record}")
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    current: dict[str, DealState] = {}

    def explain(action: Action) -> str | None:
        state = current.get("state")
        if state is None:
            return None
        try:
            state.check(action)
        except IllegalActionError as exc:
            return f"{exc.message} [{exc.rule}]"
        return None

    agents: list[Agent] = []
    for seat, kind in enumerate(kinds):
        if kind == "human":
            agents.append(HumanAgent(input, sys.stdout, explain))
        else:
            agents.append(make_agent(kind, rs, seed * 16 + seat))
    log = MatchLog()
    out = {"text": not as_json}

    def observer(event: object) -> None:
        from interpreter.play.runner import DealStarted

        if isinstance(event, DealStarted):
            current["state"] = event.state
        if not out["text"] or (quiet and not isinstance(event, DealEnded)):
            return
        for line in describe(event, show_hands=open_hands):  # type: ignore[arg-type]
            if quiet and line.startswith("  "):
                continue
            say(line)

    def say(line: str) -> None:
        """Print a log line; if the reader has gone (a closed pipe), play on silently."""
        try:
            typer.echo(line)
        except BrokenPipeError:
            out["text"] = False
            sys.stdout = open(os.devnull, "w")  # nothing more reaches the closed pipe

    def keep(path: Path | None) -> Path | None:
        """Write the record so far (to ``path``, else to a new rules-interrupted file); never raises."""
        if path is None:
            path = Path(f"rules-interrupted-{seed}.yaml")
            k = 1
            while path.exists():  # never overwrite an earlier interrupted game
                k += 1
                path = Path(f"rules-interrupted-{seed}-{k}.yaml")
        try:
            path.write_text(match_record(rs, seed=seed, players=kinds, deals=log.deals, record_path=path), encoding="utf-8")
        except OSError as exc:
            typer.echo(f"error: cannot write the record to {path}: {exc.strerror or exc}", err=True)
            return None
        return path

    if out["text"]:
        say(f"{rs.title} -- match to {rs.match.target}, seed {seed}, players: " + ", ".join(f"{i} {k}" for i, k in enumerate(kinds)))
    limit = deals if deals is not None else MAX_DEALS
    try:
        match = play_match(rs, agents, seed=seed, max_deals=limit, observer=observer, log=log)
    except RulesError as exc:  # e.g. a scoring expression that divides by zero
        kept = keep(record)
        if kept is not None:
            typer.echo(f"the match stopped on an error; the record so far is saved in {kept}", err=True)
        raise fail(exc) from None
    except (Interrupted, KeyboardInterrupt, BrokenPipeError) as exc:
        if isinstance(exc, BrokenPipeError):
            sys.stdout = open(os.devnull, "w")  # the reader has gone
        kept = keep(record)
        if kept is not None:
            typer.echo(f"\ngame interrupted; the record so far is saved in {kept}", err=True)
        raise typer.Exit(130) from None
    if record is not None and keep(record) is None:
        raise typer.Exit(2)
    if deals is None and match.winner is None:
        typer.echo(
            f"error: nobody won the match in {MAX_DEALS} deals; check the ruleset's scoring and target "
            "(rules validate --deep shows the score distribution)", err=True,
        )
        raise typer.Exit(2)
    if as_json:
        summary = {
            "ruleset": rs.name,
            "seed": seed,
            "players": kinds,
            "deals": [
                {"dealer": d, "seed": s, "winner": r.winner, "scores": list(r.scores), "game_points": r.game_points, "reason": r.reason}
                for (d, s, _), r in zip(log.deals, match.results)
            ],
            "match_scores": match.scores,
            "match_winner": match.winner,
        }
        typer.echo(json.dumps(summary))
    elif match.winner is None:
        played = len(match.results)
        say(f"Stopped after {played} deal{'s' if played != 1 else ''}; score " + ", ".join(str(s) for s in match.scores))


def main() -> None:  # pragma: no cover - console entry for `python -m cli.main`
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
