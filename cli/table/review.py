"""``rules play --review RECORD``: a recorded match stepped through at the card table, with the
analysis of each decision.

The table shows the position before each recorded move as one seat saw it -- its view only,
drawn by the table's own panels (:mod:`cli.table.render`, points counted as in practice
mode) -- the move that was made next, and, where that move was the seat's own decision, what
``rules analyse`` says of it (:func:`~interpreter.play.analysis.analyse_decision`, seeded as
the command seeds it, so both give the same figures): the move played and the best one with
their values, the grade, every legal action's value, what the values rest on and the best
line.  A decision is analysed in a worker thread when it is first shown, and kept.

A decision of the seat that the record leaves out -- going on (``continue``) where it could
close before the draw or declare, or not going out at once after its marriage -- has a
position of its own, before the recorded move that follows it (numbered as that move), so
that it is shown with the cards the seat held when it chose, as ``rules analyse`` reports it.

A deal a person is still playing (the last deal of a record they left, to go on later) is
shown as the table shows it to them now: the points the rules let them count, no best line,
and only the positions from the tricks they may still look back at (:meth:`Review.first_shown`).

Keys: right and left arrows step a move, page down and page up (or ``n`` and ``p``) a deal,
``q`` leaves, and so do Ctrl-C and Ctrl-Q, as at the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from dataclasses import dataclass, field, replace
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.filter import LineFilter
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from cli.analysis_words import action_words, basis_words, line_words, shown_loss, signed, verdict_words
from cli.table import render
from cli.table.colourless import readable_filters
from cli.table.words import move_line
from interpreter.core.actions import Action, Continue, NameTrump, Play
from interpreter.core.cards import Card
from interpreter.core.printable import printable
from interpreter.engine.state import DealState
from interpreter.engine.match import scores_after, with_carry
from interpreter.engine.views import SeatView
from interpreter.play import seatfacts as facts
from interpreter.play.analysis import MoveReport, analyse_decision
from interpreter.play.record import Record, apply_recorded, implicit_step, take_implicit_steps


@dataclass
class Review:
    """A record and the seat whose eyes review it: the positions of one deal at a time, the
    match score before each deal, and the analyses made so far."""

    record: Record
    seat: int
    iterations: int = 3000
    seed: int = 0
    name: str = "record"
    secret_deal: int | None = None  # a deal a person still plays (from 0): shown only as the table shows it to them now
    scores_before: list[list[int]] = field(default_factory=list)
    reports: dict[tuple[int, int], MoveReport | None] = field(default_factory=dict)  # by deal and position
    _deal: int = -1
    _states: list[DealState] = field(default_factory=list)
    _steps: list[tuple[int, Action | None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = self.record.ruleset.side_count
        running = [0] * n
        carry = 0
        for deal in self.record.deals:
            if deal.match_scores is not None:
                running = list(deal.match_scores)
            self.scores_before.append(list(running))
            state = deal.state.copy()
            for move in deal.moves:
                if state.is_over:
                    break
                apply_recorded(state, move)
            if state.result is not None:  # counted as the match counts it (a carried point, a floor at 0)
                counted, carry = with_carry(self.record.ruleset, state.result, carry)
                running = scores_after(self.record.ruleset, running, counted)

    def states(self, deal: int) -> list[DealState]:
        """The positions of ``deal``: before each recorded move, and after the last; before a
        move, first each position where the seat declined a step the record leaves out
        (:meth:`step`)."""
        if deal != self._deal:
            state = self.record.deals[deal].state.copy()
            self._states, self._steps = [], []
            for index, move in enumerate(self.record.deals[deal].moves):
                if state.is_over:
                    break
                probe = state.copy()
                while implicit_step(probe, move):
                    if probe.actor == self.seat and len(probe.legal_codes()) > 1:  # the seat's own choice
                        self._states.append(probe.copy())
                        self._steps.append((index, Continue()))
                    probe.apply(Continue(), keep_undo=False)
                self._states.append(state.copy())
                self._steps.append((index, move))
                apply_recorded(state, move)
            self._states.append(state.copy())
            self._steps.append((self._steps[-1][0] + 1 if self._steps else 0, None))
            self._deal = deal
        return self._states

    def step(self, deal: int, position: int) -> tuple[int, Action | None]:
        """What follows position ``position`` of ``deal``: the number of the recorded move
        (from 0) and the move -- ``Continue()`` at a step the seat declined before that move,
        ``None`` after the last."""
        self.states(deal)
        return self._steps[position]

    def moves_shown(self, deal: int) -> int:
        """How many positions of ``deal`` the record's own moves give (its moves played, and
        the end): what "move N of M" counts."""
        return self.step(deal, len(self.states(deal)) - 1)[0] + 1

    def first_shown(self, deal: int) -> int:
        """The first position of ``deal`` the review shows: 0, but in the deal a person is still
        playing the first one whose cards the person may still look at, as the table lets
        them -- the positions from the last trick the rules let them look back at no longer
        (``info.review_own_tricks``: none, the last trick until the next lead, their own
        side's), so that every card of those positions is on the table or in a trick the seat
        may look back at now.  Stepping back past it would turn up tricks that lie face down."""
        states = self.states(deal)
        if deal != self.secret_deal:
            return 0
        hidden = len(self.hidden_tricks(deal))
        return next(k for k, state in enumerate(states) if len(state.view(self.seat).completed_tricks) >= hidden)

    def hidden_tricks(self, deal: int) -> tuple[tuple[tuple[int, Card], ...], ...]:
        """The tricks of ``deal`` the seat may not look back at where the record stops (none
        but in the deal a person is still playing): every completed trick up to the last one
        :attr:`~interpreter.engine.views.SeatView.reviewable_tricks` leaves out."""
        if deal != self.secret_deal:
            return ()
        view = self.states(deal)[-1].view(self.seat)
        tricks = [trick.cards for trick in view.completed_tricks]
        open_ = set(view.reviewable_tricks)
        kept = len(tricks)
        while kept and tricks[kept - 1] in open_:
            kept -= 1
        return tuple(tricks[:kept])

    def report(self, deal: int, position: int, state: DealState) -> MoveReport | None:
        """The analysis of the move after position ``position`` of ``deal`` (a recorded move,
        or a step the seat declined), made from ``state`` (that position, never changed: a
        worker thread analyses while the table may move to another deal); ``None``: not a
        decision of the seat."""
        key = (deal, position)
        if key not in self.reports:
            index, move = self.step(deal, position)
            assert move is not None
            report = analyse_decision(state, move, deal, index, {self.seat}, self.iterations, self.seed)
            if report is not None and deal == self.secret_deal:
                report = replace(report, line=())  # the cards as they lie are not known yet at that table
            self.reports[key] = report
        return self.reports[key]


class ReviewApp(App[None]):
    """The record at the table, one position at a time (see the module docstring)."""

    TITLE = "Sixty-Six Rules -- review"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    #scoreboard { background: $boost; padding: 0 1; height: auto; }
    #where { padding: 0 1; height: auto; color: $text-muted; }
    #middle { height: 1fr; }
    #left { width: 3fr; padding: 0 1; }
    #others { height: auto; margin-bottom: 1; }
    #centre { height: auto; border: round $accent; padding: 0 1; min-height: 5; }
    #info { height: auto; margin-top: 1; }
    #analysis { width: 2fr; border: round $panel; padding: 0 1; overflow-y: auto; }
    #hand { height: auto; padding: 0 1; }
    #move { height: auto; padding: 0 1; }
    """
    BINDINGS = [
        Binding("left", "step(-1)", "Back"),
        Binding("right", "step(1)", "Forward"),
        Binding("pageup,p", "deal(-1)", "Deal back"),
        Binding("pagedown,n", "deal(1)", "Next deal"),
        Binding("q", "quit", "Quit"),
        # Ctrl-C leaves as q does, as at the table (cli.table.app): textual's own Ctrl-C only
        # says "press ctrl+q to quit", and the review went on (ctrl+q, textual's, leaves too)
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
    ]

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, with colour off (``NO_COLOR``) one that keeps every text readable
        (:mod:`cli.table.colourless`: red cards were dark grey on a dark background)."""
        return readable_filters(super().get_line_filters())

    def __init__(self, review: Review) -> None:
        super().__init__()
        self.review = review
        self.deal = 0
        self.index = review.first_shown(0)
        self.board: tuple[SeatView, Sequence[int], int] | None = None  # the header's view, match score and deal number, as shown

    def compose(self) -> ComposeResult:
        yield Static(id="scoreboard")
        yield Static(id="where")
        with Horizontal(id="middle"):
            with Vertical(id="left"):
                yield Static(id="others")
                yield Static(id="centre")
                yield Static(id="info")
            yield Static(id="analysis")
        yield Static(id="hand")
        yield Static(id="move")
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    # ------------------------------------------------------------------ moving
    def action_step(self, by: int) -> None:
        last = len(self.review.states(self.deal)) - 1
        first = self.review.first_shown(self.deal)  # a deal still in play: not back into tricks lying face down
        index = self.index + by
        if index < first and self.deal > 0:
            self.deal -= 1
            self.index = len(self.review.states(self.deal)) - 1
        elif index > last and self.deal + 1 < len(self.review.record.deals):
            self.deal += 1
            self.index = self.review.first_shown(self.deal)
        else:
            self.index = max(first, min(last, index))
        self.show()

    def action_deal(self, by: int) -> None:
        self.deal = max(0, min(len(self.review.record.deals) - 1, self.deal + by))
        self.index = self.review.first_shown(self.deal)
        self.show()

    # ------------------------------------------------------------------ drawing
    def show(self) -> None:
        review = self.review
        states = review.states(self.deal)
        state = states[self.index]
        number, move = review.step(self.deal, self.index)
        declined = isinstance(move, Continue)  # a step the seat declined: shown before it is taken
        if move is not None and not declined and implicit_step(state, move):  # the steps a record leaves out (declining to go out, the draw)
            state = state.copy()
            take_implicit_steps(state, move)
        view = state.view(review.seat)
        # A deal that is over is public: every side's points.  The deal a person is still
        # playing is shown as the table shows it to them now: the points the rules let them
        # count (a record does not say whether it was practice: as the table counts outside
        # practice mode), and a last trick only where they may still look back at it.
        playing = self.deal == review.secret_deal
        open_now = states[-1].view(review.seat).reviewable_tricks if playing else ()
        last_trick = not playing or all(trick in open_now for trick in view.reviewable_tricks[-1:])
        first = review.first_shown(self.deal)
        hidden = review.step(self.deal, first)[0]  # the recorded moves before it
        self.board = (view, review.scores_before[self.deal], self.deal + 1)
        self._draw_scoreboard(self.size.width)
        self.query_one("#where", Static).update(Text(  # Text: a file name is no markup, and printable: no escapes
            f"review of {printable(review.name)} as seat {review.seat} sees it  ·  deal {self.deal + 1} of {len(review.record.deals)}"
            f"  ·  move {number + 1} of {review.moves_shown(self.deal)}" + ("  ·  a step the record leaves out" if declined else "")
            + (f"  ·  {'move 1' if hidden == 1 else f'moves 1 to {hidden}'} face down" if hidden else "")
        ))
        self.query_one("#others", Static).update(render.others(view))
        self.query_one("#centre", Static).update(render.centre(view))
        self.query_one("#info", Static).update(render.info(view, practice=not playing, last_trick=last_trick))
        self.query_one("#hand", Static).update(self._hand(view, state, move))
        self.query_one("#move", Static).update(self._move(view, state, move))
        analysis = self.query_one("#analysis", Static)
        legal = state.legal_actions() if move is not None and state.actor == review.seat else []  # the seat's choices
        if move is None and not state.is_over:  # the record stops mid-deal: a deal a person is still playing
            analysis.update(Text("The deal is still being played: the record stops here, before the next move.", style="dim"))
        elif move is None:
            analysis.update(Text("The deal is over: nothing left to analyse.", style="dim"))
        elif state.actor != review.seat:
            analysis.update(Text("Another seat's move: only the reviewing seat's decisions are analysed.", style="dim"))
        elif (self.deal, self.index) in review.reports:
            analysis.update(self._analysis(review.reports[(self.deal, self.index)], legal))
        else:
            analysis.update(Text("analysing...", style="dim"))
            before = states[self.index]
            self.run_worker(lambda deal=self.deal, index=self.index: self._analyse(deal, index, before, legal), thread=True, exclusive=True)

    def _draw_scoreboard(self, width: int) -> None:
        """The score and the title, the title cut to the terminal's ``width`` (less the
        header's padding, 1 a side)."""
        if self.board is not None:
            self.query_one("#scoreboard", Static).update(render.scoreboard(*self.board, width - 2))

    def on_resize(self, event: events.Resize) -> None:
        """The title in the header is cut for the terminal's width: cut it again when it changes."""
        self._draw_scoreboard(event.size.width)

    def _analyse(self, deal: int, index: int, state: DealState, legal: Sequence[Action]) -> None:
        """In a worker thread: analyse, then draw it if the table still shows that move."""
        report = self.review.report(deal, index, state)
        self.call_from_thread(self._analysed, deal, index, report, legal)

    def _analysed(self, deal: int, index: int, report: MoveReport | None, legal: Sequence[Action]) -> None:
        if (deal, index) == (self.deal, self.index):
            self.query_one("#analysis", Static).update(self._analysis(report, legal))

    def _hand(self, view: SeatView, state: DealState, move: Action | None) -> Text:
        text = Text("Your hand: ", style="bold")
        mine = move is not None and state.actor == self.review.seat
        for k, c in enumerate(render.sorted_hand(view)):
            if k:
                text.append("  ")
            played = mine and isinstance(move, Play) and move.card == c
            if played:
                text.append("[", style="bold yellow")
            text.append_text(render.card(c, trump=view.trump))
            if played:
                text.append("]", style="bold yellow")
        return text

    def _move(self, view: SeatView, state: DealState, move: Action | None) -> Text:
        if move is None and not state.is_over:  # a deal still in play (a person's, or a record cut short)
            return Text(f"The record stops here, the deal still in play: {still_to_play(state, view)}")
        if move is None:
            result = state.result
            return Text("The deal is over" + (f": {winner_name(view, result.winner)} won" if result is not None and result.winner is not None else ""))
        actor = state.actor
        if actor is None:
            return Text(f"Next: {move}", style="bold")
        if actor == self.review.seat:  # the reviewing seat's own choice, told as one on offer
            return Text(f"Next: {facts.seat_name(view, actor)} -- {facts.describe_action(view, move)}", style="bold")
        # another seat's move, told as the table's log tells it: from the reviewing seat's view
        # after it, so that a card laid away face down stays unnamed -- but the seat named as
        # the screen names it, at this moment (the auction's last call may change who is a partner)
        after = state.copy()
        after.apply(move)
        return Text(f"Next -- {move_line(after.view(self.review.seat), self.review.seat, actor, move, before=view)}", style="bold")

    def _analysis(self, report: MoveReport | None, legal: Sequence[Action] = ()) -> Text:
        """The report of the seat's decision; with none, why: a forced move (``legal``, the
        seat's choices there, holds one), or a choice the analysis does not value -- trump
        named from the first cards, before any deal of the hidden cards can be drawn."""
        if report is None:
            return Text(not_valued(legal), style="dim")
        rs = self.review.record.ruleset
        text = Text()
        text.append(f"played {action_words(rs, report.played).removeprefix('play ')} {signed(report.played_value)}\n", style="bold")
        if report.best != report.played:
            text.append(f"best   {action_words(rs, report.best).removeprefix('play ')} {signed(report.best_value)}  (loss {shown_loss(report)})\n", style="bold green")
        else:
            text.append("the best move\n", style="green")
        said = report.grade or (verdict_words(report, rs) if report.uncertain else "")  # "uncertain": too few searches behind the loss
        if said:
            text.append(said + "\n", style="bold red" if report.grade == "blunder" else "bold yellow" if report.grade else "dim")
        text.append("\n")
        for action, value in report.values.items():
            mark = "  <- played" if action == report.played else ""
            text.append(f"{signed(value):>6}  {action_words(rs, action)}{mark}\n")
        text.append(f"\nvalues: {basis_words(report, rs)}\n", style="dim")
        if report.line:
            text.append(f"\nbest line with the cards as they lay:\n{line_words(report, rs)}\n")
        return text


def not_valued(legal: Sequence[Action]) -> str:
    """Why a decision of the reviewing seat has no analysis, told from its choices ``legal``."""
    if len(legal) < 2:
        return "A forced move: nothing to choose."
    if any(isinstance(action, NameTrump) for action in legal):
        return ("Chosen, not valued: trump is named (or not) from the first cards, before any deal of the "
                "hidden cards can be drawn, so no choice here has a value to compare.")
    return f"Chosen, not valued: the analysis gives none of the {len(legal)} choices here a value."


def still_to_play(state: DealState, view: SeatView) -> str:
    """Who moves next in a deal the record leaves unfinished, told to ``view``'s seat: ``you to
    play next``.  A record never holds the optional step of playing on (``continue``: not
    declaring, not closing), so where one is offered the move after it is named, and the
    step's seat with it: ``you to play next (once opponent plays on)``."""
    actor = state.actor
    if actor is None:
        return "nobody to play"
    if Continue() not in state.legal_actions():
        return f"{facts.seat_name(view, actor)} to play next"
    after = state.copy()
    after.apply(Continue())
    following = after.actor
    if following is None or following == actor:
        return f"{facts.seat_name(view, actor)} to play next"
    return f"{facts.seat_name(view, following)} to play next (once {facts.seat_name(view, actor)} plays on)"


def winner_name(view: SeatView, side: int) -> str:
    """The deal's winner, a match side, as the reviewing seat calls it: a side of several
    seats as the table's summary names it ("your team", "opponents"), a side of one seat as
    the seat ("you", "partner (seat 1)" where it played with the reviewer in the deal).  The
    side was named as if it were a seat: "seat 0 won" for the team of seats 0 and 2, "partner
    won" told to seat 2 of its own team."""
    seats = view.rs.sides[side]
    return facts.seat_name(view, seats[0]) if len(seats) == 1 else facts.side_name(view.rs, view.seat, side)


def review_app(record: Record, seat: int, iterations: int, seed: int, path: Path, secret_deal: int | None = None) -> ReviewApp:
    """The review of ``record`` as ``seat`` sees it (``path`` names it on the screen);
    ``secret_deal``: a deal a person is still playing, shown without best lines."""
    return ReviewApp(Review(record, seat, iterations, seed, path.name, secret_deal))
