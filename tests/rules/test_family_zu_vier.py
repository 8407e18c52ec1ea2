"""66 zu vier Personen (rulesets/house/sechsundsechzig-zu-vier.yaml; reference 6.10, spec.md 4).

Rules checked, each expectation worked out by hand from the YAML and the schema:

* ``trump.selection: named`` with ``if_passed: partner``: the forehand names trump after his first
  packet of 3 or passes the choice to his partner (opposite), who must name -- no pass for him;
  the forehand still leads;
* ``play.head: none``, ``overtrump: not_required``: follow suit with any card of it; void, any trump;
* the last trick counts 10, and ``claim.after_last_trick: auto`` gives the deal to a side that
  reaches 66 with it.

Partners: seats 0 & 2 against 1 & 3.  32 cards (A T K Q J 9 8 7), eight each in 3-2-3.
"""

from __future__ import annotations

import pytest

from interpreter import DealState, IllegalActionError, Pass, load_ruleset, parse_action
from interpreter.engine.build import build_position

RS = load_ruleset("rulesets/house/sechsundsechzig-zu-vier.yaml")

SUITS = {"trump C", "trump D", "trump H", "trump S"}


def texts(actions) -> set[str]:
    return {str(a) for a in actions}


def test_the_forehand_may_pass_the_choice_to_his_partner_who_must_name() -> None:
    """Dealer 0: the forehand is seat 1, his partner seat 3 (spec 4 scenario 1)."""
    st = DealState.new(RS, 0, 5)
    assert st.actor == 1
    assert texts(st.legal_actions()) == {"pass"} | SUITS
    assert len(st.view(1).hand) == 3  # he names after his first packet
    st.apply(Pass())
    assert st.actor == 3 and st.trump_suit() is None
    assert texts(st.legal_actions()) == SUITS  # no pass offered to the partner
    assert len(st.view(3).hand) == 3  # the partner also names from his first three cards
    with pytest.raises(IllegalActionError) as info:
        st.check(Pass())
    assert info.value.rule == "trump.if_passed"
    st.apply(parse_action("trump H"))
    assert st.trump_suit() == "H"
    assert (st.leader, st.actor) == (1, 1)  # the forehand leads, whoever named
    assert len(st.view(1).hand) == 8


def test_the_forehand_may_name_himself() -> None:
    st = DealState.new(RS, 2, 9)  # dealer 2: forehand seat 3
    assert st.actor == 3
    st.apply(parse_action("trump S"))
    assert st.trump_suit() == "S" and (st.leader, st.actor) == (3, 3)


def test_follow_suit_without_heading() -> None:
    """head none: after KH led, AH and 9H are both allowed, JD is not."""
    st = build_position(RS, dealer=0, trump="S", leader=1, trick="KH",
                        hands=["AS TS KS", "AD TD", "AH 9H JD", "QD JC 9C"])
    assert texts(st.legal_actions()) == {"play AH", "play 9H"}


def test_void_must_trump_but_need_not_overtrump() -> None:
    """overtrump not_required: KH led, 9S trumped in; seat 3 void in hearts may play TS or 7S."""
    st = build_position(RS, dealer=0, trump="S", leader=1, trick="KH 9S",
                        hands=["AS KS QS", "AD TD", "AH JD", "TS 7S QD"])
    assert texts(st.legal_actions()) == {"play TS", "play 7S"}


def test_the_last_trick_brings_a_side_to_66() -> None:
    """spec 4 scenario 3 (60-60 in cards, the last trick decides): team 0 has 49, team 1 60;
    seat 2 takes the last trick AS 7S 8S 7D: 49 + 11 + 10 = 70 >= 66; team 1 has 60 >= 33, so
    team 0 scores 1."""
    st = build_position(RS, dealer=3, trump="H", leader=2, hands=["8S", "7D", "AS", "7S"],
                        points=[49, 60, 0, 0], tricks=[4, 3, 0, 0])
    for move in ("play AS", "play 7S", "play 8S", "play 7D"):
        st.apply(parse_action(move))
    assert st.result.winner == 0 and st.result.scores == (1, 0)
