"""The statistics of bot evaluation, each checked on a case worked by hand.

The expected values are computed here from the formulas (with ``math`` as the calculator) or
reasoned from the sampling distribution; none is a number the functions printed.
"""

from __future__ import annotations

import math

import pytest

from interpreter.sim.stats import ELO_PER_NAT, LogHistogram, bootstrap_mean_interval, bradley_terry, quantile, wilson


# ----------------------------------------------------------------------------- Wilson


def test_wilson_eight_of_ten_worked_by_hand() -> None:
    # p = 0.8, n = 10, z = 1.96, z^2 = 3.8416
    # denominator  1 + z^2/n = 1.38416
    # centre       (p + z^2/(2n)) / 1.38416 = 0.99208 / 1.38416 = 0.716736...
    # half-width   z / 1.38416 * sqrt(p(1-p)/n + z^2/(4n^2))
    #            = 1.416021 * sqrt(0.016 + 0.009604) = 1.416021 * 0.160012 = 0.226582...
    # interval     0.716736 - 0.226582 = 0.4902,  0.716736 + 0.226582 = 0.9433
    low, high = wilson(8, 10)
    assert round(low, 4) == 0.4902
    assert round(high, 4) == 0.9433


def test_wilson_none_won_starts_at_zero() -> None:
    # p = 0: centre and half-width are both (z^2/2n) / (1 + z^2/n), so the interval is
    # [0, (z^2/n) / (1 + z^2/n)] = [0, 0.38416 / 1.38416] = [0, 0.2775]
    low, high = wilson(0, 10)
    assert low == 0.0
    assert round(high, 4) == 0.2775


def test_wilson_is_symmetric_in_wins_and_losses() -> None:
    low, high = wilson(2, 10)
    low8, high8 = wilson(8, 10)
    assert low == pytest.approx(1 - high8) and high == pytest.approx(1 - low8)


def test_wilson_counts_halves_and_knows_nothing_of_no_trials() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(5.5, 11)  # a rate of exactly 1/2 with draws counted half
    assert low + high == pytest.approx(1.0)
    with pytest.raises(ValueError):
        wilson(11, 10)


# ----------------------------------------------------------------------------- quantiles


def test_quantile_interpolates_between_order_statistics() -> None:
    assert quantile([4, 1, 3, 2], 0.5) == 2.5  # the mean of the middle two
    # 1..100: position 0.95 * 99 = 94.05, between the 95th and 96th values: 95 + 0.05
    assert quantile(range(1, 101), 0.95) == pytest.approx(95.05)
    assert quantile([7], 0.3) == 7


def test_log_histogram_quantiles_are_within_half_a_percent() -> None:
    clock = LogHistogram()
    for ms in range(1, 101):
        clock.add(float(ms))
    assert clock.count == 100
    assert clock.quantile(0.5) == pytest.approx(50.5, rel=0.005)
    assert clock.quantile(0.95) == pytest.approx(95.05, rel=0.005)


def test_log_histograms_merge_as_if_counted_together() -> None:
    one, two, both = LogHistogram(), LogHistogram(), LogHistogram()
    for x in (0.0, 0.5, 2.0):
        one.add(x)
        both.add(x)
    for x in (3.0, 0.0):
        two.add(x)
        both.add(x)
    one.merge(two)
    assert (one.count, one.zeros, one.bins) == (both.count, both.zeros, both.bins)
    assert one.quantile(0.0) == 0.0  # two zeros of five: the smallest is zero


# ----------------------------------------------------------------------------- bootstrap


def test_bootstrap_of_equal_values_is_that_value() -> None:
    assert bootstrap_mean_interval([2.0] * 7, seed=1, resamples=200) == (2.0, 2.0)


def test_bootstrap_of_two_values_spans_them() -> None:
    # Resampling [0, 1] twice gives a mean of 0, 1/2 or 1 with chances 1/4, 1/2, 1/4: about
    # 500 of 2,000 resample means are 0 and 500 are 1, far more than the 50 that the 2.5% and
    # 97.5% quantiles reach into, so the interval is [0, 1].
    assert bootstrap_mean_interval([0.0, 1.0], seed=3, resamples=2000) == (0.0, 1.0)


def test_bootstrap_upper_end_is_the_second_largest_mean() -> None:
    # [0, 0, 0, 10]: a resample holds k tens, k ~ Binomial(4, 1/4), its mean is 2.5 k.
    # P(k = 0) = 0.316 > 2.5%, so the lower end is 0.  P(k = 4) = 1/256 = 0.4% < 2.5% but
    # P(k >= 3) = 13/256 = 5.1% > 2.5%, so the 97.5% quantile falls among the k = 3 means: 7.5.
    assert bootstrap_mean_interval([0.0, 0.0, 0.0, 10.0], seed=5, resamples=2000) == (0.0, 7.5)


def test_bootstrap_is_seeded() -> None:
    values = [float(x % 7) for x in range(40)]
    assert bootstrap_mean_interval(values, 9, 500) == bootstrap_mean_interval(values, 9, 500)
    low, high = bootstrap_mean_interval(values, 9, 500)
    assert min(values) <= low <= sum(values) / len(values) <= high <= max(values)
    with pytest.raises(ValueError):
        bootstrap_mean_interval([], 0)


# ----------------------------------------------------------------------------- Bradley-Terry


def test_two_players_differ_by_the_elo_of_their_score() -> None:
    # 30 of 40: p = 3/4, odds 3, so the difference is 400 log10(3) = 190.85 Elo; mean 0.
    fit = bradley_terry(2, [(0, 1, 30.0, 40.0)], prior_games=0)
    diff = 400 * math.log10(0.75 / 0.25)
    assert fit.ratings[0] == pytest.approx(diff / 2)
    assert fit.ratings[1] == pytest.approx(-diff / 2)
    # information for the difference (in log-odds): n p (1 - p) = 40 * 3/16 = 7.5, so its
    # standard error is 1/sqrt(7.5) = 0.3651 = 63.43 Elo; each centred rating is half of it.
    se = ELO_PER_NAT / math.sqrt(7.5) / 2
    assert fit.errors[0] == pytest.approx(se) and fit.errors[1] == pytest.approx(se)
    low, high = fit.interval(0)
    assert (low, high) == pytest.approx((diff / 2 - 1.96 * se, diff / 2 + 1.96 * se))


def test_prior_adds_one_drawn_virtual_game() -> None:
    # With the prior of one drawn game: p = (30 + 1/2) / (40 + 1) = 30.5 / 41.
    fit = bradley_terry(2, [(0, 1, 30.0, 40.0)], prior_games=1)
    assert fit.ratings[0] - fit.ratings[1] == pytest.approx(400 * math.log10(30.5 / 10.5))


def test_a_clean_sweep_is_finite_only_with_the_prior() -> None:
    with pytest.raises(ValueError):
        bradley_terry(2, [(0, 1, 40.0, 40.0)], prior_games=0)
    fit = bradley_terry(2, [(0, 1, 40.0, 40.0)], prior_games=1)
    assert fit.ratings[0] - fit.ratings[1] == pytest.approx(400 * math.log10(40.5 / 0.5))


def test_three_players_with_consistent_odds_are_recovered() -> None:
    # odds 3 for 0 over 1 and for 1 over 2, odds 9 = 3 * 3 for 0 over 2: the data fit the
    # model exactly, so the fit is 0 at +400 log10(3), 1 at 0, 2 at -400 log10(3).
    fit = bradley_terry(3, [(0, 1, 75.0, 100.0), (1, 2, 75.0, 100.0), (0, 2, 90.0, 100.0)], prior_games=0)
    step = 400 * math.log10(3)
    assert fit.ratings == pytest.approx((step, 0.0, -step), abs=1e-6)


def test_even_results_rate_everybody_zero() -> None:
    fit = bradley_terry(3, [(0, 1, 10.0, 20.0), (1, 2, 10.0, 20.0), (2, 0, 10.0, 20.0)])
    assert fit.ratings == pytest.approx((0.0, 0.0, 0.0), abs=1e-9)
    assert fit.errors[0] == pytest.approx(fit.errors[1]) == pytest.approx(fit.errors[2])
