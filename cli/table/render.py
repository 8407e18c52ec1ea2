"""The table's panels as rich text, from one seat's view and public events only.

Kept apart from the widgets so that what a screen can show is plain functions of a
:class:`~interpreter.engine.views.SeatView` (and of cards that were laid on the table in
front of everybody): the tests check those functions and the rendered screens alike for
cards the seat may not see.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from interpreter.core.cards import Card
from interpreter.core.printable import printable
from interpreter.engine.views import SeatView
from interpreter.play import seatfacts as facts

TRUMP_MARK = "*"
DISPLAY_SUITS = "SHCD"  # black and red in turn, as card players sort a hand
#: The red of hearts and diamonds: light enough for WCAG's 4.5:1 on the table's dark
#: backgrounds (5.6:1 on a card's button, 6.3:1 on the table), still plainly red beside the
#: black suits' white.  The terminal's red (textual draws it as rgb(244, 0, 95)) read at
#: 4.47:1 on the table, under 3:1 once dimmed.  xterm's colour 203, so exact on a terminal
#: of 256 colours too.
RED = "#ff5f5f"


def suit_style(suit: str) -> str:
    """Bold, and red for hearts and diamonds: a suit's name as a card's symbol is coloured."""
    return f"bold {RED}" if suit in facts.RED_SUITS else "bold"


def card(c: Card, *, trump: str | None = None, dim: bool = False) -> Text:
    """A card with its suit symbol, red or white, trumps marked with ``*``.

    Not dim unless asked, explicitly: a card is put after its dim key number on its button
    (``1 10♦``), and a text added to a dim one takes on its dim, which blended the hand's
    red cards into their buttons (2.28:1, where WCAG asks 4.5:1)."""
    style = ("dim " if dim else "not dim ") + suit_style(c.suit)
    text = Text(facts.card_text(c), style=style)
    if trump is not None and c.suit == trump:
        text.append(TRUMP_MARK, style="yellow")
    return text


def sorted_hand(view: SeatView) -> list[Card]:
    """The hand grouped by suit, trumps first, then black and red suits in turn, each suit
    strongest first."""
    deck = view.rs.deck
    trump = view.trump
    suit_rank = {s: DISPLAY_SUITS.index(s) for s in deck.suits}
    return sorted(view.hand, key=lambda c: (c.suit != trump, suit_rank[c.suit], deck.index(c)))


def scoreboard(view: SeatView, match_scores: Sequence[int], deal_number: int, width: int | None = None) -> Text:
    """``match to 7: you 3, opponent 1 · deal 3 · Schnapsen`` (the score first: a long title
    is what a narrow terminal cuts).

    With the header's ``width`` (in cells), a title longer than a whole line is cut to one,
    with an ellipsis, and put on a line of its own under the score where the score takes
    one: a house file's title of 500 characters wrapped the header over seven rows of an 80
    by 24 terminal and pushed the table under its foot.  A title no longer than a line is
    left whole, wrapping after the score as it does (the bundled ones: their players know
    them by their whole names)."""
    text = Text(facts.match_line(view.rs, view.seat, match_scores), style="bold cyan")
    text.append(f"  ·  deal {deal_number}  ·  ")
    title = Text(printable(view.rs.title), style="bold")
    if width is not None and title.cell_len > width:
        title.truncate(width, overflow="ellipsis")
        if text.cell_len <= width:  # the score on its row, the title on the next
            text.rstrip()
            text.append("\n")
    text.append_text(title)
    return text


def others(view: SeatView) -> Text:
    """One line per other seat: its name, how many cards it holds, who deals."""
    text = Text()
    lines = []
    for seat in range(view.seats):
        if seat == view.seat:
            continue
        name = facts.seat_name(view, seat)
        out = seat in view.sitting_out
        if name.startswith("seat"):  # one of several opponents
            name = "opponent"
        line = f"{name} (seat {seat})"
        cards = view.hand_sizes[seat]
        line += ": sits out" if out else f": {cards} card{'s' if cards != 1 else ''}"
        if seat == view.dealer:
            line += ", deals"
        if seat == view.actor:
            line += "  <- to play"
        lines.append(line)
    text.append("\n".join(lines))
    return text


def centre(view: SeatView, just_played: Sequence[tuple[int, Card]] = (), taker: int | None = None) -> Text:
    """Trump, turn-up and talon, then the cards on the table, and the trick just taken (in
    view until the person's next move, as a trick lies face up until everybody has seen it)."""
    text = Text()
    turned = view.public.turned
    if view.trump:
        text.append("Trump ")
        text.append(facts.suit_text(view.trump), style=suit_style(view.trump))
        shown = view.rs.deck.cards[turned] if turned >= 0 else None
        holder = view.dealer if view.rs.trump.selection == "dealer_card" else (view.dealer + 1) % view.rs.players.count
        # the card that fixed it, in a hand, seen by everybody -- while everybody knows it is
        # there: once played, or once its holder lays cards away face down (which of them, only
        # he sees), it is his card no more as far as the others know, and a played card is
        # remembered, not shown (a trick gathered may not be looked at again)
        if shown is not None and shown in (view.hand if holder == view.seat else view.known[holder]):
            text.append("  (")
            text.append_text(card(shown))
            text.append(f" turned up, {facts.seat_name(view, holder)}{'r' if holder == view.seat else chr(39) + 's'} card)")
    elif facts.without_trump(view):
        text.append("No trump in this contract")
    elif view.rs.trump.selection == "first_card_led":
        text.append("Trump: the suit of the first card led")
    else:
        text.append("Trump not fixed yet")
    if view.turn_up is not None:
        text.append("   turn-up ")
        text.append_text(card(view.turn_up))
    if view.rs.deal.talon:
        talon = view.talon_size
        text.append(f"   talon: {talon}" + (" (closed)" if view.closed else ""))
    text.append("\n\n")
    if just_played:
        text.append("Trick taken: " if view.trick else "Trick: ")
        _cards(text, view, just_played)
        if taker is not None:
            text.append(f"  -> {facts.seat_name(view, taker)} take{'' if taker == view.seat else 's'} it")
        if view.trick:
            text.append("\n")
    if view.trick:
        text.append("On the table: ")
        _cards(text, view, view.trick)
    elif not just_played:
        text.append("The table is empty", style="dim")
    return text


def _cards(text: Text, view: SeatView, played: Sequence[tuple[int, Card]]) -> None:
    for k, (seat, c) in enumerate(played):
        if k:
            text.append(",  ")
        text.append(f"{facts.seat_name(view, seat)} ")
        text.append_text(card(c, trump=view.trump))


def points_shown(view: SeatView, practice: bool) -> set[int]:
    """The match sides whose card points the table counts for this seat: the one rule of
    :func:`interpreter.play.seatfacts.points_shown`, which the line mode and ``rules replay``
    follow too."""
    return facts.points_shown(view, practice)


def info(view: SeatView, practice: bool = False, *, last_trick: bool = True) -> Text:
    """Points of the sides the rules let this seat count (with pending marriages, and cards
    counted for a side that this seat cannot see: ``seat 2: 16 + ? points (2 cards laid away
    face down), 1 trick``), tricks
    taken, announcements, the auction (or the contract) and a doubled deal, tricks the rules let this seat look back at (the last
    one only while the centre does not show it still lying there)."""
    text = Text()
    shown = points_shown(view, practice)
    order = [view.rs.side_of(view.seat)] + [s for s in range(view.rs.side_count) if s != view.rs.side_of(view.seat)]
    for side, s in zip(order, facts.side_scores(view)):
        # a side with cards laid away that this seat cannot see: what it counted, a ? and why,
        # as rules analyse says it (seatfacts.face_down) -- a plain 16 read as the true count
        line = f"{s.name}: " + (f"{s.count} points{s.notes}, " if side in shown else "")
        line += f"{s.tricks} trick{'s' if s.tricks != 1 else ''}"
        text.append(line + "\n")
    if not shown:
        text.append("(keep count yourself: tricks lie face down)\n", style="dim")
    for line in facts.announcements(view):
        text.append("announced: " + line + "\n", style="magenta")
    for line in facts.deal_lines(view):  # the auction, or once bid the contract; a doubled deal
        text.append(line + "\n", style="cyan")
    for trick in view.reviewable_tricks[-1:] if last_trick else ():
        text.append("last trick: ")
        _cards(text, view, trick)
        text.append("\n")
    return text
