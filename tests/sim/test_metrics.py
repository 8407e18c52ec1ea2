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
from interpreter.sim.metrics import END_THROWN_IN, END_WRONG, agent_deal, random_deal, record_deal, static_keys
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


APP = load_ruleset("house/app-schnapsen")  # claim.automatic: nobody declares, 66 ends the deal


def ends(state: DealState) -> dict[str, float]:
    """The ``end: ...`` rows a deal adds (exactly one is 1)."""
    return {k: v for k, v in measured(state).items() if k.startswith("end: ")}


def test_reaching_66_by_itself_before_the_last_trick_is_going_out() -> None:
    # The talon is gone; seat 0 (the first hand: seat 1 deals) has 60 in 5 tricks, seat 1 30
    # in 3.  Seat 0 leads AS, seat 1 must follow with JS: 60 + 11 + 2 = 73, over 66, so the
    # deal ends by itself with a card still in each hand -- seat 0 went out, as a declaration
    # would have.  Seat 1 has a trick and under 33: 2 game points; 9 tricks in all.
    st = build_position(APP, dealer=1, trump="H", leader=0, points=[60, 30], tricks=[5, 3], hands=["AS KC", "JS QD"])
    for card in ("AS", "JS"):
        st.push_code(code(APP, card))
    assert st.is_over and st.hands[0] and st.hands[1]
    assert measured(st, 2) == {
        "deals": 1, "side 0 won": 1, "side 0 score": 2, "first hand won": 1, "first hand net": 2,
        "game points 2": 1, "end: declared": 1, "tricks": 9, "decisions": 2,
    }


def test_reaching_66_on_the_last_trick_is_the_last_trick_deciding() -> None:
    # The talon is gone, seat 0 leads with 52 against 43.  JC is taken by seat 1's TC:
    # 43 + 12 = 55.  Seat 1 leads KS, seat 0 takes it with AS: 52 + 15 = 67, but on the last
    # trick: nobody went out before the last card (claim.after_last_trick scores it as going
    # out: seat 1 has 55, so 1 game point).  Under 66 (50 + 15 = 65) the last trick decides
    # alone (end.unclaimed: 1 game point): the same row.
    for first, gp in ((52, 1), (50, 1)):
        st = build_position(APP, dealer=1, trump="H", leader=0, points=[first, 43], tricks=[4, 4], hands=["AS JC", "TC KS"])
        for card in ("JC", "TC", "KS", "AS"):
            st.push_code(code(APP, card))
        assert st.result is not None and st.result.scores == (gp, 0)
        assert ends(st) == {"end: played to the last trick": 1}


def test_a_marriage_reaching_66_by_itself_is_going_out(tmp_path: Path) -> None:
    # Schnapsen with claim.automatic: seat 0 has 30 in 3 tricks (so a marriage counts at
    # once) and leads KH announcing the trump marriage: 30 + 40 = 70, over 66, and the deal
    # ends by itself (claim.after_marriage) with the king just led.  Seat 1 has 20 in 2
    # tricks: 2 game points, and seat 0 went out.
    path = tmp_path / "auto.yaml"
    path.write_text("extends: schnapsen\nname: auto\nclaim: {automatic: true}\n", encoding="utf-8")
    rs = load_ruleset(str(path), allow_outside=True)
    st = build_position(rs, dealer=1, trump="H", leader=0, points=[30, 20], tricks=[3, 2], hands=["KH QH AS", "JS TD QC"])
    st.push_code(MARRY_BASE + code(rs, "KH"))
    assert st.result is not None and st.result.scores == (2, 0)
    assert ends(st) == {"end: declared": 1}


def test_reaching_66_by_itself_after_a_close_is_the_close_made_or_failed() -> None:
    # Seat 0 closes the talon (three cards under the turned-up TH) and leads; seat 1 must then
    # follow and beat.  With 55, seat 0 leads AS and seat 1 follows with JS: 55 + 13 = 68,
    # the closer went out: made.  With 40 against seat 1's 55, seat 0 leads JD and seat 1
    # takes it with AD: 55 + 13 = 68, the closer's opponent went out first: failed.  (The
    # points are given loosely, as a what-if position may: only the sums matter here.)
    for points, tricks, cards, row in (([55, 30], [2, 1], ("AS", "JS"), "end: closed, made"),
                                       ([40, 55], [1, 2], ("JD", "AD"), "end: closed, failed")):
        st = build_position(APP, dealer=1, trump="H", leader=0, points=points, tricks=tricks,
                            hands=["AS KC QD JD KD", "JS TS AD TD QC"], stock="QS AC TC", turnup="TH")
        st.push_code(CLOSE)
        for card in cards:
            st.push_code(code(APP, card))
        assert st.is_over and st.hands[0]
        assert ends(st) == {row: 1}


def test_a_wrong_declaration_stays_wrong_when_the_declarer_took_the_ten_of_trumps(tmp_path: Path) -> None:
    # Schnapsen with scoring.trump_ten 1: seat 0 (40 points) leads TH, the ten of trumps;
    # seat 1, void in hearts after the talon is gone, throws JS: seat 0 takes 10 + 2 = 52 and
    # the ten.  It declares with 52, under 66: seat 1 (with tricks) scores 2, seat 0 still
    # its 1 for the ten -- a score above 0 for a wrong declaration, which stays wrong.
    path = tmp_path / "ten.yaml"
    path.write_text("extends: schnapsen\nname: ten\nscoring: {trump_ten: 1}\n", encoding="utf-8")
    rs = load_ruleset(str(path), allow_outside=True)
    st = build_position(rs, dealer=1, trump="H", leader=0, points=[40, 30], tricks=[4, 3], hands=["TH KC QD", "JS QC AD"])
    for c in (code(rs, "TH"), code(rs, "JS"), DECLARE):
        st.push_code(c)
    assert st.result is not None and st.result.scores == (1, 2)
    assert ends(st) == {"end: wrong declaration": 1}


def test_a_contract_decided_before_the_last_card_is_not_the_last_trick_deciding() -> None:
    """Bauernschnapsen, the hands of tests/rules/test_family2_bauern_contracts.py (dealer 0,
    diamonds named, seat 2 bids Bettler, seat 0 sits out).  AC, TC, JH: seat 2 takes the first
    trick and the Bettler is lost with four cards in each playing hand -- the contract decided
    it, not the last trick.  Played the other way, seat 2 never takes a trick and the Bettler
    is made on the fifth, the last: that is the last trick deciding (seat 0, sitting out, still
    holds his five cards)."""
    rs = load_ruleset("house/bauernschnapsen")
    hands = {0: "AH TH KH QH JC", 1: "AS TS KS QS JH", 2: "JS JD AC QD KD", 3: "TC KC QC AD TD"}

    def bettler(*cards: str) -> DealState:
        st = deal_from_mapping(rs, {"dealer": 0, "hands": {s: h.split() for s, h in hands.items()}})
        for move in ("trump D", "pass", "bid 1", "pass", "pass", *(f"play {c}" for c in cards)):
            st.apply(parse_action(move))
        return st

    lost = bettler("AC", "TC", "JH")
    assert lost.result is not None and lost.result.scores == (0, 4) and lost.tricks_played == 1
    assert ends(lost) == {"end: contract decided before the last card": 1}
    made = bettler("JS", "TC", "QS", "JH", "AC", "KC", "AS", "JD", "QC", "TS", "QD", "AD", "KS", "KD", "TD")
    assert made.result is not None and made.result.scores == (4, 0) and made.tricks_played == 5
    assert ends(made) == {"end: played to the last trick": 1}


def test_the_defenders_who_beat_a_lone_declarer_each_won_and_he_lost() -> None:
    """Dreierschnapsen (each player keeps his own score; the declarer alone against the other
    two): seat 1, the first hand (seat 0 deals), announces a Bettler in random play of seed 0
    and takes a trick, so he has lost it and each defender scores its value, 4.  Each defender
    won the deal (1), the declarer lost (0): not the 1/2 each, as of a deal nobody won, that
    gave the losing declarer half a win."""
    rs = load_ruleset("house/dreierschnapsen")
    st = random_playout(DealState.new(rs, 0, random.Random(0)), random.Random(0))
    result = st.result
    assert result is not None and result.declarer_side == 1 and result.made is False
    assert rs.bidding.contract(st.high_bid).name == "bettler" and result.scores == (4, 0, 4)
    got = measured(st)
    assert (got.get("side 0 won"), got.get("side 1 won"), got.get("side 2 won")) == (1, None, 1)
    assert "first hand won" not in got  # measured() keeps the sums that are not 0


def test_rows_of_endings_the_rules_rule_out_are_not_shown() -> None:
    """A deal that ends by itself at the target (``claim.automatic``) has no wrong declaration
    to count, and where all passing plays the plain game (``bidding.all_pass: play``) no hand
    is thrown in; Schnapsen keeps the first row, a ruleset that redeals the second."""
    assert APP.claim.automatic and END_WRONG not in static_keys(APP)
    assert END_WRONG in static_keys(RS)
    bauern = load_ruleset("house/bauernschnapsen")
    assert bauern.bidding.all_pass == "play" and END_THROWN_IN not in static_keys(bauern)
    na4 = load_ruleset("north-american-4")
    assert na4.bidding.all_pass == "redeal" and END_THROWN_IN in static_keys(na4)
