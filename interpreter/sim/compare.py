"""Two runs on the same deals, metric by metric: paired differences, and Holm's correction.

``rules compare A B`` plays the same seeded deals (:mod:`interpreter.sim.simulate`) under two
rulesets (or two seatings of bots) and asks, for every metric, whether it differs.  Deal
``i`` gets the same cards in both runs when the two rulesets shuffle and deal alike
(:func:`same_deals`), and block ``k`` holds the same deals in both, so the difference of a
metric is taken block by block (:func:`~interpreter.sim.tally.paired_difference`): the luck of
the cards largely cancels.  When the decks differ, the blocks are still matched by index but
the deals are independent draws: the same formula is then an (honest, wider) unpaired
comparison, and the report says so.

Testing forty metrics at 5% each would "find" two changes by chance; Holm--Bonferroni
(:func:`~interpreter.sim.tally.holm`) keeps the chance of any false "changes" at 5% over all
of them, so a metric is said to change only when its p-value survives the correction.

A metric whose denominator is above 0 in fewer than two blocks of either run (a rare rule
that fired once, in one block) has its values and difference but no interval, p-value or
verdict: one block shows no spread, and is ``too few`` blocks to tell a change from luck.
Nor has a difference that is the same in every block (``no spread``: two deals that a house
rule both turned from losses into wins), which a handful of blocks cannot tell from luck
either.  Neither takes part in the correction -- but a difference of exactly 0 in every
block is "no change", with p = 1, and does.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from interpreter.engine.state import DealState
from interpreter.rules.ruleset import Ruleset
from interpreter.sim.figures import GROUPS, metrics_of, natural, unit_of
from interpreter.sim.metrics import RATE, Metric
from interpreter.sim.tally import TOO_FEW, Difference, Tally, holm, paired_difference

#: Where a difference of two rates can be: its interval is clipped to it.
RATE_DIFFERENCE = (-1.0, 1.0)


def gap_bounds(sides: int) -> tuple[float, float]:
    """Where a skill gap of ``sides`` match sides can be: ``-(1 - 1/sides)`` to ``1 - 1/sides``.

    The bot's share won is between 0 and 1; the base, the share each side won in the same
    deals, is at least ``1/sides`` (a deal won by one side; nobody winning counts 1/2 to
    each) and at most ``1 - 1/sides`` (every side but one won it together).  For two sides
    every deal's shares add up to 1 and the base is exactly 1/2: the gap lies in -50%..+50%."""
    least = 1.0 / sides
    return -(1.0 - least), 1.0 - least

#: The family-wise level of the Holm correction.
ALPHA = 0.05


def same_deals(a: Ruleset, b: Ruleset, probes: int = 16) -> bool:
    """Whether the two rulesets deal the same cards from the same seed: the same deck (cards
    in the same order) and the same hands, stock and turn-up on ``probes`` seeds and dealers."""
    if a.deck.cards != b.deck.cards or a.players.count != b.players.count:
        return False
    for seed in range(probes):
        dealer = seed % a.players.count
        x, y = DealState.new(a, dealer, random.Random(seed)), DealState.new(b, dealer, random.Random(seed))
        if (x.hands, x.stock, x.turnup, x.widow) != (y.hands, y.stock, y.turnup, y.widow):
            return False
    return True


@dataclass(frozen=True)
class Change:
    """One metric in both runs: the values, the paired difference A - B with its 95%
    interval and p-value, and whether it ``changes`` after Holm's correction.  ``low`` and
    ``high`` are ``None`` and ``why`` says why (``too few blocks`` of a run, ``no spread over K
    blocks``) when the blocks cannot give an interval; ``p`` is then ``None`` too (and
    ``changes`` false), but for a difference of exactly 0 in every block: p = 1."""

    key: str
    group: str
    kind: str
    a: float
    b: float
    diff: float
    low: float | None
    high: float | None
    p: float | None
    changes: bool
    why: str | None = None

    @property
    def too_few(self) -> bool:
        """Measured in too few blocks of a run to have a p-value."""
        return self.why == TOO_FEW

    @property
    def flat(self) -> bool:
        """The same difference, not 0, in every block: no spread, so no p-value."""
        return self.p is None and not self.too_few

    def as_dict(self) -> dict[str, Any]:
        def r(x: float) -> float:
            return round(x, 6)

        return {
            "metric": self.key, "group": self.group, "kind": self.kind, "a": r(self.a), "b": r(self.b),
            "difference": r(self.diff),
            "interval": None if self.low is None or self.high is None else [r(self.low), r(self.high)],
            "p": None if self.p is None else float(f"{self.p:.6g}"), "changes": self.changes, "no_interval": self.why,
        }


def compare_tallies(a: Tally, b: Tally, alpha: float = ALPHA) -> list[Change]:
    """Every metric both runs measured (a denominator above 0 in each), on the blocks both
    finished, with Holm's correction over all of them that have a p-value (the others have
    no interval, p-value or verdict: :func:`paired_difference`)."""
    union = {m.key: m for m in metrics_of(a)} | {m.key: m for m in metrics_of(b)}
    metrics = sorted(union.values(), key=lambda m: (GROUPS.index(m.group), natural(m.key)))
    found: list[tuple[Metric, Difference]] = []
    for m in metrics:
        unit = unit_of(m)
        blocks = sorted(set(a.order(unit)) & set(b.order(unit)))
        num_a, den_a, num_b, den_b = (t.column(key, blocks) for t in (a, b) for key in (m.key, m.den))
        d = paired_difference(num_a, den_a, num_b, den_b, bounds=RATE_DIFFERENCE if m.kind == RATE else None)
        if d is not None:
            found.append((m, d))
    verdicts = iter(holm([d.p for _, d in found if d.p is not None], alpha))
    return [
        Change(m.key, m.group, m.kind, d.a, d.b, d.diff, d.low, d.high, d.p, d.p is not None and next(verdicts), d.why)
        for m, d in found
    ]


def skill_gap(base: Tally, seated: list[Tally]) -> Difference | None:
    """How much better a bot does than random seats on the same deals.

    ``seated[k]`` is a run with the bot in every seat of match side ``k`` and random seats
    elsewhere; ``base`` the all-random run.  The bot's share of deals won, over every seating
    (each deal counted once per side, as in the arena), minus the share the random seats of
    the same sides won in the base run, with its paired interval over the blocks -- 1/2 for
    two sides, so the gap is the bot's win rate above an even game -- kept where a gap can
    be (:func:`gap_bounds`).  No interval or p-value when every block shows the same gap, or
    fewer than two blocks finished (:func:`paired_difference`).
    """
    blocks = sorted(set(base.order("deals")).intersection(*(set(t.order("deals")) for t in seated)))
    sides = len(seated)
    num_a = [sum(t.column(f"side {k} won", [b])[0] for k, t in enumerate(seated)) for b in blocks]
    den_a = [sum(t.column("deals", [b])[0] for t in seated) for b in blocks]
    num_b = [sum(base.column(f"side {k} won", [b])[0] for k in range(sides)) for b in blocks]
    den_b = [sides * base.column("deals", [b])[0] for b in blocks]
    return paired_difference(num_a, den_a, num_b, den_b, bounds=gap_bounds(sides))
