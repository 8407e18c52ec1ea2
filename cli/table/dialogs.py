"""The table's dialogs: a question before a costly move, the help, the summary of a deal.

Each dialog is a frame that scrolls (:class:`DialogFrame`): on a terminal too small for it
(the summary of a four-player deal at 60 x 20), it opens at its top -- the result, the
title, the question -- with its button focused, and PgDn, PgUp, Home, End and the arrows
scroll it.  Before, focusing the button scrolled the frame down to it and no key scrolled it
back: the first lines of the summary ("Deal 1 is over", who won) could not be read.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table as RichTable
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from interpreter.core.printable import printable
from interpreter.play import seatfacts as facts
from interpreter.play.session import TableSession
from interpreter.rules.ruleset import Ruleset
from cli.table import render
from cli.table.words import card_values, deal_points_line, match_over, rules_in_brief, table_keys, told


class DialogFrame(VerticalScroll, can_focus=False):
    """A dialog's frame (``#dialog``): it scrolls by the keys of a scrollable container --
    PgDn, PgUp, Home, End, Up, Down -- which reach it from the dialog's focused button (a
    key the button does not take goes on to the frame around it).  It takes no focus itself:
    Tab still goes from button to button, Enter still presses the focused one."""


def focus_at_top(screen: Screen[Any], selector: str) -> None:
    """Focus the dialog's button without scrolling the frame to it, so that the dialog opens
    at its top (the screen's ``AUTO_FOCUS`` is off: it would scroll to the button)."""
    screen.query_one(selector).focus(scroll_visible=False)


class ConfirmScreen(ModalScreen[bool | None]):
    """Ask before a move that may cost points by surprise: a claim, a marriage card led
    without its announcement.  y answers yes, n no, Esc neither (nothing is played)."""

    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n", "answer(False)", "No"), Binding("escape", "answer(None)", "Cancel")]
    AUTO_FOCUS = ""  # focus_at_top, in on_mount

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.labels = (yes, no)

    def compose(self) -> ComposeResult:
        with DialogFrame(id="dialog"):
            yield Static(Text(self.question), id="question")  # plain text, never markup
            with Horizontal(id="answers"):
                yield Button(f"{self.labels[0]} (y)", variant="warning", id="yes")
                yield Button(f"{self.labels[1]} (n)", variant="primary", id="no")

    def on_mount(self) -> None:
        focus_at_top(self, "#yes")

    def action_answer(self, yes: bool | None) -> None:
        self.dismiss(yes)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class HelpScreen(ModalScreen[None]):
    """This ruleset's actions and the table's keys."""

    BINDINGS = [Binding("escape,question_mark,q,enter", "close", "Close")]
    AUTO_FOCUS = ""  # focus_at_top, in on_mount

    def __init__(self, rs: Ruleset, practice: bool) -> None:
        super().__init__()
        self.rs = rs
        self.practice = practice

    def compose(self) -> ComposeResult:
        grid = RichTable.grid(padding=(0, 2))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column()
        for key, what in table_keys(self.rs, self.practice):
            grid.add_row(key, what)
        grid.add_row("mouse", "click a card or a button")
        with DialogFrame(id="dialog"):
            yield Static(Text(printable(self.rs.title), style="bold"))
            yield Static(Text(rules_in_brief(self.rs), style="dim"))
            yield Static(Text("Card values: " + card_values(self.rs)))
            yield Static(grid)
            yield Button("Close (Esc)", id="close")

    def on_mount(self) -> None:
        focus_at_top(self, "#close")

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed)
    def pressed(self) -> None:
        self.dismiss(None)


class DealSummary(ModalScreen[None]):
    """The end of a deal: the result, every hand as dealt, the match score."""

    BINDINGS = [Binding("enter,space,n", "close", "Next"), Binding("q", "app.quit", "Save and quit"),
                Binding("u,h", "over", show=False)]
    AUTO_FOCUS = ""  # focus_at_top, in on_mount

    def __init__(self, session: TableSession, me: int) -> None:
        super().__init__()
        self.session = session
        self.me = me

    def compose(self) -> ComposeResult:
        s = self.session
        result = s.result()
        assert result is not None and s.state is not None
        view = s.view(self.me)
        rs = s.rs
        points = s.points_at_end()  # as the deal counted them: cards laid away included, now it is over
        text = Text(f"Deal {s.number} is over\n", style="bold")
        scored = [(k, v) for k, v in enumerate(result.scores) if v]
        if result.redeal:
            text.append("thrown in: nobody bid\n")
        elif result.winner is not None and len(scored) == 1 and scored[0][0] == result.winner and scored[0][1] > 0:
            name = facts.side_name(rs, self.me, result.winner)
            won = result.game_points if result.game_points is not None else result.scores[result.winner]
            verb = "win" if name in ("you", "opponents") else "wins"
            text.append(f"{name} {verb} {facts.score_words(rs, won)}", style="bold green" if rs.side_of(self.me) == result.winner else "bold red")
            text.append(f" — {told(view, result.reason, result.winner, points)}\n")
        elif result.drawn or (not scored and result.winner is None):
            text.append(f"drawn — {told(view, result.reason, result.winner, points)}\n")
        else:  # what each side scored: a set side's loss, defenders' gains (the winner alone is not all of it)
            gains = ", ".join(f"{facts.side_name(rs, self.me, k)} {'+' if v > 0 else ''}{facts.score_words(rs, v)}" for k, v in scored) or "nobody scores"
            text.append(f"{gains} — {told(view, result.reason, result.winner, points)}\n", style="bold")
        text.append(deal_points_line(view, points) + "\n")
        for line in facts.announcements(view):
            text.append("announced: " + line.split(" (pending")[0] + "\n", style="magenta")
        text.append("\nHands as dealt:\n")
        for seat, hand in enumerate(s.summary_hands()):
            text.append(f"  {facts.seat_name(view, seat):<12}")
            for c in hand:
                text.append_text(render.card(c, trump=view.trump))
                text.append(" ")
            text.append("\n")
        text.append("\n" + facts.match_line(rs, self.me, s.match.scores) + "\n", style="bold cyan")
        if s.match_over:
            text.append(f"\nThe match is over: {match_over(s.state, s.match, self.me)}.\n", style="bold")
        with DialogFrame(id="dialog"):
            yield Static(text, id="summary")
            yield Static(id="note")  # shown only when it has something to say (action_over)
            yield Button("New match (Enter)" if s.match_over else "Next deal (Enter)", variant="primary", id="next")

    def on_mount(self) -> None:
        self.query_one("#note", Static).display = False
        focus_at_top(self, "#next")

    def action_over(self) -> None:
        """Undo and hint in practice mode work within a deal: pressed on its summary, they say
        so rather than nothing."""
        said = "the deal is over: undo and hints work within the deal in play" if self.session.practice else \
            "hints and undo are for practice mode, within a deal (rules play --practice)"
        note = self.query_one("#note", Static)
        note.update(Text(said + "; Enter goes on", style="bold yellow"))
        note.display = True

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed)
    def pressed(self) -> None:
        self.dismiss(None)
