"""Readable text for match events (the log of ``rules run``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from interpreter.core.actions import Bid, Close, CloseBeforeDraw, Declare, Discard, Double, Exchange, Marry, NameTrump, Pass, Play, Redouble
from interpreter.core.cards import SUIT_NAMES
from interpreter.play.seatfacts import bid_words, match_score, points_shown
from interpreter.play.runner import ActionTaken, DealEnded, DealStarted, Event, TrickDone
from interpreter.engine.state import NAMING, DealState
from interpreter.rules.ruleset import Ruleset



def who(state: DealState, seat: int) -> str:
    return f"seat {seat}"


def side_name(state: DealState, side: int | None) -> str:
    if side is None:
        return "nobody"
    if not state.rs.partnership:
        return f"seat {side}"
    return f"team {side} (seats {' & '.join(map(str, state.rs.sides[side]))})"


def log_counts(state: DealState, people: Collection[int]) -> set[int] | None:
    """The match sides whose trick points a log read by the people at ``people`` may tell:
    those every one of them may count (:func:`~interpreter.play.seatfacts.points_shown`, the
    rule of every screen a person plays at); ``None`` (every side's) with nobody's seat to
    keep count for -- a match of bots, which has no secret from whoever reads its log."""
    if not people:
        return None
    shown = [points_shown(state.view(seat)) for seat in people]
    return set.intersection(*shown)


#: The names players give a lost match counted twice and four times (match.shutout).
BUMMERL_NAMES = {2: "a Schneider", 4: "a Retourschneider"}


def bummerl_text(state: DealState, bummerl: tuple[int, ...]) -> str:
    """Who takes the lost match and how many it counts, where the ruleset counts more than one
    lost match a loser (``match.shutout``) or only the last-placed loses (``match.bummerl``):
    `` -- team 1 takes 2 Bummerl (a Schneider)``; nothing for a plain match of two sides."""
    m = state.rs.match
    if m.shutout == "none" and m.bummerl == "every_loser":
        return ""
    label = "team" if state.rs.partnership else "seat"
    parts = [f"{label} {side} takes {n} Bummerl" + (f" ({BUMMERL_NAMES[n]})" if n in BUMMERL_NAMES else "")
             for side, n in enumerate(bummerl) if n]
    return " -- " + ", ".join(parts) if parts else ""


def scores_text(rs: Ruleset, scores: Sequence[int]) -> str:
    """The match score; counting down (``match.count: down``), what each side still needs
    (:func:`~interpreter.play.seatfacts.match_score`, the rule every screen shows it by)."""
    label = "team" if rs.partnership else "seat"
    return ", ".join(f"{label} {i}: {match_score(rs, s)}" for i, s in enumerate(scores))


def _first_lead(st: DealState) -> list[str]:
    """What the first card of the deal, just led, does to trump where the first card led makes
    it (``trump.selection: first_card_led``): its suit is trump -- unless the contract is
    played without trump (``bidding.moon.trump: none``, a contract's ``trump: none``), where
    the engine fixes none and the log, which said the led suit was trump, must say so too."""
    if st.tricks_played or len(st.trick) != 1 or st.rs.trump.selection != "first_card_led":
        return []
    suit = st.trump_suit()
    if suit is None:
        return ["  no trump in this contract: the first card led does not make trump"]
    return [f"  trump is {SUIT_NAMES[suit]} (first card led)"]


def describe(event: Event, *, show_hands: bool = False, counted: Collection[int] | None = None) -> list[str]:
    """Lines of log for one event (hidden hands only with ``show_hands``).

    ``counted``: the match sides whose trick points a trick line may tell, where the log is
    read by a person who must keep count (:func:`log_counts`); ``None`` tells every side's.
    A trick of another side then ends ``-> seat 1 takes it``.  The deal's result, once it is
    over, tells every count: at the end of a deal the tricks are counted in the open."""
    if isinstance(event, DealStarted):
        st = event.state
        lines = [f"Deal {event.number}: seat {st.dealer} deals"]
        if st.turnup >= 0:
            lines.append(f"  trump {SUIT_NAMES[st.trump_suit() or 'C']} (turn-up {st.turn_up_card()}), talon {st.talon_size()} cards")
        elif st.rs.trump.selection == "dealer_card" and st.turned >= 0:
            card = st.rs.deck.cards[st.turned]
            lines.append(f"  trump {SUIT_NAMES[card.suit]} (seat {st.dealer}'s last card {card}, shown to all)")
        if show_hands:
            for seat in range(st.n):  # a dealer who sits the deal out holds nothing: said as the auction says it
                lines.append(f"  seat {seat} sits out" if seat in st.sitting_out else f"  seat {seat} holds {st.hand(seat)}")
            if st.widow:
                lines.append("  widow " + " ".join(str(st.rs.deck.cards[c]) for c in st.widow))
        return lines
    if isinstance(event, ActionTaken):
        st = event.state
        a = event.action
        s = who(st, event.seat)
        if isinstance(a, Discard):
            return [f"  {s} lays {a.card if show_hands else 'a card'} away"]
        if event.doubling:  # bidding.doubling: before the first lead
            if isinstance(a, Double):
                return [f"  {s} doubles: the deal counts twice"]
            if isinstance(a, Redouble):
                return [f"  {s} redoubles: the deal counts four times"]
            return [f"  {s} does not {'redouble' if st.doubled else 'double'}"]
        if isinstance(a, NameTrump):
            return [f"  {s} names {SUIT_NAMES[a.suit]} trump"]
        if isinstance(a, Pass) and st.rs.trump.selection == "named" and st.calls == 0 and (st.phase == NAMING or event.seat == (st.dealer + 1) % st.n and st.turned >= 0 and st.high_bid == 0):
            if st.phase == NAMING:
                return [f"  {s} passes the choice of trump to seat {st.to_act}"]
            card = st.rs.deck.cards[st.turned]
            return [f"  {s} passes: his next card {card} is turned, {SUIT_NAMES[card.suit]} are trump"]
        if isinstance(a, (Bid, Pass)):
            if isinstance(a, Bid) and st.rs.bidding.contracts:
                lines = [f"  {s} announces {bid_words(st.rs, a.amount)}"]
            else:
                lines = [f"  {s} bids {a.amount}" if isinstance(a, Bid) else f"  {s} passes"]
            if st.is_over and st.result and st.result.redeal:
                lines.append("  everybody passed: the hand is thrown in")
            elif st.phase == 1:
                if st.contract is not None:
                    lines.append(f"  contract: seat {st.declarer} plays {bid_words(st.rs, st.high_bid)}")
                elif not st.high_bid:
                    lines.append(f"  everybody passed: the plain game, seat {st.declarer} (the forehand) declaring")
                else:
                    moon = st.rs.bidding.moon
                    contract = "the moon" if moon and st.high_bid == moon.bid else f"a bid of {st.high_bid} ({st.high_bid * st.rs.scoring.unit} points)"
                    lines.append(f"  contract: seat {st.declarer} with {contract}")
                for seat in st.sitting_out:
                    lines.append(f"  seat {seat} sits out")
                if st.to_discard:
                    lines.append(f"  seat {st.declarer} takes the {st.to_discard} cards of the widow into his hand")
            return lines
        if isinstance(a, Exchange):
            return [f"  {s} exchanges {st.turn_up_card()} for the turn-up {event.turn_up_before}"]
        if isinstance(a, Close):
            return [f"  {s} closes the talon"]
        if isinstance(a, CloseBeforeDraw):
            return [f"  {s} closes the talon before the draw"]
        if isinstance(a, Declare):
            return [f"  {s} declares"]
        if isinstance(a, Marry):
            value = st.rs.marriage.values.trump if a.card.suit == st.trump_suit() else st.rs.marriage.values.plain
            if st.trick and st.trick_with_seats()[-1][0] != event.seat:  # a partner's marriage, shown
                return [f"  {s} shows {value} in {SUIT_NAMES[a.card.suit]} ({a.card} and its partner)"]
            lines = _first_lead(st)
            lines.append(f"  {s} announces {value} in {SUIT_NAMES[a.card.suit]} and leads {a.card}")
            return lines
        if isinstance(a, Play):
            return _first_lead(st)
        return []
    if isinstance(event, TrickDone):
        st = event.state
        cards = ", ".join(f"{seat} {card}" for seat, card in event.cards)
        told = counted is None or st.rs.side_of(event.winner) in counted
        line = f"  trick {st.tricks_played}: {cards} -> seat {event.winner} takes {event.points if told else 'it'}"
        if st.tricks_played == 1 and st.widow and st.widow_taker == event.winner and not st.t.lays_away:
            line += f" and the widow ({len(st.widow)} cards, face down)"
        elif st.tricks_played == 1 and st.to_discard and st.widow_taker == event.winner:
            line += f", and the widow's {st.to_discard} cards into his hand"
        return [line]
    if isinstance(event, DealEnded):
        st = event.state
        r = event.result
        pts = st.card_points()
        label = "team" if st.rs.partnership else "seat"
        points = ", ".join(f"{label} {i}: {p}" for i, p in enumerate(pts))
        if r.redeal:
            head = f"Deal {event.number}: thrown in"
        elif r.game_points is not None and (r.winner is not None or r.drawn or not any(r.scores)):
            head = f"Deal {event.number}: {side_name(st, r.winner)} wins {r.game_points} game point{'s' if r.game_points != 1 else ''}" if r.winner is not None else f"Deal {event.number}: drawn"
        else:
            gained = ", ".join(f"{label} {i} {d:+d}" for i, d in enumerate(r.scores))
            head = f"Deal {event.number}: {gained}"
        lines = [f"{head} -- {r.reason}", f"  card points {points}", f"  score {scores_text(st.rs, event.match.scores)}"]
        if event.match.winner is not None:
            lines.append(f"Match won by {side_name(st, event.match.winner)}: {scores_text(st.rs, event.match.scores)}{bummerl_text(st, event.match.bummerl)}")
        return lines
    return []
