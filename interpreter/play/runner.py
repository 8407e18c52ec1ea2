"""Play whole matches with agents, reporting what happens to an observer.

The runner is the loop between a :class:`~interpreter.engine.match.Match` and its agents: it asks
the seat that must decide (giving it only its own view), applies the choice, and tells an
observer about each event, from which the CLI prints its log and writes the record.  The
moves of every deal are kept in record notation as they are made, so an interrupted match
still has its record.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from interpreter.core.actions import Action, Continue
from interpreter.play.bots.base import Agent
from interpreter.core.cards import Card
from interpreter.engine.match import Match
from interpreter.rules.ruleset import Ruleset
from interpreter.engine.state import DealResult, DealState


@dataclass(frozen=True)
class DealStarted:
    number: int
    state: DealState


@dataclass(frozen=True)
class ActionTaken:
    seat: int
    action: Action
    state: DealState  # after the action
    turn_up_before: Card | None = None  # the turn-up just before the action (for exchanges)


@dataclass(frozen=True)
class TrickDone:
    cards: tuple[tuple[int, Card], ...]
    winner: int
    points: int
    state: DealState


@dataclass(frozen=True)
class DealEnded:
    number: int
    result: DealResult
    state: DealState
    match: Match


Event = DealStarted | ActionTaken | TrickDone | DealEnded


@dataclass
class MatchLog:
    """What a match leaves behind: (dealer, seed, moves) per deal, for the record."""

    deals: list[tuple[int, int, list[str]]] = field(default_factory=list)


def play_match(
    rs: Ruleset,
    agents: Sequence[Agent],
    *,
    seed: int,
    max_deals: int | None = None,
    observer: Callable[[Event], None] | None = None,
    log: MatchLog | None = None,
) -> Match:
    """Play until the match is won (or ``max_deals`` deals); returns the match."""
    if len(agents) != rs.players.count:
        raise ValueError(f"{rs.players.count} agents needed, got {len(agents)}")
    match = Match(rs, seed)
    log = log if log is not None else MatchLog()
    number = 0
    while not match.is_over and (max_deals is None or number < max_deals):
        number += 1
        state = match.next_deal()
        moves: list[str] = []
        log.deals.append((state.dealer, match.deal_seeds[-1], moves))
        if observer:
            observer(DealStarted(number, state))
        play_deal(state, agents, observer, moves)
        match.finish_deal()
        if observer:
            observer(DealEnded(number, match.results[-1], state, match))
    return match


def play_deal(
    state: DealState,
    agents: Sequence[Agent],
    observer: Callable[[Event], None] | None = None,
    moves: list[str] | None = None,
) -> None:
    """Play one deal to its end; ``moves`` receives each recorded move as it is made."""
    deck = state.rs.deck
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        legal = state.legal_actions()
        action = agents[seat].choose(state.view(seat), legal)
        state.check(action)
        before = state.tricks_played
        pending = state.trick_with_seats()
        turn_up = state.turn_up_card()
        state.apply(action)
        if moves is not None and not isinstance(action, Continue):
            moves.append(str(action))
        if observer:
            if not isinstance(action, Continue):
                observer(ActionTaken(seat, action, state, turn_up))
            if state.tricks_played > before:
                card = getattr(action, "card")
                cards = tuple(pending + [(seat, card)])
                points = sum(deck.points[deck.index(c)] for _, c in cards)
                observer(TrickDone(cards, state.last_winner, points, state))
