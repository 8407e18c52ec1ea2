"""Playing at the card room through its protocol, as a browser would, for the tests.

:class:`Seat` is one WebSocket link of Starlette's test client; :func:`open_room` an app on a
temporary data folder; :func:`visible_cards` what a seat's view lets it see, the yardstick
every message is measured against.

Every wait on the server here has a limit (:func:`within`): a server broken so that it never
answers -- its event loop stuck, a message never sent -- fails the test that waits, saying what
it waited for, instead of hanging the whole suite.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
import threading
import time
import warnings
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest

pytest.importorskip("starlette", reason="rules serve needs the serve extra: pip install -e '.[test]'")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx: pip install -e '.[test]'")

with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2; httpx 0.28 works as well
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from cli.room.app import make_app  # noqa: E402
from cli.room.room import Live, Room  # noqa: E402
from interpreter.engine.views import SeatView  # noqa: E402

NOTATION = re.compile(r"(?<![A-Za-z0-9])([AKQJT987][CDHS])(?![A-Za-z0-9])")
SYMBOLS = re.compile(r"(?<![A-Za-z0-9])(10|[AKQJ987])([♣♦♥♠])")
SYMBOL_SUIT = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
#: Seconds a test waits for the server (a link to open, a message) before it fails: far more
#: than any answer takes on a loaded machine, far less than a hung suite.
WAIT = 30.0
#: The checkout under test.
REPO = Path(__file__).resolve().parents[2]
T = TypeVar("T")


def within(what: str, work: Callable[[], T], seconds: float = WAIT) -> T:
    """``work()``, failing the test if it has not returned after ``seconds``.  Starlette's test
    client waits without a limit (its ``receive`` blocks until the app sends, and the app's
    event loop may be what is stuck), so the wait runs in a daemon thread of its own: the
    test fails, and a thread left waiting never holds the test run up when it ends."""
    done: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            done.append(work())
        except BaseException as exc:  # handed to the test's own thread
            failed.append(exc)

    thread = threading.Thread(target=run, daemon=True, name=f"waiting for {what}")
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        raise AssertionError(f"waited {seconds:g} s for {what}: the server never answered")
    if failed:
        raise failed[0]
    return done[0]


def until(what: str, check: Callable[[], bool]) -> None:
    """Wait until ``check()`` holds -- what the server does on its own loop, the sweeper
    closing tables say -- failing the test if it never does (:func:`within`)."""

    def wait() -> None:
        while not check():
            time.sleep(0.01)

    within(what, wait)


def read_text(socket: Any, seconds: float = WAIT) -> str:
    """The next text message of a test client's WebSocket, within ``seconds``."""
    return within("a message on the WebSocket", socket.receive_text, seconds)


@contextmanager
def open_room(data: Path, bot_delay: float = 0.0, rate: float = 1e6) -> Iterator[tuple[TestClient, Room]]:
    """A card room on ``data`` (its lifespan run: tables read back at the start); the scripted
    players may send as fast as they like unless ``rate`` says otherwise."""
    app = make_app(data, bot_delay, rate)
    client = TestClient(app)
    within("the room to start", client.__enter__)
    try:
        yield client, app.state.room
    finally:
        # a test that failed left its links open, and the client's exit waits for every one
        # of them to end: closed here, so that the failure is reported instead of a hang
        for seat in [s for s in Seat.opened if s.client is client and not s.closed]:
            try:
                seat.close()
            except Exception:  # the test's own failure is what is reported
                pass
        within("the room to stop", lambda: client.__exit__(None, None, None))


def sql(data: Path, statement: str, *args: Any) -> None:
    """One statement on the store under ``data``, committed: a row made as another version or
    another program would have made it."""
    db = sqlite3.connect(data / "room.sqlite")
    try:
        db.execute(statement, args)
        db.commit()
    finally:
        db.close()


def create(client: TestClient, seats: list[str], ruleset: str = "schnapsen", **extra: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"ruleset": ruleset, "seats": seats, **extra})
    assert answer.status_code == 201, answer.text
    return answer.json()  # type: ignore[no-any-return]


def token_of(link: str) -> str:
    return link.rsplit("/", 1)[1]


def cards_in(message: Any) -> set[str]:
    """Every card named anywhere in a message, as notation (``KH``), whether written ``KH`` or ``K♥``."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.update(NOTATION.findall(value))
            found.update(("T" if r == "10" else r) + SYMBOL_SUIT[s] for r, s in SYMBOLS.findall(value))
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(message)
    return found


def visible_cards(view: SeatView, deal_over: bool, deck: list[str]) -> set[str]:
    """The cards ``view``'s seat may know of: its hand and widow, the turn-up, every card of the
    public history (plays, marriages shown), the cards known to lie in a hand; every card once
    the deal is over (the hands are shown)."""
    if deal_over:
        return set(deck)
    seen = {str(c) for c in view.hand} | {str(c) for c in view.widow} | {str(c) for _, c in view.trick}
    if view.turn_up is not None:
        seen.add(str(view.turn_up))
    for cards in view.known:
        seen.update(str(c) for c in cards)
    for _, text in view.history:
        seen.update(NOTATION.findall(text))
    return seen


class Seat:
    """One open link: reads the table's messages, acts when its seat is to act."""

    #: Every link opened, so that :func:`open_room` closes those a failed test left open.
    opened: weakref.WeakSet[Seat] = weakref.WeakSet()

    def __init__(self, client: TestClient, token: str, seconds: float = WAIT) -> None:
        self.client = client
        self.ws = client.websocket_connect(f"/ws/{token}")
        self.socket = within("the WebSocket to open", self.ws.__enter__, seconds)
        self.closed = False
        Seat.opened.add(self)
        self.last: dict[str, Any] = {}
        self.told: list[dict[str, Any]] = []  # the presence messages read past
        self.waiting: tuple[threading.Thread, dict[str, Any]] | None = None  # a read still waiting (:meth:`_next_text`)

    def read(self, seconds: float = WAIT, presence: bool = False) -> dict[str, Any]:
        """The next message to this link, within ``seconds`` (the test fails otherwise).  What
        it is told of other people coming and going (``presence``) is kept in :attr:`told`
        and passed over, unless ``presence`` asks for it: it answers nothing the test sent."""
        while True:
            message = json.loads(self._next_text(seconds))
            if message.get("type") == "state":
                self.last = message
            if message.get("type") != "presence" or presence:
                return message  # type: ignore[no-any-return]
            self.told.append(message)

    def _next_text(self, seconds: float) -> str:
        """The next text message, within ``seconds``.  A read that timed out stays waiting, and
        the next read takes its message: a test may look for nothing (``pytest.raises``) and
        read on without the message that came later going lost to the abandoned wait."""
        if self.waiting is None:
            box: dict[str, Any] = {}

            def run() -> None:
                try:
                    box["text"] = self.socket.receive_text()
                except BaseException as exc:  # handed to the test's own thread
                    box["error"] = exc

            thread = threading.Thread(target=run, daemon=True, name="waiting for a message on the WebSocket")
            thread.start()
            self.waiting = thread, box
        thread, box = self.waiting
        thread.join(seconds)
        if thread.is_alive():
            raise AssertionError(f"waited {seconds:g} s for a message on the WebSocket: the server never answered")
        self.waiting = None
        if "error" in box:
            raise box["error"]
        return str(box["text"])

    def send(self, message: Any) -> None:
        self.socket.send_text(message if isinstance(message, str) else json.dumps(message))

    def until_turn(self, message: dict[str, Any], seat: int) -> dict[str, Any]:
        """Read on from ``message`` until ``seat`` is to act -- or nobody is: the deal is over.
        A bot may go out before a person's turn comes again (two marriages and a trick, in
        about one Schnapsen deal of ten): a test that waited for the turn alone waited for good."""
        while message.get("type") != "state" or message["to_act"] not in (seat, None):
            message = self.read()
        return message

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            within("the WebSocket to close", lambda: self.ws.__exit__(None, None, None))


def two_people(client: TestClient) -> tuple[dict[str, Any], list[Seat], list[dict[str, Any]], int, str]:
    """A Schnapsen table of two people, each seat's link open and its first view read: the
    room's reply, the seats, their views, the seat to act and the first card it may play."""
    reply = create(client, ["human", "human"])
    seats = [Seat(client, token_of(link["link"])) for link in reply["seats"]]
    views = [seat.read() for seat in seats]
    actor: int = views[0]["to_act"]
    move: str = next(m["move"] for m in views[actor]["legal"] if m["move"].startswith("play"))
    return reply, seats, views, actor, move


def check_message(live: Live, seat: int, message: dict[str, Any]) -> None:
    """A message to ``seat`` (-1: a spectator) against that seat's view of the table now."""
    from interpreter.engine.views import spectator_view

    assert message.get("type") == "state", f"seat {seat} was sent {message}"
    session = live.table.session
    state = session.state
    assert state is not None
    view = state.view(seat) if seat >= 0 else spectator_view(state)
    deck = [str(c) for c in live.table.rs.deck.cards]
    shown = cards_in(message)
    allowed = visible_cards(view, state.is_over, deck)
    assert shown <= allowed, f"seat {seat} was sent {sorted(shown - allowed)}, which its view does not show"
    assert sorted(message["hand"]) == sorted(str(c) for c in view.hand)
    assert message["hand_sizes"] == list(view.hand_sizes)
    assert message["talon"] == view.talon_size
    assert [m["move"] for m in message["legal"]] == ([str(a) for a in view.legal] if seat >= 0 and view.actor == seat else [])
    if not state.is_over:
        assert message["result"] is None


def answer_all(live: Live, links: dict[int, Seat], sender: int) -> None:
    """Read the change a message from ``sender`` made, on every link (the sender's first: a
    refusal goes to it alone, and would leave the others waiting)."""
    for s in [sender, *(s for s in links if s != sender)]:
        check_message(live, s, links[s].read())


def play_through(client: TestClient, room: Room, ruleset: str, seats: list[str], rng: random.Random, *, max_steps: int = 4000,
                 house: dict[str, str] | None = None) -> Live:
    """Play a whole match where every seat is a person at its own link, with a spectator
    watching; every message each link receives is checked against its seat's view.  The
    people choose among the actions their message offers: at random one time in ten, else
    as the greedy bot would from their seat (random bidders alone never end some auction
    games: they go down without end).  ``house``: a house file (``{"name": ..., "text": ...}``)
    instead of the bundled ``ruleset``."""
    from interpreter.play.bots import make_agent

    if house is None:
        reply = create(client, seats, ruleset)
    else:
        answer = client.post("/api/tables", json={"house": house, "seats": seats})
        assert answer.status_code == 201, answer.text
        reply = answer.json()
    live = room.tables[reply["table"]]
    advisers = [make_agent("greedy", live.table.rs, s) for s in range(len(seats))]
    links = {s["seat"]: Seat(client, token_of(s["link"])) for s in reply["seats"] if s["link"]}
    links[-1] = Seat(client, token_of(reply["watch"]))
    try:
        for seat, link in links.items():
            check_message(live, seat, link.read())
        for _ in range(max_steps):
            last = links[min(s for s in links if s >= 0)].last
            if last["match"]["over"]:
                return live
            if last["result"] is not None:
                for seat in last["waiting_for"]:
                    links[seat].send({"type": "next"})
                    answer_all(live, links, seat)
                continue
            actor = last["to_act"]
            legal = links[actor].last["legal"]
            assert legal, "the seat to act is offered no action"
            move = rng.choice(legal)["move"]
            if rng.random() >= 0.1:
                state = live.table.session.state
                assert state is not None
                move = str(advisers[actor].choose(state.view(actor), state.legal_actions()))
                assert move in [a["move"] for a in legal]
            links[actor].send({"type": "action", "move": move, "seq": links[actor].last["seq"]})
            answer_all(live, links, actor)
        raise AssertionError(f"{ruleset}: the match did not end in {max_steps} steps")
    finally:
        for link in links.values():
            link.close()
