"""Rulebook sections before the first trick: cards and values, players and sides, the deal,
trump, exchanging the trump card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.core.cards import RANK_NAMES, SUIT_NAMES
from interpreter.text.diff import rank_name, teams_words
from interpreter.text.rulebook.contracts import no_trump_contracts
from interpreter.text.rulebook.document import Section
from interpreter.text.rulebook.words import Facts, cap, cards, code, listing, nth, num

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
    elif f.solo:
        who = _the_declarer(f) if f.alone else "the forehand (the player to the dealer's left)"
        others = f"the other {num(f.active - 1)}" + (", the defenders" if f.soloist else "")
        s.p(
            f"{cap(num(f.n))} players play. In each deal {who} plays alone against {others}, who play together "
            "for that deal: they pool their tricks and card points. Every player keeps his own match score, so the "
            "sides change from deal to deal."
        )
    elif f.n == 2:
        s.p("Two players play against each other.")
    else:
        s.p(f"{cap(num(f.n))} players play, each for himself.")
    if f.sits_out:
        s.p(_sitting_out(f))
    what = listing(["the deal", "the bidding" if f.bidding else "", "the play"])
    seats = "0 and 1" if f.n == 2 else f"0 to {f.n - 1}"
    s.p(f"Seats are numbered {seats} in playing order; {what} go clockwise, to the left.")
    return s


def _sitting_out(f: Facts) -> str:
    """``deal.dealer_sits_out``: the dealer takes no part in his deal, the auction included (the
    engine passes him over: he has no cards to play a contract with); with the forehand alone
    against the rest (``forehand_vs_rest``) he scores with the forehand."""
    scores = (
        " He scores with the forehand: whatever the forehand wins or loses in the deal, the dealer wins or loses too."
        if f.soloist
        else ""
    )
    return (
        f"The dealer receives no cards and sits his deal out; the other {num(f.active)} {'bid and play' if f.bidding else 'play'} it, and the deal "
        f"still passes round all {num(f.n)} seats.{scores}"
    )


def _the_declarer(f: Facts) -> str:
    """The declarer, with who he is in brackets: the highest bidder, or as the auction decides."""
    who = f.declarer_who()
    return "the highest bidder (the declarer)" if who == "the highest bidder" else f"the declarer ({who})"


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
    s.p(_dealing(f))
    if f.selection == "dealer_card":
        s.p(
            "The last card the dealer deals himself is shown to everybody: its suit is trump (see Trump), and "
            "the card stays in his hand."
        )
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
    elif deal.widow is not None and f.rest > 0 and f.widow_to in ("declarer_hand", "first_trick_winner_hand"):
        s.p(_widow_to_hand(f))
    elif deal.widow is not None and f.rest > 0:
        s.p(
            f"The {cards(f.rest)} left over form the widow, which is laid aside face down. The winner of the "
            "first trick takes the widow with that trick: its card points count for him, but its cards never "
            "go into his hand. " + _widow_sight(f)
        )
    elif f.rest == 0:
        s.p(f"All {f.deck_size} cards are dealt; there is no talon.")
    s.p(f"A deal has {num(f.tricks)} tricks.")
    return s


def _widow_sight(f: Facts) -> str:
    """Who looks at a widow kept with the first trick's winnings (``info.review_own_tricks``: it
    is one of his won cards, so he sees it only where won cards may be looked at)."""
    if f.info == "none":
        return "Nobody looks at it, its taker included, until the hand is counted."
    return "Its taker may look at it as he may look at the tricks he has won."


def _widow_to_hand(f: Facts) -> str:
    """``deal.widow.to: declarer_hand`` (the declarer, after the auction) or
    ``first_trick_winner_hand`` (the first trick's winner): he takes the widow into his hand and
    lays as many cards away, which count for him and stay hidden."""
    deck = f.rs.deck
    example = f"discard {deck.ranks[-1]}{'H' if 'H' in deck.suits else deck.suits[0]}"
    if f.widow_to_declarer:
        when, who, before = "When the auction is over", "the declarer", "before the first lead"
    else:
        when, who, before = "When the first trick has been played", "its winner", "before he leads to the next trick"
    return (
        f"The {cards(f.rest)} left over form the widow, which is laid aside face down. {when}, {who} takes the "
        f"widow into his hand and then lays away {cards(f.rest)} face down, one at a time (written "
        f"{code('discard')} and the card, such as {code(example)}), {before}. The cards laid away count as his "
        "card points; nobody else sees them."
    )


def _dealing(f: Facts) -> str:
    """How the cards go round, packet by packet, with the step that interrupts the packets: the
    turn-up (``trump.turn_up_after_packet``) or the naming of trump (``trump.name_after_packet``),
    which comes before the later packets are dealt."""
    rs = f.rs
    deal = rs.deal
    packets = list(deal.packets)
    after, pause = -1, ""
    if f.turn_up:
        after, pause = rs.trump.turn_up_after_packet, "the next card is turned face up"
    elif f.named:
        after = rs.trump.name_after_packet
        pause = "trump is named" + (", before any card is dealt" if after == 0 else "") + " (see Trump)"
    steps: list[str] = []
    for i, size in enumerate(packets):
        if i == after:
            steps.append(pause if steps or f.named else "the top card is turned face up")
        steps.append(f"{num(size)} to each player" if not steps or i == 0 else f"{num(size)} more to each player")
    if after == len(packets):
        steps.append(pause)
    if deal.first_receiver == "dealer_partner":  # the forehand still names and leads
        order = "to his partner first, then to the others in turn from his left, and to himself last"
        start = order if len(steps) == 1 else f"in every round {order}"
    else:
        start = f"starting with {f.first_receiver}" + ("" if len(steps) == 1 else " and going clockwise")
    each = "to each of the other players (he deals himself none)" if f.sits_out else "to each player"
    if len(steps) == 1:
        return f"The dealer deals {cards(deal.hand_size)} {each} at once, {start}."
    steps = [steps[0]] + [f"then {x}" for x in steps[1:]]
    return f"The dealer deals {cards(deal.hand_size)} {each}, {start}: first {', '.join(steps)}."


def trump_section(f: Facts) -> Section:
    s = _trump_rules(f)
    s.p(no_trump_contracts(f))
    return s


def _trump_rules(f: Facts) -> Section:
    """How the trump of the deal is fixed (``trump.selection``)."""
    rs = f.rs
    s = Section("Trump")
    beat = "A trump beats any card of the other suits."
    if f.turn_up:
        s.p(f"The suit of the turned-up card is trump {f.whole_deal}.", beat)
    elif f.selection == "dealer_card":
        s.p(
            "The last card dealt to the dealer is turned face up for everybody to see, and its suit is trump "
            f"{f.whole_deal}. The card stays in the dealer's hand, and he plays it like any other card.",
            beat,
        )
    elif f.named:
        _named_trump(f, s)
        s.p(beat)
    else:
        by = ", by the declarer," if rs.play.first_lead == "declarer" else ""
        moon = ""
        if f.moon is not None and f.moon_without_trump:
            moon = f"The moon (a bid of {f.moon.bid}) is the exception: it is played without trumps (see Auction)."
        s.p(
            f"No card is turned up. The first card led in the deal{by} fixes trumps: its suit is trump for the "
            "whole deal.",
            beat,
            moon,
        )
        if f.marriage and rs.marriage.first_lead == "allowed":
            outside = ", except in the moon" if f.moon_without_trump else ""
            s.p(
                "A marriage announced on that first lead is therefore always a marriage in trumps, worth "
                f"{rs.marriage.values.trump}{outside}."
            )
    return s


def _named_trump(f: Facts, s: Section) -> None:
    """``trump.selection: named``: who names, on how many cards, what a pass does
    (``trump.if_passed``), and how the choice is written at the table."""
    tr = f.rs.trump
    packets = len(f.rs.deal.packets)
    if tr.name_after_packet == 0:
        when = f"Before any card is dealt, {f.forehand} names a suit without having seen a card"
    elif tr.name_after_packet >= packets:
        when = f"When all the cards are dealt, {f.forehand} looks at his hand and names a suit"
    else:
        first = "packet" if tr.name_after_packet == 1 else f"{num(tr.name_after_packet)} packets"
        when = (
            f"When every player has received his first {first} ({cards(f.seen_when_named())}), "
            f"{f.forehand} looks at them and names a suit"
        )
    rest = "" if tr.name_after_packet in (0, packets) else (
        "The rest of the cards are dealt only after trump has been named: nobody sees them before."
    )
    s.p("Trump is named.", f"{when}; that suit is trump {f.whole_deal}.", rest)
    s.p(_passing(f))
    deck_suits = f.rs.deck.suits
    example = "H" if "H" in deck_suits else deck_suits[0]
    suits = listing([code(x) for x in deck_suits], "or")
    passing = f", and a pass is written {code('pass')}" if tr.if_passed != "must_name" else ""
    s.p(
        f"At the table, naming trump is written {code('trump')} and the suit's letter ({suits}: "
        f"{code('trump ' + example)} names {SUIT_NAMES.get(example, example)}){passing}."
    )
    after = "auction" if f.bidding else "play"
    s.p(f"Nothing else happens before trump is named; the {after} begins once it is.")


def _passing(f: Facts) -> str:
    """What the forehand may do instead of naming (``trump.if_passed``)."""
    tr = f.rs.trump
    if tr.if_passed == "must_name":
        return "He may not pass: he must name a suit."
    if tr.if_passed == "partner":
        teams = f.rs.sides
        partner = "his partner" if all(len(t) == 2 for t in teams) else "the first other player listed in his team"
        seen = f.seen_when_named()
        having = (
            "from his whole hand" if tr.name_after_packet >= len(f.rs.deal.packets)
            else f"from his own first {cards(seen)}" if seen else "without having seen a card"
        )
        return (
            f"Instead of naming, he may pass the choice to {partner}, who must then name a suit {having}: "
            "the partner may not pass."
        )
    nxt = "first" if tr.name_after_packet == 0 else "next"
    return (
        f"Instead of naming, he may pass. Then the first card of his {nxt} packet is turned face up for "
        "everybody to see, and its suit is trump; the card is his, and it stays in his hand."
    )


def exchange_section(f: Facts) -> Section:
    rs = f.rs
    ex = rs.exchange
    s = Section("Exchanging the trump card")
    if f.selection in ("dealer_card", "named"):
        s.p("There is no talon, so there is no exchange of the trump card.")
        return s
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
    if f.closing and ex.on_opponent_close:
        notes.append("There is no exchange once the talon has been closed (but see below) or exhausted.")
    else:
        notes.append("There is no exchange once the talon has been closed or exhausted." if f.closing else "There is no exchange once the talon is exhausted.")
    s.p(*notes)
    also = [x for x in ("close the talon" if f.closing else "", "announce a marriage" if f.marriage else "") if x]
    if also:
        what = also[0] if len(also) == 1 else f"{also[0]}, {also[1]} or both"
        s.p(f"Having exchanged, he may on the same turn also {what}, before he leads.")
    _other_exchanges(f, s, card)
    return s


def _other_exchanges(f: Facts, s: Section, card: str) -> None:
    """Exchanges by a player not on lead: a follower on his turn (``exchange.timing``), and the
    closer's opponent as the talon is closed (``exchange.on_opponent_close``)."""
    ex = f.rs.exchange
    if ex.timing == "before_lead_or_follow":
        s.p(
            "A player who is not on lead may exchange too, under the same conditions: on his turn, before he "
            "plays his card to the trick."
        )
    if f.closing and ex.on_opponent_close:
        asked = "his opponent is asked" if f.n == 2 else "each of his opponents is asked in turn, from the closer's left,"
        s.p(
            f"When a player closes the talon, {asked} at once whether he exchanges the {card} for the turned-up "
            "card, before the closer leads; he may do so even if he has not won a trick and however few cards are "
            "left in the talon. The question is put whether or not he holds the card, so that it tells nobody "
            "where the card is; a player without it simply declines."
        )


