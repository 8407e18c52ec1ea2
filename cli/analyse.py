"""The ``analyse`` command: what the search thinks of every decision of a played game.

The analysis itself is :func:`interpreter.play.analysis.analyse_record`; this module reads the
record, shows progress on stderr (a terminal only) and prints one line per decision, or
``--json``.  Ctrl-C, SIGTERM or SIGHUP prints (and writes) what was analysed so far, and
exits with 128 + the signal, as the other long commands do; stopped before any decision was
analysed, it writes no ``--html`` page, so an existing one is kept.
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Optional

import typer

from cli.analyse_html import analysis_page
from cli.analysis_words import action_words, context_lines, signed, summary_words, verdict_words
from cli.progress import progress_bar
from cli.errors import check_page_path, fail, record_or_exit, usage_error, write_page
from cli.options import AllowOutside, iterations_in_range, output_file_name, seed_in_range
from cli.output import say, warn
from cli.stopping import Stopped, ignore_stops, stop_signals
from interpreter.core.errors import RulesError
from interpreter.core.printable import json_text
from interpreter.play.analysis import Basis, MoveReport, Seen, iter_analysis
from interpreter.play.bots.search_bot import ITERATIONS_LIMIT
from interpreter.play.record import Record, illegal_move_error, replay
from interpreter.play.recordfile import inputs_of
from interpreter.play.secrecy import Secret, secret_of
from interpreter.rules.ruleset import Ruleset


def analyse(
    record: Annotated[str, typer.Argument(help="A game record file (YAML), e.g. written by rules run --record.", show_default=False)],
    seat: Annotated[Optional[list[int]], typer.Option(
        "--seat", metavar="SEAT", help="Analyse this seat's decisions (repeat for several; default: every seat).", show_default=False,
    )] = None,
    deal: Annotated[Optional[list[int]], typer.Option(
        "--deal", metavar="N", help="Analyse this deal only, counted from 1 as the log counts them (repeat for several; default: every deal).",
        show_default=False,
    )] = None,
    iters: Annotated[int, typer.Option("--iters", metavar="N", help=f"Search iterations per decision (more: steadier values, slower; at most {ITERATIONS_LIMIT:,}).", min=1, callback=iterations_in_range)] = 3000,
    seed: Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the searches (the same seed gives the same analysis).", callback=seed_in_range)] = 0,
    only_errors: Annotated[bool, typer.Option("--errors", help="Show only the decisions graded inaccuracy, mistake or blunder.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as one JSON object.")] = False,
    html: Annotated[Optional[Path], typer.Option(
        "--html", metavar="FILE", parser=output_file_name, help="Also write the analysis as a page to step through in a browser: the course of each deal drawn, every decision with its cards.",
        show_default=False,
    )] = None,
    brief: Annotated[bool, typer.Option("--brief", help="One line per decision: without the position, what the values rest on and the best line.")] = False,
    reveal: Annotated[bool, typer.Option(
        "--reveal", help="Analyse every seat of an unfinished deal too (a record with a human seat shows only that seat's decisions there, whose choices would show other hands).",
    )] = False,
    allow_outside: AllowOutside = False,
) -> None:
    """Analyse a game record move by move: the value of each move played against the best one, from the player's own view."""
    rec = record_or_exit(record, allow_outside=allow_outside)
    if html is not None:
        check_page_path(html, [(Path(record), "the record"), *inputs_of(rec.ruleset, "its ruleset")])
    n = rec.ruleset.players.count
    for s in seat or []:
        if not 0 <= s < n:
            raise usage_error(f"--seat {s}: the {rec.ruleset.name} ruleset has seats 0 to {n - 1}")
    for d in deal or []:
        if not 1 <= d <= len(rec.deals):
            raise usage_error(f"--deal {d}: {_deals_held(len(rec.deals))}")
    chosen = sorted(set(deal)) if deal else None
    try:
        end = replay(rec)
        secret = None if reveal else secret_of(rec, end)
    except RulesError as exc:  # a record whose deals do not follow each other
        raise fail(exc) from None
    if end.illegal is not None:  # nothing to analyse past it: say which move, as rules replay does
        raise fail(illegal_move_error(rec, end.illegal, f" (rules replay {record} shows the position)"))
    if secret is not None and (chosen is None or secret.deal + 1 in chosen):
        warn(_secret_note(secret.deal, secret.seat, seat))
    total = sum(len(d.moves) for k, d in enumerate(rec.deals, 1) if chosen is None or k in chosen)
    reports: list[MoveReport] = []
    stop: Stopped | None = None
    done = 0

    def moved(count: int, show: Callable[[int], None]) -> None:
        nonlocal done
        done = count
        show(count)

    with stop_signals():  # Ctrl-C, SIGTERM or SIGHUP: what was analysed is printed and written
        try:
            with progress_bar(total, "analysing", "decisions") as show:
                for report in iter_analysis(rec, seats=seat or None, iterations=iters, seed=seed, progress=lambda n, _: moved(n, show), deals=chosen):
                    if secret is None or report.deal != secret.deal + 1:
                        reports.append(report)
                    elif report.seat == secret.seat:  # another seat's choices in the deal in play would show its hand,
                        reports.append(_kept_secret(report, secret, rec))  # and so would the best line with the cards as they lie
        except Stopped as exc:
            stop = exc
        except KeyboardInterrupt:
            stop = Stopped(signal.SIGINT)
        except RulesError as exc:  # a house rule's formula that fails in a position the search reached
            ignore_stops()
            raise fail(exc) from None
        ignore_stops()
    stopped = stop is not None
    shown = [r for r in reports if r.grade or not only_errors]
    if as_json:
        say(json_text({
            "record": record, "deals": chosen, "iterations": iters, "seed": seed, "complete": not stopped, "interrupted": stopped,
            "error": None,  # as in the other long runs' JSON; an error here prints no JSON, only itself (exit 2)
            "decisions": [_as_dict(r) for r in shown],
        }, ensure_ascii=True))
    else:
        for r in shown:
            say(_line(r, rec.ruleset))
            if not brief:
                for text in context_lines(r, rec.ruleset):
                    say(text)
        say(summary_words(reports, rec.ruleset))
    # a stop before any decision was analysed leaves nothing to show: an existing page (a
    # finished analysis, perhaps) is kept rather than replaced by an empty one, as simulate's is
    page_kept = html is not None and stopped and not reports
    if html is not None and not page_kept:
        write_page(html, analysis_page(reports, rec.ruleset, Path(record).name, complete=not stopped), "analysis page")
    if stop is not None:
        how = "interrupted" if stop.signum == signal.SIGINT else stop.said("analysis").replace("analysis ", "")
        kept = f"; no decision analysed, so no page is written ({html} is left as it was)" if page_kept else ""
        warn(f"{how}: the analysis is of the first {done:,} of {_moves_of(total, chosen)}{kept}")
        raise typer.Exit(stop.exit_status)


def _deals_held(count: int) -> str:
    """What deals a record holds, for the refusal of a ``--deal`` it does not."""
    if count == 0:
        return "the record holds no deal"
    return "the record holds deal 1 only" if count == 1 else f"the record holds deals 1 to {count}"


def _moves_of(total: int, chosen: list[int] | None) -> str:
    """The moves an interrupted analysis was going through: the record's, or those of the deals
    ``--deal`` asked for."""
    if chosen is None:
        return f"the record's {total:,} moves"
    named = f"deal {chosen[0]}" if len(chosen) == 1 else "deals " + ", ".join(map(str, chosen[:-1])) + f" and {chosen[-1]}"
    return f"the {total:,} moves of {named}"


def _secret_note(deal: int, human: int | None, asked: list[int] | None) -> str:
    """The note on the unfinished deal of a record with a human seat: whose decisions in it are
    shown, and whether that is none of the seats asked for."""
    head = f"note: deal {deal + 1} is unfinished and the record has a human seat: "
    if human is None:
        return head + "no decision in it shown (--reveal shows all)"
    if asked and human not in asked:
        listed = ", ".join(map(str, sorted(set(asked))))
        return head + f"only seat {human}'s decisions in it may be shown, and --seat asks for {listed}: none of them shown (--reveal shows all)"
    return head + f"seat {human}'s decisions in it shown (--reveal shows all)"


def _kept_secret(report: MoveReport, secret: Secret, rec: Record) -> MoveReport:
    """The human seat's decision in the deal it is still playing, as that person may be shown
    it: without the best line with the cards as they lie (the others' cards), and with the
    card points of only the sides its screen counts for it (:meth:`Secret.told_points`, as
    ``rules replay`` tells them: none where the rules make players keep count in their
    heads) -- an analysis read mid-deal must not count for the person what the table leaves
    to his memory.  The tricks each side has taken lie in front of everybody: kept."""
    seen = report.seen
    if seen is not None:
        seen = replace(seen, points=tuple(secret.told_points(rec.deals[secret.deal].state, seen.points)))
    return replace(report, line=(), seen=seen)


def _line(r: MoveReport, rs: Ruleset) -> str:
    """The decision in one line: the move played and its value, the best move and its value,
    and the grade with the loss (or why there is none: ``uncertain``)."""
    head = f"deal {r.deal} move {r.move:>2} seat {r.seat}: {action_words(rs, r.played):<12} {signed(r.played_value)}"
    if r.best == r.played:
        return f"{head}  best"
    verdict = verdict_words(r, rs)
    return f"{head}  best {action_words(rs, r.best):<12} {signed(r.best_value)}" + (f"  {verdict}" if verdict else "")


def _number(value: float) -> float:
    """A value for the JSON: four decimals, and 0.0 where it rounds to nothing (never -0.0)."""
    return round(value, 4) + 0.0


def _basis(b: Basis) -> dict[str, object]:
    """One value's basis for the JSON: ``exact``, ``worlds`` and ``iterations`` as the
    decision's own keys say them, and ``ahead`` (0: found at the decision; 1: the next
    decision's value, the move keeping the turn)."""
    return {"exact": b.exact, "worlds": b.worlds, "iterations": b.iterations, "ahead": b.ahead}


def _points(seen: Seen) -> list[int | None]:
    """The sides' ``points`` for the JSON: ``null`` for a side kept from a person still playing
    the deal, and for one whose count leaves out cards the seat cannot see (its count is in
    ``face_down``: a plain number read as the true count)."""
    return [None if side == seen.face_down_side else p for side, p in enumerate(seen.points)]


def _face_down(seen: Seen) -> dict[str, int] | None:
    """``{side, cards, counted}``: the side whose points leave out ``cards`` face down (a widow
    another seat took) and what the seat counted for it; ``null`` where every count is whole,
    and where that side's points are kept from the person still playing the deal."""
    side = seen.face_down_side
    counted = None if side is None else seen.points[side]
    if side is None or counted is None:
        return None
    return {"side": side, "cards": seen.face_down, "counted": counted}


def _as_dict(r: MoveReport) -> dict[str, object]:
    return {
        "deal": r.deal, "move": r.move, "seat": r.seat, "played": r.played, "played_value": _number(r.played_value),
        "best": r.best, "best_value": _number(r.best_value), "loss": _number(r.loss), "grade": r.grade or None,
        "exact": r.exact, "worlds": r.worlds, "iterations": r.iterations,
        "values": {k: _number(v) for k, v in r.values.items()}, "visits": r.visits,
        "errors": {k: _number(v) for k, v in r.errors.items()}, "uncertain": r.uncertain,
        "seen": None if r.seen is None else {
            "hand": list(r.seen.hand), "trick": [{"seat": s, "card": c} for s, c in r.seen.trick],
            "trump": r.seen.trump, "turn_up": r.seen.turn_up, "talon": r.seen.talon, "closed": r.seen.closed,
            "points": _points(r.seen), "tricks": list(r.seen.tricks), "auction": r.seen.auction,
            "declarer": r.seen.declarer, "bid": r.seen.bid, "face_down": _face_down(r.seen),
        },
        "basis": {k: _basis(r.basis_of(k)) for k in r.values},
        "line": [{"seat": s, "action": a} for s, a in r.line],
    }

