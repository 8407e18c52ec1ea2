"""The solver's strict-phase kernel (interpreter.search.strict): where it may play, and its
values on hand-worked positions, asked directly.

The solver's proofs against plain minimax (tests/search/test_solver.py) run through the kernel
wherever it applies; these tests say where that is, and that the kernel's own answers to the
null-window question are right where the value was worked by hand.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import interpreter.search.solver as solver_module
from interpreter import compiled
from interpreter.engine.build import build_position
from interpreter.engine.state import DealState
from interpreter.play.record import deal_from_mapping
from interpreter.rules.loader import load_ruleset
from interpreter.search.solver import INF, solve
from interpreter.search.strict import (
    KernelTables, compile_kernel, follower_order, follower_places, position_allows, position_bounds, rules_allow,
)
from tests.search.test_solver import minimax, random_position

# Schnapsen, talon gone, hearts trump; seat 0 leads with 60 points and 5 tricks, seat 1 has 32
# and 3 (the position of test_solver's "take the ace and go out for two", worked there: its
# value is 2 for seat 0, by leading the ace).
AFTER_THE_TALON: dict[str, Any] = {
    "dealer": 1,
    "start": {"leader": 0, "card_points": [60, 32], "tricks_won": [5, 3], "trump": "H"},
    "hands": {0: ["AS", "QH"], 1: ["TS", "KH"]},
}


def kernel_value(state: DealState, side: int) -> int:
    """The exact value of ``state`` from the kernel alone: the null-window passes of MTD(f)."""
    kt = KernelTables()
    visited = [0]

    def tick(k: int) -> int:
        visited[0] += k
        return 1 << 30

    enter = compile_kernel(side, state, kt, tick)
    lower, upper, g = -INF, INF, 0
    while lower < upper:
        beta = g if g > lower else lower + 1
        g = enter(state, beta, False)
        if g >= beta:
            lower = g
        else:
            upper = g
    assert visited[0] > 0
    return lower


def test_the_kernel_plays_where_the_talon_is_gone() -> None:
    state = deal_from_mapping("schnapsen", AFTER_THE_TALON)
    assert rules_allow(state) and position_allows(state)


def test_the_hand_worked_value_from_the_kernel_alone() -> None:
    """Leading the ace takes the ten and goes out with 81 against 32 (under 33): 2 game points
    for seat 0, -2 seen from seat 1; declaring now (60) would be false, -2."""
    state = deal_from_mapping("schnapsen", AFTER_THE_TALON)
    assert kernel_value(state, 0) == 2
    assert kernel_value(state, 1) == -2


def test_a_last_trick_against_a_false_declaration_from_the_kernel_alone() -> None:
    """One card each: AS leads, JS must follow; seat 0 ends with 71 against 49 (4 tricks): 1 game
    point, better than declaring with 58 (false: -2).  (test_solver works it the same way.)"""
    state = deal_from_mapping("schnapsen", {
        "dealer": 1,
        "start": {"leader": 0, "card_points": [58, 49], "tricks_won": [5, 4], "trump": "H"},
        "hands": {0: ["AS"], 1: ["JS"]},
    })
    assert position_allows(state)
    assert kernel_value(state, 0) == 1


def test_a_marriage_announced_and_declared_at_once_from_the_kernel_alone() -> None:
    """Schnapsen, talon gone, hearts trump: seat 0 (40 points, 4 tricks) holds the king and queen
    of trumps, seat 1 (52, 4 tricks) the ace and ten.  Announcing the trump marriage brings seat
    0 to 80 and he declares at once: 1 game point (seat 1 has 52, over 32).  Leading either card
    without declaring, seat 1 takes it with the ace (52 + 11 + 4 or 3, at least 66) and goes out:
    -1.  So the value is 1 for seat 0 and -1 for seat 1, won only by the marriage and the
    declaration right after it."""
    state = build_position(load_ruleset("schnapsen"), dealer=1, hands=["KH QH", "AH TH"], leader=0,
                           points=[40, 52], tricks=[4, 4], trump="H")
    assert position_allows(state)
    assert kernel_value(state, 0) == 1
    assert kernel_value(state, 1) == -1


def test_no_marriage_where_the_rules_forbid_it_after_the_talon() -> None:
    """The same hands in Sechsundsechzig, where no marriage is announced once the talon is gone:
    seat 0 must lead the king or the queen, seat 1 takes it with the ace (52 + 11 + 4 = 67, or
    52 + 11 + 3 = 66) and goes out; seat 0 has 40, over 32: -1."""
    state = build_position(load_ruleset("sechsundsechzig"), dealer=1, hands=["KH QH", "AH TH"], leader=0,
                           points=[40, 52], tricks=[4, 6], trump="H")
    assert position_allows(state)
    assert kernel_value(state, 0) == -1


def test_the_closers_marriage_on_his_closing_lead_only() -> None:
    """Sechsundsechzig, hearts trump, seat 0 has just closed (30 points, 3 tricks) holding KH QH
    AS against AH TH TS (40, 3 tricks).  On the lead at which he closed he may still announce
    the trump marriage (marriage.on_closing_lead): 70, and he declares at once, 1 game point
    (seat 1 has 40).  A lead later the marriage is forbidden (after_close: false): with the
    ace of spades he takes the ten (51), but both hearts lose to the ace and the ten, seat 1
    reaches 55 and 68 and the close fails: -2 (seat 1 held tricks when it was closed)."""
    ssz = load_ruleset("sechsundsechzig")
    for closing_lead, expected in ((True, 1), (False, -2)):
        state = build_position(ssz, dealer=1, hands=["KH QH AS", "AH TH TS"], stock=["JC", "QC", "KC", "AC", "JD"],
                               turnup="9H", leader=0, points=[30, 40], tricks=[3, 3], closer=0,
                               closed_this_lead=closing_lead)
        assert position_allows(state)
        assert kernel_value(state, 0) == expected, closing_lead


NEXT_TRICK = """\
extends: schnapsen
name: next-trick-schnapsen
title: Schnapsen whose marriages wait for the marrier's next trick (kernel test)
marriage: {counts_after: own_next_trick}
"""


def test_marriage_points_that_wait_for_the_next_trick(tmp_path: Path) -> None:
    """A marriage counted after the marrier's next trick (``counts_after: own_next_trick``):
    seat 0 (40 points, 3 tricks, 20 of a marriage waiting) leads AS JC against QS KH (60, 5
    tricks), hearts trump.  The ace takes the queen (54) and frees the 20: 74, he declares: 1.
    Were the 20 not freed by that trick, declaring with 54 would be false and the last trick
    goes to the king of trumps (seat 1: 66): -1; leading the jack first, seat 1 trumps it and
    reaches 66: -1.  Then positions of that ruleset after the talon, most hands with 20 of a
    marriage waiting, against plain minimax (freeing the points by the wrong trick, or never,
    fails them)."""
    path = tmp_path / "next-trick.yaml"
    path.write_text(NEXT_TRICK, encoding="utf-8")
    rs = load_ruleset(path)
    state = build_position(rs, dealer=1, hands=["AS JC", "QS KH"], leader=0, points=[40, 60], tricks=[3, 5],
                           meld=[20, 0], meld_wait=[20, 0], trump="H")
    assert rules_allow(state) and position_allows(state)
    assert kernel_value(state, 0) == 1
    rng = random.Random("kernel next trick")
    checked = 0
    while checked < 100:  # positions after the talon, 20 of a marriage waiting in most hands
        state = random_position(rs, rng, max_cards=4)
        if not position_allows(state):
            continue
        for seat in range(rs.players.count):
            if rng.random() < 0.7:
                state.meld[seat] += 20
                state.meld_wait[seat] += 20
        checked += 1
        for side in range(rs.side_count):
            assert solve(state, side=side).value == minimax(state, side)


OWN_POINTS = """\
extends: schnapsen
name: own-points-schnapsen
title: Schnapsen whose winner scores 2 for 80 points of his own (kernel test)
scoring: {game_points: "if opponent_tricks == 0 then 3 else if points >= 80 then 2 else 1"}
"""


def test_a_declaration_worth_more_for_more_points_of_ones_own(tmp_path: Path) -> None:
    """Where the game points read the winner's own points (``points`` in
    ``scoring.game_points``), a right declaration is not kept per the other side's points
    alone.  Seat 0 (70 points, 4 tricks) may declare against 30 and 4 tricks, hearts trump,
    holding AS KC against JS QC: declaring now is 1 game point (70, under 80); leading the ace
    takes the jack (83) and declaring then is 2 -- the value is 2.  Then positions of that
    ruleset after the talon against plain minimax (keeping a right declaration's value per
    the other side's points alone fails them)."""
    path = tmp_path / "own-points.yaml"
    path.write_text(OWN_POINTS, encoding="utf-8")
    rs = load_ruleset(path)
    state = build_position(rs, dealer=1, hands=["AS KC", "JS QC"], leader=0, points=[70, 30], tricks=[4, 4],
                           trump="H", may_declare=True)
    assert rules_allow(state) and position_allows(state)
    assert kernel_value(state, 0) == 2
    rng = random.Random("kernel own points")
    checked = 0
    while checked < 150:
        state = random_position(rs, rng, max_cards=4)
        if not position_allows(state):
            continue
        checked += 1
        for side in range(rs.side_count):
            assert solve(state, side=side).value == minimax(state, side)


def test_a_talon_still_to_draw_from_keeps_the_position_on_the_engine() -> None:
    state = DealState.new(load_ruleset("schnapsen"), 1, 5)
    assert not position_allows(state)  # the first lead: nine cards still to draw


def test_a_card_on_the_table_is_no_place_to_enter() -> None:
    state = deal_from_mapping("schnapsen", AFTER_THE_TALON)
    state.push_code(state.legal_codes()[0])
    assert not position_allows(state)


def test_rules_it_does_not_play_keep_the_whole_ruleset_on_the_engine() -> None:
    """A partner's marriage shown during a trick (four-player 66), automatic claims (the app's
    Schnapsen) and contracts settled after each trick (Bauernschnapsen) are not the kernel's."""
    for name in ("house/four-player-66", "house/app-schnapsen", "house/bauernschnapsen"):
        assert not rules_allow(DealState.new(load_ruleset(name), 0, 1)), name
    for name in ("schnapsen", "sechsundsechzig", "north-american-4"):
        assert rules_allow(DealState.new(load_ruleset(name), 0, 1)), name


def test_values_settled_in_one_deal_serve_other_deals_alike() -> None:
    """The values of declaring and of the deal's end are kept per ruleset across deals
    (``strict._Shared``): solved again with fresh solvers, 40 positions of other deals find
    every one kept (none settled anew), and every value, for both sides, is still plain
    minimax's.  (The values are counted, not the engine's calls: a compiled engine's own calls
    cannot be watched from Python.)"""
    rs = load_ruleset("schnapsen")
    rs.tables.engine_cache.pop("strict kernel shared", None)
    rng = random.Random("settled across deals")
    states: list[DealState] = []
    while len(states) < 40:
        state = random_position(rs, rng, max_cards=3)
        if position_allows(state):
            states.append(state)
    for state in states:
        for side in range(rs.side_count):
            assert solve(state, side=side).value == minimax(state, side)
    shared: Any = rs.tables.engine_cache["strict kernel shared"]
    kept = len(shared.declared) + len(shared.ends)
    for state in states:  # each deal again, with a fresh solver: its values are all kept now
        for side in range(rs.side_count):
            assert solve(state, side=side).value == minimax(state, side)
    assert kept > 0 and len(shared.declared) + len(shared.ends) == kept


def test_a_followers_cards_come_in_the_solvers_order_sorted_by_their_places() -> None:
    """The kernel sorts a follower's cards by their places in the whole deck's order
    (:func:`follower_places`): the order :func:`follower_order` gives them, ties and all."""
    rs = load_ruleset("schnapsen")
    deck, t = rs.deck, rs.tables
    card = deck.card_index
    hearts = deck.suits.index("H")
    beats = t.beats[hearts + 1]
    points = t.points.__getitem__
    # hearts trump, the king of spades led: the higher spades and every trump take it, worth
    # most first (ace 11, ten 10, the jack of trumps 2); then the others cheapest first
    # (the jack of spades 2, the ace of clubs 11)
    held = [card("A", "C"), card("J", "S"), card("J", "H"), card("T", "S"), card("A", "S")]
    place = follower_places(card("K", "S"), beats, points, deck.size)
    assert sorted(held, key=place.__getitem__) == [card(r, s) for r, s in ("AS", "TS", "JH", "JS", "AC")]
    rng = random.Random(5)
    for name in ("schnapsen", "sechsundsechzig", "north-american-4"):
        rs = load_ruleset(name)
        size, points = rs.deck.size, rs.tables.points.__getitem__
        for beats in rs.tables.beats:  # per trumps (none first)
            for _ in range(200):
                trick = rng.sample(range(size), rng.randrange(1, 4))
                codes = sorted(rng.sample([c for c in range(size) if c not in trick], rng.randrange(1, 9)))
                winning = trick[0]
                for c in trick:
                    if beats[winning] >> c & 1:
                        winning = c
                place = follower_places(winning, beats, points, size)
                assert sorted(codes, key=place.__getitem__) == follower_order(codes[:], trick, beats, points)


def test_a_value_at_the_most_hand_worked() -> None:
    """Seat 1 has 32 points and three tricks: seat 0 may win 2 at most (seat 1 kept under 33,
    never without a trick), and seat 1 1 at most (seat 0 has 60): bounds +2 and -1.  Leading
    the ace wins 2 -- the most."""
    state = deal_from_mapping("schnapsen", AFTER_THE_TALON)
    assert position_bounds(state, 0) == (2, -1)
    got = solve(state, side=0)
    assert got.exact and got.value == 2 and got.best == state.rs.deck.card_index("A", "S")


#: A module compiled by mypyc binds its calls when it is built: replacing ``position_bounds`` in
#: it with monkeypatch changes nothing there, so this test runs on the plain build (CI runs both).
@pytest.mark.skipif(compiled(), reason="the compiled build's calls cannot be replaced by monkeypatch")
def test_a_value_at_the_most_ends_the_search_after_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """The position above: the pass that proves "at least 0" by 2 ends the search, where
    without the bounds another pass asks "at least 3?"."""
    state = deal_from_mapping("schnapsen", AFTER_THE_TALON)
    got = solve(state, side=0)
    monkeypatch.setattr(solver_module, "position_bounds", lambda st, side: (INF, -INF))
    without = solve(state, side=0)
    assert without.value == got.value == 2 and got.nodes < without.nodes
