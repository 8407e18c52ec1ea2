"""The ``run`` command: play a match between bots and people, print its log, keep its record.

``run`` is the one command that lasts and talks to a person, so most of it is about what can
go wrong on the way: bad ``--players`` and ``--record`` values are refused before the first
card is dealt (a record never replaces a file the run reads, nor anything but a regular
file); the record is on disk after every deal, so a long run keeps in memory only the deal
in play; and a match that stops early (an error in a rule or in a seat's bot, Ctrl-C, SIGTERM,
SIGHUP, end of input, ``quit`` at a human seat, a closed pipe) still leaves its record behind for ``rules
replay``.  While a person plays, the match seed -- from which every hand follows -- is shown
only once somebody has won the match: a match stopped before that may be taken up again
(``rules run --resume``, :mod:`cli.resumed`, or at the table ``rules play --resume``), so
neither its log, nor its record, nor the record's file name carries the seed.  The person's table goes to stderr, so stdout holds only the log.  The
log's wording lives in :mod:`cli.log` and the human seat in :mod:`cli.human`; both are
imported only when a match is played, to keep ``rules --help`` fast.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from cli.errors import error_line, fail, ruleset_or_exit, usage_error
from cli.options import AllowOutside, check_seat_count, checked_bot, file_name, names_outside, output_file_name, seat_list, seed_in_range
from cli.output import say, silence_stdout, warn
from cli.stopping import Stopped, ignore_stops, stop_signals
from interpreter.core.actions import Action
from interpreter.core.errors import IllegalActionError, RulesError
from interpreter.core.printable import json_text
from interpreter.core.seeds import bot_seed
from interpreter.engine.match import MATCH_DEAL_LIMIT, SEED_MAX, Match
from interpreter.engine.state import DealState
from interpreter.play.bots import Agent, make_agent
from interpreter.play.record import MatchResult, ruleset_reference, unreadable_reference
from interpreter.play.recordfile import RecordNotWritten, RecordWriter, inputs_of, interrupted_paths, why_not_writable
from interpreter.play.runner import DealEnded, DealStarted, Event, play_match
from interpreter.play.seatkinds import HUMAN, is_human
from interpreter.rules.ruleset import Ruleset
from interpreter.rules.yamlsource import RECORD_LIMITS

if TYPE_CHECKING:
    from cli.human import Terminal

#: Why an option is refused with --resume.
RESUME_REFUSES = {
    "--seed": "which goes on dealing from a fresh seed: no seed may tell or choose the cards to come",
    "--record": "whose match goes on in its own record",
    "--matches": "which plays one match, the record's",
}

#: Who plays the other seats when ``--players human`` names one seat of a larger table.
DEFAULT_OPPONENT = "search"
MAX_DEALS = MATCH_DEAL_LIMIT  # a match that nobody wins in this many deals is a broken ruleset, not a long game
DEALS_LIMIT = RECORD_LIMITS.max_items  # --deals: no more deals than `rules replay` reads back
MATCHES_LIMIT = 100_000  # --matches: the --json list of matches stays a few megabytes


def run(
    ruleset: Annotated[Optional[str], typer.Argument(help="A ruleset file, or a bundled name such as schnapsen (with --resume, the record's own: may be left out).", show_default=False)] = None,
    seed: Annotated[Optional[int], typer.Option(metavar="S", help="Seed of the match (random if omitted; printed, with a human seat only once the match is won).", callback=seed_in_range)] = None,
    players: Annotated[Optional[str], typer.Option(metavar="KINDS", help="Seat kinds, comma-separated: random, greedy, basic, search (or search:hard, search:iters=N, search:ms=N), policy:FILE.py:NAME or policy:MODULE:NAME (a trained agent), human (default: greedy for every seat). 'human' alone: you take seat 0, the search bot every other seat.")] = None,
    deals: Annotated[Optional[int], typer.Option(metavar="N", help=f"Stop after N deals even if nobody has won (at most {DEALS_LIMIT:,}); with --matches, each match.", min=1)] = None,
    matches: Annotated[Optional[int], typer.Option(
        metavar="M", min=1,
        help=f"Play M matches between bots (match k from seed S + k) and print how many each side won (at most {MATCHES_LIMIT:,}).",
    )] = None,
    record: Annotated[Optional[Path], typer.Option(metavar="FILE", parser=output_file_name, help="Write the match record to this file (kept up to date after every deal).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON summary instead of the log.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", help="Print only the header, the deal results and the match result (not with --json or --matches, which print no log).")] = False,
    open_hands: Annotated[bool, typer.Option("--open", help="Show every hand at the start of each deal.")] = False,
    no_confirm: Annotated[bool, typer.Option("--no-confirm", help="A human seat's declaration that loses the deal is carried out without asking first.")] = False,
    resume: Annotated[Optional[Path], typer.Option(metavar="RECORD", parser=file_name, help="Go on with the stopped match of this record (a human seat's), in the same record; the players as recorded unless --players is given.", show_default=False)] = None,
    allow_outside: AllowOutside = False,
) -> None:
    """Play a whole match to the ruleset's target and print its log."""
    opened: list[RecordWriter] = []
    with stop_signals():  # from the first line: no moment of the set-up is left to the default handlers
        try:
            _run(ruleset, seed, players, deals, matches, record, as_json, quiet, open_hands, no_confirm, resume, allow_outside, opened)
        except Stopped as stop:  # while the match was set up: a stop in play is said by play()
            ignore_stops()
            for writer in opened:
                writer.close()  # a new record holds no deal yet; a record taken up is as it was
            went_on = f"the match did not go on, {resume} is as it was" if resume is not None else "no deal had begun, so there is no record"
            warn(f"{stop.why}; {went_on}")
            raise typer.Exit(stop.exit_status) from None


def _run(
    ruleset: str | None, seed: int | None, players: str | None, deals: int | None, matches: int | None, record: Path | None,
    as_json: bool, quiet: bool, open_hands: bool, no_confirm: bool, resume: Path | None, allow_outside: bool,
    opened: list[RecordWriter],
) -> None:
    """``rules run`` itself, inside the command's stop signals; each record writer it opens is
    put in ``opened`` as it is, so that a stop before the match is played closes it."""
    if resume is not None:
        for given, name in ((seed, "--seed"), (record, "--record"), (matches, "--matches")):
            if given is not None:
                raise usage_error(f"{name}: not with --resume, {RESUME_REFUSES[name]}")
    elif ruleset is None:
        raise usage_error("missing argument RULESET (or --resume RECORD); see 'rules run --help'")
    if deals is not None and deals > DEALS_LIMIT:
        raise usage_error(f"--deals: {deals:,} is more than a record holds (at most {DEALS_LIMIT:,})")
    if matches is not None:
        for given, name in ((record, "--record"), (open_hands or None, "--open"), (no_confirm or None, "--no-confirm"), (quiet or None, "--quiet")):
            if given is not None:
                raise usage_error(f"{name}: not with --matches, which prints only the tally of the matches")
        if matches > MATCHES_LIMIT:
            raise usage_error(f"--matches: {matches:,} is too many (at most {MATCHES_LIMIT:,})")
        if seed is not None and seed + matches - 1 > SEED_MAX:
            raise usage_error(f"--matches: match {matches} would have the seed {seed + matches - 1}, above {SEED_MAX}; choose a smaller --seed")
    if as_json and quiet:  # --quiet shortens the log, which --json does not print: said, not ignored
        raise usage_error("--quiet: not with --json, which prints only the summary, never the log")
    session = None
    if resume is not None:
        from cli.resumed import resumed_session

        session = resumed_session(resume, ruleset, players, allow_outside, seat_kinds)
        if session.record is not None:
            opened.append(session.record)
        rs, kinds, record = session.rs, session.kinds, resume
    else:
        assert ruleset is not None
        rs = ruleset_or_exit(ruleset, allow_outside=allow_outside)
        kinds = seat_kinds(players, rs)
    if matches is not None:
        if "human" in kinds:
            raise usage_error("--matches: bots only (a human seat plays one match at a time)")
        from cli.tally import play_matches

        play_matches(rs, kinds, secrets.randbits(63) if seed is None else seed, matches, deals, as_json=as_json)
        return
    people = kinds.count(HUMAN)
    if people > 1:  # before a record is made: hands shown to all would spoil the match
        from cli.human import why_no_hot_seat

        refused = why_no_hot_seat(people, sys.stderr)
        if refused is not None:
            if session is not None and session.record is not None:
                session.record.close()  # the record taken up is as it was, its lock let go
            raise usage_error(refused)
    if record is not None and session is None:
        check_record_path(record, rs)
        ref = ruleset_reference(rs, record)
        if names_outside(ref):
            warn(f"note: the record names its ruleset as {ref}, outside the record's folder: replay it with --allow-outside")
    if session is not None:
        game = Game(rs, session.seed, kinds, as_json, seed_named=session.seed_named, deals_before=len(session.match.results))
    else:
        game = Game(rs, secrets.randbits(63) if seed is None else seed, kinds, as_json)
    referee = Referee()
    agents, listeners = build_agents(game, referee.explain, confirm=not no_confirm, bots=session.agents if session is not None else None)
    printer = Printer(text=not as_json, quiet=quiet, open_hands=open_hands, people=[s for s, k in enumerate(kinds) if k == HUMAN])

    def observe(event: Event) -> None:
        referee.follow(event)
        game.follow(event)
        printer.show(event)
        for listen in listeners:
            listen(event)

    limit = deals if deals is not None else MAX_DEALS
    if session is None:
        game.record = open_record(game, record)
        opened.append(game.record)
        shown = "seed shown once the match is won" if game.secret_seed else f"seed {game.seed}"

        def playing() -> Match:
            return play_match(game.rs, agents, seed=game.seed, max_deals=limit, observer=observe, log=game.record, keep_history=False)
    else:
        from cli.resumed import play_session

        assert session.record is not None  # resumed to be written
        game.record = session.record
        scores = "-".join(map(str, session.match.scores))
        if session.state is not None and not session.deal_over:
            done = len(session.moves)
            where = f"in deal {session.number} after {done} move{'s' if done != 1 else ''}"
        else:
            where = f"before deal {session.number + 1}"
        shown = f"resumed from {resume} {where}, score {scores}"
        if game.screen is not None:
            game.screen.match_scores = tuple(session.match.scores)
        resumed = session

        def playing() -> Match:
            return play_session(resumed, agents, observe, limit)
    if printer.text:
        printer.say(f"{rs.title} -- match to {rs.match.target}, {shown}, players: " + ", ".join(f"{i} {k}" for i, k in enumerate(kinds)))
    match = play(game, playing, printer)
    ignore_stops()  # the match is over: saving and printing run to their end
    if record is not None and keep_record(game, MatchResult(match.winner, list(match.scores), game.deals_before + game.played)) != record:
        raise typer.Exit(2)  # not written, or written elsewhere: said by keep_record
    assert game.record is not None
    game.record.close()
    if deals is None and match.winner is None:
        warn(
            f"error: nobody won the match in {MAX_DEALS} deals; check the ruleset's scoring and target "
            "(rules validate --deep shows the score distribution)",
        )
        raise typer.Exit(2)
    if as_json:
        say(json_text(summary(game, match), ensure_ascii=True))
        return
    if match.winner is None:
        from cli.log import scores_text  # the log's module is loaded by the commands that print one (tests/cli/test_cli_layout.py)

        printer.say(f"Stopped after {game.played} deal{'s' if game.played != 1 else ''}; score {scores_text(rs, match.scores)}")  # as the log's lines
    printer.reveal_seed(game, match.winner)


@dataclass
class Game:
    """The match being run, as its record tells it: ruleset, seed, seat kinds, and the record
    being written (deal by deal); with ``--json`` also each deal's result for the summary."""

    rs: Ruleset
    seed: int
    kinds: list[str]
    as_json: bool = False
    record: RecordWriter | None = None
    played: int = 0
    results: list[dict[str, Any]] = field(default_factory=list)
    screen: Terminal | None = None  # the human seats' screen, if any
    scores: list[int] | None = None  # the match score after the last finished deal
    #: Whether every deal follows from ``seed``: not in a match taken up again (``--resume``),
    #: whose rest is dealt from a fresh seed (:attr:`~interpreter.play.session.TableSession.seed_named`).
    seed_named: bool = True
    deals_before: int = 0  # deals the record had finished before this run (--resume)

    @property
    def secret_seed(self) -> bool:
        """Whether the seed is kept from the log until the match is won: a person plays, and the seed gives every hand."""
        return "human" in self.kinds

    def seed_shown(self, winner: int | None) -> bool:
        """Whether the match seed may be shown now that the match has ended with ``winner``:
        without a person at the table always; with one only when somebody has won, for a
        match stopped before (``--deals``, ``quit``, a signal) may be taken up again, and its
        seed would tell the person every deal still to come; never where no one seed gave the
        match's deals (one taken up again)."""
        return not self.secret_seed or (winner is not None and self.seed_named)

    def follow(self, event: Event) -> None:
        """Count the finished deals; keep their results for ``--json`` (only then: memory stays bounded)."""
        if not isinstance(event, DealEnded):
            return
        self.played += 1
        self.scores = list(event.match.scores)
        if self.as_json:
            r = event.result
            self.results.append({
                "dealer": event.state.dealer, "seed": event.match.deal_seeds[-1], "winner": r.winner,
                "winners": list(r.winners), "scores": list(r.scores), "game_points": r.game_points, "reason": r.reason,
            })


def seat_kinds(players: str | None, rs: Ruleset) -> list[str]:
    """The ``--players`` value as one seat kind per seat (greedy everywhere if omitted), or a
    usage error.  ``human`` alone seats the person at seat 0 against the search bot, so that
    sitting down at a four-seat table takes one word."""
    n = rs.players.count
    kinds = seat_list(players, rs, "--players", ("human",)) if players is not None else ["greedy"] * n
    if len(kinds) == 1 and is_human(kinds[0]):
        kinds += [DEFAULT_OPPONENT] * (n - 1)
    check_seat_count(kinds, rs, "--players", ("human",))
    return [HUMAN if is_human(k) else checked_bot(k, rs, "--players", ("human",)) for k in kinds]


def check_record_path(record: Path, rs: Ruleset) -> None:
    """Refuse a ``--record`` path that could not or must not be written, before the first deal:
    a file the run reads (the ruleset, its bases, a link to one), a FIFO or device, a folder
    that is missing or closed."""
    refused = why_not_writable(record, inputs_of(rs, "the ruleset being played"))
    if refused is not None:
        raise usage_error(f"--record: {record} {refused}; choose another file")
    unnamed = unreadable_reference(rs, record)
    if unnamed is not None:
        raise usage_error(f"--record: {unnamed}")


def open_record(game: Game, path: Path | None) -> RecordWriter:
    """The record of the match, on disk from the start if ``path`` is given (else kept for a stop)."""
    try:
        return RecordWriter(game.rs, seed=game.seed, players=game.kinds, path=path, hide_seed=game.secret_seed)
    except RecordNotWritten as exc:
        raise usage_error(f"--record: {exc}") from None


def build_agents(
    game: Game, explain: Callable[[Action], str | None], *, confirm: bool = True, bots: Sequence[Agent | None] | None = None,
) -> tuple[list[Agent], list[Callable[[Event], None]]]:
    """One agent per seat: bots seeded from the match seed and their seat (the same seed
    plays the same match), through a hash (:func:`~interpreter.core.seeds.bot_seed`), so that
    no bot can work the match seed -- and every deal -- out of its own; people at this terminal; and what must hear the match's events (the human seats,
    for the public match score and the start of each deal).  People are shown their table
    on stderr, so that stdout carries only the log or the ``--json`` summary."""
    from cli.human import HumanAgent, Terminal, is_terminal, read_entry

    people = [seat for seat, kind in enumerate(game.kinds) if kind == "human"]
    agents: list[Agent] = []
    listeners: list[Callable[[Event], None]] = []
    if people:
        if sys.stderr is None:  # started with stderr closed (2>&-): there is no screen to play on
            raise usage_error("a human seat shows its table on stderr, which is closed")
        _pass_undecodable_input()
        terminal = Terminal(
            sys.stderr, lambda prompt: read_entry(prompt, stdout=sys.stderr),
            seats=people, confirm=confirm, log_shown=not game.as_json, input_echoed=is_terminal(sys.stdin),
        )
        game.screen = terminal
        listeners.append(terminal.follow)
    for seat, kind in enumerate(game.kinds):
        if kind == "human":
            human = HumanAgent(terminal, explain)
            agents.append(human)
            listeners.append(human.follow)
        else:
            bot = bots[seat] if bots is not None else None  # a resumed match's, seated already
            agents.append(bot if bot is not None else make_agent(kind, game.rs, bot_seed(game.seed, seat)))
    return agents, listeners


def _pass_undecodable_input() -> None:
    """Let bytes that are not UTF-8 through stdin as escapes, for the human seat to refuse
    them and ask again (a decoding error would lose the rest of what was read with them)."""
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        try:
            reconfigure(errors="surrogateescape")
        except (OSError, ValueError):
            pass


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
    """Prints the match log on stdout as the events come (with ``quiet``, only the deal results).

    The log is read by the people at the table too, so it tells no count they must keep in
    their heads (:func:`cli.log.log_counts`): the trick points of a side they may not count
    are left out.  ``--open``, which shows every hand because the person asks for it, shows
    every count as well; a match of bots has nobody to keep a count from."""

    def __init__(self, *, text: bool, quiet: bool, open_hands: bool, people: Sequence[int] = ()) -> None:
        self.text = text  # False with --json, and once the reader has closed the pipe
        self.quiet = quiet
        self.open_hands = open_hands
        self.people = list(people)  # the human seats
        self.counted: set[int] | None = None  # the sides whose trick points the log tells (None: all)

    def show(self, event: Event) -> None:
        from cli.log import describe, log_counts

        if isinstance(event, DealStarted):
            self.counted = None if self.open_hands else log_counts(event.state, self.people)
        if not self.text or (self.quiet and not isinstance(event, DealEnded)):
            return
        for line in describe(event, show_hands=self.open_hands, counted=self.counted):
            if self.quiet and line.startswith("  "):
                continue
            self.say(line)

    def say(self, line: str) -> None:
        """Print a log line, escaped; if the reader has gone (a closed pipe), play on silently."""
        if self.text and not say(line):
            self.text = False

    def reveal_seed(self, game: Game, winner: int | None) -> None:
        """The seed kept from a person during the match, now that ``winner`` has won it
        (nothing for a match stopped before: it may go on)."""
        if game.secret_seed and game.seed_shown(winner):
            self.say(f"match seed: {game.seed}")


def play(game: Game, playing: Callable[[], Match], printer: Printer) -> Match:
    """Play the match (``playing``: a new one, or one taken up again); if it stops early,
    keep the record so far and exit (2 on an error, 130 when interrupted, 128 + the signal
    when stopped by one)."""
    from cli.human import Interrupted

    try:
        return playing()
    except RulesError as exc:  # e.g. a scoring expression that divides by zero
        _keep_stopped(game, printer, "the match stopped on an error")
        _say_interrupted(game, exc)
        raise fail(exc) from None
    except RecordNotWritten as exc:
        ignore_stops()
        if game.record is not None:
            game.record.close()  # the file as it is (whole deals); the name let go
        warn(f"error: {exc}; the match stopped")
        raise typer.Exit(2) from None
    except Stopped as stop:
        _keep_stopped(game, printer, stop.why, resumable=True)
        _say_interrupted(game)
        raise typer.Exit(stop.exit_status) from None
    except (Interrupted, KeyboardInterrupt, BrokenPipeError) as exc:
        if isinstance(exc, BrokenPipeError):
            silence_stdout()
        _keep_stopped(game, printer, exc.why if isinstance(exc, Interrupted) else "game interrupted", resumable=True)
        _say_interrupted(game)
        raise typer.Exit(130) from None


def _say_interrupted(game: Game, error: RulesError | None = None) -> None:
    """With ``--json``, the summary of the deals that finished before the stop or the ``error``
    that ended the match, as the other long runs print theirs: the keys of a finished match's,
    ``match_winner`` ``null``, ``"interrupted": true`` and the error's line (a script that reads
    stdout gets the deals it waited for, can tell them from a whole match, and a failing bot
    from a Ctrl-C)."""
    if not game.as_json:
        return
    scores = game.scores if game.scores is not None else [0] * len(game.rs.sides)
    said = error_line(error) if error is not None else None
    say(json_text(summary(game, None, scores, said), ensure_ascii=True))


def _keep_stopped(game: Game, printer: Printer, why: str, *, resumable: bool = False) -> None:
    """Keep the record of a match that stopped early and say where it is, after ``why``; with
    ``resumable`` (a stop, not an error that would come again) also how to go on with it, where
    ``rules run --resume`` takes the record (:func:`_resume_hint`).  The message starts a
    line of its own only below an unfinished line of the person's screen (a prompt waiting
    for its answer), so that it is never glued to it, nor after a blank line.  The seed kept
    from a person stays kept: the match may be taken up again."""
    ignore_stops()  # a second Ctrl-C must not cut the save short
    assert game.record is not None
    if game.record.empty:  # stopped before the first deal was dealt
        game.record.close()
        warn(f"{why}; no deal had begun, so there is no record")
        return
    kept = keep_record(game)
    if kept is not None:
        if game.screen is not None and game.screen.line_open:
            warn("")
        hint = _resume_hint(kept, game.kinds) if resumable and game.secret_seed else ""
        warn(f"{why}; the record so far is saved in {kept}{hint}")


def _resume_hint(kept: Path, kinds: list[str]) -> str:
    """``; go on with: rules run --resume FILE`` -- the line mode the match was played in --
    when that command takes the saved record (a person's seat, the match not won); a
    ``policy:`` seat, whose code is run only when the person names it, is named again with
    ``--players``.  Nothing where the record cannot be resumed.  Found by reading the record
    as ``--resume`` does."""
    import shlex

    from interpreter.play.seatkinds import is_policy
    from interpreter.play.session import resume

    try:
        resume(kept, write=False, trusted=kinds)
    except (RulesError, OSError):
        return ""
    players = f" --players {shlex.quote(','.join(kinds))}" if any(map(is_policy, kinds)) else ""
    return f"; go on with: rules run --resume {shlex.quote(str(kept))}{players}"


def keep_record(game: Game, result: MatchResult | None = None) -> Path | None:
    """Complete the record (in the ``--record`` file, else in a new rules-interrupted file),
    with the ``result`` header once the match has ended, and return where it is; never raises.
    ``None`` if it could not be written (said here), or if the match stopped before its first
    deal was dealt (nothing to keep)."""
    assert game.record is not None
    try:
        if game.record.path is None:
            return game.record.save_new(interrupted_paths(None if game.secret_seed else game.seed))
        kept = game.record.save(result)
        if kept is not None and kept != game.record.path:
            warn(
                f"error: {game.record.path} no longer holds this match's record: another program replaced it "
                f"while the match was played, so the record is saved in {kept} instead",
            )
        return kept
    except RecordNotWritten as exc:
        warn(f"error: {exc}")
        return None
    finally:
        game.record.close()


def summary(game: Game, match: Match | None, scores: list[int] | None = None, error: str | None = None) -> dict[str, Any]:
    """The ``--json`` output: the match's ruleset, seed and seats, each deal's result, the final
    scores, and whether a stop or an error cut the match short -- then ``match`` is ``None``,
    ``scores`` the score after the last finished deal, nobody has won and no Bummerl is
    counted, and ``error`` the error's line (``None`` for a stop, as in the other long runs'
    JSON).  The seed is ``null`` where it is still kept from a person (:meth:`Game.seed_shown`)."""
    winner = match.winner if match is not None else None
    final = list(match.scores) if match is not None else list(scores or [])
    return {
        "ruleset": game.rs.name,
        "seed": game.seed if game.seed_shown(winner) else None,
        "players": game.kinds,
        "deals": game.results,
        "match_scores": final,
        "match_winner": winner,
        "bummerl": list(match.bummerl) if match is not None else [0] * len(final),
        "interrupted": match is None,
        "error": error,
    }
