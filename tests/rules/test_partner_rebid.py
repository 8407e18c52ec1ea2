"""``bidding.partner_rebid_when_overbid`` (reference A27, SW: "if a player is overbid, his
partner may bid again"), on the four-handed North American game: dealer 3, so seats 0, 1, 2,
3 speak in that order; seats 0 & 2 play against 1 & 3.  Every expectation follows the rule
as the schema states it: a bid over an opponent's gives the overbid player's partner one more
call after the round, if he has spoken already; the auction ends at the first pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import DealState, load_ruleset, parse_action
from interpreter.core.errors import RulesetError
from interpreter.engine.position import AUCTION, PLAY


def ruleset(tmp_path: Path, rebid: bool, base: str = "north-american-4"):
    path = tmp_path / "rebid.yaml"
    path.write_text(f"extends: {base}\nname: rebid\nbidding:\n  partner_rebid_when_overbid: {str(rebid).lower()}\n", encoding="utf-8")
    return load_ruleset(path)


def calls(state: DealState, *moves: str) -> None:
    for move in moves:
        state.apply(parse_action(move))


def test_the_overbid_players_partner_bids_again_after_the_round(tmp_path: Path) -> None:
    """0 bids 1, 1 and 2 pass, 3 bids 2 over seat 0: seat 2 (0's partner, who has passed) may
    bid again; his 3 overbids seat 3, so seat 1 (3's partner) may too; his pass ends it: seat 2
    declares 3 and leads."""
    st = DealState.new(ruleset(tmp_path, True), 3, 1)
    calls(st, "bid 1", "pass", "pass", "bid 2")
    assert st.phase == AUCTION and st.to_act == 2
    assert [str(a) for a in st.legal_actions()] == ["pass", "bid 3", "bid 4", "bid 5"]
    calls(st, "bid 3")
    assert st.phase == AUCTION and st.to_act == 1
    calls(st, "pass")
    assert st.phase == PLAY and (st.declarer, st.high_bid, st.leader) == (2, 3, 2)


def test_without_the_option_the_round_ends_it(tmp_path: Path) -> None:
    """The same calls: after the dealer's bid of 2 the auction is over; seat 3 declares."""
    st = DealState.new(ruleset(tmp_path, False), 3, 1)
    calls(st, "bid 1", "pass", "pass", "bid 2")
    assert st.phase == PLAY and (st.declarer, st.high_bid) == (3, 2)


def test_a_partner_who_spoke_after_the_overbid_has_had_his_chance(tmp_path: Path) -> None:
    """0 bids 1, 1 bids 2 over him, 2 (his partner) passes after that overbid, 3 raises his own
    partner to 3 -- no opponent's bid is overbid -- so the round ends it: seat 3 declares 3."""
    st = DealState.new(ruleset(tmp_path, True), 3, 1)
    calls(st, "bid 1", "bid 2", "pass", "bid 3")
    assert st.phase == PLAY and (st.declarer, st.high_bid) == (3, 3)


def test_undo_brings_the_extra_call_back(tmp_path: Path) -> None:
    """pop() after the extra call restores whose call it is and who may still bid again."""
    st = DealState.new(ruleset(tmp_path, True), 3, 1)
    calls(st, "bid 1", "pass", "pass", "bid 2", "bid 3")
    key = st.key()
    calls(st, "pass")
    st.pop()
    assert st.key() == key and st.to_act == 1 and st.overbid == 3


def test_the_option_needs_partners_in_a_single_round(tmp_path: Path) -> None:
    """Three players each for himself have no partner to bid again."""
    with pytest.raises(RulesetError) as info:
        ruleset(tmp_path, True, base="north-american-3")
    assert "a partner bids again only in a single round among partners" in str(info.value)
