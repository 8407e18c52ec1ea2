"""Small words for the rulebook, and the facts about a ruleset that every section needs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.text.diff import plural, rank_name

if TYPE_CHECKING:
    from interpreter.rules.ruleset import Ruleset

_NUMBERS = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
)
_ORDINALS = (
    "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
    "ninth", "tenth", "eleventh", "twelfth",
)


# --------------------------------------------------------------------------- small words
def num(count: int) -> str:
    """A small count in words (``six``), a larger one in digits."""
    return _NUMBERS[count] if 0 < count < len(_NUMBERS) else str(count)


def nth(count: int) -> str:
    return _ORDINALS[count] if 0 < count < len(_ORDINALS) else f"{count}th"


def cards(count: int) -> str:
    return f"{num(count)} {'card' if count == 1 else 'cards'}"


def listing(items: list[str], word: str = "and") -> str:
    items = [i for i in items if i]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def gp(count: int) -> str:
    return plural(count, "game point")


# --------------------------------------------------------------------------- facts derived from the data
class Facts:
    """The ruleset's values plus the derived numbers and words the sentences need."""

    def __init__(self, rs: Ruleset) -> None:
        self.rs = rs
        self.n = n = rs.players.count
        self.partnership = rs.players.sides == "partnership"
        self.two = n == 2 and not self.partnership
        deck = rs.deck
        self.deck_size = len(deck.ranks) * len(deck.suits)
        self.turn_up = rs.trump.selection == "turn_up"
        self.talon = rs.deal.talon
        hand = rs.deal.hand_size
        self.rest = self.deck_size - n * hand - (1 if self.turn_up else 0)
        self.talon_size = self.rest + (1 if self.turn_up else 0) if self.talon else 0
        self.tricks = hand + (self.talon_size // n if self.talon else 0)
        self.game_points = rs.scoring.method == "game_points"
        self.target = rs.claim.target
        self.closing = rs.closing.enabled and self.talon
        self.claim = rs.claim.enabled
        self.marriage = rs.marriage.enabled
        self.exchange = rs.exchange.enabled and self.turn_up and self.talon
        self.bidding = rs.bidding.enabled
        self.moon = rs.bidding.moon if self.bidding else None
        self.info = (rs.data.get("info") or {}).get("review_own_tricks", "none")
        # words for the players and the sides
        self.first_receiver = "the non-dealer" if n == 2 else "the player to the dealer's left"
        if self.partnership:
            self.side, self.sides = "side", "sides"
            self.winner, self.loser = "the winning side", "the losing side"
            self.opponent = "the other side"
            self.other = "the other side"
            self.his = "his side's"
        else:
            self.side, self.sides = "player", "players"
            self.winner, self.loser = "the winner", "the loser"
            self.opponent = "his opponent"
            self.other = "the opponent"
            self.his = "his"

    def exchange_card(self) -> str:
        return f"{rank_name(self.rs.exchange.rank)} of trumps"


def code(text: str) -> str:
    return f"`{text}`"

