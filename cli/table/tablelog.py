"""The table's log (the moves of the deal, on the right): every line wrapped to the width the
log has now, so that no line loses its end.

Textual's :class:`~textual.widgets.RichLog` wraps a line once, at the width the log has when
the line is written, and crops it to the width it has later.  The log lost the last letter
of a line wrapped at full width once the lines filled it and its scrollbar took a column
("partner: does not nam"), and a terminal made narrower cropped every line written before.
Two remedies, each for one of these:

- the scrollbar's column is kept from the start (``scrollbar-gutter: stable`` in the
  table's CSS): a line is wrapped at the width left beside the scrollbar, whether the
  scrollbar is there yet or not.  Wrapping again when the scrollbar appears might do too,
  but the lines in view would move under the person's eyes at that moment, a re-wrap that
  adds or removes the scrollbar could go on flipping, and the log is not reliably told (its
  size stays the same);
- when the log's width changes (the terminal resized), every line kept is wrapped again
  (:meth:`WrappingLog.on_resize`): nothing else can make old lines fit a narrower log, and a
  wider one uses its width.
"""

from __future__ import annotations

from typing import Any

from textual.events import Resize
from textual.widgets import RichLog


class WrappingLog(RichLog):
    """A log of plain lines, wrapped to its width whenever that changes."""

    def __init__(self, **kwargs: Any) -> None:
        # markup off: a line is plain text (a name from a house ruleset is never markup);
        # min_width 1: wrap at the log's own width, however narrow (RichLog's default wraps
        # at 78 at least, and crops what is past the log's edge)
        super().__init__(wrap=True, markup=False, min_width=1, **kwargs)
        self.texts: list[str] = []  # the lines written, as written (the last max_lines of them)
        self.wrapped_at: int | None = None  # the width they were wrapped at

    def say(self, text: str) -> None:
        """Write a line at the end of the log, kept to be wrapped again."""
        self.texts.append(text)
        if self.max_lines is not None:
            del self.texts[: -self.max_lines]
        self.write(text)

    def say_all(self, texts: list[str]) -> None:
        """The log anew: ``texts`` only (undo takes lines back)."""
        kept = list(texts)  # texts may be self.texts, which clear() empties
        self.clear()
        for text in kept:
            self.say(text)

    def clear(self) -> WrappingLog:
        """Empty the log, the lines kept to wrap again with it (a new deal's log starts empty)."""
        self.texts = []
        super().clear()
        return self

    def on_resize(self, event: Resize) -> None:
        """Wrap every line again where the width to wrap at has changed, and show the end of
        the log, as a line written does: the log grows shorter as the rows of cards and
        buttons below it grow, and the newest line stayed hidden under its edge.  (RichLog's
        own handler runs after this one and writes the lines written before the log had a
        size.)"""
        width = self.scrollable_content_region.width
        if self.wrapped_at is None or not self.texts:
            self.wrapped_at = width
        elif width != self.wrapped_at and width > 0:
            self.wrapped_at = width
            self.say_all(self.texts)
        if self.auto_scroll:
            self.scroll_end(animate=False, immediate=False, x_axis=False)
