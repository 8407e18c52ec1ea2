"""Small words for the rulebook, and the facts about a ruleset that every section needs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.core.printable import printable
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


def article(word: str) -> str:
    """``ace`` -> ``an ace``; ``king`` -> ``a king``."""
    return ("an " if word[:1] in "aeiou" else "a ") + word


def possessive(noun: str) -> str:
    """``the loser`` -> ``the loser's``; ``the losers`` -> ``the losers'``."""
    return noun + ("'" if noun.endswith("s") else "'s")


# --------------------------------------------------------------------------- facts derived from the data
class Facts:
    """The ruleset's values plus the derived numbers and words the sentences need.

    Sides: ``deal_sides`` is how many sides pool their tricks in one deal -- the match sides
    (``Ruleset.sides``), except that a high bidder alone against the rest makes two -- and
    ``many`` says there are more than two, so that a winner has several losers
    (``scoring.losers``) and a penalty is scored by every other side.
    """

    def __init__(self, rs: Ruleset) -> None:
        self.rs = rs
        self.n = n = rs.players.count
        self.partnership = rs.partnership
        self.alone = rs.players.sides == "bidder_vs_rest"  # the declarer against all the others
        self.soloist = rs.players.sides == "forehand_vs_rest"  # the forehand against all the others
        self.solo = self.alone or self.soloist  # one player against the rest: two sides in a deal
        # deal.dealer_sits_out: the dealer gets no cards; the deal is the others'
        self.sits_out = rs.deal.dealer_sits_out
        self.active = n - 1 if self.sits_out else n
        deck = rs.deck
        self.deck_size = len(deck.ranks) * len(deck.suits)
        self.selection = rs.trump.selection
        self.turn_up = self.selection == "turn_up"  # a turn-up under a talon, not the dealer's shown card
        self.named = self.selection == "named"
        self.talon = rs.deal.talon
        hand = rs.deal.hand_size
        self.rest = self.deck_size - self.active * hand - (1 if self.turn_up else 0)
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
        # bidding.contracts: bids that announce named games, scored by their value
        self.contracts = rs.bidding.contracts if self.bidding else ()
        self.open_auction = self.bidding and rs.bidding.rounds == "until_passes"
        self.all_pass_plays = self.bidding and rs.bidding.all_pass == "play"
        # how long the trump of the deal holds: a contract without trump has none
        self.whole_deal = "for the whole deal" + (
            ", except in a contract played without trumps" if any(c.trump == "none" for c in self.contracts) else ""
        )
        # deal.widow.to declarer_hand: the declarer takes the widow and lays as many cards away
        # (first_trick_winner_hand: the first trick's winner does so before he leads again)
        widow = rs.deal.widow
        self.widow_to = widow.to if widow is not None and not rs.deal.talon else ""
        self.widow_to_declarer = self.widow_to == "declarer_hand"
        # bidding.moon.trump none: the moon has no trump, where the first card led would fix it
        self.moon_without_trump = (
            self.moon is not None and self.moon.trump == "none" and self.selection == "first_card_led"
        )
        self.info = (rs.data.get("info") or {}).get("review_own_tricks", "none")
        self.deal_sides = 2 if self.solo else rs.side_count
        self.many = self.deal_sides > 2
        self.each_pays = self.many and rs.scoring.losers == "each_pays"
        # words for the players and the sides
        self.first_receiver = "the non-dealer" if n == 2 else "the player to the dealer's left"
        self.forehand = f"the forehand ({self.first_receiver})"  # who names trump (trump.selection named)
        # marriage.who: a marriage may also be shown by the leader's partner, during the trick
        self.partner_marries = self.marriage and rs.marriage.who == "leader_and_partner" and (self.partnership or self.solo)
        side = "side" if self.partnership else "player"
        self.side, self.sides = side, side + "s"
        self.his = "his side's" if self.partnership else "his"
        # a seat's points are its deal side's (Settling._claimed): a team's, or against one
        # player the defenders' together -- not his own, as a two-player game has it
        self.pooled = self.partnership or self.solo
        self.whose = "his side" if self.pooled else "him"  # whom a marriage or a trick brings to the target
        self.winner = "the winning side" if self.partnership else "the winner"
        # the side whose position sets the winner's game points, and how the conditions speak of it
        if self.many and not self.each_pays:
            self.loser, self.loser_plural = f"the losing {self.sides}" if self.partnership else "the losers", True
        else:
            self.loser, self.loser_plural = ("the losing side" if self.partnership else "the loser"), False
        self.loser_his = "their" if self.loser_plural else ("its" if self.partnership else "his")
        if self.many:
            self.opponent = f"each of the other {self.sides}"  # who scores a penalty
            self.rival = f"another {side}"  # who may go out first
            self.other = f"that {side}"
        elif self.partnership:
            self.opponent = self.rival = self.other = "the other side"
        elif self.solo:  # one player against the rest: a player's opponents may be several
            self.opponent = "the other side"
            self.rival = "a player of the other side"
            self.other = "that side"
        else:
            self.opponent = self.rival = "his opponent"
            self.other = "the opponent"

    def position(self, noun: str = "loser") -> str:
        """Whose points and tricks set a winner's game points: ``the loser's``, or with more than
        two sides ``each loser's own`` (``scoring.losers: each_pays``) or ``the losers' combined``."""
        if self.each_pays:
            return f"each {noun}'s own"
        if self.many:
            return f"the {noun}s' combined"
        return possessive(self.loser) if noun == "loser" else f"the {noun}'s"

    def claim_count(self) -> str:
        """What a declaration is judged on, in words: the card points of the declaring seat's
        tricks plus its marriages that count -- with sides, his side's (the engine's
        ``Position.claim_points`` adds up the deal side), and against one player, saying whose
        these are: the lone player's own, the defenders' together."""
        if not self.pooled:
            return "his card points from tricks" + (" plus his marriages that count" if self.marriage else "")
        count = "his side's card points from tricks" + (" plus its marriages that count" if self.marriage else "")
        if self.solo:
            # not "the declarer's": in Declaring that word would read as the player who declares
            alone = "the lone player's" if self.alone else "the forehand's"
            count += f" ({alone} own, the defenders' together)"
        return count

    def declarer_who(self) -> str:
        """Who the declarer is, in words: the highest bidder (the player who announces the
        highest contract), or the forehand where the deal is played when everybody passes."""
        who = "the player who announces the highest contract" if self.contracts else "the highest bidder"
        if self.all_pass_plays:
            who += ", or the forehand if everybody passes"
        return who

    def seen_when_named(self) -> int:
        """How many cards each player holds when trump is named (``trump.name_after_packet``):
        the rest of the deal is dealt only after that, and nobody sees it before."""
        return sum(self.rs.deal.packets[: self.rs.trump.name_after_packet])

    def exchange_card(self) -> str:
        return f"{rank_name(self.rs.exchange.rank)} of trumps"

    def marriage_ranks(self) -> tuple[str, str]:
        """The two ranks of a marriage in words: ``("king", "queen")``."""
        first, second = self.rs.marriage.ranks
        return rank_name(first), rank_name(second)


def code(text: str) -> str:
    """``text`` as a code span, on one line: a formula's tab or line break shown as its escape
    (a raw one broke the markdown around it; ``rules diff`` shows the same escapes)."""
    return f"`{printable(text)}`"

