"""Mergeable sums of a simulation, and the intervals read from them.

A run is cut into *blocks* of consecutive deals (and of matches) whose bounds depend only on
the block's index and the number of deals (:func:`block_bounds`), never on the workers.  A
block's result is a ``dict`` of named sums (:mod:`interpreter.sim.metrics`); a
:class:`Tally` is the blocks received so far, keyed by their index, so merging two tallies
is a union -- associative, commutative, and independent of how many workers computed them or
in which order they arrived.  Totals are always summed in block order, so the floating-point
results are the same bit for bit.  Memory is one dict per block (at most :data:`BLOCKS` of
them) however many deals are played.

The blocks are also the unit of the statistics:

- a *rate* gets the Wilson interval of its total (:func:`interpreter.sim.stats.wilson`);
- a *mean* (a ratio of two sums) gets a percentile bootstrap over the blocks
  (:func:`bootstrap_ratio`): blocks are resampled with replacement, which keeps the figure
  mergeable (a bootstrap over single deals would need every deal's value) and is valid
  because the deals of different blocks are independent;
- a difference between two runs on the same blocks of deals (``rules compare``) is a paired
  difference of ratios, with its standard error from the spread of the block residuals
  (:func:`paired_difference`, the linearisation -- "delta method" -- of a ratio of sums),
  its interval and p-value from Student's t with one degree of freedom fewer than the blocks
  that measured it.

A figure measured in a single block has no spread to measure: a mean of one block (a rule
that fired once) gets no bootstrap interval, and a difference whose denominator is above 0
in fewer than :data:`FEWEST` blocks of either run no interval, p-value or verdict -- before,
its residuals were exactly 0, so its interval had no width and any difference was "certain".
Many blocks that all agree are the same case (:func:`no_interval`): a mean with the same
ratio in every block, or a difference that is the same in every block (two deals that a
house rule both turned into wins), leave residuals of 0 as well, and a spread of 0 measured
from a few blocks is no evidence that there is none.  Such a figure gets no interval either,
and a difference no p-value or verdict -- unless the difference is exactly 0 in every block,
which is "no change" (p = 1) whatever the spread.
"""

from __future__ import annotations

import math
import operator
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from interpreter.sim.stats import quantile, t_critical, t_two_sided, wilson

#: The most blocks a run is cut into (for deals, and again for matches).
BLOCKS = 200
#: Bootstrap resamples of the blocks for the interval of a mean.
RESAMPLES = 1000
#: The fewest blocks with a denominator above 0 that a figure's spread is measured from.
FEWEST = 2
#: A spread (standard error) at most this fraction of the figures it is the spread of is none:
#: the blocks agree but for the rounding of the ratio (``0.1 * 3 / 3`` is not ``0.1``).
FLAT = 1e-9
#: Why a figure measured in fewer than :data:`FEWEST` blocks has no interval.
TOO_FEW = "too few blocks"

Block = tuple[str, int]  # ("deals", k) or ("matches", k)


def block_bounds(total: int, blocks: int = BLOCKS) -> list[tuple[int, int]]:
    """``[start, stop)`` of each block of ``total`` units: ``ceil(total / blocks)`` units each
    (the last one shorter), a function of ``total`` alone."""
    if total <= 0:
        return []
    size = -(-total // blocks)
    return [(start, min(start + size, total)) for start in range(0, total, size)]


@dataclass
class Tally:
    """The sums of the blocks that have finished, by block."""

    blocks: dict[Block, dict[str, float]] = field(default_factory=dict)

    def add(self, block: Block, sums: Mapping[str, float]) -> None:
        if block in self.blocks:
            raise ValueError(f"block {block} is counted twice")
        self.blocks[block] = dict(sums)

    def merge(self, other: Tally) -> None:
        """Add the blocks of ``other`` (none may be here already)."""
        for block, sums in other.blocks.items():
            self.add(block, sums)

    def order(self, kind: str) -> list[Block]:
        return sorted(b for b in self.blocks if b[0] == kind)

    def keys(self) -> list[str]:
        """Every sum's key, sorted."""
        return sorted({k for sums in self.blocks.values() for k in sums})

    def column(self, key: str, blocks: Sequence[Block]) -> list[float]:
        """The sum ``key`` of each of ``blocks`` (0 where a block has none)."""
        return [self.blocks[b].get(key, 0.0) if b in self.blocks else 0.0 for b in blocks]

    def total(self, key: str, kind: str) -> float:
        return math.fsum(self.column(key, self.order(kind)))

    def as_dict(self) -> dict[str, dict[str, float]]:
        """The blocks as JSON (``"deals:3"``: the sums of deal block 3)."""
        return {f"{kind}:{k}": dict(sorted(self.blocks[(kind, k)].items())) for kind, k in sorted(self.blocks)}


def ratio(num: Sequence[float], den: Sequence[float]) -> float | None:
    d = math.fsum(den)
    return math.fsum(num) / d if d else None


def resample_counts(blocks: int, seed: int, resamples: int = RESAMPLES) -> list[list[int]]:
    """For each resample, how often each block is drawn (``blocks`` draws with replacement
    from ``random.Random(seed)``): shared by every mean of a run, so that one seed fixes all
    the intervals."""
    rng = random.Random(seed)
    out = []
    for _ in range(resamples):
        counts = [0] * blocks
        for i in rng.choices(range(blocks), k=blocks):
            counts[i] += 1
        out.append(counts)
    return out


def measured_in(den: Sequence[float]) -> int:
    """In how many blocks the denominator is above 0: the blocks that say anything of the ratio."""
    return sum(1 for x in den if x)


def no_spread(blocks: int) -> str:
    """Why a figure whose blocks all agree has no interval (:func:`no_interval`)."""
    return f"no spread over {blocks:,} blocks"


def flat(error: float, *sizes: float) -> bool:
    """Whether a standard error is no spread at all: 0 but for rounding, next to ``sizes``
    (the figures it is the error of; with all of them 0 it must be exactly 0)."""
    return error <= FLAT * max(abs(x) for x in sizes)


def no_interval(num: Sequence[float], den: Sequence[float]) -> str | None:
    """Why the ratio ``sum(num) / sum(den)`` of these blocks has no interval, or ``None`` when
    it has one: :data:`TOO_FEW` when the denominator is above 0 in fewer than :data:`FEWEST`
    blocks, :func:`no_spread` when every such block has the same ratio.  Either way every
    resample of the blocks gives that one ratio, an interval of no width that would claim the
    figure known exactly -- from two deals as readily as from two hundred blocks."""
    measured = measured_in(den)
    if measured < FEWEST:
        return TOO_FEW
    found = _residuals(num, den)
    if found is None:  # pragma: no cover - a denominator above 0 in 2 blocks has a sum
        return TOO_FEW
    r, e = found
    return no_spread(measured) if flat(math.sqrt(math.fsum(x * x for x in e)), r) else None


def bootstrap_ratio(
    num: Sequence[float], den: Sequence[float], counts: Iterable[Sequence[int]], level: float = 0.95,
) -> tuple[float, float] | None:
    """The percentile bootstrap interval of ``sum(num) / sum(den)`` over blocks: each resample
    weighs block ``b`` by how often it was drawn (``counts``); resamples whose denominator is 0
    are left out.  ``None`` when :func:`no_interval` gives a reason: too few blocks, or no
    spread among them (every resample would give the same ratio, an interval of no width)."""
    if no_interval(num, den) is not None:
        return None
    values = []
    for c in counts:
        d = sum(map(operator.mul, c, den))  # in block order: the same bits every time
        if d:
            values.append(sum(map(operator.mul, c, num)) / d)
    if not values:
        return None
    tail = (1.0 - level) / 2.0
    return quantile(values, tail), quantile(values, 1.0 - tail)


def rate_interval(successes: float, trials: float) -> tuple[float, float]:
    """The Wilson 95% interval of a rate (trials counted in whole units)."""
    return wilson(min(successes, trials), int(round(trials)))


def _residuals(num: Sequence[float], den: Sequence[float]) -> tuple[float, list[float]] | None:
    """The ratio ``R = sum(num) / sum(den)`` and each block's share of its error,
    ``(num_b - R * den_b) / sum(den)`` (the linearised ratio)."""
    d = math.fsum(den)
    if not d:
        return None
    r = math.fsum(num) / d
    return r, [(y - r * x) / d for y, x in zip(num, den)]


@dataclass(frozen=True)
class Difference:
    """A paired difference ``a - b`` of one figure between two runs on the same blocks.

    ``low``, ``high`` and ``p`` are ``None`` when the blocks cannot give them, and ``why``
    says why (:data:`TOO_FEW`, :func:`no_spread`); a difference of exactly 0 with no spread
    keeps ``p`` = 1 (nothing differs in any block) but has no interval."""

    a: float
    b: float
    diff: float
    error: float | None
    low: float | None
    high: float | None
    p: float | None
    why: str | None = None


def paired_difference(
    num_a: Sequence[float], den_a: Sequence[float], num_b: Sequence[float], den_b: Sequence[float],
    level: float = 0.95, bounds: tuple[float, float] | None = None,
) -> Difference | None:
    """The difference of two ratios of sums over the same blocks, its standard error, a
    ``level`` interval and a two-sided p-value for "no difference".

    Over the ``K`` blocks where either denominator is above 0 (a block with neither adds
    nothing to either ratio), ``e_b`` is the difference of the two runs' linearised residuals
    in block ``b`` -- paired, since block ``b`` holds the same deals in both runs -- and the
    error ``sqrt(K / (K - 1) * sum_b (e_b)^2)``.  The interval is ``diff -+ t * error`` and the
    p-value ``P(|T| >= |diff| / error)``, ``T`` Student's t with ``K - 1`` degrees of freedom:
    with few blocks the error is itself uncertain, and the normal 1.96 (and its p-values)
    would claim changes a handful of blocks cannot show.  ``bounds`` clips the interval to
    where the difference can be (``(-1, 1)`` for two rates).

    ``None`` when either ratio has no denominator at all.  No interval, p-value or verdict
    (``why``) when either run's denominator is above 0 in fewer than :data:`FEWEST` blocks,
    or when the error is 0 (:func:`flat`: every block shows the same difference): a ``diff``
    over 0 would be "certain" from two deals.  A ``diff`` of exactly 0 with no spread is no
    difference in any block: ``p`` = 1, still without an interval.
    """
    ra, rb = _residuals(num_a, den_a), _residuals(num_b, den_b)
    if ra is None or rb is None:
        return None
    diff = ra[0] - rb[0]
    if measured_in(den_a) < FEWEST or measured_in(den_b) < FEWEST:
        return Difference(ra[0], rb[0], diff, None, None, None, None, TOO_FEW)
    k = sum(1 for x, y in zip(den_a, den_b) if x or y)
    e = [x - y for x, y in zip(ra[1], rb[1])]
    error = math.sqrt(k / (k - 1) * math.fsum(x * x for x in e))
    if flat(error, ra[0], rb[0]):
        return Difference(ra[0], rb[0], diff, 0.0, None, None, 1.0 if diff == 0 else None, no_spread(k))
    p = t_two_sided(diff / error, k - 1)
    half = t_critical(k - 1, level) * error
    low, high = diff - half, diff + half
    if bounds is not None:
        low, high = max(low, bounds[0]), min(high, bounds[1])
    return Difference(ra[0], rb[0], diff, error, low, high, p)


def holm(pvalues: Sequence[float], alpha: float = 0.05) -> list[bool]:
    """Holm--Bonferroni: which hypotheses are rejected at family-wise level ``alpha``.

    The p-values are taken from the smallest; the ``i``-th smallest (from 0) is rejected if
    it is at most ``alpha / (m - i)`` and every smaller one was rejected; the first that is
    not stops the rejections.  Ties keep their input order.
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    rejected = [False] * m
    for rank, i in enumerate(order):
        if pvalues[i] > alpha / (m - rank):
            break
        rejected[i] = True
    return rejected
