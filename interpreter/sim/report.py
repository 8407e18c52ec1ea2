"""The ``--html`` report: one self-contained page of tables and plots that anyone can open.

The plots are hand-written inline SVG -- horizontal bars with their 95% intervals as error
bars, and a histogram -- so the page needs no plotting library, no script and no network:
it is one file to mail or attach to an issue.  Everything on it is read from rows of the
shape that ``--json`` prints, but holding the unrounded values the text table formats (the
command passes them), so the page and the text cannot disagree by a last digit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

Row = Mapping[str, Any]

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; padding: 0 1em; max-width: 60em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 2em; }
table { border-collapse: collapse; font-size: 0.9em; } td, th { padding: 0.15em 0.6em; text-align: right; }
td:first-child, th:first-child { text-align: left; } tr:nth-child(even) { background: #f4f4f4; }
.changes { font-weight: bold; color: #a40; } .note { color: #555; font-size: 0.9em; }
.wide { overflow-x: auto; } p { overflow-wrap: anywhere; }
"""


def figure_text(kind: str, x: float | None, signed: bool = False) -> str:
    """A figure as the text table and the page both print it: a rate as a percentage with two
    decimals, a mean with three; ``-`` when it was never measured.  One function, given the
    same unrounded values, so the page cannot show another last digit than the text (the
    JSON's six decimals, formatted again, can: -0.0202501 is -2.03% but its JSON -0.02025
    shows as -2.02%, since 100 * -0.02025 is -2.0249999... in binary)."""
    if x is None:
        return "-"
    if kind == "rate":
        return f"{100 * x:+.2f}%" if signed else f"{100 * x:.2f}%"
    return f"{x:+.3f}" if signed else f"{x:.3f}"


def counted(kind: str, num: float, den: float) -> str:
    """What a figure is of, as the text table and the page both say it: ``12.5 of 200`` deals
    for a rate (a deal nobody won counts half), ``over 200`` for a mean (its ``num`` is a sum
    of scores, not a count); thousands separated, never in scientific notation."""
    if kind == "rate":
        return f"{num:,.1f}".removesuffix(".0") + f" of {den:,.0f}"
    return f"over {den:,.0f}"


#: Where a chart's figures are as text, for whoever cannot see the chart.
IN_THE_TABLE = "the same figures are in the table Every metric"


def charted(what: str) -> str:
    """The text alternative of a chart of metrics: what it plots, and the table that holds the
    same figures as numbers (a screen reader cannot read the bars)."""
    return f"Bar chart of {what}, each with its 95% interval where there is one; {IN_THE_TABLE}"


def bars(items: Sequence[tuple[str, float, float | None, float | None]], percent: bool, reference: float | None = None,
         about: str = f"Bar chart; {IN_THE_TABLE}") -> str:
    """Horizontal bars (label, value, low, high) with error bars, as an SVG element; ``about``
    is its text alternative (``role="img"`` and ``aria-label``: :func:`charted`).

    The axis runs from the smallest of 0 and every low end to the largest of 0 and every high
    end, so differences below zero draw to the left of the zero line; ``reference`` draws a
    dashed line (50% for a fair rate).  The chart keeps its natural width inside a box that
    scrolls sideways: shrunk to a phone's 390 px, its 12-unit labels would be 6 px high.
    """
    if not items:
        return "<p class=note>(nothing to plot)</p>"
    ends = [0.0] + [v for _, value, lo, hi in items for v in (value, lo, hi) if v is not None]
    if reference is not None:
        ends.append(reference)
    lo_end, hi_end = min(ends), max(ends)
    span = (hi_end - lo_end) or 1.0
    label_w, plot_w, row_h, top = 260, 420, 22, 10
    height = top + row_h * len(items) + 24

    def x(v: float) -> float:
        return label_w + (v - lo_end) / span * plot_w

    width = label_w + plot_w + 90
    out = [f'<div class=wide><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
           f'font-size="12" role="img" aria-label="{escape(about)}">']
    for n, (label, value, lo, hi) in enumerate(items):
        y = top + n * row_h
        x0, x1 = sorted((x(0.0), x(value)))
        out.append(f'<text x="{label_w - 6}" y="{y + 14}" text-anchor="end">{escape(label)}</text>')
        out.append(f'<rect x="{x0:.1f}" y="{y + 3}" width="{max(x1 - x0, 0.5):.1f}" height="{row_h - 8}" fill="#6a9fd4"/>')
        if lo is not None and hi is not None:
            mid = y + row_h / 2 - 1
            out.append(f'<line x1="{x(lo):.1f}" x2="{x(hi):.1f}" y1="{mid}" y2="{mid}" stroke="#222"/>')
            for end in (lo, hi):
                out.append(f'<line x1="{x(end):.1f}" x2="{x(end):.1f}" y1="{mid - 4}" y2="{mid + 4}" stroke="#222"/>')
        text = f"{100 * value:.1f}%" if percent else f"{value:.3f}"
        # right of everything drawn on the row -- the bar (0 to value) and the interval (up to
        # hi) -- so a bar below zero keeps its label clear of it, right of the zero line
        right = max(x(0.0), x(value), x(value if hi is None else hi))
        out.append(f'<text x="{right + 4:.1f}" y="{y + 14}">{escape(text)}</text>')
    axis_y = top + row_h * len(items)
    out.append(f'<line x1="{x(0.0):.1f}" x2="{x(0.0):.1f}" y1="{top}" y2="{axis_y}" stroke="#888"/>')
    if reference is not None:
        out.append(f'<line x1="{x(reference):.1f}" x2="{x(reference):.1f}" y1="{top}" y2="{axis_y}" stroke="#c33" stroke-dasharray="4 3"/>')
    for v in (lo_end, hi_end):
        text = f"{100 * v:.1f}%" if percent else f"{v:.2f}"
        out.append(f'<text x="{x(v):.1f}" y="{axis_y + 16}" text-anchor="middle" fill="#555">{escape(text)}</text>')
    out.append("</svg></div>")
    return "".join(out)


def _rows(metrics: Sequence[Row], prefix: str) -> list[tuple[str, float, float | None, float | None]]:
    out = []
    for m in metrics:
        if m["metric"].startswith(prefix) and m["value"] is not None:
            lo, hi = m["interval"] or (None, None)
            out.append((m["metric"].removeprefix(prefix) if prefix else m["metric"], m["value"], lo, hi))
    return out


def _won(metrics: Sequence[Row]) -> list[tuple[str, float, float | None, float | None]]:
    return [r for r in _rows(metrics, "") if r[0].endswith(" won")]


def _outcomes(metrics: Sequence[Row]) -> list[tuple[str, float, float | None, float | None]]:
    """The rows of the outcome mix: game points, contracts and doubling (what the deals were played for)."""
    return [r for r in _rows(metrics, "") if r[0].startswith(("game points ", "bid ", "moon", "doubled", "redoubled"))]


def _why(row: Row) -> str:
    """Why a figure or difference has no interval (its ``no_interval``: too few blocks, no spread)."""
    return escape(row.get("no_interval") or "too few blocks")


def _figure_table(metrics: Sequence[Row]) -> str:
    rows = ["<div class=wide><table><tr><th>metric</th><th>value</th><th>95% interval</th><th>of</th></tr>"]
    for m in metrics:
        lo, hi = m["interval"] or (None, None)
        interval = ("-" if m["value"] is None else _why(m)) if lo is None else f"{figure_text(m['kind'], lo)} to {figure_text(m['kind'], hi)}"
        rows.append(f"<tr><td>{escape(m['metric'])}</td><td>{figure_text(m['kind'], m['value'])}</td><td>{interval}</td><td>{counted(m['kind'], m['num'], m['den'])}</td></tr>")
    rows.append("</table></div>")
    return "".join(rows)


def _sections(metrics: Sequence[Row]) -> list[str]:
    parts = [
        "<h2>Who wins: the first hand and each side</h2>",
        bars(_won(metrics), True, 0.5, charted("the share of deals won by the first hand and by each side, a dashed line at 50%")),
        "<p class=note>Deals won (by each of the sides that won one together; a deal nobody won counts half); "
        "the dashed line is 50%.</p>",
        "<h2>Outcome mix</h2>", bars(_outcomes(metrics), True, None, charted("the share of deals of each outcome")),
        "<h2>How deals end</h2>", bars(_rows(metrics, "end: "), True, None, charted("the share of deals that end each way")),
        "<h2>How often each rule fires</h2>", bars(_rows(metrics, "fired: "), True, None, charted("the share of deals in which each rule fires")),
        "<h2>What a rule is worth</h2>", bars(_rows(metrics, "worth: "), False, None, charted("the mean net score of the side that used each rule")),
        "<p class=note>Mean net score of the side that used the rule, in the deals where it did.</p>",
    ]
    lengths = _rows(metrics, "match length ")
    if lengths:
        parts += ["<h2>Match length (deals per match)</h2>", bars(lengths, True, None, charted("the share of matches of each length in deals"))]
    return parts


def _page(title: str, body: Sequence[str]) -> str:
    return (
        f"<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
        f"<meta name=viewport content='width=device-width, initial-scale=1'><title>{escape(title)}</title>"
        f"<style>{_STYLE}</style></head><body><h1>{escape(title)}</h1>" + "\n".join(body) + "</body></html>\n"
    )


def _inputs(run: Row, lead: str = "") -> str:
    """The paragraph of a run's inputs (``lead`` before it: ``A: ``); the matches only when
    some were asked for."""
    done = run["finished"]
    played = (f"{done['deals']:,} deals and {done['matches']:,} matches of {run['deals']:,} and {run['matches']:,} asked"
              if run["matches"] else f"{done['deals']:,} deals of {run['deals']:,} asked")
    return (f"<p>{escape(lead)}{escape(run['title'])} (<code>{escape(run['ruleset'])}</code>): {played}, seats "
            f"{escape(', '.join(run['seats']))}, seed {run['seed']}.</p>")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _skill_interval(skill: Row) -> str:
    if skill["interval"] is None:
        return f"no interval: {_why(skill)}"
    return f"95% interval {100 * skill['interval'][0]:+.2f}% to {100 * skill['interval'][1]:+.2f}%"


def simulate_page(title: str, report: Row, cut: str | None = None) -> str:
    """The page of ``rules simulate --html`` from its JSON report; ``cut`` says why a run that
    ended early did (``interrupted``, ``stopped by an error``)."""
    metrics = report["metrics"]
    body = [_inputs(report)]
    if report["interrupted"]:
        body.append(f"<p class=changes>{escape(_capital(cut or 'interrupted'))}: the figures are of the blocks that finished.</p>")
    skill = report.get("skill")
    if skill and skill["gap"] is not None:
        body += [f"<h2>Skill gap of {escape(skill['bot'])}</h2>",
                 bars([(f"{skill['bot']} on each side", skill["won"], None, None), ("the seats it replaced", skill["base"], None, None)], True, 0.5,
                      f"Bar chart of the share of deals won by {skill['bot']} on each side in turn and by the seats it replaced, "
                      "a dashed line at 50%; the paragraph below gives the difference"),
                 f"<p>Difference {100 * skill['gap']:+.2f}% ({_skill_interval(skill)}), paired on the same deals.</p>"]
    body += _sections(metrics)
    body += ["<h2>Every metric</h2>", _figure_table(metrics),
             "<p class=note>Rates: Wilson 95% intervals. Means: percentile bootstrap over blocks of deals.</p>"]
    return _page(f"{title}: simulation", body)


def pairing(paired: bool) -> str:
    """How a comparison's differences were taken, as the text footer and the page both say it.

    Block ``k`` of both runs is always compared (:func:`~interpreter.sim.tally.paired_difference`);
    only when the two rulesets deal the same cards does it hold the same deals in both runs, so
    the test is paired.  When the decks differ the blocks are independent draws: the same
    Student's t over the differences of the blocks matched by index is then an unpaired test
    (the spread of each difference holds both runs' luck), not Welch's."""
    how = "paired by block of deals" if paired else "unpaired (the decks differ: independent blocks of deals, matched by index)"
    return f"differences and p-values are {how}, with Student's t"


def compare_page(title_a: str, title_b: str, report: Row, figures: Sequence[Sequence[Row]], cut: str | None = None) -> str:
    """The page of ``rules compare --html``: the differences first (paired or not, as the
    runs were), then each run (``cut`` as for :func:`simulate_page`)."""
    changes = report["metrics"]
    paired = report["paired"]
    body = [_inputs(report["a"], "A: "), _inputs(report["b"], "B: "),
            "<p>" + ("The same cards in both runs: every difference is paired by block of deals."
                     if paired else "The decks or deals differ: the runs are independent (unpaired).") + "</p>"]
    if report["interrupted"]:
        body.append(f"<p class=changes>{escape(_capital(cut or 'interrupted'))}: the figures are of the blocks that finished.</p>")

    def diff_rows(kind: str) -> list[tuple[str, float, float | None, float | None]]:
        return [(("* " if c["changes"] else "") + c["metric"], c["difference"], *(c["interval"] or (None, None)))
                for c in changes if c["kind"] == kind]

    which = "Paired" if paired else "Unpaired"
    body += [f"<h2>{which} differences A - B: rates</h2>", bars(diff_rows("rate"), True, None, charted(f"the {which.lower()} differences A - B of the rates")),
             f"<h2>{which} differences A - B: means</h2>", bars(diff_rows("mean"), False, None, charted(f"the {which.lower()} differences A - B of the means")),
             "<p class=note>* changes: the difference survives Holm's correction at 5% over all metrics. "
             f"{escape(_capital(pairing(paired)))}; a metric measured in fewer "
             "than two blocks of a run has none (too few blocks), nor has one with the same difference in "
             "every block (no spread; a difference of 0 in every block keeps p = 1).</p>"]
    rows = ["<div class=wide><table><tr><th>metric</th><th>A</th><th>B</th><th>A - B</th><th>95% interval</th><th>p</th><th></th></tr>"]
    for c in changes:
        k = c["kind"]
        mark = "<td class=changes>changes</td>" if c["changes"] else "<td></td>"
        interval = _why(c) if c["interval"] is None else f"{figure_text(k, c['interval'][0], True)} to {figure_text(k, c['interval'][1], True)}"
        rows.append(f"<tr><td>{escape(c['metric'])}</td><td>{figure_text(k, c['a'])}</td><td>{figure_text(k, c['b'])}</td>"
                    f"<td>{figure_text(k, c['difference'], True)}</td><td>{interval}</td>"
                    f"<td>{'-' if c['p'] is None else format(c['p'], '.2g')}</td>{mark}</tr>")
    rows.append("</table></div>")
    body += ["<h2>Every metric</h2>", "".join(rows)]
    for name, figs in zip((f"A: {title_a}", f"B: {title_b}"), figures):
        body.append(f"<h2 style='margin-top:3em'>{escape(name)}</h2>")
        body += _sections(figs)
    return _page(f"{title_a} against {title_b}", body)
