"""What the API refuses is refused at the call, in words naming the argument (docs/api.md,
"What the API refuses") -- not an ``AttributeError``, ``KeyError`` or ``AssertionError`` from
deep inside, as the probe found for each of these (its item 5 and 6 table).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from interpreter import DealState, compiled, find_ruleset, load_record, load_ruleset, play_match, random_playout
from interpreter.core.cards import Card
from interpreter.play.session import TableSession
from interpreter.sim.arena import arena

RS = load_ruleset("schnapsen")


def _deal() -> DealState:
    return DealState.new(RS, 0, 1)


REFUSED: list[tuple[str, Callable[[], Any], type[Exception], str]] = [
    ("random_playout(state, None)", lambda: random_playout(_deal(), None), TypeError, "rng: None is a NoneType, not a random generator"),
    ("random_playout(state, 5)", lambda: random_playout(_deal(), 5), TypeError, "rng: 5 is an int, not a random generator"),
    ("random_playout('x', rng)", lambda: random_playout("x", random.Random(1)), TypeError, "state: 'x' is a str, not a deal"),
    ("random_playout(view, rng)", lambda: random_playout(_deal().view(0), random.Random(1)), TypeError, "is a SeatView, not a deal"),
    ("pop() of a new deal", lambda: _deal().pop(), IndexError, "pop(): nothing to undo"),
    ("pop() of a copy()", lambda: _pushed().copy().pop(), IndexError, "state.copy() and moves made with keep_undo=False"),
    # Schnapsen's deck has no nines: 20 cards, A T K Q J of four suits
    ("deck.index(9C)", lambda: RS.deck.index(Card("9", "C")), ValueError, "9C is not a card of this deck (20 cards: suits C D H S, ranks A T K Q J)"),
    ("declare_result() when over", lambda: random_playout(_deal(), random.Random(3)).declare_result(), ValueError, "declare_result(): the deal is over"),
    ("act before start_deal", lambda: TableSession(RS, 1, ["human", "random"]).act(_deal().legal_actions()[0]), ValueError, "no deal in play: call start_deal() first"),
    ("play_match(rs, None)", lambda: play_match(RS, None, seed=1), TypeError, "agents: None is a NoneType, not a list of agents"),
    ("arena(deals='x')", lambda: arena(RS, "random", "greedy", deals="x", seed=1), TypeError, "deals: 'x' is a str, not a number of deals"),
    ("load_record(5)", lambda: load_record(5), TypeError, "path: 5 is an int, not a file name"),
    ("find_ruleset(5)", lambda: find_ruleset(5), TypeError, "name_or_path: 5 is an int, not a ruleset name"),
    ("load_ruleset(None)", lambda: load_ruleset(None), TypeError, "name_or_path: None is a NoneType, not a ruleset name"),
    ("load_ruleset(5)", lambda: load_ruleset(5), TypeError, "name_or_path: 5 is an int, not a ruleset name"),
    # the compiled build checks a compiled constructor's typed fields itself, in mypyc's words
    # (a card is compiled, the actions are not: docs/api.md, "In the compiled build")
    ("Card(1, 2)", lambda: Card(1, 2), TypeError,  # type: ignore[arg-type]
     "str object expected; got int" if compiled() else "Card(1, 2): a card is two letters"),
]


def _pushed() -> DealState:
    st = _deal()
    st.push_code(st.legal_codes()[0])
    return st


@pytest.mark.parametrize(("what", "call", "kind", "said"), REFUSED, ids=[r[0] for r in REFUSED])
def test_refused_at_the_call_in_words(what: str, call: Callable[[], Any], kind: type[Exception], said: str) -> None:
    with pytest.raises(Exception) as info:
        call()
    assert type(info.value) is kind, (what, type(info.value).__name__, str(info.value))
    assert said in str(info.value), str(info.value)


def test_the_error_of_pop_costs_nothing_while_there_is_a_record() -> None:
    # one push, one pop: the deal is back as dealt (the empty-list check is only on the way out)
    st = _deal()
    hands = list(st.hands)
    st.push_code(st.legal_codes()[0])
    st.pop()
    assert st.hands == hands and st.history == [] and st.undo == []
