"""What the room lets a table's names be: its id, its house file's name, its seats' kinds.

Each of them ends up on disk or in code: the id is the name of the table's folder under
``DIR/tables`` (a house file is written there, and removed with the folder when it is
refused), the house file's name is the file's name in that folder, and a seat's kind names
the code that plays it (a trained policy, ``policy:FILE.py:NAME``, imports and runs a file).
So each is held to one rule, written here once, for what a client sends (the API, in
:mod:`cli.room.room`) and for what a row of ``room.sqlite`` holds (:mod:`cli.room.rows`): a
row edited by hand that named ``..`` as its id emptied the data folder as its table was read
back, and one that named a policy ran its file.

No import of the engine: :mod:`cli.room.store` reads rows with these, and ``rules --help``
imports the store.
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from collections.abc import Callable

#: A seat's kind that has a link (a person's): every other kind is a bot's, which has none.
PERSON = "human"
#: The bots a room seats.  A trained policy (``policy:FILE.py:NAME``) is left out: it would
#: run code named by whoever creates a table.
ROOM_BOTS = ("search:easy", "search:normal", "search:hard", "greedy", "random", "basic")
#: A table's id as the room makes it (:func:`new_id`): 12 lowercase hex digits, so one name of
#: a folder under ``DIR/tables`` -- never ``..``, never a path.
TABLE_ID = re.compile(r"[0-9a-f]{12}")
#: The longest name a house file is kept under, its ending included.
HOUSE_NAME_LENGTH = 64
#: Letters a name keeps spelled out, as German writes them without their dots: a browser's
#: download folder is full of ``Käseregeln (1).yaml``, and ``Kaeseregeln-1.yaml`` still reads.
SPELLED = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss", "ẞ": "SS"}


def new_id() -> str:
    """A new table's id (48 random bits, as :data:`TABLE_ID` has it)."""
    return secrets.token_hex(6)


def is_id(text: str) -> bool:
    """Whether ``text`` is a table's id as the room makes them (:data:`TABLE_ID`)."""
    return TABLE_ID.fullmatch(text) is not None


def kept_name(sent: str) -> str | None:
    """The name an uploaded house file is kept under, made from the name it was sent under
    (see :func:`cli.room.room.house_name`, which refuses the ``None`` given for a name that
    does not end in ``.yaml`` or ``.yml``).  A name it keeps it keeps as it is: so a row's
    name is one the room could have made exactly when this gives it back unchanged."""
    base = re.split(r"[/\\]", sent)[-1]
    stem, dot, ending = base.rpartition(".")
    if not dot or ending.lower() not in ("yaml", "yml"):
        return None
    letters = []
    for char in unicodedata.normalize("NFC", stem):
        if unicodedata.combining(char):
            continue  # an accent no precomposed letter took: its letter is already there
        plain = unicodedata.normalize("NFKD", SPELLED.get(char, char)).encode("ascii", "ignore").decode("ascii")
        letters.append(plain or "-")
    kept = re.sub(r"[^A-Za-z0-9._-]+", "-", "".join(letters))
    kept = re.sub(r"-{2,}", "-", re.sub(r"\.{2,}", ".", kept)).strip("-._")
    room = HOUSE_NAME_LENGTH - len(ending) - 1
    return (kept[:room].rstrip("-._") or "house") + "." + ending.lower()


def wrong_seats(seats: object, quote: Callable[[str], str], count: int | None = None, title: str = "") -> str | None:
    """Why ``seats`` is not what a table of the room may seat, or ``None``: a list of
    ``count`` kinds (any number of them where ``count`` is not given: a row read before its
    ruleset is), each :data:`PERSON` or one of :data:`ROOM_BOTS`, at least one a person.
    ``quote``: how the words quote a kind that is none of them (the API's way for what a
    client sent, the rows' for what a row holds); ``title``: the ruleset's, for the count."""
    bots = ", ".join(ROOM_BOTS)
    if not isinstance(seats, list) or (count is not None and len(seats) != count) or not all(isinstance(s, str) for s in seats):
        if count is None:
            return f"give a list of seats, each 'human' or one of {bots}"
        return f"{title} seats {count}: give a list of {count} seats, each 'human' or one of {bots}"
    wrong = [s for s in seats if s != PERSON and s not in ROOM_BOTS]
    if wrong:
        return f"{quote(wrong[0])} is no seat of the room; each seat is 'human' or one of {bots}"
    if PERSON not in seats:
        return "a table needs at least one person ('human'); bots alone play with rules run or rules arena"
    return None
