"""What a screen reader hears of the table's news (cli/room/static/room.js in Node,
tests/room/pagetools.py): the page is given a seat's real message before and after another
seat's move (a table built directly with a fixed seed), and its polite live region ``#news``
must say the move in short words -- a marriage and the card it shows, a close -- and nothing
when nothing changed, rather than the whole score box read again."""

from __future__ import annotations

from typing import Any

from pagetools import drawn
from test_seat_words import act_until, table

from cli.room.messages import seat_message
from interpreter.core.actions import Close, Marry

SUIT = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def news(*messages: dict[str, Any]) -> list[str]:
    """The sentences in #news once the page has drawn each of ``messages`` in turn (the page's
    stubs make the region only when something is said)."""
    region = drawn(messages[-1], "news", messages=messages)["drawn"].get("news") or {"children": []}
    return [line["text"] for line in region["children"]]


def test_a_marriage_is_said_with_the_card_it_shows() -> None:
    """Schnapsen: a seat marries with a king or queen; the other seat's page says the
    announcement (20, or 40 in trumps) and the partner card now shown, once each (the same
    state again says nothing more).  A page opened after the marriage is told nothing: the
    person reads the table."""
    made = table("schnapsen")
    seat = act_until(made, lambda seat, legal: any(isinstance(a, Marry) for a in legal))
    before = seat_message(made, 1 - seat)
    marry = next(a for a in made.session.legal() if isinstance(a, Marry))
    made.act(seat, str(marry), made.seq)
    after = seat_message(made, 1 - seat)
    suit = str(marry.card)[1]
    partner = "queen" if str(marry.card)[0] == "K" else "king"
    value = 40 if suit == before["trump"] else 20
    assert after["scores"][before["seats"][seat]["side"]]["tricks"] > 0, "the marriage counts at once (no pending words)"
    assert news(after) == []
    assert news(before, after, after) == [f"announced: opponent: {value} in {SYMBOL[suit]} {SUIT[suit]}",
                                          f"opponent shows the {partner} of {SUIT[suit]}"]


def test_a_close_is_said_with_who_closed() -> None:
    made = table("schnapsen")
    seat = act_until(made, lambda seat, legal: any(isinstance(a, Close) for a in legal))
    before = seat_message(made, 1 - seat)
    made.act(seat, "close", made.seq)
    after = seat_message(made, 1 - seat)
    assert news(before, after) == ["the talon is closed by opponent"]
