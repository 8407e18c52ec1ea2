"""Helpers for driving the card table of ``rules play`` the way a person does: by keys.

``screen_text`` renders what the terminal shows right now (every screen on the stack, modal
dialogs over the table) as plain text, the same way Textual's own screenshots are taken,
so a test can read the screen as a person would.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.widgets import Static

from cli.table import render
from cli.table.app import TableApp, TableOptions
from cli.table.dialogs import DealSummary
from cli.table.screen import TableScreen
from interpreter.core.actions import Action, Bid, Continue, Declare, Marry, Pass, Play
from interpreter.core.cards import Card
from interpreter.play import seatfacts as facts


def screen_text(app: TableApp) -> str:
    """The terminal's text now (as ``App.export_screenshot`` renders it, without the styles)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True, color_system=None, record=True, legacy_windows=False)
    # the same compositor call as App.export_screenshot, which only offers SVG
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    return console.export_text(styles=False)


def run(test: Callable[[TableApp, Any], Awaitable[None]], options: TableOptions, size: tuple[int, int] = (100, 30)) -> None:
    """Run ``test(app, pilot)`` with the table app in Textual's headless test mode."""

    async def main() -> None:
        app = TableApp(options)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await test(app, pilot)

    asyncio.run(main())


def summary_after(record: str, tmp_path: Path) -> str:
    """The end-of-deal summary's text (unwrapped) once the deal of ``record`` -- a record
    stopped before forced moves, written to ``tmp_path`` -- is resumed and played out."""
    from interpreter.play.session import resume

    path = tmp_path / "d.yaml"
    path.write_text(record, encoding="utf-8")
    seen: dict[str, str] = {}

    async def test(app: TableApp, pilot: Any) -> None:
        await until_summary(app, pilot)
        seen["text"] = str(app.screen.query_one("#summary", Static).content)

    run(test, TableOptions(resume=resume(path), bot_delay=0.0), size=(160, 40))
    return seen["text"]


def options(ruleset: str, tmp_path: Path, *, seed: int = 7, opponent: str = "random", practice: bool = False) -> TableOptions:
    return TableOptions(ruleset, opponent, seed, practice, tmp_path / "match.yaml", 0.0)


async def until_summary(app: TableApp, pilot: Any) -> None:
    """Let the table run until the end-of-deal summary is up (a resumed deal's forced moves
    played out), and settled."""
    for _ in range(20):
        if isinstance(app.screen, DealSummary):
            break
        await settle(pilot)
    assert isinstance(app.screen, DealSummary)
    await settle(pilot)


async def settle(pilot: Any, rounds: int = 4) -> None:
    """Let the bots' moves and the redraws that follow a key finish."""
    for _ in range(rounds):
        await pilot.pause()


def key_for(app: TableApp, action: Action) -> str:
    """The key a person presses for ``action`` (what the screen's footer and help teach)."""
    screen = app.screen
    assert isinstance(screen, TableScreen)
    view = screen.session.view(screen.me)
    if isinstance(action, (Play, Marry)) and isinstance(action, Play):
        from cli.table.screen import TEXTUAL_KEY_NAMES
        from cli.table.words import card_key

        key = card_key(render.sorted_hand(view).index(action.card) + 1)
        assert key is not None, "a card past the last key is clicked"
        return TEXTUAL_KEY_NAMES.get(key, key)
    if isinstance(action, Bid):
        return str(action.amount)
    keys = {Marry: "m", Declare: "d", Continue: "n", Pass: "p"}
    from cli.table.words import ACTION_KEYS

    return ACTION_KEYS.get(type(action), keys.get(type(action), "?"))


def hidden_cards(app: TableApp) -> list[Card]:
    """Cards the person may not see now: neither in their hand, nor played, nor the turn-up,
    nor known to be in a hand (an exchanged turn-up, a shown marriage partner)."""
    screen = app.screen if isinstance(app.screen, TableScreen) else next(s for s in app.screen_stack if isinstance(s, TableScreen))
    view = screen.session.view(screen.me)
    seen = set(view.hand)
    # plays and marriages, and the cards this seat laid away (another's are "discard (face down)")
    seen.update(Card.parse(text.split()[1]) for _, text in view.history
                if text.split()[0] in ("play", "marry") or (text.startswith("discard ") and "face down" not in text))
    if view.turn_up is not None:
        seen.add(view.turn_up)
    for cards in view.known:
        seen.update(cards)
    return [c for c in view.rs.deck.cards if c not in seen]


def unreviewable_cards(app: TableApp) -> list[Card]:
    """Cards of tricks the rules do not let the person look back at (``info.review_own_tricks``):
    every completed trick but those the view offers for review and the one just taken, which
    stays in view until the person's next move (between two moves of a seat that plays every
    trick, at most one trick is completed)."""
    screen = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    if screen.session.practice:
        return []
    view = screen.session.view(screen.me)
    tricks = [trick.cards for trick in view.completed_tricks]
    allowed = set(view.reviewable_tricks)
    if tricks:
        allowed.add(tricks[-1])
    return [card for trick in tricks if trick not in allowed for _, card in trick]


def shows_card(text: str, card: Card) -> bool:
    """Whether ``card`` is written on the screen in any of the forms the table uses."""
    forms = [facts.card_text(card), facts.card_text(card, symbols=False), str(card)]
    return any(form in text for form in forms)


def on_summary(app: TableApp) -> bool:
    return isinstance(app.screen, DealSummary)


async def press_card(app: TableApp, pilot: Any, key: str, *, announce: bool = False) -> None:
    """Press a card's key; if the card could lead a marriage the table asks whether to
    announce it: answered with y (``announce``) or n (play the card alone)."""
    from cli.table.dialogs import ConfirmScreen

    await pilot.press(key)
    await settle(pilot)
    if isinstance(app.screen, ConfirmScreen) and "Announce" in app.screen.question:
        await pilot.press("y" if announce else "n")


async def start_and_play(app: TableApp, pilot: Any, moves: int) -> None:
    """Start the match from the start screen, then play the first card of the hand ``moves`` times."""
    await pilot.press("enter")
    await settle(pilot)
    for _ in range(moves):
        await press_card(app, pilot, "1")
        await settle(pilot)
