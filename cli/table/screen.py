"""The deal in play, seen from the person's seat: the table, the hand, the moves on offer."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Static
from textual.widgets.button import ButtonVariant

from interpreter.core.actions import Action, Bid, Close, CloseBeforeDraw, Continue, Declare, Discard, Exchange, Marry, NameTrump, Pass, Play
from interpreter.core.cards import Card
from interpreter.core.errors import IllegalActionError, RulesError
from interpreter.engine.views import SeatView
from interpreter.play import seatfacts as facts
from interpreter.play.recordfile import RecordNotWritten
from interpreter.play.runner import ActionTaken, DealEnded, Event, TrickDone
from interpreter.play.session import TableSession
from cli.table import render
from cli.table.dialogs import ConfirmScreen, DealSummary, HelpScreen
from cli.table.tablelog import WrappingLog
from cli.table.words import (
    ACTION_KEYS, CARD_KEYS, KEY_WORDS, action_label, card_key, claim_question, close_question, going_out, key_labelled, move_line, one_marriage, refusal, told, unused_key,
    your_turn,
)

if TYPE_CHECKING:
    from cli.table.app import TableApp


class ChoiceButton(Button):
    """A button for one choice at the table: a card of the hand, an action, hint or undo.
    The buttons are made anew at every turn, so they carry their choice rather than an id."""

    def __init__(self, choice: Card | Action | str, label: str | Text, *, classes: str = "", disabled: bool = False, variant: ButtonVariant = "default", compact: bool = True) -> None:
        super().__init__(label, variant=variant, classes=classes, disabled=disabled, compact=compact)
        self.choice = choice


#: A terminal with fewer rows than this is small: the cards are buttons one line high (not
#: three), so that the hand and the moves on offer stay in view above the footer.
SMALL_HEIGHT = 24
#: The narrowest a card's button is (the table's CSS, ``#hand Button.card``).
CARD_WIDTH = 9
#: Textual's names of the keys of :data:`~cli.table.words.CARD_KEYS` that are not their character.
TEXTUAL_KEY_NAMES = {"-": "minus", "=": "equals_sign"}


def button_rows(buttons: list[ChoiceButton], width: int, min_width: int = 5) -> list[list[ChoiceButton]]:
    """Buttons in rows no wider than ``width`` cells, in order (a button takes its label and a
    cell of padding each side, at least ``min_width`` -- the table's CSS: 5, and 9 for a card
    -- and a cell of margin)."""
    rows: list[list[ChoiceButton]] = []
    used = width
    for button in buttons:
        label = button.label
        wide = max(min_width, cell_len(label if isinstance(label, str) else label.plain) + 2) + 1
        if used + wide > width or not rows:
            rows.append([])
            used = 0
        rows[-1].append(button)
        used += wide
    return rows


class TableScreen(Screen[None]):
    """The deal in play, seen from the person's seat."""

    BINDINGS = [
        Binding("question_mark", "help", "Help"),
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("q", "quit_table", "Save & quit"),
        # the cards' keys (words.CARD_KEYS), by Textual's names for them: 1-9, 0, minus, equals_sign
        *[Binding(TEXTUAL_KEY_NAMES.get(key, key), f"card({k})", show=False) for k, key in enumerate(CARD_KEYS, 1)],
        *[Binding(key, f"kind('{kind.__name__}')", show=False) for kind, key in ACTION_KEYS.items()],
        Binding("M", "marry_second", show=False),
        # the column of a small terminal first (before the log, which has the focus), then the
        # screen (the cards and buttons below the column), and only where one of them is cut
        # off (check_action): then "More" is in the footer
        Binding("pagedown", "column_page(1)", "More", priority=True),
        Binding("pageup", "column_page(-1)", show=False, priority=True),
    ]

    def __init__(self, session: TableSession, me: int, bot_delay: float) -> None:
        super().__init__()
        self.session = session
        self.me = me
        self.bot_delay = bot_delay
        self.just_played: list[tuple[int, Card]] = []  # the trick just taken, in view until the person's next move
        self.taker: int | None = None
        self.log_lines: list[tuple[int, str]] = []
        self.hand_after: tuple[Card, ...] | None = None  # the hand right after the person's last move (to tell the card drawn)
        self.busy = False
        self.message = ""
        self.passing_word = False  # the message is only about a key that did nothing
        self.replaying = False  # telling the deal so far again, on resume (see on_mount)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hint and undo are offered (in the footer too) only in practice mode; PgDn ("More")
        where the table's column is taller than the terminal lets it be, or the whole table is
        (the rows of cards and buttons below the column cut off)."""
        if action in ("hint", "undo") and not self.session.practice:
            return False
        if action == "column_page":  # PgDn, PgUp: only where the column or the screen is cut off
            return self.is_mounted and (self.query_one("#left", VerticalScroll).max_scroll_y > 0 or self.max_scroll_y > 0)
        return True

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(id="scoreboard")
        with Horizontal(id="middle"):
            with VerticalScroll(id="left", can_focus=False):  # a small terminal scrolls it (PgDn, PgUp, the wheel)
                yield Static(id="others")
                yield Static(id="centre")
                yield Static(id="info")
            yield WrappingLog(id="log", max_lines=500)  # wrapped to its width, whatever it is (cli.table.tablelog)
        yield Static(id="status")
        yield Vertical(id="hand")  # rows of cards (draw_hand)
        yield Vertical(id="actions")  # rows of buttons (draw_actions)
        yield Footer()

    def on_mount(self) -> None:
        self.session.observer = self.observe
        if self.session.state is None or self.session.deal_over:
            self.session.start_deal()
            self.log_line(f"Deal {self.session.number}: {facts.who_is_who(self.session.view(self.me))}")
        else:  # taken up again from its record: the deal so far, as this seat saw it, then where it stopped
            self.replaying = True
            dealt = self.session.dealt
            assert dealt is not None
            self.log_line(f"Deal {self.session.number}: {facts.who_is_who(dealt.view(self.me))}")
            self.session.replay_deal(self.observe)
            self.replaying = False
            self.log_line(f"Deal {self.session.number} resumed")
        self.refresh_table()
        self.advance()

    # ------------------------------------------------------------------ events of the match
    def observe(self, event: Event) -> None:
        """Note what every player saw happen (nothing hidden is read from the event)."""
        s = self.session
        if s.state is None:
            return
        view = event.state.view(self.me)  # the deal as it stood then: the state in play, or one replayed
        # The log is no way round the rules on looking back: the cards of past tricks and
        # their points are written only where the table counts points (render.points_shown).
        counted = render.points_shown(view, s.practice)
        if isinstance(event, ActionTaken):
            if self.replaying and event.seat == self.me:  # as play() does: the person's move gathers the trick in view
                self.just_played, self.taker = [], None
            if counted or not isinstance(event.action, Play):
                took = event.turn_up_before if isinstance(event.action, Exchange) else None
                self.log_line(move_line(view, self.me, event.seat, event.action, cards=bool(counted), took=took), of_move=True)
        elif isinstance(event, TrickDone):
            self.just_played = list(event.cards)
            self.taker = event.winner
            side = s.rs.side_of(event.winner)
            points = f" ({event.points} points)" if side in counted else ""
            self.log_line(f"{facts.seat_name(view, event.winner)} take{'' if event.winner == self.me else 's'} the trick{points}", of_move=True)
        elif isinstance(event, DealEnded):  # told as the summary tells it (the deal is over: what was laid away counts)
            self.log_line(f"Deal {event.number}: {told(view, event.result.reason, event.result.winner, s.points_at_end())}")

    def log_line(self, line: str, *, of_move: bool = False) -> None:
        """Write to the log, noting how many moves of the deal it comes after (undo takes back
        the lines of the moves it takes back); ``of_move``: a line about the move being made."""
        # a line of the deal replayed on resume comes before every move undo can take back
        self.log_lines.append((0 if self.replaying else len(self.session.steps) + of_move, line))
        self.query_one("#log", WrappingLog).say(line)

    def relog(self) -> None:
        """The log again, without the lines of moves taken back."""
        kept = len(self.session.steps)
        self.log_lines = [(k, line) for k, line in self.log_lines if k <= kept]
        self.query_one("#log", WrappingLog).say_all([line for _, line in self.log_lines])

    # ------------------------------------------------------------------ drawing
    def refresh_table(self) -> None:
        s = self.session
        if s.state is None or cast("TableApp", self.app).leaving:
            return
        view = s.view(self.me)
        self.query_one("#scoreboard", Static).update(render.scoreboard(view, s.match.scores, s.number, self.app.size.width - 2))  # its padding: 1 a side
        self.query_one("#others", Static).update(render.others(view))
        self.query_one("#centre", Static).update(render.centre(view, self.just_played, self.taker))
        self.query_one("#info", Static).update(render.info(view, s.practice, last_trick=not self.just_played))
        legal = s.legal() if s.human_to_act() == self.me else []
        status = Text()
        if self.message:
            status.append(self.message + "\n", style="bold yellow")
        if s.deal_over:
            status.append("The deal is over")
        elif legal:
            status.append("Your turn: " + your_turn(view, legal), style="bold green")
            status.append(going_out(view, legal, s.practice))
        else:
            actor = s.actor()
            status.append(f"{facts.seat_name(view, actor)} to play…" if actor is not None else "")
        self.query_one("#status", Static).update(status)
        self.draw_hand(view, legal)
        self.draw_actions(legal)
        self.call_after_refresh(self.refresh_bindings)  # the column may have grown past the terminal

    def draw_hand(self, view: SeatView, legal: list[Action]) -> None:
        """The hand as buttons, in as many rows as the terminal's width needs (a card cut off
        at the edge is a card the person cannot see or click), one line high on a small
        terminal (:data:`SMALL_HEIGHT`), three otherwise."""
        box = self.query_one("#hand", Vertical)
        box.remove_children()
        playable = {a.card for a in legal if isinstance(a, (Play, Marry, Discard))}
        buttons = []
        bidding = any(isinstance(a, (Bid, Pass)) for a in legal)
        small = self.app.size.height < SMALL_HEIGHT
        for k, c in enumerate(render.sorted_hand(view), 1):
            key = card_key(k)  # a card past the last key has none: it is clicked
            label = render.card(c, trump=view.trump) if bidding or key is None else Text(f"{key} ", style="dim") + render.card(c, trump=view.trump)
            # greyed, not disabled: a disabled button swallows the click, and a card clicked
            # should say why it may not be played, as its key does (play_card)
            buttons.append(ChoiceButton(c, label, classes="card" if c in playable else "card unplayable", compact=small))
        box.mount(*(Horizontal(*row) for row in button_rows(buttons, self.app.size.width - 2, min_width=CARD_WIDTH)))

    def draw_actions(self, legal: list[Action]) -> None:
        """The buttons of the moves that are not a card, in as many rows as they need: an
        auction's contracts, each with its value and key, are wider than one row of a small
        terminal, and a button cut off at the edge is a choice the person never sees."""
        box = self.query_one("#actions", Vertical)
        box.remove_children()
        buttons = []
        for action in (a for a in legal if not isinstance(a, (Play, Discard))):
            label = action_label(self.session.rs, action) if isinstance(action, Marry) else key_labelled(self.session.rs, action)
            if isinstance(action, Marry) and one_marriage([a for a in legal if isinstance(a, Marry)]):
                label += " (m)" if action.card.rank == self.session.rs.marriage.ranks[0] else " (M)"
            right = isinstance(action, Declare) and self.claim_looks_right()
            buttons.append(ChoiceButton(action, label, classes="action", variant="success" if right else "default"))
        if self.session.practice and not self.session.deal_over:  # a deal that is over is not taken back
            buttons.append(ChoiceButton("hint", "Hint (h)"))
            buttons.append(ChoiceButton("undo", "Undo (u)", disabled=not self.session.can_undo()))
        box.mount(*(Horizontal(*row) for row in button_rows(buttons, self.app.size.width - 2)))

    def on_resize(self, event: events.Resize) -> None:
        """The rows of buttons are cut for the terminal's width: cut them again when it changes
        (and say again whether the column needs PgDn)."""
        if self.is_mounted:
            self.refresh_table()
            self.call_after_refresh(self.refresh_bindings)

    def claim_looks_right(self) -> bool:
        """Whether the table's own count (where it keeps one) says a claim would stand."""
        s = self.session
        view = s.view(self.me)
        mine = s.rs.side_of(self.me)
        return mine in render.points_shown(view, s.practice) and view.card_points[mine] >= s.rs.claim.target

    # ------------------------------------------------------------------ the bots' turns
    def advance(self) -> None:
        """Play on until the person must decide: bots one move at a time (with a pause a
        person can follow), a forced move of the person's for them, the summary at the end."""
        if cast("TableApp", self.app).leaving:
            return
        s = self.session
        if s.deal_over:
            self.refresh_table()
            self.app.push_screen(DealSummary(s, self.me), self.after_summary)
            return
        if s.human_to_act() == self.me:
            view = s.view(self.me)
            legal = s.legal()
            if self.passing_word:
                self.message, self.passing_word = "", False
            drawn = [c for c in view.hand if c not in self.hand_after] if self.hand_after is not None else []
            drew = f"you drew {facts.card_text(drawn[0])}" if len(drawn) == 1 else ""
            self.hand_after = None
            if len(legal) == 1:
                # the card stays in view with its trick until the person's next move, as the note
                # does (which replaces the note of a move played for them before: its trick is gone)
                forced = f"only one move: {facts.describe_action(view, legal[0])} (played for you)"
                self.message = f"{drew}; {forced}" if drew else forced
                named = bool(render.points_shown(view, s.practice)) or not isinstance(legal[0], Play)  # the log outlives the trick
                self.log_line(f"({facts.describe_action(view, legal[0]) + ': ' if named else ''}your only move, played for you)", of_move=True)
                # the table as it stands first (the trick just taken in view), then the move
                # after the pause a bot's move takes, so that the person sees both
                self.refresh_table()
                self.after_pause(lambda: self.play_forced(legal[0]))
                return
            if drew:
                self.note(drew)
            self.refresh_table()
            return
        try:
            moved = s.bot_step()
        except (RulesError, RecordNotWritten) as exc:  # a trained policy that fails (BotError), a house formula, a full disk: the table cannot go on
            cast("TableApp", self.app).failed(exc)
            return
        if moved:
            self.refresh_table()
            self.after_pause(self.advance)
            return
        self.refresh_table()  # another person's turn (hot seat is not offered by this table)

    def after_pause(self, then: Callable[[], object]) -> None:
        """``then`` after the pause between two moves (``--bot-delay``), so each card is seen to land."""
        if self.bot_delay > 0:
            self.set_timer(self.bot_delay, then)
        else:
            self.call_later(then)

    def play_forced(self, action: Action) -> None:
        """The person's only legal move, played for them after the pause -- if it still is
        their only move (a key pressed in the pause may have played it already)."""
        s = self.session
        if cast("TableApp", self.app).leaving or s.human_to_act() != self.me or s.legal() != [action]:
            return
        self.play(action, confirmed=True, keep_notes=True, keep_trick=True)

    def after_summary(self, _: None = None) -> None:
        s = self.session
        self.just_played, self.taker, self.message = [], None, ""
        self.query_one("#log", WrappingLog).clear()
        self.log_lines = []
        if s.match_over:
            app = cast("TableApp", self.app)
            app.finish_match()
            return
        s.start_deal()
        self.log_line(f"Deal {s.number}: {facts.who_is_who(s.view(self.me))}")
        self.advance()

    # ------------------------------------------------------------------ the person's moves
    def play(self, action: Action, *, confirmed: bool = False, keep_notes: bool = False, keep_trick: bool = False) -> None:
        """The person's move: confirmed first if it costs points by surprise, explained if illegal.
        ``keep_trick``: a move played for the person leaves the trick just taken in view (it
        is not their move: it stays until a newer trick is taken or they move)."""
        s = self.session
        if s.human_to_act() != self.me:
            return
        view = s.view(self.me)
        warning = claim_question(view, action, s.practice)
        closing = close_question(view, action)
        if (warning or closing) and not confirmed:

            def answered(yes: bool | None) -> None:
                if yes:
                    self.play(action, confirmed=True)
            asked = ConfirmScreen(warning) if warning else ConfirmScreen(closing or "", "Close", "Do not close")
            self.app.push_screen(asked, answered)
            return
        gathered = (self.just_played, self.taker)
        if not keep_trick:
            self.just_played, self.taker = [], None  # the person has seen the trick before: it is gathered now
        try:
            s.act(action)
        except IllegalActionError as exc:
            self.just_played, self.taker = gathered
            self.message = f"illegal: {refusal(view, exc.message)}"
            self.refresh_table()
            return
        except (RulesError, RecordNotWritten) as exc:  # the rules themselves fail (a house formula), the record cannot be written: the table cannot go on
            cast("TableApp", self.app).failed(exc)
            return
        if not keep_notes:
            self.message = ""
        # the hand less the card played: a trick this move completes is followed by the draw at once
        played = action.card if isinstance(action, (Play, Marry)) else None
        self.hand_after = tuple(c for c in view.hand if c != played) if not isinstance(action, Exchange) else s.view(self.me).hand
        self.advance()

    def note(self, text: str) -> None:
        """Tell the person something on the status line, until their next move."""
        self.message = f"{self.message}; {text}" if self.message else text

    def nothing_done(self, key: str, why: str = "") -> None:
        """A key that did nothing: say so briefly on the status line, with the keys that do."""
        s = self.session
        if s.state is None:
            return
        legal = s.legal() if s.human_to_act() == self.me else []
        self.message = unused_key(s.view(self.me), key, legal, why, practice=s.practice, undo=s.can_undo())
        self.passing_word = True  # gone when the person's turn comes (the keys it lists change)
        self.refresh_table()

    def on_key(self, event: events.Key) -> None:
        """A printable key that no binding takes (bindings are looked up after this handler):
        said to do nothing, rather than ignored in silence.  Hint and undo outside practice
        mode are bound but switched off (:meth:`check_action`), so they come here too, and
        their actions say what they are for."""
        char = event.character
        if char is None or not event.is_printable or char.isspace() or event.key in self.active_bindings:
            return
        event.stop()
        switched_off = [b.action for b in self.BINDINGS if isinstance(b, Binding) and b.key == event.key and b.action in ("hint", "undo")]
        if switched_off:
            getattr(self, f"action_{switched_off[0]}")()
        else:
            self.nothing_done(char)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button
        if not isinstance(button, ChoiceButton):
            return
        choice = button.choice
        if choice == "hint":
            self.action_hint()
        elif choice == "undo":
            self.action_undo()
        elif isinstance(choice, Card):
            self.play_card(choice)
        elif isinstance(choice, Action):
            self.play(choice)

    def play_card(self, c: Card) -> None:
        """A card chosen by key or click: played; a marriage card asks whether to announce,
        since leading it unannounced gives the marriage away."""
        legal = self.session.legal() if self.session.human_to_act() == self.me else []
        if Play(c) in legal and Marry(c) in legal:
            value = facts.marriage_value(self.session.view(self.me), c.suit)

            def answered(announce: bool | None) -> None:
                if announce is not None:
                    self.play(Marry(c) if announce else Play(c))

            question = f"Announce {value} in {facts.suit_text(c.suit)} and lead {facts.card_text(c)}?\n\n(n leads it without announcing; Esc chooses again)"
            self.app.push_screen(ConfirmScreen(question, "Announce", "Just play it"), answered)
        elif Play(c) in legal:
            self.play(Play(c))
        elif Marry(c) in legal:
            self.play(Marry(c))
        elif Discard(c) in legal:
            self.play(Discard(c))
        elif legal:
            why = self.session.explain(Play(c))
            self.message = f"illegal: {refusal(self.session.view(self.me), why) if why else 'not now'}"
            self.refresh_table()
        else:
            self.nothing_done(card_key(render.sorted_hand(self.session.view(self.me)).index(c) + 1) or facts.card_text(c))

    def action_card(self, k: int) -> None:
        """A card's key (:data:`~cli.table.words.CARD_KEYS`): the k-th card of the hand -- or,
        in the auction, a bid of k, while trump is named the k-th suit (the number keys: 0, -
        and = are cards' keys only, as the buttons of bids and suits say)."""
        if self.session.state is None:
            return
        legal = self.session.legal() if self.session.human_to_act() == self.me else []
        if k > 9 and any(isinstance(a, (NameTrump, Bid)) for a in legal):
            self.nothing_done(CARD_KEYS[k - 1], "a card's key, and no card is played now")
            return
        if any(isinstance(a, NameTrump) for a in legal):  # naming trump: the suit with that number
            suits = self.session.rs.deck.suits
            choice = NameTrump(suits[k - 1]) if 1 <= k <= len(suits) else None
            if choice is not None and choice in legal:
                self.play(choice)
            else:
                self.message = f"no suit {k}: " + ", ".join(f"{i} {facts.suit_text(s)}" for i, s in enumerate(suits, 1))
                self.refresh_table()
            return
        if any(isinstance(a, Bid) for a in legal):
            if Bid(k) in legal:
                self.play(Bid(k))
            else:
                self.message = f"no bid of {k} now: " + refusal(self.session.view(self.me), self.session.explain(Bid(k)) or "")
                self.refresh_table()
            return
        hand = render.sorted_hand(self.session.view(self.me))
        if 1 <= k <= len(hand):
            self.play_card(hand[k - 1])
        else:
            self.nothing_done(CARD_KEYS[k - 1], f"you hold {len(hand)} card{'s' if len(hand) != 1 else ''}")

    def action_kind(self, name: str) -> None:
        kind = next(k for k in ACTION_KEYS if k.__name__ == name)
        none = facts.absent(self.session.rs, kind)  # a game without the move says so, whatever the moment
        if none is not None or self.session.human_to_act() != self.me:
            self.nothing_done(ACTION_KEYS[kind], none or "")
            return
        matching = [a for a in self.session.legal() if type(a).__name__ == name]
        if len(matching) == 1 or one_marriage(matching):
            self.play(matching[0])  # one marriage whichever card leads it: the first (the stronger)
        elif matching:
            self.message = "which one? " + ", ".join(action_label(self.session.rs, a) for a in matching) + " — click it"
            self.refresh_table()
        else:  # why not, in the engine's words (told to the person), where the move needs no card to name
            why = self.session.explain(kind()) if kind in (Close, CloseBeforeDraw, Exchange, Declare, Continue, Pass) else None
            if why:
                why = refusal(self.session.view(self.me), why)
            self.nothing_done(ACTION_KEYS[kind], f"{KEY_WORDS[kind]}: not now ({why})" if why else f"no {KEY_WORDS[kind]} now")

    def action_marry_second(self) -> None:
        """M: the marriage led with its second card (the queen), where m leads the king."""
        marriages = [a for a in self.session.legal() if isinstance(a, Marry)] if self.session.human_to_act() == self.me else []
        if one_marriage(marriages):
            self.play(marriages[-1])
        else:
            self.nothing_done("M", "no marriage to lead now" if self.session.human_to_act() == self.me else "")

    def action_hint(self) -> None:
        s = self.session
        if not s.practice:
            self.nothing_done("h", "hints are for practice mode (rules play --practice)")
        elif s.human_to_act() == self.me:
            best = s.hint(self.me)
            self.message = f"hint: the search bot would {facts.describe_action(s.view(self.me), best)}"
        self.refresh_table()

    def action_undo(self) -> None:
        s = self.session
        if not s.practice:
            self.nothing_done("u", "undo is for practice mode (rules play --practice)")
        else:
            try:
                undone = s.undo()
            except RecordNotWritten as exc:  # the record of the deal taken back cannot be written
                cast("TableApp", self.app).failed(exc)
                return
            if not undone:
                self.message = "nothing to take back in this deal"
                self.refresh_table()
                return
            self.just_played, self.taker = [], None
            self.message = "took back your last move"
            self.relog()
        self.refresh_table()

    def action_column_page(self, by: int) -> None:
        """Page down or up where a small terminal cannot show all of the table.  Down: first
        the screen, where the rows of cards and buttons at its foot do not fit (a long hand, an
        auction of long contracts: the moves on offer come first), then the table's column (the
        scores, the announcements, the last trick below the table itself).  Up goes back the
        same way: the column, then the screen."""
        column = self.query_one("#left", VerticalScroll)
        if by > 0:
            if self.scroll_y < self.max_scroll_y:
                self.scroll_page_down(animate=False)
            else:
                column.scroll_page_down(animate=False)
        elif column.scroll_y > 0:
            column.scroll_page_up(animate=False)
        else:
            self.scroll_page_up(animate=False)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.session.rs, self.session.practice))

    def action_quit_table(self) -> None:
        self.app.exit()
