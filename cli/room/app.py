"""The card room's web app (Starlette): pages, the JSON API, the cards and one WebSocket per seat.

Routes (docs/serve.md):

* ``GET /`` the lobby; ``GET /t/{token}`` a table as the link's seat (or a spectator) sees it;
* ``GET /api/rulesets``; ``POST /api/tables`` creates a table and answers a link per seat;
* ``GET /api/record/{token}`` the finished match's record; ``GET /api/house/{token}`` the
  house file it names;
* ``GET /cards/{code}.svg``, ``GET /static/{file}``: the cards, the script and the style sheet
  -- the page asks nothing of any other server (its Content-Security-Policy says so);
* ``WS /ws/{token}``: the link's seat's view after every change; the person's actions.

Starlette is small and kept (the ASGI toolkit FastAPI is built on), has WebSockets and a
test client, and needs nothing else; uvicorn serves it.  Every refusal is a JSON
``{"error": code, "why": words}`` (HTTP) or ``{"type": "refused", ...}`` (WebSocket) -- bad
JSON, a wrong seat, a stale or replayed action, a flood, an oversized upload -- and never
ends the connection's table.
"""

from __future__ import annotations

import asyncio
import base64
import ipaddress
import json
import logging
import re
import time
from collections.abc import AsyncIterator, Callable, Collection
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketClose, WebSocketDisconnect

from interpreter.rules.loader import load_ruleset
from interpreter.rules.resources import bundled_rulesets
from cli.room.cards import back_svg, card_svg
from cli.room import IDLE_DAYS
from cli.room.room import MAX_HOUSE_BYTES, Connection, Room
from cli.room.outbox import MAX_WAITING, Gone, Outbox
from cli.room.store import Store
from cli.room.tables import Refused, quoted

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("rules.serve")
#: The largest body a request may send (a house file and its JSON wrapping).
MAX_BODY = MAX_HOUSE_BYTES * 2 + 4096
#: The largest WebSocket message taken, and how many refused messages a connection may send
#: per second (after a burst): a person plays at the table's pace, a flood is of refusals.
MAX_MESSAGE = 2048
#: Seconds a full room asks a client to wait before it asks again (``Retry-After`` of a 503):
#: a table frees its place when its match ends, which at a card table takes minutes.
RETRY_AFTER = 60
RATE = 10.0
BURST = 20.0
#: The most characters of a path the API does not have that its refusal says back.
LONGEST_PATH = 100
#: The WebSocket close code of a link refused as it opens, by its refusal's ``error`` (docs/serve.md):
#: the room's own codes, 4000 and an HTTP status.  The page opens its link again after any but
#: 4404 (no table has it) and 4500 (its table's saved state could not be read).
CLOSE_CODES = {"unknown_link": 4404, "full": 4429, "unreadable": 4500, "server": 4503, "stale": 4503}
#: The API's routes, as a refusal of a path it does not have lists them.
API_ROUTES = ("GET /api/rulesets", "POST /api/tables", "POST /api/check", "GET /api/record/TOKEN", "GET /api/house/TOKEN")
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the page's address is a seat's secret link
    "Cache-Control": "no-store",
}


def refusal(why: str, code: str, status: int = 400, retry_after: int | None = None) -> JSONResponse:
    """A refused request: its JSON reason, and its status.  ``Retry-After`` says when to ask
    again: ``retry_after`` where the refusal knows it, else :data:`RETRY_AFTER` for a 503 (the
    room full) and nothing for any other status."""
    wait = retry_after if retry_after is not None else RETRY_AFTER if status == 503 else None
    headers = {**HEADERS, "Retry-After": str(wait)} if wait is not None else HEADERS
    return JSONResponse({"error": code, "why": why}, status_code=status, headers=headers)


def cross_site(request: Request) -> None:
    """Refuse a POST that a page of another site made the browser send (CSRF): such a page
    could open tables in the name of whoever visits it and use up their address's 100.

    * ``Origin``, which a browser adds to every cross-site POST and a page cannot forge, must
      name this server: the host (and port) the request was sent to, its ``Host`` header
      (behind a proxy the one the proxy passes on, ``proxy_set_header Host $http_host``).  The
      scheme is not compared: behind a TLS proxy the page is ``https:`` and this server
      ``http:``.  A script's request has no ``Origin`` and is taken.
    * The body must be declared ``application/json``: a page of another site may send
      ``text/plain`` without asking the server first, never ``application/json``.  So even a
      browser that left ``Origin`` out could not send a table's request unasked."""
    origin = request.headers.get("origin")
    host = request.headers.get("host", "")
    if origin is not None and not same_host(origin, host):
        if same_name(origin, host):  # said apart: a proxy that drops the page's port (nginx's $host) refuses the lobby itself
            raise Refused(f"a request from the page {quoted(origin)} is refused: it was sent to {quoted(host)}, the same name "
                          f"on another port -- another site's page, or a proxy in front that passes Host on without the "
                          f"page's port (nginx: proxy_set_header Host $http_host)", "origin", 403)
        raise Refused(f"a request from another site's page ({quoted(origin)}) is refused: "
                      f"open tables from this server's own lobby, or from a script (which sends no Origin)", "origin", 403)
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media != "application/json":
        got = f"this request's is {quoted(media)}" if media else "this request has none"
        raise Refused(f"the body is JSON, sent with 'Content-Type: application/json' ({got})", "content_type", 415)


def same_host(origin: str, host: str) -> bool:
    """Whether the page at ``origin`` (``http://cards.example.org:8066``) was served by the host
    a request went to (its ``Host`` header, ``cards.example.org:8066``).  A ``Host`` without a
    port is a default one, 80 or 443 (a TLS proxy's ``$host`` leaves its 443 out and passes the
    request on over http), so the page's port must be one of those two; ``Origin: null`` (a
    sandboxed page, a file) names no host at all."""
    try:
        page = urlsplit(origin)
        server = urlsplit("//" + host)
        page_port, server_port = page.port, server.port
    except ValueError:  # a port that is no number, a malformed address: no host of ours
        return False
    if page.scheme not in ("http", "https") or not page.hostname or page.hostname != server.hostname:
        return False
    page_port = page_port or {"http": 80, "https": 443}[page.scheme]
    return page_port in (80, 443) if server_port is None else page_port == server_port


def same_name(origin: str, host: str) -> bool:
    """Whether the page at ``origin`` and the ``Host`` a request went to name the same host,
    whatever their ports (``False`` for a malformed one)."""
    try:
        name = urlsplit("//" + host).hostname
        return name is not None and urlsplit(origin).hostname == name
    except ValueError:
        return False


#: A ``Host`` header: a name or an IPv4 address, or an IPv6 one in brackets, and a port or none.
HOST = re.compile(r"(?:\[(?P<v6>[0-9A-Fa-f:.]+)\]|(?P<name>[A-Za-z0-9.-]+))(?::[0-9]{1,5})?")


def answers_to(host: str, names: Collection[str]) -> bool:
    """Whether the room answers a request sent to ``host`` (its ``Host`` header): one that
    names this machine -- ``localhost`` or a loopback address, with any port or none -- or
    one of ``names`` (the proxy's ``server_name``, ``--server-name``), in any case.  As
    ``rules play --web`` checks its ``Host`` (:func:`cli.table.web.from_this_machine`), for
    the same reason, with the room's port and addresses left open: it may listen on any port
    and on ``::1``, and its proxy may pass its own name on."""
    found = HOST.fullmatch(host)
    if found is None:
        return False
    name = (found.group("v6") or found.group("name")).lower().rstrip(".")
    if name == "localhost" or name in names:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


class ThisMachine:
    """Refuse every request (403 ``host``; a WebSocket closed with 4403 before it opens) that
    does not name this machine or one of ``names`` in its ``Host`` (:func:`answers_to`).

    Listening on the loopback address keeps other machines out, not other sites: a page of
    another site whose name its owner made lead to 127.0.0.1 (DNS rebinding) is, to the
    browser, a page of the room itself -- its ``Origin`` and its ``Host`` agree
    (:func:`same_host`) -- and could open tables in the visitor's name and read their links.
    The browser sends that site's name in ``Host``, and cannot be made to send another."""

    def __init__(self, app: ASGIApp, names: Collection[str]) -> None:
        self.app = app
        self.names = frozenset(name.lower().rstrip(".") for name in names)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            host = Headers(scope=scope).get("host", "")
            if not answers_to(host, self.names):
                served = ", ".join(["localhost", "127.0.0.1", *sorted(self.names)])
                why = (f"a request for the host {quoted(host)} is refused: this room answers to {served} only "
                       f"(behind a proxy, start it with --server-name and the name people use)")
                answer = refusal(why, "host", 403) if scope["type"] == "http" else WebSocketClose(4403, "host")
                await answer(scope, receive, send)
                return
        await self.app(scope, receive, send)


def not_json(exc: Exception) -> str:
    """Why a text is not JSON, whole: the decoder's reasons are short and end with where
    (``Expecting value: line 1 column 5 (char 4)``), so none is cut."""
    return "nested too deep" if isinstance(exc, RecursionError) else str(exc)


async def ended(writer: asyncio.Task[None]) -> None:
    """Stop a link's writer and wait until it has stopped: a task cancelled and never awaited
    may still be pending when nothing refers to it any more, and asyncio then says so on
    stderr ("Task was destroyed but it is pending!").  ``asyncio.wait`` neither raises the
    writer's cancellation here nor swallows a cancellation of the link's own task.

    Cancelled again until it has stopped: on Python 3.11 ``asyncio.wait_for`` swallows a
    cancellation that arrives as the write it waits for completes, and the writer then goes
    back to waiting for messages -- awaited once, the link's task (and a server stopping,
    which waits for every link's task) waited for ever."""
    while not writer.done():
        writer.cancel()
        await asyncio.wait([writer], timeout=0.5)


def make_app(data: Path, bot_delay: float = 0.6, rate: float = RATE, idle_days: float = IDLE_DAYS,
             ready: Callable[[], None] | None = None, listen: str | None = None, server_names: Collection[str] = ()) -> Starlette:
    """The app of a room kept under ``data``; its tables are read back when it starts.
    ``rate``: the messages a connection may send per second (a scripted player's test may
    allow more than a person needs); ``idle_days``: a table unused that long is closed (0: never);
    ``ready``: called once the tables are read back and the room serves (``rules serve`` says
    where it listens then, so that whatever the room says as it reads its tables back comes first);
    ``listen``: the address the room listens on -- a loopback one, or ``server_names`` given,
    and it answers only requests sent to this machine or those names (:class:`ThisMachine`)."""
    holder: dict[str, Room] = {}
    gone = f"; or its table was closed after {idle_days:g} days unused" if idle_days else ""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(data)
        room = Room(store, bot_delay, idle_days)
        await room.restore()  # knows every table, replays none: the unused ones are closed once the room serves
        holder["room"] = room
        app.state.room = room
        room.start()
        if ready is not None:
            ready()
        try:
            yield
        finally:
            room.stop()
            await asyncio.to_thread(store.close)  # what is queued for the store is written first

    def room_of(request: Request | WebSocket) -> Room:
        return holder["room"]

    async def page(name: str) -> Response:
        return FileResponse(STATIC / name, headers=HEADERS, media_type="text/html")

    async def lobby(request: Request) -> Response:
        return await page("lobby.html")

    async def table_page(request: Request) -> Response:
        try:
            found = await room_of(request).find(request.path_params["token"])
        except Refused as exc:  # its table could not be read back
            return PlainTextResponse(exc.why[0].upper() + exc.why[1:] + ".", status_code=exc.status, headers=HEADERS)
        if found is None:
            return PlainTextResponse(f"No table has this link (it may have been mistyped{gone}).", status_code=404, headers=HEADERS)
        return await page("table.html")

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        types = {"room.js": "text/javascript", "room.css": "text/css", "lobby.js": "text/javascript"}
        if name not in types:
            return PlainTextResponse("not found", status_code=404, headers=HEADERS)
        return FileResponse(STATIC / name, media_type=types[name], headers={**HEADERS, "Cache-Control": "no-cache"})

    async def card(request: Request) -> Response:
        code = request.path_params["code"]
        try:
            svg = back_svg() if code == "back" else card_svg(code)
        except KeyError:
            return PlainTextResponse("no such card", status_code=404, headers=HEADERS)
        return Response(svg, media_type="image/svg+xml", headers={**HEADERS, "Cache-Control": "max-age=86400"})

    async def rulesets(request: Request) -> Response:
        out = []
        for name in sorted(bundled_rulesets()):
            rs = load_ruleset(name)
            out.append({"name": name, "title": rs.title, "seats": rs.players.count})
        return JSONResponse({"rulesets": out}, headers=HEADERS)

    async def body_of(request: Request) -> dict[str, Any]:
        """The request's JSON object, read up to :data:`MAX_BODY` bytes; refused otherwise, and
        refused before it is read when another site's page sent it (:func:`cross_site`)."""
        cross_site(request)
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            raise Refused(f"the request is larger than {MAX_BODY // 1024} kB", "too_large", 413)
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                raise Refused(f"the request is larger than {MAX_BODY // 1024} kB", "too_large", 413)
        try:
            doc = json.loads(body)
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:  # nested too deep: RecursionError
            raise Refused(f"the body is not JSON: {not_json(exc)}", "bad_json") from None
        if not isinstance(doc, dict):
            raise Refused('the body is a JSON object: {"ruleset": NAME, "seats": [...]}', "bad_json")
        return doc

    def upload_of(doc: dict[str, Any]) -> tuple[str, bytes] | None:
        """The uploaded house file's name and bytes: sent as the file's bytes in base64 (the
        lobby: the server reads them as ``rules validate`` reads a file, so a file that is
        not UTF-8 is refused as such instead of arriving mangled by the browser), or as text
        (a script's, already decoded)."""
        house = doc.get("house")
        if house is None:
            return None
        shape = ('"house" is {"name": "FILE.yaml", "base64": "the file\'s bytes in base64"} '
                 'or {"name": "FILE.yaml", "text": "the file\'s text"}')
        if not isinstance(house, dict) or not isinstance(house.get("name"), str):
            raise Refused(shape, "bad_json")
        text, data = house.get("text"), house.get("base64")
        if isinstance(text, str) and data is None:
            try:
                return house["name"], text.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate (JSON "\ud800")
                raise Refused("the house file is not UTF-8 text", "house") from None
        if isinstance(data, str) and text is None:
            try:
                return house["name"], base64.b64decode(data, validate=True)
            except ValueError:  # binascii.Error is one, and so is a character beyond ASCII
                raise Refused('"house.base64" is not base64: give the file\'s bytes in base64 (RFC 4648)', "bad_json") from None
        raise Refused(shape, "bad_json")

    def refused(exc: Refused) -> JSONResponse:
        return refusal(exc.why, exc.code, exc.status, exc.retry_after)

    def went_away(request: Request) -> Response:
        """The client went away before its body was in (a page closed mid-upload, a dropped
        network): its doing, not a fault of the server's -- one line for whoever debugs, no
        traceback -- and nobody to answer (the answer goes nowhere)."""
        log.debug("a client went away before it had sent its request's body (%s %s)", request.method, request.url.path)
        return Response(status_code=400, headers=HEADERS)

    async def check(request: Request) -> Response:
        try:
            upload = upload_of(await body_of(request))
            if upload is None:
                raise Refused('send {"house": {"name": "FILE.yaml", "text": "..."}}', "bad_json")
            rs, name = await room_of(request).check(*upload)
        except Refused as exc:
            return refused(exc)
        except ClientDisconnect:
            return went_away(request)
        except Exception:  # a fault of ours: logged, said, and the server goes on
            log.exception("checking a house file failed")
            return refusal("the server could not read this file", "server", 500)
        return JSONResponse({"title": rs.title, "seats": rs.players.count, "name": name}, headers=HEADERS)

    async def create(request: Request) -> Response:
        try:
            doc = await body_of(request)
            address = request.client.host if request.client is not None else None
            table = await room_of(request).create(doc.get("ruleset"), doc.get("seats"), upload_of(doc), address)
        except Refused as exc:
            return refused(exc)
        except ClientDisconnect:
            return went_away(request)
        except Exception:  # a fault of ours: logged, said, and the server goes on
            log.exception("opening a table failed")
            return refusal("the server could not open this table", "server", 500)
        base = str(request.base_url).rstrip("/")
        seats = [
            {"seat": s, "player": kind, "link": f"{base}/t/{token}" if token is not None else None}
            for s, (kind, token) in enumerate(zip(table.kinds, table.tokens))
        ]
        return JSONResponse(
            {"table": table.id, "ruleset": table.ruleset_ref, "title": table.rs.title, "seats": seats,
             "watch": f"{base}/t/{table.watch}"},
            status_code=201, headers=HEADERS,
        )

    async def record(request: Request) -> Response:
        try:
            found = await room_of(request).find(request.path_params["token"])
        except Refused as exc:
            return refused(exc)
        if found is None:
            return refusal(f"no table has this link (mistyped{gone})", "unknown_link", 404)
        live, _ = found
        async with live.lock:
            try:
                text = live.table.record_text()
            except Refused as exc:
                return refused(exc)
        name = f"rules-serve-{live.table.id}.yaml"
        return Response(text, media_type="application/x-yaml",
                        headers={**HEADERS, "Content-Disposition": f'attachment; filename="{name}"'})

    async def house(request: Request) -> Response:
        try:
            found = await room_of(request).find(request.path_params["token"])
        except Refused as exc:
            return refused(exc)
        if found is None or found[0].table.house_text is None:
            return refusal("no table with a house file has this link", "unknown_link", 404)
        table = found[0].table
        return Response(table.house_text or "", media_type="application/x-yaml",
                        headers={**HEADERS, "Content-Disposition": f'attachment; filename="{table.house_name}"'})

    async def socket(websocket: WebSocket) -> None:
        room = room_of(websocket)
        await websocket.accept()
        try:
            found = await room.find(websocket.path_params["token"])
        except Refused as exc:  # its table could not be read back
            await websocket.send_json({"type": "refused", "error": exc.code, "why": exc.why})
            await websocket.close(code=CLOSE_CODES.get(exc.code, 4503))
            return
        if found is None:
            await websocket.send_json({"type": "refused", "error": "unknown_link", "why": f"no table has this link (mistyped{gone})"})
            await websocket.close(code=4404)
            return
        live, seat = found

        async def close(code: int, reason: str) -> None:
            await websocket.close(code, reason)

        # the table never waits on this link: its own task writes, and closes the link once it gives it up
        outbox = Outbox(websocket.send_text, close=close)
        writer = asyncio.get_running_loop().create_task(outbox.run())
        send = outbox.put
        connection = Connection(seat, send)
        try:
            live = await room.join(live, connection)
        except Refused as exc:
            await ended(writer)
            await websocket.send_json({"type": "refused", "error": exc.code, "why": exc.why})
            await websocket.close(code=CLOSE_CODES.get(exc.code, 4503))
            return
        burst = max(BURST, 2 * rate)
        allowance, last = burst, time.monotonic()
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if not isinstance(text, str):
                    await send({"type": "refused", "error": "bad_message", "why": "messages are JSON text"})
                    continue
                now = time.monotonic()
                allowance = min(burst, allowance + (now - last) * rate)
                last = now
                if allowance < 1:
                    await send({"type": "refused", "error": "flood", "why": f"more than {rate:g} refused messages a second: slow down"})
                    continue
                allowance -= 1
                if len(text) > MAX_MESSAGE:
                    await send({"type": "refused", "error": "too_large", "why": f"a message is at most {MAX_MESSAGE} characters"})
                    continue
                try:
                    message = json.loads(text)
                except ValueError as exc:
                    await send({"type": "refused", "error": "bad_json", "why": f"not JSON: {not_json(exc)}"})
                    continue
                except RecursionError:  # JSON nested deeper than this Python's reader goes (3.11: ~1,000 levels; 3.13 reads 5,000)
                    # no message of the protocol nests so: refused as one, as a newer Python, reading it, refuses it
                    await send({"type": "refused", "error": "bad_message", "why": "a message is a JSON object of the protocol, not nested so deep"})
                    continue
                try:
                    await room.act(live, seat, message)
                    allowance = min(burst, allowance + 1)  # a message the table took costs nothing: only refusals count
                except Refused as exc:
                    await send({"type": "refused", "error": exc.code, "why": exc.why})
                except Exception as exc:  # a fault of ours: said, logged, and the table goes on
                    log.exception("table %s: a message from seat %s failed", live.table.id, seat)
                    await send({"type": "refused", "error": "server", "why": f"the server could not take this: {type(exc).__name__}"})
        except (WebSocketDisconnect, RuntimeError, Gone):
            pass  # the other end went away, or was given up as too slow (its writer closes it)
        finally:
            if outbox.ending is None:
                writer.cancel()
            await room.leave(live, connection)  # the others are told if it was the person's last link
            if outbox.ending is not None:  # given up for a burst: what waits is sent, then the close (each write bounded)
                await asyncio.wait([writer], timeout=(MAX_WAITING + 1) * outbox.timeout)
            await ended(writer)  # after leaving: a link whose task is being cancelled may not get past an await

    async def not_here(request: Request, exc: Exception) -> Response:
        """A path no route has (404), or a route asked with a method it does not take (405):
        under ``/api/`` a JSON refusal like every other of the API, so that a script reads
        every answer the same way; elsewhere (a page, a card) plain words."""
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        allowed = exc.headers.get("Allow") if isinstance(exc, HTTPException) and exc.headers else None
        path = request.url.path
        if path != "/api" and not path.startswith("/api/"):
            return PlainTextResponse("not found" if status == 404 else "method not allowed", status_code=status,
                                     headers={**HEADERS, **({"Allow": allowed} if allowed else {})})
        if status == 405:
            why = f"{path} takes {' or '.join(m for m in (allowed or '').split(', ') if m != 'HEAD')}, not {request.method}"
            answer = refusal(why, "method", 405)
            if allowed:
                answer.headers["Allow"] = allowed
            return answer
        # a path is the client's: said back whole while it is short, else its start (an ellipsis after it)
        named = path if len(path) <= LONGEST_PATH else path[:LONGEST_PATH] + "…"
        return refusal(f"the API has no {named}: its routes are {', '.join(API_ROUTES)} (docs/serve.md)", "not_found", 404)

    routes = [
        Route("/", lobby),
        Route("/t/{token}", table_page),
        Route("/static/{name}", static),
        Route("/cards/{code}.svg", card),
        Route("/api/rulesets", rulesets),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/check", check, methods=["POST"]),
        Route("/api/record/{token}", record),
        Route("/api/house/{token}", house),
        WebSocketRoute("/ws/{token}", socket),
    ]
    checked = server_names or (listen is not None and ipaddress.ip_address(listen).is_loopback)
    middleware = [Middleware(ThisMachine, names=server_names)] if checked else []
    return Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: not_here, 405: not_here}, middleware=middleware)
