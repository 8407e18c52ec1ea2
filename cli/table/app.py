"""``rules play``: a full-screen card table in the terminal (Textual), where a person meets the bots.

Three screens: :class:`StartScreen` (ruleset, opponent, practice mode), :class:`TableScreen`
(the deal in play) and :class:`DealSummary` (all hands, the result and the match score at the
end of each deal).  The match itself is a :class:`~interpreter.play.session.TableSession`;
the screens read the person's :class:`~interpreter.engine.views.SeatView` and the public
events only (:mod:`cli.table.render`), so no screen can show a card the seat may not see
until the deal is over.  The record is on disk after every move the person makes, and
``rules play --resume RECORD`` goes on from it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rich.table import Table as RichTable
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Label, RichLog, Select, Static, Switch
from textual.widgets.button import ButtonVariant

from interpreter.core.actions import Action, Bid, Close, CloseBeforeDraw, Continue, Declare, Exchange, Marry, Pass, Play
from interpreter.core.cards import RANK_NAMES, Card
from interpreter.core.errors import IllegalActionError, RulesError
from interpreter.engine.views import SeatView
from interpreter.play import seatfacts as facts
from interpreter.play.runner import ActionTaken, DealEnded, Event, TrickDone
from interpreter.play.session import HUMAN, TableSession, new_seed
from interpreter.rules.loader import load_ruleset
from interpreter.rules.resources import bundled_rulesets
from interpreter.rules.ruleset import Ruleset
from cli.table import render

#: Opponents offered on the start screen: (label, seat kind).
OPPONENTS = (
    ("search bot, normal (about 0.2 s a move)", "search:normal"),
    ("search bot, easy", "search:easy"),
    ("search bot, hard (up to a second a move)", "search:hard"),
    ("greedy bot (fast, plays by rules of thumb)", "greedy"),
    ("random bot", "random"),
)

#: Keys of the actions that are not a card: (action kind, key, button label).
ACTION_KEYS = {Marry: "m", Exchange: "x", Close: "c", CloseBeforeDraw: "b", Declare: "d", Continue: "n", Pass: "p"}


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


def your_turn(view: SeatView, legal: list[Action]) -> str:
    """What the person is asked to do: ``bid or pass (keys 1-5, p)``, ``lead a card``..."""
    if any(isinstance(a, (Bid, Pass)) for a in legal):
        bids = [a.amount for a in legal if isinstance(a, Bid)]
        return f"bid or pass (keys {bids[0]}-{bids[-1]}, p)" if bids else "pass (p)"
    if any(isinstance(a, (Play, Marry)) for a in legal):
        return "follow with a card" if view.trick else "lead a card"
    return "choose"


def rules_in_brief(rs: Ruleset) -> str:
    """Two lines of the rules a player needs at the table: target, marriages, match."""
    parts = []
    if rs.claim.enabled:
        parts.append(f"reach {rs.claim.target} card points and declare")
    if rs.marriage.enabled:
        parts.append(f"marriages {rs.marriage.values.plain}, in trumps {rs.marriage.values.trump}")
    if rs.bidding.enabled:
        parts.append(f"bids in units of {rs.scoring.unit} points")
    parts.append(f"match to {rs.match.target}")
    return "; ".join(parts) + ".  The full rulebook: rules describe " + rs.name


def table_keys(rs: Ruleset, practice: bool) -> list[tuple[str, str]]:
    """The keys of the table for this ruleset: (key, what it does), only for actions it has."""
    keys = [("1-9", "play the card with that number" + (" (in the auction: bid that number)" if rs.bidding.enabled else ""))]
    offered = [
        (rs.marriage.enabled, "m, M", f"marry: announce the marriage and lead its {RANK_NAMES[rs.marriage.ranks[0]]} (m) or its {RANK_NAMES[rs.marriage.ranks[1]]} (M)"),
        (rs.exchange.enabled, "x", "exchange for the turn-up"),
        (rs.closing.enabled, "c", "close the talon"),
        (rs.closing.enabled and rs.closing.timing == "before_or_after_draw", "b", "close before the draw"),
        (rs.claim.enabled, "d", f"declare {rs.claim.target}"),
        (rs.claim.enabled or rs.closing.enabled, "n", "continue (do not declare or close now)"),
        (rs.bidding.enabled, "p", "pass"),
        (practice, "h", "hint"),
        (practice, "u", "undo"),
    ]
    keys += [(key, what) for on, key, what in offered if on]
    return keys + [("?", "this help"), ("q", "save and quit")]


def claim_question(view: SeatView, action: Action, practice: bool) -> str | None:
    """What to ask before ``action``, if it may cost points by surprise.

    Where the table counts the person's points, only a claim short of the target is asked
    about (and the count is said).  Where the person keeps count alone, every claim is asked
    about, so that the question itself gives no count away.
    """
    if not isinstance(action, Declare):
        return None
    rs = view.rs
    if rs.side_of(view.seat) in render.points_shown(view, practice):
        warning = facts.claim_warning(view, action)
        return None if warning is None else warning + "\n\nDeclare anyway?"
    fp = rs.claim.false_points
    return (
        f"Declare {rs.claim.target}? If you have fewer, the other side scores "
        f"{fp.base} game points ({fp.opponent_without_trick} if it has no trick yet)."
    )


def one_marriage(actions: Sequence[Action]) -> bool:
    """Whether ``actions`` are all marriages of one suit (its king or its queen led)."""
    suits = {a.card.suit if isinstance(a, Marry) else None for a in actions}
    return len(suits) == 1 and None not in suits


def action_label(view_rs: Ruleset, action: Action) -> str:
    """A button's words: ``Marry K♥``, ``Declare 66``, ``Bid 3``..."""
    if isinstance(action, Marry):
        return f"Marry {facts.card_text(action.card)}"
    if isinstance(action, Declare):
        return f"Declare {view_rs.claim.target}"
    if isinstance(action, Bid):
        moon = view_rs.bidding.moon
        return f"Bid {action.amount}" + (" moon" if moon is not None and action.amount == moon.bid else "") + f" ({action.amount})"
    return {Exchange: "Exchange", Close: "Close", CloseBeforeDraw: "Close before draw", Continue: "Continue", Pass: "Pass"}.get(type(action), str(action))


class ChoiceButton(Button):
    """A button for one choice at the table: a card of the hand, an action, hint or undo.
    The buttons are made anew at every turn, so they carry their choice rather than an id."""

    def __init__(self, choice: Card | Action | str, label: str | Text, *, classes: str = "", disabled: bool = False, variant: ButtonVariant = "default", compact: bool = True) -> None:
        super().__init__(label, variant=variant, classes=classes, disabled=disabled, compact=compact)
        self.choice = choice


class StartScreen(Screen[None]):
    """Pick a ruleset and an opponent, then start."""

    BINDINGS = [Binding("enter", "start", "Start", priority=False), Binding("g", "resume", "Go on", show=False), Binding("q", "app.quit", "Quit")]

    saved: tuple[Path, TableSession] | None = None

    def compose(self) -> ComposeResult:
        app = self.app
        assert isinstance(app, TableApp)
        opts = app.options
        names = sorted(bundled_rulesets(), key=lambda n: (n.startswith("house/"), n))
        choices = [(ruleset_choice(name), name) for name in names]
        if opts.ruleset and opts.ruleset not in names:
            choices.insert(0, (opts.ruleset, opts.ruleset))
        with Vertical(id="start"):
            yield Static(Text("Sixty-Six Rules", style="bold") + Text(" — a card table for the Sixty-Six family"), id="title")
            yield Label("Ruleset")
            yield Select(choices, value=opts.ruleset or "schnapsen", allow_blank=False, id="ruleset")
            yield Label("Opponent (the bot in every other seat; with four players, your partner too)")
            kinds = [k for _, k in OPPONENTS]
            yield Select([(label, kind) for label, kind in OPPONENTS], value=opts.opponent if opts.opponent in kinds else kinds[0], allow_blank=False, id="opponent")
            with Horizontal(id="practice-row"):
                yield Switch(value=opts.practice, id="practice")
                yield Label("Practice mode: hints, undo, and the points counted for you", id="practice-label")
            with Horizontal(id="buttons"):
                yield Button("Start (Enter)", variant="primary", id="go")
                self.saved = saved_match()
                if self.saved is not None:
                    path, session = self.saved
                    score = facts.match_line(session.rs, session.humans[0], session.match.scores)
                    yield Button(f"Go on with {path.name}: {session.rs.title}, deal {max(session.number, 1)}, {score} (g)", id="resume")
            yield Static(Text("Keys at the table: 1-9 play a card, m marry, x exchange, c close, d declare, h hint, u undo, ? help, q quit", style="dim"))
        yield Footer()

    @on(Button.Pressed, "#resume")
    def action_resume(self) -> None:
        """Sit down again at the match saved last in this folder."""
        app = self.app
        assert isinstance(app, TableApp)
        if self.saved is not None:
            app.resume_match(self.saved[1])

    def on_mount(self) -> None:
        self.query_one("#go", Button).focus()

    @on(Button.Pressed, "#go")
    def action_start(self) -> None:
        app = self.app
        assert isinstance(app, TableApp)
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
            return path, resume(path)
        except (RulesError, OSError):
            continue  # finished, or not ours to go on with
    return None


def ruleset_choice(name: str) -> str:
    """``Schnapsen (schnapsen)``: the title a player knows, the name the command line takes."""
    try:
        title = load_ruleset(name).title
    except RulesError:
        return name
    return f"{title} ({name})"


class ConfirmScreen(ModalScreen[bool | None]):
    """Ask before a move that may cost points by surprise: a claim, a marriage card led
    without its announcement.  y answers yes, n no, Esc neither (nothing is played)."""

    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n", "answer(False)", "No"), Binding("escape", "answer(None)", "Cancel")]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.labels = (yes, no)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, id="question")
            with Horizontal(id="answers"):
                yield Button(f"{self.labels[0]} (y)", variant="warning", id="yes")
                yield Button(f"{self.labels[1]} (n)", variant="primary", id="no")

    def action_answer(self, yes: bool | None) -> None:
        self.dismiss(yes)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class HelpScreen(ModalScreen[None]):
    """This ruleset's actions and the table's keys."""

    BINDINGS = [Binding("escape,question_mark,q,enter", "close", "Close")]

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
        with Vertical(id="dialog"):
            yield Static(Text(self.rs.title, style="bold"))
            yield Static(Text(rules_in_brief(self.rs), style="dim"))
            yield Static(grid)
            yield Button("Close (Esc)", id="close")

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed)
    def pressed(self) -> None:
        self.dismiss(None)


def told(view: SeatView, reason: str, winner: int | None) -> str:
    """A deal's reason as the rules word it, told to this player: ``seat 1`` becomes
    ``opponent``, and the losers, whom the reason calls "opponent(s)" from the winner's side,
    get their names from this player's side (``you 5 points``)."""
    rs = view.rs
    losers = [s for s in range(rs.side_count) if s != winner]
    loser = facts.side_name(rs, view.seat, losers[0]) if winner is not None and len(losers) == 1 else "the others"
    reason = re.sub(r"\bopponents?\b", loser, reason)
    reason = re.sub(r"\bteam (\d+)(?: \(seats [^)]*\))?", lambda m: facts.side_name(rs, view.seat, int(m.group(1))), reason)
    return re.sub(r"\bseat (\d+)", lambda m: facts.seat_name(view, int(m.group(1))), reason)


class DealSummary(ModalScreen[None]):
    """The end of a deal: the result, every hand as dealt, the match score."""

    BINDINGS = [Binding("enter,space,n", "close", "Next"), Binding("q", "app.quit", "Save and quit")]

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
        text = Text(f"Deal {s.number} is over\n", style="bold")
        if result.redeal:
            text.append("thrown in: nobody bid\n")
        elif result.winner is not None:
            name = facts.side_name(rs, self.me, result.winner)
            won = result.game_points if result.game_points is not None else result.scores[result.winner]
            verb = "win" if name in ("you", "opponents") else "wins"
            text.append(f"{name} {verb} {won} game point{'s' if won != 1 else ''}", style="bold green" if rs.side_of(self.me) == result.winner else "bold red")
            text.append(f" — {told(view, result.reason, result.winner)}\n")
        else:
            text.append(f"drawn — {told(view, result.reason, result.winner)}\n")
        text.append(facts.points_line(view) + "\n")
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
            assert s.match.winner is not None
            winner = facts.side_name(rs, self.me, s.match.winner)
            text.append(f"\nThe match is over: {winner} {'win' if winner in ('you', 'opponents') else 'wins'}.\n", style="bold")
        with Vertical(id="dialog"):
            yield Static(text, id="summary")
            yield Button("New match (Enter)" if s.match_over else "Next deal (Enter)", variant="primary", id="next")

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed)
    def pressed(self) -> None:
        self.dismiss(None)


class TableScreen(Screen[None]):
    """The deal in play, seen from the person's seat."""

    BINDINGS = [
        Binding("question_mark", "help", "Help"),
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("q", "quit_table", "Save & quit"),
        *[Binding(str(k), f"card({k})", show=False) for k in range(1, 10)],
        *[Binding(key, f"kind('{kind.__name__}')", show=False) for kind, key in ACTION_KEYS.items()],
        Binding("M", "marry_second", show=False),
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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hint and undo are offered (in the footer too) only in practice mode."""
        if action in ("hint", "undo") and not self.session.practice:
            return False
        return True

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(id="scoreboard")
        with Horizontal(id="middle"):
            with Vertical(id="left"):
                yield Static(id="others")
                yield Static(id="centre")
                yield Static(id="info")
            yield RichLog(id="log", wrap=True, markup=False, max_lines=500, min_width=20)
        yield Static(id="status")
        yield Horizontal(id="hand")
        yield Horizontal(id="actions")
        yield Footer()

    def on_mount(self) -> None:
        self.session.observer = self.observe
        if self.session.state is None or self.session.deal_over:
            self.session.start_deal()
            self.log_line(f"Deal {self.session.number}: {facts.who_is_who(self.session.view(self.me))}")
        else:
            self.log_line(f"Deal {self.session.number} resumed")
        self.refresh_table()
        self.advance()

    # ------------------------------------------------------------------ events of the match
    def observe(self, event: Event) -> None:
        """Note what every player saw happen (nothing hidden is read from the event)."""
        s = self.session
        if s.state is None:
            return
        view = s.view(self.me)
        # The log is no way round the rules on looking back: the cards of past tricks and
        # their points are written only where the table counts points (render.points_shown).
        counted = render.points_shown(view, s.practice)
        if isinstance(event, ActionTaken):
            if counted or not isinstance(event.action, Play):
                self.log_line(self.describe(view, event.seat, event.action, cards=bool(counted)), of_move=True)
        elif isinstance(event, TrickDone):
            self.just_played = list(event.cards)
            self.taker = event.winner
            side = s.rs.side_of(event.winner)
            points = f" ({event.points} points)" if side in counted else ""
            self.log_line(f"{facts.seat_name(view, event.winner)} take{'' if event.winner == self.me else 's'} the trick{points}", of_move=True)
        elif isinstance(event, DealEnded):
            self.log_line(f"Deal {event.number}: {event.result.reason}")

    def describe(self, view: SeatView, seat: int, action: Action, *, cards: bool = True) -> str:
        """A log line for an action; ``cards=False`` leaves out the card a marriage leads
        (the announcement is remembered, the trick it starts is not)."""
        who = facts.seat_name(view, seat)
        if isinstance(action, Marry):
            led = f", leads {facts.card_text(action.card)}" if cards else ""
            return f"{who}: {facts.marriage_value(view, action.card.suit)} in {facts.suit_text(action.card.suit)}{led}"
        if isinstance(action, Play):
            return f"{who}: {facts.card_text(action.card)}"
        if isinstance(action, Exchange):
            return f"{who}: exchanges for the turn-up"
        if isinstance(action, (Close, CloseBeforeDraw)):
            return f"{who}: closes the talon"
        if isinstance(action, Declare):
            return f"{who}: declares {self.session.rs.claim.target}"
        if isinstance(action, Bid):
            return f"{who}: bid {action.amount}"
        if isinstance(action, Pass):
            return f"{who}: pass"
        return f"{who}: {action}"

    def log_line(self, line: str, *, of_move: bool = False) -> None:
        """Write to the log, noting how many moves of the deal it comes after (undo takes back
        the lines of the moves it takes back); ``of_move``: a line about the move being made."""
        self.log_lines.append((len(self.session.steps) + of_move, line))
        self.query_one("#log", RichLog).write(line)

    def relog(self) -> None:
        """The log again, without the lines of moves taken back."""
        kept = len(self.session.steps)
        self.log_lines = [(k, line) for k, line in self.log_lines if k <= kept]
        log = self.query_one("#log", RichLog)
        log.clear()
        for _, line in self.log_lines:
            log.write(line)

    # ------------------------------------------------------------------ drawing
    def refresh_table(self) -> None:
        s = self.session
        if s.state is None:
            return
        view = s.view(self.me)
        self.query_one("#scoreboard", Static).update(render.scoreboard(view, s.match.scores, s.number))
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
            if any(isinstance(a, Declare) for a in legal) and any(isinstance(a, Continue) for a in legal):
                mine = s.rs.side_of(self.me)
                if mine in render.points_shown(view, s.practice):
                    status.append(f" — you may go out now: declare {s.rs.claim.target} (you have {view.card_points[mine]}) or continue")
                else:
                    status.append(f" — declare now if you have {s.rs.claim.target}, or continue")
        else:
            actor = s.actor()
            status.append(f"{facts.seat_name(view, actor)} to play…" if actor is not None else "")
        self.query_one("#status", Static).update(status)
        self.draw_hand(view, legal)
        self.draw_actions(legal)

    def draw_hand(self, view: SeatView, legal: list[Action]) -> None:
        row = self.query_one("#hand", Horizontal)
        row.remove_children()
        playable = {a.card for a in legal if isinstance(a, (Play, Marry))}
        buttons = []
        bidding = any(isinstance(a, (Bid, Pass)) for a in legal)
        for k, c in enumerate(render.sorted_hand(view), 1):
            label = render.card(c, trump=view.trump) if bidding else Text(f"{k} ", style="dim") + render.card(c, trump=view.trump)
            buttons.append(ChoiceButton(c, label, classes="card", disabled=c not in playable, compact=False))
        row.mount(*buttons)

    def draw_actions(self, legal: list[Action]) -> None:
        row = self.query_one("#actions", Horizontal)
        row.remove_children()
        buttons = []
        for action in (a for a in legal if not isinstance(a, Play)):
            key = ACTION_KEYS.get(type(action))
            label = action_label(self.session.rs, action) + (f" ({key})" if key and not isinstance(action, Marry) else "")
            if isinstance(action, Marry) and one_marriage([a for a in legal if isinstance(a, Marry)]):
                label += " (m)" if action.card.rank == self.session.rs.marriage.ranks[0] else " (M)"
            right = isinstance(action, Declare) and self.claim_looks_right()
            buttons.append(ChoiceButton(action, label, classes="action", variant="success" if right else "default"))
        if self.session.practice:
            buttons.append(ChoiceButton("hint", "Hint (h)"))
            buttons.append(ChoiceButton("undo", "Undo (u)", disabled=not self.session.can_undo()))
        row.mount(*buttons)

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
        s = self.session
        if s.deal_over:
            self.refresh_table()
            self.app.push_screen(DealSummary(s, self.me), self.after_summary)
            return
        if s.human_to_act() == self.me:
            view = s.view(self.me)
            legal = s.legal()
            drawn = [c for c in view.hand if c not in self.hand_after] if self.hand_after is not None else []
            if len(drawn) == 1:
                self.note(f"you drew {facts.card_text(drawn[0])}")
            self.hand_after = None
            if len(legal) == 1:
                # the card stays in view with its trick until the person's next move, as the note does
                self.message = f"only one move: {facts.describe_action(view, legal[0])} (played for you)"
                named = bool(render.points_shown(view, s.practice)) or not isinstance(legal[0], Play)  # the log outlives the trick
                self.log_line(f"({facts.describe_action(view, legal[0]) + ': ' if named else ''}your only move, played for you)", of_move=True)
                self.play(legal[0], confirmed=True, keep_notes=True)
                return
            self.refresh_table()
            return
        if s.bot_step():
            self.refresh_table()
            if self.bot_delay > 0:
                self.set_timer(self.bot_delay, self.advance)
            else:
                self.call_later(self.advance)
            return
        self.refresh_table()  # another person's turn (hot seat is not offered by this table)

    def after_summary(self, _: None = None) -> None:
        s = self.session
        self.just_played, self.taker, self.message = [], None, ""
        self.query_one("#log", RichLog).clear()
        self.log_lines = []
        if s.match_over:
            app = self.app
            assert isinstance(app, TableApp)
            app.finish_match()
            return
        s.start_deal()
        self.log_line(f"Deal {s.number}: {facts.who_is_who(s.view(self.me))}")
        self.advance()

    # ------------------------------------------------------------------ the person's moves
    def play(self, action: Action, *, confirmed: bool = False, keep_notes: bool = False) -> None:
        """The person's move: confirmed first if it costs points by surprise, explained if illegal."""
        s = self.session
        if s.human_to_act() != self.me:
            return
        view = s.view(self.me)
        warning = claim_question(view, action, s.practice)
        if warning and not confirmed:

            def answered(yes: bool | None) -> None:
                if yes:
                    self.play(action, confirmed=True)
            self.app.push_screen(ConfirmScreen(warning), answered)
            return
        gathered = (self.just_played, self.taker)
        self.just_played, self.taker = [], None  # the person has seen the trick before: it is gathered now
        try:
            s.act(action)
        except IllegalActionError as exc:
            self.just_played, self.taker = gathered
            self.message = f"illegal: {exc.message}"
            self.refresh_table()
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
        elif legal:
            self.message = f"illegal: {self.session.explain(Play(c)) or 'not now'}"
            self.refresh_table()

    def action_card(self, k: int) -> None:
        """A number key: the k-th card of the hand -- or, in the auction, a bid of k."""
        if self.session.state is None:
            return
        legal = self.session.legal() if self.session.human_to_act() == self.me else []
        if any(isinstance(a, Bid) for a in legal):
            if Bid(k) in legal:
                self.play(Bid(k))
            else:
                self.message = f"no bid of {k} now: " + (self.session.explain(Bid(k)) or "")
                self.refresh_table()
            return
        hand = render.sorted_hand(self.session.view(self.me))
        if 1 <= k <= len(hand):
            self.play_card(hand[k - 1])

    def action_kind(self, name: str) -> None:
        if self.session.human_to_act() != self.me:
            return
        matching = [a for a in self.session.legal() if type(a).__name__ == name]
        if len(matching) == 1 or one_marriage(matching):
            self.play(matching[0])  # one marriage whichever card leads it: the first (the stronger)
        elif matching:
            self.message = "which one? " + ", ".join(action_label(self.session.rs, a) for a in matching) + " — click it"
            self.refresh_table()

    def action_marry_second(self) -> None:
        """M: the marriage led with its second card (the queen), where m leads the king."""
        if self.session.human_to_act() != self.me:
            return
        marriages = [a for a in self.session.legal() if isinstance(a, Marry)]
        if one_marriage(marriages):
            self.play(marriages[-1])

    def action_hint(self) -> None:
        s = self.session
        if not s.practice:
            self.message = "hints are for practice mode (rules play --practice)"
        elif s.human_to_act() == self.me:
            best = s.hint(self.me)
            self.message = f"hint: the search bot would {facts.describe_action(s.view(self.me), best)}"
        self.refresh_table()

    def action_undo(self) -> None:
        s = self.session
        if not s.practice:
            self.message = "undo is for practice mode (rules play --practice)"
        elif s.undo():
            self.just_played, self.taker = [], None
            self.message = "took back your last move"
            self.relog()
        else:
            self.message = "nothing to take back in this deal"
        self.refresh_table()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.session.rs, self.session.practice))

    def action_quit_table(self) -> None:
        self.app.exit()


class TableApp(App[None]):
    """The card table: a start screen, then deals until the match is won."""

    TITLE = "Sixty-Six Rules"
    ENABLE_COMMAND_PALETTE = False  # Textual's palette means nothing to card players
    CSS = """
    #start { padding: 1 2; width: 80; height: auto; }
    #start Select, #start Button { margin: 1 0 0 0; }
    #buttons { height: auto; }
    #buttons Button { margin-right: 2; }
    #practice-row { height: 3; margin-top: 1; }
    #practice-label { padding: 1 1; }
    #title { margin-bottom: 1; }
    #scoreboard { background: $boost; padding: 0 1; height: 1; }
    #middle { height: 1fr; }
    #left { width: 3fr; padding: 0 1; }
    #others { height: auto; margin-bottom: 1; }
    #centre { height: auto; border: round $accent; padding: 0 1; min-height: 5; }
    #info { height: auto; margin-top: 1; }
    #log { width: 2fr; border: round $panel; overflow-x: hidden; overflow-y: auto; scrollbar-size-vertical: 1; }
    #status { height: 2; padding: 0 1; }
    #hand { height: 3; padding: 0 1; }
    #actions { height: 1; padding: 0 1; }
    #hand Button, #actions Button { margin-right: 1; min-width: 5; }
    #hand Button.card { min-width: 9; }
    ModalScreen { align: center middle; }
    #dialog { width: 90%; max-width: 100; height: auto; max-height: 100%; overflow-y: auto; border: thick $accent; background: $surface; padding: 1 2; }
    #dialog Button { margin: 1 1 0 0; }
    """

    def __init__(self, options: TableOptions) -> None:
        super().__init__()
        self.options = options
        self.session: TableSession | None = options.resume

    def on_mount(self) -> None:
        if self.session is not None:
            self.push_screen(TableScreen(self.session, self.session.humans[0], self.options.bot_delay))
        else:
            self.push_screen(StartScreen())

    def start_match(self, ruleset: str, opponent: str, practice: bool) -> None:
        """Begin a match from the start screen's choices (the person at seat 0)."""
        opts = self.options
        rs = load_ruleset(ruleset, allow_outside=opts.allow_outside)
        kinds = [HUMAN] + [opponent] * (rs.players.count - 1)
        record = opts.record if opts.record is not None else default_record_path()
        self.session = TableSession(rs, opts.seed if opts.seed is not None else new_seed(), kinds, record, practice)
        self.switch_screen(TableScreen(self.session, 0, opts.bot_delay))

    def resume_match(self, session: TableSession) -> None:
        """Go on with a saved match from the start screen (the person at their seat)."""
        self.session = session
        self.switch_screen(TableScreen(session, session.humans[0], self.options.bot_delay))

    def finish_match(self) -> None:
        """After the match's last summary: save it, back to the start screen for another."""
        self.save()
        self.options.seed = None  # a new match, new cards
        self.switch_screen(StartScreen())

    def save(self) -> None:
        if self.session is not None:
            finished = self.session.match_over
            path = self.session.save()
            if path is not None:
                self.options.saved.append((path, finished))
            self.session = None

    def on_unmount(self) -> None:
        self.save()


def default_record_path() -> Path:
    """``rules-play-YYYYMMDD-HHMMSS.yaml`` in the current folder (numbered if taken)."""
    import time

    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(f"rules-play-{stamp}.yaml")
    k = 2
    while path.exists():
        path = Path(f"rules-play-{stamp}-{k}.yaml")
        k += 1
    return path
