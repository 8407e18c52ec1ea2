"""Actions: frozen values with one text form each (the notation of the record format).

``Play(Card.parse("TH"))`` prints as ``play TH`` and ``parse_action("play th")`` gives it back.
The engine works on small int *codes* (see :mod:`interpreter.engine.state`); a ruleset maps codes to
these values and back, so the public API speaks in actions and the hot loop in ints.

``Continue`` is not part of the record notation: it is the answer "no" to an optional step the
rules offer between two ordinary actions (closing before the draw, going out right after a
marriage).  Records never contain it; replaying a record applies it by itself.
"""

from __future__ import annotations

from typing import Any, Final

from dataclasses import dataclass

from interpreter.core.arguments import with_article
from interpreter.core.cards import SUIT_NAMES, Card, not_a_card
from interpreter.core.frozendata import seal


# Action codes, the engine's ints for these values (a ruleset maps one to the other:
# ``Ruleset.action_of``, ``Ruleset.code_of``): plays are the card index, marriages 64 + index,
# doubling 134 and 135, naming trump 136 + suit index, bids 200 + amount, laying a card away
# 256 + index.
MARRY_BASE: Final = 64
EXCHANGE: Final = 128
CLOSE: Final = 129
CLOSE_BEFORE_DRAW: Final = 130
DECLARE: Final = 131
CONTINUE: Final = 132
PASS: Final = 133
DOUBLE: Final = 134
REDOUBLE: Final = 135
TRUMP_BASE: Final = 136
BID_BASE: Final = 200
#: what the others see of a card laid away: its code in their views' history (never legal)
HIDDEN_DISCARD: Final = 255
DISCARD_BASE: Final = 256


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of every action.

    An action is an immutable value: a copy is the action itself, and a pickle rebuilds it by
    its constructor (:meth:`_fields`) -- written out because the compiled classes (mypyc) have
    neither the dataclass's frozen-slots pickling nor a constructor without arguments for
    ``copy``'s default.

    The base class itself is no action (no code, no text form): ``Action()`` is refused with a
    ``TypeError``, as the engine refuses anything else that is not an action.
    """

    def __post_init__(self) -> None:
        # inherited by the kinds without fields; those with fields check their own
        if type(self) is Action:
            raise TypeError(
                "Action() is the base class of the actions, not an action "
                "(expected one of its kinds, such as Play(Card.parse('TC')), Close() or Pass())"
            )

    def __str__(self) -> str:
        raise NotImplementedError(f"{type(self).__name__} has no text form: a kind of action writes its own __str__")

    def _fields(self) -> tuple[Any, ...]:
        """The constructor's arguments that make this action again (none for most)."""
        return ()

    def __reduce__(self) -> tuple[type[Action], tuple[Any, ...]]:
        return (type(self), self._fields())

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self


def not_an_action(action: object) -> TypeError:
    """The error for what was given as an action and is none -- a bot's ``None``, the text
    ``"play TC"`` -- said as such, rather than as a card this deck lacks: the engine's checks
    and :meth:`Ruleset.code <interpreter.rules.ruleset.Ruleset.code>` raise it."""
    hint = f"parse_action({action!r})" if isinstance(action, str) else "an Action such as Play(Card.parse('TC'))"
    return TypeError(f"{action!r} is {with_article(type(action).__name__)}, not an action (expected {hint})")


def _card_of(kind: str, card: object) -> None:
    """Refuse a card that is not a :class:`Card` when the action is made: ``Play("TC")`` would
    otherwise be refused much later, by the engine, as a card not of the deck."""
    if not isinstance(card, Card):
        raise not_a_card(f"{kind}({card!r})", card)


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Lead or follow with a card."""

    card: Card

    def __post_init__(self) -> None:
        _card_of("Play", self.card)

    def _fields(self) -> tuple[Any, ...]:
        return (self.card,)

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Marry(Action):
    """Announce the marriage of the card's suit and lead the card (a K or Q)."""

    card: Card

    def __post_init__(self) -> None:
        _card_of("Marry", self.card)

    def _fields(self) -> tuple[Any, ...]:
        return (self.card,)

    def __str__(self) -> str:
        return f"marry {self.card}"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Swap the exchange card of trumps for the turn-up, before leading."""

    def __str__(self) -> str:
        return "exchange"


@dataclass(frozen=True, slots=True)
class Close(Action):
    """Close the talon before leading (after the draw)."""

    def __str__(self) -> str:
        return "close"


@dataclass(frozen=True, slots=True)
class CloseBeforeDraw(Action):
    """Close the talon right after winning a trick, before anybody draws."""

    def __str__(self) -> str:
        return "close before-draw"


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Claim the target (66) and stop the deal."""

    def __str__(self) -> str:
        return "declare"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """An auction bid of ``amount`` units."""

    amount: int

    def __post_init__(self) -> None:
        amount = self.amount
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise TypeError(f"Bid({amount!r}): the amount is {with_article(type(amount).__name__)}, not a whole number (expected a bid such as Bid(3))")
        if amount < 0:
            raise ValueError(f"Bid({amount!r}): a bid is never negative (expected a bid such as Bid(3))")

    def _fields(self) -> tuple[Any, ...]:
        return (self.amount,)

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass in the auction."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class NameTrump(Action):
    """Name the trump suit (``trump.selection: named``); ``pass`` leaves it to the rule's fallback."""

    suit: str

    def __post_init__(self) -> None:
        if not isinstance(self.suit, str):
            raise TypeError(f"NameTrump({self.suit!r}): the suit is {with_article(type(self.suit).__name__)}, not a suit letter (expected one of C, D, H, S)")
        if self.suit not in SUIT_NAMES:
            raise ValueError(f"NameTrump({self.suit!r}): not a suit letter (expected one of C, D, H, S)")

    def _fields(self) -> tuple[Any, ...]:
        return (self.suit,)

    def __str__(self) -> str:
        return f"trump {self.suit}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Lay a card away face down after taking the widow into the hand (``widow.to: declarer_hand``)."""

    card: Card

    def __post_init__(self) -> None:
        _card_of("Discard", self.card)

    def _fields(self) -> tuple[Any, ...]:
        return (self.card,)

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Double(Action):
    """Double the deal's value, as a defender before the first lead (``bidding.doubling``:
    Kontra, Spritze)."""

    def __str__(self) -> str:
        return "double"


@dataclass(frozen=True, slots=True)
class Redouble(Action):
    """Double it again, as the declarer whose game was doubled (``doubling.redouble``: Re)."""

    def __str__(self) -> str:
        return "redouble"


@dataclass(frozen=True, slots=True)
class Continue(Action):
    """Decline an optional step (close before the draw, go out after a marriage); never recorded."""

    def __str__(self) -> str:
        return "continue"


for _kind in (Action, Play, Marry, Exchange, Close, CloseBeforeDraw, Declare, Bid, Pass, NameTrump, Discard, Double, Redouble, Continue):
    seal(_kind)  # a new attribute is a FrozenInstanceError too (see seal)
del _kind


def parse_action(text: object, ranks: tuple[str, ...] | None = None, suits: tuple[str, ...] | None = None) -> Action:
    """Read an action in the record notation (``play TH``, ``bid 2``, ``close before-draw`` ...).

    ``text`` is typed ``object`` so that the compiled build, too, refuses what is not text with
    the :class:`~interpreter.core.errors.NotationError` of the notation, not mypyc's ``TypeError``.
    ``ranks`` and ``suits`` (a game's deck) are what a message names as a card's form, where
    the notation's own would name ranks the game has not (see ``notation.parse_action``)."""
    from interpreter.core.notation import RANKS, SUITS
    from interpreter.core.notation import parse_action as parse

    parsed = parse(text, ranks or RANKS, suits or SUITS)
    kind = parsed.kind
    if kind == "play":
        assert parsed.card is not None
        return Play(Card(*parsed.card))
    if kind == "marry":
        assert parsed.card is not None
        return Marry(Card(*parsed.card))
    if kind == "discard":
        assert parsed.card is not None
        return Discard(Card(*parsed.card))
    if kind == "bid":
        assert parsed.amount is not None
        return Bid(parsed.amount)
    if kind == "trump":
        assert parsed.suit is not None
        return NameTrump(parsed.suit)
    return _SIMPLE[kind]


_SIMPLE: dict[str, Action] = {
    "exchange": Exchange(),
    "close": Close(),
    "close_before_draw": CloseBeforeDraw(),
    "declare": Declare(),
    "pass": Pass(),
    "continue": Continue(),
    "double": Double(),
    "redouble": Redouble(),
}
