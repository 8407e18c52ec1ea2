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
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from interpreter.engine.state import DealState
from interpreter.rules.ruleset import Ruleset
from interpreter.sim.figures import GROUPS, metrics_of, natural, unit_of
from interpreter.sim.tally import Difference, Tally, holm, paired_difference

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
    interval and p-value, and whether it ``changes`` after Holm's correction."""

    key: str
    group: str
    kind: str
    a: float
    b: float
    diff: float
    low: float
    high: float
    p: float
    changes: bool

    def as_dict(self) -> dict[str, Any]:
        def r(x: float) -> float:
            return round(x, 6)

        return {
            "metric": self.key, "group": self.group, "kind": self.kind, "a": r(self.a), "b": r(self.b),
            "difference": r(self.diff), "interval": [r(self.low), r(self.high)], "p": float(f"{self.p:.6g}"),
            "changes": self.changes,
        }


def compare_tallies(a: Tally, b: Tally, alpha: float = ALPHA) -> list[Change]:
    """Every metric both runs measured (a denominator above 0 in each), on the blocks both
    finished, with Holm's correction over all of them."""
    union = {m.key: m for m in metrics_of(a)} | {m.key: m for m in metrics_of(b)}
    metrics = sorted(union.values(), key=lambda m: (GROUPS.index(m.group), natural(m.key)))
    found = []
    for m in metrics:
        unit = unit_of(m)
        blocks = sorted(set(a.order(unit)) & set(b.order(unit)))
        d = paired_difference(
            a.column(m.key, blocks), a.column(m.den, blocks), b.column(m.key, blocks), b.column(m.den, blocks),
        )
        if d is not None:
            found.append((m, d))
    verdicts = holm([d.p for _, d in found], alpha)
    return [
        Change(m.key, m.group, m.kind, d.a, d.b, d.diff, d.low, d.high, d.p, v)
        for (m, d), v in zip(found, verdicts)
    ]


def skill_gap(base: Tally, seated: list[Tally]) -> Difference | None:
    """How much better a bot does than random seats on the same deals.

    ``seated[k]`` is a run with the bot in every seat of match side ``k`` and random seats
    elsewhere; ``base`` the all-random run.  The bot's share of deals won, over every seating
    (each deal counted once per side, as in the arena), minus the share the random seats of
    the same sides won in the base run, with its paired interval over the blocks -- 1/2 for
    two sides, so the gap is the bot's win rate above an even game.
    """
    blocks = sorted(set(base.order("deals")).intersection(*(set(t.order("deals")) for t in seated)))
    sides = len(seated)
    num_a = [sum(t.column(f"side {k} won", [b])[0] for k, t in enumerate(seated)) for b in blocks]
    den_a = [sum(t.column("deals", [b])[0] for t in seated) for b in blocks]
    num_b = [sum(base.column(f"side {k} won", [b])[0] for k in range(sides)) for b in blocks]
    den_b = [sides * base.column("deals", [b])[0] for b in blocks]
    return paired_difference(num_a, den_a, num_b, den_b)
