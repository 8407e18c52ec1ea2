"""The ``simulate`` and ``compare`` commands: what a ruleset (or a house rule) does to the game.

Thin over :mod:`interpreter.sim.simulate` (which plays seeded blocks of deals on the local
cores or a Ray cluster), :mod:`interpreter.sim.figures` (every metric with its interval),
:mod:`interpreter.sim.compare` (paired differences with Holm's correction) and
:mod:`interpreter.sim.report` (the HTML page).  This module checks the arguments, shows the
progress bar (deals/s and the time left), prints the table, ``--json`` or ``--csv``, and
keeps what finished when the run is stopped: Ctrl-C prints the figures of the finished
blocks and exits 130, as ``rules arena`` does (an error in play, such as a seat's bot that
fails, likewise, then the error and exit 2).
"""

from __future__ import annotations

import csv
import io
import os
import signal
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from cli.errors import check_page_path, fail, ruleset_or_exit, usage_error, write_page
from cli.options import AllowOutside, bot_kind, check_seat_count, checked_bot, lowercase, output_file_name, seat_list, seed_in_range, worker_count
from cli.output import say, unit_words, warn
from cli.progress import progress_bar
from cli.stopping import Failed, Halt, Stopped, cut_short, error_of, ignore_stops, stops_from_the_start
from interpreter.core.errors import RulesError
from interpreter.core.printable import json_text
from interpreter.rules.ruleset import Ruleset

if TYPE_CHECKING:
    from interpreter.sim.compare import Change
    from interpreter.sim.figures import Figure
    from interpreter.sim.simulate import Runs
    from interpreter.sim.tally import Difference

#: --deals and --matches: each at most this many (deal seeds are seed * 2**32 + index).
MOST = 2**32 - 1

Deals = Annotated[int, typer.Option("--deals", metavar="N", help="Deals to play (per ruleset), each from its own seed.", min=1)]
Matches = Annotated[int, typer.Option("--matches", metavar="M", help="Also play this many whole matches, for the match length.", min=0)]
Players = Annotated[Optional[str], typer.Option("--players", metavar="KINDS", help="Seat kinds, comma-separated: random, greedy, basic, search (search:hard, search:iters=N, ...), policy:FILE.py:NAME or policy:MODULE:NAME (a trained agent). Default: random in every seat.")]
Seed = Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the deals (the same seed plays the same deals).", callback=seed_in_range)]
Jobs = Annotated[Optional[int], typer.Option("--jobs", metavar="J", help="Local processes (default and most: every core). The figures do not depend on it, unless a bot has a time budget (search:ms=N).", min=1)]
Backend = Annotated[str, typer.Option("--backend", metavar="local|ray", callback=lowercase, help="Where the blocks run: local (a process pool) or ray (a Ray cluster; pip install ray).")]
Address = Annotated[Optional[str], typer.Option("--address", metavar="ADDRESS", help="The Ray cluster to use with --backend ray, e.g. auto or HOST:6379 (default: start one on this machine).")]
AsJson = Annotated[bool, typer.Option("--json", help="Print the figures as one JSON object.")]
AsCsv = Annotated[bool, typer.Option("--csv", help="Print the figures as CSV, one metric a line.")]
Html = Annotated[Optional[Path], typer.Option("--html", metavar="FILE", parser=output_file_name, help="Also write a self-contained HTML report (tables and plots) to this file.")]


def simulate(
    ruleset: Annotated[str, typer.Argument(help="A ruleset file, or a bundled name such as schnapsen.")],
    deals: Deals,
    players: Players = None,
    matches: Matches = 0,
    seed: Seed = 0,
    jobs: Jobs = None,
    backend: Backend = "local",
    address: Address = None,
    as_json: AsJson = False,
    as_csv: AsCsv = False,
    html: Html = None,
    skill: Annotated[Optional[str], typer.Option("--skill", metavar="BOT", callback=bot_kind, help="Also measure the skill gap: this bot kind on each side in turn, the other seats as --players, on the same deals.")] = None,
    allow_outside: AllowOutside = False,
) -> None:
    """Play many deals of a ruleset: first-hand advantage, outcomes, how deals end, what each rule is worth, with 95% intervals."""
    with stops_from_the_start():
        _simulate(ruleset, deals, players, matches, seed, jobs, backend, address, as_json, as_csv, html, skill, allow_outside)


def _simulate(
    ruleset: str, deals: int, players: str | None, matches: int, seed: int, jobs: int | None, backend: str, address: str | None,
    as_json: bool, as_csv: bool, html: Path | None, skill: str | None, allow_outside: bool,
) -> None:
    """``rules simulate`` itself, inside the command's stop signals (a stop at any point before
    a block finished ends it alike)."""
    from interpreter.sim.figures import figures
    from interpreter.sim.simulate import Runs, SimSpec

    _formats(as_json, as_csv)
    rs = ruleset_or_exit(ruleset, allow_outside=allow_outside)
    seats = seat_kinds(rs, players, "--players")
    _sizes(deals, matches)
    _backend(backend, address)
    if html is not None:
        _check_html(html, [rs])
    ref = _reference(ruleset)
    specs = [SimSpec(ref, tuple(seats), deals, matches, seed, allow_outside, rs.shown)]
    if skill is not None:
        bot = _skill_bot(rs, skill)
        for k in range(rs.side_count):  # the bot on side k, the other seats as given; deals only
            specs.append(SimSpec(ref, tuple(bot if rs.side_of(s) == k else seats[s] for s in range(len(seats))), deals, 0, seed, allow_outside, rs.shown))
    runs = Runs(specs)
    stop = _play(runs, jobs, backend, address, rs.title)
    _something_finished(runs, stop)
    figs = figures(runs.tallies[0], seed)
    report = {**_inputs(runs, 0, rs, ruleset), "interrupted": stop is not None, "error": error_of(stop), "metrics": [f.as_dict() for f in figs]}
    gap = None if skill is None else _skill_gap(runs)
    if skill is not None:
        report["skill"] = _skill(skill, gap)
    if as_json:
        say(json_text(report, ensure_ascii=True))
    elif as_csv:
        say(figures_csv(figs), multiline=True, nl=False)
    else:
        for line in simulate_lines(rs, runs, figs, stop):
            say(line)
        if skill is not None:
            say(skill_line(_skill(skill, gap, exact=True)))
    if html is not None:
        from interpreter.sim.report import simulate_page

        page = {**report, "metrics": [_page_figure(f) for f in figs]}
        if skill is not None:
            page["skill"] = _skill(skill, gap, exact=True)
        _write_html(html, simulate_page(rs.title, page, None if stop is None else cut_short(stop)))
    _end(runs, stop)


def compare(
    a: Annotated[str, typer.Argument(help="Ruleset A (the house rule): a file or a bundled name.", metavar="A")],
    b: Annotated[str, typer.Argument(help="Ruleset B (its base); the same as A to compare seatings of bots.", metavar="B")],
    deals: Deals,
    players: Players = None,
    players_b: Annotated[Optional[str], typer.Option("--players-b", metavar="KINDS", help="Seat kinds of run B (default: those of --players); compares bots instead of rules.")] = None,
    matches: Matches = 0,
    seed: Seed = 0,
    jobs: Jobs = None,
    backend: Backend = "local",
    address: Address = None,
    as_json: AsJson = False,
    as_csv: AsCsv = False,
    html: Html = None,
    allow_outside: AllowOutside = False,
) -> None:
    """Play A and B on the same seeded deals: every metric as a paired difference A - B with its 95% interval, Holm-corrected."""
    with stops_from_the_start():
        _compare(a, b, deals, players, players_b, matches, seed, jobs, backend, address, as_json, as_csv, html, allow_outside)


def _compare(
    a: str, b: str, deals: int, players: str | None, players_b: str | None, matches: int, seed: int, jobs: int | None,
    backend: str, address: str | None, as_json: bool, as_csv: bool, html: Path | None, allow_outside: bool,
) -> None:
    """``rules compare`` itself, inside the command's stop signals (as :func:`_simulate`)."""
    from interpreter.sim.compare import ALPHA, compare_tallies, same_deals
    from interpreter.sim.simulate import Runs, SimSpec

    _formats(as_json, as_csv)
    rs_a, rs_b = ruleset_or_exit(a, allow_outside=allow_outside), ruleset_or_exit(b, allow_outside=allow_outside)
    if rs_a.players.count != rs_b.players.count:
        raise usage_error(
            f"{rs_a.title} has {rs_a.players.count} seats and {rs_b.title} has {rs_b.players.count}: "
            "compare rulesets with the same number of seats",
        )
    seats_a = seat_kinds(rs_a, players, "--players")
    seats_b = seat_kinds(rs_b, players_b if players_b is not None else players, "--players-b")
    _sizes(deals, matches)
    _backend(backend, address)
    if html is not None:
        _check_html(html, [rs_a, rs_b])
    paired = same_deals(rs_a, rs_b)
    runs = Runs([
        SimSpec(_reference(a), tuple(seats_a), deals, matches, seed, allow_outside, rs_a.shown),
        SimSpec(_reference(b), tuple(seats_b), deals, matches, seed, allow_outside, rs_b.shown),
    ])
    stop = _play(runs, jobs, backend, address, f"{rs_a.title} vs {rs_b.title}")
    _something_finished(runs, stop)
    changes = compare_tallies(runs.tallies[0], runs.tallies[1])
    report = {
        "a": _inputs(runs, 0, rs_a, a), "b": _inputs(runs, 1, rs_b, b), "paired": paired, "alpha": ALPHA, "correction": "holm",
        "interrupted": stop is not None, "error": error_of(stop), "metrics": [c.as_dict() for c in changes],
    }
    if as_json:
        say(json_text(report, ensure_ascii=True))
    elif as_csv:
        say(changes_csv(changes), multiline=True, nl=False)
    else:
        for line in compare_lines(rs_a, rs_b, (a, b), runs, changes, paired, stop):
            say(line)
    if html is not None:
        from interpreter.sim.figures import figures
        from interpreter.sim.report import compare_page

        pages = [figures(t, seed) for t in runs.tallies]
        page = {**report, "metrics": [_page_change(c) for c in changes]}
        _write_html(html, compare_page(rs_a.title, rs_b.title, page, [[_page_figure(f) for f in p] for p in pages], None if stop is None else cut_short(stop)))
    _end(runs, stop)


# ----------------------------------------------------------------------------- arguments


def _reference(name: str) -> str:
    """What the workers load: a file as an absolute path (a Ray worker need not share this
    process's folder; links are kept, so an ``extends:`` reads as it did here), else the name.
    The spec's ``shown`` (the ruleset's, as loaded here) keeps the file named as the user did
    in the errors a worker raises."""
    return os.path.abspath(name) if os.path.exists(name) else name


def seat_kinds(rs: Ruleset, players: str | None, option: str) -> list[str]:
    """One bot kind per seat (``random`` everywhere by default), each checked by building it."""
    kinds = seat_list(players, rs, option) if players is not None else ["random"] * rs.players.count
    check_seat_count(kinds, rs, option)
    return [checked_bot(kind, rs, option) for kind in kinds]


def _skill_bot(rs: Ruleset, skill: str) -> str:
    """The one bot kind of ``--skill``, checked by building it; a list of kinds, which
    ``--players`` takes and ``--skill`` does not, is said as such (not as a count of seats)."""
    if "," in skill:
        from interpreter.play.bots import BOT_KINDS, POLICY_FORMS, SEARCH_OPTIONS

        raise usage_error(
            f"--skill: {skill!r} is a list (expected one bot kind, not a list: one of {', '.join(BOT_KINDS)}, {SEARCH_OPTIONS}, {POLICY_FORMS})",
        )
    return checked_bot(skill, rs, "--skill")


def _formats(as_json: bool, as_csv: bool) -> None:
    if as_json and as_csv:
        raise usage_error("--json and --csv: choose one")


def _sizes(deals: int, matches: int) -> None:
    """Each count apart, naming the option and its value (as ``rules arena`` does): a run
    seeds deal ``i`` (or match ``i``) with ``seed * 2**32 + i``, so ``i`` must stay under ``2**32``."""
    for option, value in (("--deals", deals), ("--matches", matches)):
        if value > MOST:
            raise usage_error(f"{option}: {value:,} is more than a run can seed (at most {MOST:,})")


def _backend(backend: str, address: str | None) -> None:
    if backend not in ("local", "ray"):
        raise usage_error(f"--backend: unknown backend '{backend}' (expected local or ray)")
    if address is not None and backend != "ray":
        raise usage_error("--address: only with --backend ray")
    if address is not None:
        from interpreter.sim.simulate import blank_address

        said = blank_address(address)
        if said is not None:  # before Ray is asked: it says "Invalid address format: " and no option
            raise usage_error(said)
    if backend == "ray":
        import importlib.util

        if importlib.util.find_spec("ray") is None:
            raise usage_error("--backend ray: Ray is not installed (pip install 'sixty-six-rules[ray]'; in a checkout: pip install -e '.[ray]')")


def _check_html(path: Path, rulesets: Sequence[Ruleset]) -> None:
    from interpreter.play.recordfile import inputs_of

    check_page_path(path, [i for rs in rulesets for i in inputs_of(rs, "a ruleset being played")])


def _write_html(path: Path, text: str) -> None:
    write_page(path, text, "report")


# ----------------------------------------------------------------------------- running


def _play(runs: Runs, jobs: int | None, backend: str, address: str | None, label: str) -> Halt | None:
    """Play the runs with a progress bar; the stop or error that ended them early, or
    ``None``.  An error before any block finished leaves nothing to report: it is said at
    once, exit 2.  One after -- a seat's bot, a formula, a match that never ends -- is a
    :class:`~cli.stopping.Failed` whose figures are printed first.  The stop signals are the command's (:func:`cli.stopping.stops_from_the_start`)."""
    from interpreter.sim.simulate import SimulationError

    workers = worker_count(jobs) if backend == "local" else 1  # Ray spreads the blocks over its cluster
    try:
        steps = runs.play(workers, backend=backend, address=address)
        with progress_bar(runs.total, label) as show, closing(steps):
            for done in steps:
                show(done)
    except Stopped as stop:
        return stop
    except KeyboardInterrupt:
        ignore_stops()
        return Stopped(signal.SIGINT)
    except SimulationError as exc:  # no Ray cluster, a match that never ends
        ignore_stops()
        if not runs.done:
            raise usage_error(str(exc)) from None
        # blocks finished before it (the deals, ahead of a match that never ends): kept and
        # reported as for an error in play, the same words and exit status
        return Failed(RulesError(str(exc)))
    except RulesError as exc:  # a seat's bot that failed (BotError), a scoring formula failing in play
        ignore_stops()
        if not runs.done:
            raise fail(exc) from None
        return Failed(exc)
    ignore_stops()
    return None


def _something_finished(runs: Runs, stop: Halt | None) -> None:
    """A stop before any block finished ends the command as a stop before the run began: one
    line, no figures, no report -- an existing ``--html`` file is kept, not replaced by an
    empty page (:func:`cli.stopping.stops_from_the_start`)."""
    if isinstance(stop, Stopped) and not runs.done:
        raise stop


def _end(runs: Runs, stop: Halt | None) -> None:
    if stop is None:
        return
    if isinstance(stop, Failed):
        warn(f"the run stopped on an error: the figures are of the {runs.done:,} of {runs.total:,} {_played(runs)} that finished")
        raise fail(stop.error)
    how = "interrupted" if stop.signum == signal.SIGINT else stop.why.replace("game ", "")
    warn(f"{how}: the figures are of the {runs.done:,} of {runs.total:,} {_played(runs)} that finished")
    raise typer.Exit(stop.exit_status)


def _played(runs: Runs) -> str:
    """What the counts of a run cut short are of: ``deals and matches``, or ``deals`` when no
    run asked for a match (the count is then of deals only)."""
    return "deals and matches" if any(spec.matches for spec in runs.specs) else "deals"


# ----------------------------------------------------------------------------- output


def _skill_gap(runs: Runs) -> Difference | None:
    """The skill gap measured by the runs (run 0 the base, runs 1.. the bot on each side)."""
    from interpreter.sim.compare import skill_gap

    return skill_gap(runs.tallies[0], runs.tallies[1:])


def _skill(bot: str, gap: Difference | None, exact: bool = False) -> dict[str, Any]:
    """The skill gap of ``bot`` as JSON: ``interval`` and ``p`` ``null`` when the blocks give
    none (``no_interval`` says why), everything ``null`` when nothing is known.  Rounded to 6
    decimals for ``--json``; ``exact`` keeps the values the text line and the page format
    (rounded twice, a percentage can change its last digit: :func:`_page_figure`)."""
    name = bot.strip().lower()
    if gap is None:
        return {"bot": name, "won": None, "base": None, "gap": None, "interval": None, "p": None, "no_interval": None}

    def r(x: float) -> float:
        return x if exact else round(x, 6)

    p = None if gap.p is None else gap.p if exact else float(f"{gap.p:.6g}")
    return {
        "bot": name, "won": r(gap.a), "base": r(gap.b), "gap": r(gap.diff),
        "interval": None if gap.low is None or gap.high is None else [r(gap.low), r(gap.high)],
        "p": p, "no_interval": gap.why,
    }


def _pair(low: float | None, high: float | None) -> list[float] | None:
    return None if low is None or high is None else [low, high]


def _page_figure(f: Figure) -> dict[str, Any]:
    """A figure's row for the page: its JSON (:meth:`Figure.as_dict`) with the unrounded values
    the text table formats.  The JSON's six decimals, formatted again as a percentage, can
    show another last digit than the text (-0.0202501 is -2.03%, its -0.02025 shows -2.02%)."""
    return {**f.as_dict(), "value": f.value, "interval": _pair(f.low, f.high), "num": f.num, "den": f.den}


def _page_change(c: Change) -> dict[str, Any]:
    """A difference's row for the page: its JSON with the unrounded values, as :func:`_page_figure`."""
    return {**c.as_dict(), "a": c.a, "b": c.b, "difference": c.diff, "interval": _pair(c.low, c.high), "p": c.p}


def skill_line(s: dict[str, Any]) -> str:
    if s["gap"] is None:
        return f"skill gap of {s['bot']}: not enough blocks of deals to measure it"
    interval = (f"no interval: {s['no_interval']}" if s["interval"] is None
                else f"95% interval {100 * s['interval'][0]:+.2f}% to {100 * s['interval'][1]:+.2f}%")
    return (f"skill gap of {s['bot']}: it won {100 * s['won']:.2f}% of the deals on each side in turn, the seats it "
            f"replaced {100 * s['base']:.2f}% of the same deals: {100 * s['gap']:+.2f}% ({interval}, paired)")


def _inputs(runs: Runs, n: int, rs: Ruleset, name: str) -> dict[str, Any]:
    """The inputs of run ``n``: ``ruleset`` as the user gave it (what loads it again) and
    ``ruleset_name`` the ruleset's own ``name``, as ``rules arena`` gives them."""
    spec = runs.specs[n]
    tally = runs.tallies[n]
    return {
        "ruleset": name, "ruleset_name": rs.name, "title": rs.title, "seats": list(spec.seats), "deals": spec.deals, "matches": spec.matches,
        "seed": spec.seed, "sides": [list(s) for s in rs.sides],
        "unit": unit_words(rs),
        "finished": {"deals": int(tally.total("deals", "deals")), "matches": int(tally.total("matches", "matches"))},
    }


def _interval(kind: str, value: float | None, low: float | None, high: float | None, why: str | None, signed: bool = False) -> str:
    """``LOW to HIGH``; ``-`` for a figure that was never measured; for one whose blocks give
    no interval, why (``too few blocks``, ``no spread over K blocks``)."""
    if value is None:
        return "-"
    if low is None or high is None:
        return why or "-"
    from interpreter.sim.report import figure_text

    return f"{figure_text(kind, low, signed)} to {figure_text(kind, high, signed)}"


def _count(n: int, one: str, many: str) -> str:
    """``1 deal``, ``2,000 deals``: the header says what was asked for, one or many."""
    return f"{n:,} {one if n == 1 else many}"


def _table(rows: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    from cli.arena import table

    return table(rows, right)


def simulate_lines(rs: Ruleset, runs: Runs, figs: Sequence[Figure], stop: Halt | None) -> list[str]:
    """The text report of a simulation: one section per group of metrics."""
    from interpreter.sim.report import counted, figure_text

    spec = runs.specs[0]
    lines = [f"{rs.title}: {_count(spec.deals, 'deal', 'deals')}" + (f" and {_count(spec.matches, 'match', 'matches')}" if spec.matches else "")
             + f", seats {', '.join(spec.seats)}, seed {spec.seed}"]
    if stop is not None:
        lines.append(f"{cut_short(stop)}: {runs.done:,} of {runs.total:,} {_played(runs)} finished")
    rows: list[list[str]] = [["metric", "value", "95% interval", "of"]]
    group = ""
    for f in figs:
        if f.group != group:
            group = f.group
            rows.append([group, "", "", ""])
        interval = _interval(f.kind, f.value, f.low, f.high, f.why)
        rows.append(["  " + f.key, figure_text(f.kind, f.value), interval, counted(f.kind, f.num, f.den)])
    lines.append("")
    lines += _table(rows, [False, True, True, False])
    lines.append("")
    lines.append("(rates: Wilson 95% intervals; means: percentile bootstrap over blocks of deals; see docs/simulate.md)")
    return lines


def compare_lines(
    rs_a: Ruleset, rs_b: Ruleset, names: tuple[str, str], runs: Runs, changes: Sequence[Change], paired: bool, stop: Halt | None,
) -> list[str]:
    """The text report of a comparison: every metric in A and B, the difference and its verdict."""
    a, b = runs.specs
    lines = [f"A: {rs_a.title} ({names[0]}), seats {', '.join(a.seats)}",
             f"B: {rs_b.title} ({names[1]}), seats {', '.join(b.seats)}",
             f"{_count(a.deals, 'deal', 'deals')} each" + (f" and {_count(a.matches, 'match', 'matches')}" if a.matches else "") + f", seed {a.seed}; "
             + ("the same cards in both (paired)" if paired else "the decks or deals differ: the deals are independent (unpaired)")]
    if stop is not None:
        lines.append(f"{cut_short(stop)}: {runs.done:,} of {runs.total:,} {_played(runs)} finished")
    from interpreter.sim.report import figure_text

    rows: list[list[str]] = [["metric", "A", "B", "A - B", "95% interval", "p", ""]]
    group = ""
    for c in changes:
        if c.group != group:
            group = c.group
            rows.append([group, "", "", "", "", "", ""])
        rows.append([
            "  " + c.key, figure_text(c.kind, c.a), figure_text(c.kind, c.b), figure_text(c.kind, c.diff, True),
            _interval(c.kind, c.diff, c.low, c.high, c.why, True), "-" if c.p is None else f"{c.p:.2g}", "changes" if c.changes else "",
        ])
    lines.append("")
    lines += _table(rows, [False, True, True, True, True, True, False])
    from interpreter.sim.report import pairing
    from interpreter.sim.tally import FEWEST

    found = sum(c.changes for c in changes)
    few = sum(c.too_few for c in changes)
    flat = sum(c.flat for c in changes)
    lines.append("")
    lines.append(f"{found} of {len(changes) - few - flat} metrics change (Holm-Bonferroni over all of them, 5% family-wise);")
    if few:
        lines.append(f"{few} more measured in fewer than {FEWEST} blocks of a run: no interval, p or verdict (too few blocks);")
    if flat:
        lines.append(f"{flat} more with the same difference in every block: no interval, p or verdict (no spread);")
    lines.append(f"{pairing(paired)}; see docs/simulate.md")
    return lines


def figures_csv(figs: Sequence[Figure]) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["metric", "group", "kind", "value", "low", "high", "num", "den"])
    for f in figs:
        d = f.as_dict()
        lo, hi = d["interval"] or ["", ""]
        w.writerow([f.key, f.group, f.kind, "" if d["value"] is None else d["value"], lo, hi, d["num"], d["den"]])
    return out.getvalue()


def changes_csv(changes: Sequence[Change]) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["metric", "group", "kind", "a", "b", "difference", "low", "high", "p", "changes"])
    for c in changes:
        d = c.as_dict()
        lo, hi = d["interval"] or ["", ""]
        w.writerow([c.key, c.group, c.kind, d["a"], d["b"], d["difference"], lo, hi, "" if d["p"] is None else d["p"], int(c.changes)])
    return out.getvalue()
