"""What ``rules simulate`` measures of one deal and one match, on deals worked by hand from
the Schnapsen rules (built positions with scripted moves, or a match target of 1)."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

from interpreter.core.actions import CLOSE, CONTINUE, DECLARE, EXCHANGE, MARRY_BASE, Action, Play, parse_action
from interpreter.core.cards import Card
from interpreter.engine.build import build_position
from interpreter.engine.state import DealState
from interpreter.engine.views import SeatView
from interpreter.play.record import deal_from_mapping
from interpreter.play.bots.random_bot import random_playout
from interpreter.rules.loader import load_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.sim.figures import figures
from interpreter.sim.metrics import agent_deal, random_deal, record_deal
from interpreter.sim.simulate import SimSpec, simulate
from interpreter.sim.tally import Tally

RS = load_ruleset("schnapsen")


def code(rs: Ruleset, card: str) -> int:
    return rs.deck.cards.index(Card.parse(card))


def measured(state: DealState, decisions: int = 0, changes: int = 0) -> dict[str, float]:
    acc: dict[str, float] = {}
    record_deal(state, acc, decisions, changes)
    return {k: v for k, v in acc.items() if v}


def test_a_declaration_with_66_and_the_opponent_under_33() -> None:
    # Seat 0 (the first hand: seat 1 deals) has 66 and declares; seat 1 has 28 points in 3
    # tricks: under 33, so 2 game points (scoring.game_points).  Seat 0's net is 2 - 0.
    st = build_position(RS, dealer=1, trump="H", leader=0, points=[66, 28], tricks=[5, 3], hands=["AS QC", "JS TD"])
    st.push_code(DECLARE)
    assert measured(st, 1) == {
        "deals": 1, "side 0 won": 1, "side 0 score": 2, "first hand won": 1, "first hand net": 2,
        "game points 2": 1, "end: declared": 1, "tricks": 8, "decisions": 1,
    }


def test_a_wrong_declaration_costs_two_game_points() -> None:
    # Seat 0 declares with 60 (under 66): claim.false_points.base, 2 game points to seat 1,
    # who has won tricks (3 only without one).  The first hand lost: won 0, net 0 - 2.
    st = build_position(RS, dealer=1, trump="H", leader=0, points=[60, 34], tricks=[5, 3], hands=["AS QC", "JS TD"])
    st.push_code(DECLARE)
    assert measured(st) == {
        "deals": 1, "side 1 won": 1, "side 1 score": 2, "first hand net": -2, "game points 2": 1,
        "end: wrong declaration": 1, "tricks": 8,
    }


def test_exchange_close_and_trump_marriage_each_fire_and_are_worth_the_deal() -> None:
    # Seat 0 leads (20 card points, 2 tricks; seat 1 has 12 in 1 trick), the talon open with
    # three cards under the turned-up ten of hearts.  Seat 0 exchanges its jack of trumps for
    # the ten, closes, and announces the trump marriage (40) leading the king: 20 + 40 = 60,
    # so it plays on (Continue).  Seat 1 has no heart and throws the jack of diamonds: seat 0
    # takes 4 + 2 = 6, has 66 and declares.  A closer who made it against an opponent with 12
    # (under 33) at the close scores 2 game points; each of the three rules fired once and
    # is worth seat 0's net, +2.  Five decisions: exchange, close, marriage, continue, declare
    # (seat 1's card is the sixth); 4 tricks in all.
    st = build_position(RS, dealer=1, trump="H", leader=0, points=[20, 12], tricks=[2, 1],
                        hands=["KH QH AH KD JH", "AS TS KS JD QD"], stock="QS AC TC", turnup="TH")
    for c in (EXCHANGE, CLOSE, MARRY_BASE + code(RS, "KH"), CONTINUE, code(RS, "JD"), DECLARE):
        st.push_code(c)
    assert measured(st, 6) == {
        "deals": 1, "side 0 won": 1, "side 0 score": 2, "first hand won": 1, "first hand net": 2,
        "game points 2": 1, "end: closed, made": 1, "tricks": 4, "decisions": 6,
        "fired: exchange": 1, "worth: exchange": 2, "fired: close": 1, "worth: close": 2,
        "fired: trump marriage": 1, "worth: trump marriage": 2,
    }


def scripted(cards: dict[int, list[str]]) -> list[object]:
    """One agent per seat that plays its cards in the order given (and never declares)."""
    def agent(seat: int) -> object:
        queue = list(cards[seat])

        def choose(view: SeatView, legal: list[Action]) -> Action:
            want = Play(Card.parse(queue.pop(0)))
            assert want in legal, (want, legal)
            return want
        return SimpleNamespace(choose=choose)
    return [agent(s) for s in sorted(cards)]


def test_the_last_trick_decides_and_the_lead_changes_twice() -> None:
    # The talon is gone; seat 0 leads, ahead with 50 against 43.  Seat 0 leads JC, seat 1 must
    # take it with TC: 43 + 12 = 55 against 50, seat 1 is ahead (one change).  Seat 1 leads KS,
    # seat 0 takes it with AS: 50 + 15 = 65 against 55, seat 0 ahead again: two lead changes.  Seat 0 won the
    # last trick with 65 (under 66, no going out): end.unclaimed last_trick_wins, 1 game point.
    st = build_position(RS, dealer=1, trump="H", leader=0, points=[50, 43], tricks=[4, 4], hands=["AS JC", "TC KS"])
    decisions, changes = agent_deal(st, scripted({0: ["JC", "AS"], 1: ["TC", "KS"]}))  # type: ignore[arg-type]
    assert (decisions, changes) == (4, 2)
    assert measured(st, decisions, changes) == {
        "deals": 1, "side 0 won": 1, "side 0 score": 1, "first hand won": 1, "first hand net": 1,
        "game points 1": 1, "end: played to the last trick": 1, "tricks": 10, "decisions": 4, "lead changes": 2,
    }


def test_the_fast_path_plays_as_the_random_seat_kind() -> None:
    # random_deal adds counting to random_playout's loop: the same draws, the same deals
    for rs in (RS, load_ruleset("north-american-4"), load_ruleset("house/santase")):
        for seed in range(30):
            a, b = random.Random(seed), random.Random(seed)
            x = DealState.new(rs, seed % rs.players.count, a)
            random_deal(x, a)
            y = random_playout(DealState.new(rs, seed % rs.players.count, b), b)
            assert x.history == y.history and x.result == y.result


def test_a_match_to_one_game_point_lasts_one_deal(tmp_path: Path) -> None:
    # match.target 1: every Schnapsen deal scores at least 1 game point for somebody (the
    # last trick decides when nobody goes out), so every match ends after its first deal.
    path = tmp_path / "short.yaml"
    path.write_text("extends: schnapsen\nname: short\nmatch: {target: 1}\n", encoding="utf-8")
    tally = simulate(SimSpec(str(path), ("random", "random"), deals=0, matches=30, allow_outside=True))
    figs = {f.key: f for f in figures(tally, 0)}
    assert figs["match deals"].value == 1.0 and figs["match deals"].den == 30
    assert figs["match length 1"].value == 1.0 and set(figs) == {"match deals", "match length 1"}


def test_first_hand_and_sides_add_up() -> None:
    # Two sides and no drawn deals in Schnapsen: every deal is won by exactly one side, so the
    # side win rates sum to exactly 1; the nets of the two sides are opposite.
    tally = simulate(SimSpec("schnapsen", ("random", "random"), deals=300))
    figs = {f.key: f for f in figures(tally, 0)}
    assert figs["side 0 won"].num + figs["side 1 won"].num == 300
    assert sum(figs[k].num for k in figs if k.startswith("game points ")) == 300
    assert sum(figs[k].num for k in figs if k.startswith("end: ")) == 300
    assert figs["side 0 score"].num == sum(int(k.split()[-1]) * figs[k].num for k in figs if k.startswith("game points ")) - figs["side 1 score"].num


def test_each_side_s_contracts_and_how_many_it_made() -> None:
    """North American 4, the last trick: seat 1 (team 1: seats 1 and 3) holds the contract,
    bid 1 (33 points).  Seat 1 leads AH, trumps, and takes the trick with 11 points (the
    three nines are worth 0).  With 30 + 30 before it, team 1 has 71: made.  With 5 + 5 it
    has 21: set.  Either way the contract is team 1's, so ``side 1 contracts`` counts it, and
    ``side 1 contracts made`` only when made."""
    rs = load_ruleset("north-american-4")
    for points, made in (([20, 30, 20, 30], True), ([40, 5, 40, 5], False)):
        st = build_position(rs, dealer=0, declarer=1, high_bid=1, trump="H", leader=1, tricks=[1, 2, 1, 1],
                            points=points, hands=["9C", "AH", "9D", "9S"])
        while not st.is_over:
            st.push_code(st.legal_codes()[0])
        got = {k: v for k, v in measured(st).items() if "contracts" in k or k.startswith("bid ")}
        expected = {"bid 1": 1, "side 1 contracts": 1}
        if made:
            expected |= {"bid 1 made": 1, "side 1 contracts made": 1}
        assert got == expected


def _set_bid_1() -> DealState:
    """The set deal of the test above: team 1 holds bid 1 and ends with 5 + 5 + 11 = 21 < 33."""
    rs = load_ruleset("north-american-4")
    st = build_position(rs, dealer=0, declarer=1, high_bid=1, trump="H", leader=1, tricks=[1, 2, 1, 1],
                        points=[40, 5, 40, 5], hands=["9C", "AH", "9D", "9S"])
    while not st.is_over:
        st.push_code(st.legal_codes()[0])
    return st


def _set_moon() -> DealState:
    """North American 4, seat 0 shoots the moon (bid 5, trumps hearts) and loses the second
    trick (its 9S to seat 1's AS): the moon needs every trick, so it is set."""
    rs = load_ruleset("north-american-4")
    hands = {0: "AH TH KH QH JH 9S", 1: "9H AS TS KS QS JS", 2: "AC TC KC QC JC 9C", 3: "AD TD KD QD JD 9D"}
    st = deal_from_mapping(rs, {"dealer": 3, "hands": {s: h.split() for s, h in hands.items()}, "stock": []})
    for text in ("bid 5", "pass", "pass", "pass", "play AH", "play 9H", "play 9D", "play 9S", "play AS", "play AD"):
        st.apply(parse_action(text))
    while not st.is_over:
        st.push_code(st.legal_codes()[0])
    return st


def test_a_contract_never_made_reads_0_of_its_count() -> None:
    """Two deals at bid 1, both set (team 1's), and a moon set (team 0's): "bid 1 made" is 0
    of 2, "moon made" 0 of 1, "side 1 contracts made" 0 of 2, "side 0 contracts made" 0 of 1
    -- rows at 0, not missing ones; the same whether the deals are summed in one block or in
    blocks played by different workers and merged in either order."""
    first, second, moon = _set_bid_1(), _set_bid_1(), _set_moon()
    assert moon.result is not None and moon.result.made is False and moon.result.declarer_side == 0
    one = Tally()
    acc: dict[str, float] = {}
    for st in (first, second, moon):
        record_deal(st, acc, 0, 0)
    one.add(("deals", 0), acc)
    parts = []
    for k, st in enumerate((first, second, moon)):
        part: dict[str, float] = {}
        record_deal(st, part, 0, 0)
        tally = Tally()
        tally.add(("deals", k), part)
        parts.append(tally)
    forward, backward = Tally(), Tally()
    for t in parts:
        forward.merge(t)
    for t in reversed(parts):
        backward.merge(t)
    assert forward.as_dict() == backward.as_dict()
    expected = {"bid 1 made": (0, 2), "moon made": (0, 1), "side 1 contracts made": (0, 2), "side 0 contracts made": (0, 1)}
    for tally in (one, forward, backward):
        figs = {f.key: f for f in figures(tally, 0)}
        assert {k: (figs[k].num, figs[k].den) for k in expected if k in figs} == expected
        assert all(figs[k].value == 0.0 for k in expected)
