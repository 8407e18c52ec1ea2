"""The public entry points off the hot paths refuse a wrong argument in the same words and with
the same exception in the plain and the compiled build (docs/api.md, "What the API refuses").

Typed ``int`` or ``str``, a compiled function (mypyc) checks its arguments itself before its
body runs: it took ``True`` for 1 (a bool is an int to it) and refused text with "int object
expected; got str", a ``TypeError`` where a ``RecordError`` or ``NotationError`` is documented.
These entry points take ``object`` and check in their bodies.  This file runs in the compiled
run too (tools/test_compiled.sh).
"""

from __future__ import annotations

from typing import Any

import pytest

from interpreter import DealState, Match, load_ruleset
from interpreter.core.actions import parse_action
from interpreter.core.cards import Card
from interpreter.core.errors import NotationError, RecordError
from interpreter.engine.build import build_position

RS = load_ruleset("schnapsen")
NA4 = load_ruleset("north-american-4")

#: A Schnapsen position before the first lead (seat 1 dealt, hearts trumps): the keywords
#: that every case below gives, one of them then replaced by a wrong value.
POSITION: dict[str, Any] = {
    "dealer": 1, "hands": ["KH QH AS TC JD", "TH KS QS AD JS"], "stock": "QC TD JC KD QD", "trump": "H", "turnup": "AH",
}


# ----------------------------------------------------------------------------- DealState.new
@pytest.mark.parametrize(("dealer", "said"), [
    (True, "dealer: True is a bool, not a seat (expected a seat 0 to 1)"),
    ("1", "dealer: '1' is a str, not a seat (expected a seat 0 to 1)"),
    (1.0, "dealer: 1.0 is a float, not a seat (expected a seat 0 to 1)"),
])
def test_a_deal_is_dealt_by_a_seat_and_a_bool_is_no_seat(dealer: object, said: str) -> None:
    with pytest.raises(TypeError) as info:
        DealState.new(RS, dealer, 42)
    assert str(info.value) == said


@pytest.mark.parametrize(("seed", "said"), [(True, "True is a bool"), ("42", "'42' is a str"), (4.5, "4.5 is a float")])
def test_a_deal_is_dealt_from_an_int_seed_and_a_bool_is_none(seed: object, said: str) -> None:
    with pytest.raises(TypeError) as info:
        DealState.new(RS, 1, seed)
    assert str(info.value) == f"seed: {said}, not a seed (expected an int, or a random.Random to draw from)"


@pytest.mark.parametrize(("call", "said"), [
    (lambda st: st.hand(True), "seat: True is a bool, not a seat (expected a seat 0 to 1)"),
    (lambda st: st.hand("1"), "seat: '1' is a str, not a seat (expected a seat 0 to 1)"),
    (lambda st: st.side_points(True), "side: True is a bool, not a side (expected a side 0 to 1)"),
    (lambda st: st.side_points(1.0), "side: 1.0 is a float, not a side (expected a side 0 to 1)"),
    (lambda st: st.side_tricks(True), "side: True is a bool, not a side (expected a side 0 to 1)"),
])
def test_a_hand_or_a_sides_totals_are_asked_of_a_seat_or_a_side_never_a_bool(call: Any, said: str) -> None:
    with pytest.raises(TypeError) as info:
        call(DealState.new(RS, 1, 42))
    assert str(info.value) == said


# ----------------------------------------------------------------------------- Match
@pytest.mark.parametrize(("call", "error", "said"), [
    (lambda: Match(RS, True), TypeError, "seed: True is a bool, not a seed (expected an int)"),
    (lambda: Match(RS, "1"), TypeError, "seed: '1' is a str, not a seed (expected an int)"),
    (lambda: Match(RS, 1, dealer=True), TypeError, "dealer: True is a bool, not a seat (expected a seat 0 to 1)"),
    (lambda: Match(RS, 1, dealer="0"), TypeError, "dealer: '0' is a str, not a seat (expected a seat 0 to 1)"),
    (lambda: Match(RS, 1).next_deal(1.5), TypeError, "seed: 1.5 is a float, not a seed (expected an int)"),
    (lambda: Match(RS, 1).next_deal(True), TypeError, "seed: True is a bool, not a seed (expected an int)"),
    (lambda: Match(RS, 1, scores="ab"), TypeError, "scores: 'ab' is a str, not a list of scores (expected 2 whole numbers, one per side)"),
    (lambda: Match(RS, 1, scores=5), TypeError, "scores: 5 is an int, not a list of scores (expected 2 whole numbers, one per side)"),
    (lambda: Match(RS, 1, scores=[1.5, 2**80]), TypeError, "scores[0]: 1.5 is a float, not a score (expected a whole number)"),
    (lambda: Match(RS, 1, scores=[0, True]), TypeError, "scores[1]: True is a bool, not a score (expected a whole number)"),
    (lambda: Match(RS, 1, scores=[1, 2, 3]), ValueError, "scores [1, 2, 3]: expected 2 numbers, one per side"),
    (lambda: Match(RS, 1, deal_seed_bits=True), ValueError, "deal_seed_bits True: expected 32 or 63"),
])
def test_a_match_refuses_a_wrong_argument_where_it_is_given(call: Any, error: type[Exception], said: str) -> None:
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == said


def test_match_scores_are_whole_numbers_of_any_size() -> None:
    # a record's match_scores are any whole numbers (tests/play): a match takes them as they are
    assert Match(RS, 1, scores=[-3, 2**80]).scores == [-3, 2**80]


# ----------------------------------------------------------------------------- notation
def test_a_card_or_an_action_is_read_from_text_only() -> None:
    with pytest.raises(NotationError) as info:
        Card.parse(5)
    assert info.value.message == "cannot read card 5: not text"
    with pytest.raises(NotationError) as info:
        parse_action(5)
    assert info.value.message == "cannot read action 5: not text"


# ----------------------------------------------------------------------------- refusal
@pytest.mark.parametrize("code", ["x", 1.0, True, None, 999])
def test_refusal_takes_only_an_int_code_of_the_ruleset(code: object) -> None:
    # 1.0 and True equal the code 1 (AC), and were taken for it until a shift by 1.0 failed
    st = DealState.new(RS, 1, 42)
    with pytest.raises(ValueError) as info:
        st.refusal(code)
    assert str(info.value) == f"{code!r} is not an action code of schnapsen (expected one of rs.action_of, such as rs.code(action))"


# ----------------------------------------------------------------------------- build_position
@pytest.mark.parametrize(("key", "value", "path", "message", "expected"), [
    ("dealer", "1", "dealer", "wrong type: got string '1'", "a seat from 0 to 1"),
    ("dealer", True, "dealer", "wrong type: got boolean true", "a seat from 0 to 1"),
    ("leader", "0", "leader", "wrong type: got string '0'", "a seat from 0 to 1"),
    ("leader", True, "leader", "wrong type: got boolean true", "a seat from 0 to 1"),
    ("points", [1.5, 0], "points[0]", "wrong type: got number 1.5", "a whole number"),
    ("tricks", [0, True], "tricks[1]", "wrong type: got boolean true", "a whole number"),
    ("drawn", 1.5, "drawn", "1.5 cards drawn from a stock of 5", "0 to 5"),
    ("turnup", 2.5, "turnup", "2.5 is not a card", "a card index, a Card or its notation such as TH"),
    ("trump", 1.5, "trump", "1.5 is not a suit", "one of: C, D, H, S"),
])
def test_build_position_names_the_keyword_of_a_wrong_type(key: str, value: object, path: str, message: str, expected: str) -> None:
    with pytest.raises(RecordError) as info:
        build_position(RS, **{**POSITION, key: value})
    assert (info.value.path, info.value.message, info.value.expected) == (path, message, expected)


def test_build_position_takes_no_bool_or_text_for_a_bid() -> None:
    hands = ["AC TC KC AD TD KD", "QC JC 9C QD JD 9D", "AH TH KH AS TS KS", "QH JH 9H QS JS 9S"]
    for bid, shown in ((True, "true"), ("2", "'2'")):  # shown as a record file would write them
        with pytest.raises(RecordError) as info:
            build_position(NA4, dealer=3, hands=hands, high_bid=bid, declarer=1)
        assert info.value.path == "high_bid" and info.value.message == f"{shown} is not a bid of the north-american-4 ruleset"
