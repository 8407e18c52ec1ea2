"""With ``NO_COLOR`` set the table drops its colours, yet every text stays readable: textual
turned red to a grey a few shades off the dark background (hearts and diamonds, the magenta
announcements), and the table's own filter (cli/table/colourless.py) keeps each grey
:data:`MIN_CONTRAST` away from its background."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rich.segment import Segment
from textual.color import Color

from cli.table.app import TableApp
from cli.table.colourless import MIN_CONTRAST, readable_grey
from tabletools import options, run, settle


def segments(app: TableApp) -> Iterator[Segment]:
    """The screen's segments as the terminal gets them (textual's line filters applied)."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)

    def walk(item: Any) -> Iterator[Segment]:
        if isinstance(item, Segment):
            yield item
        elif not isinstance(item, str) and hasattr(item, "__iter__"):
            for inner in item:
                yield from walk(inner)

    return walk(update.strips)


def test_red_cards_are_grey_and_readable_without_colour(tmp_path: Path, monkeypatch: Any) -> None:
    """Schnapsen seed 7 deals seat 0 A♥, J♥ and Q♦ (docs/play.md's table): each is written in
    a grey that differs from its background by MIN_CONTRAST at least."""
    monkeypatch.setenv("NO_COLOR", "1")
    seen: list[tuple[str, float, float, bool]] = []

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        for seg in segments(app):
            style = seg.style
            if style is None or style.color is None or style.bgcolor is None or not any(s in seg.text for s in "♥♦"):
                continue
            fg, bg = Color.from_rich_color(style.color), Color.from_rich_color(style.bgcolor)
            seen.append((seg.text, fg.brightness, bg.brightness, fg.r == fg.g == fg.b))

    run(test, options("schnapsen", tmp_path, practice=True))
    texts = {text.strip() for text, *_ in seen}
    assert {"A♥", "J♥", "Q♦"} <= texts, texts
    for text, fg, bg, grey in seen:
        assert grey, f"{text}: still in colour"
        assert abs(fg - bg) >= MIN_CONTRAST - 0.01, f"{text}: brightness {fg:.2f} on {bg:.2f}"


def test_a_dark_colour_is_lifted_and_a_light_one_kept() -> None:
    dark = Color(30, 30, 30)
    red = readable_grey(Color(255, 0, 0), dark)  # pure red is dark: brightness about 0.3
    assert red.r == red.g == red.b and red.brightness - dark.brightness >= MIN_CONTRAST - 0.01
    white = readable_grey(Color(250, 250, 250), dark)
    assert white == Color(250, 250, 250)
    on_light = readable_grey(Color(255, 255, 0), Color(240, 240, 240))  # yellow on white: darkened
    assert 0.94 - on_light.brightness >= MIN_CONTRAST - 0.01
