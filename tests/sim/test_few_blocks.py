"""The statistics of a run measured in few blocks: Student's t, not 1.96; no interval from one
block; rate differences inside -100% to +100%.  Every number is worked by hand below.

A compare stopped early may have 2 to 6 blocks, and a rare rule may fire in one block only.
With the normal factor 1.96 whatever the number of blocks ``K``, three blocks gave p-values
a hundred times too small; and a ratio whose denominator is above 0 in one block has residuals
that are exactly 0, so its interval had no width and p = 0: "changes" from one deal.
"""

from __future__ import annotations

import math

import pytest

from interpreter.sim.compare import compare_tallies
from interpreter.sim.figures import figures
from interpreter.sim.stats import t_critical, t_two_sided
from interpreter.sim.tally import Tally, bootstrap_ratio, paired_difference


@pytest.mark.parametrize(("df", "table"), [
    # two-sided 95% (t at 0.975), as printed in any table of Student's t, to 3 decimals
    (1, 12.706), (2, 4.303), (3, 3.182), (4, 2.776), (5, 2.571), (9, 2.262), (10, 2.228), (30, 2.042), (120, 1.980),
])
def test_the_95_percent_factor_is_the_tables(df: int, table: float) -> None:
    assert t_critical(df) == pytest.approx(table, abs=5e-4)


def test_the_factor_in_closed_form_and_in_the_limit() -> None:
    # 1 degree of freedom (Cauchy): P(|T| >= t) = 1 - 2 atan(t) / pi = 0.05 at t = tan(0.475 pi).
    assert t_critical(1) == pytest.approx(math.tan(0.475 * math.pi), rel=1e-9)
    # 2: P(|T| >= t) = 1 - t / sqrt(2 + t^2) = 0.05, so t^2 = 2 * 0.95^2 / (1 - 0.95^2).
    assert t_critical(2) == pytest.approx(math.sqrt(2 * 0.95**2 / (1 - 0.95**2)), rel=1e-9)
    # many degrees of freedom: the normal's 1.95996
    assert t_critical(100_000) == pytest.approx(1.95996, abs=1e-4)


def test_the_two_sided_tail() -> None:
    # 1 degree of freedom: 1 - 2 atan(1) / pi = 1 - 2 (pi / 4) / pi = 1/2
    assert t_two_sided(1.0, 1) == pytest.approx(0.5)
    # 2: 1 - 1 / sqrt(3) = 0.42265
    assert t_two_sided(1.0, 2) == pytest.approx(1 - 1 / math.sqrt(3))
    # the sign does not matter, t = 0 is no evidence at all, an infinite t is certainty
    assert t_two_sided(-1.0, 2) == t_two_sided(1.0, 2)
    assert (t_two_sided(0.0, 7), t_two_sided(math.inf, 7)) == (1.0, 0.0)
    # many degrees of freedom: the normal's erfc(2 / sqrt 2) = 0.0455
    assert t_two_sided(2.0, 100_000) == pytest.approx(math.erfc(2 / math.sqrt(2)), rel=1e-3)


def test_three_blocks_by_hand() -> None:
    # A, three blocks (num, den): (1, 2), (2, 2), (3, 2): R_A = 6 / 6 = 1, residuals
    # (y - R x) / 6 = -1/6, 0, +1/6.  B: (0, 2) in each: R_B = 0, residuals 0.
    # e = (-1/6, 0, 1/6), sum e^2 = 1/18; error = sqrt(3 / 2 * 1/18) = sqrt(1/12) = 0.288675.
    # diff = 1, t = 1 / 0.288675 = 2 sqrt 3 = 3.4641 with 2 degrees of freedom:
    # p = 1 - t / sqrt(2 + t^2) = 1 - 3.4641 / sqrt 14 = 0.074180 -- where the normal said
    # erfc(3.4641 / sqrt 2) = 0.000532.  The interval 1 -+ 4.30265 * 0.288675 = 1 -+ 1.242067.
    d = paired_difference([1.0, 2.0, 3.0], [2.0, 2.0, 2.0], [0.0, 0.0, 0.0], [2.0, 2.0, 2.0])
    assert d is not None
    assert (d.a, d.b, d.diff, d.error) == pytest.approx((1.0, 0.0, 1.0, 0.288675), abs=1e-6)
    assert d.p == pytest.approx(0.074180, abs=1e-6)
    assert (d.low, d.high) == pytest.approx((1 - 1.242067, 1 + 1.242067), abs=1e-5)


def test_a_rate_difference_stays_between_minus_and_plus_100_percent() -> None:
    # A won (2, 2, 1) of (2, 2, 2): R_A = 5/6; residuals (2 - 5/3) / 6 = 1/18, 1/18 and
    # (1 - 5/3) / 6 = -1/9.  B won none: residuals 0.  sum e^2 = (1 + 1 + 4) / 324 = 1/54,
    # error = sqrt(3 / 2 / 54) = 1/6; t = (5/6) / (1/6) = 5: p = 1 - 5 / sqrt 27 = 0.037750.
    # The interval 5/6 -+ 4.30265 / 6 = 0.116225 to 1.550442 goes past 100%: clipped there.
    d = paired_difference([2.0, 2.0, 1.0], [2.0, 2.0, 2.0], [0.0, 0.0, 0.0], [2.0, 2.0, 2.0], bounds=(-1.0, 1.0))
    assert d is not None
    assert d.p == pytest.approx(0.037750, abs=1e-6)
    assert d.low == pytest.approx(0.116225, abs=1e-5) and d.high == 1.0


def test_one_block_with_a_denominator_gives_no_interval() -> None:
    # 200 blocks, but the rule fired in block 7 only: the residual there is (y - R x) / x = 0,
    # and every other is 0 / x = 0 -- the error would be 0 and any difference certain
    den = [0.0] * 200
    den[7] = 1.0
    num_a, num_b = [2.0 * x for x in den], [-1.0 * x for x in den]
    wide = [1.0] * 200
    for d in (paired_difference(num_a, den, num_b, den), paired_difference(num_a, den, wide, wide),  # one run is enough
              paired_difference(wide, wide, num_b, den)):
        assert d is not None and (d.low, d.high, d.p, d.why) == (None, None, None, "too few blocks")
    # a mean of one block has no bootstrap interval either: each resample is that block or nothing
    assert bootstrap_ratio(num_a, den, [[1] * 200, [2] * 200]) is None


def _tally(won: list[float], fired: list[float], worth: list[float]) -> Tally:
    tally = Tally()
    for k, (w, f, v) in enumerate(zip(won, fired, worth)):
        tally.add(("deals", k), {"deals": 2.0, "first hand won": w, "fired: close": f, "worth: close": v})
    return tally


def test_a_comparison_of_three_blocks_by_hand() -> None:
    # Three blocks of 2 deals.  first hand won: A (2, 2, 1), B (0, 0, 0): as above, +83.33%,
    # 11.62% to 100%, p = 0.037750.  fired: close: A (1, 0, 0), B (0, 1, 1): R_A = 1/6,
    # R_B = 1/3; residuals A (1 - 1/3) / 6 = 1/9, -1/18, -1/18, B -1/9, 1/18, 1/18: e = 2/9,
    # -1/9, -1/9, sum e^2 = 6/81; error = sqrt(3 / 2 * 6/81) = 1/3; diff = -1/6, t = -1/2:
    # p = 1 - 0.5 / sqrt(2.25) = 2/3; interval -1/6 -+ 4.30265 / 3 = -1.6009 to 1.2676,
    # clipped to -100% to +100%.  worth: close: A scored 3 in the one deal it closed (block 0),
    # B 1 and -1 in blocks 1 and 2: A 3, B 0, diff 3 -- A measured it in one block: no
    # interval, no p, no verdict.  Holm over the two others: 0.037750 against 0.05 / 2 = 0.025
    # is not rejected, so nothing changes (the normal's p for the first was erfc(5 / sqrt 2),
    # 5.7e-7: "changes").
    a, b = _tally([2, 2, 1], [1, 0, 0], [3, 0, 0]), _tally([0, 0, 0], [0, 1, 1], [0, 1, -1])
    changes = {c.key: c for c in compare_tallies(a, b)}
    assert sorted(changes) == ["fired: close", "first hand won", "worth: close"]
    won, fired, worth = changes["first hand won"], changes["fired: close"], changes["worth: close"]
    assert (won.diff, won.high, won.changes) == (pytest.approx(5 / 6), 1.0, False)
    assert won.p == pytest.approx(0.037750, abs=1e-6) and won.low == pytest.approx(0.116225, abs=1e-5)
    assert (fired.diff, fired.p, fired.low, fired.high, fired.changes) == (pytest.approx(-1 / 6), pytest.approx(2 / 3), -1.0, 1.0, False)
    assert (worth.a, worth.b, worth.diff, worth.low, worth.high, worth.p, worth.changes) == (3.0, 0.0, 3.0, None, None, None, False)
    assert worth.too_few and not won.too_few
    assert worth.as_dict()["interval"] is None and worth.as_dict()["p"] is None


def test_a_simulation_gives_no_interval_to_a_mean_of_one_block() -> None:
    # A's worth: close is 3 over the one deal closed, in block 0 alone: no interval; B's is
    # (1 - 1) / 2 = 0 over two blocks, with one.  The rate fired: close keeps Wilson's (1 of 6).
    figs = {f.key: f for f in figures(_tally([2, 2, 1], [1, 0, 0], [3, 0, 0]), seed=0)}
    assert (figs["worth: close"].value, figs["worth: close"].low, figs["worth: close"].high) == (3.0, None, None)
    assert figs["worth: close"].as_dict()["interval"] is None
    assert figs["fired: close"].low is not None
    other = {f.key: f for f in figures(_tally([0, 0, 0], [0, 1, 1], [0, 1, -1]), seed=0)}["worth: close"]
    assert other.value == 0.0 and other.low is not None and other.high is not None
