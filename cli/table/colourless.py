"""The table with colour turned off (``NO_COLOR``), every text still readable.

Textual honours ``NO_COLOR`` by turning each colour to the grey of its brightness
(:class:`textual.filter.Monochrome`).  Red and magenta are dark colours, so the hearts and
diamonds of a hand, a red card on the table and the magenta announcements became a grey a few
shades off the dark background: there, but unreadable.  :class:`ReadableMonochrome` turns
colours to grey the same way, then moves a text's grey away from its background until the two
differ by :data:`MIN_CONTRAST` at least: red suits lose their colour (the suit symbols ♥ ♦
still tell them), not their legibility.  The apps of ``rules play`` put it in the place of
textual's filter (:func:`readable_filters`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter, Monochrome

#: The least difference of brightness (0 to 1) between a text's grey and its background's.
MIN_CONTRAST = 0.45


def readable_grey(foreground: Color, background: Color) -> Color:
    """``foreground`` as a grey, moved away from ``background`` (also made grey) until they
    differ by :data:`MIN_CONTRAST`: lighter on a dark background, darker on a light one."""
    fg, bg = foreground.monochrome, background.monochrome
    if abs(fg.brightness - bg.brightness) >= MIN_CONTRAST:
        return fg
    level = bg.brightness + MIN_CONTRAST if bg.brightness < 0.5 else bg.brightness - MIN_CONTRAST
    value = round(max(0.0, min(1.0, level)) * 255)
    return Color(value, value, value)


@lru_cache(1024)
def _readable_style(style: Style, background: Color) -> Style:
    fg = None if style.color is None else Color.from_rich_color(style.color)
    bg = background if style.bgcolor is None else Color.from_rich_color(style.bgcolor)
    colour = None if fg is None else readable_grey(fg, bg).rich_color
    back = None if style.bgcolor is None else bg.monochrome.rich_color
    return style + Style.from_color(colour, back)


class ReadableMonochrome(LineFilter):
    """Every colour turned to grey, each text kept readable on its background."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [Segment(text, None if style is None else _readable_style(style, background), None) for text, style, _ in segments]


def readable_filters(filters: Sequence[LineFilter]) -> list[LineFilter]:
    """Textual's line filters with its monochrome one (there under ``NO_COLOR``) replaced by
    :class:`ReadableMonochrome`."""
    return [ReadableMonochrome(f.enabled) if isinstance(f, Monochrome) else f for f in filters]
