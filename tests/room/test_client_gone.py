"""A client that goes away in the middle of sending its body is no fault of the server's.

``Content-Length: 100``, then ``{"ruleset":`` and the connection closed: Starlette raises
``ClientDisconnect`` as the body is read, and the room logged "opening a table failed" with a
traceback of nine lines, as for a bug of its own, and answered 500 to nobody.  Driven here at
the ASGI level, where the client's going away is one message (``http.disconnect``)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

from cli.room.app import make_app


def _half_sent(app: Any, path: str) -> list[dict[str, Any]]:
    """What the app sends back to a POST whose client sends part of its body and goes away."""
    arriving: list[dict[str, Any]] = [{"type": "http.request", "body": b'{"ruleset":', "more_body": True}, {"type": "http.disconnect"}]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        if arriving:
            return arriving.pop(0)
        await asyncio.sleep(3600)  # (never asked: the client is gone)
        raise AssertionError("unreachable")

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": path, "raw_path": path.encode(), "root_path": "", "query_string": b"",
             "headers": [(b"host", b"127.0.0.1:8066"), (b"content-type", b"application/json"), (b"content-length", b"100")],
             "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8066)}
    asyncio.run(asyncio.wait_for(app(scope, receive, send), 30))
    return sent


@pytest.mark.parametrize("path", ["/api/tables", "/api/check"])
def test_a_client_gone_mid_upload_is_no_fault_and_no_traceback(tmp_path: Path, caplog: pytest.LogCaptureFixture, path: str) -> None:
    app = make_app(tmp_path)
    with caplog.at_level(logging.DEBUG, logger="rules.serve"):
        sent = _half_sent(app, path)
    faults = [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]
    assert faults == [], [r.getMessage() for r in faults]
    said = [r.getMessage() for r in caplog.records if r.name == "rules.serve"]
    assert said == [f"a client went away before it had sent its request's body (POST {path})"]
    statuses = [m["status"] for m in sent if m["type"] == "http.response.start"]
    assert 500 not in statuses
