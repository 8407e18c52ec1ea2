"""Blocks that all agree give no interval, p-value or verdict -- however many there are.

One block has residuals of exactly 0, and the statistics already refused it a verdict (too few
blocks).  Two or three blocks whose residuals are all 0 are the same case: a difference that is
the same in every block had an error of 0, so an interval of no width and p = 0 ("changes"
from two deals); a mean with the same ratio in every block a bootstrap interval of no width.
Every number below is worked by hand.
"""

from __future__ import annotations

import pytest

from interpreter.sim.compare import compare_tallies
from interpreter.sim.figures import figures
from interpreter.sim.tally import Tally, bootstrap_ratio, no_interval, paired_difference


def test_three_blocks_with_the_same_difference_get_no_verdict() -> None:
    # A won (2, 1, 2) of 2 deals a block, B (1, 0, 1): A - B is 1/2 in every block.
    # R_A = 5/6, residuals (2 - 5/3) / 6 = 1/18, (1 - 5/3) / 6 = -1/9, 1/18; R_B = 1/3,
    # residuals (1 - 2/3) / 6 = 1/18, (0 - 2/3) / 6 = -1/9, 1/18: e = 0, 0, 0 -- an error of 0.
    d = paired_difference([2.0, 1.0, 2.0], [2.0] * 3, [1.0, 0.0, 1.0], [2.0] * 3, bounds=(-1.0, 1.0))
    assert d is not None
    assert (d.a, d.b, d.diff) == pytest.approx((5 / 6, 1 / 3, 1 / 2))
    assert (d.low, d.high, d.p, d.why) == (None, None, None, "no spread over 3 blocks")


def test_a_spread_of_rounding_alone_is_no_spread() -> None:
    # 0.1 in each of three blocks of one deal against 0: R_A = fsum(0.1 x 3) / 3 =
    # 0.10000000000000002, so each residual is -1.4e-17, not 0; an error of 2e-17 would make
    # t about 4e15 and p = 0.  It is rounding, and no spread.
    d = paired_difference([0.1] * 3, [1.0] * 3, [0.0] * 3, [1.0] * 3)
    assert d is not None and d.diff == pytest.approx(0.1)
    assert (d.low, d.p, d.why) == (None, None, "no spread over 3 blocks")
    assert no_interval([0.1] * 3, [1.0] * 3) == "no spread over 3 blocks"


def test_a_difference_of_zero_in_every_block_is_no_change() -> None:
    # the same (1, 3) of 2 in both runs: the difference is 0 in every block, p = 1 -- no
    # change -- but still no interval: 0 to 0 would claim the two known to be equal
    d = paired_difference([1.0, 3.0], [2.0, 2.0], [1.0, 3.0], [2.0, 2.0])
    assert d is not None and (d.diff, d.p, d.low, d.high, d.why) == (0.0, 1.0, None, None, "no spread over 2 blocks")
    # never seen in either run: every residual is exactly 0 (R = 0), the same
    d = paired_difference([0.0] * 4, [1.0] * 4, [0.0] * 4, [1.0] * 4)
    assert d is not None and (d.p, d.why) == (1.0, "no spread over 4 blocks")


def _tally(won: list[float], fired: list[float], worth: list[float]) -> Tally:
    tally = Tally()
    for k, (w, f, v) in enumerate(zip(won, fired, worth)):
        tally.add(("deals", k), {"deals": 2.0, "first hand won": w, "fired: close": f, "worth: close": v})
    return tally


def test_holm_leaves_out_a_difference_with_no_spread() -> None:
    # first hand won: A (2, 1, 2), B (1, 0, 1): +1/2 in every block -- no p, no verdict, and
    # out of the correction.  fired: close: A (1, 0, 0), B (0, 1, 1): p = 2/3 (worked in
    # test_few_blocks.py).  worth: close: A 2 / 1 in block 0, B (1 + 1) / 2 = 1 in blocks 1, 2 -- A
    # measured it in one block: too few.  Holm over one p-value, 2/3: nothing changes.
    changes = {c.key: c for c in compare_tallies(_tally([2, 1, 2], [1, 0, 0], [2, 0, 0]), _tally([1, 0, 1], [0, 1, 1], [0, 1, 1]))}
    won, fired, worth = changes["first hand won"], changes["fired: close"], changes["worth: close"]
    assert (won.diff, won.p, won.low, won.changes, won.flat, won.too_few) == (pytest.approx(0.5), None, None, False, True, False)
    assert won.as_dict()["interval"] is None and won.as_dict()["no_interval"] == "no spread over 3 blocks"
    assert fired.p == pytest.approx(2 / 3) and not fired.flat and fired.as_dict()["no_interval"] is None
    assert (worth.too_few, worth.flat, worth.as_dict()["no_interval"]) == (True, False, "too few blocks")


def test_a_mean_with_the_same_ratio_in_every_block_has_no_interval() -> None:
    # 2 over 2, 4 over 4, 1 over 1: the same ratio (1 per deal) in each of three blocks: every
    # resample is 1 -- no interval.  A spread (1 and 3) has one: the resamples give 1, 3 and 2;
    # the 2.5% quantile sits at 0.025 * (3 - 1) = 0.05 of the way from 1 to 2, the 97.5% at
    # 1.95 (0.95 of the way from 2 to 3): 1.05 to 2.95.
    assert bootstrap_ratio([2.0, 4.0, 1.0], [2.0, 4.0, 1.0], [[1, 1, 1], [3, 0, 0], [0, 2, 1]]) is None
    assert bootstrap_ratio([1.0, 3.0], [1.0, 1.0], [[2, 0], [0, 2], [1, 1]]) == (pytest.approx(1.05), pytest.approx(2.95))
    # in a run's figures: a mean of 3 per deal in each of three blocks of 2 deals says why it
    # has no interval
    tally = Tally()
    for k in range(3):
        tally.add(("deals", k), {"deals": 2.0, "side 0 score": 6.0})
    figs = {f.key: f for f in figures(tally, seed=0)}
    score = figs["side 0 score"]
    assert (score.value, score.low, score.high, score.why) == (3.0, None, None, "no spread over 3 blocks")
    assert score.as_dict()["interval"] is None and score.as_dict()["no_interval"] == "no spread over 3 blocks"
