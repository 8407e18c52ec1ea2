"""What a row of ``room.sqlite`` must hold before the room trusts it.

The room wrote every row itself, so a row of another shape is damage -- a hand-edited file, a
disk that garbled a page SQLite did not notice, a tool that rewrote a column.  Such a row used
to reach the code that uses it and fail there, with a traceback: links given as a number
(``enumerate`` of an int as the room started), a seed given as text (the engine's arithmetic
as a link opened), a table whose log lost its first deal (an assertion at every link).  Each
value is checked here as it is read, and a row that fails is refused with :class:`BadRow`,
whose words say which column holds what, and what the room expected: the room leaves that
table out and says so (:meth:`Room._load <cli.room.room.Room._load>`), and the others go on.
"""

from __future__ import annotations

import json
from typing import Any

from cli.room.names import PERSON, is_id, kept_name, wrong_seats
from interpreter.engine.match import DEAL_SEED_BITS, WIDE_DEAL_SEED_BITS

#: The first decision of every table's log: its first deal (seat -1).
FIRST_DEAL = (-1, "deal")


class BadRow(ValueError):
    """A row of ``room.sqlite`` that the room did not write as it is (``why``: which column,
    what it holds, what was expected)."""


def shown(value: object) -> str:
    """A stored value as a message quotes it: short, on one line."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def json_list(column: str, text: object) -> list[Any]:
    """A column that holds a JSON list (``kinds``, ``tokens``)."""
    if not isinstance(text, str):
        raise BadRow(f"its {column!r} is {shown(text)}, not the JSON text of a list")
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise BadRow(f"its {column!r} is not JSON ({exc if not isinstance(exc, RecursionError) else 'nested too deep'})") from None
    if not isinstance(value, list):
        raise BadRow(f"its {column!r} is {shown(value)}, not a list")
    return value


def kinds_of(text: object) -> list[str]:
    """The seats' kinds: a list of names, one per seat, each one the room's API takes
    (:func:`~cli.room.names.wrong_seats`): a kind names the code that plays the seat, and a
    trained policy's (``policy:FILE.py:NAME``) would import and run its file as the table is
    read back.  How many there must be is the ruleset's (:func:`seats_of`)."""
    kinds = json_list("kinds", text)
    why = wrong_seats(kinds, shown)
    if why is not None:
        raise BadRow(f"its 'kinds' is {shown(kinds)}: {why}")
    return kinds


def seats_of(kinds: list[str], count: int, title: str) -> None:
    """Refuse kinds (:func:`kinds_of`) that are not as many as the ruleset, read back, seats."""
    why = wrong_seats(kinds, shown, count, title)
    if why is not None:
        raise BadRow(f"its 'kinds' holds {len(kinds)} seats: {why}")


def tokens_of(text: object, kinds: list[str]) -> list[str | None]:
    """The people's links: one per seat, a text for a person's seat and ``null`` for a bot's."""
    tokens = json_list("tokens", text)
    if len(tokens) != len(kinds):
        raise BadRow(f"its 'tokens' holds {len(tokens)} links for its {len(kinds)} seats")
    for seat, (token, kind) in enumerate(zip(tokens, kinds)):
        if kind == PERSON and not (isinstance(token, str) and token):
            raise BadRow(f"its 'tokens' gives seat {seat}, a person's, {shown(token)}, not a link")
        if kind != PERSON and token is not None:
            raise BadRow(f"its 'tokens' gives seat {seat}, a bot's, {shown(token)}, not null")
    return tokens


def text_of(column: str, value: object, empty: bool = False) -> str:
    """A column that holds text (``id``, ``ruleset``, ``watch``)."""
    if not isinstance(value, str) or not (value or empty):
        raise BadRow(f"its {column!r} is {shown(value)}, not a text")
    return value


def table_id(value: object) -> str:
    """``id``: a table's id as the room makes them (:data:`~cli.room.names.TABLE_ID`), the
    name of its folder under ``DIR/tables``: a house file is written there, and the folder
    removed when the file is refused -- ``..`` removed the data folder itself."""
    text = text_of("id", value)
    if not is_id(text):
        raise BadRow(f"its 'id' is {shown(text)}, not a table's id (12 digits 0-9 and a-f, as the room makes them)")
    return text


def house_name(value: object) -> str | None:
    """``house_name``: nothing (a bundled ruleset's table), or a name the room keeps a house
    file under (:func:`~cli.room.names.kept_name` keeps it as it is) -- the file is written
    under it in the table's folder, so a path (``../../x.yaml``) would write outside it."""
    name = maybe_text("house_name", value)
    if name is not None and kept_name(name) != name:
        raise BadRow(f"its 'house_name' is {shown(name)}, not a name the room keeps a house file under (such as 'house.yaml')")
    return name


def maybe_text(column: str, value: object) -> str | None:
    """A column that holds text or nothing (``house_text``, ``opened_by``)."""
    return None if value is None else text_of(column, value, empty=True)


def whole(column: str, value: object) -> int:
    """A column that holds a whole number (``seed``)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadRow(f"its {column!r} is {shown(value)}, not a whole number")
    return value


def when(value: object) -> float | None:
    """``touched``: seconds since the epoch, or nothing (kept before the room noted it)."""
    if value is None:
        return None
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise BadRow(f"its 'touched' is {shown(value)}, not a time (seconds since 1970)")
    return float(value)


def seed_bits(value: object) -> int | None:
    """``deal_seed_bits``: how wide each deal's seed is drawn (32 or 63), or nothing (kept
    before the room noted it)."""
    if value is None:
        return None
    if value not in (DEAL_SEED_BITS, WIDE_DEAL_SEED_BITS) or not isinstance(value, int) or isinstance(value, bool):
        raise BadRow(f"its 'deal_seed_bits' is {shown(value)}, not {DEAL_SEED_BITS} or {WIDE_DEAL_SEED_BITS}")
    return value


def flag(value: object) -> bool | None:
    """``over``: 1, 0, or nothing (kept before the room noted it)."""
    if value is None:
        return None
    if value not in (0, 1) or isinstance(value, float):
        raise BadRow(f"its 'over' is {shown(value)}, not 1 or 0")
    return bool(value)


def steps_of(rows: list[tuple[object, object, object]]) -> tuple[list[tuple[int, str]], list[int]]:
    """A table's log from its rows of ``steps`` (``n``, ``seat``, ``move``, in the order of
    ``n``): the (seat, decision) pairs, beginning with its first deal, and the ``n`` of each --
    what a message names a decision by, so that its owner finds the row."""
    steps: list[tuple[int, str]] = []
    numbers: list[int] = []
    for n, seat, move in rows:
        if not isinstance(n, int) or isinstance(n, bool):
            raise BadRow(f"a decision in 'steps' has n = {shown(n)}, not a whole number")
        if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(move, str):
            raise BadRow(f"its decision n = {n} in 'steps' is seat {shown(seat)} and {shown(move)}, not a seat's number and a decision")
        steps.append((seat, move))
        numbers.append(n)
    if not steps:
        raise BadRow("its log in 'steps' is empty: a table's log begins with its first deal")
    if steps[0] != FIRST_DEAL:
        raise BadRow(f"its log in 'steps' begins with {shown(steps[0][1])} (n = {numbers[0]}), not the first deal")
    return steps, numbers


def step_refused(n: int, seat: int, move: str, why: str) -> BadRow:
    """A decision of the log that the engine does not take as it is replayed (a move the
    notation cannot read, one the rules refuse where the log puts it): which row of ``steps``
    holds it, and why."""
    return BadRow(f"its decision n = {n} in 'steps' (seat {seat}, move {shown(move)}) cannot be replayed: {why}")
