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
* a match target out of reach: a deal won for no game points (or fewer), deals that give no
  side any points, or a pace at which a match would outlast
  :data:`~interpreter.engine.match.MATCH_DEAL_LIMIT` deals -- a defect (the deals, added up one
  after another as matches, also count the matches won);
* the distribution of deal results: how deals ended, and **one score per deal** -- the winner's
  game points, or in a game scored in units the declaring side's score;
* in a game with an auction, the contracts: how often each bid became the contract, and how
  often it was made.

The auction is not left to chance.  Seats that each bid or pass at random end up bidding high
-- with five bids and four players the moon becomes the contract in most deals -- so the
statistics would say little about the lower contracts.  Instead each deal draws its contract
first, uniformly from the bids (and, wherever everybody may pass, from passing out as well:
the hand thrown in, or the forehand's plain game under ``all_pass: play``), and a seat drawn at
random among those in the auction bids it while the others pass: every contract and every
declaring seat is tried equally often.  A deal left stuck (a seat to act with no legal action)
raises :class:`~interpreter.core.errors.StuckDealError`, as in any play.  The play itself stays uniformly random, which
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
from interpreter.engine.match import MATCH_DEAL_LIMIT, match_winner, with_carry
from interpreter.engine.settle import DealResult
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
    #: The deals counted one after another as matches to ``match.target`` (:class:`_Matches`):
    #: how many were won, and the points the sides gained (a deal's positive scores, summed).
    target: int = 0
    matches: int = 0
    gained: int = 0
    #: The deals won for no game points or fewer, by the key that scored them
    #: (:func:`_scored_by`) and the winner's game points: winning them brings nobody closer to
    #: the target, and the key is what to change.
    pointless: Counter[tuple[str, int]] = field(default_factory=Counter)

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
        out.append(f"  matches to {self.target} won, the deals counted one after another: {self.matches}")
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
            "matches": self.matches,
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
    report = DeepReport(rs.name, deals, units=rs.scoring.method == "units", target=rs.match.target,
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

    matches = _Matches(rs, report)
    for k, (state, steps, _) in enumerate(play_deals(rs, source, play)):
        if not state.is_over:
            report.defects.append(f"a deal did not end within {limit} actions (deal {k})")
        else:
            record_deal(state, report.sums, steps, 0)
            _count(state, report)
            assert state.result is not None
            matches.add(state.result)
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
    bids -- and from passing out, wherever everybody may pass (the hand thrown in under
    ``all_pass: redeal``, the forehand's plain game under ``all_pass: play``, which is the
    only way to that game) -- and the seat evenly from the seats that take part in the auction."""
    b = state.rs.bidding
    choices: list[int | None] = list(b.values)
    if b.all_pass in ("redeal", "play"):
        choices.append(None)
    bidders = [s for s in range(state.rs.players.count) if s not in state.sitting_out]  # a dealer sitting out does not bid
    return rng.choice(choices), rng.choice(bidders)


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


class _Matches:
    """The deals of the run counted one after another as matches to ``match.target``, each
    match's score kept as :class:`~interpreter.engine.match.Match` keeps it (a drawn deal's
    bonus carried, ``match.negative`` applied), a new match begun when one is won.

    Whoever dealt them, random deals in a row are what a match of random players is made of:
    if none of them adds up to a won match, a target nobody reaches is likely (:func:`_judge`).
    """

    def __init__(self, rs: Ruleset, report: DeepReport) -> None:
        self.rs = rs
        self.report = report
        self.scores = [0] * rs.side_count
        self.carry = 0

    def add(self, result: DealResult) -> None:
        rs = self.rs
        result, self.carry = with_carry(rs, result, self.carry)
        floor = rs.match.negative == "floor_zero"
        for side, delta in enumerate(result.scores):
            self.report.gained += max(0, delta)
            self.scores[side] += delta
            if floor and self.scores[side] < 0:
                self.scores[side] = 0
        if match_winner(rs, self.scores, result) is not None:
            self.report.matches += 1
            self.scores = [0] * rs.side_count
            self.carry = 0


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
        if result.winner is not None and result.game_points <= 0:
            report.pointless[_scored_by(state), result.game_points] += 1
    elif result.declarer_side is not None:
        report.scores[result.scores[result.declarer_side]] += 1
        report.contracts[state.high_bid] += 1
        if result.made:
            report.made[state.high_bid] += 1


def _scored_by(state: DealState) -> str:
    """The key whose value a won deal of game points scored, from how it ended: a false
    declaration pays ``claim.false_points``, the closer's opponents winning (the closer failed,
    or they went out first) ``closing.fail_points``, the last trick deciding
    ``end.last_trick_points``, a contract its value; anything else the formula
    ``scoring.game_points``.  A deal won for nothing is a defect of that key, not of the
    formula -- a failed close scoring 0 names ``closing.fail_points``."""
    rs = state.rs
    result = state.result
    assert result is not None and result.winner is not None
    if result.declarer_side is not None:
        return "bidding.contracts"
    declared = [h >> 16 for h in state.history if h & 0xFFFF == DECLARE]
    if declared and result.winner != rs.side_of(declared[-1]):
        return "claim.false_points"
    if state.closed and state.closer >= 0 and result.winner != rs.side_of(state.closer):
        return "closing.fail_points"
    last_trick = rs.end.unclaimed == "last_trick_wins" or rs.end.tie == "last_trick_wins"
    if not declared and last_trick and result.game_points == rs.end.last_trick_points:
        return "end.last_trick_points"
    return "scoring.game_points"


#: What each key that scores a won deal scores it for, in the words of a defect.
_WON_BY = {
    "claim.false_points": "deals won by the other side's false declaration",
    "closing.fail_points": "deals won against the closer",
    "end.last_trick_points": "deals won by the last trick",
    "bidding.contracts": "deals of a contract",
    "scoring.game_points": "deals won on the formula",
}


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
        worth = rs.marriage.values
        if max(worth.plain, worth.trump) <= 0:  # worth nothing, a marriage never counts, whenever it would
            if fired["marriages announced"]:
                report.defects.append(
                    f"marriage.values: a marriage is worth {worth.plain} (plain) and {worth.trump} (trumps), so none counted "
                    f"in the {fired['marriages announced']} of {n} random deals with one announced"
                )
        else:
            never("a marriage that counted", "marriages that counted", "marriage.counts_after")
    if rs.bidding.enabled and rs.bidding.moon is not None:
        never("a moon bid", "moons bid", "bidding.moon")
    _judge_target(rs, report)


def _judge_target(rs: Ruleset, report: DeepReport) -> None:
    """Whether the deals' scores lead to a won match, as the match target promises.

    A deal whose winner scores no game points, or negative ones, is a defect of the formula
    however the matches went (random play may still end them, through the other side's failed
    closes and false declarations, where good play would not).  ``match.target`` is a defect
    when no deal gave a side any points, or when at the pace the sides gained points a match
    would last longer than :data:`~interpreter.engine.match.MATCH_DEAL_LIMIT` deals (a target out
    of reach: ``rules run`` stops there).  The pace, not the matches won in the run, decides: a
    run too short for one long match is no defect, and a match won by luck proves little.
    """
    n = report.deals
    # in units a declaring side that is set loses its bid: that is the rule, and not counted here
    for key in sorted({key for key, _ in report.pointless}):
        counts = {points: count for (blamed, points), count in report.pointless.items() if blamed == key}
        report.defects.append(
            f"{key}: the winner of a deal scored {min(counts)} game points "
            f"(in {sum(counts.values())} of {n} random deals, {_WON_BY[key]}): winning a deal must bring a side closer to match.target"
        )
    false = rs.claim.false_points
    if rs.claim.enabled and not rs.claim.automatic and max(false.base, false.opponent_without_trick) <= 0:
        # the random players declare only when right, so no deal shows this: said from the rules
        report.defects.append(
            f"claim.false_points: a false declaration gives the other side {max(false.base, false.opponent_without_trick)} game points: "
            "declaring costs nothing, and winning a deal so brings nobody closer to match.target"
        )
    target = rs.match.target
    won = f"{report.matches} won in {n} random deals, counted one after another"
    if report.gained <= 0:
        report.defects.append(f"match.target: no deal gave a side any points toward {target} ({won})")
        return
    pace = report.gained / (n * rs.side_count)  # the points a side gains a deal, on average
    needed = target / pace
    if needed > MATCH_DEAL_LIMIT:
        report.defects.append(
            f"match.target: a match to {target} would last about {needed:,.0f} deals at {pace:.2f} points a deal "
            f"for a side, more than the {MATCH_DEAL_LIMIT:,} a match is played for ({won})"
        )
