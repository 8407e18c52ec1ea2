"""One exception hierarchy for everything that can go wrong with user input.

Every error a user can cause (a broken ruleset, a bad record, a mistyped move) is a
:class:`RulesError`.  It carries where the problem is -- file, line, column (1-based) and the
dotted key path inside the YAML document -- so the CLI can print one precise line
``file:line:col: key.path: what is wrong (expected ...)`` and exit with status 2, and never a
traceback.  The text is printable: control characters that came from the input (a key
with an ``ESC`` in it, a lone surrogate) are shown as escapes, never passed to the terminal.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from interpreter.core.printable import printable

#: The two lines an expression error ends with: the expression's text, and a caret under the fault.
_CARET = re.compile(r"\n    (?P<shown>[^\n]*)\n    (?P<pad>[ \t]*)\^\Z")


class RulesError(Exception):
    """Base class of every user-facing error of the project."""

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        path: str | None = None,
        expected: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.expected = expected

    def located(
        self,
        *,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        path: str | None = None,
    ) -> RulesError:
        """Fill in location fields that are still unknown (returns ``self``)."""
        if self.file is None:
            self.file = file
        if self.line is None:
            self.line = line
            self.column = column
        if self.path is None:
            self.path = path
        return self

    def prefix(self) -> str:
        """``file:line:col: key.path: `` (whichever parts are known), printable."""
        parts: list[str] = []
        if self.file is not None:
            loc = self.file
            if self.line is not None:
                loc += f":{self.line}"
                if self.column is not None:
                    loc += f":{self.column}"
            parts.append(loc)
        if self.path:
            parts.append(self.path)
        return "".join(printable(p) + ": " for p in parts)

    def __str__(self) -> str:
        text = self.prefix() + _printable_message(self.message)
        if self.expected:
            text += f" (expected {printable(self.expected)})"
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its class, ``args`` and fields, and rebuilt without calling ``__init__``.

        Why: an exception is rebuilt by default as ``cls(*args)``, which fails for every class
        of the family whose ``__init__`` takes other arguments than its message
        (:class:`ErrorList` takes a list of errors, ``PositionStringError`` wants ``text`` and
        ``column``).  An error raised in a worker process of ``rules simulate`` or ``rules
        arena`` must reach the parent whole, whatever its class."""
        return (_rebuilt, (type(self), self.args, self.__dict__))


def _rebuilt(cls: type[RulesError], args: tuple[Any, ...], fields: dict[str, Any]) -> RulesError:
    """A pickled :class:`RulesError` again: the same class, ``args`` and fields (see ``__reduce__``)."""
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(fields)
    return error


def _printable_message(message: str) -> str:
    """The message on one line, escaped -- but for an expression error's caret lines below it,
    kept as lines, the caret moved along with any escape that widens the text before it."""
    caret = _CARET.search(message)
    if caret is None:
        return printable(message)
    shown, at = caret["shown"], len(caret["pad"])
    before = printable(shown[:at], multiline=True)  # a tab is kept, and the pad copies it
    pad = "".join("\t" if ch == "\t" else " " for ch in before)
    return f"{printable(message[:caret.start()])}\n    {before}{printable(shown[at:], multiline=True)}\n    {pad}^"


class RulesetError(RulesError):
    """A ruleset file is unreadable, invalid against the schema, or inconsistent."""


class ExpressionError(RulesetError):
    """An expression inside a ruleset does not parse, names an unknown variable, or is too big."""


class MissingBaseError(RulesetError):
    """A house file's ``extends:`` names no ruleset: no file at that path (relative to the house
    file) and no bundled ruleset of that name.  Its own class so that a caller with its own
    rules of where a base may be (the card room, where a file sent alone has no neighbours) can
    say so in its words without reading the message."""


class RecordError(RulesError):
    """A game record (or position) cannot be read or does not fit its ruleset."""


class NotationError(RulesError):
    """A card or action in text form cannot be parsed."""


class IllegalActionError(RulesError):
    """An action that the rules do not allow in the current state.

    ``rule`` names the ruleset option or rule that forbids it (e.g. ``play.head``).
    """

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(message, path=None)
        self.rule = rule


class StuckDealError(RulesError):
    """The rules left a deal stuck: the seat to act has no legal action.

    A ruleset the loader accepts should never get here -- its checks exist to refuse such a
    combination of options (a dealer with no cards who could win the auction was one).  If one
    does, it is reported like a rule failing in play (one line, exit status 2; ``rules run``
    keeps the record so far), so that nobody meets it as a bot's ``IndexError`` choosing from
    nothing.  ``seat`` is the stuck seat.
    """

    def __init__(self, message: str, *, seat: int) -> None:
        super().__init__(message)
        self.seat = seat


class BotError(RulesError):
    """A seat's bot failed to choose: it raised, it has no ``choose`` method, it answered with
    something that is not an action, or it chose an action that is not legal now -- a plain
    Python agent (:func:`interpreter.play.runner.ask_agent`) or a trained policy (``policy:``
    seat kind) alike.

    The bot is code from outside the project, so its failure is bad input like a broken
    ruleset: one line naming the ``seat``, the ``bot`` (its kind as written, such as
    ``policy:my.py:act``, or its class's name), the ``deal`` (its number in the match or the
    run, from 1, where the caller knows it), the ``match`` where one run plays several (``rules
    run --matches``: its number from 1, so "match 3, deal 1" is a deal nobody else shares) and
    the ``reason``, exit status 2, never a
    traceback.  It is a :class:`RulesError` so that every command that plays already stops on
    it the way it stops on a rule failing in play (``rules run`` keeps the record so far,
    ``rules arena`` and ``rules simulate`` the figures of what finished).  It survives
    pickling, as every :class:`RulesError` does, so an error in a worker process reaches the
    parent intact.
    """

    #: The match's number in a run of several, from 1 (a class default: an error pickled before
    #: the field existed reads back without one).
    match: int | None = None

    def __init__(
        self, reason: str, *, seat: int | None = None, bot: str | None = None, deal: int | None = None, match: int | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.seat = seat
        self.bot = bot
        self.deal = deal
        self.match = match

    def placed(self, *, seat: int | None = None, bot: str | None = None, deal: int | None = None, match: int | None = None) -> BotError:
        """Fill in the seat, bot, deal and match that are still unknown (returns ``self``): the
        policy that failed knows its seat, the loop that asked it the deal's number, the loop
        over the matches the match's."""
        if self.seat is None:
            self.seat = seat
        if self.bot is None:
            self.bot = bot
        if self.deal is None:
            self.deal = deal
        if self.match is None:
            self.match = match
        return self

    def __str__(self) -> str:
        who = "a bot" if self.seat is None else f"seat {self.seat}"
        if self.bot is not None:
            who += f" ({self.bot})"
        if self.match is not None:
            who += f", match {self.match}"
        if self.deal is not None:
            who += f", deal {self.deal}"
        return printable(f"{who}: {self.reason}")


class ErrorList(RulesetError):
    """Several independent problems found in one pass (validation reports all of them)."""

    def __init__(self, errors: Iterable[RulesError]) -> None:
        self.errors = list(errors)
        first = self.errors[0] if self.errors else None
        super().__init__(
            first.message if first else "no errors",
            file=first.file if first else None,
            line=first.line if first else None,
            column=first.column if first else None,
            path=first.path if first else None,
            expected=first.expected if first else None,
        )

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.errors)
