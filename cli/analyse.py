"""The ``analyse`` command: what the search thinks of every decision of a played game.

The analysis itself is :func:`interpreter.play.analysis.analyse_record`; this module reads the
record, shows progress on stderr (a terminal only) and prints one line per decision, or
``--json``.  Ctrl-C prints what was analysed so far.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from cli.progress import progress_bar
from cli.errors import fail, usage_error
from cli.options import AllowOutside, seed_in_range
from cli.output import say, warn
from interpreter.core.errors import RulesError
from interpreter.core.printable import json_text
from interpreter.core.cards import SUIT_NAMES
from interpreter.play.analysis import MoveReport, iter_analysis
from interpreter.play.record import load_record, replay
from interpreter.play.secrecy import secret_of
from interpreter.rules.ruleset import Ruleset


def analyse(
    record: Annotated[str, typer.Argument(help="A game record file (YAML), e.g. written by rules run --record.", show_default=False)],
    seat: Annotated[Optional[list[int]], typer.Option(
        "--seat", metavar="SEAT", help="Analyse this seat's decisions (repeat for several; default: every seat).", show_default=False,
    )] = None,
    iters: Annotated[int, typer.Option("--iters", metavar="N", help="Search iterations per decision (more: steadier values, slower).", min=1)] = 3000,
    seed: Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the searches (the same seed gives the same analysis).", callback=seed_in_range)] = 0,
    only_errors: Annotated[bool, typer.Option("--errors", help="Show only the decisions graded inaccuracy, mistake or blunder.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as one JSON object.")] = False,
    brief: Annotated[bool, typer.Option("--brief", help="One line per decision: without the position, what the values rest on and the best line.")] = False,
    reveal: Annotated[bool, typer.Option(
        "--reveal", help="Analyse every seat of an unfinished deal too (a record with a human seat shows only that seat's decisions there, whose choices would show other hands).",
    )] = False,
    allow_outside: AllowOutside = False,
) -> None:
    """Analyse a game record move by move: the value of each move played against the best one, from the player's own view."""
    try:
        rec = load_record(record, allow_outside=allow_outside)
    except RulesError as exc:
        raise fail(exc) from None
    n = rec.ruleset.players.count
    for s in seat or []:
        if not 0 <= s < n:
            raise usage_error(f"--seat {s}: the {rec.ruleset.name} ruleset has seats 0 to {n - 1}")
    try:
        end = replay(rec)
        secret = None if reveal else secret_of(rec, end)
    except RulesError as exc:  # a record whose deals do not follow each other
        raise fail(exc) from None
    illegal = end.illegal
    if illegal is not None:  # nothing to analyse past it: say which move, as rules replay does
        raise usage_error(f"move {illegal['index']} of the record, '{illegal['move']}', is illegal: {illegal['reason']} (rules replay {record} shows the position)")
    if secret is not None:
        whose = f"seat {secret.seat}'s decisions" if secret.seat is not None else "no decision"
        warn(f"note: deal {secret.deal + 1} is unfinished and the record has a human seat: {whose} in it shown (--reveal shows all)")
    total = sum(len(d.moves) for d in rec.deals)
    reports: list[MoveReport] = []
    stopped = False
    try:
        with progress_bar(total, "analysing", "decisions") as show:
            for report in iter_analysis(rec, seats=seat or None, iterations=iters, seed=seed, progress=lambda done, _: show(done)):
                if secret is None or report.deal != secret.deal + 1 or report.seat == secret.seat:
                    reports.append(report)  # another seat's choices in the deal in play would show its hand
    except KeyboardInterrupt:
        stopped = True
    shown = [r for r in reports if r.grade or not only_errors]
    if as_json:
        say(json_text({
            "record": record, "iterations": iters, "seed": seed, "complete": not stopped,
            "decisions": [_as_dict(r) for r in shown],
        }, ensure_ascii=True))
    else:
        for r in shown:
            say(_line(r))
            if not brief:
                for text in _context(r, rec.ruleset):
                    say(text)
        graded = [r for r in reports if r.grade]
        counts = [(sum(1 for r in graded if r.grade == g), g) for g in ("blunder", "mistake", "inaccuracy")]
        named = ", ".join(f"{c} {g if c == 1 else PLURAL[g]}" for c, g in counts if c)
        say(f"{len(reports)} decision{'' if len(reports) == 1 else 's'} analysed, {len(graded)} graded" + (f": {named}" if named else ""))
    if stopped:
        raise typer.Exit(130)


PLURAL = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}


def _line(r: MoveReport) -> str:
    """The decision in one line: the move played and its value, the best move and its value."""
    head = f"deal {r.deal} move {r.move:>2} seat {r.seat}: {r.played:<12} {r.played_value:+.2f}"
    if r.best == r.played:
        return f"{head}  best"
    return f"{head}  best {r.best:<12} {r.best_value:+.2f}" + (f"  {r.grade}" if r.grade else "")


def _context(r: MoveReport, rs: Ruleset) -> list[str]:
    """Under the decision's line: the position as the seat saw it, what the values rest on,
    and the best line with the cards as they lay where the position was solved."""
    out = []
    seen = r.seen
    if seen is not None:
        trick = "on the table " + ", ".join(f"{card} ({_who(rs, r.seat, s)})" for s, card in seen.trick) if seen.trick else "to lead"
        trump = f"trump {_suit(seen.trump)}" if seen.trump else "no trump yet"
        if seen.turn_up:
            trump += f" (turn-up {seen.turn_up})"
        talon = "closed" if seen.closed else f"{seen.talon} card{'' if seen.talon == 1 else 's'}" if seen.talon else "gone"
        out.append(f"    hand {' '.join(seen.hand) or '-'} | {trick} | {trump} | talon {talon}")
        mine = rs.side_of(r.seat)
        order = [mine] + [x for x in range(rs.side_count) if x != mine]
        points = ", ".join(f"{_side(rs, r.seat, x)} {seen.points[x]}" for x in order)
        tricks = ", ".join(f"{_side(rs, r.seat, x)} {seen.tricks[x]}" for x in order)
        out.append(f"    points: {points}; tricks: {tricks}")
    others = "the opponent" if rs.players.count == 2 else "the others"
    if r.worlds is not None:
        hands = f"the {r.worlds} hands {others} can still hold, each counted once" if r.worlds > 1 else f"the only hand {others} can hold"
        out.append(f"    values: exact over {hands}")
    elif r.exact:
        out.append(f"    values: the mean of {r.iterations} hands drawn from those {others} may hold, each solved exactly")
    else:
        out.append(f"    values: estimated by {r.iterations:,} searches over the hands {others} may hold")
    if r.line:
        steps = ", ".join(f"{_who(rs, r.seat, s)} {a.removeprefix('play ')}" for s, a in r.line)
        out.append(f"    best line with the cards as they lay: {steps}")
    return out


def _who(rs: Ruleset, me: int, seat: int) -> str:
    """A seat from the analysed seat's side of the table: you, partner, opponent or seat N."""
    if seat == me:
        return "you"
    mine = rs.side_of(me)
    if rs.side_of(seat) == mine:
        return "partner" if len(rs.sides[mine]) == 2 else f"seat {seat}"
    others = [s for s in range(rs.players.count) if rs.side_of(s) != mine]
    return "opponent" if len(others) == 1 else f"seat {seat}"


def _side(rs: Ruleset, me: int, side: int) -> str:
    seats = rs.sides[side]
    if side == rs.side_of(me):
        return "you" if len(seats) == 1 else "your team"
    if rs.side_count == 2:
        return "opponent" if len(seats) == 1 else "opponents"
    return "seat " + " & ".join(map(str, seats))


def _suit(letter: str) -> str:
    return SUIT_NAMES.get(letter, letter)


def _as_dict(r: MoveReport) -> dict[str, object]:
    return {
        "deal": r.deal, "move": r.move, "seat": r.seat, "played": r.played, "played_value": round(r.played_value, 4),
        "best": r.best, "best_value": round(r.best_value, 4), "loss": round(r.loss, 4), "grade": r.grade or None,
        "exact": r.exact, "worlds": r.worlds, "iterations": r.iterations,
        "values": {k: round(v, 4) for k, v in r.values.items()},
        "seen": None if r.seen is None else {
            "hand": list(r.seen.hand), "trick": [{"seat": s, "card": c} for s, c in r.seen.trick],
            "trump": r.seen.trump, "turn_up": r.seen.turn_up, "talon": r.seen.talon, "closed": r.seen.closed,
            "points": list(r.seen.points), "tricks": list(r.seen.tricks),
        },
        "line": [{"seat": s, "action": a} for s, a in r.line],
    }
