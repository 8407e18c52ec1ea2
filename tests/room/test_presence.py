"""The people at a table are told when one of them leaves it and when they come back: a seat
whose person closed the page waits for them, and the others should not wait unaware.  Told
only for a person's last link closing and first opening (a second tab tells nothing), never
for a spectator; worded from each link's own seat, as docs/serve.md shows."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from roomtools import REPO, Seat, create, open_room, token_of


def told(seat: Seat) -> dict[str, Any]:
    """The next presence message to ``seat`` (a state between is passed over)."""
    while True:
        message = seat.read(presence=True)
        if message["type"] == "presence":
            return message


def quiet(seat: Seat) -> None:
    """Nothing is sent to ``seat`` (within half a second)."""
    with pytest.raises(AssertionError, match="never answered"):
        seat.read(seconds=0.5, presence=True)


def test_the_others_are_told_when_a_person_leaves_and_comes_back(tmp_path: Path) -> None:
    with open_room(tmp_path) as (client, room):
        reply = create(client, ["human"] * 4, "north-american-4")  # seats 0 and 2 are partners
        links = [token_of(s["link"]) for s in reply["seats"]]
        me = Seat(client, links[0])
        assert me.read()["away"] == [1, 2, 3]  # nobody else has opened their link yet
        partner = Seat(client, links[2])
        assert partner.read()["away"] == [1, 3]
        assert told(me) == {"type": "presence", "seat": 2, "here": True, "words": "your partner sat down at the table"}
        watcher = Seat(client, token_of(reply["watch"]))
        watcher.read()
        quiet(me)  # a spectator is nobody's news
        opponent = Seat(client, links[1])
        opponent.read()
        # two opponents: the page calls each by its seat; so does a spectator
        assert told(me)["words"] == told(partner)["words"] == told(watcher)["words"] == "seat 1 sat down at the table"

        partner.close()
        left = told(me)
        assert left == {"type": "presence", "seat": 2, "here": False, "words": "your partner left the table; the seat waits for them to come back"}
        assert told(opponent)["words"] == told(watcher)["words"] == "seat 2 left the table; the seat waits for them to come back"
        later = Seat(client, token_of(reply["watch"]))
        assert later.read()["away"] == [2, 3]  # a page opened now knows who is away

        partner = Seat(client, links[2])
        partner.read()
        back = told(me)
        assert back == {"type": "presence", "seat": 2, "here": True, "words": "your partner is back at the table"}
        assert told(opponent)["words"] == "seat 2 is back at the table"

        second_tab = Seat(client, links[0])  # the person at seat 0 opens the link again
        assert second_tab.read()["away"] == [3]
        quiet(partner)
        second_tab.close()
        quiet(partner)  # seat 0 still has a link open: nobody left

        # docs/serve.md shows these two, as the partner of seat 2 reads them
        page = (REPO / "docs" / "serve.md").read_text(encoding="utf-8")
        block = re.search(r"<!-- sample: tests/room/test_presence.py -->\n```json\n(.*?)```", page, re.S)
        assert block is not None
        assert [json.loads(line) for line in block.group(1).splitlines()] == [left, back]


def test_the_page_shows_the_words_and_holds_the_seat_away_until_the_person_is_back() -> None:
    """room.js in Node (tests/room/pagetools.py): a presence message's words go to the line
    above the hand, and the seat is away (marked so among the other seats) until it is back."""
    from pagetools import press

    seats = [{"seat": s, "name": name, "player": "person", "side": s % 2} for s, name in enumerate(["you", "seat 1", "partner", "seat 3"])]
    state = {"you": 0, "to_act": 1, "result": None, "hand": [], "legal": [], "seq": 3, "match": {"over": False},
             "waiting_for": [], "seats": seats, "known": [[], [], [], []], "hand_sizes": [6, 6, 6, 6], "dealer": 3, "away": [3]}
    left = {"type": "presence", "seat": 2, "here": False, "words": "your partner left the table; the seat waits for them to come back"}
    back = {"type": "presence", "seat": 2, "here": True, "words": "your partner is back at the table"}
    seen = press(state, messages=(left,))
    assert seen["presence"] == [left["words"]] and sorted(seen["away"]) == [2, 3]
    seen = press(state, messages=(left, back))
    assert seen["presence"] == [left["words"], back["words"]] and seen["away"] == [3]


def test_the_presence_line_clears_at_the_next_action() -> None:
    """The words stay while nothing happens at the table (the same change, sent again), and go
    at the next change (an action): "your opponent sat down at the table" is not news for the
    whole deal."""
    from pagetools import drawn

    seats = [{"seat": s, "name": name, "player": "person", "side": s} for s, name in enumerate(["you", "opponent"])]
    state = {"type": "state", "you": 0, "to_act": 1, "result": None, "hand": [], "legal": [], "seq": 3, "match": {"over": False, "words": ""},
             "waiting_for": [], "seats": seats, "known": [[], []], "hand_sizes": [5, 5], "dealer": 1, "away": [], "title": "t", "deal": 1,
             "trick": [], "last_trick": None, "look_back": None, "scores": [], "lines": [], "widow": [], "bids": [], "values": [],
             "sides": [[0], [1]], "talon": 0, "turn_up": None, "trump": None, "closed": False, "closer": None, "count_note": None}
    sat = {"type": "presence", "seat": 1, "here": True, "words": "your opponent sat down at the table"}
    same = drawn(state, "presence", messages=(sat, state))["drawn"]["presence"]
    assert same["hidden"] is False
    after = drawn(state, "presence", messages=(sat, {**state, "seq": 4}))["drawn"]["presence"]
    assert after["hidden"] is True
