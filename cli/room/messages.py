"""What a connection to a table is sent: one seat's view of the table, as JSON.

Each message is built from :meth:`~interpreter.engine.state.DealState.view` of the
connection's seat (or :func:`~interpreter.engine.views.spectator_view` for a spectator) and
from what is public about the match (its score, who sits where); the deal state itself is
never read here.  The hands as dealt are added only once the deal is over, when the rules
show them to everybody.  tests/room/test_hidden.py checks every message of whole matches
against the seat's view: no card the seat may not see is ever in a message.
"""

from __future__ import annotations

from typing import Any

from interpreter.core.actions import Action, Discard, Marry, Play
from interpreter.core.cards import RANK_NAMES
from interpreter.engine.settle import DealResult
from interpreter.engine.views import SPECTATOR, SeatView, spectator_view
from interpreter.play import seatfacts as facts
from interpreter.play.session import HUMAN
from cli.room.tables import Table
from cli.table.render import points_shown, sorted_hand
from cli.table.words import action_key, action_label, match_over, told, your_turn


def seat_message(table: Table, seat: int, away: list[int] | None = None) -> dict[str, Any]:
    """The message for the person at ``seat``, or for a spectator (``seat`` -1); ``away``: the
    people's seats with no link open now (the room knows them, the table does not)."""
    session = table.session
    state = session.state
    assert state is not None, "a table always has a deal"
    view = state.view(seat) if seat != SPECTATOR else spectator_view(state)
    rs = table.rs
    match = session.match
    me = seat if seat != SPECTATOR else None
    msg: dict[str, Any] = {
        "type": "state",
        "seq": table.seq,
        "table": table.id,
        "title": rs.title,
        "ruleset": table.ruleset_ref,
        "you": me,
        "seats": [_seat(table, view, s) for s in range(rs.players.count)],
        "sides": [list(side) for side in rs.sides],
        "deal": session.number,
        "dealer": view.dealer,
        "hand": [str(c) for c in sorted_hand(view)],
        "hand_sizes": list(view.hand_sizes),
        "trump": view.trump,
        "turn_up": str(view.turn_up) if view.turn_up is not None else None,
        "talon": view.talon_size,
        "closed": view.closed,
        "closer": view.closer,
        "trick": [[s, str(c)] for s, c in view.trick],
        "last_trick": _last_trick(view),
        "look_back": _look_back(view),
        "to_act": view.actor,
        "widow": [str(c) for c in view.widow],
        "widow_face_down": _widow_face_down(view),
        "known": [[str(c) for c in cards] for cards in view.known],
        "scores": _scores(view, me),
        "lines": _lines(view),
        "legal": [],
        "prompt": None,
        "match": {
            "scores": list(match.scores), "target": rs.match.target, "over": match.is_over,
            "winner": match.winner if match.is_over else None,
            "words": facts.match_line(rs, seat, match.scores) + (f"; {match_over(state, match, seat)}" if match.is_over else ""),
        },
        "count_note": _count_note(view, me),
        "bids": [[str(c.bid), facts.bid_words(rs, c.bid)] for c in rs.bidding.contracts if rs.bidding.enabled and 1 <= c.bid <= 9],
        "values": [[rank, RANK_NAMES[rank], rs.deck.points[k]] for k, rank in enumerate(rs.deck.ranks)],
        "result": None,
        "waiting_for": table.waiting_for(),
        "record": table.over,
        "house": table.house_name is not None,
        "away": sorted(away or []),
    }
    if me is not None and view.actor == me:
        legal = list(view.legal)
        msg["legal"] = [_action(rs, a) for a in legal]
        counted = rs.side_of(me) in points_shown(view, False)  # else the person keeps count: no count in the prompt either
        msg["prompt"] = facts.decision_line(view, legal, counted) or your_turn(view, legal)
    result = session.result()
    if result is not None:  # the deal is over: its hands are shown to everybody
        msg["result"] = {
            # the rules number the sides ("team 0"); each is named as the project names it to
            # this seat ("your team") or to a spectator ("team of seats 0 & 2")
            "reason": told(view, result.reason, result.winner),
            "winner": result.winner,
            "scores": list(result.scores),
            "game_points": result.game_points,
            "outcome": _outcome(view, result, me),
            "hands": [[str(c) for c in hand] for hand in session.summary_hands()],
        }
    return msg


def presence_message(table: Table, to: int, seat: int, here: bool, again: bool) -> dict[str, Any]:
    """What the link of seat ``to`` (-1: a spectator) is told when the person at ``seat`` closes
    their last link to the table (``here`` false: their seat waits for them, nobody plays it)
    or opens one (``again``: they had been at the table before), naming them from ``to``'s seat
    as the page names every seat."""
    state = table.session.state
    assert state is not None, "a table always has a deal"
    view = state.view(to) if to != SPECTATOR else spectator_view(state)
    name = facts.seat_name(view, seat) if to != SPECTATOR else f"seat {seat}"
    who = f"your {name}" if name.startswith(("partner", "opponent")) else name
    if not here:
        words = f"{who} left the table; the seat waits for them to come back"
    else:
        words = f"{who} is back at the table" if again else f"{who} sat down at the table"
    return {"type": "presence", "seat": seat, "here": here, "words": words}


def _seat(table: Table, view: SeatView, s: int) -> dict[str, Any]:
    kind = table.kinds[s]
    name = facts.seat_name(view, s) if view.seat != SPECTATOR else f"seat {s}"
    return {"seat": s, "name": name, "player": "person" if kind == HUMAN else kind, "side": table.rs.side_of(s)}


def _last_trick(view: SeatView) -> dict[str, Any] | None:
    """The trick just taken, while no card of the next lies on the table: every card played
    is public, and so is who took it."""
    if view.trick:
        return None
    tricks = view.completed_tricks
    if not tricks:
        return None
    cards, winner = tricks[-1]
    return {"cards": [[s, str(c)] for s, c in cards], "winner": winner}


def _look_back(view: SeatView) -> dict[str, Any] | None:
    """The last trick taken, while a card of the next already lies on the table and the rules
    still let this seat look back at it (:attr:`~interpreter.engine.seatview.SeatView.reviewable_tricks`:
    a side's own tricks under ``info.review_own_tricks: all``; under ``last_trick`` only until
    the next lead, when ``last_trick`` shows it in the middle)."""
    if not view.trick or not view.completed_tricks:
        return None
    last = view.completed_tricks[-1]
    if last.cards not in view.reviewable_tricks:
        return None
    return {"cards": [[s, str(c)] for s, c in last.cards], "winner": last.winner}


def _widow_face_down(view: SeatView) -> int:
    """How many cards this seat took with its first trick without seeing them: a widow that
    goes face down to its won cards where the rules let nobody look at them (``widow`` is then
    empty: the page says the seat took them, and not which).  0 for every other seat."""
    p = view.public
    taker = view.seat != SPECTATOR and p.widow_taker == view.seat
    return int(p.widow_size) if taker and not view.rs.tables.widow_seen else 0


def _count_note(view: SeatView, me: int | None) -> str | None:
    """Why no points are shown, where none are (``info.review_own_tricks`` as the rules have
    it): nobody may look back at the tricks, or only at the last one; a spectator is shown
    no side's points where each side may count only its own."""
    if me is not None and points_shown(view, False):
        return None
    how = view.rs.info.review_own_tricks
    if how == "none":
        return "keep count yourself: the rules let nobody look back at the tricks"
    if how == "last_trick":
        return "keep count yourself: the rules let you look back only at the last trick"
    return "each side may count only its own tricks"


def _scores(view: SeatView, me: int | None) -> list[dict[str, Any]]:
    """Per match side: tricks taken, and card points where the rules let this seat count them
    (its own side's where it may look at its tricks; nobody's where nobody may)."""
    rs = view.rs
    shown = points_shown(view, False) if me is not None else set()
    return [
        {"side": side, "tricks": view.tricks_won[side], "points": view.card_points[side] if side in shown else None}
        for side in range(rs.side_count)
    ]


def _outcome(view: SeatView, result: DealResult, me: int | None) -> list[str]:
    """Who won the deal and what each side scored, named from this seat (``opponent won the
    deal: opponent scored 2 game points``), then the card points of the sides the rules let
    this seat count (:func:`~interpreter.play.seatfacts.points_shown`, the one rule for that):
    the reason alone does not always name the winner (``higher total 76 against 44 and 20``)."""
    rs = view.rs
    seat = me if me is not None else SPECTATOR
    names = [facts.side_name(rs, seat, side) for side in range(rs.side_count)]
    scored = [f"{names[side]} {'scored' if n > 0 else 'lost'} {facts.score_words(rs, abs(n))}"
              for side, n in enumerate(result.scores) if n]
    winners = result.winners  # several where defenders beat a lone declarer together
    if len(winners) == 1 and [n != 0 for n in result.scores] == [side == winners[0] for side in range(rs.side_count)]:
        # the winner alone scored (nobody lost units): the score said once
        head, scored = f"{names[winners[0]]} won the deal", [facts.score_words(rs, result.scores[winners[0]])]
    elif winners:
        head = f"{' and '.join(names[side] for side in winners)} won the deal"
    elif result.redeal:
        head = "the deal is thrown in"
    elif result.drawn:
        head = "the deal is drawn"
    else:
        head = "no one side won the deal"
    lines = [head + ": " + (", ".join(scored) if scored else "nobody scored")]
    shown = sorted(facts.points_shown(view, False)) if me is not None else []
    if shown:
        lines.append("card points: " + ", ".join(f"{names[side]} {view.card_points[side]}" for side in shown))
    return lines


def _lines(view: SeatView) -> list[str]:
    """Announcements, the auction (with the contract once it is over: every call was said
    aloud at the table, so what a partner bid stays in front of the players through the play)
    and a doubled deal in words (from this seat's side)."""
    return ["announced: " + line for line in facts.announcements(view)] + facts.auction_lines(view) + facts.doubling_lines(view)


def _action(rs: Any, action: Action) -> dict[str, Any]:
    card = action.card if isinstance(action, (Play, Marry, Discard)) else None
    return {
        "move": str(action),
        "label": action_label(rs, action) if not isinstance(action, Play) else facts.card_text(action.card),
        "card": str(card) if card is not None else None,
        "kind": type(action).__name__.lower(),
        "key": action_key(rs, action),
    }
