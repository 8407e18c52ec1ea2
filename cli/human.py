"""The ``human`` seat kind: a person at the terminal, shown only their own view.

The player sees who sits where, the match score, the trump, the turn-up and the talon, the
auction and the contract, the marriages announced, the card just drawn, their hand, the
trick on the table, the tricks each side has taken and the points the rules let them count
(:func:`~interpreter.play.seatfacts.points_shown`, the full-screen table's rule: where they
must keep count in their head, no count at all), and their legal actions, numbered.  They answer
with a number, with the notation (``play TH``, ``marry KH``, ``declare``...), with a bare
card (``KD`` plays it) or with the game's own word for a call (a contract's name such as
``Bettler``, ``contra`` for ``double``); ``help`` (or ``?``) lists this ruleset's actions, ``quit`` ends the
game.  An illegal entry is explained (the rule that forbids it) and asked again; a
declaration that would lose the deal is carried out only once confirmed.  A move that is the
only legal one is made for the person.

Everything the seat writes goes to its own stream (stderr in ``rules run``), so the match
log on stdout -- or ``--json`` -- stays what it is, and ``--quiet`` hides only the log.  The
screen is built from the seat's :class:`~interpreter.engine.views.SeatView` and the public
match score only (:mod:`interpreter.play.seatfacts`); the full deal state in the runner's
events is never read (only the person's view of a deal that is over, to say how it ended).  With several people at one terminal (hot seat) the screen is cleared
and the next player asked to take it before their hand is shown; a terminal that cannot
clear is refused for them at the start (:func:`why_no_hot_seat`).

Entries that are not UTF-8 or hold control characters are refused and asked again; what is
shown passes through :func:`~interpreter.core.printable.printable`.  End of input or Ctrl-C
raises :class:`Interrupted` and ``quit`` :class:`Quit`, so the CLI can save the record.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from interpreter.core.actions import Action, Bid, Continue, Declare, Double, Exchange, Marry, Play, Redouble, parse_action
from interpreter.core.cards import SUIT_NAMES, Card
from interpreter.core.errors import NotationError, RulesError
from interpreter.core.notation import ACTION_FORMS
from interpreter.core.printable import printable
from interpreter.engine.views import SeatView
from interpreter.play import seatfacts as facts
from interpreter.play.runner import DealEnded, DealStarted, Event
from interpreter.rules.ruleset import Ruleset


class Interrupted(BaseException):
    """The person stopped the game (end of input or Ctrl-C).

    A ``BaseException``, as ``KeyboardInterrupt`` is: it is a stop, not a bot's failure, so
    the runner, which says whatever ``Exception`` a seat's agent raises as a ``BotError``
    (:func:`interpreter.play.runner.ask_agent`), lets it through to ``rules run``, which
    keeps the record so far."""

    why = "game interrupted"


class Quit(Interrupted):
    """The person typed ``quit``: the game ends as at end of input, the record so far is kept."""

    why = "game quit"


#: Longest entry read from a person; a longer line is refused as a whole, and a "line" that
#: runs on for more than DISCARD_LIMIT characters (no line break at all) is taken as end of input.
ENTRY_LIMIT = 200
DISCARD_LIMIT = 1_000_000
TOO_LONG = "\x00too long"  # never a real entry: entries with control characters are refused

PROMPT = "your move (number, notation or a card; ? for help): "
EXAMPLE = "type a number or a move such as play TH"
#: The screen is cleared this way on a terminal (with its scrollback), between two people.
CLEAR_SCREEN = "\x1b[H\x1b[2J\x1b[3J"
SEPARATOR = "=" * 60
#: ``TERM`` values of terminals that show :data:`CLEAR_SCREEN` as text instead of clearing.
NO_CLEAR_TERMS = frozenset({"", "dumb"})


def why_no_hot_seat(people: int, screen: TextIO | None) -> str | None:
    """Why ``people`` persons may not share ``screen``, or ``None`` if they may.

    Between two of them the screen is cleared before a hand is shown (:meth:`Terminal.hand_over_to`);
    a terminal without cursor control (``TERM=dumb`` -- Emacs' shell, some web consoles --
    or no ``TERM`` at all) prints the escape as text and keeps the last hand in view.  Refused
    at the start rather than played with hands in view.  A screen that is not a terminal (a pipe
    read by a program) keeps its documented line of ``=``; on Windows ``TERM`` tells nothing."""
    if people < 2 or sys.platform == "win32" or not is_terminal(screen):
        return None
    term = os.environ.get("TERM", "")
    if term.strip().lower() not in NO_CLEAR_TERMS:
        return None
    said = f"TERM={term}" if term else "TERM is not set"
    return (f"{people} human seats would share this terminal, which cannot clear the screen between them ({said}), "
            "so each hand would stay in view of the next player; give each person a screen of their own with "
            "rules serve, or play in a terminal that clears (such as TERM=xterm-256color)")


def is_terminal(stream: TextIO | None) -> bool:
    """Whether ``stream`` is a terminal (``False`` for none, or one that cannot tell)."""
    try:
        return bool(stream is not None and stream.isatty())
    except (OSError, ValueError):
        return False


def read_entry(prompt: str, stdin: TextIO | None = None, stdout: TextIO | None = None) -> str:
    """Like :func:`input`, but reading at most :data:`ENTRY_LIMIT` characters of a line into
    memory, so that an endless line (``< /dev/zero``) cannot exhaust memory or hold off a signal.
    The prompt goes to ``stdout`` (``rules run`` passes stderr, where the seat's screen is)."""
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    stdout.write(prompt)
    stdout.flush()
    line = stdin.readline(ENTRY_LIMIT + 1)
    if not line:
        raise EOFError
    if line.endswith("\n") or len(line) <= ENTRY_LIMIT:
        return line.rstrip("\n")
    skipped = len(line)
    while skipped <= DISCARD_LIMIT:
        chunk = stdin.readline(65536)
        if not chunk or chunk.endswith("\n"):
            return TOO_LONG
        skipped += len(chunk)
    raise EOFError  # no line break in a million characters: not a person typing


@dataclass
class Terminal:
    """What the human seats of one match share: the screen they write to, the way entries are
    read, the public match score, and (hot seat) whose hand is on the screen now.

    ``seats`` are the human seats; with more than one, :meth:`hand_over_to` hides the screen
    between their players.  ``confirm``: ask before a declaration that loses the deal
    (``rules run --no-confirm`` turns it off).  ``log_shown``: whether the match log reaches
    the person (not with ``--json``); if not, the seat says how each deal ended."""

    out: TextIO
    read: Callable[[str], str]
    seats: list[int] = field(default_factory=lambda: [0])
    confirm: bool = True
    log_shown: bool = True
    match_scores: tuple[int, ...] = ()
    shown_to: int | None = None
    #: Whether the person's typing is echoed (stdin is a terminal), which ends the prompt's line.
    input_echoed: bool = False
    #: Whether the screen's last line is unfinished (a prompt waiting, or answered from a pipe
    #: that echoes nothing): a message that comes now needs a line break first.
    line_open: bool = False

    @property
    def people(self) -> int:
        """How many people share this screen."""
        return len(self.seats)

    def follow(self, event: Event) -> None:
        """Keep the public match score from a runner event (and, without the log, say how the
        deal ended); nothing else of the event is read but the seats' views of the deal once
        it is over (the event carries the full deal state)."""
        if not isinstance(event, DealEnded):
            return
        self.match_scores = tuple(event.match.scores)
        if not self.log_shown:
            rs = event.match.rs
            reason = event.result.reason
            if len(self.seats) == 1:
                score = facts.match_line(rs, self.seats[0], self.match_scores)
                reason = self._told(event)
            else:  # several people: sides by their seats, as the log names them
                score = f"match to {rs.match.target}: " + ", ".join(
                    f"seat{'s' if len(seats) > 1 else ''} {' & '.join(map(str, seats))} {facts.match_score(rs, points)}"
                    for seats, points in zip(rs.sides, self.match_scores))
            self.say(f"\ndeal {event.number} over: {reason}; {score}\n")

    def _told(self, event: DealEnded) -> str:
        """The deal's reason named from the one person's side (``you declared 66; opponent 27
        points``), as the full-screen table says it (:func:`cli.table.words.told`), with the
        points laid away that the deal counted, now that it is over."""
        from cli.table.words import told  # only without the log: the table's words pull in rich

        state = event.state
        points = [state.view(seat).seat_points[seat] for seat in range(state.n)]
        return told(state.view(self.seats[0]), event.result.reason, event.result.winner, points)

    def say(self, text: str) -> None:
        """Write to the person, escaped (line breaks kept).  A screen that cannot be written
        (a closed terminal, a full disk) stops the game as end of input does: nobody can play it."""
        self._write(printable(text, multiline=True))

    def _write(self, text: str) -> None:
        try:
            self.out.write(text)
            self.out.flush()
        except OSError:
            raise Interrupted() from None
        if text:
            self.line_open = not text.endswith("\n")

    def ask(self, prompt: str) -> str:
        """One entry, stripped; end of input, Ctrl-C, a closed stdin or a screen that cannot
        show the prompt raise :class:`Interrupted`."""
        self.line_open = True
        try:
            entry = self.read(prompt).strip()
            self.line_open = not self.input_echoed
            return entry
        except (EOFError, KeyboardInterrupt, RuntimeError, OSError):  # RuntimeError: stdin was closed
            raise Interrupted() from None
        except UnicodeDecodeError:  # stdin could not be told to pass undecodable bytes on
            return "\udcff"

    def hand_over_to(self, seat: int) -> None:
        """Hot seat: before ``seat``'s hand is shown, hide the screen and wait until the
        player of ``seat`` has it to themselves (nothing to do with one person)."""
        if self.people < 2 or self.shown_to == seat:
            return
        if self.out.isatty():
            self._write(CLEAR_SCREEN)  # written raw: printable() would escape the ESC
        else:
            self.say(f"\n{SEPARATOR}\n")
        self.shown_to = None
        if self.ask(f"seat {seat}: press Enter when only you can see the screen ").lower() == "quit":
            raise Quit()
        self.shown_to = seat


@dataclass
class HumanAgent:
    """Asks a person for each decision of one seat.

    ``explain`` gives the rule an illegal action breaks (the CLI's referee knows the deal);
    the rest of what the seat says comes from its view and the terminal's public facts.
    ``last_hand`` is the hand shown last time in this deal, from which the card just drawn
    is told."""

    terminal: Terminal
    explain: Callable[[Action], str | None]
    last_hand: tuple[Card, ...] | None = None
    last_turn_up: Card | None = None

    def say(self, text: str) -> None:
        self.terminal.say(text)

    # ------------------------------------------------------------------ public events
    def follow(self, event: Event) -> None:
        """A new deal: forget the hand of the last one (its cards were not drawn).  Nothing
        of the event's deal state is read: it holds every hand."""
        if isinstance(event, DealStarted):
            self.last_hand = None
            self.last_turn_up = None

    # ------------------------------------------------------------------ the screen
    def show(self, view: SeatView, legal: Sequence[Action]) -> None:
        """The seat's screen: its view in words, then the legal actions, numbered."""
        w = self.say
        w(f"\n-- seat {view.seat} to act --\n")
        w(facts.who_is_who(view) + "\n")
        scores = self.terminal.match_scores or (0,) * view.rs.side_count
        w(facts.match_line(view.rs, view.seat, scores) + "\n")
        w(self._trump_line(view) + "\n")
        for line in facts.deal_lines(view):  # the auction, or once it is over its contract; a doubled deal
            w(line + "\n")
        for line in facts.announcements(view, symbols=False):
            w(f"marriage: {line}\n")
        for trick in view.reviewable_tricks:
            w("you may look at: " + self._cards_by_seat(view, trick) + "\n")
        if view.trick:
            w("on the table: " + self._cards_by_seat(view, view.trick) + "\n")
        drawn = self._drawn(view)
        if drawn is not None:
            w(f"you drew {drawn}{' (the turn-up)' if drawn == self.last_turn_up else ''}\n")
        w("your hand: " + " ".join(str(c) for c in view.hand) + "\n")
        w(facts.points_line(view, facts.points_shown(view)) + "\n")
        note = facts.decision_line(view, legal, count_told(view))
        if note is not None:
            w(note + "\n")
        for i, action in enumerate(legal, 1):
            w(f"  {i:>2}. {self._offer(view, action)}\n")
        self.last_hand = view.hand
        self.last_turn_up = view.turn_up

    @staticmethod
    def _trump_line(view: SeatView) -> str:
        if view.trump:
            trump = SUIT_NAMES[view.trump]
        elif facts.without_trump(view):
            trump = "none in this contract"
        elif view.rs.trump.selection == "first_card_led":
            trump = "not yet fixed (the first card led makes it)"
        else:
            trump = "not yet fixed"
        turn_up = f", turn-up {view.turn_up}" if view.turn_up else ""
        talon = f", talon {view.talon_size}{' (closed)' if view.closed else ''}" if view.talon_size or view.closed else ""
        return f"trump {trump}{turn_up}{talon}"

    @staticmethod
    def _cards_by_seat(view: SeatView, cards: Sequence[tuple[int, Card]]) -> str:
        return ", ".join(f"{facts.seat_name(view, s)} {c}" for s, c in cards)

    def _drawn(self, view: SeatView) -> Card | None:
        """The card drawn since the last screen of this deal (none on its first screen)."""
        return facts.drawn_card(self.last_hand, view) if self.last_hand is not None else None

    @staticmethod
    def _offer(view: SeatView, action: Action) -> str:
        """An action as listed: its notation (what to type), and for anything but a plain
        card what it means here; a declaration that loses the deal says so."""
        typed = str(action)
        if isinstance(action, Play):
            return typed
        described = facts.describe_action(view, action, symbols=False, counted=count_told(view))
        text = described if described.startswith(typed) else f"{typed}  -- {described}"
        if claim_warning(view, action) is not None:
            text += ": too few, you would lose the deal"
        return text

    # ------------------------------------------------------------------ deciding
    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        """Show the seat's screen and read entries until one names a legal action (made for
        the person when it is the only one)."""
        # hot seat: a forced move is handed over like any other -- made without the hand-over,
        # the missing "press Enter" would tell the others that the hand held one legal move
        handed = self.terminal.people > 1 and self.terminal.shown_to != view.seat
        self.terminal.hand_over_to(view.seat)
        self.show(view, legal)
        if len(legal) == 1:
            if handed:  # seen before the next hand-over clears it, as a move chosen would be
                if self.terminal.ask(f"only one move: {legal[0]}; press Enter to play it ").lower() == "quit":
                    raise Quit()
                return self._made(legal[0])
            self.say(f"only one move: {legal[0]} (played for you)\n")
            return self._made(legal[0])
        while True:
            action = self.understand(self.terminal.ask(PROMPT), view, legal)
            if action is not None and self.confirmed(view, action):
                return self._made(action)

    def _made(self, action: Action) -> Action:
        """Note the seat's own action: after an exchange the hand differs by a card that was not drawn."""
        if isinstance(action, Exchange):
            self.last_hand = None
        return action

    def understand(self, text: str, view: SeatView, legal: Sequence[Action]) -> Action | None:
        """The legal action an entry names, or ``None`` after saying why it names none (or
        after answering a command such as ``help``)."""
        if not text:
            return None
        refused = self._unreadable(text)
        if refused is not None:
            self.say(refused + "\n")
            return None
        word = text.lower()
        if word in ("help", "?"):
            self.say(self.help_text(view))
            return None
        if word == "quit":
            raise Quit()
        if word == "undo":
            self.say("undo is not available in rules run (the practice mode of rules play has it): choose a move\n")
            return None
        if text.isascii() and text.isdigit() and len(text) <= 6:
            k = int(text)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            self.say(f"there is no choice {k}: pick 1 to {len(legal)}\n")
            return None
        try:
            action = Continue() if word == "continue" else game_word(view.rs, word) or parse_action(text, view.rs.deck.ranks, view.rs.deck.suits)
        except RulesError as exc:
            card = _bare_card(text)
            if card is None:
                self.say(f"{unread(exc, view.rs)}\n")
                return None
            return self._card_entry(card, view, legal)
        if action in legal:
            return action
        why = facts.absent(view.rs, type(action)) or self.explain(action)
        self.say(f"illegal: {facts.to_person(view, why) if why else 'not legal now'}\n")
        return None

    @staticmethod
    def _unreadable(text: str) -> str | None:
        """Why an entry cannot be read at all (never echoed: it may hold terminal controls)."""
        if text == TOO_LONG:
            return f"that entry is too long (at most {ENTRY_LIMIT} characters): {EXAMPLE}"
        if any("\ud800" <= ch <= "\udfff" for ch in text):  # bytes that are not UTF-8, escaped
            return f"that entry is not UTF-8 text: {EXAMPLE}"
        if not text.isprintable():
            return f"that entry contains control characters: {EXAMPLE}"
        return None

    def _card_entry(self, card: Card, view: SeatView, legal: Sequence[Action]) -> Action | None:
        """A bare card: played if it may be; a marriage if that is the only way to lead it;
        asked about when both are open, since playing it unannounced gives the marriage away.
        Only an answer read makes the move: Enter or yes announces, no plays the card alone,
        ``quit`` quits, anything else is asked again (a stray word announced the marriage,
        a move nobody can take back in ``rules run``)."""
        play, marry = Play(card), Marry(card)
        if play in legal and marry in legal:
            while True:
                answer = self.terminal.ask(f"{card}: announce the marriage with it (marry {card})? [Y/n] ").lower()
                if answer in ("", "y", "yes"):
                    return marry
                if answer in ("n", "no"):
                    return play
                if answer == "quit":
                    raise Quit()
                self.say(f"answer y (or Enter) to announce the marriage and lead {card}, n to play {card} "
                         "without announcing it, or quit\n")
        if play in legal:
            return play
        if marry in legal:
            return marry
        why = self.explain(play)
        self.say(f"illegal: {facts.to_person(view, why) if why else 'not legal now'}\n")
        return None

    def help_text(self, view: SeatView) -> str:
        """This ruleset's actions, one a line, and the seat's commands."""
        rows = [*facts.ruleset_actions(view.rs), ("N", "the action numbered N in the list"),
                ("help, ?", "this list"), ("quit", "end the game here (the record so far is saved)")]
        width = max(len(what) for what, _ in rows)
        return "".join(f"  {what:<{width}}  {does}\n" for what, does in rows)

    def confirmed(self, view: SeatView, action: Action) -> bool:
        """Whether to carry out ``action``: yes, unless it is a declaration that loses the
        deal and the person, asked, does not say yes (``--no-confirm``: carried out, with the warning).
        Where the person keeps count (:func:`counted`), every declaration is asked about, in
        words that hold no count, so that being asked -- or not -- gives none away."""
        warning = claim_warning(view, action)
        risk = facts.claim_risk(view) if warning is None and isinstance(action, Declare) and not counted(view) else None
        if warning is None and (risk is None or not self.terminal.confirm):
            return True
        if warning is not None and not self.terminal.confirm:
            self.say(f"note: {warning}\n")
            return True
        self.say(f"careful: {warning or risk}\n")
        if self.terminal.ask("declare anyway? [y/N] " if warning is not None else "declare? [y/N] ").lower() in ("y", "yes"):
            return True
        self.say("not declared: choose again\n")
        return False


def counted(view: SeatView) -> bool:
    """Whether the screen counts this seat's own points (:func:`~interpreter.play.seatfacts.points_shown`,
    the table's rule); where it does not, the person keeps count and nothing on the screen
    tells a count: no points line, no ``you have N`` in an offer or a question."""
    return view.rs.side_of(view.seat) in facts.points_shown(view)


def count_told(view: SeatView) -> bool:
    """Whether the seat's own count may be told when it asks to go out: where the screen
    counts its points, or where its side has no trick yet and what counts without one falls
    short of the target (:func:`~interpreter.play.seatfacts.claim_cannot_stand`: nothing to
    keep count of yet, as the table says ``no trick yet: too few to declare``)."""
    return counted(view) or facts.claim_cannot_stand(view)


def claim_warning(view: SeatView, action: Action) -> str | None:
    """Why ``action`` loses the deal (:func:`~interpreter.play.seatfacts.claim_warning`), said
    only where it tells no count the person must keep (:func:`count_told`)."""
    return facts.claim_warning(view, action) if count_told(view) else None


#: Words for a call beside the notation, as players say them (``bidding.doubling``'s Kontra and Re).
_CALL_WORDS: dict[str, Action] = {"contra": Double(), "kontra": Double(), "re": Redouble(), "recontra": Redouble(), "rekontra": Redouble()}


def game_word(rs: Ruleset, word: str) -> Action | None:
    """The call a word of the game names, where the ruleset has it: a contract's name
    (``bettler``, ``Schnapser``, also after ``bid``), ``contra`` (or ``kontra``) for
    ``double`` and ``re`` for ``redouble``, in any case; ``None`` for anything else (the
    notation is read then).  Kontra and Re are read in every game: where there is no
    doubling the person is told so, as for ``double``."""
    word = " ".join(word.lower().split())
    name = word.removeprefix("bid ")
    for c in rs.bidding.contracts if rs.bidding.enabled else ():
        if c.name.lower() == name:
            return Bid(c.bid)
    return _CALL_WORDS.get(word)  # in a game without doubling, it is told it has none


def unread(exc: RulesError, rs: Ruleset) -> str:
    """Why an entry is no action, as told to the person: where the notation lists every form
    of action it reads (:data:`~interpreter.core.notation.ACTION_FORMS`, doubling and naming
    trump among them), the forms of this ruleset's actions instead, as ``?`` lists them
    (:func:`~interpreter.play.seatfacts.ruleset_actions`), with a guess only at one of them.
    The notation's own message stays as it is for every other caller."""
    expected = exc.expected or ""
    if not isinstance(exc, NotationError) or not expected.startswith(ACTION_FORMS):
        return str(exc)
    forms = list(dict.fromkeys(what for what, _ in facts.ruleset_actions(rs)))
    guess = expected[len(ACTION_FORMS):]  # "; did you mean 'play'?" or nothing
    guessed = re.search(r"'([\w-]+)", guess)
    if guessed is None or guessed.group(1) not in {form.split()[0] for form in forms}:
        guess = ""
    return str(NotationError(exc.message, expected="one of: " + ", ".join(forms) + guess))


def _bare_card(text: str) -> Card | None:
    """``KD``, ``kd``, ``10d`` as a card; ``None`` for anything else."""
    try:
        return Card.parse(text)
    except RulesError:
        return None
