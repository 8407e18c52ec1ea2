"""What a connection is still to be sent, written by a task of its own so that no table waits on it.

The room sends a table's change to every link of the table.  If it waited for each send, one
link that stops reading -- a phone put to sleep, a script that never reads -- would fill its
buffers, and from then on every change of the table, the bots' moves included, would wait on
it for good.  So a send only puts the message in the connection's :class:`Outbox` and returns:
its writer sends in order, gives up on a send that takes longer than :data:`SEND_TIMEOUT`
seconds, and then the connection is dropped by the room (the table goes on without it).

A ``state`` message is the whole table as the seat sees it, so only the latest one is worth
sending: a new one replaces a state still waiting.  Refusals are kept, in order; more than
:data:`MAX_WAITING` messages waiting also drops the connection, so memory stays bounded.

A connection given up is closed, with :data:`GIVEN_UP` and the reason (``close``): dropped
without a word, its page -- which opens its link again when the connection closes -- waited
on a connection nobody would write to again, its table frozen on the screen.  A link given up
for a burst of messages is first sent what waits for it (the refusals, ``flood`` among them),
so its sender reads why.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

#: Seconds one message may take to reach a connection before the connection is given up.
SEND_TIMEOUT = 20.0
#: Messages waiting for one connection before it is given up (a state and its refusals).
MAX_WAITING = 64
#: The WebSocket close code of a connection given up (docs/serve.md): one of the room's own
#: (4000-4999), after HTTP's 408, the other side too slow.  The page opens its link again.
GIVEN_UP = 4408


class Gone(Exception):
    """The connection was given up: too slow to read, or closed."""


class Outbox:
    """The messages waiting for one connection; :meth:`run` writes them with ``write``."""

    def __init__(self, write: Callable[[str], Awaitable[None]], timeout: float = SEND_TIMEOUT,
                 close: Callable[[int, str], Awaitable[None]] | None = None) -> None:
        self.write = write
        self.timeout = timeout
        self.close = close  # closes the connection with a code and a reason, once it is given up
        self.waiting: deque[dict[str, Any]] = deque()
        self.ready = asyncio.Event()
        self.gone = False
        self.ending: str | None = None  # given up for too many waiting: why, said once those waiting are sent

    async def put(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (a state replacing the state still waiting); :class:`Gone` once
        the connection has been given up, or when too many messages wait."""
        if self.gone or self.ending is not None:
            raise Gone("the connection was given up")
        if message.get("type") == "state":
            self.waiting = deque(m for m in self.waiting if m.get("type") != "state")
        self.waiting.append(message)
        if len(self.waiting) > MAX_WAITING:
            self.waiting.pop()  # the writer sends those before it, then closes the connection
            self.ending = f"given up: over {MAX_WAITING} messages waited for this link"
            self.ready.set()
            raise Gone(self.ending)
        self.ready.set()

    async def run(self) -> None:
        """Write the waiting messages in order until a write fails or takes too long, or those
        waiting when too many came are written; then the connection is given up
        (:attr:`gone`) and closed with :data:`GIVEN_UP` and the reason."""
        why = f"given up: a message took over {self.timeout:g} seconds to go out"
        try:
            while self.ending is None or self.waiting:
                if not self.waiting:
                    await self.ready.wait()
                self.ready.clear()
                while self.waiting:
                    message = self.waiting.popleft()
                    await asyncio.wait_for(self.write(json.dumps(message)), self.timeout)
            why = self.ending
        except asyncio.TimeoutError:
            pass
        except Exception:  # the other end gone: nothing more is sent to it, and it needs no closing
            self.gone = True
            return
        self.gone = True
        if self.close is not None:
            try:
                await asyncio.wait_for(self.close(GIVEN_UP, why), self.timeout)
            except Exception:  # closed meanwhile from the other end, or too slow to take even that
                pass
