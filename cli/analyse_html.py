"""The page of ``rules analyse --html FILE``: the course of each deal drawn, every decision
stepped through with its cards.

One self-contained HTML file -- the cards drawn as SVG by :mod:`cli.room.cards`, the chart
drawn here as SVG, a few lines of script to step -- so that it opens from the disk in any
browser, needs no server and asks nothing of another one.  For each deal a chart gives the
expected score of every move played (the analysed seat's side's margin, in game points or
units) against the best move's, with each graded move marked in its grade's shape and colour
(the shape alone tells the grade, for a reader who cannot tell the colours apart); below it,
one decision at a time: the position as the seat saw it (its hand with the move played and
the best move marked, the cards on the table, trump, talon, the contract, points), the value
of every legal action, what the values rest on and the best line with the cards as they lay.
Left and right arrows (or the buttons, or a mark on the chart) step through the decisions;
without script the page shows them all one under another.  A step scrolls the decision it
shows into view if it is not (on a page of many deals it may be screens away), and the
buttons stay at the top of the window, so stepping never leaves the reader at a counter with
nothing under it.  Each card is drawn once, as a ``<symbol>``, and shown wherever it appears
by a ``<use>`` of it (the pictures repeated at every appearance were four fifths of a ten-deal
match's page).  The address names the decision shown (``#d4``) once the stepping pauses: a
change of address at every step of a held-down arrow key is throttled by the browser, which
then leaves it naming another decision.  A new address in the open page (typed, or the back
button) shows the decision it names.
"""

from __future__ import annotations

import re
from html import escape

from cli.analysis_words import (
    action_words, basis_words, contract_words, line_words, points_words, shown_loss, signed, summary_words, table_words,
    talon_words, trump_words, verdict_words, who,
)
from cli.output import unit_words
from cli.room.cards import card_svg
from interpreter.play.analysis import MoveReport
from interpreter.rules.ruleset import Ruleset
from interpreter.search.ismcts import scale_of

#: The colour of each grade's mark and word (and of a move without one): red, burnt orange and
#: dark amber, each of a contrast of at least 4.5:1 on the page's white and the chart's #fafafa
#: (WCAG's bar for text; the lighter orange and amber once used were 3.1:1 and 2.0:1).
GRADE_COLOURS = {"blunder": "#c62828", "mistake": "#b34700", "inaccuracy": "#8d6e00", "": "#1565c0"}

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 60em; padding: 0 1em; color: #1a1a1a; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 2em; } h3 { font-size: 1em; margin: 0.2em 0; }
.chart { width: 100%; height: auto; max-height: 16em; border: 1px solid #ddd; background: #fafafa; }
.chart .mark { cursor: pointer; } .chart .mark.on .dot { stroke: #000; stroke-width: 3; }
.decision { border: 1px solid #ddd; border-radius: 6px; padding: 0.8em 1em; margin: 1em 0; scroll-margin: 3.5em 0 0.5em; }
.cards { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-end; margin: 0.3em 0; }
.card svg { width: 56px; height: 78px; display: block; }
.card { text-align: center; font-size: 0.8em; border-radius: 6px; padding: 2px; }
.card.played { outline: 3px solid #1565c0; } .card.best { outline: 3px dashed #2e7d32; }
.card.played.best { outline: 3px solid #2e7d32; }
.facts { margin: 0.3em 0; } .label { color: #555; min-width: 7em; display: inline-block; }
table { border-collapse: collapse; margin: 0.5em 0; } td, th { padding: 2px 10px; text-align: left; }
td.v { text-align: right; font-variant-numeric: tabular-nums; }
tr.played td { font-weight: bold; } tr.best td:first-child::after { content: " (best)"; color: #2e7d32; }
.grade { font-weight: bold; } nav button { font-size: 1em; margin-right: 0.5em; }
nav { margin: 0.5em 0; padding: 0.4em 0; position: sticky; top: 0; z-index: 1; background: #fff; border-bottom: 1px solid #eee; }
.key { color: #555; font-size: 0.9em; } .key svg { vertical-align: -4px; }
"""

SCRIPT = """
(function () {
  var sections = Array.prototype.slice.call(document.querySelectorAll("section.decision"));
  var marks = Array.prototype.slice.call(document.querySelectorAll(".mark"));
  var where = document.getElementById("where");
  var at = 0;
  var later = 0;  // the address follows once stepping pauses: a replaceState a step is throttled by the browser
  if (!sections.length) { return; }
  function show(k, stay) {  // stay: leave the page where it is (opened with no decision named)
    at = Math.max(0, Math.min(sections.length - 1, k));
    sections.forEach(function (s, j) { s.hidden = j !== at; });
    if (!stay) { sections[at].scrollIntoView({block: "nearest"}); }  // moves the page only if the decision is out of view
    marks.forEach(function (m) { m.classList.toggle("on", Number(m.getAttribute("data-i")) === at); });
    where.textContent = "decision " + (at + 1) + " of " + sections.length;
    clearTimeout(later);
    later = setTimeout(function () { history.replaceState(null, "", "#d" + at); }, 300);
  }
  document.getElementById("prev").onclick = function () { show(at - 1); };
  document.getElementById("next").onclick = function () { show(at + 1); };
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowLeft") { show(at - 1); } else if (e.key === "ArrowRight") { show(at + 1); }
  });
  marks.forEach(function (m) {
    m.addEventListener("click", function (e) { e.preventDefault(); show(Number(m.getAttribute("data-i"))); });
  });
  function named() {  // the decision the address names, or null
    var d = /^#d(\\d+)$/.exec(location.hash);
    return d ? Number(d[1]) : null;
  }
  window.addEventListener("hashchange", function () {  // an address typed, or the back button
    var k = named();
    if (k !== null) { show(k); }
  });
  document.getElementById("stepper").hidden = false;
  show(named() || 0, named() === null);
})();
"""


def analysis_page(reports: list[MoveReport], rs: Ruleset, title: str, complete: bool = True) -> str:
    """The whole page for ``reports`` (in the order analysed) of a record of ruleset ``rs``."""
    parts = [
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)} -- analysis</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(title)}: {escape(rs.title)}</h1>",
        f"<p>{escape(summary_words(reports))}"
        f"{'' if complete else ' (the analysis was stopped before the end)'}. Values are the expected score of the "
        f"player's side minus {'the mean of the other sides' if rs.side_count > 2 else 'the others'}', in {unit_words(rs)}.</p>",
        '<p class="key">Chart: <b style="color:#1565c0">&#8212;</b> the move played, '
        '<b style="color:#2e7d32">- -</b> the best move; marks: '
        + ", ".join(f'<svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">{_mark_shape(g, 9, 9)}</svg> {g}'
                    for g in ("blunder", "mistake", "inaccuracy"))
        + ". Cards: solid frame the move played, dashed the best.</p>",
        '<nav id="stepper" hidden><button id="prev" type="button">&#8592; previous</button>'
        '<button id="next" type="button">next &#8594;</button><span id="where" aria-live="polite"></span> '
        '<span class="key">(or the arrow keys, or a mark on the chart)</span></nav>',
    ]
    if not reports:
        parts.append("<p>No decision to show.</p>")
    deck = _Deck()
    index = 0
    for deal in sorted({r.deal for r in reports}):
        mine = list(enumerate((r for r in reports if r.deal == deal), index))
        parts.append(f"<h2>Deal {deal}</h2>")
        seats = sorted({r.seat for _, r in mine})
        for seat in seats:  # each seat's values are its own side's: one chart a seat, never one line across seats
            if len(seats) > 1:
                parts.append(f"<h3>Seat {seat}'s decisions, valued from its side</h3>")
            parts.append(_chart([(k, r) for k, r in mine if r.seat == seat], scale_of(rs)))
        for k, r in mine:
            parts.append(_decision(r, rs, k, deck))
        index += len(mine)
    parts.append(deck.symbols())  # a <use> finds its symbol anywhere in the document, after it too
    parts.append(f"<script>{SCRIPT}</script></body></html>")
    return "\n".join(parts) + "\n"


def _chart(decisions: list[tuple[int, MoveReport]], scale: float) -> str:
    """The course of one deal for one seat: the value of each move played and of the best move,
    decision by decision (each with its index on the page), between the largest loss and the
    largest win a deal can give."""
    reports = [r for _, r in decisions]
    step, left, top, height = 56, 44, 12, 150
    width = left + step * max(len(reports), 4) + 20

    def y(value: float) -> float:
        return top + (scale - max(-scale, min(scale, value))) / (2 * scale) * height

    def x(k: int) -> float:
        return left + step * k + step / 2

    out = [f'<svg class="chart" viewBox="0 0 {width} {height + 2 * top + 16}" preserveAspectRatio="xMinYMid meet" role="img" '
           f'aria-label="the expected score of each move played and of the best move">']
    for v in (scale, scale / 2, 0, -scale / 2, -scale):
        out.append(f'<line x1="{left}" x2="{width - 10}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="{"#999" if v == 0 else "#e0e0e0"}"/>')
        out.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" font-size="11" text-anchor="end" fill="#555">{v:+g}</text>'.replace(">+0<", ">0<"))
    played = " ".join(f"{x(k):.1f},{y(r.played_value):.1f}" for k, r in enumerate(reports))
    best = " ".join(f"{x(k):.1f},{y(r.best_value):.1f}" for k, r in enumerate(reports))
    out.append(f'<polyline points="{best}" fill="none" stroke="#2e7d32" stroke-width="2" stroke-dasharray="6 4"/>')
    out.append(f'<polyline points="{played}" fill="none" stroke="#1565c0" stroke-width="2"/>')
    for k, r in enumerate(reports):
        tip = f"move {r.move}: {r.played} {signed(r.played_value)}" + ("" if r.best == r.played else f", best {r.best} {signed(r.best_value)}")
        tip += f" -- {r.grade}" if r.grade else ""
        out.append(f'<a class="mark" href="#d{decisions[k][0]}" data-i="{decisions[k][0]}"><title>{escape(tip)}</title>'
                   f'{_mark_shape(r.grade, x(k), y(r.played_value))}</a>')
        out.append(f'<text x="{x(k):.1f}" y="{height + 2 * top + 10}" font-size="11" text-anchor="middle" fill="#555">{r.move}</text>')
    out.append("</svg>")
    return "".join(out)


def _mark_shape(grade: str, cx: float, cy: float) -> str:
    """The mark of a move of ``grade`` centred at (cx, cy), in the chart and in its key: a
    triangle pointing down for a blunder, a square for a mistake, a diamond for an inaccuracy,
    a small circle for a move without a grade -- a shape each, so that the grade is seen without
    its colour."""
    fill = f'class="dot" fill="{GRADE_COLOURS[grade]}"'
    if grade == "blunder":
        return f'<polygon {fill} points="{cx - 8:.1f},{cy - 5:.1f} {cx + 8:.1f},{cy - 5:.1f} {cx:.1f},{cy + 8:.1f}"/>'
    if grade == "mistake":
        return f'<rect {fill} x="{cx - 6:.1f}" y="{cy - 6:.1f}" width="12" height="12"/>'
    if grade == "inaccuracy":
        return f'<polygon {fill} points="{cx:.1f},{cy - 8:.1f} {cx + 8:.1f},{cy:.1f} {cx:.1f},{cy + 8:.1f} {cx - 8:.1f},{cy:.1f}"/>'
    return f'<circle {fill} cx="{cx:.1f}" cy="{cy:.1f}" r="5"/>'


class _Deck:
    """The cards a page shows, each drawn once: a card's picture is a ``<symbol>`` in one hidden
    ``<svg>``, and each appearance of the card a small ``<svg>`` -- keeping the picture's role
    and accessible name (its notation) -- that uses it."""

    def __init__(self) -> None:
        self.drawn: dict[str, str] = {}  # code -> its symbol, in the order first shown (the page stays the same byte for byte)

    def picture(self, code: str) -> str:
        """The card ``code`` where it appears (a card the deck does not draw falls back to its
        notation)."""
        try:
            svg = card_svg(code)
        except KeyError:
            return f"<b>{escape(code)}</b>"
        opening, inner = svg.removesuffix("</svg>").split(">", 1)
        if code not in self.drawn:
            box = re.search(r'viewBox="([^"]*)"', opening)
            assert box is not None, "card_svg draws in a viewBox"
            self.drawn[code] = f'<symbol id="card-{code}" viewBox="{box[1]}">{inner}</symbol>'
        return f'{opening}><use href="#card-{code}"/></svg>'

    def symbols(self) -> str:
        """The hidden ``<svg>`` that holds every card shown (nothing where none is)."""
        if not self.drawn:
            return ""
        return ('<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" style="position: absolute; width: 0; height: 0; '
                f'overflow: hidden">{"".join(self.drawn.values())}</svg>')


def _card(deck: _Deck, code: str, label: str = "", classes: str = "") -> str:
    """A card of ``deck`` with ``label`` under it, framed as ``classes`` say."""
    return f'<span class="card {classes}" title="{escape(code)}">{deck.picture(code)}{escape(label)}</span>'


def _decision(r: MoveReport, rs: Ruleset, index: int, deck: _Deck) -> str:
    """One decision: the verdict, the position with its cards, every action's value, the basis
    of the values and the best line."""
    grade = f' <span class="grade" style="color:{GRADE_COLOURS[r.grade]}">{r.grade}</span>' if r.grade else ""
    if r.uncertain:
        grade = f"; {escape(verdict_words(r, rs))}"  # its words carry their own brackets: uncertain (loss ...)
    verdict = f"played <b>{escape(action_words(rs, r.played).removeprefix('play '))}</b> {signed(r.played_value)}"
    verdict += " -- the best move" if r.best == r.played else (
        f"; best <b>{escape(action_words(rs, r.best).removeprefix('play '))}</b> {signed(r.best_value)}, loss {shown_loss(r)}")
    out = [f'<section class="decision" id="d{index}" data-grade="{r.grade}">',
           f"<h3>Deal {r.deal}, move {r.move}: seat {r.seat}</h3><p>{verdict}{grade}</p>"]
    seen = r.seen
    if seen is not None:
        played = r.played.removeprefix("play ").split()[-1]
        best = r.best.removeprefix("play ").split()[-1]
        hand = "".join(_card(deck, c, classes=" ".join(k for k, on in (("played", c == played), ("best", c == best)) if on))
                       for c in seen.hand)
        out.append(f'<div class="facts"><span class="label">hand</span><div class="cards">{hand}</div></div>')
        if seen.trick:
            table = "".join(_card(deck, c, who(rs, r.seat, s)) for s, c in seen.trick)
            out.append(f'<div class="facts"><span class="label">on the table</span><div class="cards">{table}</div></div>')
        else:
            out.append(f'<div class="facts"><span class="label">on the table</span>nothing: {table_words(r, rs)}</div>')
        talon = f"; talon {escape(talon_words(r))}" if seen.has_talon else ""
        out.append(f'<div class="facts"><span class="label">trump</span>{escape(trump_words(r).removeprefix("trump "))}{talon}</div>')
        contract = contract_words(r, rs)
        if contract is not None:
            out.append(f'<div class="facts"><span class="label">contract</span>{escape(contract)}</div>')
        label, count = points_words(r, rs)
        out.append(f'<div class="facts"><span class="label">{label}</span>{escape(count)}</div>')
    rows = []
    for action, value in r.values.items():
        kind = " ".join(k for k, on in (("played", action == r.played), ("best", action == r.best)) if on)
        rows.append(f'<tr class="{kind}"><td>{escape(action_words(rs, action))}</td><td class="v">{signed(value)}</td></tr>')
    out.append(f"<table><tr><th>action</th><th>value</th></tr>{''.join(rows)}</table>")
    out.append(f'<div class="facts"><span class="label">values</span>{escape(basis_words(r, rs))}</div>')
    if r.line:
        out.append(f'<div class="facts"><span class="label">best line</span>with the cards as they lay: '
                   f"{escape(line_words(r, rs))}</div>")
    out.append("</section>")
    return "\n".join(out)
