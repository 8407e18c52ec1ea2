"""Hidden information in the card room: whole matches of every bundled ruleset (the house
files among them) played through the WebSocket protocol, every seat a person at its own link
and a spectator watching; every message each link receives is checked against its seat's
view -- no card the seat may not see, its hand exactly, its legal actions exactly
(tests/room/roomtools.py: :func:`check_message`)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.rules.resources import bundled_rulesets
from roomtools import Seat, check_message, create, open_room, play_through, token_of

RULESETS = sorted(bundled_rulesets())


@pytest.mark.parametrize("name", RULESETS)
def test_a_whole_match_sends_each_seat_only_its_view(name: str, tmp_path: Path) -> None:
    from interpreter.rules.loader import load_ruleset

    seats = ["human"] * load_ruleset(name).players.count
    with open_room(tmp_path) as (client, room):
        live = play_through(client, room, name, seats, random.Random(name))
        assert live.table.over and live.table.session.match.winner is not None
        record = client.get(f"/api/record/{live.table.tokens[0]}")
        assert record.status_code == 200 and record.text.startswith("# Sixty-Six Rules match record")


def test_the_check_sees_a_card_a_seat_may_not_see(tmp_path: Path) -> None:
    """The yardstick can fail: the opponent's hand, slipped into seat 0's message, is caught."""
    with open_room(tmp_path) as (client, room):
        reply = create(client, ["human", "human"])
        live = room.tables[reply["table"]]
        link = Seat(client, token_of(reply["seats"][0]["link"]))
        message = link.read()
        check_message(live, 0, message)
        assert live.table.session.state is not None
        other = [str(c) for c in live.table.session.state.view(1).hand]
        message["prompt"] = f"the opponent holds {other[0]}"
        with pytest.raises(AssertionError, match="which its view does not show"):
            check_message(live, 0, message)
        link.close()
