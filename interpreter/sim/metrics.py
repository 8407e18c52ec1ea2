"""What is measured of one deal and one match: named sums that add up across deals.

Every figure of ``rules simulate`` is a ratio of two sums over deals (or matches): a *rate*
(deals in which something happened, over the deals) or a *mean* (a quantity summed over the
deals, over the deals -- or over the deals in which a rule fired, for what a rule is worth).
So what one deal contributes is a handful of named numbers added into a plain ``dict``
(:func:`record_deal`), and :mod:`interpreter.sim.tally` only ever adds such dicts.  Keys are
words, so that the JSON and the tables name the figures the same way; which keys exist is
read from the ruleset's options (:func:`static_keys`), never from its name.

Everything is read from the finished :class:`~interpreter.engine.state.DealState`: its
``result`` (:class:`~interpreter.engine.settle.DealResult`), its history of action codes, and
two numbers the playout loop counts on the way (decisions, lead changes), since the state
keeps no trace of who was ahead after each trick.

The *first hand* is the seat after the dealer (the non-dealer of a two-handed game, who leads
to the first trick where there is no auction).  A side that *won* a deal counts 1 (each
of several that won it together: the defenders who beat a lone declarer), a side that lost 0,
and every side 1/2 in a deal nobody won (drawn, or thrown in).  Counting 1/2 for the sides
that won together gave a lone declarer who lost half a win.  A side's *net* is its score
minus the mean score of the others.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from interpreter.core.actions import BID_BASE, CLOSE, CLOSE_BEFORE_DRAW, DECLARE, EXCHANGE, MARRY_BASE, PASS, TRUMP_BASE
from interpreter.engine.position import AUCTION, OVER
from interpreter.engine.state import DealState
from interpreter.play.bots.base import Agent
from interpreter.play.runner import ask_agent
from interpreter.rules.ruleset import Ruleset

#: The sum every deal adds 1 to: the denominator of every per-deal figure.
DEALS = "deals"
#: The sum every match adds 1 to.
MATCHES = "matches"

RATE = "rate"
MEAN = "mean"

#: How a deal ended: one of these keys is 1 in every deal.
END_DECLARED = "end: declared"
END_WRONG = "end: wrong declaration"
END_CLOSED_MADE = "end: closed, made"
END_CLOSED_FAILED = "end: closed, failed"
END_LAST_TRICK = "end: played to the last trick"
END_CONTRACT_EARLY = "end: contract decided before the last card"
END_THROWN_IN = "end: thrown in"
END_DRAWN = "end: drawn"

#: ``bidding.doubling``: deals doubled (redoubled), and of those the ones the doubled side won.
DOUBLED = "doubled"
REDOUBLED = "redoubled"
#: ``trump.selection: named``: how often the namer's side won the deals in which he named.
NAMER_WON = "namer's side won"
#: ``deal.widow``: the card points the widow counted for the seat that took it.
WIDOW_POINTS = "widow points"


@dataclass(frozen=True, slots=True)
class Metric:
    """One figure: ``num`` summed over the deals (or matches) over ``den`` summed likewise.

    ``kind`` says how its interval is found: a ``rate`` (each unit counts 0, 1/2 or 1 in
    ``num``) gets a Wilson interval, a ``mean`` a bootstrap over blocks of deals.  ``group``
    is the section of the table it is printed in.
    """

    key: str
    kind: str
    den: str
    group: str


def metric_of(key: str) -> Metric | None:
    """The figure a sum's key stands for (``None`` for a denominator-only key such as ``deals``)."""
    if key in (DEALS, MATCHES):
        return None
    if key.startswith("end: "):
        return Metric(key, RATE, DEALS, "how deals end")
    if key.startswith("side ") and key.endswith(" contracts made"):
        return Metric(key, RATE, key.removesuffix(" made"), "outcomes")
    if key.startswith("side ") and key.endswith(" contracts"):
        return Metric(key, RATE, DEALS, "outcomes")
    if key.endswith(" made") and key.startswith(("bid ", "moon", DOUBLED, REDOUBLED)):
        return Metric(key, RATE, key.removesuffix(" made"), "outcomes")
    if key.startswith(("game points ", "bid ", "moon")) or key in (DOUBLED, REDOUBLED):
        return Metric(key, RATE, DEALS, "outcomes")
    if key.startswith("fired: "):
        return Metric(key, RATE, DEALS, "rules")
    if key.startswith("worth: "):
        return Metric(key, MEAN, "fired: " + key.removeprefix("worth: "), "rules")
    if key == NAMER_WON:
        return Metric(key, RATE, "fired: name trump", "rules")
    if key == WIDOW_POINTS:
        return Metric(key, MEAN, "fired: widow", "rules")
    if key.endswith(" won"):
        return Metric(key, RATE, DEALS, "advantage")
    if key.endswith(" net") or key.endswith(" score"):
        return Metric(key, MEAN, DEALS, "advantage")
    if key in ("tricks", "decisions", "lead changes"):
        return Metric(key, MEAN, DEALS, "length")
    if key == "match deals":
        return Metric(key, MEAN, MATCHES, "matches")
    if key.startswith("match length "):
        return Metric(key, RATE, MATCHES, "matches")
    raise ValueError(f"no metric for the sum {key!r}")


def static_keys(rs: Ruleset) -> list[str]:
    """The sums every block reports, 0 or not, from the ruleset's options: a rule that never
    fired shows as 0% rather than not at all (the dynamic ones, such as each game-point
    value seen, appear when they happen)."""
    keys = [DEALS, "first hand won", "first hand net"]
    for k in range(rs.side_count):
        keys += [f"side {k} won", f"side {k} score"]
    keys.append(END_LAST_TRICK)
    if rs.claim.enabled:
        keys.append(END_DECLARED)
        if not rs.claim.automatic:  # where the target ends the deal by itself nobody declares, wrongly or not
            keys.append(END_WRONG)
    if rs.closing.enabled:
        keys += [END_CLOSED_MADE, END_CLOSED_FAILED, "fired: close", "worth: close"]
    if rs.bidding.enabled:
        if rs.bidding.all_pass == "redeal":  # elsewhere a hand all pass is played (or the dealer must bid)
            keys.append(END_THROWN_IN)
        if rs.bidding.contracts:
            keys.append(END_CONTRACT_EARLY)
    doubling = rs.bidding.doubling
    if doubling is not None:
        keys += [DOUBLED, f"{DOUBLED} made"]
        if doubling.redouble:
            keys += [REDOUBLED, f"{REDOUBLED} made"]
    if rs.exchange.enabled:
        keys += ["fired: exchange", "worth: exchange"]
    if rs.trump.selection == "named":
        keys += ["fired: name trump", "worth: name trump", NAMER_WON]
    if rs.deal.widow is not None:
        keys += ["fired: widow", "worth: widow", WIDOW_POINTS]
    if rs.marriage.enabled:
        keys += ["fired: trump marriage", "worth: trump marriage", "fired: plain marriage", "worth: plain marriage"]
    if rs.end.last_trick_bonus:
        keys += ["fired: last-trick bonus", "worth: last-trick bonus"]
    keys += ["tricks", "decisions", "lead changes"]
    return keys


def add(acc: dict[str, float], key: str, value: float) -> None:
    acc[key] = acc.get(key, 0.0) + value


def _nets(scores: Sequence[int]) -> list[float]:
    k = len(scores)
    if k < 2:
        return [0.0] * k
    total = sum(scores)
    return [s - (total - s) / (k - 1) for s in scores]


def record_deal(state: DealState, acc: dict[str, float], decisions: int, lead_changes: int) -> None:
    """Add what the finished deal ``state`` shows to the sums ``acc`` (see the module docstring)."""
    rs = state.rs
    result = state.result
    assert result is not None, "the deal is not over"
    scores = result.scores
    # every side that won counts 1 -- also where several won together (the defenders who beat
    # a lone declarer, a soloist and the dealer who sits out and scores with him) -- and every
    # side 1/2 where nobody won (a drawn deal, a thrown-in hand)
    winners = result.winners
    nets = _nets(scores)
    side_of = rs.side_index
    add(acc, DEALS, 1)
    for k, net in enumerate(nets):
        add(acc, f"side {k} won", float(k in winners) if winners else 0.5)
        add(acc, f"side {k} score", scores[k])
    first = side_of[(state.dealer + 1) % state.n]
    add(acc, "first hand won", float(first in winners) if winners else 0.5)
    add(acc, "first hand net", nets[first])
    add(acc, "tricks", state.tricks_played)
    add(acc, "decisions", decisions)
    add(acc, "lead changes", lead_changes)

    history = state.history
    codes = [h & 0xFFFF for h in history]
    if result.redeal:
        add(acc, END_THROWN_IN, 1)
        return
    if result.drawn:
        add(acc, END_DRAWN, 1)
    elif result.game_points is not None:
        add(acc, f"game points {result.game_points}", 1)
    if state.high_bid:
        moon = rs.bidding.moon
        bid = "moon" if moon is not None and state.high_bid == moon.bid else f"bid {state.high_bid}"
        # Each "... made" is added beside its denominator, 0 when set: a contract taken and
        # never made then reads "0 of N" rather than no row at all (in every block, so the
        # merged tally has the key whichever worker played the deal).
        made = 1.0 if result.made else 0.0
        add(acc, bid, 1)
        add(acc, f"{bid} made", made)
        if result.declarer_side is not None:  # whose contract it was: the bidding of each side apart
            add(acc, f"side {result.declarer_side} contracts", 1)
            add(acc, f"side {result.declarer_side} contracts made", made)
    if state.doubled:
        _record_doubling(state, acc)
    if not result.drawn:
        out = went_out(state)
        _record_end(state, out, acc)
    else:
        out = -1
    _record_rules(state, codes, nets, out, acc)


def _record_doubling(state: DealState, acc: dict[str, float]) -> None:
    """A doubled (or redoubled) deal, and whether the doubled side -- the declarer's, or the
    soloist's where nobody bids (:meth:`~interpreter.engine.position.Position.soloist`) --
    made it: its contract made where it had one (``result.made``), else the deal won.  A
    redoubled deal counts in both rows: it was doubled first."""
    result = state.result
    assert result is not None
    side = state.rs.side_index[state.soloist()]
    made = 1.0 if (result.made if result.made is not None else side in result.winners) else 0.0
    add(acc, DOUBLED, 1)
    add(acc, f"{DOUBLED} made", made)
    if state.doubled > 1:
        add(acc, REDOUBLED, 1)
        add(acc, f"{REDOUBLED} made", made)


def went_out(state: DealState) -> int:
    """The seat that went out -- declared, or reached ``claim.target`` under
    ``claim.automatic`` -- before the deal's last card was played, or -1 where nobody did.

    A declaration leaves its code last in the history.  An automatic claim leaves none
    (:meth:`~interpreter.engine.state.DealState._settle_claim` with ``auto``), and the
    result's words are for people, not for counting; but it is the one rule that ends a deal
    of no contract by itself while cards are still held -- the engine settles the deal's end
    first when the last trick is complete, so a side reaching the target on it is the last
    trick deciding (``claim.after_last_trick``), not going out.  Its seat is the marrier where
    the marriage reached the target (its code is then last: ``claim.after_marriage``), else
    the winner of the trick that did."""
    history = state.history
    if history and history[-1] & 0xFFFF == DECLARE:
        return history[-1] >> 16
    if not state.rs.claim.automatic or state.contract is not None or state.result is None or state.result.redeal:
        return -1
    if not _cards_held(state):
        return -1  # every card was played: the deal's end decided
    last = history[-1] & 0xFFFF if history else -1
    return history[-1] >> 16 if MARRY_BASE <= last < EXCHANGE else state.last_winner


def _cards_held(state: DealState) -> bool:
    """Whether the deal ended with cards still held by a seat that plays (one sitting out keeps
    his): ended by a claim or a contract's goal, not by its last trick."""
    return any(state.hands[s] for s in range(state.n) if s not in state.sitting_out)


def _record_end(state: DealState, seat: int, acc: dict[str, float]) -> None:
    """The one ``end: ...`` row of a deal that is not drawn nor thrown in: who went out
    (``seat``, :func:`went_out`), with enough points or not, against the closer or not."""
    result = state.result
    assert result is not None
    side_of = state.rs.side_index
    closer_side = side_of[state.closer] if state.closed and state.closer >= 0 else -1
    if seat >= 0:
        claimer = side_of[seat]
        # the claim's own rule (DealState._claimed): the claimant's deal side reached the target
        deal_side = next(k for k, seats in enumerate(state.deal_sides) if seat in seats)
        right = state.side_points(deal_side) >= state.rs.claim.target
        if closer_side < 0:
            add(acc, END_DECLARED if right else END_WRONG, 1)
        elif closer_side == claimer:
            add(acc, END_CLOSED_MADE if right else END_CLOSED_FAILED, 1)
        else:  # the closer's opponent went out first: the close failed
            add(acc, END_CLOSED_FAILED if right else END_WRONG, 1)
        return
    if closer_side >= 0:
        add(acc, END_CLOSED_MADE if result.scores[closer_side] > 0 else END_CLOSED_FAILED, 1)
        return
    if state.contract is not None and _cards_held(state):
        # a contract (a Bettler's first trick, a Schnapser's third) ends the deal with cards held:
        # not the last trick deciding
        add(acc, END_CONTRACT_EARLY, 1)
        return
    add(acc, END_LAST_TRICK, 1)


def _record_rules(state: DealState, codes: list[int], nets: Sequence[float], out: int, acc: dict[str, float]) -> None:
    """Each rule that fired in the deal, and the net of the side that used it first (``out``:
    the seat that went out, :func:`went_out`, or -1).  Naming trump is used by the seat that
    named (the forehand, or his partner where he passed it on); a pass that turns the next
    card for trump names nothing.  The widow is used by the seat that took it."""
    rs = state.rs
    side_of = rs.side_index
    suit_of = rs.deck.suit_of
    winners = state.result.winners if state.result is not None else ()
    seen: set[str] = set()
    for h, code in zip(state.history, codes):
        if code < MARRY_BASE or code == PASS:
            continue
        if code < EXCHANGE:
            rule = "trump marriage" if suit_of[code - MARRY_BASE] == state.trump else "plain marriage"
        elif code == EXCHANGE:
            rule = "exchange"
        elif code == CLOSE or code == CLOSE_BEFORE_DRAW:
            rule = "close"
        elif TRUMP_BASE <= code < BID_BASE:
            rule = "name trump"
            side = side_of[h >> 16]
            add(acc, NAMER_WON, float(side in winners) if winners else 0.5)
        else:
            continue
        if rule not in seen:
            seen.add(rule)
            add(acc, "fired: " + rule, 1)
            add(acc, "worth: " + rule, nets[side_of[h >> 16]])
    if state.widow_taker >= 0:
        add(acc, "fired: widow", 1)
        add(acc, "worth: widow", nets[side_of[state.widow_taker]])
        points = state.t.points
        add(acc, WIDOW_POINTS, sum(points[c] for c in state.widow))
    if rs.end.last_trick_bonus and not state.closed and state.last_winner >= 0 and out < 0:
        if state.bonus[state.last_winner]:
            add(acc, "fired: last-trick bonus", 1)
            add(acc, "worth: last-trick bonus", nets[side_of[state.last_winner]])


def _ahead(state: DealState) -> int:
    """The deal side strictly ahead in points (tricks and counted marriages), or -1 for a tie."""
    best, who, tie = -1, -1, False
    for s in range(len(state.deal_sides)):
        p = state.side_points(s)
        if p > best:
            best, who, tie = p, s, False
        elif p == best:
            tie = True
    return -1 if tie else who


def random_deal(state: DealState, rng: random.Random) -> tuple[int, int]:
    """Play a deal to its end with every seat the ``random`` kind; (decisions, lead changes).

    The same decisions, drawn from ``rng`` in the same order, as
    :func:`~interpreter.play.bots.random_bot.random_playout` (a test holds the two to the
    same histories): the fast path, with the count of lead changes -- how often the side
    ahead in points after a trick differs from the last side that was ahead (ties leave
    it as it was) -- added.  A position built mid-deal starts from whoever is ahead in it.
    """
    target = state.t.claim_target
    rnd = rng.random
    legal = state.legal_codes
    step = state.step_code
    steps = changes = 0
    tricks = state.tricks_played
    ahead = _ahead(state) if tricks else -1  # a position built mid-deal: who is ahead already
    while True:
        phase = state.phase
        if phase == OVER:
            break
        codes = legal()
        steps += 1
        if phase == AUCTION:
            codes = codes[:2] if codes[0] == PASS else codes[:1]
        elif state.claim_seat >= 0 and DECLARE in codes:
            if state.claim_points() >= target:
                step(DECLARE)
                continue
            codes.remove(DECLARE)
            if not codes:
                codes = [DECLARE]
        step(codes[int(rnd() * len(codes))])
        if state.tricks_played != tricks:
            tricks = state.tricks_played
            now = _ahead(state)
            if now >= 0:
                if ahead >= 0 and now != ahead:
                    changes += 1
                ahead = now
    return steps, changes


def agent_deal(state: DealState, agents: Sequence[Agent], names: Sequence[str] | None = None) -> tuple[int, int]:
    """Play a deal to its end with one agent per seat, each asked through
    :func:`~interpreter.play.runner.ask_agent` (it sees only its view; a bot that fails is a
    :class:`~interpreter.core.errors.BotError` naming it by ``names[seat]``), every action
    checked; (decisions, lead changes) as in :func:`random_deal`."""
    steps = changes = 0
    tricks = state.tricks_played
    ahead = _ahead(state) if tricks else -1
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        action = ask_agent(agents[seat], state, seat, name=names[seat] if names is not None else None)
        state.apply(action, keep_undo=False)
        steps += 1
        if state.tricks_played != tricks:
            tricks = state.tricks_played
            now = _ahead(state)
            if now >= 0:
                if ahead >= 0 and now != ahead:
                    changes += 1
                ahead = now
    return steps, changes
