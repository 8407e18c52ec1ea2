"""A real ``rules serve`` process and scripted people at its links, for the tests and the load benchmark.

:func:`start_server` runs the command as a user would (its own process, on 127.0.0.1, port
chosen by the system) and reads the address it announces; :class:`Person` is one person's
link over a real WebSocket, in a thread of its own, who plays whatever the page offers until
the match is over (a random legal action, "next deal" when asked), and keeps every message.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

pytest.importorskip("websockets", reason="rules serve needs the serve extra: pip install -e '.[test]'")

from websockets.sync.client import connect  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
#: Seconds a test waits for the server (its first line, an answer, a message) before it fails.
WAIT = 30.0
#: The ports :func:`server_in_range` chooses among, where a test's servers keep to these (the
#: machine's other servers to other ports).
PORTS = range(18700, 18750)
T = TypeVar("T")


def server_in_range(data: Path, **options: Any) -> Server:
    """A server on a port of :data:`PORTS`: each is tried in a random order until one is free
    (another test, or another program, may take one between a look and the start), the test
    skipped, saying so, if none is."""
    for port in random.sample(PORTS, len(PORTS)):
        try:
            return Server(data, port=port, **options)
        except AssertionError as exc:
            if "Address already in use" not in str(exc):
                raise
    pytest.skip(f"no free port in {PORTS.start}-{PORTS.stop - 1}")


class Server:
    def __init__(self, data: Path, bot_delay: float = 0.0, port: int = 0, log: str | None = None, args: tuple[str, ...] = (),
                 ignored: tuple[int, ...] = ()) -> None:
        """``ignored``: signals ignored as the server starts (as ``nohup`` or a script's ``&`` leave them)."""
        env = {**os.environ, "PYTHONUNBUFFERED": "1", **({"RULES_SERVE_LOG": log} if log is not None else {})}

        def ignore() -> None:
            for signum in ignored:
                signal.signal(signum, signal.SIG_IGN)

        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cli.main", "serve", "--port", str(port), "--data", str(data), "--bot-delay", str(bot_delay), *args],
            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=ignore if ignored else None,
        )
        assert self.proc.stderr is not None
        stderr = self.proc.stderr
        line = wait_for(f"rules serve to announce its address within {WAIT:g} s", stderr.readline, self.proc)
        while log is not None and line.startswith(("INFO:", "DEBUG:", "TRACE:")):  # uvicorn's own lines come before the room has read its tables back
            line = wait_for(f"rules serve to announce its address within {WAIT:g} s", stderr.readline, self.proc)
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            self.proc.kill()
            raise AssertionError(f"rules serve did not announce its address: {line!r} {self.proc.stderr.read()}")
        self.port = int(found.group(1))
        self.first_line = line.rstrip("\n")
        self.out = ""
        self.base = f"http://127.0.0.1:{self.port}"

    def post(self, path: str, body: Any) -> tuple[int, Any]:
        request = urllib.request.Request(self.base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=WAIT) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    def get(self, path: str) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(self.base + path, timeout=WAIT) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode()

    def stop(self, signum: int = signal.SIGTERM) -> tuple[int, str]:
        """SIGTERM, as a service manager stops it (or ``signum``); its exit status and what it said."""
        self.proc.send_signal(signum)
        try:
            self.out, err = self.proc.communicate(timeout=WAIT)  # stdout: uvicorn's access log, if asked for
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise
        return self.proc.returncode, err


def wait_for(what: str, work: Callable[[], T], proc: subprocess.Popen[str], seconds: float = WAIT) -> T:
    """``work()`` (a read from the server's pipe), the server killed and the test failed if it
    has not returned after ``seconds``: a server that never speaks fails the test instead of
    hanging the suite (a pipe's read has no timeout of its own, so it waits in a daemon thread)."""
    done: list[T] = []
    thread = threading.Thread(target=lambda: done.append(work()), daemon=True, name=what)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        proc.kill()
        raise AssertionError(f"waited for {what}: nothing came")
    return done[0]


def ws_url(link: str) -> str:
    return link.replace("http://", "ws://").replace("/t/", "/ws/")


class Person(threading.Thread):
    """A person at one link: plays a random legal action when it is their turn, asks for the
    next deal when one is over, until the match is over (or, after ``stop_after`` actions,
    at their next turn)."""

    def __init__(self, link: str, seed: int, stop_after: int | None = None) -> None:
        super().__init__(daemon=True)
        self.link = link
        self.rng = random.Random(seed)
        self.stop_after = stop_after
        self.messages: list[dict[str, Any]] = []
        self.presence: list[dict[str, Any]] = []  # what it was told of the other people coming and going
        self.latencies: list[float] = []
        self.error: BaseException | None = None
        self.done = False
        self.acted = 0

    def run(self) -> None:
        try:
            self._play()
        except BaseException as exc:  # reported by the test
            self.error = exc

    def _play(self) -> None:
        with connect(ws_url(self.link), open_timeout=WAIT, max_size=1 << 22) as ws:
            sent_at: float | None = None
            asked: int | None = None
            while True:
                message = json.loads(ws.recv(timeout=WAIT))
                if message["type"] == "presence":  # another person came or left: kept, not answered
                    self.presence.append(message)
                    continue
                if sent_at is not None:
                    self.latencies.append(time.monotonic() - sent_at)
                    sent_at = None
                self.messages.append(message)
                if message["type"] == "refused":
                    if message["error"] == "stale":
                        continue  # the table moved on while we chose: look again
                    raise AssertionError(f"refused: {message}")
                me = message["you"]
                if message["match"]["over"]:
                    self.done = True
                    return
                if self.stop_after is not None and self.acted >= self.stop_after and message["to_act"] == me and message["legal"]:
                    return  # stopped where it is this person's turn: nothing moves until they act
                if message["result"] is not None:
                    if me in message["waiting_for"] and asked != message["deal"]:
                        asked = message["deal"]
                        ws.send(json.dumps({"type": "next"}))
                        sent_at = time.monotonic()
                    continue
                if message["to_act"] == me and message["legal"]:
                    move = self.rng.choice(message["legal"])["move"]
                    ws.send(json.dumps({"type": "action", "move": move, "seq": message["seq"]}))
                    sent_at = time.monotonic()
                    self.acted += 1
