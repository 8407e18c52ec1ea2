"""What a replay may show of a record whose last deal a person is still playing.

A record of ``rules play`` or of ``rules run`` with a human seat is on disk after every move,
so it can be replayed while the match goes on.  Its last deal is then unfinished, and the
report of ``rules replay`` -- every hand, the order of the stock, the position string -- would
show the person the opponents' cards.  :func:`secret_of` finds such a deal and the seat whose
eyes the replay takes (the record's one human seat; none with several people at one screen,
who then see only what all of them may), and :func:`hidden_report` is the report built from
that seat's :class:`~interpreter.engine.views.SeatView` alone.  ``rules replay --reveal``
shows everything, for the person who asks for it.

This keeps ``rules`` from showing what the rules hide.  It cannot keep a determined person
from the file itself: each deal's seed is in it, from which the cards follow (docs/security.md).
Finished deals are public (every hand is shown at the end of a deal), and records without a
human seat have nobody to hide anything from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from interpreter.core.actions import CONTINUE, DECLARE
from interpreter.engine.views import make_view
from interpreter.play.record import legal_texts, replay
from interpreter.play.seatfacts import points_shown
from interpreter.play.seatkinds import is_human

if TYPE_CHECKING:
    from interpreter.engine.state import DealState
    from interpreter.play.record import Record, ReplayOutcome


@dataclass(frozen=True)
class Secret:
    """The unfinished deal of a record (its index in ``record.deals``) and whose eyes a replay
    of it takes: the one human seat, or ``None`` (several people: public information only)."""

    deal: int
    seat: int | None

    def covers(self, outcome: ReplayOutcome) -> bool:
        """Whether the position a replay reached lies in the unfinished deal."""
        return outcome.deal == self.deal and not outcome.state.is_over

    def counted(self, state: DealState) -> set[int]:
        """The match sides whose card points may be told of the unfinished deal (``state``: a
        position in it): those its seat may count by the rule every screen a person plays at
        follows (:func:`~interpreter.play.seatfacts.points_shown`) -- none where the rules make
        the seat keep count in its head, its own side's with ``info.review_own_tricks: all``
        -- and none with several people at the screen (what all of them may see).  One rule
        for every command that shows the deal: ``rules replay``'s report and log, ``rules
        analyse``'s position of a decision."""
        return points_shown(make_view(state, self.seat)) if self.seat is not None else set()

    def told_points(self, state: DealState, points: Sequence[int | None]) -> list[int | None]:
        """Each side's card points of a position in the unfinished deal (``points``, per match
        side) as they may be told (:meth:`counted`): ``None`` for a side the seat must count
        in its head -- the key kept, so that a program reads every report alike."""
        counted = self.counted(state)
        return [p if side in counted else None for side, p in enumerate(points)]


def secret_of(record: Record, end: ReplayOutcome | None = None) -> Secret | None:
    """The deal a replay of ``record`` must not show whole, or ``None``: a record whose
    ``players`` name a human seat and whose last deal does not end with its moves (``end``:
    the whole record's replay, where the caller has it already)."""
    players = record.meta.get("players")
    if not isinstance(players, list) or not any(map(is_human, players)):
        return None
    if end is None:
        end = replay(record)
    if end.state.is_over:
        return None
    humans = [seat for seat, kind in enumerate(players) if is_human(kind)]
    return Secret(len(record.deals) - 1, humans[0] if len(humans) == 1 else None)


def hidden_report(outcome: ReplayOutcome, secret: Secret) -> dict[str, Any]:
    """The report of ``rules replay --json`` (the keys of
    :func:`~interpreter.play.record.replay_report`, in its order) as ``secret.seat`` sees the
    position: its own hand and what the table shows; other hands, the stock and the widow are
    ``null``, the position string too, and so is each side's ``card_points`` where the rules
    make the seat keep count itself (:meth:`Secret.told_points`); ``legal`` lists the seat's own choices only when it is
    to act.  A last key, ``hidden``, says whose eyes these are."""
    state = outcome.state
    seat = secret.seat
    # with several people at the screen, the eyes of one who did not take a widow (whose points
    # only its taker knows)
    view = make_view(state, seat if seat is not None else next(s for s in range(state.n) if s != state.widow_taker))
    mine = seat is not None
    laid: dict[str, Any] = {}
    if state.t.lays_away:
        laid["laid_away"] = [str(c) for c in view.widow] if mine and view.widow_mask and state.widow_taker == seat else None
    return {
        "status": "illegal" if outcome.illegal else "in_progress",
        "illegal": outcome.illegal,
        "to_act": state.to_act,
        "legal": own_legal(state, seat) if mine and seat is not None else [],
        "card_points": secret.told_points(state, view.card_points),
        "tricks_won": list(view.tricks_won),
        "winner": None,
        "game_points": None,
        "match_scores": outcome.match_scores,
        "match_winner": outcome.match_winner,
        "winners": [],
        "dealer": state.dealer,
        "leader": view.leader,
        "hands": [[str(c) for c in view.hand] if mine and s == seat else None for s in range(state.n)],
        "trump": view.trump,
        "turn_up": None if view.turn_up is None else str(view.turn_up),
        "stock": None,
        "widow": None,
        "trick": [{"seat": s, "card": str(card)} for s, card in view.trick],
        "closed": view.closed,
        "closer": view.closer,
        "position": None,
        **laid,
        "hidden": {
            "seen_by": seat,
            "why": (
                "the deal is unfinished and the record has a human seat: only what "
                + (f"seat {seat}" if mine else "every player") + " may see is shown (--reveal shows every hand)"
            ),
        },
    }


def own_legal(state: DealState, seat: int) -> list[str]:
    """The choices open to ``seat`` now, as the record format writes them, and nothing that
    shows a card it has not seen.  The full list (:func:`~interpreter.play.record.legal_texts`)
    takes the draw first and lists the cards after it -- the card the seat would draw among
    them -- and names another seat's ``declare``: while the draw is pending, the seat's own
    choices before it (``close before-draw``, ``declare``); else the actions of the seat to
    act if it is this seat, and ``declare`` only for the seat entitled to it."""
    codes = state.legal_codes()
    action_of = state.rs.action_of
    if CONTINUE in codes and state.draw_pending:
        before = [c for c in codes if c != CONTINUE and (c != DECLARE or state.claim_seat == seat)]
        return [str(action_of[c]) for c in before] if state.to_act == seat else []
    declare = str(action_of[DECLARE])
    texts = [t for t in legal_texts(state) if t != declare] if state.to_act == seat else []
    if DECLARE in codes and state.claim_seat == seat:
        texts.append(declare)
    return texts
