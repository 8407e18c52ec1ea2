"""The ``--html`` report's markup: where a bar's label goes, what the "of" column says, how
the pages fit a narrow window, and that a comparison names the test it made (paired or not).

Pages are built from hand-made JSON rows (the shape ``--json`` prints), so every expected
string and coordinate below is worked out from the row, not read from the program.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

from interpreter.sim.report import bars, compare_page, counted, simulate_page


class _Shape(HTMLParser):
    """The element tree's facts the tests ask about: a ``<p>`` opened inside a ``<p>`` (which
    HTML cannot hold: the browser closes the first, leaving the text after it outside), each
    table's and svg's parent, each svg's attributes, the text of every paragraph."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, dict[str, str | None]]] = []
        self.nested_p = 0
        self.table_parents: list[tuple[str, str | None]] = []
        self.svgs: list[dict[str, str | None]] = []
        self.svg_parents: list[tuple[str, str | None]] = []
        self.metas: list[dict[str, str | None]] = []
        self.paragraphs: list[str] = []
        self._text: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "meta":
            self.metas.append(a)
            return
        if tag == "p":
            self.nested_p += any(t == "p" for t, _ in self.stack)
            self._text = []
        parent = self.stack[-1] if self.stack else ("", {})
        if tag == "table":
            self.table_parents.append((parent[0], parent[1].get("class")))
        if tag == "svg":
            self.svgs.append(a)
            self.svg_parents.append((parent[0], parent[1].get("class")))
        self.stack.append((tag, a))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break
        if tag == "p" and self._text is not None:
            self.paragraphs.append("".join(self._text))
            self._text = None

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)


def _shape(page: str) -> _Shape:
    s = _Shape()
    s.feed(page)
    return s


def _run(matches: int) -> dict[str, Any]:
    return {"title": "T", "ruleset": "t.yaml", "finished": {"deals": 150, "matches": matches}, "deals": 200, "matches": matches,
            "seats": ["random", "greedy"], "seed": 3}


def _change(metric: str, kind: str, diff: float, low: float, high: float) -> dict[str, Any]:
    return {"metric": metric, "group": "advantage", "kind": kind, "a": 0.5, "b": 0.5 - diff, "difference": diff,
            "interval": [low, high], "p": 0.01, "changes": False, "no_interval": None}


def _compare(paired: bool) -> str:
    report = {"a": _run(0), "b": _run(0), "paired": paired, "interrupted": False,
              "metrics": [_change("side 0 won", "rate", -0.2, -0.3, -0.1), _change("side 0 score", "mean", 0.5, 0.25, 0.75)]}
    return compare_page("A", "B", report, [[], []])


def _labels(svg: str) -> dict[str, float]:
    """The x of each value label (a ``<text>`` without text-anchor, as bars() writes them)."""
    return {text: float(x) for x, text in re.findall(r'<text x="([-\d.]+)" y="\d+">([^<]*)</text>', svg)}


# ----------------------------------------------------------------------------- bar labels


def test_a_label_sits_right_of_its_bar_and_interval_even_below_zero() -> None:
    # ends: 0, -0.3 .. 0.45: span 0.75 over 420 px from x = 260, so x(v) = 260 + 560 (v + 0.3);
    # the zero line at x(0) = 428
    svg = bars([("a", -0.2, -0.3, -0.1),   # all below 0: right of the zero line, 428 + 4 (was x(-0.1) + 4 = 376, over the bar)
                ("b", -0.1, -0.2, 0.0),    # high end exactly 0 (falsy): still right of it, 432
                ("c", 0.3, 0.15, 0.45)],   # above 0: right of the interval's high end, x(0.45) + 4 = 680 + 4
               True)
    assert _labels(svg) == {"-20.0%": 432.0, "-10.0%": 432.0, "30.0%": 684.0}


def test_a_label_without_an_interval_sits_right_of_its_bar() -> None:
    # ends 0 and 1 (the reference's 0.5 within): x(v) = 260 + 420 v; 0.25 -> 365 + 4
    assert _labels(bars([("x", 0.25, None, None), ("y", 1.0, None, None)], True, 0.5)) == {"25.0%": 369.0, "100.0%": 684.0}


# ----------------------------------------------------------------------------- the "of" column


def test_counted_says_what_the_text_table_says() -> None:
    assert counted("rate", 1182530.5, 2000000.0) == "1,182,530.5 of 2,000,000"
    assert counted("rate", 83.0, 200.0) == "83 of 200"
    assert counted("mean", -294190.0, 1000000.0) == "over 1,000,000"  # a sum of scores, not a count
    assert counted("mean", -91.0, 200.0) == "over 200"


def test_the_pages_of_column_has_no_scientific_notation() -> None:
    metrics = [{"metric": "side 0 won", "group": "advantage", "kind": "rate", "value": 0.59, "interval": [0.58, 0.6],
                "num": 1182530.0, "den": 2000000.0, "no_interval": None},
               {"metric": "first hand net", "group": "advantage", "kind": "mean", "value": -0.294, "interval": [-0.3, -0.29],
                "num": -294190.0, "den": 1000000.0, "no_interval": None}]
    page = simulate_page("T", {**_run(0), "interrupted": False, "metrics": metrics})
    assert "<td>1,182,530 of 2,000,000</td></tr>" in page and "<td>over 1,000,000</td></tr>" in page
    assert "e+06" not in page and " / " not in page


# ----------------------------------------------------------------------------- the inputs


def test_the_inputs_leave_the_matches_out_when_none_were_asked() -> None:
    page = simulate_page("T", {**_run(0), "interrupted": False, "metrics": []})
    assert "T (t.yaml): 150 deals of 200 asked, seats random, greedy, seed 3." in _shape(page).paragraphs
    page = simulate_page("T", {**_run(4), "interrupted": False, "metrics": []})
    assert "T (t.yaml): 150 deals and 4 matches of 200 and 4 asked, seats random, greedy, seed 3." in _shape(page).paragraphs


def test_a_and_b_sit_in_their_runs_paragraphs() -> None:
    shape = _shape(_compare(True))
    assert shape.nested_p == 0
    assert "A: T (t.yaml): 150 deals of 200 asked, seats random, greedy, seed 3." in shape.paragraphs
    assert "B: T (t.yaml): 150 deals of 200 asked, seats random, greedy, seed 3." in shape.paragraphs


# ----------------------------------------------------------------------------- paired or not


def test_an_unpaired_comparison_is_not_called_paired() -> None:
    page = _compare(False)
    headings = re.findall(r"<h2>([^<]*differences[^<]*)</h2>", page)
    assert headings == ["Unpaired differences A - B: rates", "Unpaired differences A - B: means"]
    assert "paired by block" not in page and "Paired" not in page
    assert ("Differences and p-values are unpaired (the decks differ: independent blocks of deals, matched by index), "
            "with Student&#x27;s t;") in page


def test_a_paired_comparison_says_so() -> None:
    page = _compare(True)
    assert re.findall(r"<h2>([^<]*differences[^<]*)</h2>", page) == ["Paired differences A - B: rates", "Paired differences A - B: means"]
    assert "Differences and p-values are paired by block of deals, with Student&#x27;s t;" in page
    assert "npaired" not in page


# ----------------------------------------------------------------------------- narrow windows


def test_the_pages_fit_a_narrow_window() -> None:
    metrics = [{"metric": "side 0 won", "group": "advantage", "kind": "rate", "value": 0.5, "interval": [0.4, 0.6],
                "num": 1.0, "den": 2.0, "no_interval": None}]
    for page in (_compare(False), simulate_page("T", {**_run(0), "interrupted": False, "metrics": metrics})):
        shape = _shape(page)
        assert {"name": "viewport", "content": "width=device-width, initial-scale=1"} in shape.metas
        assert shape.table_parents and all(p == ("div", "wide") for p in shape.table_parents)
        assert shape.svgs and all(s["viewbox"] == f"0 0 {s['width']} {s['height']}" for s in shape.svgs)
        # a chart keeps its natural width (no rule shrinks it) and scrolls sideways in its box
        assert shape.svg_parents and all(p == ("div", "wide") for p in shape.svg_parents)
        assert "svg {" not in page and "max-width: 100%" not in page and ".wide { overflow-x: auto; }" in page
    # one bar: 10 px above, 22 a row, 24 below for the axis labels; 260 + 420 + 90 wide
    assert 'viewBox="0 0 770 56"' in bars([("x", 0.5, None, None)], True)
