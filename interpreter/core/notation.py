"""Cards and actions in text form: the notation of records, the CLI and the JSON output.

The notation is a fixed interface (``shared/spec/record-format.md``, section 1): records
written today must read the same way in every later version.  Input is forgiving where it
costs nothing -- any letter case, ``10`` for the ten, extra whitespace -- and output is
always the one canonical spelling, so records, ``legal`` lists and test expectations can
be compared as plain strings.  The grammar lives in ``notation.lark`` next to this module.

>>> parse_card("10h")
('T', 'H')
>>> parse_action("  Close   Before-Draw ").canonical()
'close before-draw'
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError

from interpreter.core import grammars
from interpreter.core.errors import NotationError

__all__ = [
    "ACTION_KINDS",
    "RANKS",
    "SUITS",
    "ParsedAction",
    "card_form",
    "format_card",
    "parse_action",
    "parse_card",
]

#: Ranks from highest to lowest card, canonical letters.
RANKS = ("A", "T", "K", "Q", "J", "9", "8", "7")
#: Suits, canonical letters.
SUITS = ("C", "D", "H", "S")
#: Every ``ParsedAction.kind``.
ACTION_KINDS = (
    "play", "marry", "exchange", "close", "close_before_draw", "declare", "bid", "pass",
    "trump", "discard", "double", "redouble",
)  # fmt: skip

_WITH_CARD = frozenset({"play", "marry", "discard"})
_KEYWORDS = ("play", "marry", "exchange", "close", "declare", "bid", "pass", "trump", "discard", "double", "redouble")


def _example(rank: str, suit: str, ranks: tuple[str, ...], suits: tuple[str, ...]) -> str:
    """``rank`` of ``suit`` if the pack has both, else the pack's first rank of that suit (or
    of its first suit): an example names a card the pack has."""
    return (rank if rank in ranks else ranks[0]) + (suit if suit in suits else suits[0])


def card_form(ranks: tuple[str, ...] = RANKS, suits: tuple[str, ...] = SUITS, example: str = "TH") -> str:
    """What a card looks like in the notation, for the "expected" part of a message: the
    ranks and suits of a pack (all the notation knows, or a game's deck: a Schnapsen table
    has no 9, 8 or 7 to suggest), ``10`` named only where the pack has a ten."""
    return f"{_card_words(ranks, suits)}, e.g. {_example(example[0], example[1], ranks, suits)}"


def _card_words(ranks: tuple[str, ...], suits: tuple[str, ...]) -> str:
    ten = " (or 10)" if "T" in ranks else ""
    return f"rank {' '.join(ranks)}{ten} followed by suit {' '.join(suits)}"


#: What a card looks like in the notation, for the "expected" part of a message.
CARD_FORM = card_form()
#: The forms of a move in the notation, likewise.
ACTION_FORMS = (
    "one of: play XY, marry XY, exchange, close, close before-draw, declare, bid N, pass, trump S, discard XY, "
    "double, redouble"
)
# Longer input is refused before parsing: no real card or action comes close, and it keeps
# a pasted essay (or a 5000-digit bid) away from the parser and from int().
_MAX_TEXT = 64


@dataclass(frozen=True, slots=True)
class ParsedAction:
    """One action, independent of who takes it (the acting seat is implicit in a record).

    >>> ParsedAction("play", ("T", "H")).canonical()
    'play TH'
    >>> str(ParsedAction("bid", amount=3))
    'bid 3'
    """

    kind: str
    card: tuple[str, str] | None = None
    amount: int | None = None
    suit: str | None = None

    def __post_init__(self) -> None:
        # Other modules build actions directly (legal-move lists); a malformed one is a bug
        # there, and failing here names it instead of producing odd canonical text later.
        if self.kind not in ACTION_KINDS:
            raise ValueError(f"unknown action kind {self.kind!r}")
        if (self.card is not None) != (self.kind in _WITH_CARD):
            raise ValueError(f"action {self.kind!r} with card {self.card!r}")
        if self.card is not None and (self.card[0] not in RANKS or self.card[1] not in SUITS):
            raise ValueError(f"bad card {self.card!r}")
        if (self.amount is not None) != (self.kind == "bid"):
            raise ValueError(f"action {self.kind!r} with amount {self.amount!r}")
        if self.amount is not None and (isinstance(self.amount, bool) or self.amount < 1):
            raise ValueError(f"bid amount must be a positive integer, not {self.amount!r}")
        if (self.suit is not None) != (self.kind == "trump") or (self.suit is not None and self.suit not in SUITS):
            raise ValueError(f"action {self.kind!r} with suit {self.suit!r}")

    def canonical(self) -> str:
        """The one spelling used in records, ``legal`` lists and output: ``play TH``."""
        if self.card is not None:
            return f"{self.kind} {self.card[0]}{self.card[1]}"
        if self.kind == "bid":
            return f"bid {self.amount}"
        if self.kind == "trump":
            return f"trump {self.suit}"
        if self.kind == "close_before_draw":
            return "close before-draw"
        return self.kind

    def __str__(self) -> str:
        return self.canonical()


def format_card(card: tuple[str, str]) -> str:
    """Canonical text of a card: ``("T", "H")`` -> ``TH``."""
    return card[0] + card[1]


# --------------------------------------------------------------------------------------
# Grammar and transformer
# --------------------------------------------------------------------------------------


@cache
def _parser() -> Lark:
    """The LALR parser for both start rules, built on first use only (its tables kept in the
    user's own cache folder, never the shared temporary one: :mod:`interpreter.core.grammars`)."""
    return grammars.parser(Path(__file__).with_name("notation.lark"), parser="lalr", start=["card", "action"], propagate_positions=True)


class _ToNotation(Transformer[Token, "tuple[str, str] | ParsedAction | int"]):
    """Parse tree -> ``(rank, suit)`` tuples and :class:`ParsedAction` objects."""

    def CARD(self, token: Token) -> tuple[str, str]:  # noqa: N802 - named after the terminal
        text = token.upper()
        rank = "T" if text[:-1] == "10" else text[:-1]
        return rank, text[-1]

    def AMOUNT(self, token: Token) -> int:  # noqa: N802
        return int(token)

    def card(self, children: list[tuple[str, str]]) -> tuple[str, str]:
        return children[0]

    def bid(self, children: list[int]) -> ParsedAction | int:
        # A zero bid is returned as the bare number so parse_action reports it; raising
        # here would arrive wrapped in lark's VisitError.
        amount = children[0]
        return ParsedAction("bid", amount=amount) if amount >= 1 else amount

    def SUIT(self, token: Token) -> str:  # noqa: N802
        return token.upper()

    def trump(self, children: list[str]) -> ParsedAction:
        return ParsedAction("trump", suit=children[0])

    def __default__(self, data: str, children: list[tuple[str, str]], meta: object) -> ParsedAction:
        # play, marry, exchange, close, close_before_draw, declare, pass_
        kind = str(data).rstrip("_")
        return ParsedAction(kind, children[0] if children else None)


_TRANSFORMER = _ToNotation()


# --------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------


def parse_card(text: object) -> tuple[str, str]:
    """Read one card, e.g. ``"10h"`` -> ``("T", "H")``; raise :class:`NotationError` if bad.

    >>> parse_card(" qs ")
    ('Q', 'S')
    >>> parse_card("XH")
    Traceback (most recent call last):
    ...
    interpreter.core.errors.NotationError: cannot read card 'XH' (expected rank A T K Q J 9 8 7 (or 10) followed by suit C D H S, e.g. TH)
    """
    if not isinstance(text, str):
        raise NotationError(f"cannot read card {text!r}: not text", expected=CARD_FORM)
    return _parse_card(text.strip())


@lru_cache(maxsize=1024)
def _parse_card(text: str) -> tuple[str, str]:
    """Cached: replays and bots read the same few dozen card names over and over."""
    if len(text) <= _MAX_TEXT:
        try:
            card = _TRANSFORMER.transform(_parser().parse(text, start="card"))
            assert isinstance(card, tuple)  # the "card" start rule always gives (rank, suit)
            return card
        except LarkError:
            pass
    raise NotationError(f"cannot read card '{_shorten(text)}'", expected=CARD_FORM)


def parse_action(text: object, ranks: tuple[str, ...] = RANKS, suits: tuple[str, ...] = SUITS) -> ParsedAction:
    """Read one action, e.g. ``"PLAY 10h"`` -> ``ParsedAction("play", ("T", "H"))``.

    ``ranks`` and ``suits``, a game's deck (strongest rank first), are what a message that
    cannot read a card names as expected: the notation reads every card it knows whatever
    the deck (a card the game has not is the engine's to refuse), but a hint to a person at a
    Schnapsen table lists the ranks of its cards, not 9 8 7.

    >>> parse_action("bid 3")
    ParsedAction(kind='bid', card=None, amount=3, suit=None)
    >>> parse_action("plya AS")
    Traceback (most recent call last):
    ...
    interpreter.core.errors.NotationError: cannot read action 'plya AS' (expected one of: play XY, marry XY, exchange, close, close before-draw, declare, bid N, pass, trump S, discard XY, double, redouble; did you mean 'play'?)
    """
    if not isinstance(text, str):
        raise NotationError(f"cannot read action {text!r}: not text", expected=ACTION_FORMS)
    return _parse_action(text.strip(), ranks, suits)


@lru_cache(maxsize=1024)
def _parse_action(text: str, ranks: tuple[str, ...] = RANKS, suits: tuple[str, ...] = SUITS) -> ParsedAction:
    """Cached like :func:`_parse_card`; results are immutable, so sharing them is safe."""
    if len(text) <= _MAX_TEXT:
        try:
            result = _TRANSFORMER.transform(_parser().parse(text, start="action"))
        except LarkError:
            pass
        else:
            if isinstance(result, ParsedAction):
                return result
    raise NotationError(f"cannot read action '{_shorten(text)}'", expected=_action_expected(text, ranks, suits))


_LEADING_KEYWORD = re.compile("|".join(_KEYWORDS), re.IGNORECASE)


def _action_expected(text: str, ranks: tuple[str, ...] = RANKS, suits: tuple[str, ...] = SUITS) -> str:
    """What would have been right, judged by the first word the user wrote.

    Lark's own expected set is a list of terminal names; the user is better served by the
    forms of the action they evidently meant (``play`` -> a card must follow) or, when the
    first word is no keyword, all forms plus the closest keyword.
    """
    keyword = _LEADING_KEYWORD.match(text)
    if keyword is not None:
        word = keyword.group().lower()
        if word in _WITH_CARD:
            example = {"play": "TH", "marry": "KH"}.get(word, "9C")
            return f"'{word}' and a card: {_card_words(ranks, suits)}, e.g. {word} {_example(example[0], example[1], ranks, suits)}"
        if word == "bid":
            return "'bid' and a positive whole number, e.g. bid 3"
        if word == "close":
            return "'close' or 'close before-draw'"
        if word == "trump":
            return f"'trump' and a suit {' '.join(suits)}, e.g. trump {_example('A', 'H', ranks, suits)[1]}"
        return f"'{word}' alone"
    words = text.split()
    if not words:
        return ACTION_FORMS
    try:
        # A bare card is most likely a play with the verb left out.
        card = _parse_card(text)
    except NotationError:
        close = difflib.get_close_matches(words[0].lower(), _KEYWORDS, n=1, cutoff=0.7)
        if close:
            return f"{ACTION_FORMS}; did you mean '{close[0]}'?"
        return ACTION_FORMS
    if card[0] not in ranks or card[1] not in suits:
        return ACTION_FORMS  # a card of no such game: "play" it is no help
    return f"{ACTION_FORMS}; did you mean 'play {format_card(card)}'?"


def _shorten(text: str) -> str:
    """Quote at most a screenful of what the user gave."""
    return text if len(text) <= _MAX_TEXT else text[: _MAX_TEXT - 3] + "..."
