"""``rules play --web``: the card table served to a browser tab with textual-serve.

Each tab that opens the page runs its own ``rules play`` (:mod:`cli.table.tab`, the same options
less ``--web``) and so its own match.  The server listens on the loopback address only, needs
nothing from outside (the page's web font is replaced by the one textual-serve ships), is
quiet, and stops at once on Ctrl-C, telling each table to quit and save its record.  The
page and the WebSocket are opened only with the random token of this start (the address it
prints carries it), as Jupyter's are, since the loopback address keeps out other machines,
not the other programs and users of this one.  It
leans on a few of textual-serve's internals (``_make_app``, ``_process_messages``,
``AppService._process``): tests/table/test_web.py checks the page and a whole round trip.
"""

from __future__ import annotations

import hmac
import json
import os
import re
import secrets
import shlex
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, Union

import typer

from cli.errors import session_or_exit, usage_error
from cli.output import warn
from interpreter.core.paths import resolved

WEB_HOST = "127.0.0.1"


def serve(
    ruleset: str | None, opponent: str, seed: int | None, practice: bool, record: Path | None,
    resume: Path | None, port: int, bot_delay: float, allow_outside: bool,
) -> None:
    """Serve the table with textual-serve at the loopback address, until Ctrl-C.

    Each browser tab that opens the page runs its own ``rules play`` (with the same options)
    and so its own match; closing the tab quits that table, whose record is on disk already.
    With ``--record`` or ``--resume`` the tabs would share one record file, so the server
    then seats one tab at a time.  The page is textual-serve's, less its link to a web font:
    the font it ships is served from here instead, so the page needs nothing from outside.
    """
    try:
        import textual_serve.server  # noqa: F401  (only to know whether it is installed)
    except ImportError:
        raise usage_error("--web needs textual-serve: pip install 'sixty-six-rules[web]' (in a checkout: pip install -e '.[web]')") from None
    if resume is not None:
        checked = session_or_exit(resume, practice, allow_outside, opponent)  # refused now, not in the browser
        if checked.record is not None:
            checked.record.close()  # the record's lock is the tab's to take, not the server's
    command = table_command(ruleset, opponent, seed, practice, record, resume, bot_delay, allow_outside)
    try:
        listener = listen(WEB_HOST, port)
    except OSError as exc:
        raise usage_error(f"--port: cannot listen on {WEB_HOST}:{port} ({exc.strerror or exc}); choose another port with --port N") from None
    one_tab = record is not None or resume is not None
    token = secrets.token_urlsafe(TOKEN_BYTES)  # this start's: a page or tab of an earlier one is refused
    server = table_server(command, listener.getsockname()[1], one_tab=one_tab, token=token)
    address = f"http://{WEB_HOST}:{listener.getsockname()[1]}/?token={token}"
    tabs = "one tab at a time: the match keeps one record" if one_tab else "each tab is a table of its own"
    # said once the stop signals are handled: from this line on, SIGTERM always ends it cleanly
    server.run(listener, lambda: warn(f"serving the table at {address} (this machine only; {tabs}); Ctrl-C stops it"))
    warn("stopped serving the table")
    if server.stopped_by is not None:  # as every command stopped by a signal: 130 for Ctrl-C, 143 for SIGTERM
        raise typer.Exit(128 + server.stopped_by)


def table_command(
    ruleset: str | None, opponent: str, seed: int | None, practice: bool, record: Path | None,
    resume: Path | None, bot_delay: float, allow_outside: bool,
) -> str:
    """The shell command each browser tab runs: this ``rules play`` without ``--web``, by
    :func:`cli.table.tab.main` of this very copy of the package (whatever folders named ``cli`` the
    current one holds), with every path made absolute."""
    root = str(Path(__file__).resolve().parents[2])
    command = [sys.executable, "-c", f"import sys; sys.path.insert(0, {root!r}); from cli.table.tab import main; main()", "play"]
    if ruleset is not None:
        command.append(str(resolved(ruleset)) if Path(ruleset).exists() else ruleset)
    command += ["--opponent", opponent, "--bot-delay", str(bot_delay)]
    for flag, value in (("--seed", seed), ("--record", record), ("--resume", resume)):
        if value is not None:
            command += [flag, str(resolved(value)) if isinstance(value, Path) else str(value)]
    if practice:
        command.append("--practice")
    if allow_outside:
        command.append("--allow-outside")
    return shlex.join(command)


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free one; an IPv6 address too), so
    that a port in use is one clear error before anything is served.  ``rules serve`` listens
    through it as well."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    try:
        if os.name != "nt":  # on Windows this option would let two servers share the port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


#: The web font textual-serve's page links to (a request to the internet at every load).
_WEB_FONT_LINK = re.compile(r"<link\b[^>]*\bhref=\"https://fonts\.googleapis\.com/[^>]*>", re.DOTALL)
_LOCAL_FONT = """<style>
      @font-face {{ font-family: "Roboto Mono"; font-weight: 100 700; src: url("{{{{ config.static.url }}}}fonts/{name}") format("truetype"); }}
    </style>
    <link rel="preload" as="font" type="font/ttf" crossorigin href="{{{{ config.static.url }}}}fonts/{name}" />"""


#: Before the page's end: the terminal takes the keys as soon as it is drawn, as the table in a
#: terminal does (play.md: "Enter starts the match at once"), where the page left the focus on
#: its body and the first keys went nowhere until a click or Tab.
_FOCUS_TERMINAL = """    <script>
      new MutationObserver((_, watching) => {
        const keys = document.querySelector(".xterm-helper-textarea");
        if (keys) { keys.focus(); watching.disconnect(); }
      }).observe(document.body, {childList: true, subtree: true});
    </script>
  </body>"""
#: After the body's start: the table is a picture of a terminal, which a screen reader cannot read;
#: one that lands here is told where the cards are said in words.
_SCREEN_READER_NOTE = (
    '<body>\n    <p style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">'
    "This table is drawn as a picture of a terminal, which a screen reader cannot read. "
    "The card room, rules serve, says every card in words; in a terminal, rules run with a human seat does too.</p>"
)


def table_page(template: str, statics: Path) -> str:
    """textual-serve's page template, with a title, a language, a viewport the width of the
    device (a phone gets a table laid out for its own width), its own copy of the font instead
    of the web font, the keys going to the table from the start, and a word for a screen reader."""
    font = "RobotoMono-VariableFont_wght.ttf"
    local = _LOCAL_FONT.format(name=font) if (statics / "fonts" / font).is_file() else ""
    page = _WEB_FONT_LINK.sub(lambda _: local, template, count=1)
    page = re.sub(r"<html(?![^>]*\blang=)", '<html lang="en"', page, count=1)
    page = re.sub(r"<body[^>]*>", lambda m: _SCREEN_READER_NOTE.replace("<body>", m.group(0), 1), page, count=1)
    page = page.replace("</body>", _FOCUS_TERMINAL.lstrip(), 1) if "</body>" in page else page
    if "<title>" not in page:
        page = page.replace("<head>", "<head>\n    <title>{{ application.name }}</title>", 1)
    if 'name="viewport"' not in page:  # a phone otherwise lays the page out 980 pixels wide: the hand far off screen, the text tiny
        page = page.replace("<head>", '<head>\n    <meta name="viewport" content="width=device-width, initial-scale=1">'
                            # and no text made larger than the terminal's cells (a phone's browser "boosts" it)
                            "\n    <style>html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }</style>", 1)
    return page


def from_this_machine(host: str | None, origin: str | None, port: int) -> bool:
    """Whether a request to the server on ``port`` comes from one of its own pages, or from a
    program on this machine, rather than from a page of another site open in the same browser.

    Listening on the loopback address keeps other machines out, not other sites: any page the
    person has open may ask their browser to connect to ``ws://127.0.0.1:PORT/ws`` -- and
    play their match, write into their ``--record`` file, or start table after table.  A
    browser says which page asks (``Origin``), and a page cannot forge it: present, it must
    be this server's own address.  ``Host`` must name this server too, or a site whose name
    was made to lead to 127.0.0.1 (DNS rebinding) would be a page of "this server"."""
    own = {f"127.0.0.1:{port}", f"localhost:{port}"}
    if host is None or host.lower() not in own:
        return False
    return origin is None or origin.lower() in {f"http://{address}" for address in own}


#: Random bytes in the token of a start of the server (43 characters of base64url: 256 bits).
TOKEN_BYTES = 32


def has_token(given: str | None, token: str) -> bool:
    """Whether a request carries this start's ``token``: compared in a time that does not say
    how much of a wrong one was right (:func:`hmac.compare_digest`), so that a program on this
    machine cannot find the token a character at a time by timing its guesses.  Compared as
    UTF-8 bytes, since ``compare_digest`` refuses a ``str`` that is not ASCII (a traceback)."""
    if given is None:
        return False
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), token.encode("utf-8"))


#: The messages a tab's page sends (textual-serve's ``textual.js``), as :func:`envelope_of` reads them.
Envelope = Union[tuple[str, str], tuple[str, tuple[int, int]], tuple[str, None]]
#: The largest terminal a ``resize`` may ask for, in cells each way.
MAX_CELLS = 10000


def envelope_of(text: str) -> Envelope | None:
    """A tab's message, checked before it goes to the table: ``["stdin", TEXT]`` (keys),
    ``["resize", {"width": W, "height": H}]``, ``["ping", TEXT]``, ``["focus"]``, ``["blur"]``;
    ``None`` for anything else.  textual-serve takes the shape for granted, and any other
    (not JSON, ``["stdin"]``, ``["stdin", 5]``, ``{"a": 1}``) printed a traceback."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):  # nested too deep: RecursionError
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, rest = envelope[0], envelope[1:]
    if kind in ("focus", "blur") and not rest:
        return kind, None
    if len(rest) != 1:
        return None
    data = rest[0]
    if kind in ("stdin", "ping") and isinstance(data, str):
        try:
            data.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate ("\ud800"): no bytes for the table
            return None
        return kind, data
    if kind == "resize" and isinstance(data, dict):
        width, height = data.get("width"), data.get("height")
        if all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= MAX_CELLS for n in (width, height)):
            assert isinstance(width, int) and isinstance(height, int)
            return kind, (width, height)
    return None


class TableServer(Protocol):
    """What :func:`serve` needs of the server :func:`table_server` makes."""

    #: The signal that stopped the server (SIGINT for Ctrl-C), if one did.
    stopped_by: int | None

    def run(self, listener: socket.socket, ready: Callable[[], None]) -> None: ...


#: Seconds the tables get to quit when the server stops.
QUIT_TIMEOUT = 5.0

BUSY_PAGE = """<!DOCTYPE html>
<html><head><title>Sixty-Six Rules</title></head>
<body style="background:#0c181f;color:#eee;font-family:monospace;padding:2em">
<p>The table is open in another tab: this match keeps one record (--record or --resume), so it is played in one tab at a time.</p>
<p>Close the other tab, then reload this one.</p>
</body></html>
"""

REFUSED_PAGE = "rules play --web serves its table to pages of its own address only: open the address it printed yourself.\n"
NO_TOKEN_PAGE = ("rules play --web serves its table only at the address it printed, which carries the token of this start "
                 "(http://127.0.0.1:PORT/?token=...): open that address.\n")


def shown(text: str) -> str:
    """A message a tab sent, as the terminal is told it: its start, whatever its length."""
    return repr(text) if len(text) <= 40 else repr(text[:40]) + "..."


def table_server(command: str, port: int, *, one_tab: bool, token: str) -> TableServer:
    """A textual-serve server for ``command`` (imported here: textual-serve is optional), whose
    page is served at ``/?token=TOKEN`` and WebSocket at ``/ws/TOKEN`` (a path segment:
    textual-serve's script adds its own ``?width=...`` to the WebSocket's address)."""
    import asyncio
    import logging
    import signal

    import aiohttp_jinja2
    import jinja2
    from aiohttp import WSCloseCode, WSMsgType, web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server

    class _TableServer(Server):
        """textual-serve's server, quiet (no banner, no log line per request), serving a page
        that needs nothing from outside, and stopping at once on Ctrl-C: the open tabs are told
        to quit their tables (each saves its record) rather than waited for."""

        def __init__(self) -> None:
            super().__init__(command if os.name == "nt" else "exec " + command, host=WEB_HOST, port=port, title="Sixty-Six Rules")
            self.sockets: set[web.WebSocketResponse] = set()  # the open tabs
            self.services: set[AppService] = set()  # their tables' processes
            self.tables = 0  # tables running (a tab's, from its websocket's opening to its table's end)
            self.stopped_by: int | None = None
            self.refused_one = False  # a request from another site was refused: said once
            self.refused_no_token = False  # a request without this start's token was refused: said once

        def refused(self, request: web.Request, given: str | None) -> web.Response | None:
            """A 403 for a request of another site's page (:func:`from_this_machine`) or one
            without this start's token (``given``: :meth:`tokenless`), said on the terminal the
            first time; ``None`` for this machine's own page with the token."""
            if from_this_machine(request.headers.get("Host"), request.headers.get("Origin"), port):
                return self.tokenless(given)
            if not self.refused_one:
                self.refused_one = True
                origin = request.headers.get("Origin") or "none"
                warn(f"refused a request of another site's page (Origin {origin}, Host {request.headers.get('Host') or 'none'}): "
                     f"the table is served to pages of http://{WEB_HOST}:{port} only")
            return web.Response(status=403, text=REFUSED_PAGE)

        def tokenless(self, given: str | None) -> web.Response | None:
            """A 403 for a request without this start's token (:func:`has_token`), said on the
            terminal the first time; ``None`` for one with it.  The answer names no token: it
            goes to whoever asked, who may be the program the token keeps out."""
            if has_token(given, token):
                return None
            if not self.refused_no_token:
                self.refused_no_token = True
                warn(f"refused a request without this start's token: the table is served at the address above only (http://{WEB_HOST}:{port}/?token=...)")
            return web.Response(status=403, text=NO_TOKEN_PAGE.replace("PORT", str(port)))

        def initialize_logging(self) -> None:
            handler = logging.StreamHandler(sys.stderr)
            handler.setFormatter(logging.Formatter("rules play --web: %(message)s"))
            log = logging.getLogger("textual-serve")
            log.handlers[:] = [handler]
            log.setLevel(logging.WARNING)
            log.propagate = False

        async def on_startup(self, app: web.Application) -> None:
            pass  # the command said where it serves; textual-serve's banner would show the shell command

        async def on_shutdown(self, app: web.Application) -> None:
            """Close every tab's connection (its table quits and saves), then wait a moment for the
            tables to end, so none is left running; one that does not end in time is killed."""
            processes = [p for p in (service._process for service in self.services) if p is not None and p.returncode is None]
            for websocket in list(self.sockets):
                await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"the server stopped")
            if processes:
                await asyncio.wait([asyncio.ensure_future(p.wait()) for p in processes], timeout=QUIT_TIMEOUT)
            for process in processes:
                if process.returncode is None:
                    process.kill()
                    await process.wait()

        async def _make_app(self) -> web.Application:
            app = await super()._make_app()
            app.router.add_get("/ws/{token}", self.handle_websocket)  # "/ws" itself: refused, having no token
            template = (self.templates_path / "app_index.html").read_text(encoding="utf-8")
            aiohttp_jinja2.setup(app, loader=jinja2.DictLoader({"app_index.html": table_page(template, self.statics_path)}))
            return app

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            refused = self.refused(request, request.query.get("token"))
            if refused is not None:
                return refused
            if one_tab and self.tables:
                return web.Response(text=BUSY_PAGE, content_type="text/html")
            # textual-serve's page, its WebSocket's address given the token as well
            context = await Server.handle_index.__wrapped__(self, request)  # type: ignore[attr-defined]
            context["app_websocket_url"] += f"/{token}"
            response: web.StreamResponse = aiohttp_jinja2.render_template("app_index.html", request, context)
            response.headers["Referrer-Policy"] = "no-referrer"  # the page's address, token and all, is sent nowhere
            return response

        async def handle_websocket(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
            # before any table starts: refused at the handshake, nothing of a hand sent
            refused = self.refused(request, request.match_info.get("token"))
            if refused is not None:
                return refused
            if one_tab and self.tables:  # turned away before a second table starts on the same record
                warn("another tab was turned away: with --record or --resume there is one match, so one tab at a time")
                websocket = web.WebSocketResponse()
                await websocket.prepare(request)
                await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"one tab at a time")
                return websocket
            self.tables += 1
            try:
                return await super().handle_websocket(request)
            finally:
                self.tables -= 1

        async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
            self.sockets.add(websocket)
            # a table may still be ending after its tab closed: kept until its process is gone
            self.services = {s for s in self.services if s._process is not None and s._process.returncode is None}
            self.services.add(app_service)
            try:
                await self._messages(websocket, app_service)
            finally:
                self.sockets.discard(websocket)

        async def _messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
            """textual-serve's loop over a tab's messages, each checked first (:func:`envelope_of`):
            a malformed one is dropped, said once per tab in one line, and the table goes on."""
            warned = False
            async for message in websocket:
                if message.type != WSMsgType.TEXT:
                    continue
                envelope = envelope_of(message.data)
                if envelope is None:
                    if not warned:
                        warned = True
                        warn(f"a tab sent a message that is not textual-serve's ({shown(message.data)}): ignored (any more from this tab are ignored without a word)")
                    continue
                kind, data = envelope
                if kind == "stdin" and isinstance(data, str):
                    await app_service.send_bytes(data.encode("utf-8"))
                elif kind == "resize" and isinstance(data, tuple):
                    await app_service.set_terminal_size(*data)
                elif kind == "ping":
                    await websocket.send_json(["pong", data])
                elif kind == "blur":
                    await app_service.blur()
                elif kind == "focus":
                    await app_service.focus()

        def stop(self, signum: int) -> None:
            """A stop signal: noted (the command exits with 128 + it), then the server stops."""
            if self.stopped_by is None:
                self.stopped_by = signum
            self.request_exit()

        def run(self, listener: socket.socket, ready: Callable[[], None]) -> None:
            """Serve on ``listener`` until Ctrl-C (SIGINT) or SIGTERM; ``ready`` is called (the
            banner) once these signals are handled, before the first request is."""
            self.initialize_logging()
            loop = asyncio.new_event_loop()
            for sig in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)):  # SIGHUP: its terminal closed
                try:
                    loop.add_signal_handler(sig, self.stop, sig)
                except (NotImplementedError, RuntimeError):  # Windows: Ctrl-C is a KeyboardInterrupt, which run_app stops on too
                    pass
            ready()
            try:
                web.run_app(self._make_app(), sock=listener, handle_signals=False, loop=loop, print=None, access_log=None, shutdown_timeout=QUIT_TIMEOUT)
            finally:
                loop.close()

    return _TableServer()
