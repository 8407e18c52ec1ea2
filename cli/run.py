"""The ``run`` command: play a match between bots and people, print its log, keep its record.

``run`` is the one command that lasts and talks to a person, so most of it is about what can
go wrong on the way: bad ``--players`` and ``--record`` values are refused before the first
card is dealt, and a match that stops early (an error in a rule, Ctrl-C, end of input, a
closed pipe) still leaves its record behind for ``rules replay``.  The log's wording lives in
:mod:`cli.log` and the human seat in :mod:`cli.human`; both are imported only when a match is
played, to keep ``rules --help`` fast.
"""

from __future__ import annotations

import json
import os
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from cli.errors import fail, usage_error
from interpreter.core.actions import Action
from interpreter.core.errors import IllegalActionError, RulesError
from interpreter.engine.match import Match
from interpreter.engine.state import DealState
from interpreter.play.bots import Agent, make_agent
from interpreter.play.record import match_record
from interpreter.play.runner import DealEnded, DealStarted, Event, MatchLog, play_match
from interpreter.rules.loader import load_ruleset
from interpreter.rules.ruleset import Ruleset

SEAT_KINDS = ("random", "greedy", "human")
MAX_DEALS = 1000  # a match that nobody wins in this many deals is a broken ruleset, not a long game


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
    try:
        rs = load_ruleset(ruleset)
    except RulesError as exc:
        raise fail(exc) from None
    kinds = seat_kinds(players, rs)
    if record is not None:
        check_record_path(record, rs)
    game = Game(rs, random.SystemRandom().randrange(1_000_000) if seed is None else seed, kinds)
    referee = Referee()
    agents = build_agents(game, referee.explain)
    printer = Printer(text=not as_json, quiet=quiet, open_hands=open_hands)

    def observe(event: Event) -> None:
        referee.follow(event)
        printer.show(event)

    if printer.text:
        printer.say(f"{rs.title} -- match to {rs.match.target}, seed {game.seed}, players: " + ", ".join(f"{i} {k}" for i, k in enumerate(kinds)))
    match = play(game, agents, observe, deals if deals is not None else MAX_DEALS, record)
    if record is not None and keep_record(game, record) is None:
        raise typer.Exit(2)
    if deals is None and match.winner is None:
        typer.echo(
            f"error: nobody won the match in {MAX_DEALS} deals; check the ruleset's scoring and target "
            "(rules validate --deep shows the score distribution)", err=True,
        )
        raise typer.Exit(2)
    if as_json:
        typer.echo(json.dumps(summary(game, match)))
    elif match.winner is None:
        played = len(match.results)
        printer.say(f"Stopped after {played} deal{'s' if played != 1 else ''}; score " + ", ".join(str(s) for s in match.scores))


@dataclass
class Game:
    """The match being run, as its record tells it: ruleset, seed, seat kinds, and the deals so far."""

    rs: Ruleset
    seed: int
    kinds: list[str]
    log: MatchLog = field(default_factory=MatchLog)


def seat_kinds(players: str | None, rs: Ruleset) -> list[str]:
    """The ``--players`` value as one seat kind per seat (greedy everywhere if omitted), or a usage error."""
    n = rs.players.count
    expected = ", ".join(SEAT_KINDS)
    if players is not None and not players.strip():
        raise usage_error(f"--players: no seat kinds given (expected {n} of: {expected}, comma-separated)")
    kinds = [k.strip().lower() for k in players.split(",")] if players else ["greedy"] * n
    if len(kinds) != n:
        raise usage_error(f"--players: {rs.title} has {n} seats, got {len(kinds)} kind{'s' if len(kinds) != 1 else ''} (expected {n} of: {expected})")
    for k in kinds:
        if k not in SEAT_KINDS:
            raise usage_error(f"--players: unknown seat kind '{k}' (expected one of: {expected})")
    return kinds


def check_record_path(record: Path, rs: Ruleset) -> None:
    """Refuse a ``--record`` path that could not be written now, rather than lose the match at its end."""
    if rs.source is not None and record.resolve() == rs.source.resolve():
        raise usage_error(f"--record: {record} is the ruleset being played; choose another file")
    if not record.parent.resolve().is_dir():
        raise usage_error(f"--record: cannot write {record}: the folder {record.parent} does not exist")
    if record.is_dir() or not os.access(record.parent.resolve(), os.W_OK):
        raise usage_error(f"--record: cannot write {record}")


def build_agents(game: Game, explain: Callable[[Action], str | None]) -> list[Agent]:
    """One agent per seat: bots seeded from the match seed (the same seed plays the same match), people at this terminal."""
    from cli.human import HumanAgent

    agents: list[Agent] = []
    for seat, kind in enumerate(game.kinds):
        if kind == "human":
            agents.append(HumanAgent(input, sys.stdout, explain))
        else:
            agents.append(make_agent(kind, game.rs, game.seed * 16 + seat))
    return agents


class Referee:
    """Follows the deal in play, so a human seat's illegal entry is answered with the rule it breaks."""

    def __init__(self) -> None:
        self.state: DealState | None = None

    def follow(self, event: Event) -> None:
        """Note the new deal when one starts."""
        if isinstance(event, DealStarted):
            self.state = event.state

    def explain(self, action: Action) -> str | None:
        """Why ``action`` is illegal in the deal in play (message and rule), or ``None``."""
        if self.state is None:
            return None
        try:
            self.state.check(action)
        except IllegalActionError as exc:
            return f"{exc.message} [{exc.rule}]"
        return None


class Printer:
    """Prints the match log on stdout as the events come (with ``quiet``, only the deal results)."""

    def __init__(self, *, text: bool, quiet: bool, open_hands: bool) -> None:
        self.text = text  # False with --json, and once the reader has closed the pipe
        self.quiet = quiet
        self.open_hands = open_hands

    def show(self, event: Event) -> None:
        from cli.log import describe

        if not self.text or (self.quiet and not isinstance(event, DealEnded)):
            return
        for line in describe(event, show_hands=self.open_hands):
            if self.quiet and line.startswith("  "):
                continue
            self.say(line)

    def say(self, line: str) -> None:
        """Print a log line; if the reader has gone (a closed pipe), play on silently."""
        try:
            typer.echo(line)
        except BrokenPipeError:
            self.text = False
            _silence_stdout()


def _silence_stdout() -> None:
    """The reader of stdout has gone: send what is still printed nowhere instead of to the closed pipe."""
    sys.stdout = open(os.devnull, "w")


def play(game: Game, agents: list[Agent], observe: Callable[[Event], None], limit: int, record: Path | None) -> Match:
    """Play the match; if it stops early, keep the record so far and exit (2 on an error, 130 when interrupted)."""
    from cli.human import Interrupted

    try:
        return play_match(game.rs, agents, seed=game.seed, max_deals=limit, observer=observe, log=game.log)
    except RulesError as exc:  # e.g. a scoring expression that divides by zero
        _keep_stopped(game, record, "the match stopped on an error")
        raise fail(exc) from None
    except (Interrupted, KeyboardInterrupt, BrokenPipeError) as exc:
        if isinstance(exc, BrokenPipeError):
            _silence_stdout()
        _keep_stopped(game, record, "\ngame interrupted")
        raise typer.Exit(130) from None


def _keep_stopped(game: Game, record: Path | None, why: str) -> None:
    """Keep the record of a match that stopped early and say where it is, after ``why``."""
    kept = keep_record(game, record)
    if kept is not None:
        typer.echo(f"{why}; the record so far is saved in {kept}", err=True)


def keep_record(game: Game, path: Path | None) -> Path | None:
    """Write the record so far (to ``path``, else to a new rules-interrupted file); never raises."""
    if path is None:
        path = _interrupted_path(game.seed)
    try:
        path.write_text(match_record(game.rs, seed=game.seed, players=game.kinds, deals=game.log.deals, record_path=path), encoding="utf-8")
    except OSError as exc:
        typer.echo(f"error: cannot write the record to {path}: {exc.strerror or exc}", err=True)
        return None
    return path


def _interrupted_path(seed: int) -> Path:
    """``rules-interrupted-SEED.yaml`` in this folder, numbered so that an earlier interrupted game is never overwritten."""
    path = Path(f"rules-interrupted-{seed}.yaml")
    k = 1
    while path.exists():
        k += 1
        path = Path(f"rules-interrupted-{seed}-{k}.yaml")
    return path


def summary(game: Game, match: Match) -> dict[str, Any]:
    """The ``--json`` output: the match's ruleset, seed and seats, each deal's result, the final scores."""
    return {
        "ruleset": game.rs.name,
        "seed": game.seed,
        "players": game.kinds,
        "deals": [
            {"dealer": d, "seed": s, "winner": r.winner, "scores": list(r.scores), "game_points": r.game_points, "reason": r.reason}
            for (d, s, _), r in zip(game.log.deals, match.results)
        ],
        "match_scores": match.scores,
        "match_winner": match.winner,
    }
