"""Card and action notation (record-format.md section 1): reading, canonical output, errors."""

from __future__ import annotations

import doctest
import itertools

import pytest

import interpreter.core.notation
from interpreter.core.errors import NotationError, RulesError
from interpreter.core.notation import (
    ACTION_KINDS,
    RANKS,
    SUITS,
    ParsedAction,
    format_card,
    parse_action,
    parse_card,
)

CARD_EXPECTED = "rank A T K Q J 9 8 7 (or 10) followed by suit C D H S, e.g. TH"
ACTIONS_EXPECTED = (
    "one of: play XY, marry XY, exchange, close, close before-draw, declare, bid N, pass, trump S, discard XY, "
    "double, redouble"
)


# --- cards ----------------------------------------------------------------------------


@pytest.mark.parametrize(("rank", "suit"), list(itertools.product(RANKS, SUITS)))
def test_every_card_round_trips(rank: str, suit: str) -> None:
    text = rank + suit
    assert parse_card(text) == (rank, suit)
    assert parse_card(text.lower()) == (rank, suit)
    assert format_card(parse_card(text)) == text


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("10H", ("T", "H")),
        ("10h", ("T", "H")),
        ("th", ("T", "H")),
        ("tH", ("T", "H")),
        (" qs ", ("Q", "S")),
        ("\tAd\n", ("A", "D")),
        ("9c", ("9", "C")),
        ("7S", ("7", "S")),
    ],
)
def test_card_spellings(text: str, card: tuple[str, str]) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize(
    "text", ["XH", "AX", "A", "H", "", "   ", "AHH", "A H", "10", "1H", "6H", "0H", "AH,", "play AH"]
)
def test_bad_cards(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(text)
    assert info.value.message == f"cannot read card '{text.strip()}'"
    assert info.value.expected == CARD_EXPECTED


def test_bad_card_str() -> None:
    with pytest.raises(NotationError) as info:
        parse_card("XH")
    assert str(info.value) == f"cannot read card 'XH' (expected {CARD_EXPECTED})"
    assert isinstance(info.value, RulesError)


def test_card_that_is_not_text() -> None:
    with pytest.raises(NotationError) as info:
        parse_card(10)  # type: ignore[arg-type]
    assert info.value.message == "cannot read card 10: not text"


def test_long_card_text_is_shortened() -> None:
    with pytest.raises(NotationError) as info:
        parse_card("A" * 200)
    assert info.value.message == f"cannot read card '{'A' * 61}...'"


# --- actions --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "card", "amount", "canonical"),
    [
        ("play TH", "play", ("T", "H"), None, "play TH"),
        ("play 10h", "play", ("T", "H"), None, "play TH"),
        ("PLAY   ks", "play", ("K", "S"), None, "play KS"),
        ("Play\t9C", "play", ("9", "C"), None, "play 9C"),
        ("marry KH", "marry", ("K", "H"), None, "marry KH"),
        ("mArRy qd", "marry", ("Q", "D"), None, "marry QD"),
        ("exchange", "exchange", None, None, "exchange"),
        ("EXCHANGE", "exchange", None, None, "exchange"),
        ("close", "close", None, None, "close"),
        ("close before-draw", "close_before_draw", None, None, "close before-draw"),
        ("  Close   BEFORE-draw  ", "close_before_draw", None, None, "close before-draw"),
        ("declare", "declare", None, None, "declare"),
        ("bid 3", "bid", None, 3, "bid 3"),
        ("BID  12", "bid", None, 12, "bid 12"),
        ("bid 03", "bid", None, 3, "bid 3"),
        ("pass", "pass", None, None, "pass"),
        (" Pass ", "pass", None, None, "pass"),
    ],
)
def test_actions(
    text: str, kind: str, card: tuple[str, str] | None, amount: int | None, canonical: str
) -> None:
    action = parse_action(text)
    assert action == ParsedAction(kind, card, amount)
    assert action.canonical() == canonical
    assert str(action) == canonical
    assert parse_action(canonical) == action  # canonical text reads back the same


def test_every_play_round_trips() -> None:
    for rank, suit in itertools.product(RANKS, SUITS):
        for verb in ("play", "marry"):
            text = f"{verb} {rank}{suit}"
            assert parse_action(text).canonical() == text
            assert parse_action(text.lower()).canonical() == text


def test_parsed_action_is_immutable_and_hashable() -> None:
    action = parse_action("play AS")
    with pytest.raises(AttributeError):
        action.kind = "pass"  # type: ignore[misc]
    assert {action, parse_action("PLAY as")} == {action}
    assert action.kind in ACTION_KINDS


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("plya AS", ACTIONS_EXPECTED + "; did you mean 'play'?"),
        ("pas", ACTIONS_EXPECTED + "; did you mean 'pass'?"),
        ("declair", ACTIONS_EXPECTED + "; did you mean 'declare'?"),
        ("fold", ACTIONS_EXPECTED),
        ("AS", ACTIONS_EXPECTED + "; did you mean 'play AS'?"),
        ("10h", ACTIONS_EXPECTED + "; did you mean 'play TH'?"),
        ("clsoe", ACTIONS_EXPECTED + "; did you mean 'close'?"),
        ("", ACTIONS_EXPECTED),
        ("play", "'play' and a card: " + CARD_EXPECTED.replace("e.g. TH", "e.g. play TH")),
        ("play XH", "'play' and a card: " + CARD_EXPECTED.replace("e.g. TH", "e.g. play TH")),
        ("playAS", "'play' and a card: " + CARD_EXPECTED.replace("e.g. TH", "e.g. play TH")),
        ("play AS KS", "'play' and a card: " + CARD_EXPECTED.replace("e.g. TH", "e.g. play TH")),
        ("marry", "'marry' and a card: " + CARD_EXPECTED.replace("e.g. TH", "e.g. marry KH")),
        ("bid", "'bid' and a positive whole number, e.g. bid 3"),
        ("bid 0", "'bid' and a positive whole number, e.g. bid 3"),
        ("bid -1", "'bid' and a positive whole number, e.g. bid 3"),
        ("bid three", "'bid' and a positive whole number, e.g. bid 3"),
        ("bid3", "'bid' and a positive whole number, e.g. bid 3"),
        ("close now", "'close' or 'close before-draw'"),
        ("close before draw", "'close' or 'close before-draw'"),
        ("pass 2", "'pass' alone"),
        ("exchange AD", "'exchange' alone"),
        ("declare 66", "'declare' alone"),
    ],
)
def test_bad_actions(text: str, expected: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(text)
    assert info.value.message == f"cannot read action '{text}'"
    assert info.value.expected == expected


def test_bad_action_str() -> None:
    with pytest.raises(NotationError) as info:
        parse_action("plya AS")
    assert str(info.value) == (
        "cannot read action 'plya AS' (expected one of: play XY, marry XY, exchange, close, "
        "close before-draw, declare, bid N, pass, trump S, discard XY, double, redouble; did you mean 'play'?)"
    )


def test_action_that_is_not_text() -> None:
    with pytest.raises(NotationError) as info:
        parse_action(None)  # type: ignore[arg-type]
    assert info.value.message == "cannot read action None: not text"


def test_huge_bid_text_is_refused_before_parsing() -> None:
    with pytest.raises(NotationError):
        parse_action("bid " + "9" * 5000)


def test_errors_are_not_cached_away() -> None:
    for _ in range(2):
        with pytest.raises(NotationError):
            parse_action("plya AS")


# --- ParsedAction built by other modules ----------------------------------------------


@pytest.mark.parametrize(
    ("kind", "card", "amount"),
    [
        ("fold", None, None),
        ("play", None, None),
        ("pass", ("A", "S"), None),
        ("play", ("X", "S"), None),
        ("bid", None, None),
        ("bid", None, 0),
        ("close", None, 2),
    ],
)
def test_malformed_parsed_action(kind: str, card: tuple[str, str] | None, amount: int | None) -> None:
    with pytest.raises(ValueError):
        ParsedAction(kind, card, amount)


def test_doctests() -> None:
    result = doctest.testmod(interpreter.core.notation)
    assert result.attempted > 0
    assert result.failed == 0
