"""The engine's values copy, deep-copy and pickle the same in the plain and the compiled build.

The compiled classes (mypyc) have neither the frozen dataclasses' pickling nor a constructor
without arguments for ``copy``'s default: before their ``__reduce__``, ``__copy__`` and
``__deepcopy__`` were written out, a compiled card could not be deep-copied ("cannot assign to
field 'rank'"), a hand or a view neither ("__init__() missing required argument 'suits'"), a
match not at all, and a deal's result, whose words may be a local function, not even in the
plain build.  This file runs in the compiled run too (tools/test_compiled.sh).
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from interpreter import Match, load_ruleset
from interpreter.core.actions import (
    Bid,
    Close,
    CloseBeforeDraw,
    Continue,
    Declare,
    Discard,
    Double,
    Exchange,
    Marry,
    NameTrump,
    Pass,
    Play,
    Redouble,
)
from interpreter.core.cards import Card, CardSet
from interpreter.play.posstring import parse_position

RS = load_ruleset("schnapsen")

#: Schnapsen: seat 1 dealt, hearts trumps, each seat has won a trick (seat 0 15 points, seat 1
#: 12) and seat 0 leads (tests/play/test_position_string.py's MARRIAGE).
POSITION = (
    "dealer=1 trump=H turnup=AH hands=TC,JD,KH,QH,AS/AD,TH,KS,QS,JS stock=QC,TD,JC,KD,QD "
    "leader=0 points=15/12 tricks=1/1"
)

COPIES: list[tuple[str, Callable[[Any], Any]]] = [
    ("copy", copy.copy),
    ("deepcopy", copy.deepcopy),
    ("pickle", lambda value: pickle.loads(pickle.dumps(value))),
]

ACTIONS = [
    Play(Card("T", "C")), Marry(Card("K", "H")), Discard(Card("9", "S")), Bid(3), NameTrump("H"),
    Exchange(), Close(), CloseBeforeDraw(), Declare(), Pass(), Double(), Redouble(), Continue(),
]


@pytest.mark.parametrize(("how", "make"), COPIES, ids=[c[0] for c in COPIES])
def test_a_card_and_every_kind_of_action_come_back_equal(how: str, make: Callable[[Any], Any]) -> None:
    card = Card("T", "H")
    again = make(card)
    assert again == card and str(again) == "TH" and again.rank == "T" and again.suit == "H"
    for action in ACTIONS:
        back = make(action)
        assert back == action and type(back) is type(action) and str(back) == str(action)
    assert make(ACTIONS) == ACTIONS  # inside a list: what a bot's memo or a learner's buffer holds


def test_a_copy_of_an_immutable_value_is_the_value_itself() -> None:
    st = parse_position(RS, POSITION)
    for value in (Card("A", "S"), Play(Card("A", "S")), Bid(2), Close(), st.hand(0), RS.deck, st.view(0)):
        assert copy.copy(value) is value
        assert copy.deepcopy(value) is value


@pytest.mark.parametrize(("how", "make"), COPIES, ids=[c[0] for c in COPIES])
def test_a_hand_comes_back_with_the_same_cards(how: str, make: Callable[[Any], Any]) -> None:
    hand = parse_position(RS, POSITION).hand(0)
    back = make(hand)
    assert back == hand
    assert [str(c) for c in back] == ["TC", "JD", "KH", "QH", "AS"]  # deck order: clubs, diamonds, hearts, spades
    assert back.mask == hand.mask


def test_a_pickled_deck_has_the_same_cards_and_points() -> None:
    deck = pickle.loads(pickle.dumps(RS.deck))
    assert deck.cards == RS.deck.cards
    # Schnapsen: A 11, T 10, K 4, Q 3, J 2 in every suit
    assert deck.points == (11, 10, 4, 3, 2) * 4 and deck.total_points == 120
    assert CardSet(deck, 0b11) == CardSet(RS.deck, 0b11)  # a set of the pickled deck equals one of the ruleset's


@pytest.mark.parametrize(("how", "make"), COPIES, ids=[c[0] for c in COPIES])
def test_a_deal_result_comes_back_with_its_words(how: str, make: Callable[[Any], Any]) -> None:
    st = parse_position(RS, POSITION)
    st.apply(Declare())  # seat 0 declares with 15 points: the opponent, who has a trick, scores 2
    result = st.result
    assert result is not None
    back = make(result)
    assert back == result
    assert back.scores == (0, 2) and back.winner == 1
    assert back.reason == result.reason and "15" in back.reason


@pytest.mark.parametrize("how", ["copy", "deepcopy"])
def test_a_view_copies_as_itself(how: str) -> None:
    view = parse_position(RS, POSITION).view(0)
    back = copy.copy(view) if how == "copy" else copy.deepcopy(view)
    assert back == view and back.hand == view.hand


def _match_in_play() -> Match:
    """A match of seed 5 with one deal counted and the next one card in (with its undo record)."""
    match = Match(RS, 5)
    st = match.next_deal()
    while st.result is None:
        st.push_code(st.legal_codes()[0])
    match.finish_deal()
    st = match.next_deal()
    st.push_code(st.legal_codes()[0])
    return match


def test_a_shallow_copy_of_a_match_has_a_deal_of_its_own() -> None:
    # copy.copy once shared the deal, scores and seed generator: the copy's moves were the
    # original's (tests/engine/test_shallow_copy.py plays both on)
    match = _match_in_play()
    other = copy.copy(match)
    assert other.rs is match.rs and other.deal is not match.deal and other.scores is not match.scores
    assert (other.seed, other.dealer, other.deal_seeds, other.results) == (match.seed, match.dealer, match.deal_seeds, match.results)
    assert other.deal is not None and match.deal is not None and other.deal.history == match.deal.history


def test_a_deep_copy_of_a_match_goes_on_as_the_match_would() -> None:
    match = _match_in_play()
    other = copy.deepcopy(match)
    assert other.rs is match.rs  # the rules are shared: never changed once loaded
    assert other.deal is not match.deal and other.scores is not match.scores
    assert other.scores == match.scores and other.results == match.results and other.deal_seeds == match.deal_seeds
    assert other.deal is not None and match.deal is not None
    assert other.deal.hands == match.deal.hands and other.deal.history == match.deal.history
    other.deal.pop()  # the undo record came along
    assert len(other.deal.history) == 0 and len(match.deal.history) == 1
    other.deal.push_code(other.deal.legal_codes()[0])
    for m in (match, other):  # both play the deal out the same way and deal the same next deal
        st = m.deal
        assert st is not None
        while st.result is None:
            st.push_code(st.legal_codes()[0])
        m.finish_deal()
        m.next_deal()
    assert other.scores == match.scores and other.deal_seeds == match.deal_seeds
    assert other.deal is not None and match.deal is not None and other.deal.hands == match.deal.hands



def test_a_deep_copy_of_a_deal_shares_the_rules_and_goes_on_by_itself() -> None:
    # the ruleset and its tables are immutable and held by identity (a view compares its
    # ruleset with ``is``): copied, the copy's views would be of another game; and the compiled
    # tables cannot be copied field by field
    st = parse_position(RS, POSITION)
    st.apply(Play(Card("T", "C")))  # seat 0 leads TC, with its undo record
    other = copy.deepcopy(st)
    assert other.rs is st.rs and other.t is st.t
    assert other.hands == st.hands and other.history == st.history and other.view(1) == st.view(1)
    other.pop()  # the undo record came along, and is the copy's own
    assert other.trick == [] and st.trick == [RS.deck.index(Card("T", "C"))]
    assert other.hand(0) == parse_position(RS, POSITION).hand(0)
