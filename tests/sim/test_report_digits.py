"""The page prints the figures the text prints, to the last digit: both format the unrounded
values with one function (``figure_text``), never the JSON's six decimals formatted again.

The hand-made value -0.0202501 is -2.02501%: -2.03% to two decimals.  Rounded to six decimals
first (the JSON) it is -0.02025, and 100 * -0.02025 is -2.0249999999999995 in binary: -2.02%.
"""

from __future__ import annotations

import re
from typing import Any

from cli.simulate import _page_change, _page_figure, _skill, skill_line
from interpreter.sim.compare import Change
from interpreter.sim.figures import Figure
from interpreter.sim.report import compare_page, figure_text, simulate_page
from interpreter.sim.tally import Difference

TIE = -0.0202501  # -2.03%; its JSON, -0.02025, would show -2.02%


def _run() -> dict[str, Any]:
    return {"title": "T", "ruleset": "t.yaml", "finished": {"deals": 200, "matches": 0}, "deals": 200, "matches": 0,
            "seats": ["random", "random"], "seed": 1}


def test_the_formatter_rounds_the_value_once() -> None:
    assert figure_text("rate", TIE, True) == "-2.03%"
    assert figure_text("rate", round(TIE, 6), True) == "-2.02%"  # why the page must not read the JSON's value
    assert figure_text("rate", 0.1180004) == "11.80%" and figure_text("mean", -0.3804999) == "-0.380"
    assert figure_text("mean", 0.25, True) == "+0.250" and figure_text("rate", None) == "-"


def test_the_compare_page_shows_the_unrounded_interval() -> None:
    change = Change("end: last trick", "how deals end", "rate", 0.112, 0.118, -0.006, TIE, 0.0083, 0.41, False)
    page = compare_page("A", "B", {"a": _run(), "b": _run(), "paired": True, "interrupted": False,
                                   "metrics": [_page_change(change)]}, [[], []])
    assert "<td>-0.60%</td><td>-2.03% to +0.83%</td><td>0.41</td>" in page
    assert "-2.02%" not in page


def test_the_simulate_page_shows_the_unrounded_figure() -> None:
    fig = Figure("first hand won", "advantage", "rate", -TIE, -TIE - 0.01, -TIE + 0.01, 4.05002, 200.0)
    page = simulate_page("T", {**_run(), "interrupted": False, "metrics": [_page_figure(fig)]})
    # -TIE = 0.0202501: 2.03%, its interval 0.0102501 .. 0.0302501: 1.03% to 3.03%
    assert "<td>first hand won</td><td>2.03%</td><td>1.03% to 3.03%</td><td>4.1 of 200</td>" in page


def test_the_skill_gap_line_and_page_read_the_unrounded_gap() -> None:
    gap = Difference(a=0.5202501, b=0.5, diff=0.0202501, error=0.005, low=-TIE - 0.01, high=-TIE + 0.01, p=0.0124999996)
    exact = _skill("greedy", gap, exact=True)
    assert _skill("greedy", gap)["gap"] == 0.02025 and _skill("greedy", gap)["p"] == 0.0125  # the JSON keeps six
    line = skill_line(exact)
    assert "it won 52.03% of the deals" in line and ": +2.03% (95% interval +1.03% to +3.03%, paired)" in line
    page = simulate_page("T", {**_run(), "interrupted": False, "metrics": [], "skill": exact})
    assert "<p>Difference +2.03% (95% interval +1.03% to +3.03%), paired on the same deals.</p>" in page
    assert not re.search(r"[+-]?2\.02%|1\.02%|3\.02%", page)
