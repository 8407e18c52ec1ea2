"""A deck's index, a card set and a deal made by its constructor refuse a wrong argument where
it is given, in the same words and with the same exception in the plain and the compiled build
(docs/api.md, "What the API refuses").

The probe found ``rs.deck.index('TC')`` a ``ValueError`` calling the ten of clubs no card of
the deck (plain) or mypyc's ``Card object expected; got str`` (compiled); ``CardSet('x')``,
``CardSet(rs.deck, 'x')`` and ``CardSet(rs.deck, -1)`` accepted or refused as an
``AttributeError``, ``TypeError`` or ``IndexError`` by build; ``DealState(rs)`` an undealt
deal whose ``hand(0)`` was an ``IndexError``, and ``DealState(rs, dealer=5)`` accepted at a
table of two.  This file runs in the compiled run too (tools/test_compiled.sh).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from interpreter import DealState, load_ruleset
from interpreter.core.cards import Card, CardSet

RS = load_ruleset("schnapsen")  # 20 cards (A T K Q J of C D H S): the masks 0 to 2**20 - 1
DECK = RS.deck

REFUSED: list[tuple[str, Callable[[], Any], type[Exception], str]] = [
    ("index('TC')", lambda: DECK.index("TC"), TypeError,
     "deck.index('TC'): the card is a str, not a Card (expected Card.parse('TC'))"),
    ("index(None)", lambda: DECK.index(None), TypeError,
     "deck.index(None): the card is a NoneType, not a Card (expected a Card, such as Card.parse('TC'))"),
    ("index([1])", lambda: DECK.index([1]), TypeError,  # unhashable: the look-up itself fails
     "deck.index([1]): the card is a list, not a Card (expected a Card, such as Card.parse('TC'))"),
    ("index(9C)", lambda: DECK.index(Card("9", "C")), ValueError,
     "9C is not a card of this deck (20 cards: suits C D H S, ranks A T K Q J)"),
    ("CardSet('x')", lambda: CardSet("x"), TypeError,
     "CardSet('x'): the deck is a str, not a Deck (expected a ruleset's deck, such as CardSet(rs.deck, mask) "
     "or CardSet.of(rs.deck, cards))"),
    ("CardSet(deck, 'x')", lambda: CardSet(DECK, "x"), TypeError,
     "CardSet(deck, 'x'): the mask is a str, not a bitmask (expected an int whose bit i stands for card i of "
     "the deck, 0 to 1048575)"),
    ("CardSet(deck, True)", lambda: CardSet(DECK, True), TypeError,
     "CardSet(deck, True): the mask is a bool, not a bitmask (expected an int whose bit i stands for card i of "
     "the deck, 0 to 1048575)"),
    ("CardSet(deck, -1)", lambda: CardSet(DECK, -1), ValueError,
     "CardSet(deck, -1): not a set of the deck's cards (expected a bitmask of its 20 cards, 0 to 1048575)"),
    ("CardSet(deck, 2**20)", lambda: CardSet(DECK, 1 << 20), ValueError,
     "CardSet(deck, 1048576): not a set of the deck's cards (expected a bitmask of its 20 cards, 0 to 1048575)"),
    ("DealState(rs)", lambda: DealState(RS), ValueError,
     "hands: 0 given, expected one per seat (2): make a deal with DealState.new(rs, dealer, seed), "
     "or one from values with build_position(rs, dealer=..., hands=...)"),
    ("DealState(rs, 0, [mask])", lambda: DealState(RS, 0, [0b11111]), ValueError, "hands: 1 given, expected one per seat (2)"),
    ("DealState(rs, dealer=5)", lambda: DealState(RS, dealer=5), ValueError, "dealer 5: expected a seat 0 to 1"),
    ("DealState(rs, -1, hands)", lambda: DealState(RS, -1, [0b11111, 0b11111 << 5]), ValueError, "dealer -1: expected a seat 0 to 1"),
    ("DealState(rs, '1', hands)", lambda: DealState(RS, "1", [0b11111, 0b11111 << 5]), TypeError,
     "dealer: '1' is a str, not a seat (expected a seat 0 to 1)"),
    ("DealState(rs, True, hands)", lambda: DealState(RS, True, [0b11111, 0b11111 << 5]), TypeError,
     "dealer: True is a bool, not a seat (expected a seat 0 to 1)"),
]


@pytest.mark.parametrize(("what", "call", "kind", "said"), REFUSED, ids=[r[0] for r in REFUSED])
def test_refused_where_given_in_the_same_words_by_both_builds(what: str, call: Callable[[], Any], kind: type[Exception], said: str) -> None:
    with pytest.raises(Exception) as info:
        call()
    assert type(info.value) is kind, (what, type(info.value).__name__, str(info.value))
    assert str(info.value).startswith(said), str(info.value)


def test_the_cards_of_the_deck_still_have_their_index() -> None:
    # suit by suit (C D H S), ranks A T K Q J within each: KD is the third card of the second suit
    assert DECK.index(Card.parse("AC")) == 0
    assert DECK.index(Card.parse("TC")) == 1
    assert DECK.index(Card.parse("KD")) == 7
    assert DECK.index(Card.parse("JS")) == 19


def test_a_card_set_is_made_of_any_mask_of_its_deck() -> None:
    assert len(CardSet(DECK)) == 0
    assert str(CardSet(DECK, 0b11)) == "AC TC"
    assert len(CardSet(DECK, (1 << 20) - 1)) == 20
    assert CardSet(deck=DECK, mask=1 << 7) == CardSet.of(DECK, [Card.parse("KD")])


def test_a_deal_built_by_its_constructor_with_a_hand_per_seat_is_played() -> None:
    # seat 1 deals, no talon: seat 0 holds AC TC KC JC AD (no marriage: QC is seat 1's), bits
    # 0 1 2 4 5; seat 1 holds QC and the diamonds T K Q J, bits 3 6 7 8 9.  Seat 0 leads.
    st = DealState(RS, 1, [0b110111, 0b1111001000])
    assert st.dealer == 1 and st.to_act == 0
    assert str(st.hand(0)) == "AC TC KC JC AD" and str(st.hand(1)) == "QC TD KD QD JD"
    assert [str(a) for a in st.legal_actions()] == ["play AC", "play TC", "play KC", "play JC", "play AD"]
