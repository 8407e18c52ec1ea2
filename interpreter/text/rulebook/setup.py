"""Rulebook sections before the first trick: cards and values, players and sides, the deal,
trump, exchanging the trump card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.core.cards import RANK_NAMES, SUIT_NAMES
from interpreter.text.diff import rank_name, teams_words
from interpreter.text.rulebook.document import Section
from interpreter.text.rulebook.words import Facts, cap, cards, listing, nth, num

if TYPE_CHECKING:
    from interpreter.rules.ruleset import Ruleset

def cards_section(f: Facts) -> Section:
    rs = f.rs
    deck = rs.deck
    s = Section("Cards and values")
    rank_words = [RANK_NAMES.get(r, r) for r in deck.ranks]
    suit_words = [SUIT_NAMES.get(x, x) for x in deck.suits]
    s.p(
        f"The game is played with a pack of {f.deck_size} cards: the {listing(rank_words)} of each of the "
        f"{num(len(deck.suits))} suits ({listing(suit_words)})."
    )
    order = f"In every suit the cards rank from highest to lowest: {', '.join(rank_words)}."
    note = ""
    if "T" in deck.ranks and "K" in deck.ranks and deck.ranks.index("T") < deck.ranks.index("K"):
        note = "Note that the ten ranks above the king."
    s.p(order, note)
    s.p("Cards won in tricks count card points:")
    s.table(["Card", "Card points"], [[cap(RANK_NAMES.get(r, r)), str(_deck_points(rs)[r])] for r in deck.ranks])
    per_suit = sum(_deck_points(rs).values())
    s.p(f"Each suit holds {per_suit} card points, the whole pack {per_suit * len(deck.suits)}.")
    return s


def _deck_points(rs: Ruleset) -> dict[str, int]:
    """Card points of each rank, in the deck's rank order."""
    per_card = dict(zip(rs.deck.cards, rs.deck.points, strict=True))
    return {c.rank: p for c, p in per_card.items() if c.suit == rs.deck.suits[0]}


def players_section(f: Facts) -> Section:
    s = Section("Players and sides")
    if f.partnership:
        teams = f.rs.sides
        size = len(teams[0])
        groups = (
            f"{num(len(teams))} partnerships of {num(size)}"
            if size > 1 and all(len(t) == size for t in teams)
            else f"{num(len(teams))} teams"
        )
        s.p(f"{cap(num(f.n))} players play in {groups}. {_seating(teams, f.n)}: {teams_words(teams)}.")
    elif f.alone:
        s.p(
            f"{cap(num(f.n))} players play. In each deal the highest bidder (the declarer) plays alone against "
            f"the other {num(f.n - 1)}, who play together for that deal: they pool their tricks and card points. "
            "Every player keeps his own match score, so the sides change from deal to deal."
        )
    elif f.n == 2:
        s.p("Two players play against each other.")
    else:
        s.p(f"{cap(num(f.n))} players play, each for himself.")
    what = listing(["the deal", "the bidding" if f.bidding else "", "the play"])
    seats = "0 and 1" if f.n == 2 else f"0 to {f.n - 1}"
    s.p(f"Seats are numbered {seats} in playing order; {what} go clockwise, to the left.")
    return s


def _seating(teams: tuple[tuple[int, ...], ...], n: int) -> str:
    """Where partners sit, as the start of the sentence that names the teams."""
    gaps = {min((t[1] - t[0]) % n, (t[0] - t[1]) % n) for t in teams if len(t) == 2}
    if all(len(t) == 2 for t in teams) and len(gaps) == 1:
        gap = gaps.pop()
        if 2 * gap == n:
            return "Partners sit opposite each other and score together"
        if gap == 1:
            return "Partners sit next to each other and score together"
    return "The players of a team score together"


def deal_section(f: Facts) -> Section:
    rs = f.rs
    deal = rs.deal
    s = Section("The deal")
    packets = list(deal.packets)
    turn_after = rs.trump.turn_up_after_packet if f.turn_up else -1
    steps: list[str] = []
    for i, size in enumerate(packets):
        if i == turn_after:
            steps.append("the next card is turned face up" if steps else "the top card is turned face up")
        steps.append(f"{num(size)} to each player" if not steps or i == 0 else f"{num(size)} more to each player")
    if turn_after == len(packets):
        steps.append("the next card is turned face up")
    if len(steps) == 1:
        how = f"The dealer deals {cards(deal.hand_size)} to each player at once, starting with {f.first_receiver}."
    else:
        steps = [steps[0]] + [f"then {x}" for x in steps[1:]]
        how = (
            f"The dealer deals {cards(deal.hand_size)} to each player, starting with {f.first_receiver} and "
            f"going clockwise: first {', '.join(steps)}."
        )
    s.p(how)
    if f.talon:
        s.p(
            f"The remaining {cards(f.rest)} are laid face down across the turned-up card, which stays face up at "
            f"the bottom; together they form the talon of {f.talon_size} cards."
        )
        others = "the other player" if f.n == 2 else "the other players in turn, clockwise"
        rounds = f.talon_size // f.n
        unless = " (unless the talon has been closed before)" if f.closing else ""
        if f.n == 2:
            last = f"the loser of the {nth(rounds)} trick takes it{unless}"
        else:
            last = f"the last player to draw after the {nth(rounds)} trick takes it{unless}"
        s.p(
            f"After each trick, as long as the talon lasts, the winner of the trick draws its top card, then "
            f"{others}, so that everybody again holds {cards(deal.hand_size)}. The turned-up card is drawn "
            f"last: {last}. The talon is then exhausted, and the last {num(deal.hand_size)} tricks are played "
            "with the cards in hand."
        )
    elif deal.widow is not None and f.rest > 0:
        s.p(
            f"The {cards(f.rest)} left over form the widow, which is laid aside face down. The winner of the "
            "first trick takes the widow with that trick: its card points count for him, but its cards never "
            "go into his hand."
        )
    elif f.rest == 0:
        s.p(f"All {f.deck_size} cards are dealt; there is no talon.")
    s.p(f"A deal has {num(f.tricks)} tricks.")
    return s


def trump_section(f: Facts) -> Section:
    rs = f.rs
    s = Section("Trump")
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


def exchange_section(f: Facts) -> Section:
    rs = f.rs
    ex = rs.exchange
    s = Section("Exchanging the trump card")
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
        f"provided {listing(conditions)}. He takes the turn-up into his hand and puts the "
        f"{rank_name(ex.rank)} face up in its place, where it will be the last card drawn."
    )
    notes = []
    if ex.min_talon_size > 2:
        left = ex.min_talon_size - 2
        notes.append(
            f"The exchange is therefore not allowed when only {num(left)} face-down "
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


