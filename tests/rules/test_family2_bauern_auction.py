"""Bauernschnapsen's open auction of contracts (rulesets/house/bauernschnapsen.yaml; spec.md 5).

Rules checked, each expectation worked out by hand from the YAML and the schema
(``bidding.rounds: until_passes``, ``bidding.all_pass: play``, ``bidding.contracts``):

* the calls go round and round from the forehand; each call outbids the last or passes; a
  player who passed is out (skipped in later rounds); the auction ends when all but the high
  bidder have passed;
* eligibility: bid 2 (Schnapser) only by the forehand or his partner ("Der Schnapser kann nur
  vom Rufer (Vorhand) oder dessen Mitspieler angesagt werden", de.wikipedia); bid 4
  (Bauernschnapser) only by the forehand; bid 5 (Kontraschnapser) only by the forehand's two
  opponents; the forehand's partner has neither 4 nor 5;
* everybody passes: the plain game, the forehand as declarer and leader, nobody sitting out.

Dealer 0, so the forehand is seat 1 (team 1 = seats 1 & 3); his opponents are seats 0 and 2.
Bids: 1 Bettler, 2 Schnapser, 3 Gang, 4 Bauernschnapser, 5 Kontraschnapser.
"""

from __future__ import annotations

import pytest

from interpreter import DealState, load_ruleset, parse_action
from interpreter.core.errors import IllegalActionError
from interpreter.play.record import deal_from_mapping

RS = load_ruleset("rulesets/house/bauernschnapsen.yaml")

HANDS = {
    0: "AH TH KH QH JC",
    1: "AS TS KS QS JH",
    2: "JS JD AC QD KD",
    3: "TC KC QC AD TD",
}


def texts(actions) -> set[str]:
    return {str(a) for a in actions}


def named(trump: str = "S") -> DealState:
    st = deal_from_mapping(RS, {"dealer": 0, "hands": {s: h.split() for s, h in HANDS.items()}})
    assert st.actor == 1  # the forehand names
    st.apply(parse_action(f"trump {trump}"))
    return st


def calls(st: DealState, *moves: str) -> DealState:
    for move in moves:
        st.apply(parse_action(move))
    return st


def test_eligibility_of_each_seat_in_the_first_round() -> None:
    """Seat 1 (forehand): 1-4, no 5.  Seat 2 (opponent): 1, 3, 5 -- not the Schnapser.  Seat 3
    (the forehand's partner): 1, 2, 3.  Seat 0 (opponent): 1, 3, 5."""
    st = named()
    assert st.actor == 1
    assert texts(st.legal_actions()) == {"pass", "bid 1", "bid 2", "bid 3", "bid 4"}
    calls(st, "pass")
    assert st.actor == 2
    assert texts(st.legal_actions()) == {"pass", "bid 1", "bid 3", "bid 5"}
    calls(st, "pass")
    assert st.actor == 3
    assert texts(st.legal_actions()) == {"pass", "bid 1", "bid 2", "bid 3"}
    calls(st, "pass")
    assert st.actor == 0
    assert texts(st.legal_actions()) == {"pass", "bid 1", "bid 3", "bid 5"}


def test_after_trump_and_a_pass_the_other_team_may_not_bid_the_schnapser() -> None:
    """``trump H, pass``: seat 2, of the other team, asks for the Schnapser and is refused; the
    forehand's partner (seat 3), after seat 2 passes, may announce it and plays it."""
    st = calls(named("H"), "pass")
    assert st.actor == 2
    assert not st.is_legal(parse_action("bid 2"))
    with pytest.raises(IllegalActionError) as refused:
        st.apply(parse_action("bid 2"))
    assert refused.value.rule == "bidding.contracts"
    assert "only the forehand or his partner may announce Schnapser" in str(refused.value)
    calls(st, "pass", "bid 2", "pass")
    assert st.declarer == 3 and st.contract is not None and st.contract.name == "schnapser"


def test_a_bid_must_be_higher_and_eligibility_still_applies() -> None:
    """After seat 1 bids 2: seat 2 may bid 3 or 5; seat 3 only 3."""
    st = calls(named(), "bid 2")
    assert texts(st.legal_actions()) == {"pass", "bid 3", "bid 5"}
    calls(st, "pass")
    assert texts(st.legal_actions()) == {"pass", "bid 3"}


def test_round_and_round_a_passed_player_is_out() -> None:
    """1: bid 1, 2: bid 3, 3: pass, 0: pass -> back to seat 1 (not out: he bid), who outbids
    with 4; seat 2 is next (seat 3 and 0 are out and skipped after him) and may only bid 5 or
    pass; he passes: all but seat 1 have passed, the auction is over and seat 1 plays the
    Bauernschnapser (12)."""
    st = calls(named(), "bid 1", "bid 3", "pass", "pass")
    assert st.actor == 1
    assert texts(st.legal_actions()) == {"pass", "bid 4"}
    calls(st, "bid 4")
    assert st.actor == 2
    assert texts(st.legal_actions()) == {"pass", "bid 5"}
    calls(st, "pass")
    assert st.declarer == 1 and st.high_bid == 4
    assert st.contract is not None and st.contract.name == "bauernschnapser" and st.contract.value == 12
    assert st.actor == 1 and st.leader == 1


def test_the_auction_continues_while_two_are_left() -> None:
    """1: bid 1, 2: pass, 3: bid 2, 0: pass; seat 1 passes (out); seat 3 is high and only he
    is left: over, seat 3 declares Schnapser."""
    st = calls(named(), "bid 1", "pass", "bid 2", "pass")
    assert st.actor == 1
    calls(st, "pass")
    assert st.declarer == 3 and st.contract is not None and st.contract.name == "schnapser"
    assert st.sitting_out == (1,)  # his partner lays his cards down


def test_a_lone_bid_with_everybody_else_passing_ends_at_once() -> None:
    st = calls(named(), "pass", "bid 1", "pass", "pass")
    assert st.declarer == 2 and st.contract is not None and st.contract.name == "bettler"
    assert st.leader == 2 and st.actor == 2


def test_all_pass_is_the_plain_game_of_the_forehand() -> None:
    """bidding.all_pass play: no contract, seat 1 declares the plain game and leads; four cards
    a trick (nobody sits out); trump stays the named suit."""
    st = calls(named("S"), "pass", "pass", "pass", "pass")
    assert st.contract is None and st.declarer == 1
    assert st.sitting_out == () and st.actor == 1
    assert st.trump_suit() == "S"
    calls(st, "play AS")
    assert st.actor == 2
    calls(st, "play JS")
    assert st.actor == 3
    calls(st, "play TD")
    assert st.actor == 0
    calls(st, "play JC")
    # AS 11 + JS 2 + TD 10 + JC 2 = 25 to seat 1's team
    assert st.tricks_played == 1 and st.points[1] == 25


def test_deal_order_three_then_two_from_the_forehand() -> None:
    """spec 5 scenario 1, dealer 0: cards 1-3 -> seat 1, 4-6 -> 2, 7-9 -> 3, 10-12 -> 0, then
    13-14 -> 1, 15-16 -> 2, 17-18 -> 3, 19-20 -> 0 (deal positions 0..19)."""
    seat_at, _, rest = RS.deal_plans[0]
    firsts = [1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0]
    seconds = [1, 1, 2, 2, 3, 3, 0, 0]
    assert list(seat_at) == list(enumerate(firsts + seconds)) and rest == 20


def test_the_forehand_names_from_three_cards_or_turns_his_next() -> None:
    """if_passed turn_next ("Aufschlagen"): the forehand sees 3 cards and may pass; the first
    card of his second packet is turned: its suit is trump, it stays in his hand, everybody
    sees it; then the auction starts with him."""
    st = DealState.new(RS, 0, 5)
    assert st.actor == 1
    assert texts(st.legal_actions()) == {"pass", "trump C", "trump D", "trump H", "trump S"}
    before = {str(c) for c in st.view(1).hand}
    assert len(before) == 3
    st.apply(parse_action("pass"))
    turned = st.rs.deck.cards[st.turned]
    assert str(turned) not in before and turned in st.hand(1)
    assert st.trump_suit() == str(turned)[1]
    assert turned in st.view(2).known[1]
    assert st.actor == 1 and "bid 1" in texts(st.legal_actions())
