"""A TableSession asked about the deal before ``start_deal()`` refuses in words, as ``act()``
does: a ``ValueError`` naming the call and saying to call ``start_deal()`` first -- never the
bare ``AssertionError`` of an ``assert`` (which ``python -O`` drops, leaving an
``AttributeError`` on ``None``), nor a ``RuntimeError`` where the API says a call out of turn
is a ``ValueError`` (docs/api.md, "What the API refuses")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from interpreter import Declare, load_ruleset
from interpreter.play.session import TableSession

RS = load_ruleset("schnapsen")


def _table() -> TableSession:
    return TableSession(RS, 7, ["human", "greedy"], practice=True)


BEFORE: list[tuple[str, Callable[[TableSession], Any]]] = [
    ("view(seat)", lambda t: t.view(0)),
    ("legal()", lambda t: t.legal()),
    ("explain(action)", lambda t: t.explain(Declare())),
    ("hint(seat)", lambda t: t.hint(0)),
    ("summary_hands()", lambda t: t.summary_hands()),
    ("points_at_end()", lambda t: t.points_at_end()),
]


@pytest.mark.parametrize(("call", "ask"), BEFORE, ids=[b[0] for b in BEFORE])
def test_asked_before_the_first_deal(call: str, ask: Callable[[TableSession], Any]) -> None:
    with pytest.raises(Exception) as info:
        ask(_table())
    assert type(info.value) is ValueError, (type(info.value).__name__, str(info.value))
    assert str(info.value) == f"{call}: no deal in play: call start_deal() first"


def test_the_moves_that_need_no_deal_say_there_is_nothing_to_do() -> None:
    table = _table()
    assert table.bot_step() is False and table.undo() is False and table.actor() is None


def test_out_of_turn_during_a_deal_is_a_value_error() -> None:
    table = _table()
    table.start_deal()  # seat 0, a person, leads the first deal (dealer 1): nothing is over
    with pytest.raises(ValueError, match=r"^summary_hands\(\): the deal is not over"):
        table.summary_hands()
    with pytest.raises(ValueError, match=r"^points_at_end\(\): the deal is not over"):
        table.points_at_end()
    with pytest.raises(ValueError, match=r"^start_deal\(\): the deal in play is not over"):
        table.start_deal()
