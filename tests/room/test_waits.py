"""The tests' own waits have limits: a server broken so that it never answers fails the test
that waits for it, saying what it waited for, instead of hanging the whole suite (found by
breaking the room on purpose: a read without a limit waited for good)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from roomtools import Seat, create, open_room, token_of
from servetools import wait_for


def test_a_link_that_is_sent_nothing_fails_the_read_in_time(tmp_path: Path) -> None:
    with open_room(tmp_path) as (client, room):
        reply = create(client, ["human", "human"])
        seat = Seat(client, token_of(reply["seats"][0]["link"]))
        assert seat.read()["type"] == "state"
        start = time.monotonic()
        with pytest.raises(AssertionError, match="waited 0.5 s for a message on the WebSocket"):
            seat.read(seconds=0.5)  # nothing changed at the table: nothing is sent
        assert time.monotonic() - start < 5
        seat.close()


def test_a_server_that_never_announces_itself_fails_the_start_in_time() -> None:
    quiet = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], stderr=subprocess.PIPE, text=True)
    assert quiet.stderr is not None
    start = time.monotonic()
    with pytest.raises(AssertionError, match="waited for the first line"):
        wait_for("the first line", quiet.stderr.readline, quiet, seconds=0.5)
    assert time.monotonic() - start < 5
    assert quiet.wait(timeout=10) != 0  # killed, not left running
    quiet.stderr.close()
