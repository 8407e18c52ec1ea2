"""The ``human`` seat kind: a person at the terminal, shown only their own view.

The player sees their hand, the trump, the trick on the table and their legal actions,
numbered; they answer with a number or with the notation (``play TH``, ``marry KH``,
``declare``...).  An illegal entry is explained (the rule that forbids it) and asked again.
Entries that are not UTF-8 or hold control characters are refused and asked again; what is
shown passes through :func:`~interpreter.core.printable.printable`.  End of input or Ctrl-C
raises :class:`Interrupted`, so the CLI can save the record.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from interpreter.core.actions import Action, Continue, parse_action
from interpreter.core.cards import SUIT_NAMES
from interpreter.core.errors import RulesError
from interpreter.core.printable import printable
from interpreter.engine.views import SeatView


class Interrupted(Exception):
    """The person stopped the game (end of input or Ctrl-C)."""


#: Longest entry read from a person; a longer line is refused as a whole, and a "line" that
#: runs on for more than DISCARD_LIMIT characters (no line break at all) is taken as end of input.
ENTRY_LIMIT = 200
DISCARD_LIMIT = 1_000_000
TOO_LONG = "\x00too long"  # never a real entry: entries with control characters are refused


def read_entry(prompt: str, stdin: TextIO | None = None, stdout: TextIO | None = None) -> str:
    """Like :func:`input`, but reading at most :data:`ENTRY_LIMIT` characters of a line into
    memory, so that an endless line (``< /dev/zero``) cannot exhaust memory or hold off a signal."""
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    stdout.write(prompt)
    stdout.flush()
    line = stdin.readline(ENTRY_LIMIT + 1)
    if not line:
        raise EOFError
    if line.endswith("\n") or len(line) <= ENTRY_LIMIT:
        return line.rstrip("\n")
    skipped = len(line)
    while skipped <= DISCARD_LIMIT:
        chunk = stdin.readline(65536)
        if not chunk or chunk.endswith("\n"):
            return TOO_LONG
        skipped += len(chunk)
    raise EOFError  # no line break in a million characters: not a person typing


class HumanAgent:
    """Asks a person for each decision of one seat."""

    def __init__(self, read: Callable[[str], str], out: TextIO, explain: Callable[[Action], str | None]) -> None:
        self.read = read
        self.out = out
        self.explain = explain

    def say(self, text: str) -> None:
        """Write to the person, escaped (line breaks kept)."""
        self.out.write(printable(text, multiline=True))

    def show(self, view: SeatView, legal: list[Action]) -> None:
        w = self.say
        w(f"\n-- seat {view.seat} to act --\n")
        trump = f"{SUIT_NAMES[view.trump]}" if view.trump else "not yet fixed"
        turn_up = f", turn-up {view.turn_up}" if view.turn_up else ""
        talon = f", talon {view.talon_size}{' (closed)' if view.closed else ''}" if view.talon_size or view.closed else ""
        w(f"trump {trump}{turn_up}{talon}\n")
        w("your hand: " + " ".join(str(c) for c in view.hand) + "\n")
        for trick in view.reviewable_tricks:
            w("you may look at: " + ", ".join(f"seat {s} {c}" for s, c in trick) + "\n")
        if view.trick:
            w("on the table: " + ", ".join(f"seat {s} {c}" for s, c in view.trick) + "\n")
        w("points: " + ", ".join(str(p) for p in view.card_points) + f"; tricks: {', '.join(str(t) for t in view.tricks_won)}\n")
        for i, action in enumerate(legal, 1):
            w(f"  {i:>2}. {action}\n")

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        self.show(view, legal)
        while True:
            try:
                text = self.read("your move (number or notation): ").strip()
            except (EOFError, KeyboardInterrupt, RuntimeError):  # RuntimeError: stdin was closed
                raise Interrupted() from None
            except UnicodeDecodeError:  # stdin could not be told to pass undecodable bytes on
                text = "\udcff"
            if not text:
                continue
            if text == TOO_LONG:
                self.say(f"that entry is too long (at most {ENTRY_LIMIT} characters): type a number or a move such as play TH\n")
                continue
            if any("\ud800" <= ch <= "\udfff" for ch in text):  # bytes that are not UTF-8, escaped
                self.say("that entry is not UTF-8 text: type a number or a move such as play TH\n")
                continue
            if not text.isprintable():
                self.say("that entry contains control characters: type a number or a move such as play TH\n")
                continue
            if text.isascii() and text.isdigit() and len(text) <= 6:
                k = int(text)
                if 1 <= k <= len(legal):
                    return legal[k - 1]
                self.say(f"there is no choice {k}: pick 1 to {len(legal)}\n")
                continue
            try:
                action = Continue() if text.lower() == "continue" else parse_action(text)
            except RulesError as exc:
                self.say(f"{exc}\n")
                continue
            if action in legal:
                return action
            reason = self.explain(action) or "not legal now"
            self.say(f"illegal: {reason}\n")
