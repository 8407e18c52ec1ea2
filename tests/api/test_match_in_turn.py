"""A ``Match`` deals in turn -- ``next_deal()``, the deal played to its end, ``finish_deal()`` --
and refuses to go out of turn with a ``ValueError`` that says what to call: a deal counted
twice (Schnapsen scores [0, 3] would become [0, 6]), a deal dropped unfinished by the next
one, a deal counted before its end (an ``assert`` before, gone under ``python -O``)."""

from __future__ import annotations

import random

import pytest

from interpreter import DealState, Match, load_ruleset, random_playout

RS = load_ruleset("schnapsen")


def played_out(state: DealState, seed: int = 0) -> DealState:
    return random_playout(state, random.Random(seed))


def test_a_deal_is_counted_once() -> None:
    match = Match(RS, 5)
    result = played_out(match.next_deal()).result
    assert result is not None
    match.finish_deal()
    after = list(match.scores)
    assert after == list(result.scores)  # 0 to start with, plus the deal
    with pytest.raises(ValueError) as info:
        match.finish_deal()
    assert str(info.value) == "this deal is counted already: finish_deal() once per deal, then next_deal()"
    assert match.scores == after and len(match.results) == 1


def test_a_deal_is_counted_only_once_it_is_over() -> None:
    match = Match(RS, 5)
    with pytest.raises(ValueError) as info:
        match.finish_deal()
    assert str(info.value) == "no deal to finish: call next_deal() and play the deal to its end first"
    match.next_deal()
    with pytest.raises(ValueError) as info:
        match.finish_deal()
    assert str(info.value) == "the deal in play is not over: finish_deal() comes after its last action"
    assert match.scores == [0, 0] and match.results == []


def test_the_next_deal_waits_for_the_last_to_be_played_and_counted() -> None:
    match = Match(RS, 5)
    deal = match.next_deal()
    with pytest.raises(ValueError) as info:
        match.next_deal()
    assert str(info.value) == "the deal in play is not over: play it to its end and call finish_deal() before next_deal()"
    played_out(deal)
    with pytest.raises(ValueError) as info:
        match.next_deal()
    assert str(info.value) == "the deal in play is over but not counted: call finish_deal() before next_deal()"
    assert match.deal is deal and len(match.deal_seeds) == 1
    match.finish_deal()
    assert match.next_deal() is not deal and len(match.deal_seeds) == 2
