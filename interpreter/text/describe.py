"""A ruleset as a rulebook: the rules in plain sentences, generated from the ruleset's data.

:func:`rulebook` writes a complete rulebook for a :class:`~interpreter.rules.ruleset.Ruleset` in
Markdown (``fmt="md"``) or as a standalone HTML page (``fmt="html"``).  Every sentence is
derived from the ruleset's values -- nothing here knows a variant by name -- so a house
ruleset gets a correct rulebook without any code, and the bundled rulebooks in
``docs/rulebooks/`` are regenerated rather than edited.

The text is built once as a small document (headings, paragraphs, lists, tables, code) and
then rendered, so the Markdown and the HTML always say the same thing.

From the command line: ``rules describe schnapsen [--format html]``; the checked-in
rulebooks and goldens are rewritten by ``python tools/regen_docs.py --goldens --rulebooks``.
"""

from __future__ import annotations

import html
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.core.cards import RANK_NAMES, SUIT_NAMES
from interpreter.text.diff import diff_rulesets, plural, rank_name

if TYPE_CHECKING:
    from interpreter.rules.expr import Expression, _Node
    from interpreter.rules.ruleset import Ruleset

__all__ = ["rulebook", "base_of", "SECTION_HEADINGS", "golden_name", "main"]

#: The sections of every rulebook, in order (a house ruleset's rulebook starts with
#: "Differences from <base title>").
SECTION_HEADINGS = (
    "Cards and values",
    "Players and sides",
    "The deal",
    "Trump",
    "Exchanging the trump card",
    "Marriages",
    "Closing the talon",
    "Play",
    "Declaring",
    "End of the deal",
    "Scoring",
    "Auction",
    "Match",
)

_NUMBERS = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
)
_ORDINALS = (
    "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
    "ninth", "tenth", "eleventh", "twelfth",
)


# --------------------------------------------------------------------------- small words
def _n(count: int) -> str:
    """A small count in words (``six``), a larger one in digits."""
    return _NUMBERS[count] if 0 < count < len(_NUMBERS) else str(count)


def _nth(count: int) -> str:
    return _ORDINALS[count] if 0 < count < len(_ORDINALS) else f"{count}th"


def _cards(count: int) -> str:
    return f"{_n(count)} {'card' if count == 1 else 'cards'}"


def _and(items: list[str], word: str = "and") -> str:
    items = [i for i in items if i]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _gp(count: int) -> str:
    return plural(count, "game point")


# --------------------------------------------------------------------------- the document
@dataclass
class _Section:
    heading: str
    blocks: list[tuple[Any, ...]] = field(default_factory=list)

    def p(self, *sentences: str) -> None:
        text = " ".join(s for s in sentences if s)
        if text:
            self.blocks.append(("p", text))

    def ul(self, items: list[str]) -> None:
        self.blocks.append(("ul", list(items)))

    def ol(self, items: list[str]) -> None:
        self.blocks.append(("ol", list(items)))

    def table(self, header: list[str], rows: list[list[str]]) -> None:
        self.blocks.append(("table", list(header), [list(r) for r in rows]))


@dataclass
class _Doc:
    title: str
    intro: list[str]
    sections: list[_Section]


# --------------------------------------------------------------------------- facts derived from the data
class _Facts:
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


# --------------------------------------------------------------------------- expressions in words
_FLIP = {"lt": "gt", "gt": "lt", "le": "ge", "ge": "le", "eq": "eq", "ne": "ne"}
_REL = {"eq": "is", "ne": "is not", "lt": "is less than", "le": "is at most", "gt": "is more than", "ge": "is at least"}
_COMPARISONS = set(_REL)


@dataclass(frozen=True)
class _Name:
    kind: str  # points, tricks, other
    noun: str  # "the loser's points"
    subject: str = ""  # "the loser"


class _ExprWords:
    """An expression's parse tree in English: values as noun phrases, conditions as clauses."""

    def __init__(self, names: dict[str, _Name], constants: dict[str, int]) -> None:
        self.names = names
        self.constants = constants

    @staticmethod
    def tree(expr: Expression) -> _Node:
        from interpreter.rules.expr import _parser, _ToNodes

        return _ToNodes().transform(_parser().parse(expr.source))

    def _number(self, node: _Node) -> int | None:
        if node.kind == "number":
            return int(node.value)  # type: ignore[arg-type]
        if node.kind == "name" and node.value in self.constants:
            return self.constants[str(node.value)]
        return None

    def value(self, node: _Node) -> str:
        kind = node.kind
        ch = node.children
        if kind == "number":
            return str(node.value)
        if kind == "name":
            name = str(node.value)
            if name in self.constants:
                return str(self.constants[name])
            return self.names[name].noun if name in self.names else name
        if kind == "bool":
            return "true" if node.value else "false"
        if kind == "neg":
            return f"minus {self.value(ch[0])}"
        if kind in ("add", "sub", "mul"):
            word = {"add": "plus", "sub": "minus", "mul": "times"}[kind]
            return f"{self.value(ch[0])} {word} {self.value(ch[1])}"
        if kind == "floordiv":
            return f"{self.value(ch[0])} divided by {self.value(ch[1])}, rounded down"
        if kind == "mod":
            return f"the remainder of {self.value(ch[0])} divided by {self.value(ch[1])}"
        if kind in ("min", "max"):
            parts = [self.value(c) for c in ch]
            if len(parts) == 1:
                return parts[0]
            word = ("smaller" if kind == "min" else "larger") if len(parts) == 2 else ("smallest" if kind == "min" else "largest")
            return f"the {word} of {_and(parts)}"
        if kind == "abs":
            return f"the absolute value of {self.value(ch[0])}"
        if kind == "if":
            return f"{self.value(ch[1])} if {self.condition(ch[0])}, otherwise {self.value(ch[2])}"
        return self.condition(node)

    def condition(self, node: _Node) -> str:
        kind = node.kind
        ch = node.children
        if kind == "and":
            return f"{self.condition(ch[0])} and {self.condition(ch[1])}"
        if kind == "or":
            return f"{self.condition(ch[0])} or {self.condition(ch[1])}"
        if kind == "not":
            return f"it is not the case that {self.condition(ch[0])}"
        if kind == "bool":
            return "always" if node.value else "never"
        if kind in _COMPARISONS:
            left, right = ch
            if self._number(left) is not None and right.kind == "name":
                left, right, kind = right, left, _FLIP[kind]
            k = self._number(right)
            info = self.names.get(str(left.value)) if left.kind == "name" else None
            if info is not None and k is not None and info.kind in ("points", "tricks"):
                return self._quantity(info, kind, k)
            return f"{self.value(left)} {_REL[kind]} {self.value(right)}"
        return self.value(node)

    @staticmethod
    def _quantity(info: _Name, kind: str, k: int) -> str:
        who = info.subject
        if info.kind == "points":
            words = {
                "lt": f"fewer than {k} points", "le": f"at most {k} points",
                "gt": f"more than {k} points", "ge": f"at least {k} points",
                "eq": f"exactly {k} points",
            }
            if kind == "ne":
                return f"{who} does not have exactly {k} points"
            return f"{who} has {words[kind]}"
        none = (kind == "eq" and k == 0) or (kind == "lt" and k == 1) or (kind == "le" and k == 0)
        some = (kind in ("ne", "gt") and k == 0) or (kind == "ge" and k == 1)
        if none:
            return f"{who} has taken no trick"
        if some:
            return f"{who} has taken at least one trick"
        words = {
            "lt": f"fewer than {plural(k, 'trick')}", "le": f"at most {plural(k, 'trick')}",
            "gt": f"more than {plural(k, 'trick')}", "ge": f"at least {plural(k, 'trick')}",
            "eq": f"exactly {plural(k, 'trick')}",
        }
        if kind == "ne":
            return f"{who} has not taken exactly {plural(k, 'trick')}"
        return f"{who} has taken {words[kind]}"

    def cases(self, node: _Node) -> tuple[list[tuple[str, str]], str]:
        """An if-chain as (condition, value) pairs and the value of every other case."""
        cases: list[tuple[str, str]] = []
        while node.kind == "if":
            cond, then, other = node.children
            cases.append((self.condition(cond), self.value(then)))
            node = other
        return cases, self.value(node)


def _code(text: str) -> str:
    return f"`{text}`"


# --------------------------------------------------------------------------- sections
def _cards_section(f: _Facts) -> _Section:
    rs = f.rs
    deck = rs.deck
    s = _Section("Cards and values")
    rank_words = [RANK_NAMES.get(r, r) for r in deck.ranks]
    suit_words = [SUIT_NAMES.get(x, x) for x in deck.suits]
    s.p(
        f"The game is played with a pack of {f.deck_size} cards: the {_and(rank_words)} of each of the "
        f"{_n(len(deck.suits))} suits ({_and(suit_words)})."
    )
    order = f"In every suit the cards rank from highest to lowest: {', '.join(rank_words)}."
    note = ""
    if "T" in deck.ranks and "K" in deck.ranks and deck.ranks.index("T") < deck.ranks.index("K"):
        note = "Note that the ten ranks above the king."
    s.p(order, note)
    s.p("Cards won in tricks count card points:")
    s.table(["Card", "Card points"], [[_cap(RANK_NAMES.get(r, r)), str(_deck_points(rs)[r])] for r in deck.ranks])
    per_suit = sum(_deck_points(rs).values())
    s.p(f"Each suit holds {per_suit} card points, the whole pack {per_suit * len(deck.suits)}.")
    return s


def _deck_points(rs: Ruleset) -> dict[str, int]:
    """Card points of each rank, in the deck's rank order."""
    per_card = dict(zip(rs.deck.cards, rs.deck.points, strict=True))
    return {c.rank: p for c, p in per_card.items() if c.suit == rs.deck.suits[0]}


def _players_section(f: _Facts) -> _Section:
    rs = f.rs
    s = _Section("Players and sides")
    if f.partnership:
        s.p(
            f"{_cap(_n(f.n))} players play in two partnerships of two. Partners sit opposite each other and "
            "score together: seats 0 and 2 against seats 1 and 3."
        )
    elif f.n == 2:
        s.p("Two players play against each other.")
    else:
        s.p(f"{_cap(_n(f.n))} players play, each for himself.")
    what = _and(["the deal", "the bidding" if f.bidding else "", "the play"])
    seats = "0 and 1" if f.n == 2 else f"0 to {f.n - 1}"
    s.p(f"Seats are numbered {seats} in playing order; {what} go clockwise, to the left.")
    return s


def _deal_section(f: _Facts) -> _Section:
    rs = f.rs
    deal = rs.deal
    s = _Section("The deal")
    packets = list(deal.packets)
    turn_after = rs.trump.turn_up_after_packet if f.turn_up else -1
    steps: list[str] = []
    for i, size in enumerate(packets):
        if i == turn_after:
            steps.append("the next card is turned face up" if steps else "the top card is turned face up")
        steps.append(f"{_n(size)} to each player" if not steps or i == 0 else f"{_n(size)} more to each player")
    if turn_after == len(packets):
        steps.append("the next card is turned face up")
    if len(steps) == 1:
        how = f"The dealer deals {_cards(deal.hand_size)} to each player at once, starting with {f.first_receiver}."
    else:
        steps = [steps[0]] + [f"then {x}" for x in steps[1:]]
        how = (
            f"The dealer deals {_cards(deal.hand_size)} to each player, starting with {f.first_receiver} and "
            f"going clockwise: first {', '.join(steps)}."
        )
    s.p(how)
    if f.talon:
        s.p(
            f"The remaining {_cards(f.rest)} are laid face down across the turned-up card, which stays face up at "
            f"the bottom; together they form the talon of {f.talon_size} cards."
        )
        others = "the other player" if f.n == 2 else "the other players in turn, clockwise"
        rounds = f.talon_size // f.n
        unless = " (unless the talon has been closed before)" if f.closing else ""
        if f.n == 2:
            last = f"the loser of the {_nth(rounds)} trick takes it{unless}"
        else:
            last = f"the last player to draw after the {_nth(rounds)} trick takes it{unless}"
        s.p(
            f"After each trick, as long as the talon lasts, the winner of the trick draws its top card, then "
            f"{others}, so that everybody again holds {_cards(deal.hand_size)}. The turned-up card is drawn "
            f"last: {last}. The talon is then exhausted, and the last {_n(deal.hand_size)} tricks are played "
            "with the cards in hand."
        )
    elif deal.widow is not None and f.rest > 0:
        s.p(
            f"The {_cards(f.rest)} left over form the widow, which is laid aside face down. The winner of the "
            "first trick takes the widow with that trick: its card points count for him, but its cards never "
            "go into his hand."
        )
    elif f.rest == 0:
        s.p(f"All {f.deck_size} cards are dealt; there is no talon.")
    s.p(f"A deal has {_n(f.tricks)} tricks.")
    return s


def _trump_section(f: _Facts) -> _Section:
    rs = f.rs
    s = _Section("Trump")
    beat = "A trump beats any card of the other suits."
    if f.turn_up:
        s.p("The suit of the turned-up card is trump for the whole deal.", beat)
    else:
        by = ", by the declarer," if rs.play.first_lead == "declarer" else ""
        s.p(
            f"No card is turned up. The first card led in the deal{by} fixes trumps: its suit is trump for the "
            "whole deal.",
            beat,
        )
        if f.marriage and rs.marriage.first_lead == "allowed":
            s.p(
                "A marriage announced on that first lead is therefore always a marriage in trumps, worth "
                f"{rs.marriage.values.trump}."
            )
    return s


def _exchange_section(f: _Facts) -> _Section:
    rs = f.rs
    ex = rs.exchange
    s = _Section("Exchanging the trump card")
    if not f.turn_up or not f.talon:
        s.p("No card is turned up, so there is no exchange of the trump card.")
        return s
    if not ex.enabled:
        s.p("There is no exchange of the trump card.")
        return s
    card = f.exchange_card()
    conditions = []
    if ex.requires_trick_won:
        conditions.append("he has already won a trick")
    conditions.append(f"at least {ex.min_talon_size} cards (the turn-up included) remain in the talon")
    s.p(
        f"The player on lead who holds the {card} may exchange it for the turned-up trump card before leading, "
        f"provided {_and(conditions)}. He takes the turn-up into his hand and puts the "
        f"{rank_name(ex.rank)} face up in its place, where it will be the last card drawn."
    )
    notes = []
    if ex.min_talon_size > 2:
        left = ex.min_talon_size - 2
        notes.append(
            f"The exchange is therefore not allowed when only {_n(left)} face-down "
            f"{'card is' if left == 1 else 'cards or fewer are'} left beside the turn-up."
        )
    if not ex.requires_trick_won:
        if ex.before_first_trick:
            notes.append("He need not have won a trick: the exchange is allowed even before the lead to the first trick.")
        else:
            notes.append("He need not have won a trick, but there is no exchange on the lead to the first trick.")
    notes.append("There is no exchange once the talon has been closed or exhausted." if f.closing else "There is no exchange once the talon is exhausted.")
    s.p(*notes)
    also = [x for x in ("close the talon" if f.closing else "", "announce a marriage" if f.marriage else "") if x]
    if also:
        what = also[0] if len(also) == 1 else f"{also[0]}, {also[1]} or both"
        s.p(f"Having exchanged, he may on the same turn also {what}, before he leads.")
    return s


def _marriage_section(f: _Facts) -> _Section:
    rs = f.rs
    m = rs.marriage
    s = _Section("Marriages")
    if not m.enabled:
        s.p("There are no marriages.")
        return s
    s.p(
        "A player who holds the king and queen of the same suit may announce them as a marriage when he is on "
        "lead: he leads one of the two cards and shows the other. A marriage in trumps is worth "
        f"{m.values.trump} points, a marriage in any other suit {m.values.plain}. Only one marriage can be "
        "announced on each lead, and a king or queen led without announcing the marriage scores nothing for it."
    )
    who = f"{f.his} total" if not f.game_points else "his card points"
    if m.counts_after == "own_trick":
        count = (
            f"The marriage's points are added to {who} only once he has won a trick in the deal; until then they "
            "are pending, and they are lost if he wins no trick."
        )
    elif m.counts_after == "team_trick":
        count = (
            f"The marriage's points are added to {f.his} total only once his side (he or his partner) has won a "
            "trick in the deal; until then they are pending, and they are lost if his side wins no trick."
        )
    else:
        count = f"The marriage's points are added to {who} at once."
    s.p(count)
    timing: list[str] = []
    if m.first_lead == "forbidden":
        timing.append("No marriage may be announced on the first lead of the deal.")
    elif m.counts_after != "immediately":
        timing.append(
            "A marriage may be announced even on the first lead of the deal, before anybody has won a trick; "
            "its points then wait as just described."
        )
    if f.talon:
        ok_exhausted = m.after_exhaustion
        ok_closed = m.after_close or not f.closing
        if ok_exhausted and ok_closed:
            when = "after the talon has been closed or exhausted" if f.closing else "after the talon is exhausted"
            timing.append(
                f"Marriages may also be announced {when}."
                if m.first_lead == "forbidden"
                else f"Marriages may be announced on any lead, also {when}."
            )
        elif not ok_exhausted and not ok_closed:
            timing.append("No marriage may be announced once the talon has been exhausted or closed.")
        elif not ok_exhausted:
            timing.append(
                "No marriage may be announced once the talon is exhausted; after the talon has been closed, "
                "however, marriages may still be announced to the end of the deal."
            )
        else:
            timing.append("Marriages may still be announced once the talon is exhausted, but not once it has been closed.")
        if f.closing and not m.after_close:
            if m.on_closing_lead:
                timing.append(
                    "There is one exception: a player who closes the talon may announce a marriage on the "
                    "lead at which he closes (he closes first, then announces), and it counts."
                )
            else:
                timing.append("This includes the lead at which a player closes the talon.")
    else:
        timing.append("Any player who is on lead may announce a marriage, on any lead of the deal.")
    s.p(*timing)
    if f.claim and rs.claim.after_marriage:
        s.p(
            f"A player whose marriage brings him to {f.target} may go out at once, without the trick being played "
            "(see Declaring)."
        )
    return s


def _closing_section(f: _Facts) -> _Section:
    rs = f.rs
    cl = rs.closing
    s = _Section("Closing the talon")
    if not f.talon:
        s.p("There is no talon, so there is no closing.")
        return s
    if not cl.enabled:
        s.p("There is no closing.")
        return s
    if cl.timing == "before_or_after_draw":
        when = (
            "either when he is on lead after the draw, before leading, or straight after winning a trick, before "
            "anybody draws (then nobody draws from that trick, and the deal is played out with the cards in hand)"
        )
    else:
        when = (
            "only when he is on lead, before he leads, with a full hand: after the draw, never straight after a "
            "trick before the draw"
        )
    s.p(
        "A player may close the talon by turning the trump card face down, so that nobody draws any more. He may "
        f"do so {when}."
    )
    faces = cl.min_talon_size - 1
    limits = [
        f"The talon may be closed only while it holds at least {cl.min_talon_size} cards, the turn-up included "
        f"(at least {_n(faces)} face-down {'card' if faces == 1 else 'cards'} besides it)."
    ]
    if cl.before_first_trick:
        limits.append("It may be closed even on the lead to the first trick.")
    else:
        limits.append("It may not be closed before the first trick has been played.")
    s.p(*limits)
    after = ["nobody draws any more", "the strict rules of play apply (see Play)"]
    if f.marriage:
        if rs.marriage.after_close:
            after.append("marriages may still be announced")
        elif rs.marriage.on_closing_lead:
            after.append("no more marriages may be announced except on the closing lead itself (see Marriages)")
        else:
            after.append("no more marriages may be announced")
    if rs.end.last_trick_bonus:
        after.append(f"the winner of the last trick does not get the {rs.end.last_trick_bonus} for it")
    s.p(f"Once the talon is closed, {_and(after)}.")
    fail = _fail_words(f)
    if f.claim:
        basis = (
            "the opponent's points and tricks as they were when the talon was closed"
            if cl.success_basis == "at_close"
            else "the opponent's points and tricks at the end, tricks taken after the close included"
        )
        out = "If the closer's opponent goes out first, he scores " + (
            "the same." if cl.opponent_out == "as_fail" else f"{_gp(cl.fail_points.base)}."
        )
        s.p(
            f"The closer undertakes to reach {f.target} and go out by declaring. If he does, he wins the deal, "
            f"and his game points are reckoned on {basis}. If he fails to go out, {f.opponent} scores {fail}.",
            out,
        )
    else:
        s.p(f"If the closer fails, {f.opponent} scores {fail}.")
    return s


def _fail_words(f: _Facts, table: bool = False) -> str:
    """What the opponent of a closer who fails scores (bare numbers for the scoring table)."""
    fp = f.rs.closing.fail_points
    base = str(fp.base) if table else _gp(fp.base)
    if fp.base == fp.no_trick:
        return base
    who = "he" if table else "the opponent"
    if fp.basis == "at_close":
        return f"{base}, or {fp.no_trick} if {who} had not yet won a trick when the talon was closed"
    return f"{base}, or {fp.no_trick} if {who} won no trick in the whole deal"


def _play_section(f: _Facts) -> _Section:
    rs = f.rs
    play = rs.play
    s = _Section("Play")
    if play.first_lead == "declarer":
        lead = "The declarer (the highest bidder) leads to the first trick."
    else:
        lead = f"{_cap(f.first_receiver)} leads to the first trick."
    s.p(
        lead,
        "Each player in turn, clockwise, plays one card to the trick. The trick is won by the highest trump in "
        "it or, if it holds no trump, by the highest card of the suit led; a card of another suit cannot win. "
        "The winner of a trick leads to the next.",
    )
    strict_always = play.strict_from == "always" or not f.talon
    others = "the other player" if f.n == 2 else "the other players"
    duties = f"{others} must obey these rules:" if play.follow or play.trump_when_void else (
        f"{others} have no duty to follow suit or to trump: any card may be played."
        if f.n > 2
        else f"{others} has no duty to follow suit or to trump: any card may be played."
    )
    if strict_always:
        s.p(f"The leader may lead any card. From the first trick on, {duties}")
    else:
        closed = ", or from the moment the talon is closed" if f.closing else ""
        s.p(
            "As long as the talon is open, any card may be played: there is no obligation to follow suit, to "
            "trump or to win the trick.",
            f"From the first trick after the last card of the talon has been drawn{closed}, strict play applies. "
            f"The leader may still lead any card; {duties}",
        )
    rules: list[str] = []
    if play.follow:
        head = {
            "none": " Any card of that suit will do.",
            "beat_led": " He must also head the trick: play a higher card of that suit than the card led, if he has one.",
            "beat_winner": (
                " He must also play a card of that suit that beats the card currently winning the trick, if he "
                "has one; if the trick has already been trumped, any card of the suit led will do."
            ),
            "beat_highest_led": (
                " He must also play a card of that suit higher than the highest card of that suit already in the "
                "trick, if he has one."
            ),
        }[play.head]
        rules.append("A player must follow suit: play a card of the suit led if he has one." + head)
    else:
        rules.append("A player need not follow suit.")
    if play.trump_when_void:
        void = "A player who has no card of the suit led must play a trump if he has one."
        if f.n > 2:
            if play.overtrump == "required":
                void += " If the trick already holds a trump, he must play a higher trump if he can"
                void += (
                    "; if he cannot, he must still play a lower trump."
                    if play.undertrump == "required_if_cannot_overtrump"
                    else "; if he cannot, he may play any card."
                )
            else:
                void += (
                    " If the trick already holds a trump, any trump will do."
                    if play.undertrump == "required_if_cannot_overtrump"
                    else " If the trick already holds a trump, he may play any card."
                )
        rules.append(void)
    else:
        rules.append("A player who has no card of the suit led may play any card; he need not trump.")
    if play.follow or play.trump_when_void:
        rules.append("A player who can do none of this may play any card.")
        s.ol(rules)
    if f.partnership:
        s.p("These duties hold even when the trick is already being won by the player's partner.")
    info = {
        "none": "Tricks won are kept face down and may not be looked at again; players must remember the points.",
        "last_trick": "The last trick may be looked at until the next card is led; earlier tricks may not be looked at again.",
        "all": f"A player may look through the tricks {'his side has' if f.partnership else 'he has'} won at any time.",
    }.get(f.info)
    if info:
        s.p(info)
    return s


def _claim_section(f: _Facts) -> _Section:
    rs = f.rs
    c = rs.claim
    s = _Section("Declaring")
    if not c.enabled:
        s.p("There is no declaring: nobody can go out, and every deal is played to the last trick.")
        return s
    count = "his card points from tricks plus his marriages that count" if not f.partnership else (
        "his side's card points from tricks plus its marriages that count"
    )
    when = "straight after winning a trick, before leading again"
    if c.after_marriage and f.marriage:
        when += ", or straight after announcing a marriage, before the trick is played (the card he led then counts for nobody)"
    s.p(
        f"A player who believes that {count} have reached {c.target} may declare this (go out): the deal stops "
        f"at once and the points are counted. He may declare only {when}."
    )
    s.p(
        f"Points that are not declared are worth nothing: if {f.opponent} declares correctly first, "
        f"{f.other} wins the deal, whatever the totals."
    )
    if c.after_last_trick == "auto":
        bonus = ""
        if f.game_points and rs.end.last_trick_bonus:
            bonus = f" (counting the {rs.end.last_trick_bonus} for the last trick{', when he gets it' if f.closing else ''})"
        s.p(f"The winner of the last trick who has then reached {c.target}{bonus} is treated as declaring straight after it.")
    else:
        s.p(f"Winning the last trick with {c.target} or more is not a declaration: the end of the deal decides.")
    fp = c.false_points
    wrong = _gp(fp.base) if fp.base == fp.opponent_without_trick else (
        f"{_gp(fp.base)}, or {fp.opponent_without_trick} if {f.other} has not yet taken a trick"
    )
    closer = ""
    if f.closing:
        closer = " If the declarer had closed the talon, his opponent scores the larger of this and the score for a failed close."
    s.p(
        f"If he has {c.target} or more, he wins the deal (see Scoring for the game points). If he has fewer, "
        f"{f.opponent} wins the deal and scores {wrong}." + closer
    )
    return s


def _end_section(f: _Facts) -> _Section:
    rs = f.rs
    end = rs.end
    s = _Section("End of the deal")
    if not f.game_points:
        out = "Every deal is played to the last trick." if not f.claim else ""
        bonus = (
            f"The winner of the last trick adds {end.last_trick_bonus} card points."
            if end.last_trick_bonus
            else "There is no bonus for the last trick."
        )
        widow = " (the widow included)" if rs.deal.widow is not None and f.rest > 0 and not f.talon else ""
        s.p(
            out,
            bonus,
            f"Then each {f.side} counts its total{widow} and the hand is scored as described under Scoring."
            if f.partnership
            else f"Then each player counts his total{widow} and the hand is scored as described under Scoring.",
        )
        return s
    steps: list[str] = []
    start = "When the last trick has been played and nobody has gone out"
    if end.last_trick_bonus:
        not_closed = " (not when the talon was closed)" if f.closing else ""
        steps.append(f"{start}, the winner of the last trick adds {end.last_trick_bonus} card points{not_closed}.")
    else:
        steps.append("There is no bonus for the last trick.")
    auto = f.claim and rs.claim.after_last_trick == "auto"
    if auto:
        steps.append(
            f"If he has then reached {f.target}, he is treated as declaring (see Declaring)."
            if end.last_trick_bonus
            else f"{start}, the winner of the last trick is treated as declaring if he has reached {f.target} "
            "(see Declaring)."
        )
    if f.closing:
        first = "Otherwise, if" if auto or end.last_trick_bonus else f"{start}: if"
        steps.append(
            f"{first} the talon was closed, the closer has failed, and his opponent scores as described under "
            "Closing the talon."
        )
    intro = "Otherwise" if auto or f.closing else ("Then" if end.last_trick_bonus else start)
    if end.unclaimed == "last_trick_wins":
        steps.append(
            f"{intro}, the winner of the last trick wins the deal and scores {_gp(end.last_trick_points)}, "
            "whatever the card points."
        )
    else:
        loser_pts = "points and tricks"
        steps.append(
            f"{intro}, the {'side' if f.partnership else 'player'} with the higher total (card points plus "
            f"marriages that count{', the bonus included' if end.last_trick_bonus else ''}) wins the deal, and "
            f"the game points are reckoned on {f.loser}'s final {loser_pts} (see Scoring)."
        )
        if end.tie == "no_score":
            steps.append("If the totals are equal, the deal is drawn: nobody scores, and the same dealer deals again.")
        elif end.tie == "next_deal_bonus":
            steps.append(
                "If the totals are equal, the deal is drawn: nobody scores, the same dealer deals again, and the "
                "winner of the next deal scores one game point more (one more for each drawn deal in a row)."
            )
        else:
            steps.append(
                f"If the totals are equal, the winner of the last trick wins the deal and scores {_gp(end.last_trick_points)}."
            )
    s.p(*steps)
    return s


def _game_point_names(f: _Facts) -> _ExprWords:
    winner, loser = f.winner, f.loser
    return _ExprWords(
        {
            "points": _Name("points", f"{winner}'s points", winner),
            "tricks": _Name("tricks", f"the number of tricks {winner} has taken", winner),
            "opponent_points": _Name("points", f"{loser}'s points", loser),
            "opponent_tricks": _Name("tricks", f"the number of tricks {loser} has taken", loser),
        },
        {},
    )


def _unit_names(f: _Facts) -> _ExprWords:
    subject = "it" if f.partnership else "he"
    poss = "its" if f.partnership else "his"
    return _ExprWords(
        {
            "points": _Name("points", f"{poss} total", subject),
            "tricks": _Name("tricks", f"the number of tricks {subject} has taken", subject),
            "bid": _Name("other", "the bid"),
        },
        {"unit": f.rs.scoring.unit},
    )


def _scoring_section(f: _Facts) -> _Section:
    rs = f.rs
    sc = rs.scoring
    s = _Section("Scoring")
    if f.game_points:
        words = _game_point_names(f)
        cases, other = words.cases(words.tree(sc.game_points))
        ways = _and([
            "by going out" if f.claim else "",
            "by a successful close" if f.closing else "",
            "by the higher total" if rs.end.unclaimed == "higher_total" else "",
        ], "or")
        s.p(
            f"The winner of a deal scores game points. When the deal is won {ways}, the number of game points "
            f"depends on {f.loser}'s position; the conditions are checked in this order:"
            if ways
            else f"The winner of a deal scores game points, depending on {f.loser}'s position; the conditions are "
            "checked in this order:"
        )
        rows = [[("if " if i == 0 else "otherwise, if ") + cond, value] for i, (cond, value) in enumerate(cases)]
        rows.append(["otherwise" if cases else "in every case", other])
        s.table(["Condition", "Game points"], rows)
        s.p(f"As a formula: {_code(sc.game_points.source)}.")
        bonus = ", the bonus for the last trick included" if rs.end.last_trick_bonus else ""
        if sc.opponent_points == "tricks_and_counted_marriages":
            s.p(
                f"Here {f.loser}'s points are the card points of his tricks plus his marriages that count{bonus}; "
                "a pending marriage never counts."
            )
        else:
            s.p(f"Here {f.loser}'s points are the card points of his tricks only{bonus}; marriages do not count.")
        s.p("How each way of ending a deal is scored:")
        s.table(["How the deal ended", "Who scores", "Game points"], _result_rows(f))
        return s
    # units
    unit = sc.unit
    words = _unit_names(f)
    decl = "the declaring side" if f.partnership else "the declarer"
    pron = "it" if f.partnership else "he"
    poss = "its" if f.partnership else "his"
    owner = "side" if f.partnership else "player"
    widow = ", plus the widow if he took it" if rs.deal.widow is not None and f.rest > 0 and not f.talon else ""
    marr = f", plus {poss} marriages that count" if f.marriage else ""
    bonus = f", plus {rs.end.last_trick_bonus} for the last trick" if rs.end.last_trick_bonus else ""
    s.p(
        f"At the end of the hand each {owner} counts {poss} total: the card points of the tricks {pron} has won"
        f"{widow}{marr}{bonus}. Scores are reckoned in units of {unit} card points."
    )

    def said(expr: Expression, example: str = "") -> str:
        return words.value(words.tree(expr)) + example

    s.p(
        f"{_cap(decl)} makes {poss} bid if {poss} total is at least {unit} times the bid "
        f"(for example, {2 * unit} for a bid of 2). If {pron} makes it, {pron} scores "
        f"{said(sc.made, _example(sc.made, f, points=2 * unit + 4))}. If not, {pron} is set and scores "
        f"{said(sc.set, _example(sc.set, f, bid=2))}."
    )
    defenders = "Each defending side" if f.partnership else ("The other player" if f.n == 2 else "Each of the other players")
    s.p(
        f"{defenders} scores {said(sc.defenders, _example(sc.defenders, f, points=unit + 2))}, whether the bid "
        "was made or not. Scores may become negative."
    )
    if f.moon is not None:
        mb = f.moon.bid
        s.p(
            f"A moon (bid {mb}) is made if {decl} wins every trick; {pron} then scores "
            f"{_fixed(sc.moon_made, f, mb, said)}, otherwise {_fixed(sc.moon_set, f, mb, said)}."
        )
    formulas = [
        f"made {_code(sc.made.source)}",
        f"set {_code(sc.set.source)}",
        f"defenders {_code(sc.defenders.source)}",
    ]
    if f.moon is not None:
        formulas += [f"moon made {_code(sc.moon_made.source)}", f"moon set {_code(sc.moon_set.source)}"]
    s.p(
        "As formulas (points = the total, tricks = the tricks taken, bid = the bid, 0 for defenders, "
        f"unit = {unit}): {_and(formulas)}."
    )
    return s


def _fixed(expr: Expression, f: _Facts, bid: int, said: Any) -> str:
    """A moon score: its value when it depends on the bid only, with the words after it."""
    if set(expr.names) <= {"bid", "unit"}:
        value = int(expr.evaluate({"points": 0, "tricks": 0, "bid": bid, "unit": f.rs.scoring.unit}))
        return f"{value} ({said(expr)})"
    return str(said(expr))


def _example(expr: Expression, f: _Facts, *, points: int | None = None, bid: int | None = None) -> str:
    """A worked example, when the expression depends only on the total or only on the bid."""
    names = set(expr.names) - {"unit"}
    env = {"points": points or 0, "tricks": 0, "bid": bid or 0, "unit": f.rs.scoring.unit}
    try:
        value = int(expr.evaluate(env))
    except Exception:  # pragma: no cover - a formula that fails on sample values gets no example
        return ""
    if not names:
        return ""
    if names == {"points"} and points is not None:
        return f" (for example, {value} for a total of {points})"
    if names == {"bid"} and bid is not None:
        return f" (for example, {value} for a bid of {bid})"
    return ""


def _result_rows(f: _Facts) -> list[list[str]]:
    rs = f.rs
    end = rs.end
    rows: list[list[str]] = []
    not_closed = ", talon not closed" if f.closing else ""
    if f.claim:
        rows.append([f"correct declaration{not_closed}", "the declarer", f"by the table above, on {f.loser}'s points and tricks at that moment"])
    if end.unclaimed == "higher_total":
        rows.append([f"all cards played, nobody went out{not_closed}", "the higher total", f"by the table above, on {f.loser}'s final points and tricks"])
        if end.tie == "last_trick_wins":
            rows.append(["equal totals", "the winner of the last trick", str(end.last_trick_points)])
        else:
            extra = "; the next deal's winner scores one more" if end.tie == "next_deal_bonus" else ""
            rows.append(["equal totals (drawn deal)", "nobody", f"0{extra}"])
    else:
        rows.append([f"all cards played, nobody went out{not_closed}", "the winner of the last trick", str(end.last_trick_points)])
    if f.closing:
        cl = rs.closing
        basis = "when the talon was closed" if cl.success_basis == "at_close" else "at the end, tricks after the close included"
        rows.append(["the closer goes out correctly", "the closer", f"by the table above, on the opponent's points and tricks {basis}"])
        rows.append(["the closer does not go out", "the closer's opponent", _fail_words(f, table=True)])
        if f.claim:
            rows.append([
                "the closer's opponent goes out first",
                "the closer's opponent",
                _fail_words(f, table=True) if cl.opponent_out == "as_fail" else str(cl.fail_points.base),
            ])
    if f.claim:
        fp = rs.claim.false_points
        wrong = str(fp.base) if fp.base == fp.opponent_without_trick else (
            f"{fp.base}, or {fp.opponent_without_trick} if he has not yet taken a trick"
        )
        if f.closing:
            wrong += "; if the declarer had closed the talon, the larger of this and the failed-close score"
        rows.append(["wrong declaration", "the declarer's opponent", wrong])
    return rows


def _auction_section(f: _Facts) -> _Section:
    rs = f.rs
    b = rs.bidding
    s = _Section("Auction")
    if not b.enabled:
        s.p("There is no auction.")
        return s
    unit = rs.scoring.unit
    s.p(
        "Before play there is an auction for the right to fix trumps by leading. It starts with the player to "
        "the dealer's left and goes clockwise; each player speaks once, either passing or bidding higher than the "
        "bid before. The dealer speaks last."
    )
    moon = b.moon.bid if b.moon is not None else None
    plain = [v for v in b.values if v != moon]
    side = "the bidder's side" if f.partnership else "the bidder"
    if plain:
        meaning = ", ".join(f"{v} = {v * unit}" for v in plain)
        s.p(
            f"The bids are {_and([str(v) for v in b.values], 'and')}. A bid of n undertakes that {side} will take "
            f"at least {unit} × n points (card points plus marriages that count): {meaning}."
        )
    total = rs.deck.total_points + rs.end.last_trick_bonus
    beyond = [v for v in plain if v * unit > total]
    if beyond:
        which = _and([f"{v} ({v * unit})" for v in beyond])
        if len(beyond) == 1:
            s.p(f"A bid of {which} is more than the {total} card points in the pack, so it can only be made with the help of marriages.")
        else:
            s.p(f"Bids of {which} are more than the {total} card points in the pack, so they can only be made with the help of marriages.")
    if f.partnership:
        s.p("Bids are not added up within a partnership: if both partners bid, only the higher bid counts.")
    lead = ""
    if rs.play.first_lead == "declarer":
        lead = " He leads to the first trick"
        lead += ", and the suit of his first card is trump." if not f.turn_up else "."
    s.p(f"The highest bidder becomes the declarer.{lead}")
    if b.all_pass == "redeal":
        s.p("If everybody passes, the cards are thrown in and the next dealer deals.")
    else:
        s.p("If everybody before him has passed, the dealer may not pass: he must bid.")
    if b.moon is not None:
        if b.moon.partner_sits_out and f.partnership:
            s.p(
                f"A bid of {b.moon.bid} is the moon (\"shooting the moon\"): the declarer's partner lays his cards "
                "face down and takes no part in the hand, and the declarer plays alone against both opponents. "
                "He must win every trick."
            )
        else:
            s.p(f"A bid of {b.moon.bid} is the moon: the declarer must win every trick.")
    return s


def _match_section(f: _Facts) -> _Section:
    rs = f.rs
    m = rs.match
    s = _Section("Match")
    who = "side" if f.partnership else "player"
    if f.game_points:
        s.p(f"A match is a series of deals. The first {who} to reach {_gp(m.target)} wins the match.")
    else:
        s.p(f"A match is a series of hands; each {who}'s scores are added up. The first {who} to reach {m.target} points wins the match.")
        declarer = "the declaring side" if f.partnership else "the declarer"
        if rs.side_count == 2:
            both = f"If both {who}s reach {m.target} in the same hand"
            if m.bidder_goes_out:
                s.p(f"{both}, {declarer} wins: the bidder goes out.")
            else:
                s.p(f"{both}, the higher score wins; if the scores are level, another hand is played.")
        else:
            reach = f"If more than one {who} reaches {m.target} in the same hand"
            tie = "if the highest scores are level, another hand is played"
            if m.bidder_goes_out:
                s.p(
                    f"{reach} and {declarer} is one of them, {declarer} wins: the bidder goes out. Otherwise the "
                    f"highest score wins; {tie}."
                )
            else:
                s.p(f"{reach}, the highest score wins; {tie}.")
    dealing = [f"Seat {rs.dealer.first} deals the first deal."]
    rotation = rs.dealer.rotation
    if rotation in ("alternate", "clockwise"):
        dealing.append("After that the deal alternates." if f.n == 2 else "After that the deal passes to the left.")
    elif rotation == "winner_deals":
        dealing.append("After that the winner of each deal deals the next one.")
    else:
        dealing.append("After that the loser of each deal deals the next one.")
    if f.game_points and rs.end.unclaimed == "higher_total" and rs.end.tie != "last_trick_wins":
        dealing.append("After a drawn deal the same dealer deals again.")
    if f.bidding and rs.bidding.all_pass == "redeal" and rotation not in ("alternate", "clockwise"):
        dealing.append("After a hand thrown in, the next player deals.")
    s.p(*dealing)
    return s


# --------------------------------------------------------------------------- assembling
def _document(rs: Ruleset, base: Ruleset | None) -> _Doc:
    f = _Facts(rs)
    intro = []
    if rs.description:
        intro.append(rs.description.strip())
    source = f"This rulebook is generated from the ruleset {_code(rs.name)}"
    if base is not None:
        source += f", a house ruleset based on {_code(base.name)}"
    intro.append(source + ".")
    sections: list[_Section] = []
    if base is not None:
        diff = _Section(f"Differences from {base.title}")
        changes = diff_rulesets(base, rs)
        if changes:
            diff.ul([c.text for c in changes])
        else:
            diff.p("None: the rules are the same.")
        sections.append(diff)
    sections += [
        _cards_section(f),
        _players_section(f),
        _deal_section(f),
        _trump_section(f),
        _exchange_section(f),
        _marriage_section(f),
        _closing_section(f),
        _play_section(f),
        _claim_section(f),
        _end_section(f),
        _scoring_section(f),
        _auction_section(f),
        _match_section(f),
    ]
    return _Doc(rs.title, intro, sections)


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def _to_markdown(doc: _Doc) -> str:
    out = [f"# {doc.title}", ""]
    for para in doc.intro:
        out += [para, ""]
    for section in doc.sections:
        out += [f"## {section.heading}", ""]
        for block in section.blocks:
            kind = block[0]
            if kind == "p":
                out.append(block[1])
            elif kind == "ul":
                out += [f"- {item}" for item in block[1]]
            elif kind == "ol":
                out += [f"{i}. {item}" for i, item in enumerate(block[1], 1)]
            elif kind == "table":
                header, rows = block[1], block[2]
                out.append("| " + " | ".join(_md_cell(h) for h in header) + " |")
                out.append("|" + "|".join("---" for _ in header) + "|")
                out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows]
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def _inline_html(text: str) -> str:
    """Escape text for HTML; backquoted spans become <code>."""
    parts = text.split("`")
    out = []
    for i, part in enumerate(parts):
        escaped = html.escape(part, quote=False)
        out.append(f"<code>{escaped}</code>" if i % 2 else escaped)
    return "".join(out)


_CSS = (
    "body{font-family:Georgia,serif;max-width:46em;margin:2em auto;padding:0 1em;line-height:1.5;color:#222}"
    "h1,h2{font-family:Helvetica,Arial,sans-serif}"
    "table{border-collapse:collapse;margin:.5em 0}"
    "th,td{border:1px solid #999;padding:.25em .6em;text-align:left;vertical-align:top}"
    "code{background:#f2f2f2;padding:0 .2em}"
)


def _to_html(doc: _Doc) -> str:
    def e(text: str) -> str:
        return html.escape(text, quote=False)

    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{e(doc.title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        "<main>",
        "<header>",
        f"<h1>{e(doc.title)}</h1>",
    ]
    out += [f"<p>{_inline_html(p)}</p>" for p in doc.intro]
    out.append("</header>")
    for section in doc.sections:
        out.append("<section>")
        out.append(f"<h2>{e(section.heading)}</h2>")
        for block in section.blocks:
            kind = block[0]
            if kind == "p":
                out.append(f"<p>{_inline_html(block[1])}</p>")
            elif kind in ("ul", "ol"):
                out.append(f"<{kind}>")
                out += [f"<li>{_inline_html(item)}</li>" for item in block[1]]
                out.append(f"</{kind}>")
            elif kind == "table":
                header, rows = block[1], block[2]
                out.append("<table>")
                out.append("<thead><tr>" + "".join(f"<th>{_inline_html(h)}</th>" for h in header) + "</tr></thead>")
                out.append("<tbody>")
                out += ["<tr>" + "".join(f"<td>{_inline_html(c)}</td>" for c in row) + "</tr>" for row in rows]
                out.append("</tbody>")
                out.append("</table>")
        out.append("</section>")
    out += ["</main>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


def rulebook(rs: Ruleset, base: Ruleset | None = None, fmt: str = "md") -> str:
    """The complete rulebook of ``rs`` as Markdown (``fmt="md"``) or a standalone HTML page (``"html"``).

    With ``base`` (the ruleset a house ruleset extends) the rulebook starts with a section
    "Differences from <base title>" listing :func:`~interpreter.text.diff.diff_rulesets` ``(base, rs)``.
    """
    if fmt not in ("md", "html"):
        raise ValueError(f"fmt must be 'md' or 'html', not {fmt!r}")
    doc = _document(rs, base)
    return _to_markdown(doc) if fmt == "md" else _to_html(doc)


# --------------------------------------------------------------------------- files
def base_of(rs: Ruleset) -> Ruleset | None:
    """The ruleset ``rs`` extends, loaded, or ``None`` for a ruleset without ``extends``."""
    if not rs.extends:
        return None
    from interpreter.rules.loader import load_ruleset
    from interpreter.rules.resources import find_ruleset

    path = find_ruleset(rs.extends, relative_to=rs.source.parent if rs.source is not None else None)
    return load_ruleset(path if path is not None else rs.extends)
