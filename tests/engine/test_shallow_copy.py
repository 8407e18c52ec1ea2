"""``copy.copy`` of a deal and of a match gives one of its own, on every bundled ruleset.

The default shallow copy shared the deal's lists (hands, trick, points, history, undo
records) and the match's seed generator, scores and deal: a move on the copy changed the
original (a deal whose actor had nine legal actions was left with one, a match's score and
seeds moved without a deal of its own).  ``copy.copy`` now gives what ``copy.deepcopy`` gives
(docs/api.md): the rules shared, everything that changes copied, the undo records kept.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from interpreter import Match, load_ruleset
from interpreter.core.actions import Play
from interpreter.engine.fields import FIELDS
from interpreter.engine.position import OVER
from interpreter.engine.state import DealState
from interpreter.play.bots import random_playout
from interpreter.rules.resources import bundled_rulesets

RULESETS = sorted(bundled_rulesets())
#: every field a move changes in place: a copy must hold its own (the ``const`` and ``value``
#: fields are immutable values, which a copy may share)
MUTABLE = tuple(f.name for f in FIELDS if f.kind in ("list", "log", "stack"))
VALUES = tuple(f.name for f in FIELDS if f.kind != "stack")


def frozen(state: DealState) -> dict[str, Any]:
    """Every field's value, lists as tuples (recursively): unshared, comparable."""

    def freeze(value: Any) -> Any:
        return tuple(freeze(v) for v in value) if isinstance(value, (list, tuple)) else value

    return {name: freeze(getattr(state, name)) for name in VALUES + ("undo",)}


@pytest.mark.parametrize("name", RULESETS)
def test_a_shallow_copy_of_a_deal_shares_nothing_that_changes(name: str) -> None:
    rs = load_ruleset(name)
    for k in range(12):
        rng = random.Random(f"{name}/{k}")
        state = DealState.new(rs, k % rs.players.count, k)
        while state.phase != OVER:
            state.push_code(rng.choice(state.legal_codes()))
            if rng.random() < 0.25:
                before = frozen(state)
                other = copy.copy(state)
                assert type(other) is DealState
                assert frozen(other) == before  # the same deal, undo records included
                for field in MUTABLE:
                    assert getattr(other, field) is not getattr(state, field), (name, field)
                for mine, theirs in zip(other.undo, state.undo):
                    for a, b in zip(mine, theirs):
                        assert not isinstance(a, list) or a is not b, (name, "undo record list shared")
                # played to its end and undone back to where it started, the copy leaves the
                # original as it was
                depth = 0
                while other.phase != OVER:
                    other.push_code(rng.choice(other.legal_codes()))
                    depth += 1
                assert frozen(state) == before, name
                for _ in range(depth + len(state.undo)):
                    other.pop()
                assert frozen(state) == before, name
                assert other.undo == [] and other.history == []


def test_the_probe_case_a_copy_played_on_leaves_the_original_its_actions() -> None:
    # North American, three seats: three random moves, then one move on a copy.  The original
    # must keep every action it had (the probe saw nine become one) and play out to its end.
    st = DealState.new(load_ruleset("north-american-3"), 0, 5)
    rng = random.Random(1)
    for _ in range(3):
        st.apply(rng.choice(st.legal_actions()))
    legal = st.legal_actions()
    c = copy.copy(st)
    c.apply(c.legal_actions()[0])
    assert st.legal_actions() == legal
    assert len(c.history) == len(st.history) + 1
    random_playout(st, random.Random(2))
    assert st.result is not None


def test_a_shallow_copy_of_a_deal_can_be_undone_as_far_as_the_original() -> None:
    rs = load_ruleset("schnapsen")
    st = DealState.new(rs, 0, 3)
    first = st.legal_actions()[0]
    st.apply(first)
    c = copy.copy(st)
    c.pop()
    assert c.history == [] and c.trick == [] and len(st.history) == 1
    assert isinstance(first, Play) and first.card in c.hand(1)  # back in the leader's hand (seat 1 leads after dealer 0)
    assert first.card not in st.hand(1)


def _finish(match: Match) -> None:
    """Play the deal in play to its end on the first legal code, and count it."""
    st = match.deal
    assert st is not None
    while st.result is None:
        st.push_code(st.legal_codes()[0])
    match.finish_deal()


@pytest.mark.parametrize("when", ["before a deal", "deal counted", "deal in play"])
def test_a_shallow_copy_of_a_match_goes_on_by_itself(when: str) -> None:
    match = Match(load_ruleset("schnapsen"), 3)
    if when != "before a deal":
        match.next_deal()
        _finish(match)
    if when == "deal in play":
        match.next_deal()
        assert match.deal is not None
        match.deal.push_code(match.deal.legal_codes()[0])
    scores, seeds, results = list(match.scores), list(match.deal_seeds), list(match.results)
    history = list(match.deal.history) if match.deal is not None else None
    other = copy.copy(match)
    assert other.rs is match.rs
    assert other.deal is not match.deal or match.deal is None
    # the copy deals on and counts on its own
    if when == "deal in play":
        _finish(other)
    other.next_deal()
    _finish(other)
    other.next_deal()
    assert (match.scores, match.deal_seeds, match.results) == (scores, seeds, results)
    assert (match.deal.history if match.deal is not None else None) == history
    # and the original, played the same way, reaches the same match: the copy's next deal
    # was the one the original deals next
    if when == "deal in play":
        _finish(match)
    match.next_deal()
    _finish(match)
    match.next_deal()
    assert match.deal_seeds == other.deal_seeds and match.scores == other.scores
    assert match.deal is not None and other.deal is not None and match.deal.hands == other.deal.hands
