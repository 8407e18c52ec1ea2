"""Values that are no card, action or deal are refused where they are made, in words.

The probe found them accepted and failing later, elsewhere: ``Card("X", "H")`` (whose repr
``Card.parse('XH')`` does not parse back), ``NameTrump("X")`` and ``Bid(-3)`` until applied,
``Action()`` (the base class) with an empty ``NotImplementedError`` from ``apply``, ``check``
and ``str``, ``rs.code("play TC")`` answering ``None``, ``DealState()`` an empty shell whose
methods raised ``AttributeError``, a new attribute on a card or an action
``TypeError: super(type, obj)...`` (a Python 3.11 quirk of frozen dataclasses with slots),
and ``make_agent("x", ...)`` naming no kind it takes.
"""

from __future__ import annotations

import dataclasses

import pytest

from interpreter import Action, Bid, Card, Close, DealState, NameTrump, Pass, Play, load_ruleset, make_agent

RS = load_ruleset("schnapsen")


@pytest.mark.parametrize(("rank", "suit"), [("X", "H"), ("T", "X"), ("", "H"), ("10", "H"), ("t", "h")])
def test_a_card_of_no_rank_or_suit_is_refused(rank: str, suit: str) -> None:
    with pytest.raises(ValueError) as info:
        Card(rank, suit)
    assert str(info.value) == (
        f"Card({rank!r}, {suit!r}): no such card (expected a rank of A T K Q J 9 8 7 and a suit of C D H S, "
        "such as Card('T', 'H'))"
    )


def test_every_rank_and_suit_makes_a_card() -> None:
    assert [str(Card(r, s)) for s in "CDHS" for r in "ATKQJ987"][:9] == ["AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C", "AD"]


def test_a_suit_that_is_no_suit_letter_is_not_named() -> None:
    with pytest.raises(ValueError, match=r"^NameTrump\('X'\): not a suit letter \(expected one of C, D, H, S\)$"):
        NameTrump("X")
    assert str(NameTrump("S")) == "trump S"


def test_a_negative_bid_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^Bid\(-3\): a bid is never negative"):
        Bid(-3)
    assert str(Bid(0)) == "bid 0"


def test_the_base_class_is_no_action() -> None:
    with pytest.raises(TypeError, match=r"^Action\(\) is the base class of the actions, not an action \(expected one of its kinds"):
        Action()
    assert str(Close()) == "close" and str(Pass()) == "pass"  # the kinds without fields still make


@pytest.mark.parametrize("given", ["play TC", None, 1])
def test_the_code_of_what_is_no_action_is_a_type_error(given: object) -> None:
    with pytest.raises(TypeError) as info:
        RS.code(given)  # type: ignore[arg-type]
    assert str(info.value).startswith(f"{given!r} is {'a str' if isinstance(given, str) else 'an int' if given == 1 else 'a NoneType'}, not an action")


def test_an_action_the_ruleset_lacks_has_no_code() -> None:
    assert RS.code(Play(Card.parse("9C"))) is None  # Schnapsen has no nines
    assert RS.code(Play(Card.parse("TC"))) == 1  # AC is card 0, TC card 1


def test_a_deal_is_not_made_without_a_ruleset() -> None:
    with pytest.raises(TypeError, match="rs"):
        DealState()  # type: ignore[call-arg]


@pytest.mark.parametrize(("value", "field"), [(Card.parse("TH"), "rank"), (Play(Card.parse("TH")), "card"), (Close(), None),
                                               (Bid(2), "amount"), (NameTrump("H"), "suit")],
                         ids=["card", "play", "close", "bid", "trump"])
def test_a_new_attribute_is_refused_as_frozen(value: object, field: str | None) -> None:
    """In both builds (a card is compiled, the actions are not)."""
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'extra'"):
        setattr(value, "extra", 1)
    for name in (field, "extra") if field else ("extra",):
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot delete field '{name}'"):
            delattr(value, name)


def test_an_unknown_bot_kind_lists_the_kinds() -> None:
    with pytest.raises(ValueError) as info:
        make_agent("x", RS, 1)
    assert str(info.value) == (
        "unknown bot kind 'x' (expected one of: random, greedy, basic, search, search:easy, search:normal, "
        "search:hard, search:iters=N, search:ms=N, policy:MODULE:NAME, policy:FILE.py:NAME)"
    )
