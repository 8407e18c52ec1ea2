"""App Schnapsen (rulesets/house/app-schnapsen.yaml): the three app-style rules, one test each.

* ``marriage.lead_card: first_rank`` -- a marriage is announced only by leading the king;
* ``marriage.counts_after: own_next_trick`` -- its points wait for the marrier's next won
  trick, even when he already holds tricks;
* ``claim.automatic: true`` -- nobody declares; the deal ends by itself after the trick that
  brings a player to 66, scored as a correct declaration.

Everything else is Schnapsen.  Every expected value was worked out by hand from the rules;
comments show the arithmetic.  Card points: A 11, T 10, K 4, Q 3, J 2.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from interpreter import load_ruleset, parse_action
from interpreter.engine.build import build_position
from interpreter.play.record import apply_recorded, deal_from_mapping
from interpreter.search.sampling import sample_world

from .helpers import P_MARRY, SCH, illegal_rule, legal, play, position, result, ruleset, snapshot

APP = "house/app-schnapsen"

# Late in the deal, talon of 2 (stock JD + turn-up AH, trump hearts); seat 0 is on lead and has
# won all 4 tricks: AS TS AD TD KS QS KD QD = 11+10+11+10+4+3+4+3 = 56 points.
P_NEAR: dict[str, Any] = dict(
    dealer=1,
    hands={0: "AC TC KH QC JS", 1: "KC JC TH QH JH"},
    trump_card="AH",
    stock="JD",
    start={"leader": 0, "card_points": [56, 0], "tricks_won": [4, 0], "closed": False},
)


# --------------------------------------------------------------------------- the ruleset
def test_app_schnapsen_states_the_three_rules() -> None:
    rs = ruleset(APP)
    assert rs.marriage.lead_card == "first_rank"
    assert rs.marriage.counts_after == "own_next_trick"
    assert rs.claim.automatic is True
    base = ruleset(SCH)  # Schnapsen itself keeps today's rules
    assert (base.marriage.lead_card, base.marriage.counts_after, base.claim.automatic) == ("either", "own_trick", False)


# --------------------------------------------------------------------------- marriage.lead_card
def test_marriage_is_announced_with_the_king_only() -> None:
    # Seat 0 may play any of his five cards, announce the spade marriage with KS (not with QS),
    # exchange the trump jack (talon 4 >= 3) and close (talon 4 >= 3).  No declare: nobody
    # declares in this game.
    state = position(APP, **P_MARRY)
    assert legal(state) == ["close", "exchange", "marry KS", "play AC", "play JH", "play KS", "play QS", "play TD"]
    # In Schnapsen the same seat may also marry with the queen, and declare (he won the last trick).
    base = position(SCH, **P_MARRY)
    assert legal(base) == ["close", "declare", "exchange", "marry KS", "marry QS", "play AC", "play JH", "play KS", "play QS", "play TD"]


def test_marrying_with_the_queen_is_refused_by_lead_card() -> None:
    state = position(APP, **P_MARRY)
    assert illegal_rule(state, "marry QS") == "marriage.lead_card"


# --------------------------------------------------------------------------- marriage.counts_after
def test_marriage_waits_for_the_marriers_next_trick_even_with_tricks() -> None:
    state = position(APP, **P_MARRY)
    play(state, "marry KS")
    # 20 announced (spades are plain), but seat 0 already holding 2 tricks does not make it count.
    assert state.card_points() == [21, 10]
    # Seat 1 trumps with TH: 4 + 10 = 14 for seat 1 (10 + 14 = 24); the marriage still waits.
    play(state, "play TH")
    assert state.card_points() == [21, 24]
    # Draw: seat 1 takes QH, seat 0 takes AS.  Seat 1 leads JC, seat 0 wins with AC:
    # 2 + 11 = 13, so 21 + 13 = 34 in tricks, and now the 20 count: 54.
    play(state, "play JC", "play AC")
    assert state.card_points() == [54, 24]


def test_the_trick_led_with_the_marriage_makes_it_count() -> None:
    state = position(APP, **P_MARRY)
    # KS led, seat 1 throws JC (no spade; talon open, so no duty): seat 0 wins 4 + 2 = 6,
    # 21 + 6 = 27 in tricks, plus the 20 that now count: 47.
    play(state, "marry KS", "play JC")
    assert state.card_points() == [47, 10]


def test_a_pending_marriage_is_undone_seen_and_sampled_exactly() -> None:
    state = position(APP, **P_MARRY)
    before, key = snapshot(state), state.key()
    state.push(parse_action("marry KS"))
    state.push(parse_action("play TH"))  # 20 pending for seat 0, as above
    assert state.card_points() == [21, 24]
    waiting, wait_key = snapshot(state), state.key()
    # the trick that makes it count, then back: undo restores the wait exactly
    state.push(parse_action("play JC"))
    state.push(parse_action("play AC"))
    assert state.card_points() == [54, 24]
    state.pop()
    state.pop()
    assert snapshot(state) == waiting and state.key() == wait_key
    # a copy, the other seat's view and a world sampled from that view all keep the wait
    copy = state.copy()
    assert copy.card_points() == [21, 24] and copy.key() == wait_key
    view = state.view(1)
    assert view.seat_points[0] == 21
    world = sample_world(view, random.Random(3))
    assert world.card_points() == [21, 24]
    assert world.meld_wait == [20, 0]
    state.pop()
    state.pop()
    assert snapshot(state) == before and state.key() == key


def test_build_position_takes_the_waiting_points() -> None:
    rs = load_ruleset(APP)
    # seat 0 announced 20 (already in meld) that still wait: he has 21 in tricks, counted 21.
    state = build_position(
        rs, dealer=1, hands=["JH QS AC TD", "TH KC JC AD QD"], stock=["QH", "AS", "KD"], turnup="AH",
        leader=0, trick=["KS"], points=[21, 10], tricks=[2, 1], meld=[20, 0], meld_wait=[20, 0],
        known=[["QS"], []],
    )
    assert state.card_points() == [21, 10]
    play(state, "play JC")  # seat 0 wins 4 + 2: 27 + 20 = 47
    assert state.card_points() == [47, 10]


# --------------------------------------------------------------------------- claim.automatic
def test_the_trick_that_reaches_66_ends_the_deal() -> None:
    state = position(APP, **P_NEAR)
    assert "declare" not in legal(state)
    # AC led, KC thrown: 11 + 4 = 15, 56 + 15 = 71 >= 66.  Seat 1 has no trick: 3 game points.
    play(state, "play AC", "play KC")
    assert state.is_over
    assert result(state) == (0, 3)
    assert state.card_points() == [71, 0]


def test_no_declaring_before_66_and_the_deal_goes_on() -> None:
    state = position(APP, **P_NEAR)
    # AC led, seat 1 trumps with JH: 11 + 2 = 13 for seat 1, far from 66.  Nothing ends, and
    # seat 1 is not offered a declaration: he draws JD (seat 0 the turn-up AH) and leads.
    play(state, "play AC", "play JH")
    assert not state.is_over
    assert state.card_points() == [56, 13]
    assert legal(state) == ["play JC", "play JD", "play KC", "play QH", "play TH"]


def test_in_schnapsen_the_same_trick_only_entitles_to_declare() -> None:
    state = position(SCH, **P_NEAR)
    play(state, "play AC", "play KC")
    assert not state.is_over
    assert "declare" in legal(state)

# Record and replay of whole matches: tests/authoring/test_house_play.py plays and replays every
# house ruleset, this one included (the automatic end is never a move of the record).


# P_NEAR with the trump marriage in seat 0's hand (KH QH; seat 1 holds QC instead of QH).
P_NEAR_MARRIAGE: dict[str, Any] = dict(
    P_NEAR, hands={0: "AC TC KH QH JS", 1: "KC JC TH QC JH"},
)


def test_a_waiting_marriage_ends_the_deal_with_the_trick_that_counts_it() -> None:
    state = position(APP, **P_NEAR_MARRIAGE)
    # KH announces the trump marriage (40): it waits, so 56 < 66 and nothing ends yet.
    play(state, "marry KH")
    assert not state.is_over and state.card_points() == [56, 0]
    # JC thrown: 4 + 2 = 6, 56 + 6 = 62 in tricks, + 40 now counting = 102 >= 66; seat 1 has
    # no trick: 3 game points.
    play(state, "play JC")
    assert state.is_over
    assert result(state) == (0, 3)
    assert state.card_points() == [102, 0]


def test_a_counting_marriage_that_reaches_66_ends_the_deal_at_once(tmp_path: Path) -> None:
    # Schnapsen with only claim.automatic: a marriage counts at once for a seat holding a trick,
    # and claim.after_marriage lets a marriage take a player out.
    (tmp_path / "auto.yaml").write_text("extends: schnapsen\nname: auto\nclaim: {automatic: true}\n", encoding="utf-8")
    rs = load_ruleset(tmp_path / "auto.yaml")
    state = deal_from_mapping(rs, {**P_NEAR_MARRIAGE, "hands": {0: P_NEAR_MARRIAGE["hands"][0].split(), 1: P_NEAR_MARRIAGE["hands"][1].split()},
                                   "stock": ["JD"]})
    # 56 + 40 = 96 >= 66 the moment KH is led with the marriage; seat 1 has no trick: 3.
    apply_recorded(state, parse_action("marry KH"))
    assert state.is_over
    assert state.result is not None and (state.result.winner, state.result.game_points) == (0, 3)
    assert state.history and len(state.history) == 1  # the marriage is the only move
