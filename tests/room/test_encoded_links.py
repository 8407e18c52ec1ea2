"""A seat's link is cut out of the server's log however its path is spelled.

The router reads the percent-decoded path, so ``/%74/LINK``, ``/t/%2D...`` or ``/t%2FLINK``
open the seat's page as ``/t/LINK`` does; uvicorn logs the path as it came, and the filter
looked for the literal ``/t/``: the link stood whole in the access log."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="rules serve needs the serve extra: pip install -e '.[test]'")

from cli.serve import HideLinks  # noqa: E402
from servetools import server_in_range  # noqa: E402

LINK = "XNnov-R3PnDULOMSU5vrDG"


def encoded(text: str) -> str:
    """Every character of ``text`` percent-encoded."""
    return "".join(f"%{ord(c):02X}" for c in text)


@pytest.mark.parametrize(("path", "cut"), [
    (f"/%74/{LINK}", "/%74/..."),
    (f"/t/{LINK[:5]}%2D{LINK[6:]}", "/t/..."),
    (f"/t/{LINK[:5]}%2d{LINK[6:]}", "/t/..."),
    (f"/t/{encoded(LINK)}", "/t/..."),
    (f"/t%2F{LINK}", "/t%2F..."),
    (f"/w%73/{LINK}", "/w%73/..."),
    (f"/api%2Frecord/{LINK}", "/api%2Frecord/..."),
    (f"/api/%68ouse/{LINK}?x=1", "/api/%68ouse/...?x=1"),
    (f"%2Ft/{LINK}", "%2Ft/..."),  # the first / encoded: the server reads /t/LINK
    (f"%2F%74%2F{LINK}", "%2F%74%2F..."),
    (f"t/{LINK}", "t/..."),  # no first / at all
    (f"/t//{LINK}", "/t//..."),  # a 404, but the link is the key all the same
])
def test_an_encoded_path_is_logged_without_its_link(path: str, cut: str) -> None:
    line = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
                             ("127.0.0.1:50000", "GET", path, "1.1", 200), None)
    assert HideLinks().filter(line)
    assert line.args == ("127.0.0.1:50000", "GET", cut, "1.1", 200)


def test_a_path_of_no_link_is_left_as_it_is() -> None:
    line = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, "%s", ("/static/app.js /tables/x /api/tables /t/",), None)
    assert HideLinks().filter(line)
    assert line.args == ("/static/app.js /tables/x /api/tables /t/",)


def test_a_served_page_at_an_encoded_path_leaves_no_link_in_the_log(tmp_path: Path) -> None:
    """The real server: each spelling opens the seat's page (so it must be cut), and none is logged."""
    server = server_in_range(tmp_path, log="info")
    try:
        status, reply = server.post("/api/tables", {"ruleset": "schnapsen", "seats": ["human", "greedy"]})
        assert status == 201, reply
        link = next(seat["link"] for seat in reply["seats"] if seat["link"]).rsplit("/", 1)[1]
        spellings = [f"/%74/{link}", f"/t/{encoded(link[0])}{link[1:]}", f"/t%2F{link}", f"/t/{encoded(link)}"]
        for path in spellings:
            assert server.get(path)[0] == 200, path
    finally:
        _, err = server.stop()
    logged = server.out + err
    assert logged.count(" HTTP/1.1\" 200") >= len(spellings), logged
    for piece in (link, link[1:], encoded(link)):
        assert piece not in logged, logged
