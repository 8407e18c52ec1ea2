"""``rules validate --deep``: play a ruleset before anybody else does.

The deals are played and measured by the machinery of ``rules simulate``
(:func:`~interpreter.sim.simulate.play_deals` and :func:`~interpreter.sim.metrics.record_deal`):
only the seats' policy (:func:`explore`) and the deal source differ.  The deals are drawn one
after another from ``random.Random(seed)`` -- the shuffle's seed, then the deal's choices -- so
that the same seed always gives the same deals.

The schema and the semantic checks prove a ruleset is well formed; they cannot prove it is
playable.  This module plays N seeded random deals (uniform over the legal actions, declaring
exactly when right) and reports what only play reveals:

* deals that never end (more actions than a deal can need) -- a defect;
* rules that never fire: an enabled exchange or closing that is never possible, a marriage
  never announced or never counted, a target never reached, a moon never bid -- a defect (raise
  N if the rule is rare);
* the distribution of deal results: how deals ended, and **one score per deal** -- the winner's
  game points, or in a game scored in units the declaring side's score;
* in a game with an auction, the contracts: how often each bid became the contract, and how
  often it was made.

The auction is not left to chance.  Seats that each bid or pass at random end up bidding high
-- with five bids and four players the moon becomes the contract in most deals -- so the
statistics would say little about the lower contracts.  Instead each deal draws its contract
first, uniformly from the bids (and, where a hand is thrown in when everybody passes, from
passing out as well), and a seat drawn at random bids it while the others pass: every contract
and every declaring seat is tried equally often.  The play itself stays uniformly random, which
is what finding rules that never fire needs (a strong bot would avoid rules it does not like);
so the made rates measure the rules, not good play -- ``rules simulate`` measures play.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from interpreter.core.actions import BID_BASE, CLOSE, CLOSE_BEFORE_DRAW, DECLARE, EXCHANGE, MARRY_BASE, PASS
from interpreter.engine.state import DealState
from interpreter.rules.ruleset import Ruleset
from interpreter.sim.metrics import END_THROWN_IN, record_deal
from interpreter.sim.simulate import play_deals

#: How often (in deals) a long run reports its progress.
PROGRESS_EVERY = 100


@dataclass
class DeepReport:
    """What N random deals showed."""

    ruleset: str
    deals: int
    defects: list[str] = field(default_factory=list)
    fired: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    #: One entry per deal that was scored (a hand thrown in has none): the winner's game
    #: points, or the declaring side's units.
    scores: Counter[int] = field(default_factory=Counter)
    legal: Counter[str] = field(default_factory=Counter)  # states where an option was legal
    #: The contract of each deal with an auction (the bid), and how many of them were made.
    contracts: Counter[int] = field(default_factory=Counter)
    made: Counter[int] = field(default_factory=Counter)
    actions: int = 0
    units: bool = False  # scored in units: scores are the declaring side's
    moon: int | None = None  # the moon bid, named as such in the contracts
    sums: dict[str, float] = field(default_factory=dict)  # the metrics of rules simulate, summed

    @property
    def ok(self) -> bool:
        return not self.defects

    @property
    def score_label(self) -> str:
        return "the declaring side's units" if self.units else "the winner's game points"

    def lines(self) -> list[str]:
        out = [f"{self.ruleset}: {self.deals} random deals, {self.actions} actions"]
        for name in sorted(self.fired):
            out.append(f"  {name}: {self.fired[name]}")
        for name in sorted(self.legal):
            out.append(f"  positions where {name} was legal: {self.legal[name]}")
        out.append("  how deals ended:")
        for reason, count in self.outcomes.most_common():
            out.append(f"    {count:>6}  {reason}")
        if self.contracts:
            out.append("  contracts (drawn evenly; the play is random):")
            for bid in sorted(self.contracts):
                name = f"{bid} (moon)" if bid == self.moon else str(bid)
                count = self.contracts[bid]
                out.append(f"    {name:>8}: {count:>6} deals, made {self.made[bid]} ({100 * self.made[bid] / count:.1f}%)")
        scored = sum(self.scores.values())
        out.append(f"  score per deal ({self.score_label}; {scored} deals scored):")
        for value in sorted(self.scores):
            share = 100 * self.scores[value] / max(1, scored)
            out.append(f"    {value:>4}: {self.scores[value]:>6}  ({share:.1f}%)")
        for defect in self.defects:
            out.append(f"  DEFECT {defect}")
        return out

    def to_json(self) -> dict[str, Any]:
        """The report as plain data (``rules validate --deep --json``)."""
        return {
            "deals": self.deals,
            "actions": self.actions,
            "fired": dict(sorted(self.fired.items())),
            "legal": dict(sorted(self.legal.items())),
            "outcomes": dict(self.outcomes.most_common()),
            "contracts": {str(bid): {"deals": n, "made": self.made[bid]} for bid, n in sorted(self.contracts.items())},
            "scores": {"of": self.score_label, "counts": {str(v): n for v, n in sorted(self.scores.items())}},
            "defects": list(self.defects),
        }


def _kind(reason: str) -> str:
    """A deal's reason without its numbers, for counting outcomes."""
    return re.sub(r"\bN tricks?\b", "N tricks", re.sub(r"-?\d+", "N", reason))


def deep_check(
    rs: Ruleset, deals: int = 500, seed: int = 0, progress: Callable[[int], None] | None = None,
) -> DeepReport:
    """Play ``deals`` random deals of ``rs`` and report defects and statistics; ``progress``
    is told the number of deals played every :data:`PROGRESS_EVERY` deals and at the end."""
    report = DeepReport(rs.name, deals, units=rs.scoring.method == "units",
                        moon=rs.bidding.moon.bid if rs.bidding.enabled and rs.bidding.moon is not None else None)
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
        else:
            record_deal(state, report.sums, steps, 0)
            _count(state, report)
        if progress is not None and (k + 1) % PROGRESS_EVERY == 0:
            progress(k + 1)
    if progress is not None and deals % PROGRESS_EVERY:
        progress(deals)
    _judge(rs, report)
    return report


def explore(state: DealState, rng: random.Random, limit: int, opportunities: Counter[str] | None = None) -> int:
    """Uniform random play over every legal action, declaring exactly when right, after an
    auction whose contract is drawn evenly (see the module docstring); stops after ``limit``
    actions.  Returns the number of actions taken.

    It announces a legal marriage half of the time.  ``opportunities`` counts the states in
    which an exchange, a close or a marriage was legal.
    """
    steps = 0
    target = state.rs.claim.target
    plan = _auction_plan(state, rng) if state.rs.bidding.enabled else None
    while not state.is_over and steps < limit:
        codes = state.legal_codes()
        if not codes:  # the rules left the actor nothing to do: say so, not random.choice's IndexError
            raise state.stuck()
        if plan is not None and (PASS in codes or any(c >= BID_BASE for c in codes)):
            state.push_code(_call(state, codes, plan), keep_undo=False)
            steps += 1
            continue
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


def _auction_plan(state: DealState, rng: random.Random) -> tuple[int | None, int]:
    """(the contract, the seat that bids it) for one deal: the contract drawn evenly from the
    bids -- and from passing out, where everybody passing throws the hand in -- and the seat
    evenly from the table."""
    b = state.rs.bidding
    choices: list[int | None] = list(b.values)
    if b.all_pass == "redeal":
        choices.append(None)
    return rng.choice(choices), rng.randrange(state.rs.players.count)


def _call(state: DealState, codes: list[int], plan: tuple[int | None, int]) -> int:
    """The planned call of the seat to speak: the contract for its bidder, a pass for the
    others; where the rules force a bid (the dealer after everybody passed), the lowest."""
    contract, bidder = plan
    wanted = BID_BASE + contract if contract is not None and state.to_act == bidder else PASS
    if wanted in codes:
        return wanted
    if PASS in codes:
        return PASS
    return min(c for c in codes if c >= BID_BASE)


#: The counts of the deep report that are metrics of ``rules simulate`` (deals in which it happened).
_FROM_METRICS = {"exchanges": "fired: exchange", "closes": "fired: close", "moons bid": "moon", "hands thrown in": END_THROWN_IN}


def _count(state: DealState, report: DeepReport) -> None:
    """What the metrics do not measure (a declaration of any kind, a marriage of any suit,
    one that counted), the outcome's words, the contract and the score; the rest is read
    from the sums."""
    codes = [h & 0xFFFF for h in state.history]
    fired = report.fired
    for name, key in _FROM_METRICS.items():
        if report.sums.get(key):
            fired[name] = int(report.sums[key])
    if DECLARE in codes:
        fired["declarations"] += 1
    elif state.t.claim_auto and any(state.hands):  # claim.automatic: the only way out before the end
        fired["automatic ends"] += 1
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
    elif result.declarer_side is not None:
        report.scores[result.scores[result.declarer_side]] += 1
        report.contracts[state.high_bid] += 1
        if result.made:
            report.made[state.high_bid] += 1


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
    if rs.claim.enabled and rs.claim.automatic:
        never(f"a deal ending by itself at {rs.claim.target}", "automatic ends", "claim.automatic")
    elif rs.claim.enabled:
        never(f"a declaration reaching {rs.claim.target}", "declarations", "claim.target")
    if rs.marriage.enabled:
        never("a marriage", "marriages announced", "marriage.enabled")
        never("a marriage that counted", "marriages that counted", "marriage.counts_after")
    if rs.bidding.enabled and rs.bidding.moon is not None:
        never("a moon bid", "moons bid", "bidding.moon")
