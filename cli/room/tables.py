"""One table of the card room: a match between people at their own links and bots.

A :class:`Table` wraps a :class:`~interpreter.play.session.TableSession` (the match advanced
one decision at a time) with what a room adds: an unguessable link per person's seat and one
for spectators, the log of every decision (so that a saved table can be replayed after a
restart, :mod:`cli.room.store`), a counter of changes that an action must name (so a replayed
or stale action is refused), and the people's "next deal" between deals.

It does no input or output: :mod:`cli.room.app` drives it from the network and
:mod:`cli.room.store` keeps its log.  Everything a connection is sent is built from one
seat's view (:mod:`cli.room.messages`), never from the state.
"""

from __future__ import annotations

import logging
import re
import secrets
from dataclasses import dataclass, field

from interpreter.core.actions import Action, Continue, parse_action
from interpreter.core.errors import RulesError
from interpreter.engine.match import WIDE_DEAL_SEED_BITS
from interpreter.play import seatfacts as facts
from interpreter.play.record import MatchResult, match_record
from interpreter.play.runner import DealEnded, Event
from interpreter.play.session import HUMAN, TableSession
from interpreter.rules.ruleset import Ruleset
from cli.room.names import ROOM_BOTS as ROOM_BOTS  # the bots a room seats (its rule is there)

log = logging.getLogger("rules.serve")
#: The most characters of a text the client sent that a refusal quotes (:func:`quoted`).
QUOTE = 60
#: A log entry that stands for "the next deal was dealt" (its seat is -1).
DEAL = "deal"
#: A log entry that stands for "this person asked for the next deal" (while others have not):
#: kept, so that a restart knows who is ready, and the table's change count never goes back.
READY = "ready"


class Refused(Exception):
    """An action or a request the room does not take: ``why`` is said to the sender, with
    ``code``; ``status`` is the HTTP status of a refused request (400, the request itself is
    wrong, unless the refusal says otherwise: 413 too large, 429 too many of the sender's own,
    503 the room is full or its store busy), decided where the reason is, so the two cannot
    drift.  ``retry_after``: the seconds a refused request's ``Retry-After`` says to wait, where
    waiting helps and the room knows how long (``None``: a 503 says the room's usual wait, any
    other status none)."""

    def __init__(self, why: str, code: str = "refused", status: int = 400, retry_after: int | None = None) -> None:
        super().__init__(why)
        self.why = why
        self.code = code
        self.status = status
        self.retry_after = retry_after


def kind_of(value: object) -> str:
    """What a value the client sent is, in JSON's words (for a refusal that says what was
    expected instead: ``"ruleset" is a bundled ruleset's name, not a number``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):  # 1.0, 1e400: JSON's number with a point or an exponent, never a count
        return "a number with a decimal point or an exponent"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, str):
        return "text"
    return "a list" if isinstance(value, list) else "an object"


def quoted(value: object) -> str:
    """A value the client sent, as a refusal quotes it: text in quotes, whole up to
    :data:`QUOTE` characters; longer text cut at the last word that fits, with an ellipsis
    (never in the middle of a word), its whole kept in the server's log (:func:`cut`);
    anything else by its kind (:func:`kind_of`).  The limit keeps a refusal readable and
    small, whatever was sent."""
    if not isinstance(value, str):
        return kind_of(value)
    return repr(cut(value))


def cut(text: str) -> str:
    """A text the client sent (or a number it sent, written out), as a refusal says it
    without quotes: whole up to :data:`QUOTE` characters; longer, cut at the last word that
    fits (one long word, such as a number's digits, where the limit is), with an ellipsis,
    and logged whole."""
    if len(text) <= QUOTE:
        return text
    words = re.match(rf"(.{{1,{QUOTE}}})(?=\W)", text, re.S)  # the longest start that ends at a word's end
    kept = (words.group(1) if words else text[:QUOTE]).rstrip()  # one long word: cut where the limit is
    log.warning("a refusal quotes %d of the %d characters sent; all of them: %r", len(kept), len(text), text)
    return kept + "…"


def parse(move: str, rs: Ruleset | None = None) -> Action:
    """An action in the record notation, or ``continue`` (declining an optional step, which
    records leave out but a table's log keeps: it is a decision a seat took).  A move that
    cannot be read is told with the card form of ``rs``'s deck, if given."""
    if move == "continue":
        return Continue()
    return parse_action(move, rs.deck.ranks, rs.deck.suits) if rs is not None else parse_action(move)


def new_token() -> str:
    """An unguessable link token (128 bits)."""
    return secrets.token_urlsafe(16)


@dataclass
class Table:
    """A match at one table.  ``ruleset_ref`` is how the record names the ruleset (a bundled
    name, or the house file's name beside the record); ``tokens`` holds each person's link
    token (``None`` for a bot's seat); ``watch`` the spectators' token."""

    id: str
    rs: Ruleset
    ruleset_ref: str
    kinds: list[str]
    tokens: list[str | None]
    watch: str
    seed: int
    created: str
    house_name: str | None = None
    house_text: str | None = None
    #: how wide each deal's seed is drawn from ``seed``: 63 bits for every new table; 32 for a
    #: table kept by the room's first versions, which must deal on as it dealt
    deal_seed_bits: int = WIDE_DEAL_SEED_BITS
    session: TableSession = field(init=False)
    seq: int = field(init=False, default=0)
    finished: list[tuple[int, int, list[str]]] = field(init=False, default_factory=list)
    ready: set[int] = field(init=False, default_factory=set)
    log: list[tuple[int, str]] = field(init=False, default_factory=list)  # decisions not yet stored
    steps: int = field(init=False, default=0)  # decisions and deals so far (the log's length, stored or not)

    def __post_init__(self) -> None:
        # deal seeds 63 bits wide: a player who has seen his hand cannot search them all for the
        # deal that agrees with it, as he could 2**32 (docs/security.md, "Searching a deal's seed")
        self.session = TableSession(self.rs, self.seed, list(self.kinds), observer=self._heard, deal_seed_bits=self.deal_seed_bits)

    @classmethod
    def create(cls, id: str, rs: Ruleset, ruleset_ref: str, kinds: list[str], created: str,
               house_name: str | None = None, house_text: str | None = None) -> Table:
        tokens = [new_token() if k == HUMAN else None for k in kinds]
        table = cls(id, rs, ruleset_ref, kinds, tokens, new_token(), secrets.randbits(63), created, house_name, house_text)
        table.deal()
        return table

    # ------------------------------------------------------------------ what is asked
    def seat_of(self, token: str) -> int | None:
        """The seat a person's token opens; -1 for the spectators' token; ``None`` if neither."""
        if secrets.compare_digest(token.encode(), self.watch.encode()):
            return -1
        for seat, t in enumerate(self.tokens):
            if t is not None and secrets.compare_digest(token.encode(), t.encode()):
                return seat
        return None

    @property
    def humans(self) -> list[int]:
        return [s for s, k in enumerate(self.kinds) if k == HUMAN]

    @property
    def over(self) -> bool:
        return self.session.match_over

    def bot_to_act(self) -> bool:
        seat = self.session.actor()
        return seat is not None and self.kinds[seat] != HUMAN

    def waiting_for(self) -> list[int]:
        """Between deals, the people who have not yet asked for the next deal."""
        if not self.session.deal_over or self.over:
            return []
        return [s for s in self.humans if s not in self.ready]

    # ------------------------------------------------------------------ moving on
    def deal(self) -> None:
        """Deal the next deal (at the start, and when every person has asked for it)."""
        self.session.start_deal()
        self.ready.clear()
        self._logged(-1, DEAL)

    def act(self, seat: int, move: str, seq: object) -> Action:
        """A person at ``seat`` chooses ``move`` (record notation) at change ``seq``.  Refused
        with the reason when it is not their turn, ``seq`` is not the table's (a stale or
        replayed action), the text is no action, or the engine finds it illegal."""
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise Refused(f"'seq' is the whole number of the change the action was chosen at (the 'seq' of the state it was chosen in; "
                          f"the table is now at change {self.seq}), not {kind_of(seq)}", "bad_message")
        if seq != self.seq:
            raise Refused(f"this action was chosen at change {cut(str(seq))} of the table, which is now at change {self.seq}: look again", "stale")
        if self.kinds[seat] != HUMAN:
            raise Refused("this seat is a bot's", "seat")
        actor = self.session.actor()
        if actor != seat:
            raise Refused("it is not your turn" if actor is not None else "nobody is to act now", "turn")
        try:
            action = parse(move, self.rs)
        except (RulesError, ValueError) as exc:
            raise Refused(f"{move!r} is not an action: {exc}", "action") from None
        reason = self.session.explain(action)
        if reason is not None:
            raise Refused(facts.to_person(self.session.view(seat), reason), "illegal")
        self.session.take(seat, action)
        self._logged(seat, str(action))
        return action

    def bot_step(self) -> None:
        """Let the bot to act decide (the caller runs this off the event loop: a search takes time)."""
        if not self.session.bot_step():
            return
        seat, action = self.session.steps[-1]
        self._logged(seat, str(action))

    def next_deal(self, seat: int) -> bool:
        """A person asks for the next deal; it is dealt once every person has.  Whether it was dealt."""
        if self.over:
            raise Refused("the match is over", "turn")
        if not self.session.deal_over:  # after a deal, most likely a second tab's or a second press's "next"
            raise Refused("the next deal has been dealt already: this one is not over" if self.finished else "the deal is not over", "turn")
        if seat in self.ready:  # said once is enough: each would be a change sent to every link
            raise Refused("you have asked for the next deal already; it is dealt once the others have too", "turn")
        self.ready.add(seat)
        if self.waiting_for():
            self._logged(seat, READY)  # the others see who is ready
            return False
        self.deal()
        return True

    def replay(self, seat: int, move: str) -> None:
        """Apply one decision of the stored log (a restart): no checks beyond the engine's."""
        if move == DEAL:
            self.deal()
            return
        if move == READY:
            self.ready.add(seat)
            self._logged(seat, move)
            return
        self.session.take(seat, parse(move))
        self._logged(seat, move)

    def _logged(self, seat: int, move: str) -> None:
        self.log.append((seat, move))
        self.steps += 1
        self.seq += 1

    def _heard(self, event: Event) -> None:
        if isinstance(event, DealEnded):
            state = event.state
            self.finished.append((state.dealer, self.session.match.deal_seeds[-1], list(self.session.moves)))

    # ------------------------------------------------------------------ the record
    def record_text(self) -> str:
        """The finished match's record in the project's format (each deal's seed shown: the
        match is over).  Refused while it is in play: its seeds would show the cards to come."""
        if not self.over:
            raise Refused("the record can be taken once the match is over", "in_play", 409)
        return self.closing_record()

    def closing_record(self) -> str:
        """The match's record as far as it went: for a finished match its record, the deals'
        seeds included (not the match seed: its deal seeds are wide, not what a record's match
        seed gives); for one nobody plays on any more (the room closes it) its finished deals,
        the deal in play with its moves so far, no result and no seed -- as ``rules run``
        writes a match with a person at it that it stops, so ``rules replay`` reads it and
        ``rules play --resume`` could take it up again without the deals to come being known."""
        match = self.session.match
        deals = list(self.finished)
        state = self.session.state
        if state is not None and not state.is_over:  # the deal in play, however few its moves
            deals.append((state.dealer, match.deal_seeds[-1], list(self.session.moves)))
        result = MatchResult(match.winner, list(match.scores), len(self.finished)) if self.over else None
        # a house file lies in the table's folder, and the record names it as lying beside it
        beside = self.rs.source.parent / "record.yaml" if self.house_name is not None and self.rs.source is not None else None
        # the match seed only where a record's seed gives these deals (never, with wide deal seeds)
        seed = self.seed if self.session.seed_named and (self.over or not self.humans) else None
        return match_record(self.rs, seed=seed, players=list(self.kinds), deals=deals, record_path=beside,
                            date=self.created, result=result)
