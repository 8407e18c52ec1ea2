"""How ``rules compare`` and ``rules simulate`` show a metric measured in too few blocks, and
that a short comparison keeps its rate differences between -100% and +100%.

The statistics themselves are worked by hand in tests/sim/test_few_blocks.py; here, what the
table, the JSON, the CSV and the HTML page make of them.  With ``--deals 4`` there are 4 blocks
of one deal each, so a rule's worth is measured in as many blocks as the deals it fired in.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from clitools import invoke

from cli.simulate import changes_csv
from interpreter.sim.compare import compare_tallies
from interpreter.sim.report import compare_page
from interpreter.sim.tally import Tally

NOCLOSE = "extends: schnapsen\nname: noclose\ntitle: Schnapsen without closing\nclosing:\n  enabled: false\n"


def _tally(won: list[float], fired: list[float], worth: list[float]) -> Tally:
    tally = Tally()
    for k, (w, f, v) in enumerate(zip(won, fired, worth)):
        tally.add(("deals", k), {"deals": 2.0, "first hand won": w, "fired: close": f, "worth: close": v})
    return tally


def test_csv_and_html_of_a_metric_measured_in_one_block() -> None:
    # worth: close: A 3 over one deal (block 0 only), B (1 - 1) / 2 = 0: difference 3, and no
    # interval, p or verdict -- empty cells in the CSV, "too few blocks" and "-" on the page
    changes = compare_tallies(_tally([2, 2, 1], [1, 0, 0], [3, 0, 0]), _tally([0, 0, 0], [0, 1, 1], [0, 1, -1]))
    rows = {r[0]: r for r in csv.reader(io.StringIO(changes_csv(changes)))}
    assert rows["worth: close"] == ["worth: close", "rules", "mean", "3.0", "0.0", "3.0", "", "", "", "0"]
    assert rows["fired: close"][6:8] == ["-1.0", "1.0"]  # clipped to -100% .. +100%
    run = {"title": "T", "ruleset": "t", "finished": {"deals": 6, "matches": 0}, "deals": 6, "matches": 0, "seats": ["random"], "seed": 0}
    report = {"a": run, "b": run, "paired": True, "interrupted": False, "metrics": [c.as_dict() for c in changes]}
    page = compare_page("A", "B", report, [[], []])
    assert "<tr><td>worth: close</td><td>3.000</td><td>0.000</td><td>+3.000</td><td>too few blocks</td><td>-</td><td></td></tr>" in page


def test_a_comparison_of_four_deals(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "noclose.yaml").write_text(NOCLOSE, encoding="utf-8")
    args = ["compare", "noclose.yaml", "schnapsen", "--deals", "4", "--jobs", "1"]
    report = invoke([*args, "--json"]).json()
    few = [m for m in report["metrics"] if m["no_interval"] == "too few blocks"]
    for m in report["metrics"]:
        if m["interval"] is None:  # too few blocks, or no spread: nothing to test, so no verdict
            assert m["no_interval"] in ("too few blocks", "no spread over 4 blocks") and not m["changes"], m
            assert m["p"] == (1.0 if m["difference"] == 0 and m["no_interval"] != "too few blocks" else None), m
        else:
            assert m["p"] is not None and m["interval"][0] <= m["difference"] <= m["interval"][1], m
            if m["kind"] == "rate":
                assert -1.0 <= m["interval"][0] and m["interval"][1] <= 1.0, m
    text = invoke(args).stdout.splitlines()
    rows = [line.split() for line in text if line.startswith("  ") and "too few blocks" in line]
    assert len(rows) == len(few) and all(row[-1] == "-" for row in rows)  # the p column; no "changes"
    tested = sum(m["p"] is not None for m in report["metrics"])
    changed = sum(m["changes"] for m in report["metrics"])
    assert f"{changed} of {tested} metrics change (Holm-Bonferroni over all of them, 5% family-wise);" in text
    if few:
        assert f"{len(few)} more measured in fewer than 2 blocks of a run: no interval, p or verdict (too few blocks);" in text
