"""``rules serve`` as people use it: its own process on 127.0.0.1, people at two links and bots
at one four-handed table; a two-handed match stopped with SIGTERM mid-deal and started again,
going on where it was; the finished match's record read back by the project's reader."""

from __future__ import annotations

from pathlib import Path

from servetools import REPO, Person, Server

from interpreter.play.record import load_record


def test_two_people_and_two_bots_play_a_whole_four_handed_match(tmp_path: Path) -> None:
    server = Server(tmp_path)
    try:
        status, reply = server.post("/api/tables", {"ruleset": "north-american-4", "seats": ["human", "greedy", "human", "search:easy"]})
        assert status == 201, reply
        people = [Person(seat["link"], seed=seat["seat"]) for seat in reply["seats"] if seat["link"]]
        assert len(people) == 2
        for person in people:
            person.start()
        for person in people:
            person.join(timeout=600)
            assert person.error is None, person.error
            assert person.done, "the match did not end"
        final = people[0].messages[-1]
        assert final["match"]["over"] and final["match"]["winner"] in (0, 1)
        # the two people sit on one team (seats 0 and 2): both are told the same end
        assert people[1].messages[-1]["match"] == final["match"]
        status, text = server.get(f"/api/record/{people[0].link.rsplit('/', 1)[1]}")
        assert status == 200
        path = tmp_path / "record.yaml"
        path.write_text(text, encoding="utf-8")
        record = load_record(path)
        assert record.meta["players"] == ["human", "greedy", "human", "search:easy"]
    finally:
        server.stop()


def test_a_two_handed_match_survives_a_restart_mid_deal(tmp_path: Path) -> None:
    server = Server(tmp_path)
    status, reply = server.post("/api/tables", {"ruleset": "schnapsen", "seats": ["human", "search:easy"]})
    assert status == 201, reply
    link = reply["seats"][0]["link"]
    before = Person(link, seed=1, stop_after=3)
    before.run()
    assert before.error is None and before.acted == 3
    code, said = server.stop()
    assert code == 143, said  # 128 + SIGTERM, as every rules command stopped by it
    assert "stopped serving the card room" in said
    assert "Traceback" not in said
    where = before.messages[-1]
    assert where["result"] is None and where["hand"], "the test stops mid-deal"

    server = Server(tmp_path, port=server.port)  # the links name the address: the same one again
    try:
        after = Person(link, seed=2)
        after.start()
        after.join(timeout=600)
        assert after.error is None, after.error
        first = after.messages[0]
        # the same seat, the same position: hand, trick, talon, change counter
        for key in ("seq", "deal", "hand", "trick", "talon", "trump", "turn_up", "to_act"):
            assert first[key] == where[key], key
        assert after.done and after.messages[-1]["match"]["over"]
    finally:
        server.stop()


def test_the_log_of_every_request_holds_no_link(tmp_path: Path) -> None:
    """RULES_SERVE_LOG=info logs each request and WebSocket with its path; a seat's link in a
    path is the key to that seat, so the log shows the path with the link cut out."""
    from websockets.sync.client import connect

    server = Server(tmp_path, log="info")
    try:
        status, reply = server.post("/api/tables", {"ruleset": "schnapsen", "seats": ["human", "greedy"]})
        assert status == 201, reply
        tokens = [seat["link"].rsplit("/", 1)[1] for seat in reply["seats"] if seat["link"]] + [reply["watch"].rsplit("/", 1)[1]]
        for token in tokens:
            assert server.get(f"/t/{token}")[0] == 200
            server.get(f"/api/record/{token}")  # not finished yet: refused, and logged
        with connect(f"ws://127.0.0.1:{server.port}/ws/{tokens[0]}") as socket:
            socket.recv(timeout=30)
    finally:
        _, err = server.stop()
    logged = server.out + err  # uvicorn writes the access log to stdout, the rest to stderr
    assert "GET /t/... HTTP/1.1" in logged and "/api/record/..." in logged and "WebSocket /ws/..." in logged, logged
    for token in tokens:
        assert token not in logged


def test_it_says_where_it_listens_as_docs_serve_md_shows(tmp_path: Path) -> None:
    """docs/serve.md's sample line (port 8066 and the default folder there; a free port and a
    folder of the test's here)."""
    doc = (REPO / "docs" / "serve.md").read_text(encoding="utf-8").splitlines()
    shown = [line for line in doc if line.startswith("serving the card room at ")]
    assert len(shown) == 1
    server = Server(tmp_path)
    try:
        said = server.first_line
    finally:
        server.stop()
    assert said == shown[0].replace(":8066/", f":{server.port}/").replace("rules-room/room.sqlite", str(tmp_path / "room.sqlite"))
