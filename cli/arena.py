"""The ``arena`` and ``tournament`` commands: bots against bots on the same deals, seats swapped.

Both are thin over :mod:`interpreter.sim.arena` (which plays and scores) and
:mod:`interpreter.sim.stats` (which says how sure the figures are); this module checks the
arguments, shows a progress bar, prints the tables or ``--json``, and keeps what finished when
the run is stopped.  Runs last minutes, so a stop is an expected end: Ctrl-C (or SIGTERM,
SIGHUP) ends the worker processes at once, prints the figures of the deals that finished and
exits with 130 (128 + the signal); an error in play (a seat's bot that fails, raised in a worker
or here) does the same, then says the error in one line and exits with 2.  The progress bar is drawn only on a terminal, so a
redirected stderr -- a log file, the docs' tests -- gets no bar codes.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Sequence
from contextlib import closing
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from cli.errors import fail, ruleset_or_exit, usage_error
from cli.options import AllowOutside, bot_kind, bot_kinds, checked_bot, seed_in_range, worker_count
from cli.output import say, unit_words, warn
from cli.progress import progress_bar
from cli.stopping import Failed, Halt, Stopped, cut_short, error_of, ignore_stops, stops_from_the_start
from interpreter.core.errors import RulesError
from interpreter.core.printable import json_text
from interpreter.rules.ruleset import Ruleset

if TYPE_CHECKING:
    from interpreter.sim.arena import Arena, PairingSummary, Timing

#: --deals: the most deals of a run (per pairing).  Enough for a win rate within +-0.2
#: percentage points; beyond it the bootstrap alone (2,000 resamples of every deal, about
#: 13 s per 100,000 deals) would outlast the patience of whoever waits for the table.
DEALS_LIMIT = 200_000

Ruleset_ = Annotated[str, typer.Option("--ruleset", metavar="RULESET", help="The ruleset: a file, or a bundled name.")]
Deals = Annotated[int, typer.Option("--deals", metavar="N", help=f"Deals to play (per pairing), each once per seat assignment (at most {DEALS_LIMIT:,}).", min=1)]
Seed = Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the deals (the same seed plays the same deals).", callback=seed_in_range)]
Jobs = Annotated[Optional[int], typer.Option("--jobs", metavar="J", help="Processes to play in (default and most: every core). The figures do not depend on it, unless a bot has a time budget (search:ms=N).", min=1)]
AsJson = Annotated[bool, typer.Option("--json", help="Print the figures as one JSON object.")]


def arena(
    a: Annotated[str, typer.Argument(help="Bot A: a bot kind such as greedy, or policy:FILE.py:NAME (a trained agent).", metavar="A", callback=bot_kind)],
    b: Annotated[str, typer.Argument(help="Bot B: a bot kind such as random, or policy:FILE.py:NAME.", metavar="B", callback=bot_kind)],
    deals: Deals,
    ruleset: Ruleset_ = "schnapsen",
    seed: Seed = 0,
    jobs: Jobs = None,
    as_json: AsJson = False,
    allow_outside: AllowOutside = False,
) -> None:
    """Play bot A against bot B on the same deals, seats swapped: A's win rate and net score, with 95% intervals."""
    with stops_from_the_start():
        _arena(a, b, deals, ruleset, seed, jobs, as_json, allow_outside)


def _arena(a: str, b: str, deals: int, ruleset: str, seed: int, jobs: int | None, as_json: bool, allow_outside: bool) -> None:
    """``rules arena`` itself, inside the command's stop signals (a stop at any point before a
    deal finished ends it alike: one line, no figures)."""
    from interpreter.sim.arena import Arena

    rs = ruleset_or_exit(ruleset, allow_outside=allow_outside)
    kinds = [_bot(rs, a, "A"), _bot(rs, b, "B")]
    _check_deals(deals)
    run = Arena(rs, kinds, deals=deals, seed=seed)
    stop = _play(run, jobs, allow_outside, f"{kinds[0]} vs {kinds[1]}")
    summary = run.summary()
    if as_json:
        say(json_text({**_inputs(run, ruleset, stop), **summary.as_dict()}, ensure_ascii=True))
    else:
        for line in arena_lines(run, summary, stop):
            say(line)
    _end(run, stop)


def tournament(
    bots: Annotated[list[str], typer.Argument(help="Two or more bot kinds (random, greedy, basic, search:..., policy:FILE.py:NAME or policy:MODULE:NAME for a trained agent); every pair of them plays.", metavar="BOT...", callback=bot_kinds)],
    deals: Deals,
    ruleset: Ruleset_ = "schnapsen",
    seed: Seed = 0,
    jobs: Jobs = None,
    as_json: AsJson = False,
    allow_outside: AllowOutside = False,
) -> None:
    """Play every pair of bots through the arena and rate them (Bradley-Terry, Elo scale, mean 0), best first."""
    with stops_from_the_start():
        _tournament(bots, deals, ruleset, seed, jobs, as_json, allow_outside)


def _tournament(bots: list[str], deals: int, ruleset: str, seed: int, jobs: int | None, as_json: bool, allow_outside: bool) -> None:
    """``rules tournament`` itself, inside the command's stop signals (as :func:`_arena`)."""
    from interpreter.sim.arena import Arena

    rs = ruleset_or_exit(ruleset, allow_outside=allow_outside)
    if len(bots) < 2:  # said before the one bot is built: nothing else is wrong that matters
        _entries(bots)
    kinds = [_bot(rs, kind, f"{n + 1}") for n, kind in enumerate(bots)]
    _entries(kinds)
    _check_deals(deals)
    run = Arena(rs, kinds, deals=deals, seed=seed)
    stop = _play(run, jobs, allow_outside, f"{len(kinds)} bots")
    if as_json:
        say(json_text(tournament_report(run, ruleset, stop), ensure_ascii=True))
    else:
        for line in tournament_lines(run, stop):
            say(line)
    _end(run, stop)


# ----------------------------------------------------------------------------- arguments


def _bot(rs: Ruleset, kind: str, label: str) -> str:
    """The bot kind, checked by building one (``make_agent`` knows the kinds, this module does not)."""
    return checked_bot(kind, rs, f"bot {label}")  # as typed (bot_kind): a blank one is quoted as such


def _entries(kinds: Sequence[str]) -> None:
    """Two bots at least, each once: the check of the Python ``tournament()``
    (:func:`interpreter.sim.arena.tournament_entries`), its ``ValueError`` a usage error here."""
    from interpreter.sim.arena import tournament_entries

    try:
        tournament_entries(kinds)
    except ValueError as exc:
        raise usage_error(str(exc)) from None


def _check_deals(deals: int) -> None:
    if deals > DEALS_LIMIT:
        raise usage_error(f"--deals: {deals:,} is more than a run keeps (at most {DEALS_LIMIT:,})")


# ----------------------------------------------------------------------------- running


def _play(run: Arena, jobs: int | None, allow_outside: bool, label: str) -> Halt | None:
    """Play the run with a progress bar; the stop or error that ended it early, or ``None``.
    An error before any deal finished leaves nothing to report: it is said at once, exit 2;
    a stop then too (raised again: :func:`cli.stopping.stops_from_the_start` says it), where
    it printed a table of no deals.  The stop signals are the command's."""
    workers = worker_count(jobs)
    try:
        with progress_bar(run.total, label) as show, closing(run.play(workers, allow_outside=allow_outside)) as steps:
            for done in steps:
                show(done)
    except Stopped as stop:
        if not run.finished:
            raise
        return stop
    except KeyboardInterrupt:  # outside the main thread, where no handler is installed
        ignore_stops()
        if not run.finished:
            raise Stopped(signal.SIGINT) from None
        return Stopped(signal.SIGINT)
    except RulesError as exc:  # a seat's bot that failed (BotError), a scoring formula failing in play
        ignore_stops()
        if not run.finished:
            raise fail(exc) from None
        return Failed(exc)
    ignore_stops()  # the deals are played: printing runs to its end
    return None


def _end(run: Arena, stop: Halt | None) -> None:
    """After the figures: say that they are partial, and exit 128 + the signal if stopped,
    or say the error and exit 2."""
    if stop is None:
        return
    if isinstance(stop, Failed):
        warn(f"the run stopped on an error: the figures are of the {run.finished:,} of {run.total:,} deals that finished")
        raise fail(stop.error)
    how = "interrupted" if stop.signum == signal.SIGINT else stop.why.replace("game ", "")
    warn(f"{how}: the figures are of the {run.finished:,} of {run.total:,} deals that finished")
    raise typer.Exit(stop.exit_status)


# ----------------------------------------------------------------------------- output


def _inputs(run: Arena, ruleset: str, stop: Halt | None) -> dict[str, Any]:
    """What the figures were computed from, first in every JSON report: the ruleset as the user
    gave it (``ruleset``: a path stays a path, as in ``rules simulate``) and its own ``name``
    (``ruleset_name``), with whether the run ended early (``interrupted``, by a stop or an error)
    and the error that ended it, if one did."""
    return {
        "ruleset": ruleset, "ruleset_name": run.rs.name, "deals": run.deals, "seed": run.seed,
        "sides": [list(seats) for seats in run.rs.sides], "unit": unit_words(run.rs), "interrupted": stop is not None,
        "error": error_of(stop),
    }


def _sides_text(rs: Ruleset) -> str:
    return ", then ".join(
        f"side {k} (seat{'s' if len(seats) > 1 else ''} {', '.join(str(s) for s in seats)})" for k, seats in enumerate(rs.sides)
    )


def _percent(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _interval(pair: tuple[float, float] | None, form: Callable[[float], str]) -> str:
    return "-" if pair is None else f"{form(pair[0])} to {form(pair[1])}"


def _signed(x: float) -> str:
    return f"{x:+.2f}"


def _rating(x: float) -> str:
    """A rating, whole: one that rounds to nothing is ``+0``, never ``-0`` (a mean-0 fit leaves
    a bot at -1e-14)."""
    return f"{round(x):+d}"


def _won(x: float) -> str:
    """Deals won, halves (and finer shares between several sides) shown only when there are any."""
    return f"{x:,.0f}" if x == int(x) else f"{x:,.2f}".rstrip("0")


def table(rows: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    """Rows as aligned columns (two spaces apart; ``right`` says which columns align right)."""
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    return [
        "  ".join(cell.rjust(w) if r else cell.ljust(w) for cell, w, r in zip(row, widths, right)).rstrip()
        for row in rows
    ]


def _timing_rows(named: Sequence[tuple[str, Timing | None]]) -> list[str]:
    """Milliseconds per decision on the wall clock and in the deciding thread's CPU time."""
    rows = [["ms per decision", "wall median", "p95", "CPU median", "p95", "decisions"]]
    for name, t in named:
        rows.append([name, "-", "-", "-", "-", "0"] if t is None else [
            name, f"{t.median:.3f}", f"{t.p95:.3f}", f"{t.cpu_median:.3f}", f"{t.cpu_p95:.3f}", f"{t.decisions:,}",
        ])
    return table(rows, [False, True, True, True, True, True])


def arena_lines(run: Arena, s: PairingSummary, stop: Halt | None) -> list[str]:
    """The text report of an arena: inputs, then A's figures, then the timings (last, since
    they alone change from run to run)."""
    rs = run.rs
    plays = rs.side_count
    lines = [
        f"{rs.title}: {s.a} (A) against {s.b} (B), {run.deals:,} deal{'s' if run.deals != 1 else ''}, seed {run.seed}",
        f"each deal played {plays} times: A on {_sides_text(rs)}; B on the rest",
    ]
    if stop is not None:
        lines.append(f"{cut_short(stop)}: {s.finished:,} of {run.deals:,} deals finished")
    lines.append("")
    lines += table([
        ["", "A", "95% interval", ""],
        ["deals won", _percent(s.win_rate), _interval(s.win_interval, _percent), f"{_won(s.score)} of {s.plays:,} played; Wilson"],
        [f"{unit_words(rs)} per deal", "-" if s.net is None else _signed(s.net), _interval(s.net_interval, _signed),
         f"paired bootstrap over {s.finished:,} deal{'s' if s.finished != 1 else ''}" if s.net_interval else s.net_why or "-"],
    ], [False, True, True, False])
    lines.append("")
    lines += table([
        [f"deals by A's wins in their {plays} plays", *(str(won) for won, _ in s.outcomes)],
        ["deals", *(f"{count:,}" for _, count in s.outcomes)],
    ], [False] + [True] * len(s.outcomes))
    lines.append("")
    lines += _timing_rows([(f"{s.a} (A)", s.a_timing), (f"{s.b} (B)", s.b_timing)])
    return lines


def _ranking(run: Arena) -> list[dict[str, Any]]:
    """The bots best first, with their rating, its interval and their plays won; then, in the
    order given, the bots that played no deal (a tournament stopped early), unrated
    (``None``): ranked among the others they would stand at the mean on no evidence."""
    from interpreter.sim.arena import bot_name

    ratings = run.ratings()
    standings = run.standings()
    rows: list[dict[str, Any]] = []
    for n, bot in enumerate(run.bots):
        interval = ratings.interval(n)
        won, plays = standings[n]
        rows.append({
            "bot": bot_name(bot), "rating": ratings.ratings[n], "error": ratings.errors[n],
            "interval": list(interval) if interval is not None else None, "won": won, "plays": plays,
        })
    rows.sort(key=lambda r: (r["rating"] is None, -(r["rating"] or 0.0)))  # stable: the unrated keep their order
    return rows


def tournament_report(run: Arena, ruleset: str, stop: Halt | None) -> dict[str, Any]:
    """The ``--json`` report of a tournament."""
    from interpreter.sim.arena import bot_name

    pairings = []
    for n in range(len(run.pairings)):
        d = run.summary(n).as_dict()
        del d["ms_per_decision"], d["deals"]
        pairings.append(d)
    timings = {bot_name(b): (t.as_dict() if (t := run.timing(n)) else None) for n, b in enumerate(run.bots)}
    return {
        **_inputs(run, ruleset, stop), "bots": [bot_name(b) for b in run.bots], "ratings": _ranking(run), "pairings": pairings,
        "ms_per_decision": timings,
    }


def tournament_lines(run: Arena, stop: Halt | None) -> list[str]:
    """The text report of a tournament: the ranking, each pairing, the timings."""
    from interpreter.sim.arena import PRIOR_GAMES, bot_name

    rs = run.rs
    names = [bot_name(b) for b in run.bots]
    lines = [
        f"{rs.title}: {', '.join(names)}, {run.deals:,} deal{'s' if run.deals != 1 else ''} per pairing, seed {run.seed}",
        f"each deal played {rs.side_count} times per pairing: A on {_sides_text(rs)}; B on the rest",
    ]
    if stop is not None:
        lines.append(f"{cut_short(stop)}: {run.finished:,} of {run.total:,} deals finished")
    lines.append("")
    rows = [["rank", "bot", "rating", "95% interval", "deals won", ""]]
    for rank, r in enumerate(_ranking(run), 1):
        rated = r["rating"] is not None  # else a bot that played no deal: no rank, rating or interval
        rows.append([
            str(rank) if rated else "-", r["bot"], _rating(r["rating"]) if rated else "-",
            f"{_rating(r['interval'][0])} to {_rating(r['interval'][1])}" if rated else "-",
            f"{_won(r['won'])} of {r['plays']:,}", _percent(r["won"] / r["plays"] if r["plays"] else None),
        ])
    lines += table(rows, [True, False, True, True, True, True])
    lines.append("(Bradley-Terry ratings on the Elo scale, mean 0: 400 points = odds of 10 to 1;")
    lines.append(f" prior: {PRIOR_GAMES:g} drawn virtual deal between every two bots)")
    lines.append("")
    unit = unit_words(rs)
    rows = [["A", "B", "A won", "", "95% interval", "net", "95% interval"]]
    for n in range(len(run.pairings)):
        s = run.summary(n)
        rows.append([
            s.a, s.b, f"{_won(s.score)} of {s.plays:,}", _percent(s.win_rate), _interval(s.win_interval, _percent),
            "-" if s.net is None else _signed(s.net), _interval(s.net_interval, _signed),
        ])
    lines += table(rows, [False, False, True, True, True, True, True])
    lines.append(f"(net: A's {unit} per deal played, with a paired bootstrap interval)")
    lines.append("")
    lines += _timing_rows([(names[n], run.timing(n)) for n in range(len(names))])
    return lines
