"""The start screen: the game, the opponent, practice mode -- or the match left last."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Label, Select, Static, Switch

from interpreter.core.errors import RulesError
from interpreter.core.printable import printable
from interpreter.play import seatfacts as facts
from interpreter.play.bots.search_bot import LEVEL_TIMES
from interpreter.play.session import TableSession
from interpreter.rules.resources import bundled_rulesets
from cli.table.words import ruleset_choice

if TYPE_CHECKING:
    from cli.table.app import TableApp

#: Opponents offered on the start screen: (label, seat kind).
OPPONENTS = (
    (f"search bot, normal ({LEVEL_TIMES['normal'].words()})", "search:normal"),  # measured: see LEVEL_TIMES
    (f"search bot, easy ({LEVEL_TIMES['easy'].words()})", "search:easy"),
    (f"search bot, hard ({LEVEL_TIMES['hard'].words()})", "search:hard"),
    ("greedy bot (fast, plays by rules of thumb)", "greedy"),
    ("random bot", "random"),
)

class StartScreen(Screen[None]):
    """Pick a ruleset and an opponent, then start."""

    BINDINGS = [Binding("enter", "start", "Start", priority=False), Binding("g", "resume", "Go on", show=False), Binding("q", "app.quit", "Quit")]

    saved: tuple[Path, TableSession] | None = None

    def compose(self) -> ComposeResult:
        app = cast("TableApp", self.app)
        opts = app.options
        names = sorted(bundled_rulesets(), key=lambda n: (n.startswith("house/"), n))
        choices = [(ruleset_choice(name), name) for name in names]
        if opts.ruleset and opts.ruleset not in names:
            choices.insert(0, (ruleset_choice(opts.ruleset), opts.ruleset))
        with Vertical(id="start"):
            yield Static(Text("Sixty-Six Rules", style="bold") + Text(" — a card table for the Sixty-Six family"), id="title")
            yield Label("Ruleset")
            yield Select(choices, value=opts.ruleset or "schnapsen", allow_blank=False, id="ruleset")
            yield Label("Opponent (the bot in every other seat; with four players, your partner too)")
            offered: list[tuple[str | Text, str]] = list(OPPONENTS)
            if opts.opponent not in [k for _, k in offered]:  # --opponent search:ms=300, policy:..., as asked
                offered.insert(0, (Text(printable(opts.opponent)), opts.opponent))
            yield Select(offered, value=opts.opponent, allow_blank=False, id="opponent")
            with Horizontal(id="practice-row"):
                yield Switch(value=opts.practice, id="practice")
                yield Label("Practice mode: hints, undo, and the points counted for you", id="practice-label")
            with Horizontal(id="buttons"):
                yield Button("Start (Enter)", variant="primary", id="go")
                self.saved = saved_match()
                if self.saved is not None:
                    path, session = self.saved
                    score = facts.match_line(session.rs, session.humans[0], session.match.scores)
                    label = f"Go on with {path.name}: {session.rs.title}, deal {max(session.number, 1)}, {score} (g)"
                    yield Button(Text(printable(label)), id="resume")
            yield Static(Text("Keys at the table: 1-9 play a card (0, -, = cards 10-12), m marry, x exchange, c close, d declare, h hint, u undo, ? help, q quit", style="dim"))
        yield Footer()

    @on(Button.Pressed, "#resume")
    def action_resume(self) -> None:
        """Sit down again at the match saved last in this folder -- in practice mode if the
        switch says so (``--practice`` turns it on), as ``rules play --practice --resume`` does:
        a record does not say whether its match was played in practice mode."""
        from interpreter.play.recordfile import RecordNotWritten
        from interpreter.play.session import resume

        app = cast("TableApp", self.app)
        if self.saved is not None:
            path = self.saved[0]
            practice = bool(self.query_one("#practice", Switch).value)
            try:  # now for real: the match goes on in its record -- unless another rules process holds it (RecordBusy)
                session = resume(path, practice=practice, allow_outside=app.options.allow_outside, trusted=(app.options.opponent,))
            except (RulesError, OSError, RecordNotWritten) as exc:
                self.notify(printable(f"cannot go on with {path.name}: {exc}"), severity="error", markup=False)
                return
            app.resume_match(session)

    def on_mount(self) -> None:
        self.query_one("#go", Button).focus()

    @on(Button.Pressed, "#go")
    def action_start(self) -> None:
        app = cast("TableApp", self.app)
        ruleset = self.query_one("#ruleset", Select).value
        opponent = self.query_one("#opponent", Select).value
        practice = self.query_one("#practice", Switch).value
        app.start_match(str(ruleset), str(opponent), bool(practice))


#: How many of this folder's newest ``rules-play-*.yaml`` the start screen tries to go on with.
SAVED_LOOKED_AT = 5


def saved_match(folder: Path = Path(".")) -> tuple[Path, TableSession] | None:
    """The newest match of ``rules play`` in ``folder`` that is still in play (its record
    names a person, nobody has won), ready to go on; ``None`` if there is none."""
    from interpreter.play.session import resume

    try:
        paths = sorted(folder.glob("rules-play-*.yaml"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return None
    for path in paths[:SAVED_LOOKED_AT]:
        try:
            return path, resume(path, write=False)  # only a look: the file is rewritten when the person goes on
        except (RulesError, OSError):
            continue  # finished, or not ours to go on with
    return None
