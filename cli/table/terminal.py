"""Whether the terminal ``rules play`` was started in can show its table, asked before the
screen is taken over.

Textual's terminal driver draws the table on ``sys.__stderr__``, not on stdout: with stderr
sent to a file (``2>log``) the screen stayed blank while the file filled with escape codes.
And it draws far more than the cards' suits: its buttons, lists and borders are made of box
and block characters (``╭─╮``, ``▔▁▊▎``, ``▼``).  Where stderr's encoding cannot write them
(``PYTHONIOENCODING=ascii``, a C locale without UTF-8), Python writes each as its escape
(``\\u2660``): cards read ``10\\u2660``, suits cannot be told apart and borders overflow.  An
ASCII table would mean redrawing every widget of Textual's, so the table is refused there
instead, saying which variable makes it work: such a terminal is nearly always one that shows
UTF-8 with its locale left unset, and a terminal that truly cannot has the line mode
(``rules run --players human``), which writes cards as ``KH``.

Nothing here imports Textual: the checks run before it is loaded.
"""

from __future__ import annotations

from typing import Protocol

from interpreter.play.seatfacts import SUIT_SYMBOLS

#: Characters the table draws: the suits, Textual's round borders (the table, the log) and
#: the block characters of its buttons and lists, the dash and dot of the table's own words.
TABLE_GLYPHS = "".join(SUIT_SYMBOLS.values()) + "\u256d\u2500\u256e\u2502\u2570\u256f\u2594\u2581\u258a\u258e\u25bc\u2014\u00b7"

#: Why there is no table where stdin or stdout is not a terminal (a pipe, a file).
NO_TERMINAL = "needs a terminal"


class Stream(Protocol):
    """What is asked of a standard stream here (a file object, or a test's stand-in)."""

    def isatty(self) -> bool: ...


def can_draw(encoding: str | None) -> bool:
    """Whether text in ``encoding`` can hold every character of :data:`TABLE_GLYPHS` (UTF-8
    can; ASCII, Latin-1 and the other one-byte encodings cannot; an encoding Python does not
    know cannot either)."""
    if not encoding:
        return False
    try:
        TABLE_GLYPHS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def why_no_table(stdin: Stream | None, stdout: Stream | None, stderr: Stream | None) -> str | None:
    """What keeps the table from being drawn on this terminal, as words that follow "rules
    play" (``needs a terminal``), or ``None`` where it can be drawn.  ``stderr`` is the stream
    Textual draws on (``sys.__stderr__``), and its encoding the one that must show the cards."""
    if stdin is None or stdout is None or not (stdin.isatty() and stdout.isatty()):
        return NO_TERMINAL
    if stderr is None or not stderr.isatty():
        return "draws the table on stderr, which is not the terminal here (2> sent it elsewhere): leave stderr on the terminal too"
    encoding = getattr(stderr, "encoding", None)
    if not can_draw(encoding):
        return (f"needs a terminal whose encoding can show the cards (UTF-8); this one is {encoding or 'unknown'}: "
                "set LANG=C.UTF-8 or PYTHONIOENCODING=utf-8")
    return None
