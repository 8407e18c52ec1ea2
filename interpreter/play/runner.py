"""Play whole matches with agents, reporting what happens to an observer.

The runner is the loop between a :class:`~interpreter.engine.match.Match` and its agents: it asks
the seat that must decide (giving it only its own view), applies the choice, and tells an
observer about each event, from which the CLI prints its log.  Every loop that asks a bot --
:func:`play_deal` (``play_match``, ``rules arena``), the table of ``rules play``, ``rules
simulate`` -- asks through :func:`ask_agent`, so that a bot that fails is said alike
everywhere: a :class:`~interpreter.core.errors.BotError` naming the seat, the bot and the deal.

The moves of every deal go to a log in record notation as they are made, so an interrupted
match still has its record: a :class:`MatchLog` keeps them in memory, a record file
(:class:`~interpreter.play.recordfile.RecordWriter`) on disk, deal by deal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from interpreter.core.actions import Action, Continue
from interpreter.core.arguments import check_seed, shown_value, with_article
from interpreter.core.errors import BotError, IllegalActionError, RulesError
from interpreter.play.bots.base import Agent
from interpreter.play.bots.authors import where
from interpreter.core.cards import Card
from interpreter.engine.match import Match
from interpreter.rules.loader import as_ruleset
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
    doubling: bool = False  # a call of the doubling round (bidding.doubling): double, redouble or pass


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


class DealLog(Protocol):
    """Where :func:`play_match` puts the moves of each deal, in record notation, as they are made."""

    def begin_deal(self, dealer: int, seed: int) -> list[str]:
        """A deal starts: the list its moves are appended to while it is played."""
        ...

    def end_deal(self) -> None:
        """The deal begun last is over (and its result counted)."""
        ...


@dataclass
class MatchLog:
    """What a match leaves behind, kept in memory: (dealer, seed, moves) per deal, for the record."""

    deals: list[tuple[int, int, list[str]]] = field(default_factory=list)

    def begin_deal(self, dealer: int, seed: int) -> list[str]:
        moves: list[str] = []
        self.deals.append((dealer, seed, moves))
        return moves

    def end_deal(self) -> None:
        """Nothing to do: the deal's moves are in :attr:`deals` already."""


def play_match(
    rs: Ruleset | str | Path,
    agents: Sequence[Agent],
    *,
    seed: int,
    max_deals: int | None = None,
    observer: Callable[[Event], None] | None = None,
    log: DealLog | None = None,
    keep_history: bool = True,
) -> Match:
    """Play until the match is won (or ``max_deals`` deals); returns the match.

    The log (if any) hears of a finished deal before the observer does.  Without
    ``keep_history`` the match keeps only the last deal's result and seed
    (``match.results``, ``match.deal_seeds``), so that memory stays bounded however many
    deals are played.

    ``rs`` is a :class:`Ruleset` or a name or path; ``seed`` an int.  What cannot play is
    refused before the first deal: a wrong number of agents or a ``max_deals`` below 0
    (``ValueError``), an agent without a ``choose`` method (:class:`BotError`).  A bot that
    fails in play is a :class:`BotError` too (see :func:`ask_agent`).
    """
    rs = as_ruleset(rs)
    check_seed(seed)
    if isinstance(agents, (str, bytes)):
        raise ValueError(f"agents: {shown_value(agents)} is text (expected {rs.players.count} agents, one per seat)")
    if not isinstance(agents, Sequence):
        raise TypeError(
            f"agents: {shown_value(agents)} is {with_article(type(agents).__name__)}, not a list of agents "
            f"(expected {rs.players.count} agents, one per seat, such as [RandomBot(rs, seed=1), GreedyBot(rs, seed=2)])"
        )
    if len(agents) != rs.players.count:
        raise ValueError(f"{rs.players.count} agents needed, one per seat, got {len(agents)}")
    if max_deals is not None and (isinstance(max_deals, bool) or not isinstance(max_deals, int) or max_deals < 0):
        raise ValueError(f"max_deals: {max_deals!r}: expected a whole number of deals, 0 or more (or None: to the end of the match)")
    names = [agent_label(agent) for agent in agents]
    for seat, agent in enumerate(agents):
        missing = not_an_agent(agent)
        if missing is not None:
            raise BotError(missing, seat=seat, bot=names[seat])
    check_agents_ruleset(agents, rs)
    match = Match(rs, seed)
    number = 0
    while not match.is_over and (max_deals is None or number < max_deals):
        number += 1
        state = match.next_deal()
        moves = log.begin_deal(state.dealer, match.deal_seeds[-1]) if log is not None else None
        if observer:
            observer(DealStarted(number, state))
        play_deal(state, agents, observer, moves, names=names, deal=number)
        match.finish_deal()
        if log is not None:
            log.end_deal()
        if observer:
            observer(DealEnded(number, match.results[-1], state, match))
        if not keep_history:
            del match.results[:-1], match.deal_seeds[:-1]
    return match


def play_deal(
    state: DealState,
    agents: Sequence[Agent],
    observer: Callable[[Event], None] | None = None,
    moves: list[str] | None = None,
    *,
    names: Sequence[str] | None = None,
    deal: int | None = None,
) -> None:
    """Play one deal to its end; ``moves`` receives each recorded move as it is made.  A bot
    that fails is a :class:`BotError` naming it by ``names[seat]`` (default: its
    :func:`agent_label`) and the deal by its number ``deal``, where the caller knows them; a
    bot built for another ruleset is refused before the first move
    (:func:`check_agents_ruleset`)."""
    check_agents_ruleset(agents, state.rs)
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        agent = agents[seat]
        action = ask_agent(agent, state, seat, name=names[seat] if names is not None else None, deal=deal)
        take_action(state, seat, action, observer, moves)


def same_rules(a: Ruleset, b: Ruleset) -> bool:
    """Whether two rulesets are the same rules: the same object, or two loads of one file (or
    of two files that read the same), which give equal merged data -- a bot of one plays the
    other's deals as its own (the actions and their codes are made from that data)."""
    return a is b or a.data == b.data


def ruleset_label(rs: Ruleset, with_file: bool) -> str:
    """A ruleset as an error names it: its name, and (``with_file``: to tell two rulesets of
    one name apart) the file it was read from."""
    where = rs.shown or (str(rs.source) if rs.source is not None else None)
    return f"'{rs.name}'" + (f" ({where})" if with_file and where else "")


def check_agents_ruleset(agents: Sequence[object], rs: Ruleset) -> None:
    """Refuse, with a ``ValueError`` naming the seat and both rulesets, an agent that says it
    was built for other rules than ``rs``'s (the bundled bots keep theirs as ``.rs``): it
    would choose from another deck's codes -- an illegal move, or worse a legal one it never
    meant.  An agent that exposes no ruleset (any object with ``choose``) is taken as it is."""
    for seat, agent in enumerate(agents):
        theirs = getattr(agent, "rs", None)
        if isinstance(theirs, Ruleset) and not same_rules(theirs, rs):
            files = theirs.name == rs.name
            raise ValueError(
                f"agents[{seat}]: the bot for seat {seat} ({agent_label(agent)}) was built for the ruleset "
                f"{ruleset_label(theirs, files)}, but the deal is of {ruleset_label(rs, files)} (expected a bot made with the deal's ruleset)"
            )


def agent_label(agent: object) -> str:
    """How a bot is named in its errors: its ``name`` if it has one (a policy seat's kind as
    written, ``policy:my.py:act``), else its class's name (``GreedyBot``, ``MyBot``)."""
    name = getattr(agent, "name", None)
    return name if isinstance(name, str) else type(agent).__name__


def not_an_agent(agent: object) -> str | None:
    """What is wrong with an agent that cannot be asked (no ``choose`` method), or ``None``:
    the reason of the :class:`BotError` that refuses it."""
    if callable(getattr(agent, "choose", None)):
        return None
    what = "None" if agent is None else with_article(type(agent).__name__)
    return f"the bot is {what}, with no choose(view, legal) method (expected an object whose choose(view, legal) returns one of the legal actions)"


def ask_agent(agent: Agent, state: DealState, seat: int, *, name: str | None = None, deal: int | None = None) -> Action:
    """Ask ``agent`` for ``seat``'s decision, from the seat's view and the legal actions, and
    check the answer before anything is played: the one place a bot is asked.

    A bot is code from outside the project, so whatever goes wrong in it is said as a
    :class:`BotError` naming the seat, the bot (``name``, default :func:`agent_label`) and the
    ``deal`` -- it has no ``choose`` method, it raised (with the line of its own code where),
    it returned something that is not an action (``None``, the text ``"play TC"``, an int
    code), an object of its own class derived from an action (which could claim to equal
    anything), or an action that is not legal now (an action this ruleset does not have
    included) -- each with the legal actions it could have chosen.  The action returned is
    the legal list's own object, equal to the bot's.  A :class:`BotError`
    raised inside (a policy seat's own) gets the deal filled in; a :class:`RulesError`
    located in a rule file (a scoring formula failing in a deal your own bot imagines: the
    project's search bots value such an ending as the worst instead) goes on as it
    is, said where it is; so do ``KeyboardInterrupt`` and the other exceptions that are not
    ``Exception`` (a stop, a person at the table who quits).  There is no time limit: a bot that thinks for ever is stopped
    by Ctrl-C, as any command is.
    """
    legal = state.legal_actions()
    choose = getattr(agent, "choose", None)
    who = name if name is not None else agent_label(agent)
    if not callable(choose):
        raise BotError(not_an_agent(agent) or "", seat=seat, bot=who, deal=deal)
    try:
        action: object = choose(state.view(seat), list(legal))  # a copy: the check below reads the engine's own list
    except BotError as exc:
        raise exc.placed(seat=seat, bot=who, deal=deal)
    except RulesError as exc:
        if exc.file is not None:  # located in a rule file (a formula failing in the bot's search): said there
            raise
        raise BotError(f"the bot raised {type(exc).__name__}{where(exc)}: {exc}", seat=seat, bot=who, deal=deal) from exc
    except Exception as exc:
        raise BotError(f"the bot raised {type(exc).__name__}{where(exc)}: {exc}", seat=seat, bot=who, deal=deal) from exc
    if isinstance(action, Action):  # the usual case, at the cost of a few comparisons
        for own in legal:
            # Of the engine's own class and equal to it, compared by the engine's __eq__: a bot's
            # look-alike (a subclass whose __eq__ says yes to anything) is not let through, and
            # what is played is the engine's own object, never one of the bot's.
            if type(own) is type(action) and own == action:
                return own
    options = ", ".join(str(a) for a in legal)
    if not isinstance(action, Action):
        raise BotError(
            f"the bot returned {shown_value(action)} ({type(action).__name__}), not an action (expected one of: {options})",
            seat=seat, bot=who, deal=deal,
        )
    if type(action).__module__ != Action.__module__:  # a class of the bot's own, derived from an action
        kind = next(c.__name__ for c in type(action).__mro__ if c.__module__ == Action.__module__)
        raise BotError(
            f"the bot returned {with_article(type(action).__name__)}, a subclass of {kind}, not one of the engine's actions "
            f"(expected one of: {options})",
            seat=seat, bot=who, deal=deal,
        )
    try:
        state.check(action)
        why = "it is not legal now"  # pragma: no cover - an action equal to none of the legal list but legal
    except IllegalActionError as exc:
        why = exc.message
    raise BotError(f"the bot chose {action}, which is not legal now: {why} (expected one of: {options})", seat=seat, bot=who, deal=deal)


def take_action(
    state: DealState,
    seat: int,
    action: Action,
    observer: Callable[[Event], None] | None = None,
    moves: list[str] | None = None,
) -> None:
    """Apply one decision of ``seat`` (checked first: an illegal one raises and changes
    nothing), record it, and tell the observer what happened.  Every place that plays a
    deal step by step -- :func:`play_deal`, the table of ``rules play`` -- goes through here,
    so they log, record and report alike."""
    state.check(action)
    before = state.tricks_played
    pending = state.trick_with_seats()
    turn_up = state.turn_up_card()
    doubling = state.dbl_turn >= 0
    state.apply(action)
    if moves is not None and not isinstance(action, Continue):
        moves.append(str(action))
    if observer:
        if not isinstance(action, Continue):
            observer(ActionTaken(seat, action, state, turn_up, doubling))
        if state.tricks_played > before:
            deck = state.rs.deck
            card = getattr(action, "card")
            cards = tuple(pending + [(seat, card)])
            points = sum(deck.points[deck.index(c)] for _, c in cards)
            observer(TrickDone(cards, state.last_winner, points, state))
