"""Cards, suits and ranks as tiny immutable values, and card sets as int bitmasks.

A :class:`Card` knows only its rank and suit letters; how strong it is and what it is worth
come from the ruleset (a ten beats a king in this family), so cards have no ordering.  Inside
the engine a card is an index into the ruleset's deck and a set of cards is an ``int`` whose
bit ``i`` stands for card ``i``: see :class:`Deck`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import FrozenInstanceError, dataclass
from types import MappingProxyType
from typing import Any, Final

from interpreter.core.arguments import shown_value, with_article
from interpreter.core.frozendata import seal


SUIT_LETTERS = "CDHS"
RANK_LETTERS = "ATKQJ987"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {"A": "ace", "T": "ten", "K": "king", "Q": "queen", "J": "jack", "9": "nine", "8": "eight", "7": "seven"}


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card, written rank + suit: ``TH`` is the ten of hearts.

    >>> Card.parse("10h")
    Card.parse('TH')
    >>> str(Card("A", "S"))
    'AS'
    """

    rank: str
    suit: str

    def __post_init__(self) -> None:
        # refused here rather than when the card is printed ("__str__ returned non-string"):
        # Card.parse reads every spelling of a card, the constructor takes the letters only
        if not isinstance(self.rank, str) or not isinstance(self.suit, str):
            raise TypeError(
                f"Card({self.rank!r}, {self.suit!r}): a card is two letters, rank and suit "
                "(expected such as Card('T', 'H'), or Card.parse('10h'))"
            )
        if self.rank not in RANK_NAMES or self.suit not in SUIT_NAMES:
            # refused here rather than where the card is read back: its repr would not parse
            raise ValueError(
                f"Card({self.rank!r}, {self.suit!r}): no such card (expected a rank of {' '.join(RANK_LETTERS)} "
                f"and a suit of {' '.join(SUIT_LETTERS)}, such as Card('T', 'H'))"
            )

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read a card in the project's notation (case-insensitive, ``10`` for ``T``).

        ``text`` is typed ``object`` so that the compiled build, too, refuses what is not text
        with the :class:`~interpreter.core.errors.NotationError` of the notation (a ``str``
        parameter would be refused by mypyc's own check first, in its words)."""
        from interpreter.core.notation import parse_card

        rank, suit = parse_card(text)
        return cls(rank, suit)

    # A card is an immutable value: a copy is the card itself, and a pickle rebuilds it from
    # its two letters.  Written out because the compiled class (mypyc) has neither the
    # dataclass's frozen-slots pickling nor a constructor without arguments for copy's default.
    def __reduce__(self) -> tuple[type[Card], tuple[str, str]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def name(self) -> str:
        """English name, e.g. ``ten of hearts``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class CardSet:
    """An immutable set of cards of one deck, stored as an int bitmask.

    Iterates in deck order (suit by suit, strongest first) and prints in notation:
    ``AS TS 9H``.  ``mask`` is the raw bitmask (an action mask for learning agents).

    A frozen dataclass, as :class:`Card` is: a set is hashable, so assigning its ``mask`` or
    ``deck`` would change it inside the sets and dicts that hold it -- refused
    (``FrozenInstanceError``, an ``AttributeError``) in both builds.  Its own equality (the
    same cards of the same deck, a pickled deck too) and hash are written below.
    """

    deck: Deck
    mask: int = 0

    def __init__(self, deck: object, mask: object = 0) -> None:
        """A set of ``deck``'s cards: bit ``i`` of ``mask`` for card ``i``.  Written out, with
        ``deck`` and ``mask`` typed ``object``, so that both builds refuse what is no deck or
        no mask of its cards in these words (the compiled class's typed fields would refuse a
        wrong type in mypyc's words first, and a plain one fail later, on reading, with an
        ``AttributeError`` or ``IndexError``).  The checks cost a few instructions: a set is
        made when asked for (``state.hand``), never in the engine's per-move loops."""
        if not isinstance(deck, Deck):
            raise TypeError(
                f"CardSet({shown_value(deck)}): the deck is {with_article(type(deck).__name__)}, not a Deck "
                "(expected a ruleset's deck, such as CardSet(rs.deck, mask) or CardSet.of(rs.deck, cards))"
            )
        if type(mask) is not int or not 0 <= mask <= deck.full_mask:
            if not isinstance(mask, int) or isinstance(mask, bool):
                raise TypeError(
                    f"CardSet(deck, {shown_value(mask)}): the mask is {with_article(type(mask).__name__)}, not a bitmask "
                    f"(expected an int whose bit i stands for card i of the deck, 0 to {deck.full_mask})"
                )
            if not 0 <= mask <= deck.full_mask:
                raise ValueError(
                    f"CardSet(deck, {mask}): not a set of the deck's cards (expected a bitmask of its "
                    f"{deck.size} cards, 0 to {deck.full_mask})"
                )
            mask = int(mask)  # an int subclass, stored as the int it stands for
        # object.__setattr__, as the frozen dataclass's own __init__ writes its fields
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "mask", mask)

    @classmethod
    def of(cls, deck: Deck, cards: Iterable[Card]) -> CardSet:
        mask = 0
        for card in cards:
            mask |= 1 << deck.index(card)
        return cls(deck, mask)

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        cards = self.deck.cards
        while mask:
            low = mask & -mask
            yield cards[low.bit_length() - 1]
            mask ^= low

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        if not isinstance(card, Card):
            return False
        i = self.deck._index.get(card)
        return i is not None and bool(self.mask >> i & 1)

    def __eq__(self, other: object) -> bool:
        """Equal cards of the same deck: the same deck object, or (after a pickle, which makes
        a deck of its own) a deck of the same cards."""
        if isinstance(other, CardSet):
            return self.mask == other.mask and (self.deck is other.deck or self.deck.cards == other.deck.cards)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def __bool__(self) -> bool:
        return self.mask != 0

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"

    # Immutable: a copy is the set itself; a pickle rebuilds it from its deck and mask (the
    # compiled class has no constructor without arguments for copy's and pickle's default).
    def __reduce__(self) -> tuple[type[CardSet], tuple[Deck, int]]:
        return (CardSet, (self.deck, self.mask))

    def __copy__(self) -> CardSet:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> CardSet:
        return self


_BYTE_BITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + b for b in range(8) if value >> b & 1) for value in range(256)) for k in range(8)
)
# Bits 0-11 and 12-23: a deck of up to 24 cards (every bundled one) in two look-ups.
LOW_BITS: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(b for b in range(12) if v >> b & 1) for v in range(4096))
HIGH_BITS: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(b + 12 for b in bits) for bits in LOW_BITS)


def bit_list(mask: int) -> list[int]:
    """Indexes of the set bits of ``mask``, lowest first, by look-up tables.

    The engine's hot path: about twice as fast as peeling bits one by one in Python.
    """
    if mask < 1 << 24:
        return [*LOW_BITS[mask & 4095], *HIGH_BITS[mask >> 12]]
    t = _BYTE_BITS
    out: list[int] = []
    k = 0
    while mask:
        out.extend(t[k][mask & 255])
        mask >>= 8
        k += 1
    return out


seal(Card)
seal(CardSet)


class Deck:
    """The ruleset's cards in index order and the bit tables the engine uses.

    Card ``i`` has suit ``i // len(ranks)`` and rank ``i % len(ranks)`` in the ruleset's
    orders; ranks are listed strongest first, so within a suit a lower index is a stronger card.

    Read-only, as the ruleset that holds it: one deck serves every game of the process (and
    every ``CardSet`` made of it), so assigning an attribute is refused
    (``FrozenInstanceError``, an ``AttributeError``) and :attr:`index_of` is a read-only view.
    """

    suits: tuple[str, ...]
    ranks: tuple[str, ...]
    cards: tuple[Card, ...]
    size: int
    #: card -> index, read-only (``MappingProxyType``); ``_index`` is the dict behind it
    index_of: Mapping[Card, int]
    _index: dict[Card, int]
    suit_of: tuple[int, ...]
    rank_of: tuple[int, ...]
    points: tuple[int, ...]
    suit_mask: tuple[int, ...]
    #: stronger[i]: cards of i's suit that beat i
    stronger: tuple[int, ...]
    full_mask: int
    total_points: int

    def __init__(self, suits: tuple[str, ...], ranks: tuple[str, ...], points: dict[str, int]) -> None:
        # object.__setattr__ written out: the deck's own __setattr__ refuses every assignment (and
        # mypyc compiles this form to a plain store)
        nr = len(ranks)
        cards = tuple(Card(r, s) for s in suits for r in ranks)
        size = len(cards)
        index = {c: i for i, c in enumerate(cards)}
        card_points = tuple(points[c.rank] for c in cards)
        object.__setattr__(self, "suits", tuple(suits))
        object.__setattr__(self, "ranks", tuple(ranks))
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "index_of", MappingProxyType(index))
        object.__setattr__(self, "suit_of", tuple(i // nr for i in range(size)))
        object.__setattr__(self, "rank_of", tuple(i % nr for i in range(size)))
        object.__setattr__(self, "points", card_points)
        object.__setattr__(self, "suit_mask", tuple(((1 << nr) - 1) << (s * nr) for s in range(len(suits))))
        object.__setattr__(self, "stronger", tuple(((1 << (i % nr)) - 1) << ((i // nr) * nr) for i in range(size)))
        object.__setattr__(self, "full_mask", (1 << size) - 1)
        object.__setattr__(self, "total_points", sum(card_points))

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}: a deck is read-only (every game of its ruleset shares it)")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}: a deck is read-only (every game of its ruleset shares it)")

    # A deck is never changed once made (the ruleset's): a copy is the deck itself, which keeps
    # ``CardSet``s and views of it comparing equal; a pickle rebuilds it from its suits, ranks
    # and points (the compiled class has no constructor without arguments for the default).
    def __reduce__(self) -> tuple[type[Deck], tuple[tuple[str, ...], tuple[str, ...], dict[str, int]]]:
        return (Deck, (self.suits, self.ranks, {c.rank: p for c, p in zip(self.cards, self.points)}))

    def __copy__(self) -> Deck:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Deck:
        return self

    def index(self, card: object) -> int:
        """Index of a card of this deck; a card the deck does not have is a ``ValueError``
        naming the card and the deck, as ``list.index`` refuses a value it lacks (the engine
        reads ``index_of`` itself where a card may be missing), and what is no card (``'TC'``,
        ``None``) a ``TypeError`` saying what to write.

        ``card`` is typed ``object`` so that the compiled build too refuses what is no card in
        these words (typed ``Card``, mypyc's own check refused it first, in its words).  The
        type is checked only once the look-up has missed: bots ask for indexes at every move."""
        try:
            return self._index[card]  # type: ignore[index]  # anything may be looked up: a miss is worded below
        except (KeyError, TypeError):  # TypeError: an unhashable value, such as a list
            if not isinstance(card, Card):
                raise not_a_card(f"deck.index({shown_value(card)})", card) from None
            raise ValueError(f"{card} is not a card of this deck ({self})") from None

    def __str__(self) -> str:
        """The deck in words: its size, suits and ranks (what an error about a card names)."""
        return f"{self.size} cards: suits {' '.join(self.suits)}, ranks {' '.join(self.ranks)}"

    def card_index(self, rank: str, suit: str) -> int:
        return self._index[Card(rank, suit)]


def not_a_card(call: str, given: object) -> TypeError:
    """The refusal of what is no card where a card is asked for (``deck.index('TC')``, the
    actions' ``Play('TC')``): the call, what was given, and how to write the card."""
    hint = f"Card.parse({given!r})" if isinstance(given, str) else "a Card, such as Card.parse('TC')"
    return TypeError(f"{call}: the card is {with_article(type(given).__name__)}, not a Card (expected {hint})")
