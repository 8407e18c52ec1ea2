"""A card set is immutable: hashable, it cannot be changed inside the sets that hold it.

The probe assigned ``mask`` of a copy (a copy of a set is the set itself) and emptied the
hand it came from, which then was no longer found in a set it had been put in.  Assignment
is refused in both builds (this file runs in the compiled run too).
"""

from __future__ import annotations

import copy

import pytest

from interpreter import DealState, load_ruleset


@pytest.mark.parametrize("field", ["mask", "deck"])
def test_a_card_set_refuses_assignment(field: str) -> None:
    hand = DealState.new(load_ruleset("schnapsen"), 1, 42).hand(0)
    held = {hand}
    cards = [str(c) for c in hand]
    with pytest.raises(AttributeError):
        setattr(copy.copy(hand), field, 0)
    assert len(hand) == 5 and [str(c) for c in hand] == cards  # Schnapsen deals five cards a seat
    assert hand in held


def test_a_card_set_takes_no_new_attribute() -> None:
    hand = DealState.new(load_ruleset("schnapsen"), 1, 42).hand(0)
    # an AttributeError in the compiled build; a TypeError from the frozen dataclass's own
    # __setattr__ in the plain one (Python's dataclasses with slots=True and frozen=True, as
    # for Card): refused either way
    with pytest.raises((AttributeError, TypeError)):
        hand.cards = ()  # type: ignore[attr-defined]
