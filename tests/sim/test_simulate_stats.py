"""The statistics of ``rules simulate`` and ``rules compare``, each on a case worked by hand:
block bounds, the block bootstrap of a ratio, the paired difference, Holm's correction, and
the tally's merge (which is what makes the figures the same for any number of workers)."""

from __future__ import annotations

import math

import pytest

from interpreter.sim.stats import wilson
from interpreter.sim.tally import Tally, block_bounds, bootstrap_ratio, holm, paired_difference, rate_interval


def test_blocks_depend_on_the_count_alone() -> None:
    # 10 deals in at most 4 blocks: ceil(10 / 4) = 3 deals a block, the last one shorter.
    assert block_bounds(10, 4) == [(0, 3), (3, 6), (6, 9), (9, 10)]
    # fewer deals than blocks: one deal a block
    assert block_bounds(3, 4) == [(0, 1), (1, 2), (2, 3)]
    assert block_bounds(0) == []


def test_the_rate_interval_is_wilsons() -> None:
    # 5 of 10: p = 0.5, z = 1.96, z^2 = 3.8416; centre = (0.5 + 3.8416 / 20) / (1 + 3.8416 / 10) = 0.5;
    # half = 1.96 / 1.38416 * sqrt(0.025 + 3.8416 / 400) = 1.41602 * 0.18596 = 0.26332
    low, high = rate_interval(5.0, 10.0)
    assert low == pytest.approx(0.5 - 0.26332, abs=1e-4) and high == pytest.approx(0.5 + 0.26332, abs=1e-4)
    assert (low, high) == wilson(5, 10)


def test_the_block_bootstrap_of_a_ratio() -> None:
    # Two blocks of one deal each, values 1 and 3.  Three resamples: block 0 twice (mean 1),
    # each once (mean 2), block 1 twice (mean 3).  The 2.5% quantile of [1, 2, 3] sits at
    # position 0.025 * 2 = 0.05: 1 + 0.05 * (2 - 1) = 1.05; the 97.5% one at 1.95: 2.95.
    interval = bootstrap_ratio([1.0, 3.0], [1.0, 1.0], [[2, 0], [1, 1], [0, 2]])
    assert interval == pytest.approx((1.05, 2.95))
    # a ratio of sums, not a mean of ratios: blocks (num 2, den 1) and (num 2, den 3); drawn once
    # each the ratio is 4 / 4 = 1, block 0 twice 4 / 2 = 2, block 1 twice 4 / 6 = 2/3
    ratio = bootstrap_ratio([2.0, 2.0], [1.0, 3.0], [[1, 1], [2, 0], [0, 2]])
    assert ratio is not None
    low, high = ratio
    assert low == pytest.approx(2 / 3 + 0.05 * (1 - 2 / 3)) and high == pytest.approx(1 + 0.95 * (2 - 1))
    # a resample without a denominator is left out; none at all: no interval
    assert bootstrap_ratio([1.0], [0.0], [[1]]) is None


def test_the_paired_difference_of_two_ratios() -> None:
    # A: blocks (num 2, den 4) and (4, 4): R_A = 6 / 8 = 0.75, residuals (2 - 3) / 8 = -0.125
    # and (4 - 3) / 8 = +0.125.  B: (1, 4) and (1, 4): R_B = 0.25, residuals 0 and 0.
    # e = (-0.125, 0.125); error = sqrt(2 / 1 * (0.015625 + 0.015625)) = sqrt(0.0625) = 0.25.
    # diff = 0.5, t = 2 with 2 - 1 = 1 degree of freedom (Cauchy): p = 1 - 2 atan(2) / pi
    # = 0.2952 (the normal said 0.0455); the 95% factor is tan(0.475 pi) = 12.706, not 1.96:
    # interval 0.5 -+ 12.706 * 0.25 = 0.5 -+ 3.1766.
    d = paired_difference([2.0, 4.0], [4.0, 4.0], [1.0, 1.0], [4.0, 4.0])
    assert d is not None
    assert (d.a, d.b, d.diff, d.error) == pytest.approx((0.75, 0.25, 0.5, 0.25))
    assert d.p == pytest.approx(1 - 2 * math.atan(2) / math.pi) and d.p == pytest.approx(0.2952, abs=1e-4)
    assert (d.low, d.high) == pytest.approx((0.5 - 3.1766, 0.5 + 3.1766), abs=1e-4)


def test_pairing_cancels_what_both_runs_share() -> None:
    # B is A plus 1 in every block: the difference is exactly -1 with no spread at all --
    # the blocks' own ups and downs (1 vs 9) cancel, as the luck of the cards does.  Two
    # blocks that agree are no proof that a third would: no interval, p-value or verdict
    # (p = 0 here once called -1 certain).  The same values in both runs: p = 1, no interval.
    d = paired_difference([1.0, 9.0], [1.0, 1.0], [2.0, 10.0], [1.0, 1.0])
    assert d is not None and d.diff == -1 and d.error == 0
    assert (d.low, d.high, d.p, d.why) == (None, None, None, "no spread over 2 blocks")
    same = paired_difference([1.0, 9.0], [1.0, 1.0], [1.0, 9.0], [1.0, 1.0])
    assert same is not None and same.diff == 0 and same.p == 1.0 and same.low is None
    one = paired_difference([1.0], [1.0], [1.0], [1.0])  # one block: no spread to measure
    assert one is not None and (one.p, one.low, one.why) == (None, None, "too few blocks")


def test_holm_on_a_hand_worked_family() -> None:
    # m = 3 at 5%: the smallest, 0.01, against 0.05 / 3 = 0.0167: rejected; the next, 0.03,
    # against 0.05 / 2 = 0.025: not rejected, and that stops it -- 0.04 is not rejected
    # either (against 0.05 it would pass on its own: Holm stops at the first failure).
    assert holm([0.01, 0.04, 0.03]) == [True, False, False]
    # 0.01 <= 0.0167, 0.02 <= 0.025, 0.03 <= 0.05: all three
    assert holm([0.03, 0.01, 0.02]) == [True, True, True]
    assert holm([]) == []


def test_a_tally_is_the_same_whatever_the_order_of_its_blocks() -> None:
    blocks = {("deals", k): {"deals": 1.0, "x": 0.1 * k} for k in range(5)}
    forward, backward = Tally(), Tally()
    for b in sorted(blocks):
        forward.add(b, blocks[b])
    halves = [Tally(), Tally()]
    for b in sorted(blocks, reverse=True):
        halves[b[1] % 2].add(b, blocks[b])
    backward.merge(halves[1])
    backward.merge(halves[0])
    assert forward.as_dict() == backward.as_dict()
    assert forward.total("x", "deals") == backward.total("x", "deals")
    with pytest.raises(ValueError, match="counted twice"):
        forward.add(("deals", 0), {})


def test_the_figures_of_a_hand_made_tally() -> None:
    # Two blocks of two deals: the first hand won 1 and 2 of them, the deals had 10 and 14
    # tricks.  The rate is 3 of 4 with its Wilson interval; the mean is 24 / 4 = 6 tricks.  A
    # bootstrap resample draws block 0 twice (20 / 4 = 5), block 1 twice (28 / 4 = 7) or each
    # once (6), the first two with chance 1/4 each -- more than 2.5% -- so the 95% interval
    # runs exactly from 5 to 7.
    from interpreter.sim.figures import figures

    tally = Tally()
    tally.add(("deals", 0), {"deals": 2.0, "first hand won": 1.0, "tricks": 10.0})
    tally.add(("deals", 1), {"deals": 2.0, "first hand won": 2.0, "tricks": 14.0})
    figs = {f.key: f for f in figures(tally, seed=0)}
    won, tricks = figs["first hand won"], figs["tricks"]
    assert (won.value, won.num, won.den, (won.low, won.high)) == (0.75, 3.0, 4.0, wilson(3, 4))
    assert (tricks.value, tricks.low, tricks.high) == (6.0, 5.0, 7.0)


def test_the_skill_gap_of_a_hand_made_pair_of_seatings() -> None:
    # Base (random seats): two blocks of 2 deals, each side won 1 of each block.  The bot on
    # side 0 won 2 and 1; on side 1, 2 and 2.  Per block the bot won 4 and 3 of 4 seat-deals:
    # A = 7 / 8 = 0.875; the random sides won 2 of 4 in each: B = 0.5; gap 0.375.  Residuals
    # of A: (4 - 3.5) / 8 = +0.0625 and -0.0625, of B: 0 and 0; error = sqrt(2 * 2 *
    # 0.0625^2) = 0.125; t = 3 with 1 degree of freedom: p = 1 - 2 atan(3) / pi = 0.2048.
    # The interval 0.375 -+ 12.706 * 0.125 = -1.213 to +1.963 is clipped to where a skill
    # gap of two sides can be: the bot's share (0 to 1) less the base, exactly 1/2: -50% to +50%.
    from interpreter.sim.compare import skill_gap

    base, on0, on1 = Tally(), Tally(), Tally()
    for k, (w0, w1) in enumerate([(2.0, 2.0), (1.0, 2.0)]):
        base.add(("deals", k), {"deals": 2.0, "side 0 won": 1.0, "side 1 won": 1.0})
        on0.add(("deals", k), {"deals": 2.0, "side 0 won": w0, "side 1 won": 2.0 - w0})
        on1.add(("deals", k), {"deals": 2.0, "side 0 won": 2.0 - w1, "side 1 won": w1})
    gap = skill_gap(base, [on0, on1])
    assert gap is not None
    assert (gap.a, gap.b, gap.diff, gap.error) == pytest.approx((0.875, 0.5, 0.375, 0.125))
    assert gap.p == pytest.approx(1 - 2 * math.atan(3) / math.pi) and gap.p == pytest.approx(0.2048, abs=1e-4)
    assert (gap.low, gap.high) == (-0.5, 0.5)
