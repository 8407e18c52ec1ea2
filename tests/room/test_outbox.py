"""A link that stops reading never holds up its table.

Before, the room sent each change to every link of the table and waited for each send: a
spectator whose page stopped reading filled its buffers after a few thousand messages, and
from then on the table -- the people's moves and the bots' -- waited on it for good.  Now a
send only queues (:class:`cli.room.outbox.Outbox`): a state replaces the state still waiting,
a write that takes too long gives the link up, and the table goes on without it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="rules serve needs the serve extra: pip install -e '.[test]'")

from cli.room.outbox import MAX_WAITING, Gone, Outbox  # noqa: E402
from cli.room.room import Connection, Room  # noqa: E402
from cli.room.store import Store  # noqa: E402


async def never(text: str) -> None:
    """A link that stops reading: the write never completes."""
    await asyncio.Event().wait()


def test_only_the_latest_state_waits_and_refusals_keep_their_order() -> None:
    async def main() -> list[dict[str, Any]]:
        sent: list[dict[str, Any]] = []
        box = Outbox(never)
        for message in ({"type": "state", "seq": 1}, {"type": "refused", "why": "a"}, {"type": "state", "seq": 2},
                        {"type": "refused", "why": "b"}, {"type": "state", "seq": 3}):
            await box.put(message)
        sent.extend(box.waiting)
        return sent

    assert asyncio.run(main()) == [{"type": "refused", "why": "a"}, {"type": "refused", "why": "b"}, {"type": "state", "seq": 3}]


def test_a_state_older_than_one_sent_is_never_sent_after_it(tmp_path: Path) -> None:
    """Two senders crossed (a link opening while a bot moved): the state of change 6 was sent,
    then the one of change 5 came.  The link keeps 6 -- shown 5 last, its player would see a
    turn that is over and wait for a change that has happened.  The same change sent again
    (who is away changed, not the deal) still goes, and so does everything but a state."""

    async def main() -> list[dict[str, Any]]:
        room = Room(Store(tmp_path), bot_delay=0.0, idle_days=0)
        table = await room.create("schnapsen", ["human", "greedy"])
        live = room.tables[table.id]
        sent: list[dict[str, Any]] = []

        async def record(message: dict[str, Any]) -> None:
            sent.append(message)

        link = Connection(0, record)
        for message in ({"type": "state", "seq": 6}, {"type": "state", "seq": 5}, {"type": "presence", "seq": 1},
                        {"type": "state", "seq": 6, "away": [1]}, {"type": "state", "seq": 7}):
            await room._send(live, link, message)
        return sent

    assert asyncio.run(main()) == [{"type": "state", "seq": 6}, {"type": "presence", "seq": 1},
                                   {"type": "state", "seq": 6, "away": [1]}, {"type": "state", "seq": 7}]


def test_a_write_that_takes_too_long_or_too_many_waiting_gives_the_link_up() -> None:
    async def main() -> None:
        box = Outbox(never, timeout=0.05)
        writer = asyncio.get_running_loop().create_task(box.run())
        await box.put({"type": "state", "seq": 1})
        await asyncio.sleep(0.2)
        assert box.gone and writer.done()
        with pytest.raises(Gone):
            await box.put({"type": "state", "seq": 2})
        flooded = Outbox(never)
        with pytest.raises(Gone):
            for k in range(MAX_WAITING + 1):
                await flooded.put({"type": "refused", "why": str(k)})

    asyncio.run(main())


def test_the_table_and_its_bots_go_on_while_a_spectator_reads_nothing(tmp_path: Path) -> None:
    """A person plays up to ten moves against the greedy bot, a spectator's link never reads: every
    move is taken at once, the bot answers each, the stuck link is given up (after its
    timeout), and the person's link got every change."""

    async def main() -> None:
        room = Room(Store(tmp_path), bot_delay=0.0, idle_days=0)
        table = await room.create("schnapsen", ["human", "greedy"])
        live = room.tables[table.id]
        stuck = Outbox(never, timeout=0.2)
        got: list[dict[str, Any]] = []

        async def read(text: str) -> None:
            got.append(json.loads(text))

        mine = Outbox(read)
        tasks = [asyncio.get_running_loop().create_task(box.run()) for box in (stuck, mine)]
        spectator, person = Connection(-1, stuck.put), Connection(0, mine.put)
        await room.join(live, spectator)
        await room.join(live, person)
        moves = 0
        while moves < 10 and not table.session.deal_over:
            for _ in range(200):  # the bot's turn: it moves without waiting on anybody
                if not table.bot_to_act():
                    break
                await asyncio.sleep(0.01)
            assert not table.bot_to_act(), "the bot did not move"
            if table.session.deal_over:
                break
            legal = [str(a) for a in table.session.legal()]
            await asyncio.wait_for(room.act(live, 0, {"type": "action", "move": legal[0], "seq": table.seq}), 1.0)
            moves += 1
        await asyncio.sleep(0.3)
        await room.broadcast(live)
        await asyncio.sleep(0.05)
        # the table's seed is drawn afresh, so the deal may end (a declaration) before ten moves:
        # either way every move was taken at once (each act within a second) and the bot answered
        assert moves >= 1 and (moves == 10 or table.session.deal_over)
        assert spectator not in live.connections and person in live.connections
        assert got[-1]["seq"] == table.seq  # the person saw the last change
        for task in tasks:
            task.cancel()
        room.stop()
        room.store.close()

    asyncio.run(asyncio.wait_for(main(), 30))  # waiting on the stuck link would hang here: a failure, not a hang


def test_a_links_writer_is_awaited_once_cancelled() -> None:
    """Each link's writer is a task of its own (:meth:`Outbox.run`).  It was cancelled when the
    link closed but never awaited, and the server's log said "Task was destroyed but it is
    pending!" for it.  The link now stops it with :func:`cli.room.app.ended`, which returns
    once the writer has ended -- also one cancelled before it ever ran (a link refused as it
    opens) -- and leaves the link's own task uncancelled."""
    from cli.room.app import ended

    async def main() -> list[bool]:
        box = Outbox(never)
        await box.put({"type": "state", "seq": 1})  # the writer waits on a link that never reads
        loop = asyncio.get_running_loop()
        writing = loop.create_task(box.run())
        await asyncio.sleep(0)
        unstarted = loop.create_task(Outbox(never).run())
        await ended(writing)
        await ended(unstarted)
        own = asyncio.current_task()
        assert own is not None
        return [writing.done(), unstarted.done(), own.cancelling() == 0]

    assert asyncio.run(main()) == [True, True, True]


def test_a_writer_that_swallowed_its_cancellation_is_cancelled_again() -> None:
    """On Python 3.11 ``asyncio.wait_for`` swallows a cancellation that arrives as the write
    it waits for completes: the writer goes back to waiting for messages, and a link that
    awaited it once waited for ever -- and with it a server told to stop, which waits for
    every link (seen as ``rules serve`` hanging on SIGTERM after a load test, one run in
    three).  A writer that swallows its first cancellation, as that one did, still ends."""
    from cli.room.app import ended

    async def main() -> bool:
        swallowed = asyncio.Event()

        async def writer() -> None:
            try:
                await asyncio.Event().wait()
            except asyncio.CancelledError:
                swallowed.set()  # taken as done, as wait_for took it: back to waiting
            await asyncio.Event().wait()

        task = asyncio.get_running_loop().create_task(writer())
        await asyncio.sleep(0)
        await asyncio.wait_for(ended(task), 30)  # a bound for the test's sake: it hung before
        return swallowed.is_set() and task.done()

    assert asyncio.run(main())


def test_a_link_given_up_is_closed_with_its_code_and_why() -> None:
    """Before, a link given up was dropped and never closed: its page, which opens its link
    again only once the connection closes, waited for ever on a table frozen on its screen.
    Too slow: closed once the write has taken too long.  Too many waiting (a burst): those
    waiting are sent first -- the sender reads its refusals -- then it is closed."""

    async def main() -> tuple[list[tuple[int, str]], list[tuple[int, str]], list[str]]:
        slow_closed: list[tuple[int, str]] = []
        burst_closed: list[tuple[int, str]] = []
        sent: list[str] = []

        async def closing(into: list[tuple[int, str]], code: int, reason: str) -> None:
            into.append((code, reason))

        async def reads(text: str) -> None:
            sent.append(json.loads(text)["why"])

        slow = Outbox(never, timeout=0.05, close=lambda code, reason: closing(slow_closed, code, reason))
        await slow.put({"type": "state", "seq": 1})
        await asyncio.wait_for(slow.run(), 30)
        burst = Outbox(reads, close=lambda code, reason: closing(burst_closed, code, reason))
        with pytest.raises(Gone):
            for k in range(MAX_WAITING + 1):
                await burst.put({"type": "refused", "why": str(k)})
        with pytest.raises(Gone):  # nothing more is taken once it is given up
            await burst.put({"type": "refused", "why": "late"})
        await asyncio.wait_for(burst.run(), 30)
        return slow_closed, burst_closed, sent

    slow_closed, burst_closed, sent = asyncio.run(main())
    assert slow_closed == [(4408, "given up: a message took over 0.05 seconds to go out")]
    assert burst_closed == [(4408, "given up: over 64 messages waited for this link")]
    assert sent == [str(k) for k in range(MAX_WAITING)]


def test_a_burst_of_refused_messages_ends_in_flood_refusals_then_a_close_the_page_reads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A script sends 100 messages that are no JSON at once, and reads nothing until it has
    sent them (its link's first refusal is held until the burst is in): it then reads its
    refusals, the flood among them, and the close -- before, the server's task ended without
    closing (1006 at the other end, no reason).  It reads the refusal being written when the
    burst came, and the :data:`MAX_WAITING` that waited."""
    from starlette.websockets import WebSocketDisconnect

    import cli.room.app as app_module
    from roomtools import create, open_room, token_of

    class Held(Outbox):
        """A link that reads nothing from its first refusal on, until it is given up."""

        def __init__(self, write: Any, timeout: float = 20.0, close: Any = None) -> None:
            self.release = asyncio.Event()
            self.armed = False

            async def held(text: str) -> None:
                if self.armed:
                    await self.release.wait()
                await write(text)

            super().__init__(held, timeout, close)

        async def put(self, message: dict[str, Any]) -> None:
            self.armed = self.armed or message["type"] == "refused"
            try:
                await super().put(message)
            except Gone:
                self.release.set()
                raise

    monkeypatch.setattr(app_module, "Outbox", Held)
    # a rate of 0.01 a second: the allowance the burst's own sending time gives back stays
    # under one message however slow the machine (at 10 a second, a loaded machine sending
    # the 100 in a few tenths of a second earned some back, and more came as bad_json)
    with open_room(tmp_path, rate=0.01) as (client, room):
        reply = create(client, ["human", "greedy"])
        with client.websocket_connect(f"/ws/{token_of(reply['seats'][0]['link'])}") as ws:
            assert ws.receive_json()["type"] == "state"
            for _ in range(100):
                ws.send_text("garbage")
            got: list[str] = []
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    got.append(ws.receive_json()["error"])
    assert (closed.value.code, closed.value.reason) == (4408, "given up: over 64 messages waited for this link")
    burst = int(app_module.BURST)  # refused for what they are, until the allowance is spent; then refused as a flood
    assert got == ["bad_json"] * burst + ["flood"] * (MAX_WAITING + 1 - burst), got


def test_a_spectator_whose_page_stopped_reading_is_closed_so_that_it_opens_its_link_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The spectator's link takes its first view, then stops reading (a phone put to sleep):
    the next change's write takes too long, the link is given up -- and closed, with the
    room's code, so that the page, once awake, opens its link again (before: left open, and
    never written to again)."""
    from starlette.websockets import WebSocketDisconnect

    import cli.room.app as app_module
    from roomtools import create, open_room, token_of

    class Asleep(Outbox):
        """A link that stops reading after its first message."""

        def __init__(self, write: Any, timeout: float = 20.0, close: Any = None) -> None:
            self.written = 0

            async def sleepy(text: str) -> None:
                self.written += 1
                if self.written > 1:
                    await never(text)
                await write(text)

            super().__init__(sleepy, 0.2, close)

    with open_room(tmp_path) as (client, room):
        reply = create(client, ["human", "human"])
        monkeypatch.setattr(app_module, "Outbox", Asleep)
        with client.websocket_connect(f"/ws/{token_of(reply['watch'])}") as watcher:
            assert watcher.receive_json()["type"] == "state"
            monkeypatch.setattr(app_module, "Outbox", Outbox)
            with client.websocket_connect(f"/ws/{token_of(reply['seats'][0]['link'])}") as one, \
                    client.websocket_connect(f"/ws/{token_of(reply['seats'][1]['link'])}") as two:
                views = [one.receive_json(), two.receive_json()]
                actor = views[0]["to_act"]
                move = next(m["move"] for m in views[actor]["legal"] if m["move"].startswith("play"))
                (one, two)[actor].send_json({"type": "action", "move": move, "seq": views[actor]["seq"]})
                with pytest.raises(WebSocketDisconnect) as closed:
                    watcher.receive_json()
    assert (closed.value.code, closed.value.reason) == (4408, "given up: a message took over 0.2 seconds to go out")
