"""What a person at a seat is told: scores with names, the auction, announcements, help.

Both places where a person plays -- the line-mode ``human`` seat of ``rules run`` and the
full-screen table of ``rules play`` -- tell the player the same facts in the same words, so
they are worked out once, here, from the seat's :class:`~interpreter.engine.views.SeatView`
and the public match score only.  Nothing here reads a deal state: what a screen shows can
be no more than what the view holds.

Seats are named from the player's side of the table: ``you``, ``partner``, ``opponent``
(when there is one opponent) or ``seat N``; sides likewise (``you``, ``your team``,
``opponents``...).  The words follow the ruleset's options, never its name.  Cards and
suits are written with symbols (``K♥``, ``♥ hearts``) unless ``symbols=False``, which gives
the notation a line-mode player types (``KH``, ``hearts``).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from interpreter.core.actions import (
    BID_BASE, Action, Bid, Close, CloseBeforeDraw, Continue, Declare, Discard, Double, Exchange, Marry, NameTrump, Pass, Play, Redouble,
)
from interpreter.core.cards import RANK_NAMES, SUIT_NAMES, Card
from interpreter.engine.position import AUCTION, NAMING
from interpreter.engine.settle import false_claim_points
from interpreter.engine.views import SPECTATOR, SeatView
from interpreter.rules.ruleset import Ruleset
from interpreter.rules.tables import KIND_BID, KIND_DOUBLE, KIND_PASS, KIND_REDOUBLE, KIND_TRUMP

SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
RED_SUITS = frozenset("DH")


def card_text(card: Card, *, symbols: bool = True) -> str:
    """``K♥`` (or ``KH`` without symbols); the ten is written ``10``, as players say it."""
    rank = "10" if card.rank == "T" else card.rank
    return rank + (SUIT_SYMBOLS[card.suit] if symbols else card.suit)


def suit_text(suit: str, *, symbols: bool = True) -> str:
    """``♥ hearts`` (``hearts`` without symbols)."""
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}" if symbols else SUIT_NAMES[suit]


def _card(card: Card, symbols: bool) -> str:
    """A card in running text: ``K♥`` with symbols, else the notation ``KH`` the player types."""
    return card_text(card) if symbols else str(card)


# --------------------------------------------------------------------------- names
def _side_index(view: SeatView) -> tuple[int, ...]:
    return view.public.side_index


def seat_name(view: SeatView, seat: int) -> str:
    """How the player at ``view.seat`` calls ``seat``: you, partner, opponent, or seat N (a
    spectator's view names every seat by its number)."""
    me = view.seat
    if me == SPECTATOR:
        return f"seat {seat}"
    if seat == me:
        return "you"
    side = _side_index(view)
    if side[seat] == side[me]:
        partners = [s for s in range(view.seats) if s != me and side[s] == side[me]]
        return "partner" if len(partners) == 1 else f"partner (seat {seat})"
    others = [s for s in range(view.seats) if side[s] != side[me]]
    return "opponent" if len(others) == 1 else f"seat {seat}"


def side_name(rs: Ruleset, me: int, side: int) -> str:
    """How the player at seat ``me`` calls match side ``side``: you, your team, opponent(s)...
    (a spectator, ``me`` -1, hears each side named by its seats)."""
    seats = rs.sides[side]
    if me == SPECTATOR:
        return f"seat {seats[0]}" if len(seats) == 1 else "team of seats " + " & ".join(map(str, seats))
    mine = rs.side_of(me)
    if side == mine:
        return "you" if len(seats) == 1 else "your team"
    if rs.side_count == 2:
        return "opponent" if len(seats) == 1 else "opponents"
    return f"seat {seats[0]}" if len(seats) == 1 else "team of seats " + " & ".join(map(str, seats))


def who_is_who(view: SeatView) -> str:
    """One line naming every seat for this player: ``you are seat 0, your partner seat 2, ...``."""
    side = _side_index(view)
    me = view.seat
    partners = [s for s in range(view.seats) if s != me and side[s] == side[me]]
    others = [s for s in range(view.seats) if side[s] != side[me]]
    parts = [f"you are seat {me}"]
    if partners:
        parts.append(("your partner is seat " if len(partners) == 1 else "your partners are seats ") + " & ".join(map(str, partners)))
    if others:
        parts.append(("your opponent is seat " if len(others) == 1 else "your opponents are seats ") + " & ".join(map(str, others)))
    dealer = view.dealer
    parts.append("you deal" if dealer == me else f"{seat_name(view, dealer)} deals")
    return "; ".join(parts)


# --------------------------------------------------------------------------- scores
@dataclass(frozen=True)
class SideScore:
    """One match side as a player sees it: name, card points that count now, marriage points
    announced but not counting yet, tricks taken, and the match score.  ``face_down``: why
    ``points`` is not the side's whole count, where it is not (:func:`face_down`: cards
    counted for it that this player cannot see, ``2 cards laid away face down``), else ``""``."""

    name: str
    points: int
    pending: int
    tricks: int
    match: int | None
    face_down: str = ""

    @property
    def count(self) -> str:
        """The points as this player knows them: ``16``, or ``16 + ?`` where some lie face down."""
        return f"{self.points} + ?" if self.face_down else str(self.points)

    @property
    def notes(self) -> str:
        """What goes with the count, in brackets: `` (2 cards laid away face down; +20
        pending)``; ``""`` for neither."""
        said = [self.face_down] if self.face_down else []
        if self.pending:
            said.append(f"+{self.pending} pending")
        return f" ({'; '.join(said)})" if said else ""


def pending_meld(view: SeatView, seat: int) -> int:
    """Marriage points ``seat`` announced that do not count yet (``marriage.counts_after``)."""
    p = view.public
    counted = view.seat_points[seat] - p.points[seat] - p.bonus[seat]
    return int(p.meld[seat] - counted)


def face_down(view: SeatView) -> tuple[int, int] | None:
    """The match side whose count in ``view`` leaves out cards counted for it that the seat
    cannot see, and how many: a widow's taker is public, and so is how many cards he laid
    away (the view's ``widow_size`` once taken), but not their points unless the seat is the
    taker who may look at them (``widow_mask``) -- the view leaves those points out
    (:func:`~interpreter.engine.views.make_view`), so that a plain count would be read as the
    taker's true one.  ``None`` where every count is whole.  The one rule for it: the table,
    the line mode and ``rules analyse`` all say such a count as a count and a ``?``."""
    public = view.public
    if public.widow_taker < 0 or view.widow_mask or not public.widow_size:
        return None
    return view.rs.side_of(public.widow_taker), int(public.widow_size)


def face_down_words(cards: int, rs: Ruleset) -> str:
    """Why a side's count is not whole: ``2 cards laid away face down``, or the widow's cards
    face down among its taker's tricks (``deal.widow.to: first_trick_winner_tricks``)."""
    plural = "card" if cards == 1 else "cards"
    if rs.tables.lays_away:
        return f"{cards} {plural} laid away face down"
    return f"the widow's {cards} {plural} face down among the tricks"


def side_scores(view: SeatView, match_scores: Sequence[int] | None = None) -> list[SideScore]:
    """Every match side, this player's first (the order a scoreboard reads best in)."""
    rs = view.rs
    mine = rs.side_of(view.seat)
    order = [mine] + [s for s in range(rs.side_count) if s != mine]
    hidden = face_down(view)
    out = []
    for side in order:
        seats = rs.sides[side]
        out.append(SideScore(
            side_name(rs, view.seat, side),
            view.card_points[side],
            sum(pending_meld(view, s) for s in seats),
            view.tricks_won[side],
            match_scores[side] if match_scores is not None else None,
            face_down_words(hidden[1], rs) if hidden is not None and hidden[0] == side else "",
        ))
    return out


def points_shown(view: SeatView, practice: bool = False) -> set[int]:
    """The match sides whose card points a screen may count for this seat: the one rule
    every place a person plays by (the table, the line-mode seat, ``rules replay`` of a deal
    still in play).

    At a real table tricks lie face down and players keep count in their heads; the
    ruleset's ``info.review_own_tricks`` says what a player may look at.  With ``all`` a
    player may count the tricks of their side in the deal (the tricks
    :attr:`~interpreter.engine.seatview.SeatView.reviewable_tricks` lets them look at), so the
    points of every match side on it are shown (:func:`deal_side_of`: a Dreierschnapsen
    defender's and its partner's); with ``none`` or ``last_trick`` none are.  Practice mode
    counts for every side, as an aid.
    """
    rs = view.rs
    if practice:
        return set(range(rs.side_count))
    if rs.info.review_own_tricks == "all" and view.seat != SPECTATOR:
        return deal_side_of(view)
    return set()


def deal_side_of(view: SeatView) -> set[int]:
    """The match sides of the seats on this seat's side in the deal (the deal's sides, as the
    engine publishes them, ``side_index``): its own alone, or, where a deal pits a soloist
    against seats that score apart (Dreierschnapsen's defenders), its partners' too."""
    side = _side_index(view)
    return {view.rs.side_of(s) for s in range(view.seats) if side[s] == side[view.seat]}


#: Said where a screen shows no side's points (:func:`points_shown` is empty).
KEEP_COUNT = "keep count yourself: tricks lie face down"


def points_line(view: SeatView, shown: Collection[int] | None = None) -> str:
    """``points: you 7, opponent 20 (+20 pending); tricks: you 1, opponent 1`` -- the points
    (a side's with cards face down the seat cannot see: ``seat 2 16 + ? (2 cards laid away
    face down)``, as ``rules analyse`` says it)
    of the sides in ``shown`` only (every side's without it; :func:`points_shown` says which a
    person may be told), and where none is, ``tricks: you 1, opponent 1 (keep count yourself:
    ...)``: the tricks taken are in front of everybody, their points are not."""
    scores = side_scores(view)
    order = [view.rs.side_of(view.seat)] + [s for s in range(view.rs.side_count) if s != view.rs.side_of(view.seat)]
    counted = [s for side, s in zip(order, scores) if shown is None or side in shown]
    ours = deal_side_of(view) if view.seat != SPECTATOR else set()
    if len(ours) > 1 and shown is not None:  # partners who score apart: the deal side's points, as its tricks were counted
        counted = [s for side, s in zip(order, scores) if side in shown and side not in ours]
        mine = [s for side, s in zip(order, scores) if side in ours]
        counted.insert(0, SideScore("your side", sum(s.points for s in mine), sum(s.pending for s in mine), 0, None,
                                    "; ".join(s.face_down for s in mine if s.face_down)))
    points = ", ".join(f"{s.name} {s.count}{s.notes}" for s in counted)
    tricks = ", ".join(f"{s.name} {s.tricks}" for s in scores)
    if not counted:
        return f"tricks: {tricks} ({KEEP_COUNT})"
    return f"points: {points}; tricks: {tricks}"


def match_score(rs: Ruleset, score: int) -> str:
    """One side's match score as the ruleset keeps it (``match.count``): ``3`` counting up,
    ``4 to go`` counting down from ``match.target`` -- what the side still needs, never below
    0.  The one rule every place that shows a match score follows (the log of ``rules run``,
    the table, the room, the line-mode seat), so they all chalk it alike."""
    if rs.match.count == "down":
        return f"{max(rs.match.target - score, 0)} to go"
    return str(score)


def match_line(rs: Ruleset, me: int, scores: Sequence[int]) -> str:
    """``match to 7: you 3, opponent 1`` -- counting down, ``match to 7: you 4 to go, opponent
    6 to go`` (:func:`match_score`) -- for the player at ``me`` (a spectator, ``me`` -1: by
    seats, side 0 first)."""
    mine = rs.side_of(me) if me != SPECTATOR else 0
    order = [mine] + [s for s in range(rs.side_count) if s != mine]
    return f"match to {rs.match.target}: " + ", ".join(f"{side_name(rs, me, s)} {match_score(rs, scores[s])}" for s in order)


def score_words(rs: Ruleset, amount: int) -> str:
    """An amount of the deal's score in the ruleset's own word (``scoring.method``):
    ``2 game points``, ``1 game point``, ``3 units``."""
    word = "game point" if rs.scoring.method == "game_points" else "unit"
    return f"{amount} {word}{'' if abs(amount) == 1 else 's'}"


# --------------------------------------------------------------------------- the deal so far
def marriage_value(view: SeatView, suit: str) -> int:
    """What a marriage in ``suit`` is worth now (the trump marriage more), as the engine
    scores it: a marriage led when the card led fixes trump makes its own suit trump."""
    values = view.rs.marriage.values
    return values.trump if suit == view.trump or lead_fixes_trump(view) else values.plain


def lead_fixes_trump(view: SeatView) -> bool:
    """Whether the card led now makes its suit trump, as the engine plays it: no trump yet,
    no card on the table, and the deal's ``lead_trump`` (``trump.selection: first_card_led``,
    and no contract or moon played without trump), which the engine publishes."""
    return view.trump is None and not view.trick and view.public.lead_trump


def announcements(view: SeatView, *, symbols: bool = True) -> list[str]:
    """Each marriage announced so far: ``opponent: 20 in ♣ clubs`` (``, pending`` while it does not count)."""
    out = []
    for seat, text in view.history:
        if text.startswith("marry "):
            card = Card.parse(text.split()[1])
            line = f"{seat_name(view, seat)}: {marriage_value(view, card.suit)} in {suit_text(card.suit, symbols=symbols)}"
            if pending_meld(view, seat):
                line += " (pending: counts once a trick is won)"
            out.append(line)
    return out


def in_auction(view: SeatView) -> bool:
    """Whether the auction is still on (the engine names the high bidder before it ends)."""
    return bool(view.rs.bidding.enabled and view.public.phase == AUCTION)


def auction_lines(view: SeatView) -> list[str]:
    """The auction so far (``opponent bids Bettler (...)``, ``partner passes``), then the
    contract or, while the auction is on, the high bid and what the moon bid means.  A
    forehand who leaves the naming of trump to the next card (or his partner) did not pass in
    the auction, and is not said to."""
    rs = view.rs
    if not rs.bidding.enabled:
        return []
    lines = []
    for seat, what, amount in calls(view):
        me = seat == view.seat
        who = seat_name(view, seat)
        if what == "trump_pass":
            then = "the partner names it" if rs.trump.if_passed == "partner" else "the next card is turned for it"
            lines.append(f"{who} {'do' if me else 'does'} not name trump: {then}")
        elif what == "bid":
            said = bid_words(rs, amount) if rs.bidding.contracts else str(amount)
            lines.append(f"{who} bid{'' if me else 's'} {said}")
        elif what == "pass":
            lines.append(f"{who} pass{'' if me else 'es'}")
    contract = contract_line(view)
    if contract is not None:
        lines.append(contract)
        return lines
    if not in_auction(view):
        return lines  # thrown in: nobody bid
    if view.high_bid and view.declarer is not None:
        lines.append(f"high bid so far: {bid_name(rs, view.high_bid)}, by {seat_name(view, view.declarer)}")
    else:
        lines.append("no bid yet")
    moon = rs.bidding.moon
    if moon is not None:
        alone = ", the bidder's partner sits out" if moon.partner_sits_out else ""
        lines.append(f"bid {moon.bid} is the moon: {moon_terms(rs)}{alone}")
    return lines


def calls(view: SeatView) -> list[tuple[int, str, int]]:
    """The calls of the deal so far as (seat, what, bid amount), ``what`` one of
    ``trump_pass`` (the forehand leaves trump to the next card or his partner), ``bid`` and
    ``pass`` (in the auction), ``double``, ``redouble``, ``no_double``, ``no_redouble`` (the
    doubling round).  The history says only ``pass`` for all three passes; they are told
    apart as the engine takes them: a pass while trump is still to be named is the namer's,
    the first ``public.calls`` bids and passes after it are the auction's, a later pass is
    the doubling round's."""
    rs = view.rs
    kind_of = rs.tables.code_kind
    naming = rs.trump.selection == "named"
    auction_left = view.public.calls
    doubled = False
    out: list[tuple[int, str, int]] = []
    for h in view.history_codes:
        seat, code = h >> 16, h & 0xFFFF
        kind = kind_of[code]
        if kind == KIND_TRUMP:
            naming = False
        elif kind == KIND_PASS and naming:
            out.append((seat, "trump_pass", 0))
            naming = rs.trump.if_passed == "partner"  # the partner names; a turned card names it at once
        elif kind in (KIND_BID, KIND_PASS) and auction_left:
            auction_left -= 1
            out.append((seat, "bid", code - BID_BASE) if kind == KIND_BID else (seat, "pass", 0))
        elif kind == KIND_PASS:
            out.append((seat, "no_redouble" if doubled else "no_double", 0))
        elif kind == KIND_DOUBLE:
            doubled = True
            out.append((seat, "double", 0))
        elif kind == KIND_REDOUBLE:
            out.append((seat, "redouble", 0))
    return out


def doubling_lines(view: SeatView) -> list[str]:
    """What the doubling round (``bidding.doubling``) made of the deal: ``doubled (x2) by
    opponent``, ``redoubled (x4) by you``; while the round is on, who has declined so far."""
    if view.rs.bidding.doubling is None:
        return []
    made = [(seat, what) for seat, what, _ in calls(view) if what in ("double", "redouble", "no_double", "no_redouble")]
    by = {what: f" by {seat_name(view, seat)}" for seat, what in made if what in ("double", "redouble")}
    lines = []
    if view.public.doubled == 2:
        lines.append(f"redoubled (x4){by.get('redouble', '')}: the deal counts four times")
    elif view.public.doubled == 1:
        lines.append(f"doubled (x2){by.get('double', '')}: the deal counts twice")
    if view.public.dbl_turn >= 0:
        for seat, what in made:
            if what in ("no_double", "no_redouble"):
                lines.append(f"{seat_name(view, seat)}: {what.replace('_', ' ')}")
    return lines


def deal_lines(view: SeatView) -> list[str]:
    """The lines about what the deal is played for, as every screen shows them: the contract
    once the auction is over (else the auction so far), and a doubled or redoubled deal."""
    contract = contract_line(view)
    return ([contract] if contract is not None else auction_lines(view)) + doubling_lines(view)


_GOALS = {"no_tricks": "no trick", "all_tricks": "every trick"}


def bid_words(rs: Ruleset, amount: int) -> str:
    """What a bid announces: ``Bettler (4 game points: no trick, no trump)``, ``the moon``,
    ``3 (99 points)``.  A contract's value is said with its unit: the bare number in brackets
    was read as the key that bids it (which is the bid, ``bid 1``, not the value)."""
    contract = rs.bidding.contract(amount)
    if contract is not None:
        goal = _GOALS.get(contract.goal) or (
            f"{contract.points} points" + (f" within {contract.by_trick} tricks" if contract.by_trick else ""))
        extra = ", no trump" if contract.trump == "none" else ""
        if contract.leader == "forehand":
            extra += ", the forehand leading"
        return f"{contract.title} ({score_words(rs, contract.value)}: {goal}{extra})"
    moon = rs.bidding.moon
    if moon is not None and amount == moon.bid:
        return "the moon"
    return f"{amount} ({amount * rs.scoring.unit} points)"


def moon_terms(rs: Ruleset) -> str:
    """What the moon bid asks: ``every trick``, ``every trick, without trump`` where the moon
    is played without a trump suit (``bidding.moon.trump: none``) -- said wherever the moon is
    offered or explained, since its price alone does not tell it."""
    moon = rs.bidding.moon
    return "every trick" + (", without trump" if moon is not None and moon.trump == "none" else "")


def bid_name(rs: Ruleset, amount: int) -> str:
    """A bid in a word or two: the contract's name (``Bettler``), ``the moon``, or the amount."""
    contract = rs.bidding.contract(amount)
    if contract is not None:
        return contract.title
    moon = rs.bidding.moon
    return "the moon" if moon is not None and amount == moon.bid else str(amount)


def without_trump(view: SeatView) -> bool:
    """Whether the hand is played without a trump suit: a contract or a moon without trump."""
    rs = view.rs
    if not rs.bidding.enabled or in_auction(view) or not view.high_bid:
        return False
    contract = rs.bidding.contract(view.high_bid)
    if contract is not None:
        return contract.trump == "none"
    moon = rs.bidding.moon
    return moon is not None and moon.trump == "none" and view.high_bid == moon.bid


def contract_line(view: SeatView) -> str | None:
    """Once the auction is over: ``contract: opponent, 3 (99 points)`` or ``contract: you, the moon; partner sits out``."""
    rs = view.rs
    if not rs.bidding.enabled or view.declarer is None or in_auction(view):
        return None
    bid = view.high_bid
    what = bid_words(rs, bid) if bid else "the plain game (everybody passed)"
    line = f"contract: {seat_name(view, view.declarer)}, {what}"
    out = [seat_name(view, s) for s in view.sitting_out]
    if out:
        line += "; " + " & ".join(out) + (" sit out" if out == ["you"] or len(out) > 1 else " sits out")
    return line


def drawn_card(before: Sequence[Card], view: SeatView) -> Card | None:
    """The card that came into the hand since ``before`` (the draw), if exactly one did.

    ``before`` is the hand shown last time in this deal -- before the seat's card went to
    the table, or after (a marriage's lead, then the choice to go out): only what is new
    counts.  A caller that has seen the seat exchange since then must not ask (an exchange
    also brings a card in)."""
    new = [c for c in view.hand if c not in before]
    return new[0] if len(new) == 1 else None


# --------------------------------------------------------------------------- going out
def claim_points(view: SeatView) -> int:
    """The points a declaration by this seat is judged on: its side's tricks, bonus and the
    marriages that count now (as the engine counts them, over the deal side)."""
    side = _side_index(view)[view.seat]
    return sum(view.seat_points[s] for s in view.sides[side])


def _pending_mine(view: SeatView) -> int:
    side = _side_index(view)[view.seat]
    return sum(pending_meld(view, s) for s in view.sides[side])


def _have(view: SeatView, counted: bool = True) -> str:
    """``you have 20 of 66``, with the marriage points that do not count yet; where the seat
    keeps count itself (``counted`` false: the rules let it look back at no trick of its
    side), ``if you count 66``: the count is the person's to keep, not the screen's to tell."""
    pending = _pending_mine(view)
    later = f"; your {pending} announced count only once your side wins a trick" if pending else ""
    if not counted:
        return f"if you count {view.rs.claim.target}{later}"
    return f"you have {claim_points(view)} of {view.rs.claim.target}{later}"


def claim_cannot_stand(view: SeatView) -> bool:
    """Whether a declaration by this seat now is sure to fall short, from what the seat sees
    without keeping count: its side has taken no trick, so its count is only what counts
    without one (marriages that need no trick, cards it laid away), and that is below the
    target."""
    side = _side_index(view)[view.seat]
    no_trick = not any(view.public.tricks[s] for s in view.sides[side])
    return no_trick and claim_points(view) < view.rs.claim.target


def decision_line(view: SeatView, legal: Sequence[Action], counted: bool = True) -> str | None:
    """What an in-between choice is about, when the rules offer one: going out right after a
    marriage (``you may go out now: declare (you have 20 of 66) or continue``), or the moment
    after winning a trick, before the draw.  ``None`` for an ordinary move.  ``counted``
    false where the screen does not count the seat's points (the person keeps count: the
    rules let nobody look back at the tricks): then no count is told (``if you count 66``)."""
    if Continue() not in legal:
        return None
    if view.public.offer == view.seat:  # exchange.on_opponent_close: asked whether or not he holds the card
        card = f"{RANK_NAMES[view.rs.exchange.rank]} of trumps"
        if Exchange() in legal:
            turn_up = f" {_card(view.turn_up, True)}" if view.turn_up else ""  # always there when asked
            return f"the talon is closed: you may exchange your {card} for the turn-up{turn_up} or continue (keep it)"
        return f"the talon is closed: you do not hold the {card}, so continue (every opponent is asked, so that nobody learns who holds it)"
    may_declare = Declare() in legal
    if view.public.draw_pending:
        options = ["continue (draw as usual)"]
        if CloseBeforeDraw() in legal:
            options.append("close before-draw (close the talon; nobody draws)")
        if may_declare:
            options.append(f"declare ({_have(view, counted)})")
        return "you won the trick; before the draw you may " + ", ".join(options[:-1]) + " or " + options[-1]
    if may_declare:
        return f"you may go out now: declare ({_have(view, counted)}) or continue (play on)"
    return None


# --------------------------------------------------------------------------- actions
def action_kinds(rs: Ruleset) -> frozenset[type[Action]]:
    """The kinds of action this ruleset can produce: those of its action table
    (``Ruleset.action_of``, every code the ruleset has) that its rules offer.  The table
    holds the codes of doubling, naming trump and laying away only where the rules have
    them; the kinds it holds anyway (marriage, exchange, closing, declaring, continuing,
    passing, bids of ``bidding.values``) are kept where the rule that offers them is on, as
    the engine's legality asks."""
    offered = {
        Marry: rs.marriage.enabled,
        Exchange: rs.exchange.enabled,
        Close: rs.closing.enabled,
        CloseBeforeDraw: rs.closing.enabled and rs.closing.timing == "before_or_after_draw",
        Declare: rs.claim.enabled and not rs.claim.automatic,
        Continue: (rs.claim.enabled and not rs.claim.automatic and rs.claim.after_marriage)
        or (rs.closing.enabled and rs.closing.timing == "before_or_after_draw")
        or (rs.exchange.enabled and rs.exchange.on_opponent_close),
        Pass: bool(_pass_meanings(rs)),
        Bid: rs.bidding.enabled,
    }
    return frozenset(kind for kind in {type(a) for a in rs.action_of.values()} if offered.get(kind, True))


def _pass_meanings(rs: Ruleset) -> list[str]:
    """What a pass means in this ruleset, for each place the rules offer one."""
    out = []
    if rs.trump.selection == "named" and rs.trump.if_passed in ("turn_next", "partner"):
        out.append("while you name trump: " + ("your partner names it" if rs.trump.if_passed == "partner" else "your next card is turned for trump"))
    if rs.bidding.enabled:
        out.append("pass in the auction")
    if rs.bidding.doubling is not None:
        out.append("in the doubling round: no double" + (" (or no redouble)" if rs.bidding.doubling.redouble else ""))
    return out


#: What a game without a kind of action has none of, in words (``this game has no doubling``).
NONE_WORDS = {Marry: "marriages", Exchange: "exchange of the turn-up", Close: "closing", CloseBeforeDraw: "closing before the draw",
              Declare: "declaring", Continue: "step to decline", Pass: "passing", Double: "doubling", Redouble: "redoubling",
              Bid: "auction", NameTrump: "naming of trump", Discard: "laying away"}


def absent(rs: Ruleset, kind: type[Action]) -> str | None:
    """``this game has no doubling`` when actions of ``kind`` are never offered by this
    ruleset (:func:`action_kinds`), else ``None``: said before any reason of the moment
    (``seat 0 must name trump first``), which would suggest the move comes later."""
    if kind in action_kinds(rs) or kind not in NONE_WORDS:
        return None
    return f"this game has no {NONE_WORDS[kind]}"


def ruleset_actions(rs: Ruleset) -> list[tuple[str, str]]:
    """The actions this ruleset has, each with one line of help: (what to type, what it does).
    Every kind of :func:`action_kinds` once (a pass that means three things is one line)."""
    kinds = action_kinds(rs)
    out: list[tuple[str, str]] = []
    if Bid in kinds:
        unit = rs.scoring.unit
        if rs.bidding.contracts:
            for c in rs.bidding.contracts:
                out.append((f"bid {c.bid}", f"announce {bid_words(rs, c.bid)}; or type its name, {c.name}"))
        else:
            moon = rs.bidding.moon
            price = f"N x {unit} points" + (f"; bid {moon.bid}: the moon, {moon_terms(rs)}" if moon is not None else "")
            out.append(("bid N", f"bid N in the auction ({price}); the highest bidder names the contract"))
    if Pass in kinds:
        out.append(("pass", "; ".join(_pass_meanings(rs))))
    if NameTrump in kinds:
        out.append(("trump SUIT", "name the trump suit, e.g. trump H (C D H S)"))
    if Double in kinds:
        out.append(("double", "an opponent of the soloist doubles his game before the first lead: it counts twice (also: contra)"))
    if Redouble in kinds:
        out.append(("redouble", "the soloist whose game was doubled doubles it again: it counts four times (also: re)"))
    if Discard in kinds:
        deck = rs.deck
        out.append(("discard CARD", f"lay a card away face down after taking the cards left over (it counts for you), e.g. discard {deck.ranks[-1]}{deck.suits[0]}"))
    out.append(("play CARD", "lead or follow with a card, e.g. play KH or just KH (10H or TH for the ten)"))
    m = rs.marriage
    if Marry in kinds:
        k, q = (RANK_NAMES[r] for r in m.ranks)
        out.append(("marry CARD", f"announce a marriage ({k} and {q} of a suit: {m.values.plain}, {m.values.trump} in trumps) and lead the card"))
    if Exchange in kinds:
        out.append(("exchange", f"swap your {RANK_NAMES[rs.exchange.rank]} of trumps for the turn-up"))
    before_draw = CloseBeforeDraw in kinds
    if Close in kinds:
        out.append(("close", f"close the talon: no more drawing, suit must be followed; you must then reach {rs.claim.target}"))
        if before_draw:
            out.append(("close before-draw", "close right after winning a trick, before anybody draws"))
    declares = Declare in kinds  # not where the deal ends by itself at the target (claim.automatic)
    if declares:
        out.append(("declare", f"end the deal claiming {rs.claim.target} points (with fewer you lose)"))
    if Continue in kinds:
        steps = [what for what, offered in (
            ("going out after a marriage", declares and rs.claim.after_marriage),
            ("closing before the draw", before_draw),
            ("the exchange offered as the talon is closed", rs.exchange.enabled and rs.exchange.on_opponent_close),
        ) if offered]
        out.append(("continue", "play on: decline " + " or ".join(steps)))
    return out


def describe_action(view: SeatView, action: Action, *, symbols: bool = True, counted: bool = True) -> str:
    """One line for an action on offer, in this position: ``marry KH: 40 in ♥ hearts, lead K♥``.
    ``counted`` false where the person keeps count (:func:`points_shown`): a declaration then
    names no count."""
    rs = view.rs
    if isinstance(action, Play):
        verb = "lead" if not view.trick else "play"
        return f"{verb} {_card(action.card, symbols)}"
    if isinstance(action, NameTrump):
        return f"name {suit_text(action.suit, symbols=symbols)} trump"
    if isinstance(action, Marry) and view.trick:
        suit = suit_text(action.card.suit, symbols=symbols)
        return f"show {marriage_value(view, action.card.suit)} in {suit} (king and queen), then play a card"
    if isinstance(action, Marry):
        other = rs.marriage.ranks[1] if action.card.rank == rs.marriage.ranks[0] else rs.marriage.ranks[0]
        suit = suit_text(action.card.suit, symbols=symbols)
        return f"announce {marriage_value(view, action.card.suit)} in {suit} (with the {RANK_NAMES[other]}) and lead {_card(action.card, symbols)}"
    if isinstance(action, Exchange):
        turn_up = f" {_card(view.turn_up, symbols)}" if view.turn_up else ""
        return f"exchange your {RANK_NAMES[rs.exchange.rank]} of trumps for the turn-up{turn_up}"
    if isinstance(action, CloseBeforeDraw):
        return "close the talon now, before the draw"
    if isinstance(action, Close):
        return f"close the talon: no more drawing; you must reach {rs.claim.target}"
    if isinstance(action, Declare):
        if not counted:  # the person keeps count: no count in the offer either
            return f"declare {rs.claim.target} (if you count {rs.claim.target})"
        return f"declare {rs.claim.target} (you have {claim_points(view)})"
    if isinstance(action, Continue):
        return "continue: draw as usual" if view.public.draw_pending else "continue: play on"
    if isinstance(action, Bid):
        moon = rs.bidding.moon
        if moon is not None and action.amount == moon.bid:
            return f"bid {action.amount}: the moon, {moon_terms(rs)}"
        return f"bid {action.amount}: {bid_words(rs, action.amount)}" if rs.bidding.contracts else f"bid {action.amount} ({action.amount * rs.scoring.unit} points)"
    if isinstance(action, Discard):
        return f"lay {_card(action.card, symbols)} away face down (it counts for you)"
    if isinstance(action, Double):
        return "double: the deal counts twice"
    if isinstance(action, Redouble):
        return "redouble: the deal counts four times"
    if isinstance(action, Pass):
        if view.public.dbl_turn >= 0:
            return "pass: no redouble" if view.public.doubled else "pass: no double"
        if view.public.phase == NAMING:
            return "pass: your partner names trump" if rs.trump.if_passed == "partner" else "pass: your next card is turned for trump"
        return "pass"
    return str(action)


_ADDRESSED = re.compile(r"\bseat (\d+) (must|may|does not|has)\b")


def to_person(view: SeatView, text: str) -> str:
    """A message of the engine (a refusal names the seat that must act: ``seat 0 must first
    lay away 1 more card``) as told to the player of ``view.seat``: that seat becomes ``you``
    (``you must first lay away 1 more card``); other seats stay as they are."""
    def addressed(m: re.Match[str]) -> str:
        if int(m.group(1)) != view.seat:
            return m.group(0)
        return "you " + {"does not": "do not", "has": "have"}.get(m.group(2), m.group(2))
    return _ADDRESSED.sub(addressed, text)


def claim_warning(view: SeatView, action: Action) -> str | None:
    """Why ``action`` would cost points by surprise: declaring with fewer points than the
    target.  The loss is worked out as the engine settles a false claim -- per opposing deal
    side ``claim.false_points`` (more when it has no trick), and when this side closed the
    talon at least what failing the close costs -- from what the view holds.  ``None`` when
    there is nothing to warn of."""
    rs = view.rs
    if not isinstance(action, Declare):
        return None
    have = claim_points(view)
    if have >= rs.claim.target:
        return None
    loss = max(_false_claim_loss(view, o) for o in range(len(view.sides)) if o != _side_index(view)[view.seat])
    pending = _pending_mine(view)
    later = f" (your {pending} announced do not count until your side wins a trick)" if pending else ""
    points = f"{loss} game point{'s' if loss != 1 else ''}"
    return f"you have {have} points{later}, fewer than {rs.claim.target}: declaring now loses the deal, {points} to the other side"


def claim_risk(view: SeatView) -> str:
    """What a declaration short of the target would cost, with no count in it: what a seat
    that keeps count itself (:func:`points_shown`) is asked about before every declaration,
    so that being asked gives nothing away.  The loss as :func:`claim_warning` works it out."""
    loss = max(_false_claim_loss(view, o) for o in range(len(view.sides)) if o != _side_index(view)[view.seat])
    target = view.rs.claim.target
    return f"if you have fewer than {target} points, declaring loses the deal, {loss} game point{'s' if loss != 1 else ''} to the other side"


def _false_claim_loss(view: SeatView, opp: int) -> int:
    """Game points deal side ``opp`` scores when this seat declares wrongly: the engine's rule
    (:func:`~interpreter.engine.settle.false_claim_points`) on the counts the view holds --
    the tricks, now and at the close, and who closed, all public -- times the deal's doubling."""
    public = view.public
    opp_tricks = sum(public.tricks[s] for s in view.sides[opp])
    snap = public.close_snap
    side = _side_index(view)
    closed = view.closed and view.closer is not None and side[view.closer] == side[view.seat]
    gp = false_claim_points(view.rs, opp_tricks, snap[2][opp] if snap is not None else None, closed)
    return gp << public.doubled
