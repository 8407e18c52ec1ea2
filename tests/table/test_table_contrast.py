"""Every card on the table reads at WCAG 1.4.3's contrast of 4.5:1 at least against its own
background: the hand, the trick, the trump line and turn-up, the last trick and the log.

An accessibility probe measured hearts and diamonds of the hand at 2.28:1 (rgb(171,10,72) on
rgb(30,30,30)): the dim of the key number before the card spread over the card's label, and
the terminal red was too dark even undimmed (4.47:1 on the trump line).  The contrast is
measured as the terminal gets the screen: the compositor's segments, after textual's line
filters (dim turned to a colour, ANSI red to truecolor, grey under ``NO_COLOR``).

A card that may not be played now is greyed (an inactive control, which WCAG exempts): it is
measured too, to check that it stays greyed -- its text nearer its background than the same
card's text while it may be played.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rich.segment import Segment
from textual._compositor import LayoutUpdate
from textual.color import Color

from cli.table.app import TableApp
from cli.table.render import TRUMP_MARK
from cli.table.screen import ChoiceButton
from tabletools import options, run, settle

MIN_RATIO = 4.5  # WCAG 1.4.3 (AA) for text of a normal size
SUITS = "♠♥♦♣"


def luminance(c: Color) -> float:
    """WCAG's relative luminance of an sRGB colour."""

    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)


def contrast(a: Color, b: Color) -> float:
    """WCAG's contrast ratio, from 1 (the same) to 21 (black on white)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@dataclass(frozen=True)
class Seen:
    text: str
    ratio: float
    dim: bool
    colour: Color
    button: ChoiceButton | None  # the card's button, for a card of the hand


def card_texts(app: TableApp) -> list[Seen]:
    """Each segment of the screen that shows a suit (or a trump's mark), with its contrast."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    assert isinstance(update, LayoutUpdate)
    seen = []
    for y, line in enumerate(update.strips, update.region.y):
        x = update.region.x
        for segment in (segment for strip in line for segment in strip):
            if _shows_a_card(segment):
                style = segment.style
                assert style is not None and style.color is not None and style.bgcolor is not None, segment
                widget, _ = app.screen.get_widget_at(x, y)
                button = widget if isinstance(widget, ChoiceButton) and widget.has_class("card") else None
                fg = Color.from_rich_color(style.color)
                seen.append(Seen(segment.text.strip(), contrast(fg, Color.from_rich_color(style.bgcolor)), bool(style.dim), fg, button))
            x += segment.cell_length
    return seen


def _shows_a_card(segment: Segment) -> bool:
    return any(s in segment.text for s in SUITS) or segment.text.strip() == TRUMP_MARK


def test_the_ratio_is_wcags() -> None:
    """Worked by hand: black on white 21:1, a colour on itself 1:1, and the probe's figure
    for the dimmed red: luminance 0.1049 of (171, 10, 72), 0.0130 of grey 30 -> 2.28."""
    assert contrast(Color(0, 0, 0), Color(255, 255, 255)) == pytest.approx(21)
    assert contrast(Color(30, 30, 30), Color(30, 30, 30)) == pytest.approx(1)
    assert contrast(Color(171, 10, 72), Color(30, 30, 30)) == pytest.approx(2.28, abs=0.01)


def assert_readable(seen: list[Seen]) -> None:
    low = [(s.text, round(s.ratio, 2)) for s in seen if s.ratio < MIN_RATIO or s.dim]
    assert not low, f"card texts under {MIN_RATIO}:1 (or left to the terminal to dim): {low}"


@pytest.mark.parametrize("colour", [True, False], ids=["colour", "no-colour"])
@pytest.mark.parametrize("size", [(100, 30), (100, 22)], ids=["tall-buttons", "small-terminal"])
def test_every_card_reads_at_4_5_to_1(tmp_path: Path, monkeypatch: Any, colour: bool, size: tuple[int, int]) -> None:
    """Schnapsen seed 2 deals seat 0 10♥ Q♥ (trumps, marked), A♠ 10♠ and 10♦, hearts trump
    with A♥ turned up, and seat 0 leads: every card of the hand may be played, each read as
    it is and with the focus on its button.  Then 10♠ is led, and the trick lies on the table
    and is told in the log (in practice mode, which names the cards of a trick taken there).
    Cards are buttons three rows high, one on a small terminal."""
    if not colour:
        monkeypatch.setenv("NO_COLOR", "1")

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        hand = list(app.screen.query("#hand Button.card").results(ChoiceButton))
        assert len(hand) == 5 and not any(b.has_class("unplayable") for b in hand)
        seen = card_texts(app)
        texts = {s.text for s in seen}
        assert {"10♥", "Q♥", "A♠", "10♠", "10♦", TRUMP_MARK, "♥ hearts", "A♥"} <= texts, texts
        assert sum(s.button is not None for s in seen) >= 5, seen  # the hand's cards, found on their buttons
        assert_readable(seen)
        if colour:  # hearts and diamonds plainly red (red over green and blue by 100 of 255 at least), spades grey
            on_buttons = {s.text: s.colour for s in seen if s.button is not None}
            assert all(c.r - max(c.g, c.b) >= 100 for t, c in on_buttons.items() if t in ("10♥", "Q♥", "10♦")), on_buttons
            assert all(c.r == c.g == c.b for t, c in on_buttons.items() if t in ("A♠", "10♠")), on_buttons
        for button in hand:
            button.focus()
            await settle(pilot)
            focused = [s for s in card_texts(app) if s.button is button]
            assert focused, button.label
            assert_readable(focused)

        await pilot.press("4")  # 10♠
        await settle(pilot)
        seen = card_texts(app)
        assert any(s.text == "10♠" for s in seen), seen  # on the table
        assert any(s.text == "you: 10♠" for s in seen), seen  # in the log
        assert_readable(seen)

    run(test, options("schnapsen", tmp_path, seed=2, practice=True), size=size)


def test_a_card_that_may_not_be_played_stays_greyed(tmp_path: Path) -> None:
    """A card the rules refuse now is greyed (the class ``unplayable``, given by the screen
    and checked in test_table_play): each card of seat 0's hand of Schnapsen seed 2, red and
    black, given that class, is written nearer its background than it was while playable."""

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        hand = list(app.screen.query("#hand Button.card").results(ChoiceButton))
        playable = {s.text: s.ratio for s in card_texts(app) if s.button is not None}
        for button in hand:
            button.add_class("unplayable")
        await settle(pilot)
        greyed = {s.text: s.ratio for s in card_texts(app) if s.button is not None}
        assert {"10♥", "A♠", "10♦"} <= set(greyed) and set(greyed) == set(playable), (greyed, playable)
        for text, ratio in greyed.items():
            assert ratio < playable[text] * 0.8, (text, ratio, playable[text])

    run(test, options("schnapsen", tmp_path, seed=2), size=(100, 30))
