"""The charts of the ``--html`` report have a text alternative: each ``<svg>`` is an image
with an ``aria-label`` saying what it plots and where the same figures are as numbers."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

from interpreter.sim.report import bars, charted, compare_page, simulate_page


class _Charts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.svgs: list[dict[str, str | None]] = []
        self.headings: list[str] = []
        self._h2 = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "svg":
            self.svgs.append(dict(attrs))
        self._h2 = tag == "h2"

    def handle_data(self, data: str) -> None:
        if self._h2:
            self.headings.append(data)
            self._h2 = False


def _charts(page: str) -> _Charts:
    c = _Charts()
    c.feed(page)
    return c


def _run() -> dict[str, Any]:
    return {"title": "T", "ruleset": "t.yaml", "finished": {"deals": 20, "matches": 4}, "deals": 20, "matches": 4,
            "seats": ["random", "random"], "seed": 1}


def _metric(name: str, kind: str = "rate") -> dict[str, Any]:
    return {"metric": name, "group": "g", "kind": kind, "value": 0.25, "interval": [0.2, 0.3], "num": 5.0, "den": 20.0, "no_interval": None}


METRICS = [_metric("first hand won"), _metric("game points 1"), _metric("end: declared"), _metric("fired: close"),
           _metric("worth: close", "mean"), _metric("match length 3")]


def test_every_chart_of_a_simulation_says_what_it_plots_and_where_its_figures_are() -> None:
    skill = {"bot": "greedy", "won": 0.6, "base": 0.5, "gap": 0.1, "interval": [0.05, 0.15], "p": 0.01, "no_interval": None}
    charts = _charts(simulate_page("T", {**_run(), "interrupted": False, "metrics": METRICS, "skill": skill}))
    assert "Every metric" in charts.headings
    labels = [s["aria-label"] for s in charts.svgs]
    assert all(s["role"] == "img" for s in charts.svgs)
    assert labels == [
        "Bar chart of the share of deals won by greedy on each side in turn and by the seats it replaced, "
        "a dashed line at 50%; the paragraph below gives the difference",
        "Bar chart of the share of deals won by the first hand and by each side, a dashed line at 50%, "
        "each with its 95% interval where there is one; the same figures are in the table Every metric",
        "Bar chart of the share of deals of each outcome, each with its 95% interval where there is one; "
        "the same figures are in the table Every metric",
        "Bar chart of the share of deals that end each way, each with its 95% interval where there is one; "
        "the same figures are in the table Every metric",
        "Bar chart of the share of deals in which each rule fires, each with its 95% interval where there is one; "
        "the same figures are in the table Every metric",
        "Bar chart of the mean net score of the side that used each rule, each with its 95% interval where there is one; "
        "the same figures are in the table Every metric",
        "Bar chart of the share of matches of each length in deals, each with its 95% interval where there is one; "
        "the same figures are in the table Every metric",
    ]


def test_every_chart_of_a_comparison_has_a_label() -> None:
    change = {"metric": "first hand won", "group": "g", "kind": "rate", "a": 0.5, "b": 0.4, "difference": 0.1,
              "interval": [0.05, 0.15], "p": 0.01, "changes": True, "no_interval": None}
    mean = {**change, "metric": "tricks", "kind": "mean"}
    report = {"a": _run(), "b": _run(), "paired": False, "interrupted": False, "metrics": [change, mean]}
    charts = _charts(compare_page("A", "B", report, [METRICS, METRICS]))
    assert len(charts.svgs) == 2 + 2 * 6 and all(s["role"] == "img" and s["aria-label"] for s in charts.svgs)
    assert charts.svgs[0]["aria-label"] == charted("the unpaired differences A - B of the rates")
    assert charts.svgs[1]["aria-label"] == charted("the unpaired differences A - B of the means")
    assert all("the table Every metric" in (s["aria-label"] or "") for s in charts.svgs)


def test_a_label_is_escaped() -> None:
    svg = bars([("x", 0.5, None, None)], True, None, 'a "quoted" <label> & more')
    assert 'aria-label="a &quot;quoted&quot; &lt;label&gt; &amp; more"' in svg
