"""The statistics of bot evaluation, as pure functions of plain numbers.

Kept apart from the arena that produces the numbers so that each formula can be checked on a
case worked by hand (``tests/sim/test_stats.py``) and reused by anyone comparing bots:

- :func:`wilson`: an interval for a rate (deals won out of deals played) that stays inside
  [0, 1] and is honest for small samples and rates near 0 or 1, where the normal
  approximation is not.
- :func:`bootstrap_mean_interval`: a percentile bootstrap for a mean (the net score per deal),
  resampling whole deal pairs so that the two plays of one deal -- strongly correlated, since
  they share the cards -- stay together.  Seeded, so the same values give the same interval.
- :func:`bradley_terry`: ratings on the Elo scale from the scores of many pairings, with a
  small prior of drawn virtual games so that a bot that won everything still gets a finite
  rating, and standard errors from the curvature of the fitted likelihood.
- :func:`quantile` and :class:`LogHistogram`: medians and 95th percentiles, exact for a list
  and within half a per cent for millions of timings kept in constant memory.
- :func:`t_two_sided` and :func:`t_critical`: Student's t distribution, for a difference
  measured from a few blocks, where the normal 1.96 claims far more certainty than a
  handful of values can give (with 3 blocks the 95% factor is 4.30, not 1.96).

Nothing here needs NumPy: the samples are small (thousands of deals, a handful of bots).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: Elo points per unit of log-odds: a rating difference ``d`` means an expected score of
#: ``1 / (1 + 10 ** (-d / 400))``, i.e. log-odds ``d * ln(10) / 400``.
ELO_PER_NAT = 400.0 / math.log(10.0)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a rate of ``successes`` out of ``n`` (``z`` = 1.96: 95%).

    ``successes`` may be fractional (a drawn deal counted half).  With no trials nothing is
    known, and the interval is all of [0, 1].
    """
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    denominator = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1.0 - p) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def regularized_beta(x: float, a: float, b: float) -> float:
    """The regularised incomplete beta function ``I_x(a, b)`` (``a, b > 0``, ``0 <= x <= 1``).

    By its continued fraction (Lentz's method, as in *Numerical Recipes* 6.4), which converges
    quickly for ``x < (a + 1) / (a + b + 2)``; above that, from ``I_x(a, b) = 1 - I_{1-x}(b, a)``.
    Each term is computed, not subtracted from 1, on the side where it is small, so a tiny
    tail probability keeps its digits."""
    if not 0.0 <= x <= 1.0:
        raise ValueError(f"x = {x} is not between 0 and 1")
    if x == 0.0 or x == 1.0:
        return x
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(x, a, b) / a
    return 1.0 - front * _beta_fraction(1.0 - x, b, a) / b


def _beta_fraction(x: float, a: float, b: float) -> float:
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 1000):
        for step in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                     -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + step * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + step / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def t_two_sided(t: float, df: int) -> float:
    """The two-sided tail of Student's t with ``df`` degrees of freedom: ``P(|T| >= |t|)``,
    which is ``I_{df / (df + t^2)}(df / 2, 1 / 2)``.  With 1 degree of freedom it is
    ``1 - 2 atan(|t|) / pi``, with 2 ``1 - |t| / sqrt(2 + t^2)``; as ``df`` grows it tends to
    the normal ``erfc(|t| / sqrt 2)``."""
    if df < 1:
        raise ValueError(f"a t distribution needs 1 degree of freedom or more, got {df}")
    if math.isinf(t):
        return 0.0
    return regularized_beta(df / (df + t * t), df / 2.0, 0.5)


@functools.lru_cache(maxsize=None)
def t_critical(df: int, level: float = 0.95) -> float:
    """The factor of a two-sided ``level`` interval from a t statistic with ``df`` degrees of
    freedom: the ``t`` with ``P(|T| >= t) = 1 - level`` (12.71 for 1 degree of freedom, 4.30
    for 2, 2.23 for 10, 1.97 for 199; 1.96 in the limit).  Found by bisection on
    :func:`t_two_sided`, which falls as ``t`` grows: the same bits every time."""
    if not 0.0 < level < 1.0:
        raise ValueError(f"the level {level} is not between 0 and 1")
    alpha = 1.0 - level
    low, high = 0.0, 2.0
    while t_two_sided(high, df) > alpha:
        low, high = high, 2 * high
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if t_two_sided(middle, df) > alpha:
            low = middle
        else:
            high = middle
    return high


def quantile(values: Iterable[float], q: float) -> float:
    """The ``q``-quantile (0 <= q <= 1) of ``values``, interpolating linearly between order
    statistics: position ``q * (n - 1)`` in the sorted values (the common "type 7" rule, so a
    median of an even count is the mean of the two middle values)."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("quantile of no values")
    return _sorted_quantile(ordered, q)


def _sorted_quantile(ordered: Sequence[float], q: float) -> float:
    if not 0.0 <= q <= 1.0:
        raise ValueError(f"quantile {q} is not between 0 and 1")
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    fraction = position - low
    return ordered[low] + (ordered[high] - ordered[low]) * fraction


def bootstrap_mean_interval(
    values: Sequence[float], seed: int, resamples: int = 2000, level: float = 0.95,
) -> tuple[float, float]:
    """A percentile bootstrap interval for the mean of ``values``.

    Each of ``resamples`` resamples draws ``len(values)`` values with replacement (from
    ``random.Random(seed)``, so the interval is the same for the same values and seed); the
    interval runs between the ``(1 - level) / 2`` and ``(1 + level) / 2`` quantiles of the
    resample means.  Pass one value per independent unit -- a deal pair, not a deal -- and the
    bootstrap is a paired one.
    """
    if not values:
        raise ValueError("bootstrap of no values")
    if resamples < 1 or not 0.0 < level < 1.0:
        raise ValueError(f"need resamples >= 1 and 0 < level < 1, got {resamples} and {level}")
    rng = random.Random(seed)
    n = len(values)
    pool = list(values)
    means = sorted(math.fsum(rng.choices(pool, k=n)) / n for _ in range(resamples))
    tail = (1.0 - level) / 2.0
    return _sorted_quantile(means, tail), _sorted_quantile(means, 1.0 - tail)


class LogHistogram:
    """Counts of non-negative values in bins whose bounds grow by a constant ratio.

    Timings span orders of magnitude (a forced move in microseconds, a search in a second),
    and a long run makes millions of them: bins of ratio 1.01 keep any quantile within half a
    per cent of the exact one (each bin stands for its geometric middle) in a few hundred
    counters, and histograms of separate processes add up with :meth:`merge`.  Zero is a bin
    of its own.
    """

    def __init__(self, ratio: float = 1.01) -> None:
        if ratio <= 1.0:
            raise ValueError(f"the bin ratio must be above 1, got {ratio}")
        self.ratio = ratio
        self._log_ratio = math.log(ratio)
        self.bins: dict[int, int] = {}
        self.zeros = 0
        self.count = 0

    def add(self, value: float) -> None:
        """Count one value."""
        if value < 0:
            raise ValueError(f"a negative value {value} in a histogram of non-negative values")
        self.count += 1
        if value == 0:
            self.zeros += 1
            return
        key = math.floor(math.log(value) / self._log_ratio)
        self.bins[key] = self.bins.get(key, 0) + 1

    def merge(self, other: LogHistogram) -> None:
        """Add the counts of ``other`` (of the same ratio) to these."""
        if other.ratio != self.ratio:
            raise ValueError("histograms of different bin ratios")
        self.count += other.count
        self.zeros += other.zeros
        for key, count in other.bins.items():
            self.bins[key] = self.bins.get(key, 0) + count

    def _value_at(self, rank: int, keys: list[int]) -> float:
        """The value standing for the ``rank``-th smallest count (0-based)."""
        if rank < self.zeros:
            return 0.0
        seen = self.zeros
        for key in keys:
            seen += self.bins[key]
            if rank < seen:
                return math.exp((key + 0.5) * self._log_ratio)
        raise IndexError(rank)  # pragma: no cover - rank < count always

    def quantile(self, q: float) -> float:
        """The ``q``-quantile by the rule of :func:`quantile`, each value read as its bin's middle."""
        if not self.count:
            raise ValueError("quantile of an empty histogram")
        if not 0.0 <= q <= 1.0:
            raise ValueError(f"quantile {q} is not between 0 and 1")
        keys = sorted(self.bins)
        position = q * (self.count - 1)
        low = math.floor(position)
        high = min(low + 1, self.count - 1)
        a, b = self._value_at(low, keys), self._value_at(high, keys)
        return a + (b - a) * (position - low)


@dataclass(frozen=True)
class Ratings:
    """Bradley--Terry ratings on the Elo scale, anchored at mean 0, with standard errors.

    ``ratings[i] - ratings[j] = d`` means that player ``i`` is expected to score
    ``1 / (1 + 10 ** (-d / 400))`` against ``j``.  ``errors`` are the standard errors of the
    ratings as printed (anchored at the mean), from the inverse of the observed information.
    A player left out of the fit has ``None`` for both (a tournament's bot that played no deal:
    :meth:`~interpreter.sim.arena.Arena.ratings`); :func:`bradley_terry` rates every player.
    """

    ratings: tuple[float | None, ...]
    errors: tuple[float | None, ...]

    def interval(self, player: int, z: float = 1.96) -> tuple[float, float] | None:
        """The normal interval ``rating +- z * error`` (95% for the default ``z``); ``None`` for
        a player left unrated."""
        r, e = self.ratings[player], self.errors[player]
        if r is None or e is None:
            return None
        return r - z * e, r + z * e


def bradley_terry(
    players: int, results: Iterable[tuple[int, int, float, float]], *, prior_games: float = 1.0,
) -> Ratings:
    """Fit Bradley--Terry ratings to pairwise scores.

    Each result ``(i, j, score, games)`` says that in ``games`` games between players ``i`` and
    ``j``, ``i`` scored ``score`` (wins plus half the draws) and ``j`` the rest.  The model is
    ``P(i beats j) = 1 / (1 + exp(t_j - t_i))``; the fit maximises the likelihood after adding
    ``prior_games`` drawn virtual games between every two players, a small prior that pulls
    the ratings together just enough to keep them finite when a player won or lost every game
    (give 0 for the plain maximum-likelihood fit).  The ratings are then centred (mean 0) and
    scaled to Elo points (:data:`ELO_PER_NAT`).

    Raises ``ValueError`` when the ratings are not determined: a player without games (with
    no prior), or one that won or lost everything (with no prior).
    """
    if players < 1:
        raise ValueError("no players to rate")
    games = [[0.0] * players for _ in range(players)]
    scored = [[0.0] * players for _ in range(players)]  # scored[i][j]: i's score against j
    for i, j, score, n in results:
        if not (0 <= i < players and 0 <= j < players) or i == j:
            raise ValueError(f"bad pair of players ({i}, {j})")
        if n < 0 or not 0 <= score <= n:
            raise ValueError(f"need 0 <= score <= games, got {score} of {n}")
        games[i][j] += n
        games[j][i] += n
        scored[i][j] += score
        scored[j][i] += n - score
    if prior_games:
        for i in range(players):
            for j in range(players):
                if i != j:
                    games[i][j] += prior_games
                    scored[i][j] += prior_games / 2
    theta = _fit(players, games, scored)
    info = _information(theta, games)
    try:
        reduced = _inverse([row[1:] for row in info[1:]])  # player 0 held at 0: the scale has no origin
    except ZeroDivisionError:
        raise ValueError("the ratings are not determined (a player without games?)") from None
    cov = [[0.0] * players] + [[0.0] + row for row in reduced]
    # centring is linear, c = P t with P = I - 1/k: its covariance is P cov P
    k = players
    row_means = [sum(row) / k for row in cov]
    grand = sum(row_means) / k
    variances = [cov[i][i] - 2 * row_means[i] + grand for i in range(k)]
    mean = sum(theta) / k
    return Ratings(
        tuple((t - mean) * ELO_PER_NAT for t in theta),
        tuple(math.sqrt(max(v, 0.0)) * ELO_PER_NAT for v in variances),
    )


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def _log_sigmoid(x: float) -> float:
    if x >= 0:
        return -math.log1p(math.exp(-x))
    return x - math.log1p(math.exp(x))


def _log_likelihood(theta: Sequence[float], games: list[list[float]], scored: list[list[float]]) -> float:
    total = 0.0
    k = len(theta)
    for i in range(k):
        for j in range(k):
            if i != j and scored[i][j]:
                total += scored[i][j] * _log_sigmoid(theta[i] - theta[j])
    return total


def _information(theta: Sequence[float], games: list[list[float]]) -> list[list[float]]:
    """Minus the Hessian of the log-likelihood (the observed information)."""
    k = len(theta)
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(i + 1, k):
            if games[i][j]:
                p = _sigmoid(theta[i] - theta[j])
                c = games[i][j] * p * (1.0 - p)
                info[i][j] -= c
                info[j][i] -= c
                info[i][i] += c
                info[j][j] += c
    return info


def _fit(k: int, games: list[list[float]], scored: list[list[float]]) -> list[float]:
    """Newton's method with step halving on the concave log-likelihood, player 0 held at 0."""
    theta = [0.0] * k
    if k == 1:
        return theta
    current = _log_likelihood(theta, games, scored)
    for _ in range(200):
        gradient = [
            sum(scored[i][j] - games[i][j] * _sigmoid(theta[i] - theta[j]) for j in range(k) if j != i)
            for i in range(k)
        ]
        info = _information(theta, games)
        try:
            inverse = _inverse([row[1:] for row in info[1:]])
        except ZeroDivisionError:
            raise ValueError("the ratings are not determined: a player has no games, or won or lost all of them") from None
        step = [0.0] + [sum(inverse[r][c] * gradient[c + 1] for c in range(k - 1)) for r in range(k - 1)]
        t = 1.0
        while True:
            trial = [a + t * b for a, b in zip(theta, step)]
            value = _log_likelihood(trial, games, scored)
            if value >= current - 1e-12 * (1.0 + abs(current)) or t < 1e-9:
                break
            t /= 2
        theta, current = trial, value
        if max(abs(s) for s in step) * t < 1e-10:
            return theta
        if max(abs(x) for x in theta) > 50:  # odds beyond e**50: somebody won or lost everything
            break
    raise ValueError("the ratings are not finite: a player won or lost every game (use a prior)")


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss--Jordan inverse with partial pivoting; ``ZeroDivisionError`` if singular."""
    n = len(matrix)
    a = [list(row) + [1.0 if r == c else 0.0 for c in range(n)] for r, row in enumerate(matrix)]
    scale = max((abs(x) for row in matrix for x in row), default=0.0)
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) <= 1e-12 * max(scale, 1e-300):
            raise ZeroDivisionError("singular matrix")
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        a[col] = [x / p for x in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [row[n:] for row in a]
