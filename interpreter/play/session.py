"""A match played one decision at a time: the model behind a table where people sit among bots.

:func:`~interpreter.play.runner.play_match` owns its loop and asks each agent in turn, which
suits bots and the line-mode human seat.  A full-screen table is driven the other way round:
the screen waits for a key, then tells the match what was chosen.  :class:`TableSession` is
that match: it deals, lets the bots move one decision at a time (so a screen can show each
card as it lands), takes the person's choice, keeps the record on disk after every move, and
in practice mode takes moves back.  Every move goes through
:func:`~interpreter.play.runner.take_action`, as in ``rules run``, so the two log, record and
report alike.

A session hands the screen only :meth:`view` (the person's seat) and public events; the deal
state stays inside, and :meth:`summary_hands` gives the hands only once the deal is over.  For
the same reason the match seed, from which every deal to come follows, stays out of the record
until somebody has won the match, and a match taken up again from its record (:func:`resume`)
deals the rest from a fresh seed.
"""

from __future__ import annotations

import random
import secrets
import shlex
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from interpreter.core.actions import Action, parse_action
from interpreter.core.cards import CardSet
from interpreter.core.errors import IllegalActionError, RulesError
from interpreter.core.seeds import bot_seed
from interpreter.engine.match import DEAL_SEED_BITS, Match
from interpreter.engine.settle import DealResult
from interpreter.engine.state import DealState
from interpreter.engine.views import SeatView
from interpreter.play.bots import Agent, make_agent
from interpreter.play.record import MatchResult, apply_recorded, illegal_move_error, load_record, replay, take_implicit_steps
from interpreter.play.recordfile import RecordWriter, why_not_writable
from interpreter.play.runner import DealEnded, DealStarted, Event, ask_agent, take_action
from interpreter.play.seatkinds import HUMAN as HUMAN  # the seat kind of a person, where the table code has long found it
from interpreter.play.seatkinds import canonical_kind, is_human, is_policy
from interpreter.rules.loader import as_ruleset
from interpreter.rules.ruleset import Ruleset


class ResumeError(RulesError):
    """A record that cannot be resumed (finished, or not a match record of this program)."""


@dataclass
class TableSession:
    """A match between people (seat kind ``human``) and bots, advanced decision by decision.

    ``observer`` hears every event (deal started, action, trick, deal ended) as
    :func:`~interpreter.play.runner.play_match` reports them; the events carry the deal
    state, so a screen must take from them only what is public (the cards played, the
    match score) and read everything else from :meth:`view`.

    ``seed_named`` says whether the record may name ``seed`` as the match seed once the match
    is won: true when every deal follows from it as a record's match seed gives its deals,
    false for a match taken up again with a fresh seed (:func:`resume`), whose earlier deals
    came from another, and for one dealt with ``deal_seed_bits`` wider than a record's (the
    card room's, :data:`~interpreter.engine.match.WIDE_DEAL_SEED_BITS`).
    """

    rs: Ruleset
    seed: int
    kinds: list[str]
    record_path: Path | None = None
    practice: bool = False
    observer: Callable[[Event], None] | None = None
    deal_seed_bits: int = DEAL_SEED_BITS
    match: Match = field(init=False)
    state: DealState | None = field(init=False, default=None)
    number: int = field(init=False, default=0)
    agents: list[Agent | None] = field(init=False)
    record: RecordWriter | None = field(init=False, default=None)
    moves: list[str] = field(init=False, default_factory=list)
    steps: list[tuple[int, Action]] = field(init=False, default_factory=list)  # this deal's decisions, Continue included
    hands: list[CardSet] = field(init=False, default_factory=list)  # each seat's hand as dealt
    seed_named: bool = field(init=False, default=True)
    dealt: DealState | None = field(init=False, default=None)  # the deal in play as dealt (replay_deal tells it again)

    def __post_init__(self) -> None:
        self.rs = as_ruleset(self.rs)  # a name will do, as everywhere a ruleset goes
        if len(self.kinds) != self.rs.players.count:
            raise ValueError(f"{self.rs.players.count} seat kinds needed, got {len(self.kinds)}")
        self.match = Match(self.rs, self.seed, deal_seed_bits=self.deal_seed_bits)
        self.seed_named = self.deal_seed_bits == DEAL_SEED_BITS
        self.agents = [None if k == HUMAN else make_agent(k, self.rs, bot_seed(self.seed, s)) for s, k in enumerate(self.kinds)]
        if self.record_path is not None:
            self.record = RecordWriter(self.rs, seed=self.seed, players=self.kinds, path=self.record_path, hide_seed=HUMAN in self.kinds)

    # ----------------------------------------------------------------- what the screen asks
    @property
    def humans(self) -> list[int]:
        return [s for s, k in enumerate(self.kinds) if k == HUMAN]

    @property
    def deal_over(self) -> bool:
        return self.state is not None and self.state.is_over

    @property
    def match_over(self) -> bool:
        return self.match.is_over

    def actor(self) -> int | None:
        """The seat that must decide now (``None`` between deals)."""
        return None if self.state is None or self.state.is_over else self.state.actor

    def human_to_act(self) -> int | None:
        """The person's seat if a person must decide now."""
        seat = self.actor()
        return seat if seat is not None and self.agents[seat] is None else None

    def _in_play(self, call: str) -> DealState:
        """The deal in play (or just over), for ``call``; before the first ``start_deal()`` a
        ``ValueError`` naming the call and what to do, as :meth:`act` says it -- not an
        ``assert``, which ``python -O`` drops, leaving an ``AttributeError`` on ``None``."""
        if self.state is None:
            raise ValueError(f"{call}: no deal in play: call start_deal() first")
        return self.state

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see of the deal in play."""
        return self._in_play("view(seat)").view(seat)

    def legal(self) -> list[Action]:
        """The legal actions of the seat to act (empty once the deal is over)."""
        return self._in_play("legal()").legal_actions()

    def explain(self, action: Action) -> str | None:
        """Why ``action`` is illegal now (message and rule), or ``None`` if it is legal."""
        state = self._in_play("explain(action)")
        try:
            state.check(action)
        except IllegalActionError as exc:
            return f"{exc.message} [{exc.rule}]"
        return None

    def summary_hands(self) -> list[CardSet]:
        """Every seat's hand as dealt, for the summary -- only once the deal is over (a
        ``ValueError`` before: a call out of turn, as the API refuses one everywhere)."""
        if not self._in_play("summary_hands()").is_over:
            raise ValueError("summary_hands(): the deal is not over: the hands are shown only when it is")
        return list(self.hands)

    def points_at_end(self) -> list[int]:
        """Every seat's card points as the deal counted them, cards laid away face down (or a
        widow only its taker saw) included -- only once the deal is over, as the summary's
        hands are: during the deal the others may not count them."""
        state = self._in_play("points_at_end()")
        if not state.is_over:
            raise ValueError("points_at_end(): the deal is not over: the points laid away are told only when it is")
        return [state.view(seat).seat_points[seat] for seat in range(state.n)]

    def result(self) -> DealResult | None:
        return self.match.results[-1] if self.deal_over and self.match.results else None

    # ----------------------------------------------------------------- moving the match on
    def start_deal(self) -> None:
        """Deal the next deal: a ``ValueError`` once the match is over or while a deal is in
        play (not an ``assert``: ``python -O`` would deal over the deal in play)."""
        if self.match.is_over:
            raise ValueError("start_deal(): the match is over (a new match is a new TableSession)")
        if self.state is not None and not self.state.is_over:
            raise ValueError("start_deal(): the deal in play is not over (finish it with act() and bot_step() first)")
        self._begin(self.match.next_deal())

    def _begin(self, state: DealState) -> None:
        self.state = state
        self.dealt = state.copy()
        self.number += 1
        self.steps = []
        self.hands = [state.hand(s) for s in range(state.n)]
        self.moves = self.record.begin_deal(state.dealer, self.match.deal_seeds[-1]) if self.record else []
        self._tell(DealStarted(self.number, state))

    def bot_step(self) -> bool:
        """Let the bot whose turn it is make one decision; ``False`` if no bot is to act."""
        seat = self.actor()
        if seat is None:
            return False
        agent = self.agents[seat]
        if agent is None:
            return False
        assert self.state is not None
        self._take(seat, ask_agent(agent, self.state, seat, name=self.kinds[seat], deal=self.number))
        return True

    def act(self, action: Action) -> None:
        """The person to act chooses ``action``; an illegal one raises
        :class:`~interpreter.core.errors.IllegalActionError` and changes nothing."""
        seat = self.human_to_act()
        if seat is None:  # a ValueError, not an assert: -O would drop it and fail further in
            raise ValueError(
                "act(): no person is to act now"
                + (" (no deal in play: call start_deal() first)" if self.state is None
                   else " (the deal is over: call start_deal() for the next)" if self.state.is_over
                   else f" (seat {self.actor()} is a bot: let it move with bot_step())")
            )
        self._take(seat, action)

    def take(self, seat: int, action: Action) -> None:
        """Apply a decision already made by ``seat`` -- a person's or a bot's, as a saved
        table replays its log after a restart -- without asking its agent.  ``seat`` must be
        the seat to act; an illegal action raises and changes nothing."""
        if seat != self.actor():
            raise ValueError(f"seat {seat} is not to act (seat {self.actor()} is)")
        self._take(seat, action)

    def _take(self, seat: int, action: Action) -> None:
        assert self.state is not None
        take_action(self.state, seat, action, self._tell, self.moves)
        self.steps.append((seat, action))
        if self.state.is_over:
            self.match.finish_deal()
            if self.record:
                self.record.end_deal()
            self._tell(DealEnded(self.number, self.match.results[-1], self.state, self.match))
        elif self.record:
            self.record.checkpoint()  # every move is on disk before the next: a closed window loses none

    def replay_deal(self, observer: Callable[[Event], None]) -> None:
        """Tell ``observer`` the events of the deal in play so far, in order, as they were told
        when its moves were made (:attr:`moves`, played again on a copy of the deal as dealt):
        a screen that takes a match up again from its record rebuilds what its player saw.
        Each event carries the replayed state at its moment, as a live event carries the state
        of the deal, so a screen reads from it only what its seat could see then."""
        if self.dealt is None or self.state is None:
            return
        state = self.dealt.copy()
        for text in self.moves:
            action = parse_action(text)
            take_implicit_steps(state, action)  # a record leaves out the draw and declining to go out
            seat = state.actor
            assert seat is not None, "a recorded move after the end of the deal"
            take_action(state, seat, action, observer)

    def _tell(self, event: Event) -> None:
        if self.observer is not None:
            self.observer(event)

    # ----------------------------------------------------------------- practice mode
    def can_undo(self) -> bool:
        """In practice mode, whether a person's decision of this deal can be taken back."""
        return self.practice and not self.deal_over and any(self.agents[s] is None for s, _ in self.steps)

    def undo(self) -> bool:
        """Take back the person's last decision of this deal and every bot move after it."""
        if not self.can_undo():
            return False
        assert self.state is not None
        while self.steps:
            seat, action = self.steps.pop()
            self.state.pop()
            if str(action) != "continue" and self.moves:
                self.moves.pop()
            if self.agents[seat] is None:
                break
        if self.record:
            self.record.checkpoint()
        return True

    def hint(self, seat: int, iterations: int | None = None) -> Action:
        """What the search bot would play in the person's place (from their view only), at the
        ``normal`` level's budget unless ``iterations`` says otherwise.  Only for the seat to
        act (a ``ValueError`` otherwise): a hint is a move, and only that seat has moves."""
        from interpreter.play.bots.search_bot import LEVELS, SearchBot, check_budget

        check_budget(iterations, None)  # as search:iters=N is checked: a whole number from 1
        if iterations is None:
            iterations = LEVELS["normal"]
        state = self._in_play("hint(seat)")
        if seat != state.actor:  # the actor's legal actions are the only ones there are
            raise ValueError(f"seat {seat} is not to act: a hint is for the seat to act ({state.actor})")
        bot = SearchBot(self.rs, random.Random(self.seed).getrandbits(32) ^ len(self.steps), iterations=iterations)
        return bot.choose(state.view(seat), state.legal_actions())

    # ----------------------------------------------------------------- stopping and resuming
    def save(self) -> Path | None:
        """Complete the record (the deal in play included; the seed and the result once the
        match is won) and close it."""
        if self.record is None:
            return None
        over = self.match.is_over
        path = self.record.save(MatchResult(self.match.winner, list(self.match.scores), self.number) if over else None)
        self.record = None
        return path


def new_seed() -> int:
    return secrets.randbits(63)


#: The option by which the person names the seat kinds they trust: ``rules play --opponent``,
#: ``rules run --players``.
TrustOption = Literal["--opponent", "--players"]


def _asking_for(option: TrustOption, kind: str, players: Sequence[object]) -> str:
    """The option and value that would seat the trained policy ``kind``, quoted for a shell:
    ``--opponent KIND``, or ``--players KINDS`` with every seat's kind (the record's ``players``)."""
    if option == "--players":
        return f"--players {shlex.quote(','.join(canonical_kind(str(p)) for p in players))}"
    return f"--opponent {shlex.quote(canonical_kind(kind))}"


def resume(
    path: Path, *, observer: Callable[[Event], None] | None = None, practice: bool = False, allow_outside: bool = False,
    write: bool = True, trusted: Collection[str] = (), seed: int | None = None, kinds: Sequence[str] | None = None,
    trust_option: TrustOption = "--opponent",
) -> TableSession:
    """Go on with a match from its record: the finished deals are counted, the deal in play
    is replayed to where it stopped, and the record goes on in the same file.

    The deals still to come are dealt from ``seed``, or from a fresh random seed without one,
    and never from a ``seed:`` header the record may have (one written by an earlier version,
    which saved it when a match stopped, or put there by hand): the record is the person's
    own file, so its seed would tell them every deal to come -- or let them choose those deals.
    Each deal already dealt keeps its own seed, so the record still replays as it was
    played.  Given the match's own seed, the match deals what it would have dealt without the
    stop (the bots' own generators, which break their exact ties, start afresh, so their moves
    may differ), and its record names that seed once the match is won; from any other seed the
    record names none (:attr:`TableSession.seed_named`).
    Raises :class:`ResumeError` (or the record's own error, located) when it cannot.
    ``write=False`` only reads: the session has no record and the file is not touched.

    A ``policy:`` seat names Python code that seating it imports and runs; a record is a file
    anybody may have written (or left in the folder the start screen looks in), so such a seat
    is seated only when its kind is among ``trusted`` -- what the person asked for themselves
    (``rules play --opponent``) -- and refused otherwise, before anything is imported.  The
    refusal says how to ask for it with ``trust_option``, the option of the command in use:
    ``--opponent KIND`` (``rules play``) or ``--players KINDS``, every seat's kind
    (``rules run``, which has no ``--opponent``).

    ``kinds`` seats other kinds than the record's (``rules run --resume --players``), one per
    seat, the record going on with them in its ``players`` header: a bot for another bot, never
    a person for a bot or a bot for a person -- a person who took over a bot's seat mid-deal
    would see its hand, and the deal in play is secret only from the record's human seats.
    """
    rec = load_record(path, allow_outside=allow_outside)
    rs = rec.ruleset
    players = rec.meta.get("players")
    if not isinstance(players, list) or len(players) != rs.players.count or not any(map(is_human, players)):
        # load_record has checked a players header that is there (a list, one entry a seat):
        # what is left is a header that is missing, or names no person -- said where it is
        why, where = ("no seat is human", ("players",)) if players is not None else ("it has no 'players' header", ())
        message = f"not the record of a match with a person at the table: {why}"
        expected = "a record written by rules play or rules run with a human seat"
        if rec.doc is None:
            raise ResumeError(f"{path}: {message}", expected=expected)
        raise rec.doc.error(ResumeError, message, where, expected=expected)
    if kinds is not None:
        if len(kinds) != len(players) or [is_human(k) for k in kinds] != [is_human(k) for k in players]:
            people = [s for s, k in enumerate(players) if is_human(k)]
            raise ResumeError(
                f"{path}: the seats given ({', '.join(map(str, kinds))}) do not keep the record's people where they sit",
                expected=f"one seat kind per seat, human at seat{'s' if len(people) > 1 else ''} {' & '.join(map(str, people))} and nowhere else",
            )
        players = list(kinds)
    allowed = {canonical_kind(k) for k in trusted}
    for seat, kind in enumerate(players):
        if is_policy(kind) and canonical_kind(str(kind)) not in allowed:
            raise ResumeError(
                f"{path}: seat {seat} is a trained policy ({kind}): going on would import and run its code, which the record names",
                expected=f"the same seat kind asked for on the command line to allow it: {_asking_for(trust_option, str(kind), players)}",
            )
    if any(deal.seed is None for deal in rec.deals):
        raise ResumeError(f"{path}: a deal is given by its hands, not dealt from a seed", expected="a match record written by rules play")
    outcome = replay(rec)
    if outcome.illegal is not None:
        found = illegal_move_error(rec, outcome.illegal)
        raise ResumeError(found.message, file=found.file, line=found.line, column=found.column, path=found.path, expected="a record of legal moves")
    if outcome.match_winner is not None:
        raise ResumeError(f"{path}: the match is over", expected="a record of a match still in play")
    session = TableSession(rs, new_seed() if seed is None else seed, [canonical_kind(str(p)) for p in players], None, practice)
    match = session.match
    finished: list[tuple[int, int, list[str]]] = []
    current: tuple[int, int, list[str]] | None = None
    for k, deal in enumerate(rec.deals):
        assert deal.seed is not None
        drawn = match._rng.getrandbits(match.deal_seed_bits)  # the seed's own sequence of deal seeds goes on after these
        session.seed_named = session.seed_named and drawn == deal.seed  # the match seed only if it gave them all
        state = deal.state.copy()
        match.deal = state
        match.deal_seeds.append(deal.seed)
        texts = []
        for move in deal.moves:
            apply_recorded(state, move)
            texts.append(str(move))
        session.number = k + 1
        if state.is_over:
            match.finish_deal()
            finished.append((state.dealer, deal.seed, texts))
        else:
            session.state = state
            session.dealt = deal.state.copy()
            session.hands = [deal.state.hand(s) for s in range(state.n)]
            current = (state.dealer, deal.seed, texts)
    session.observer = observer
    if current is not None:
        session.moves = current[2]
    if not write:  # a look at the match (the start screen's offer): the file is left as it is
        return session
    refused = why_not_writable(path, [])  # going on rewrites the record: a read-only one is the person's to keep
    if refused is not None:
        raise ResumeError(f"{path}: the record {refused}", expected="a record that may be written: going on rewrites it after every move")
    session.record_path = path
    date = rec.meta.get("date")
    session.record = RecordWriter(
        rs, seed=session.seed if session.seed_named else None, players=session.kinds, path=path, hide_seed=True,
        deals=finished, current=current,
        date=date if isinstance(date, str) else None,
    )
    if current is not None:
        session.moves = current[2]
    return session
