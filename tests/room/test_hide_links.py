"""The server's log holds no seat's link, whatever uvicorn passes the path in.

``RULES_SERVE_LOG=trace`` wrote every link whole: uvicorn's trace of a connection passes its
ASGI scope as a dict (``path``, and ``raw_path`` as bytes), and the filter cut only text
arguments.  Here each line is made as uvicorn makes it (the formats and the scope's keys are
uvicorn 0.55's: ``uvicorn/middleware/message_logger.py``, ``uvicorn/protocols/http/``), then
passed through the handlers :func:`cli.serve.hide_links` filters.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest

pytest.importorskip("uvicorn", reason="rules serve needs the serve extra: pip install -e '.[test]'")

from cli.serve import HideLinks, hide_links  # noqa: E402

LINK = "R-3P-nDULOMSU5vrDGpCng"


def record(name: str, msg: str, args: tuple[object, ...]) -> logging.LogRecord:
    return logging.LogRecord(name, 5, __file__, 1, msg, args, None)


def test_a_scope_in_a_trace_line_is_logged_without_its_link() -> None:
    scope = {"type": "websocket", "path": f"/ws/{LINK}", "raw_path": f"/ws/{LINK}".encode(), "root_path": "",
             "query_string": b"", "headers": "<...>", "client": ("127.0.0.1", 50000)}
    line = record("uvicorn.asgi", "%s [%d] Started scope=%s", ("127.0.0.1:50000 - ASGI", 3, scope))
    assert HideLinks().filter(line)
    said = line.getMessage()
    assert LINK not in said and said == (
        "127.0.0.1:50000 - ASGI [3] Started scope={'type': 'websocket', 'path': '/ws/...', 'raw_path': b'/ws/...', "
        "'root_path': '', 'query_string': b'', 'headers': '<...>', 'client': ('127.0.0.1', 50000)}")


def test_an_access_line_keeps_its_five_arguments() -> None:
    """uvicorn's access formatter takes its arguments one by one: the path is cut in its own."""
    line = record("uvicorn.access", '%s - "%s %s HTTP/%s" %d', ("127.0.0.1:50000", "GET", f"/t/{LINK}", "1.1", 200))
    assert HideLinks().filter(line)
    assert line.args == ("127.0.0.1:50000", "GET", "/t/...", "1.1", 200)


@pytest.fixture
def uvicorn_log() -> Iterator[io.StringIO]:
    """uvicorn's log set up as a server at the trace level sets it (its handlers writing here)."""
    import uvicorn

    uvicorn.Config(lambda scope, receive, send: None, log_level="trace")  # sets the log up, as _serve's config does
    out = io.StringIO()
    touched = [h for name in ("uvicorn", "uvicorn.access") for h in logging.getLogger(name).handlers
               if isinstance(h, logging.StreamHandler)]
    kept = [(h, h.stream, list(h.filters)) for h in touched]
    for handler in touched:
        handler.setStream(out)
    try:
        yield out
    finally:
        for handler, stream, filters in kept:
            handler.setStream(stream)
            handler.filters = filters


def test_every_logger_of_uvicorns_is_filtered(uvicorn_log: io.StringIO) -> None:
    """The trace comes from ``uvicorn.asgi``, which no filter of another logger sees."""
    hide_links()
    scope = {"type": "http", "path": f"/t/{LINK}", "raw_path": f"/t/{LINK}".encode()}
    logging.getLogger("uvicorn.asgi").log(5, "%s [%d] Started scope=%s", "ASGI", 1, scope)
    logging.getLogger("uvicorn.error").warning("%s", f"/api/record/{LINK}")
    logging.getLogger("uvicorn.access").info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:50000", "GET", f"/t/{LINK}", "1.1", 200)
    said = uvicorn_log.getvalue()
    assert LINK not in said and "'path': '/t/...'" in said and "/api/record/..." in said and "GET /t/... HTTP/1.1" in said, said
