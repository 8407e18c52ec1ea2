"""The figures of a run: every metric's value with its 95% interval, read from a tally.

Kept apart from the playing (:mod:`interpreter.sim.simulate`) and the sums
(:mod:`interpreter.sim.tally`) so that the text table, the JSON, the HTML report and
``rules compare`` all read the same list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from interpreter.sim.metrics import DEALS, MATCHES, RATE, Metric, metric_of
from interpreter.sim.tally import RESAMPLES, TOO_FEW, Tally, bootstrap_ratio, no_interval, rate_interval, ratio, resample_counts

#: The sections of the table, in order.
GROUPS = ("advantage", "outcomes", "how deals end", "rules", "length", "matches")


def natural(key: str) -> tuple[Any, ...]:
    """Sort key that puts ``game points 2`` before ``game points 10``."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", key))


def metrics_of(tally: Tally) -> list[Metric]:
    """The metrics of every sum in the tally, by section, then naturally by key."""
    found = [m for m in (metric_of(k) for k in tally.keys()) if m is not None]
    return sorted(found, key=lambda m: (GROUPS.index(m.group), natural(m.key)))


def unit_of(metric: Metric) -> str:
    return MATCHES if metric.den == MATCHES or metric.key.startswith("match") else DEALS


@dataclass(frozen=True)
class Figure:
    """One metric of one run: ``value`` = ``num`` / ``den`` with its 95% interval
    (Wilson for a rate, block bootstrap for a mean); ``None`` when ``den`` is 0, and for a
    mean the blocks give no interval to, ``why`` saying so (``too few blocks``, ``no spread
    over K blocks``: :func:`~interpreter.sim.tally.no_interval`)."""

    key: str
    group: str
    kind: str
    value: float | None
    low: float | None
    high: float | None
    num: float
    den: float
    why: str | None = None

    def as_dict(self) -> dict[str, Any]:
        def r(x: float | None) -> float | None:
            return None if x is None else round(x, 6)

        return {
            "metric": self.key, "group": self.group, "kind": self.kind, "value": r(self.value),
            "interval": None if self.low is None else [r(self.low), r(self.high)], "num": r(self.num), "den": r(self.den),
            "no_interval": self.why,
        }


def figures(tally: Tally, seed: int, resamples: int = RESAMPLES) -> list[Figure]:
    """Every metric of the tally with its interval; the bootstrap is seeded with ``seed``."""
    counts: dict[str, list[list[int]]] = {}
    out = []
    for m in metrics_of(tally):
        unit = unit_of(m)
        blocks = tally.order(unit)
        num, den = tally.column(m.key, blocks), tally.column(m.den, blocks)
        value = ratio(num, den)
        total_num, total_den = sum(num), sum(den)
        interval: tuple[float, float] | None = None
        why: str | None = None
        if value is not None:
            if m.kind == RATE:
                interval = rate_interval(total_num, total_den)
            elif (why := no_interval(num, den)) is None:
                if unit not in counts:
                    counts[unit] = resample_counts(len(blocks), seed, resamples)
                interval = bootstrap_ratio(num, den, counts[unit])
                why = None if interval else TOO_FEW  # no resample had a denominator
        out.append(Figure(
            m.key, m.group, m.kind, value, interval[0] if interval else None, interval[1] if interval else None,
            total_num, total_den, why,
        ))
    return out
