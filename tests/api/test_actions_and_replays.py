"""Actions are made of the right values (``Play("TC")`` is refused when it is made, not by the
engine as a card of no deck), what is not an action is refused as such, an action the game
does not have by the rule that says so, a code that is none of the ruleset's is no question
for ``refusal``, and a replay stops after a whole number of moves, 0 or more.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from interpreter import (
    Bid,
    Card,
    DealState,
    IllegalActionError,
    Marry,
    NameTrump,
    Play,
    deal_from_mapping,
    load_record,
    load_ruleset,
    replay,
)
from interpreter.core.actions import Discard

RS = load_ruleset("schnapsen")


@pytest.mark.parametrize(("make", "said"), [
    (lambda: Play("TC"), "Play('TC'): the card is a str, not a Card (expected Card.parse('TC'))"),
    (lambda: Marry(None), "Marry(None): the card is a NoneType, not a Card (expected a Card, such as Card.parse('TC'))"),
    (lambda: Discard(3), "Discard(3): the card is an int, not a Card (expected a Card, such as Card.parse('TC'))"),
    (lambda: Bid("x"), "Bid('x'): the amount is a str, not a whole number (expected a bid such as Bid(3))"),
    (lambda: NameTrump(2), "NameTrump(2): the suit is an int, not a suit letter (expected one of C, D, H, S)"),
])
def test_an_action_is_made_of_the_right_values(make: Any, said: str) -> None:
    with pytest.raises(TypeError) as info:
        make()
    assert str(info.value) == said


def test_text_or_none_is_no_action_to_check() -> None:
    state = DealState.new(RS, 1, 42)
    with pytest.raises(TypeError) as info:
        state.check("play TC")  # type: ignore[arg-type]
    assert str(info.value) == "'play TC' is a str, not an action (expected parse_action('play TC'))"
    with pytest.raises(TypeError):
        state.is_legal(None)  # type: ignore[arg-type]
    assert state.is_legal(Play(Card.parse("TC"))) and not state.is_legal(Play(Card.parse("AS")))


def test_an_action_the_game_does_not_have_is_refused_by_the_rule_that_says_so() -> None:
    state = DealState.new(RS, 1, 42)
    for action, rule, said in [
        (NameTrump("H"), "trump.selection", "trump is not named in this game"),
        (Discard(Card.parse("TC")), "deal.widow.to", "no card is laid away now"),
        (Play(Card.parse("9H")), "deck.ranks", "9H is not a card of this deck"),
    ]:
        with pytest.raises(IllegalActionError) as info:
            state.check(action)
        assert (info.value.rule, info.value.message) == (rule, said)


def test_a_refusal_is_asked_of_an_action_code_of_the_ruleset() -> None:
    state = DealState.new(RS, 1, 42)
    with pytest.raises(ValueError) as info:
        state.refusal(999)
    assert str(info.value) == "999 is not an action code of schnapsen (expected one of rs.action_of, such as rs.code(action))"
    refused = state.refusal(RS.code(Play(Card.parse("AS"))))  # seat 0 does not hold AS
    assert refused is not None and refused.rule == "play"


# ----------------------------------------------------------------------------- positions and replays


def test_a_position_is_read_from_a_mapping() -> None:
    with pytest.raises(TypeError) as info:
        deal_from_mapping(RS, None)  # type: ignore[arg-type]
    assert str(info.value) == (
        "mapping: None is a NoneType, not a mapping (expected a dict of a record's keys, such as {'dealer': 1, 'seed': 42})"
    )


def test_a_replay_stops_after_a_whole_number_of_moves(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text("ruleset: schnapsen\ndealer: 1\nseed: 42\nmoves: [play TC, play KC]\n", encoding="utf-8")
    record = load_record(path)
    with pytest.raises(ValueError) as info:
        replay(record, until=-1)
    assert str(info.value) == "until -1: expected a number of moves, 0 or more (or None for all)"
    with pytest.raises(TypeError) as refused:
        replay(record, until=2.5)  # type: ignore[arg-type]
    assert str(refused.value) == "until: 2.5 is a float, not a number of moves (expected a whole number, 0 or more, or None for all)"
    assert len(replay(record, until=1).state.actions_made()) == 1
    with pytest.raises(TypeError) as refused:
        replay("r.yaml")  # type: ignore[arg-type]
    assert str(refused.value) == "record: 'r.yaml' is a str, not a Record (expected what load_record returns)"
