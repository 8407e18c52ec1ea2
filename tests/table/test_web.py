"""``rules play --web`` in a real browser: headless Chromium opens the page, sees the start
screen, starts a deal with Enter, plays a card, quits the table; Ctrl-C then stops the server.

Chromium is driven over its DevTools protocol with aiohttp (which textual-serve brings), so
the test needs no package of its own. The screen is read from what the server sends the
page: the terminal's bytes, put on a grid of cells by :class:`Screen` (the page draws them on
a canvas, so the page's DOM has no text to read). The screenshot is checked for colours.

Only 127.0.0.1 is ever contacted: the server listens there, Chromium resolves no other name
(``--host-resolver-rules``) and the test checks that every request the page made went there.
Skipped, with the reason, when Chromium is not installed (Debian: ``apt-get install chromium``)
or textual-serve is missing (``pip install -e '.[test]'``).
"""

from __future__ import annotations

import asyncio
import base64
import codecs
import json
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
WAIT = 20.0  # seconds for any one thing to show (all of it takes a few seconds)
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_chromium() -> str | None:
    """Chromium's path: $CHROMIUM, else the first of the usual names on PATH."""
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


# ---------------------------------------------------------------------------- the server
class WebTable:
    """``rules play --web`` running in its own process group, in ``folder`` (where records go);
    ``url`` is the address its first line prints, with the token of this start."""

    def __init__(self, folder: Path, *args: str) -> None:
        self.port = free_port()
        command = [sys.executable, "-m", "cli.main", "play", "--web", "--port", str(self.port), *args]
        env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "200"}
        self.process = subprocess.Popen(command, cwd=folder, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, start_new_session=True)
        self.out: list[str] = []
        self.err: list[str] = []
        self._readers = [threading.Thread(target=lambda f=f, into=into: into.extend(f), daemon=True)
                         for f, into in ((self.process.stdout, self.out), (self.process.stderr, self.err))]
        for reader in self._readers:
            reader.start()
        deadline = time.monotonic() + WAIT
        while not self.err and self.process.poll() is None and time.monotonic() < deadline:  # its first line: the port is open
            time.sleep(0.05)
        if not self.err:
            self.stop()
            raise AssertionError(f"rules play --web said nothing within {WAIT:.0f} s: {''.join(self.out)}")
        self.first_line = self.err[0]
        said = re.search(r"\?token=([A-Za-z0-9_-]+) ", self.first_line)
        self.token = said.group(1) if said else ""
        self.url = f"http://{HOST}:{self.port}/?token={self.token}"

    def stop(self) -> tuple[int, str, str]:
        """Ctrl-C (SIGINT to the whole process group, as a terminal sends it); the exit status
        and what the server printed on stdout and on stderr."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
            raise AssertionError(f"the server did not stop within 15 s of Ctrl-C:\n{''.join(self.err)}") from None
        for reader in self._readers:
            reader.join(timeout=5)
        return self.process.returncode, "".join(self.out), "".join(self.err)


def listening_addresses(port: int) -> set[str] | None:
    """The addresses something listens on at ``port``, from /proc/net (None off Linux)."""
    found, seen = set(), False
    for name, width in (("tcp", 8), ("tcp6", 32)):
        try:
            lines = Path("/proc/net", name).read_text().splitlines()[1:]
        except OSError:
            continue
        seen = True
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            address, _, hex_port = local.partition(":")
            if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                raw = bytes.fromhex(address)
                words = [raw[i:i + 4][::-1] for i in range(0, len(raw), 4)]  # each 32-bit word in host order
                found.add(socket.inet_ntop(socket.AF_INET if width == 8 else socket.AF_INET6, b"".join(words)))
    return found if seen else None


# ---------------------------------------------------------------------------- what the terminal shows
class Screen:
    """The terminal's cells, from the bytes the server sends (cursor moves and text; colours
    and modes are skipped). Enough of a terminal for the text Textual writes."""

    _SEQUENCE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|P[^\x1b]*\x1b\\|[()][0-9A-Za-z]|[^\[\]P()])|[\x00-\x1f]")

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], str] = {}
        self.row = self.col = 0
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.pending = ""

    def feed(self, data: bytes) -> None:
        text = self.pending + self.decoder.decode(data)
        last = text.rfind("\x1b")
        if last != -1 and not self._SEQUENCE.match(text, last):  # a sequence cut between two frames
            text, self.pending = text[:last], text[last:]
        else:
            self.pending = ""
        pos = 0
        for match in self._SEQUENCE.finditer(text):
            self._write(text[pos:match.start()])
            self._control(match.group())
            pos = match.end()
        self._write(text[pos:])

    def _write(self, text: str) -> None:
        for ch in text:
            self.cells[self.row, self.col] = ch
            self.col += 1

    def _control(self, seq: str) -> None:
        if seq == "\r":
            self.col = 0
        elif seq == "\n":
            self.row += 1
        elif seq == "\x08":
            self.col = max(0, self.col - 1)
        elif seq.startswith("\x1b[") and seq[-1] in "Hf":
            parts = [int(p) if p.isdigit() else 1 for p in seq[2:-1].split(";")] + [1, 1]
            self.row, self.col = parts[0] - 1, parts[1] - 1
        elif seq == "\x1b[?1049h" or seq.endswith("2J"):  # a fresh screen
            self.cells.clear()

    def text(self) -> str:
        if not self.cells:
            return ""
        rows = max(r for r, _ in self.cells) + 1
        lines = []
        for r in range(rows):
            cols = [c for (rr, c) in self.cells if rr == r]
            lines.append("".join(self.cells.get((r, c), " ") for c in range(max(cols) + 1)).rstrip() if cols else "")
        return "\n".join(lines)


# ---------------------------------------------------------------------------- the browser
def png_colours(png: bytes, step: int = 4) -> int:
    """How many colours a screenshot has, counted on every ``step``-th pixel of every
    ``step``-th row (a blank page has one or two). 8-bit RGB(A) PNGs, as Chromium writes."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", b""
    while pos < len(png):
        (length,), kind = struct.unpack(">I", png[pos:pos + 4]), png[pos + 4:pos + 8]
        body = png[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
    width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour_type in (2, 6) and not interlace, "an unexpected PNG"
    bpp = 3 if colour_type == 2 else 4
    raw, stride = zlib.decompress(idat), width * bpp
    previous, colours = bytearray(stride), set[bytes]()
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        if y % step == 0:
            colours.update(bytes(line[x:x + 3]) for x in range(0, stride, bpp * step))
        previous = line
    return len(colours)


class BrowserDidNotStart(Exception):
    """Chromium is there but does not run on this machine (the browser tests skip)."""


class Browser:
    """Headless Chromium with one page, driven over the DevTools protocol."""

    FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--no-default-browser-check",
             "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
             "--disable-default-apps", "--mute-audio", "--hide-scrollbars", f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {HOST}")

    def __init__(self, executable: str, width: int = 1280, height: int = 720) -> None:
        self.executable, self.width, self.height = executable, width, height
        self.screen = Screen()
        self.requests: list[str] = []
        self.closed = False  # the page's connection to its table ended
        self._ids = 0
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}

    async def __aenter__(self) -> Browser:
        import aiohttp

        self._profile = tempfile.TemporaryDirectory(prefix="rules-chromium-")
        log = Path(self._profile.name, "chromium.log")
        with log.open("wb") as stderr:
            self._process = subprocess.Popen(
                [self.executable, *self.FLAGS, f"--user-data-dir={Path(self._profile.name, 'profile')}", "--remote-debugging-address=127.0.0.1",
                 "--remote-debugging-port=0", f"--window-size={self.width},{self.height}", "about:blank"],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr, start_new_session=True)
        try:
            port_file = Path(self._profile.name, "profile", "DevToolsActivePort")
            deadline = time.monotonic() + WAIT
            while not (port_file.exists() and len(port_file.read_text().split()) == 2):
                if time.monotonic() > deadline or self._process.poll() is not None:
                    lines = log.read_text(errors="replace").splitlines()[-5:]
                    raise BrowserDidNotStart(f"Chromium ({self.executable}) did not start: " + " | ".join(lines))
                await asyncio.sleep(0.1)
            port = int(port_file.read_text().split()[0])
            self._http = aiohttp.ClientSession()
            async with self._http.get(f"http://{HOST}:{port}/json/list") as response:
                targets = await response.json()
            page = next(t for t in targets if t["type"] == "page")
            self._ws = await self._http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0)
            self._reader = asyncio.create_task(self._read())
            await self.send("Network.enable")
            await self.send("Page.enable")
            await self.send("Emulation.setDeviceMetricsOverride", width=self.width, height=self.height, deviceScaleFactor=1, mobile=False)
        except BaseException:
            await self.__aexit__()
            raise
        return self

    async def __aexit__(self, *_: object) -> None:
        if getattr(self, "_reader", None) is not None:
            self._reader.cancel()
        if getattr(self, "_ws", None) is not None:
            await self._ws.close()
        if getattr(self, "_http", None) is not None:
            await self._http.close()
        if self._process.poll() is None:
            os.killpg(self._process.pid, signal.SIGTERM)
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self._process.pid, signal.SIGKILL)
                self._process.wait()
        self._profile.cleanup()

    async def _read(self) -> None:
        async for message in self._ws:
            event = json.loads(message.data)
            if "id" in event:
                future = self._waiting.pop(event["id"], None)
                if future is not None and not future.done():
                    future.set_result(event)
                continue
            method, params = event.get("method"), event.get("params", {})
            if method == "Network.requestWillBeSent":
                self.requests.append(params["request"]["url"])
            elif method == "Network.webSocketCreated":
                self.requests.append(params["url"])
            elif method == "Network.webSocketFrameReceived" and params["response"]["opcode"] == 2:
                self.screen.feed(base64.b64decode(params["response"]["payloadData"]))
            elif method == "Network.webSocketClosed":
                self.closed = True

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        self._ids += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[self._ids] = future
        await self._ws.send_json({"id": self._ids, "method": method, "params": params})
        answer = await asyncio.wait_for(future, WAIT)
        if "error" in answer:
            raise AssertionError(f"Chromium refused {method}: {answer['error']}")
        result: dict[str, Any] = answer["result"]
        return result

    async def wait_for(self, what: str, test: Callable[[], bool], timeout: float = WAIT) -> None:
        deadline = time.monotonic() + timeout
        while not test():
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout:.0f} s for {what}; the screen shows:\n{self.screen.text()}")
            await asyncio.sleep(0.1)

    async def wait_for_text(self, *words: str, timeout: float = WAIT) -> None:
        await self.wait_for(" and ".join(repr(w) for w in words), lambda: all(w in self.screen.text() for w in words), timeout)

    async def settle(self, quiet: float = 0.5) -> None:
        """Wait until the screen has not changed for ``quiet`` seconds (at most WAIT)."""
        deadline, last, since = time.monotonic() + WAIT, self.screen.text(), time.monotonic()
        while time.monotonic() - since < quiet and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
            if (now := self.screen.text()) != last:
                last, since = now, time.monotonic()

    async def open(self, url: str) -> None:
        await self.send("Page.navigate", url=url)

    async def press(self, key: str, focus: bool = True) -> None:
        """A key as a person types it into the page (the terminal given the focus first, unless
        ``focus`` is false: the key goes wherever the page has put it)."""
        if focus:
            await self.send("Runtime.evaluate", expression="document.querySelector('.xterm-helper-textarea')?.focus()")
        named = {"Enter": ("\r", 13), "Escape": ("\x1b", 27), "Tab": ("\t", 9)}
        text, code = named.get(key, (key, ord(key.upper()) if len(key) == 1 else 0))
        await self.send("Input.dispatchKeyEvent", type="keyDown", key=key, text=text, windowsVirtualKeyCode=code)
        await self.send("Input.dispatchKeyEvent", type="keyUp", key=key, windowsVirtualKeyCode=code)

    async def screenshot(self, path: Path | None = None, scale: float = 1.0) -> bytes:
        clip = {"x": 0, "y": 0, "width": self.width, "height": self.height, "scale": scale}
        png = base64.b64decode((await self.send("Page.captureScreenshot", format="png", clip=clip))["data"])
        if path is not None:
            path.write_bytes(png)
        return png


def run_in_browser(test: Callable[[Browser], Awaitable[None]], width: int = 1280, height: int = 720, timeout: float = 50.0) -> None:
    """Run ``test(browser)`` with a fresh Chromium, all of it within ``timeout`` seconds."""
    executable = find_chromium()
    if executable is None:
        pytest.skip("Chromium is not installed (on Debian: apt-get install chromium); the browser test of rules play --web needs it")
    pytest.importorskip("aiohttp", reason="aiohttp (installed with textual-serve) drives Chromium")

    async def main() -> None:
        async with Browser(executable, width, height) as browser:
            await asyncio.wait_for(test(browser), timeout)

    try:
        asyncio.run(main())
    except BrowserDidNotStart as exc:
        pytest.skip(str(exc))


@contextmanager
def web_table(folder: Path, *args: str) -> Iterator[WebTable]:
    pytest.importorskip("textual_serve", reason="textual-serve is not installed (pip install 'sixty-six-rules[web]')")
    table = WebTable(folder, *args)
    try:
        yield table
    finally:
        table.stop()


# ---------------------------------------------------------------------------- the tests
def test_it_says_where_it_listens_as_docs_play_md_shows(tmp_path: Path) -> None:
    """docs/play.md's sample line (port 8000 and a token of that start there, a free port and
    this start's token here)."""
    doc = (REPO / "docs" / "play.md").read_text(encoding="utf-8").splitlines()
    shown = [line for line in doc if line.startswith("serving the table at ")]
    assert len(shown) == 1
    sample = re.search(r"/\?token=(\S+) ", shown[0])
    assert sample is not None, shown[0]
    with web_table(tmp_path, "schnapsen", "--seed", "3") as table:
        assert table.first_line.rstrip("\n") == shown[0].replace(f":8000/?token={sample.group(1)} ", f":{table.port}/?token={table.token} ")


def test_the_table_in_the_browser(tmp_path: Path) -> None:
    started = time.monotonic()
    with web_table(tmp_path, "schnapsen", "--opponent", "random", "--seed", "3", "--bot-delay", "0") as table:
        assert table.first_line.startswith(f"serving the table at http://{HOST}:{table.port}/?token="), table.first_line
        assert re.fullmatch(r"[A-Za-z0-9_-]{43}", table.token), table.first_line  # 32 random bytes in base64url: 43 characters
        assert re.findall(r"https?://[^\s;)]+", table.first_line) == [f"http://{HOST}:{table.port}/?token={table.token}"]
        assert listening_addresses(table.port) in ({HOST}, None)  # not 0.0.0.0, not ::

        async def play(browser: Browser) -> None:
            await browser.open(table.url)
            await browser.wait_for_text("Sixty-Six Rules", "Ruleset", "Opponent", "Start (Enter)")
            await browser.settle()
            png = await browser.screenshot(tmp_path / "start.png")
            assert len(png) > 5000 and png_colours(await browser.screenshot(scale=0.5)) >= 8, f"the page looks blank (see {tmp_path / 'start.png'})"
            await browser.press("Enter", focus=False)  # play.md: "Enter starts the match at once", no click first
            await browser.wait_for_text("match to", "Trump", "talon", "Your turn")
            await browser.settle()
            await browser.screenshot(tmp_path / "table.png")
            hand = [line for line in browser.screen.text().splitlines() if re.search(r"\b1 \S+.*\b5 \S+", line)]
            assert hand, f"no hand of five cards on the screen:\n{browser.screen.text()}"
            await browser.press("1")  # lead the first card: the random bot follows, and the trick is taken
            await browser.wait_for("the trick to be taken", lambda: re.search(r"\btakes? the trick\b", browser.screen.text()) is not None)
            await browser.press("q")  # save and quit: the page's connection ends ("Session ended")
            await browser.wait_for("the table to quit", lambda: browser.closed)
            outside = [url for url in browser.requests if not re.match(rf"(https?|wss?)://{re.escape(HOST)}:{table.port}/", url)]
            assert not outside, f"the page asked for more than the table's own address: {outside}"

        run_in_browser(play)
        status, out, err = table.stop()
    assert status == 128 + signal.SIGINT, err  # Ctrl-C: 130, as for every command (docs/cli.md)
    assert "Traceback" not in out + err, out + err
    assert err.strip().splitlines()[-1] == "stopped serving the table", err
    records = list(tmp_path.glob("rules-play-*.yaml"))
    assert len(records) == 1, f"no record (or several) in the folder: {sorted(p.name for p in tmp_path.iterdir())}"
    assert time.monotonic() - started < 50


def test_ctrl_c_with_a_tab_open_stops_at_once(tmp_path: Path) -> None:
    with web_table(tmp_path, "schnapsen", "--opponent", "random", "--bot-delay", "0") as table:

        async def open_tab(browser: Browser) -> None:
            await browser.open(table.url)
            await browser.wait_for_text("Start (Enter)")
            await browser.press("Enter")
            await browser.wait_for_text("Your turn")
            started = time.monotonic()
            status, out, err = table.stop()  # the tab is still open, mid-deal
            assert time.monotonic() - started < 10
            assert status == 128 + signal.SIGINT and "Traceback" not in out + err, (status, out + err)
            await browser.wait_for("the page to see the server go", lambda: browser.closed)

        run_in_browser(open_tab)
    assert len(list(tmp_path.glob("rules-play-*.yaml"))) == 1  # the table saved its record on the way out


def test_without_textual_serve_it_says_how_to_install(tmp_path: Path) -> None:
    code = "import sys; sys.modules['textual_serve'] = None; from cli.main import app; sys.argv = ['rules', 'play', '--web']; app()"
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(REPO)},
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip() == "error: --web needs textual-serve: pip install 'sixty-six-rules[web]' (in a checkout: pip install -e '.[web]')"


def test_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    pytest.importorskip("textual_serve", reason="textual-serve is not installed (pip install 'sixty-six-rules[web]')")
    with socket.socket() as taken:
        taken.bind((HOST, 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = subprocess.run([sys.executable, "-m", "cli.main", "play", "--web", "--port", str(port)], cwd=tmp_path,
                              env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith(f"error: --port: cannot listen on {HOST}:{port} (") and proc.stderr.count("\n") == 1, proc.stderr


def test_the_page_needs_nothing_from_outside() -> None:
    pytest.importorskip("textual_serve", reason="textual-serve is not installed (pip install 'sixty-six-rules[web]')")
    import textual_serve.server

    from cli.table.web import table_page

    folder = Path(textual_serve.server.__file__).parent
    page = table_page((folder / "templates" / "app_index.html").read_text(encoding="utf-8"), folder / "static")
    assert "googleapis" not in page and "https://" not in page
    assert "fonts/RobotoMono-VariableFont_wght.ttf" in page and "<title>" in page
    assert page.count('<meta name="viewport" content="width=device-width, initial-scale=1">') == 1  # a phone lays it out at its width
    assert page.count('<html lang="en"') == 1  # a screen reader reads it in English (WCAG 3.1.1)
    assert page.count("a screen reader cannot read") == 1 and page.index("a screen reader cannot read") > page.index("<body")
    assert page.index(".xterm-helper-textarea") < page.index("</body>")  # the keys go to the table from the start


def test_only_this_machines_own_pages_are_served() -> None:
    """A page of another site open in the same browser may ask it to connect to the table
    (``Origin`` says which page asks), and a name of another site may be made to lead to
    127.0.0.1 (DNS rebinding: ``Host`` says which name was asked); only the server's own
    address, by either of its names, is taken, and a program that sends no ``Origin``."""
    from cli.table.web import from_this_machine

    port = 8123
    taken = [("127.0.0.1:8123", None), ("127.0.0.1:8123", "http://127.0.0.1:8123"), ("localhost:8123", "http://localhost:8123"),
             ("127.0.0.1:8123", "http://localhost:8123"), ("LOCALHOST:8123", "HTTP://LOCALHOST:8123")]
    refused = [("127.0.0.1:8123", "http://evil.example"), ("127.0.0.1:8123", "null"), ("127.0.0.1:8123", "https://127.0.0.1:8123"),
               ("127.0.0.1:8123", "http://127.0.0.1:8124"), ("127.0.0.1:8123", "http://127.0.0.1"),
               ("evil.example:8123", "http://evil.example:8123"), ("evil.example:8123", None), (None, None), ("127.0.0.1:8124", None)]
    assert [from_this_machine(host, origin, port) for host, origin in taken] == [True] * len(taken)
    assert [from_this_machine(host, origin, port) for host, origin in refused] == [False] * len(refused)


def test_a_tabs_messages_are_checked_before_the_table_gets_them() -> None:
    """The five messages textual-serve's page sends, and what it may not: each of the others
    printed a traceback in the person's terminal."""
    from cli.table.web import envelope_of

    assert envelope_of('["stdin", "q"]') == ("stdin", "q")
    assert envelope_of('["resize", {"width": 120, "height": 40}]') == ("resize", (120, 40))
    assert envelope_of('["ping", "1712"]') == ("ping", "1712")
    assert envelope_of('["focus"]') == ("focus", None) and envelope_of('["blur"]') == ("blur", None)
    bad = ["not json", "[", "[]", "{}", '{"a": 1}', "5", '"stdin"', '["stdin"]', '["stdin", 5]', '["stdin", "a", "b"]', '["stdin", null]',
           '["stdin", "\\ud800"]', '["resize", {"width": 120}]', '["resize", {"width": true, "height": 40}]',
           '["resize", {"width": 0, "height": 40}]', '["resize", {"width": 120, "height": 1e9}]', '["resize", [120, 40]]',
           '["ping"]', '["focus", 1]', '["quit"]', '[5, "q"]', "[" * 100000]
    assert [envelope_of(text) for text in bad] == [None] * len(bad)


def play_md_line(start: str, port: int) -> str:
    """The one line of docs/play.md's samples that begins with ``start`` (in a list item: its
    indent left out), with this server's port where the page shows 8000."""
    shown = [line.strip() for line in (REPO / "docs" / "play.md").read_text(encoding="utf-8").splitlines() if line.strip().startswith(start)]
    assert len(shown) == 1, shown
    return shown[0].replace(f"{HOST}:8000", f"{HOST}:{port}")


def test_another_sites_page_is_refused_and_a_bad_message_is_one_line(tmp_path: Path) -> None:
    """Against the server itself: the page and the WebSocket refused (403) to another site's
    page and to another name for 127.0.0.1, said once on the terminal, and no table started
    for them (no record); a tab of the server's own page whose malformed messages are dropped
    with one line, its connection going on (a ping still answered).  Ctrl-C then: 130."""
    aiohttp = pytest.importorskip("aiohttp", reason="aiohttp (installed with textual-serve) speaks WebSocket")

    async def visit(table: WebTable) -> None:
        ws = f"ws://{HOST}:{table.port}/ws/{table.token}?width=80&height=24"
        async with aiohttp.ClientSession() as session:
            # the first refused is docs/play.md's: another site's page, at this server's own Host
            for headers in ({"Origin": "http://evil.example"}, {"Host": f"evil.example:{table.port}", "Origin": f"http://evil.example:{table.port}"}):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await session.ws_connect(ws, headers=headers)
                assert refused.value.status == 403
            async with session.get(table.url, headers={"Host": f"evil.example:{table.port}"}) as page:
                assert page.status == 403
            async with session.get(table.url) as page:
                assert page.status == 200 and "Sixty-Six Rules" in await page.text()
            async with session.ws_connect(ws, headers={"Origin": f"http://{HOST}:{table.port}"}) as tab:
                for bad in ("not json", '["stdin"]', '["stdin", 5]', '{"a": 1}'):
                    await tab.send_str(bad)
                await tab.send_str('["ping", "still here"]')
                ponged = drawn = False
                async with asyncio.timeout(WAIT):
                    async for message in tab:  # the answer to the ping, and the table's screen (its bytes)
                        ponged = ponged or (message.type == aiohttp.WSMsgType.TEXT and json.loads(message.data) == ["pong", "still here"])
                        drawn = drawn or (message.type == aiohttp.WSMsgType.BINARY and b"Start" in message.data)
                        if ponged and drawn:  # the table is up: Ctrl-C finds it running, not starting
                            break
                    else:
                        raise AssertionError(f"the connection ended before the ping was answered ({ponged}) and the table drawn ({drawn})")

    with web_table(tmp_path, "schnapsen", "--bot-delay", "0") as table:
        asyncio.run(visit(table))
        status, out, err = table.stop()
    assert status == 128 + signal.SIGINT, err
    assert "Traceback" not in out + err, out + err
    lines = err.splitlines()
    assert [line for line in lines if line.startswith("refused ")] == [play_md_line("refused a request of another site's page", table.port)], err
    assert [line for line in lines if line.startswith("a tab sent ")] == [
        "a tab sent a message that is not textual-serve's ('not json'): ignored (any more from this tab are ignored without a word)"], err
    assert not list(tmp_path.glob("*.yaml"))  # no match was started, by anybody


def test_with_a_record_the_banner_says_one_tab_and_sigterm_exits_143(tmp_path: Path) -> None:
    """With --record the tabs would share one record file, so one tab plays at a time: the
    banner says so (it said "each tab is a table of its own").  Stopped by SIGTERM (a killed
    job), it exits with 128 + 15 as every command does (it exited 0)."""
    with web_table(tmp_path, "schnapsen", "--record", str(tmp_path / "match.yaml")) as table:
        assert table.first_line.rstrip("\n") == (f"serving the table at http://{HOST}:{table.port}/?token={table.token} "
                                                 "(this machine only; one tab at a time: the match keeps one record); Ctrl-C stops it")
        table.process.send_signal(signal.SIGTERM)  # at once: a job killed as it starts
        table.process.wait(timeout=WAIT)
        status, out, err = table.stop()  # the process has ended: what it said
    assert status == 128 + signal.SIGTERM, err
    assert "Traceback" not in out + err and err.strip().splitlines()[-1] == "stopped serving the table", err


def test_the_token_is_compared_whole() -> None:
    """Only the very token opens the table: not a part of it, nor more, nor another case of
    it; one that is not ASCII is refused too (``hmac.compare_digest`` raised on such a str)."""
    from cli.table.web import has_token

    token = "Ab3_-" * 8 + "xyz"  # 43 characters, as secrets.token_urlsafe(32) gives
    assert has_token(token, token)
    wrong = [None, "", token[:-1], token + "x", token[:-1] + "Z", token.upper(), token.lower(), " " + token, "é" + token[1:], "\ud800"]
    assert [has_token(given, token) for given in wrong] == [False] * len(wrong)


def children_of(pid: int) -> set[int] | None:
    """The processes whose parent is ``pid``, from /proc (None off Linux)."""
    found: set[int] = set()
    try:
        entries = list(Path("/proc").iterdir())
    except OSError:
        return None
    for entry in entries:
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # ended meanwhile
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:  # the field after the state: the parent's id
                found.add(int(entry.name))
    return found


def test_without_this_starts_token_nothing_is_served(tmp_path: Path) -> None:
    """Another program or user of this machine may connect to 127.0.0.1 and send whatever
    ``Origin`` it likes; only the token the server printed lets it in.  Without it, or with a
    wrong one, the page and the WebSocket are refused (403, one line that names no token) before
    any table starts -- no process, so not a byte of a hand -- and the terminal says so once.
    With it, the page names its WebSocket with the token, and the tab's table is drawn."""
    aiohttp = pytest.importorskip("aiohttp", reason="aiohttp (installed with textual-serve) speaks WebSocket")

    async def visit(table: WebTable) -> None:
        token, own = table.token, {"Origin": f"http://{HOST}:{table.port}"}
        refusal = (f"rules play --web serves its table only at the address it printed, which carries the token of this start "
                   f"(http://{HOST}:{table.port}/?token=...): open that address.\n")
        wrong = ["", "x", token[:-1], token + "x", token.swapcase(), "A" * 43, "%C3%A9" + token[1:]]
        async with aiohttp.ClientSession() as session:
            for query in ["", *(f"?token={given}" for given in wrong), f"?tokens={token}"]:
                async with session.get(f"http://{HOST}:{table.port}/{query}", headers=own) as page:
                    assert (page.status, await page.text()) == (403, refusal), query
            for path in ["/ws", f"/ws?token={token}", *(f"/ws/{given}" for given in wrong if given)]:
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await session.ws_connect(f"ws://{HOST}:{table.port}{path}", headers=own)
                assert refused.value.status == 403, path
            assert children_of(table.process.pid) in (set(), None)  # no table was started for any of them
            async with session.get(table.url, headers=own) as page:
                assert page.status == 200 and page.headers.get("Referrer-Policy") == "no-referrer"
                assert f'data-session-websocket-url="ws://{HOST}:{table.port}/ws/{token}"' in await page.text()
            async with session.ws_connect(f"ws://{HOST}:{table.port}/ws/{token}?width=100&height=30", headers=own) as tab:
                async with asyncio.timeout(WAIT):
                    async for message in tab:
                        if message.type == aiohttp.WSMsgType.BINARY and b"Start" in message.data:
                            break
                    else:
                        raise AssertionError("the tab with the token was never drawn its table")

    with web_table(tmp_path, "schnapsen", "--bot-delay", "0") as table:
        asyncio.run(visit(table))
        status, out, err = table.stop()
    assert status == 128 + signal.SIGINT, err
    assert "Traceback" not in out + err, out + err
    assert [line for line in err.splitlines() if line.startswith("refused ")] == [play_md_line("refused a request without this start's token", table.port)], err
