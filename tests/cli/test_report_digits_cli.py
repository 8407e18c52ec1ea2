"""`rules compare --html`: every figure of the page reads as in the command's own table.

The run below has a figure that the JSON's six decimals, formatted again, would print with
another last digit (the probe found `-2.03% to +0.83%` printed and `-2.02% to +0.83%` on the
page); the test first checks that such a figure is there, so it keeps testing what it should.
"""

from __future__ import annotations

import re
from pathlib import Path

from clitools import invoke

from interpreter.sim.report import figure_text

ARGS = ["compare", "house/sharp-schnapsen", "schnapsen", "--deals", "500", "--matches", "20", "--jobs", "1", "--seed", "1"]


def _text_rows(text: str) -> dict[str, list[str]]:
    """Each metric's cells A, B, A - B, interval, p of the text table (columns two spaces apart or more)."""
    rows = {}
    for line in text.splitlines():
        if line.startswith("  ") and not line.startswith("   "):
            cells = re.split(r"\s{2,}", line.strip())
            if len(cells) >= 6:
                rows[cells[0]] = cells[1:6]
    return rows


def _page_rows(page: str) -> dict[str, list[str]]:
    table = page.split("<h2>Every metric</h2>")[1].split("</table>")[0]
    return {cells[0]: cells[1:6] for cells in (re.findall(r"<td[^>]*>([^<]*)</td>", row) for row in table.split("<tr>")[2:])}


def test_the_page_prints_each_figure_as_the_text_does(tmp_path: Path) -> None:
    page_file = tmp_path / "cmp.html"
    text = invoke([*ARGS, "--html", str(page_file)])
    assert text.exit_code == 0, text.stderr
    data = invoke([*ARGS, "--json"]).json()
    said = _text_rows(text.stdout)
    assert said and set(said) == {m["metric"] for m in data["metrics"]}
    # the case that needs the fix: a JSON value that, formatted again, loses the text's digit
    twice = {m["metric"] for m in data["metrics"] if m["interval"] is not None
             and f"{figure_text(m['kind'], m['interval'][0], True)} to {figure_text(m['kind'], m['interval'][1], True)}" != said[m["metric"]][3]}
    assert twice, "no figure of this run rounds differently twice: pick another run"
    assert _page_rows(page_file.read_text(encoding="utf-8")) == said
