"""``rules play``: a full-screen card table in the terminal (Textual), where a person meets the bots.

The app (:class:`TableApp`) goes through three screens: the start screen
(:mod:`cli.table.start`: ruleset, opponent, practice mode, or the match left last), the
table (:mod:`cli.table.screen`: the deal in play) and the summary at the end of each deal
(:mod:`cli.table.dialogs`, with the other dialogs).  The match itself is a
:class:`~interpreter.play.session.TableSession`; the screens read the person's
:class:`~interpreter.engine.views.SeatView` and the public events only (:mod:`cli.table.render`
draws the panels, :mod:`cli.table.words` words them), so no screen can show a card the seat
may not see until the deal is over.  The record is on disk after every move, and
``rules play --resume RECORD`` goes on from it.
"""

from __future__ import annotations

from collections.abc import Sequence

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import RenderableType
from textual.app import App, AutopilotCallbackType
from textual.filter import LineFilter
from textual.binding import Binding

from interpreter.core.errors import RulesError
from interpreter.core.printable import printable
from interpreter.play.recordfile import RecordNotWritten, lock_path
from interpreter.play.session import HUMAN, TableSession, new_seed
from interpreter.rules.loader import load_ruleset
from cli.table.colourless import readable_filters
from cli.table.screen import TableScreen
from cli.table.start import StartScreen
from cli.table.stopping import StopGuard


@dataclass
class TableOptions:
    """What ``rules play`` was asked for: the start screen's choices filled in."""

    ruleset: str | None = None
    opponent: str = "search:normal"
    seed: int | None = None
    practice: bool = False
    record: Path | None = None
    bot_delay: float = 0.6  # seconds between two bot moves, so a person sees each card land
    resume: TableSession | None = None
    allow_outside: bool = False
    saved: list[tuple[Path, bool]] = field(default_factory=list)  # (record, match finished), for the CLI to say
    stopped_by: int | None = None  # the stop signal that ended the table, if one did
    failure: RulesError | RecordNotWritten | None = None  # the error that ended the table, if one did (a bot that failed, a house formula, a full disk)


class TableApp(App[None]):
    """The card table: a start screen, then deals until the match is won."""

    TITLE = "Sixty-Six Rules"
    ENABLE_COMMAND_PALETTE = False  # Textual's palette means nothing to card players
    # Ctrl-C is the key a person presses to stop a program: here it saves and quits as q and
    # Ctrl-Q do (textual's own Ctrl-C only says "press ctrl+q to quit")
    BINDINGS = [Binding("ctrl+c", "quit", "Save & quit", show=False, priority=True)]
    CSS = """
    #start { padding: 1 2; width: 80; height: auto; }
    #start Select, #start Button { margin: 1 0 0 0; }
    #buttons { height: auto; }
    #buttons Button { margin-right: 2; }
    #buttons #resume { width: 1fr; }  /* a long label (the game, the deal, the score) wraps */
    #practice-row { height: 3; margin-top: 1; }
    #practice-label { padding: 1 1; }
    #title { margin-bottom: 1; }
    #scoreboard { background: $boost; padding: 0 1; height: auto; }
    #middle { height: 1fr; }
    #left { width: 3fr; padding: 0 1; overflow-y: auto; scrollbar-size-vertical: 1; }
    #others { height: auto; margin-bottom: 1; }
    #centre { height: auto; border: round $accent; padding: 0 1; min-height: 5; }
    #info { height: auto; margin-top: 1; }
    #log { width: 2fr; border: round $panel; overflow-x: hidden; overflow-y: auto; scrollbar-size-vertical: 1; scrollbar-gutter: stable; }  /* its lines wrap beside the scrollbar (cli.table.tablelog) */
    #status { height: auto; min-height: 2; padding: 0 1; }
    #hand { height: auto; padding: 0 1; }
    #hand Horizontal { height: auto; }
    #actions { height: auto; min-height: 1; padding: 0 1; }
    #actions Horizontal { height: 1; }
    #hand Button, #actions Button { margin-right: 1; min-width: 5; }
    #hand Button.card { min-width: 9; }
    #hand Button.card.unplayable { text-opacity: 0.6; }  /* greyed as a disabled button, yet a click on it says why (screen.draw_hand); under WCAG's 4.5:1 on purpose (a red card about 2.8:1): an inactive control, which WCAG 1.4.3 exempts -- a playable card reads at 5:1 at least (render.RED, tests/table/test_table_contrast.py) */
    ModalScreen { align: center middle; }
    #dialog { width: 90%; max-width: 100; height: auto; max-height: 100%; overflow-y: auto; border: thick $accent; background: $surface; padding: 1 2; }
    #dialog Button { margin: 1 1 0 0; }
    """

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, with colour off (``NO_COLOR``) one that keeps every text readable
        (:mod:`cli.table.colourless`: red cards were dark grey on a dark background)."""
        return readable_filters(super().get_line_filters())

    def __init__(self, options: TableOptions) -> None:
        super().__init__()
        self.options = options
        self.session: TableSession | None = options.resume
        self.leaving = False  # set the moment the app is told to exit: no screen draws after it
        self.guard: StopGuard | None = None  # the stop signals' handlers, once installed
        self.run_by_command = False  # run() (rules play), not a test's run_test(): the guard ends with run()

    def exit(self, result: None = None, return_code: int = 0, message: RenderableType | None = None) -> None:
        """Exit as textual does, first marking the app as leaving: a bot's move already queued
        (a timer, ``call_later``) must not draw into a screen textual is taking down, which
        raised a ``MountError`` traceback when a stop signal came between two bot moves."""
        self.leaving = True
        super().exit(result, return_code, message)

    def on_mount(self) -> None:
        self._catch_stop_signals()
        if self.session is not None:
            self.push_screen(TableScreen(self.session, self.session.humans[0], self.options.bot_delay))
        else:
            self.push_screen(StartScreen())

    def _catch_stop_signals(self) -> None:
        """A killed job (SIGTERM), a closed terminal (SIGHUP) or an interrupt sent from outside
        (SIGINT: at the table Ctrl-C is a key) ends the app as ``q`` does -- the terminal
        given back, the match saved -- and ``rules play`` then says so and exits with
        128 + the signal.  Without this the process died with the terminal in raw mode.
        The shutdown after such a signal is bounded (:class:`~cli.table.stopping.StopGuard`):
        with the terminal gone, giving it back could block for ever."""
        loop = asyncio.get_running_loop()
        guard = StopGuard(self._stopped_by, loop.call_soon_threadsafe)
        if guard.install():  # not where signals cannot be handled (Windows, a thread)
            self.guard = guard

    def _stopped_by(self, signum: int) -> None:
        if self.options.stopped_by is None:
            self.options.stopped_by = signum
            self.exit()

    def run(self, *, headless: bool = False, inline: bool = False, inline_no_clear: bool = False, mouse: bool = True,
            size: tuple[int, int] | None = None, auto_pilot: AutopilotCallbackType | None = None,
            loop: asyncio.AbstractEventLoop | None = None) -> None:
        """Run as textual does; then the stop signals' guard is done (the terminal is given
        back) and their handlers are what they were, for ``rules play``'s last words."""
        self.run_by_command = True
        try:
            return super().run(headless=headless, inline=inline, inline_no_clear=inline_no_clear, mouse=mouse, size=size,
                               auto_pilot=auto_pilot, loop=loop)
        finally:
            if self.guard is not None:
                self.guard.finished()
                self.guard.uninstall()

    def failed(self, error: RulesError | RecordNotWritten) -> None:
        """The match cannot go on (a seat's bot failed, a house rule's formula did, the record
        cannot be written): the terminal is given back and the record saved as for ``q`` (as
        far as it can be), and ``rules play`` then says the error in one line and exits with
        2 -- where textual showed a traceback."""
        if self.options.failure is None and self.options.stopped_by is None:
            self.options.failure = error
            self.exit()

    def start_match(self, ruleset: str, opponent: str, practice: bool) -> None:
        """Begin a match from the start screen's choices (the person at seat 0)."""
        opts = self.options
        rs = load_ruleset(ruleset, allow_outside=opts.allow_outside)
        kinds = [HUMAN] + [opponent] * (rs.players.count - 1)
        record = opts.record if opts.record is not None else default_record_path()
        try:
            self.session = TableSession(rs, opts.seed if opts.seed is not None else new_seed(), kinds, record, practice)
        except RecordNotWritten as exc:  # another rules process took the record since the command started
            self.notify(printable(str(exc)), severity="error", markup=False)
            return
        self.switch_screen(TableScreen(self.session, 0, opts.bot_delay))

    def resume_match(self, session: TableSession) -> None:
        """Go on with a saved match from the start screen (the person at their seat)."""
        self.session = session
        self.switch_screen(TableScreen(session, session.humans[0], self.options.bot_delay))

    def finish_match(self) -> None:
        """After the match's last summary: save it, back to the start screen for another."""
        self.save()
        if self.leaving:  # the record could not be completed: the table ends with the error
            return
        self.options.seed = None  # a new match, new cards
        self.switch_screen(StartScreen())

    def save(self) -> None:
        """Complete the record and let it go.  One that cannot be written (the disk full, the
        folder taken away) keeps its last checkpoint, every move up to the last one written:
        it is let go as it is, and the error ends the table as a failed bot does (no
        traceback, no lock file left behind)."""
        if self.session is not None:
            session, self.session = self.session, None
            finished = session.match_over
            try:
                path = session.save()
            except RecordNotWritten as exc:
                if session.record is not None:
                    session.record.close()
                    session.record = None
                if self.options.failure is None:  # said even after a stop signal: the record is what it leaves
                    self.options.failure = exc
                if not self.leaving:
                    self.exit()
                return
            if path is not None:
                self.options.saved.append((path, finished))

    def on_unmount(self) -> None:
        self.save()
        if self.guard is not None:
            self.guard.saved()  # the record is safe: a shutdown that hangs from here is cut short
            if not self.run_by_command:  # a test's pilot (run_test): no terminal to give back, nothing left to guard
                self.guard.finished()
                self.guard.uninstall()


def default_record_path() -> Path:
    """``rules-play-YYYYMMDD-HHMMSS.yaml`` in the current folder, numbered if taken: if the
    file is there, or if its lock file is -- another ``rules`` process holds the name and will
    write the record at the end of its first deal (two tabs of ``rules play --web`` starting a
    match in the same second: the second was refused the name).  A lock file a killed run
    left behind only moves the name on by one."""
    import time

    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(f"rules-play-{stamp}.yaml")
    k = 2
    while path.exists() or lock_path(path).exists():
        path = Path(f"rules-play-{stamp}-{k}.yaml")
        k += 1
    return path
