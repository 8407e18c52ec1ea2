"""``rules validate --deep``: play a ruleset before anybody else does.

The deals are played and measured by the machinery of ``rules simulate``
(:func:`~interpreter.sim.simulate.play_deals` and :func:`~interpreter.sim.metrics.record_deal`):
only the seats' policy (:func:`explore`, which tries every bid) and the deal source differ.
The deals are drawn one after another from ``random.Random(seed)`` -- the shuffle's seed, then
the deal's choices -- as they always were, so that the figures published for ``--deep`` stay
those of the same deals.

The schema and the semantic checks prove a ruleset is well formed; they cannot prove it is
playable.  This module plays N seeded random deals (uniform over the legal actions, bids included,
declaring exactly when right) and reports what only play reveals:

* deals that never end (more actions than a deal can need) -- a defect;
* rules that never fire: an enabled exchange or closing that is never possible, a marriage
  never announced or never counted, a target never reached, a moon never bid -- a defect (raise
  N if the rule is rare);
* targets never reached: a declaration target no deal reaches -- a defect;
* the distribution of deal results (game points or units per side, how deals ended).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field

from interpreter.engine.state import DealState
from interpreter.rules.ruleset import CLOSE, CLOSE_BEFORE_DRAW, DECLARE, EXCHANGE, MARRY_BASE, Ruleset
from interpreter.sim.metrics import END_THROWN_IN, record_deal
from interpreter.sim.simulate import play_deals


@dataclass
class DeepReport:
    """What N random deals showed."""

    ruleset: str
    deals: int
    defects: list[str] = field(default_factory=list)
    fired: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    scores: Counter[int] = field(default_factory=Counter)
    legal: Counter[str] = field(default_factory=Counter)  # states where an option was legal
    actions: int = 0
    sums: dict[str, float] = field(default_factory=dict)  # the metrics of rules simulate, summed

    @property
    def ok(self) -> bool:
        return not self.defects

    def lines(self) -> list[str]:
        out = [f"{self.ruleset}: {self.deals} random deals, {self.actions} actions"]
        for name in sorted(self.fired):
            out.append(f"  {name}: {self.fired[name]}")
        for name in sorted(self.legal):
            out.append(f"  positions where {name} was legal: {self.legal[name]}")
        out.append("  how deals ended:")
        for reason, count in self.outcomes.most_common():
            out.append(f"    {count:>6}  {reason}")
        out.append("  score per deal (the winner's game points, or each side's units):")
        for value in sorted(self.scores):
            share = 100 * self.scores[value] / max(1, sum(self.scores.values()))
            out.append(f"    {value:>4}: {self.scores[value]:>6}  ({share:.1f}%)")
        for defect in self.defects:
            out.append(f"  DEFECT {defect}")
        return out


def _kind(reason: str) -> str:
    """A deal's reason without its numbers, for counting outcomes."""
    return re.sub(r"\bN tricks?\b", "N tricks", re.sub(r"-?\d+", "N", reason))


def deep_check(rs: Ruleset, deals: int = 500, seed: int = 0) -> DeepReport:
    """Play ``deals`` random deals of ``rs`` and report defects and statistics."""
    report = DeepReport(rs.name, deals)
    rng = random.Random(seed)
    limit = 8 * rs.deck.size + 4 * rs.players.count + 16
    n = rs.players.count
    # lazy: each deal's shuffle seed is drawn after the previous deal's choices
    source = ((k % n, rng.getrandbits(32), rng) for k in range(deals))

    def play(state: DealState, choices: random.Random) -> tuple[int, int]:
        steps = explore(state, choices, limit, report.legal)
        report.actions += steps
        return steps, 0

    for k, (state, steps, _) in enumerate(play_deals(rs, source, play)):
        if not state.is_over:
            report.defects.append(f"a deal did not end within {limit} actions (deal {k})")
            continue
        record_deal(state, report.sums, steps, 0)
        _count(state, report)
    _judge(rs, report)
    return report


def explore(state: DealState, rng: random.Random, limit: int, opportunities: Counter[str] | None = None) -> int:
    """Uniform random play over every legal action (all bids included), declaring exactly when
    right; stops after ``limit`` actions.  Returns the number of actions taken.

    Unlike the ``random`` seat kind it bids uniformly, so that every contract gets tried, and
    it announces a legal marriage half of the time.  ``opportunities`` counts the states in which
    an exchange, a close or a marriage was legal.
    """
    steps = 0
    target = state.rs.claim.target
    while not state.is_over and steps < limit:
        codes = state.legal_codes()
        if opportunities is not None:
            if EXCHANGE in codes:
                opportunities["exchange"] += 1
            if CLOSE in codes or CLOSE_BEFORE_DRAW in codes:
                opportunities["close"] += 1
            marriages = [c for c in codes if MARRY_BASE <= c < EXCHANGE]
            if marriages:
                opportunities["marriage"] += 1
                if rng.random() < 0.5:  # announce often, so that counting gets exercised
                    state.push_code(rng.choice(marriages), keep_undo=False)
                    steps += 1
                    continue
        if DECLARE in codes:
            if state.claim_points() >= target:
                state.push_code(DECLARE, keep_undo=False)
                steps += 1
                continue
            if len(codes) > 1:
                codes.remove(DECLARE)
        state.push_code(rng.choice(codes), keep_undo=False)
        steps += 1
    return steps


#: The counts of the deep report that are metrics of ``rules simulate`` (deals in which it happened).
_FROM_METRICS = {"exchanges": "fired: exchange", "closes": "fired: close", "moons bid": "moon", "hands thrown in": END_THROWN_IN}


def _count(state: DealState, report: DeepReport) -> None:
    """What the metrics do not measure (a declaration of any kind, a marriage of any suit,
    one that counted), the outcome's words and the score; the rest is read from the sums."""
    codes = [h & 0xFFFF for h in state.history]
    fired = report.fired
    for name, key in _FROM_METRICS.items():
        if report.sums.get(key):
            fired[name] = int(report.sums[key])
    if DECLARE in codes:
        fired["declarations"] += 1
    if any(MARRY_BASE <= c < EXCHANGE for c in codes):
        fired["marriages announced"] += 1
    if any(state.counted_meld(s) for s in range(state.n)):
        fired["marriages that counted"] += 1
    result = state.result
    assert result is not None
    report.outcomes[_kind(result.reason)] += 1
    if result.redeal:
        return
    if result.game_points is not None:
        report.scores[result.game_points] += 1
    else:
        for value in result.scores:
            report.scores[value] += 1


def _judge(rs: Ruleset, report: DeepReport) -> None:
    fired = report.fired
    n = report.deals

    def never(what: str, key: str, option: str) -> None:
        if not fired[key]:
            report.defects.append(f"{option}: {what} never happened in {n} random deals")

    def never_legal(what: str, key: str, option: str) -> None:
        if not report.legal[key]:
            report.defects.append(f"{option}: {what} was never possible in {n} random deals")

    if rs.exchange.enabled:
        never_legal("an exchange of the turn-up", "exchange", "exchange.enabled")
    if rs.closing.enabled:
        never_legal("closing the talon", "close", "closing.enabled")
    if rs.claim.enabled:
        never(f"a declaration reaching {rs.claim.target}", "declarations", "claim.target")
    if rs.marriage.enabled:
        never("a marriage", "marriages announced", "marriage.enabled")
        never("a marriage that counted", "marriages that counted", "marriage.counts_after")
    if rs.bidding.enabled and rs.bidding.moon is not None:
        never("a moon bid", "moons bid", "bidding.moon")
