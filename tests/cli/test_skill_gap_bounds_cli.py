"""``rules simulate --skill``: a two-side gap's interval stops at +-50% (worked in
tests/sim/test_skill_gap_bounds.py)."""

from __future__ import annotations

import pytest
from clitools import invoke


def test_a_two_side_skill_gap_stops_at_plus_50_percent() -> None:
    # seed 0: greedy won 5 of 6 plays, 2, 2 and 1 of each deal's 2: the gap 1/3 with the
    # interval 1/3 -+ 4.30265 / 6 (tests/sim/test_skill_gap_bounds.py) = -38.38% to +105.04%, which
    # a gap over a base of exactly 50% cannot reach: +50%
    skill = invoke(["simulate", "schnapsen", "--deals", "3", "--seed", "0", "--skill", "greedy", "--jobs", "1", "--json"]).json()["skill"]
    assert skill["gap"] == pytest.approx(1 / 3, abs=1e-6)
    assert skill["interval"] == [pytest.approx(1 / 3 - 4.30265 / 6, abs=1e-5), 0.5]
