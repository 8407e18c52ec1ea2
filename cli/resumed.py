"""``rules run --resume RECORD``: a match with a person at the table, stopped, taken up again line by line.

A line-mode match that stopped (end of input, ``quit``, Ctrl-C, a signal, ``--deals``) left its
record behind; ``rules play --resume`` goes on with it at the full-screen table, and this goes
on with it in the line mode it was played in -- for a terminal that cannot show the table, a
screen reader, or a pipe.  The record is taken up by the one resume machinery,
:func:`interpreter.play.session.resume` (the same checks, the same fresh seed for the deals to
come, the record going on in its own file after every move); this module only checks the
command line against the record and plays the :class:`~interpreter.play.session.TableSession`
it returns with the agents of ``rules run``, as :func:`~interpreter.play.runner.play_deal`
plays a deal.  The log, the seat's screen, the stops and the record's last words are
``rules run``'s own (:mod:`cli.run`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from cli.errors import fail, ruleset_or_exit, session_or_exit, usage_error
from interpreter.core.errors import RulesError
from interpreter.core.paths import resolved
from interpreter.engine.match import Match
from interpreter.play.bots import Agent
from interpreter.play.runner import DealStarted, Event, ask_agent
from interpreter.play.session import TableSession
from interpreter.rules.ruleset import Ruleset


def resumed_session(
    path: Path, ruleset: str | None, players: str | None, allow_outside: bool,
    seat_kinds: Callable[[str | None, Ruleset], list[str]],
) -> TableSession:
    """The match of ``path`` to go on with, or one message and exit 2: a record that cannot
    be resumed (as ``rules play --resume`` says it), a ``RULESET`` that is not the record's,
    ``--players`` (read by ``seat_kinds``, as for a new match) that would move a person."""
    from interpreter.play.record import load_record

    try:  # the record's ruleset first: --players is read against it
        rs = load_record(path, allow_outside=allow_outside).ruleset
    except RulesError as exc:
        raise fail(exc) from None
    except OSError as exc:
        raise usage_error(f"--resume: cannot read {path}: {exc.strerror or exc}") from None
    if ruleset is not None and not same_ruleset(ruleset_or_exit(ruleset, allow_outside=allow_outside), rs):
        raise usage_error(f"{ruleset}: not the ruleset of {path} ({rs.name}); leave RULESET out: --resume plays the record's own")
    kinds = seat_kinds(players, rs) if players is not None else None
    return session_or_exit(path, False, allow_outside, None, kinds=kinds, trust_option="--players")  # rules run has no --opponent


def same_ruleset(given: Ruleset, recorded: Ruleset) -> bool:
    """Whether the ruleset named on the command line is the one the record plays: the same
    file (a bundled name is its file), or for rulesets without one the same name."""
    if given.source is not None and recorded.source is not None:
        return resolved(given.source) == resolved(recorded.source)
    return given.source is None and recorded.source is None and given.name == recorded.name


def play_session(
    session: TableSession, agents: Sequence[Agent], observe: Callable[[Event], None], max_deals: int,
) -> Match:
    """Play the match of ``session`` on, asking ``agents`` (one a seat, people and bots) as
    ``rules run`` asks them, until somebody has won it or ``max_deals`` deals have ended in this
    run (the deal taken up counts).  The deal in play is announced to ``observe`` first as
    a deal that starts (the seat's screen, the referee and the log learn of it as of any
    deal); every move after is the session's, on disk before the next."""
    session.observer = observe
    if session.state is not None and not session.deal_over:
        observe(DealStarted(session.number, session.state))
    ended = 0
    while not session.match_over:
        if session.state is None or session.deal_over:
            if ended >= max_deals:
                break
            session.start_deal()
        seat = session.actor()
        assert seat is not None and session.state is not None
        session.take(seat, ask_agent(agents[seat], session.state, seat, name=session.kinds[seat], deal=session.number))
        if session.deal_over:
            ended += 1
    return session.match
