"""What ``rules compare`` and ``rules simulate`` print for figures whose blocks
(or deals) all agree: the reason in place of an interval, ``-`` for p, no ``changes``, the
reason in JSON, and the count line under a comparison.  The statistics are worked by hand in
tests/sim/test_no_spread.py; the deals named here were each recomputed by hand from their
records (seed 2's two deals: side 0 wins both without closing and neither with it).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clitools import invoke

from interpreter.sim.report import compare_page, simulate_page

NOCLOSE = "extends: schnapsen\nname: noclose\ntitle: Schnapsen without closing\nclosing:\n  enabled: false\n"


def test_two_deals_that_moved_the_same_way_are_no_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "noclose.yaml").write_text(NOCLOSE, encoding="utf-8")
    args = ["compare", "noclose.yaml", "schnapsen", "--deals", "2", "--seed", "2", "--jobs", "1"]
    report = invoke([*args, "--json"]).json()
    rows = {m["metric"]: m for m in report["metrics"]}
    won = rows["side 0 won"]  # 100% against 0%: +100% in each of the two blocks (deals)
    assert (won["difference"], won["interval"], won["p"], won["changes"], won["no_interval"]) == (1.0, None, None, False, "no spread over 2 blocks")
    assert not any(m["changes"] for m in report["metrics"])
    text = invoke(args).stdout.splitlines()
    row = next(line for line in text if line.startswith("  side 0 won"))
    assert row.split()[3:] == ["100.00%", "0.00%", "+100.00%", "no", "spread", "over", "2", "blocks", "-"], row
    flat = sum(m["p"] is None and m["no_interval"] == "no spread over 2 blocks" for m in report["metrics"])
    few = sum(m["no_interval"] == "too few blocks" for m in report["metrics"])
    tested = sum(m["p"] is not None for m in report["metrics"])
    assert flat >= 2 and tested + flat + few == len(report["metrics"])
    assert f"0 of {tested} metrics change (Holm-Bonferroni over all of them, 5% family-wise);" in text
    assert f"{flat} more with the same difference in every block: no interval, p or verdict (no spread);" in text


def test_a_skill_gap_the_same_in_every_deal_has_no_interval() -> None:
    # seed 1: greedy won all 6 plays of the 3 deals (both sides of each): +50% in every block
    args = ["simulate", "schnapsen", "--deals", "3", "--seed", "1", "--skill", "greedy", "--jobs", "1"]
    skill = invoke([*args, "--json"]).json()["skill"]
    assert (skill["won"], skill["base"], skill["gap"]) == (1.0, 0.5, 0.5)
    assert (skill["interval"], skill["p"], skill["no_interval"]) == (None, None, "no spread over 3 blocks")
    assert invoke(args).stdout.splitlines()[-1].endswith(": +50.00% (no interval: no spread over 3 blocks, paired)")


def test_a_mean_the_same_in_both_deals_has_no_interval() -> None:
    # seed 0's two deals: side 0 won both for 3 game points
    report = invoke(["simulate", "schnapsen", "--deals", "2", "--jobs", "1", "--json"]).json()
    score = next(m for m in report["metrics"] if m["metric"] == "side 0 score")
    assert (score["value"], score["interval"], score["no_interval"]) == (3.0, None, "no spread over 2 blocks")
    text = invoke(["simulate", "schnapsen", "--deals", "2", "--jobs", "1"]).stdout.splitlines()
    row = next(line for line in text if line.startswith("  side 0 score"))
    assert row.split()[3:] == ["3.000", "no", "spread", "over", "2", "blocks", "over", "2"], row


def test_the_pages_say_why_there_is_no_interval() -> None:
    run = {"title": "T", "ruleset": "t", "finished": {"deals": 3, "matches": 0}, "deals": 3, "matches": 0, "seats": ["random"], "seed": 0}
    skill = {"bot": "greedy", "won": 1.0, "base": 0.5, "gap": 0.5, "interval": None, "p": None, "no_interval": "no spread over 3 blocks"}
    page = simulate_page("T", {**run, "interrupted": False, "metrics": [], "skill": skill})
    assert "<p>Difference +50.00% (no interval: no spread over 3 blocks), paired on the same deals.</p>" in page
    change = {"metric": "side 0 won", "group": "advantage", "kind": "rate", "a": 1.0, "b": 0.0, "difference": 1.0,
              "interval": None, "p": None, "changes": False, "no_interval": "no spread over 3 blocks"}
    page = compare_page("A", "B", {"a": run, "b": run, "paired": True, "interrupted": False, "metrics": [change]}, [[], []])
    assert "<td>+100.00%</td><td>no spread over 3 blocks</td><td>-</td><td></td></tr>" in page
