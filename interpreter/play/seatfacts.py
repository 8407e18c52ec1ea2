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

from collections.abc import Sequence
from dataclasses import dataclass

from interpreter.core.actions import Action, Bid, Close, CloseBeforeDraw, Continue, Declare, Double, Exchange, Marry, NameTrump, Pass, Play, Redouble
from interpreter.core.cards import RANK_NAMES, SUIT_NAMES, Card
from interpreter.engine.position import AUCTION, NAMING
from interpreter.engine.views import SPECTATOR, SeatView
from interpreter.rules.ruleset import Ruleset

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
    announced but not counting yet, tricks taken, and the match score."""

    name: str
    points: int
    pending: int
    tricks: int
    match: int | None


def pending_meld(view: SeatView, seat: int) -> int:
    """Marriage points ``seat`` announced that do not count yet (``marriage.counts_after``)."""
    p = view.public
    counted = view.seat_points[seat] - p.points[seat] - p.bonus[seat]
    return int(p.meld[seat] - counted)


def side_scores(view: SeatView, match_scores: Sequence[int] | None = None) -> list[SideScore]:
    """Every match side, this player's first (the order a scoreboard reads best in)."""
    rs = view.rs
    mine = rs.side_of(view.seat)
    order = [mine] + [s for s in range(rs.side_count) if s != mine]
    out = []
    for side in order:
        seats = rs.sides[side]
        out.append(SideScore(
            side_name(rs, view.seat, side),
            view.card_points[side],
            sum(pending_meld(view, s) for s in seats),
            view.tricks_won[side],
            match_scores[side] if match_scores is not None else None,
        ))
    return out


def points_line(view: SeatView) -> str:
    """``points: you 7, opponent 20 (+20 pending); tricks: you 1, opponent 1``."""
    scores = side_scores(view)
    points = ", ".join(f"{s.name} {s.points}" + (f" (+{s.pending} pending)" if s.pending else "") for s in scores)
    tricks = ", ".join(f"{s.name} {s.tricks}" for s in scores)
    return f"points: {points}; tricks: {tricks}"


def match_line(rs: Ruleset, me: int, scores: Sequence[int]) -> str:
    """``match to 7: you 3, opponent 1`` (a spectator, ``me`` -1: by seats, side 0 first)."""
    mine = rs.side_of(me) if me != SPECTATOR else 0
    order = [mine] + [s for s in range(rs.side_count) if s != mine]
    return f"match to {rs.match.target}: " + ", ".join(f"{side_name(rs, me, s)} {scores[s]}" for s in order)


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
    """The auction so far (``opponent bids 2``, ``partner passes``), then the contract or, while
    the auction is on, the high bid and what the moon bid means."""
    rs = view.rs
    if not rs.bidding.enabled:
        return []
    lines = []
    for seat, text in view.history:
        if text.startswith("bid "):
            amount = int(text.split()[1])
            said = bid_words(rs, amount) if rs.bidding.contracts else str(amount)
            lines.append(f"{seat_name(view, seat)} bid{'' if seat == view.seat else 's'} {said}")
        elif text == "pass":
            lines.append(f"{seat_name(view, seat)} pass{'' if seat == view.seat else 'es'}")
    contract = contract_line(view)
    if contract is not None:
        lines.append(contract)
        return lines
    if not in_auction(view):
        return lines  # thrown in: nobody bid
    if view.high_bid and view.declarer is not None:
        lines.append(f"high bid so far: {view.high_bid}, by {seat_name(view, view.declarer)}")
    else:
        lines.append("no bid yet")
    moon = rs.bidding.moon
    if moon is not None:
        alone = ", the bidder's partner sits out" if moon.partner_sits_out else ""
        lines.append(f"bid {moon.bid} is the moon: every trick{alone}")
    return lines


_GOALS = {"no_tricks": "no trick", "all_tricks": "every trick"}


def bid_words(rs: Ruleset, amount: int) -> str:
    """What a bid announces: ``bettler (4: no trick, no trump)``, ``the moon``, ``3 (99 points)``."""
    contract = rs.bidding.contract(amount)
    if contract is not None:
        goal = _GOALS.get(contract.goal) or (
            f"{contract.points} points" + (f" within {contract.by_trick} tricks" if contract.by_trick else ""))
        extra = ", no trump" if contract.trump == "none" else ""
        if contract.leader == "forehand":
            extra += ", the forehand leading"
        return f"{contract.name.capitalize()} ({contract.value}: {goal}{extra})"
    moon = rs.bidding.moon
    if moon is not None and amount == moon.bid:
        return "the moon"
    return f"{amount} ({amount * rs.scoring.unit} points)"


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


def _have(view: SeatView) -> str:
    """``20 of 66``, with the marriage points that do not count yet."""
    pending = _pending_mine(view)
    later = f"; your {pending} announced count only once your side wins a trick" if pending else ""
    return f"{claim_points(view)} of {view.rs.claim.target}{later}"


def claim_cannot_stand(view: SeatView) -> bool:
    """Whether a declaration by this seat now is sure to fall short, from what the seat sees
    without keeping count: its side has taken no trick, so its count is only what counts
    without one (marriages that need no trick, cards it laid away), and that is below the
    target."""
    side = _side_index(view)[view.seat]
    no_trick = not any(view.public.tricks[s] for s in view.sides[side])
    return no_trick and claim_points(view) < view.rs.claim.target


def decision_line(view: SeatView, legal: Sequence[Action]) -> str | None:
    """What an in-between choice is about, when the rules offer one: going out right after a
    marriage (``you may go out now: declare (you have 20 of 66) or continue``), or the moment
    after winning a trick, before the draw.  ``None`` for an ordinary move."""
    if Continue() not in legal:
        return None
    may_declare = Declare() in legal
    if view.public.draw_pending:
        options = ["continue (draw as usual)"]
        if CloseBeforeDraw() in legal:
            options.append("close before-draw (close the talon; nobody draws)")
        if may_declare:
            options.append(f"declare (you have {_have(view)})")
        return "you won the trick; before the draw you may " + ", ".join(options[:-1]) + " or " + options[-1]
    if may_declare:
        return f"you may go out now: declare (you have {_have(view)}) or continue (play on)"
    return None


# --------------------------------------------------------------------------- actions
def ruleset_actions(rs: Ruleset) -> list[tuple[str, str]]:
    """The actions this ruleset has, each with one line of help: (what to type, what it does)."""
    out: list[tuple[str, str]] = []
    if rs.bidding.enabled:
        unit = rs.scoring.unit
        if rs.bidding.contracts:
            for c in rs.bidding.contracts:
                out.append((f"bid {c.bid}", f"announce {bid_words(rs, c.bid)}"))
        else:
            out.append(("bid N", f"bid N in the auction (N x {unit} points); the highest bidder names the contract"))
        out.append(("pass", "pass in the auction"))
    if rs.trump.selection == "named":
        passing = {"turn_next": "pass: your next card is turned for trump", "partner": "pass: your partner names trump"}
        out.append(("trump SUIT", "name the trump suit, e.g. trump H (C D H S)"))
        if rs.trump.if_passed in passing:
            out.append(("pass", passing[rs.trump.if_passed]))
    out.append(("play CARD", "lead or follow with a card, e.g. play KH or just KH (10H or TH for the ten)"))
    m = rs.marriage
    if m.enabled:
        k, q = (RANK_NAMES[r] for r in m.ranks)
        out.append(("marry CARD", f"announce a marriage ({k} and {q} of a suit: {m.values.plain}, {m.values.trump} in trumps) and lead the card"))
    if rs.exchange.enabled:
        out.append(("exchange", f"swap your {RANK_NAMES[rs.exchange.rank]} of trumps for the turn-up"))
    before_draw = rs.closing.enabled and rs.closing.timing == "before_or_after_draw"
    if rs.closing.enabled:
        out.append(("close", f"close the talon: no more drawing, suit must be followed; you must then reach {rs.claim.target}"))
        if before_draw:
            out.append(("close before-draw", "close right after winning a trick, before anybody draws"))
    declares = rs.claim.enabled and not rs.claim.automatic  # automatic: the deal ends by itself at the target
    if declares:
        out.append(("declare", f"end the deal claiming {rs.claim.target} points (with fewer you lose)"))
    steps = [what for what, offered in (
        ("going out after a marriage", declares and rs.claim.after_marriage),
        ("closing before the draw", before_draw),
    ) if offered]
    if steps:
        out.append(("continue", "play on: decline " + " or ".join(steps)))
    return out


def describe_action(view: SeatView, action: Action, *, symbols: bool = True) -> str:
    """One line for an action on offer, in this position: ``marry KH: 40 in ♥ hearts, lead K♥``."""
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
        return f"declare {rs.claim.target} (you have {claim_points(view)})"
    if isinstance(action, Continue):
        return "continue: draw as usual" if view.public.draw_pending else "continue: play on"
    if isinstance(action, Bid):
        moon = rs.bidding.moon
        if moon is not None and action.amount == moon.bid:
            return f"bid {action.amount}: the moon, every trick"
        return f"bid {action.amount}: {bid_words(rs, action.amount)}" if rs.bidding.contracts else f"bid {action.amount} ({action.amount * rs.scoring.unit} points)"
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


def _false_claim_loss(view: SeatView, opp: int) -> int:
    """Game points deal side ``opp`` scores when this seat declares wrongly (see ``settle``)."""
    rs = view.rs
    tricks = view.public.tricks
    opp_tricks = sum(tricks[s] for s in view.sides[opp])
    fp = rs.claim.false_points
    gp = fp.opponent_without_trick if opp_tricks == 0 else fp.base
    side = _side_index(view)
    if view.closed and view.closer is not None and side[view.closer] == side[view.seat]:
        fail = rs.closing.fail_points
        snap = view.public.close_snap
        at_close = snap[2][opp] if fail.basis == "at_close" and snap is not None else opp_tricks
        gp = max(gp, fail.no_trick if at_close == 0 else fail.base)
    return int(gp)
