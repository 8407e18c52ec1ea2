"""A house file is read off the event loop: while one is being read, every other request is served.

PyYAML took most of a second over 60 kB of ``[[[...]]]`` before refusing it as nested too
deep, and the room read it on the loop that serves every link: three clients posting such a
file to ``/api/check`` held every table up for seconds.  Here the reading is made to wait until
the test lets it go, and another request must be answered meanwhile -- which a reading on the
loop would never allow (the wait is bounded: :func:`roomtools.within`)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from roomtools import open_room, within

HOUSE = "extends: schnapsen\nname: slow\nmatch:\n  target: 3\n"


@pytest.mark.parametrize("path", ["/api/check", "/api/tables"])
def test_other_requests_are_answered_while_a_house_file_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, path: str) -> None:
    from interpreter.rules import extends

    reading, release = threading.Event(), threading.Event()
    real = extends.load_source

    def slow(*args: Any, **kwargs: Any) -> Any:
        reading.set()
        release.wait(60)
        return real(*args, **kwargs)

    monkeypatch.setattr(extends, "load_source", slow)
    with open_room(tmp_path) as (client, room):
        answers: list[Any] = []
        sender = threading.Thread(target=lambda: answers.append(
            client.post(path, json={"house": {"name": "slow.yaml", "text": HOUSE}, "seats": ["human", "greedy"]})), daemon=True)
        sender.start()
        try:
            assert within("the house file to be read", lambda: reading.wait(30))
            other = within("another request while a house file is read", lambda: client.get("/api/rulesets"), 10)
            assert other.status_code == 200 and "schnapsen" in other.text
        finally:
            release.set()
            sender.join(30)
        assert answers[0].status_code == (200 if path == "/api/check" else 201), answers[0].text
        assert answers[0].json()["title"] == "Schnapsen"
