"""What the card room refuses, and how: every refusal is said (a JSON ``error`` code and the
reason in words), the table goes on, the server stays up.  Bad JSON, a wrong seat, a stale or
replayed action, a flood, an oversized upload, a house file with errors (located as ``rules
validate`` locates them), a bot that would run code, a link nobody has."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from roomtools import Seat, create, open_room, read_text, token_of, two_people

from cli.room.room import MAX_HOUSE_BYTES


def test_a_table_is_created_and_its_links_open_its_seats(tmp_path: Path) -> None:
    with open_room(tmp_path) as (client, room):
        reply = create(client, ["human", "search:easy"])
        assert reply["seats"][1]["link"] is None and reply["seats"][0]["link"].startswith("http://testserver/t/")
        page = client.get("/t/" + token_of(reply["seats"][0]["link"]))
        assert page.status_code == 200 and "/static/room.js" in page.text
        assert "default-src 'self'" in page.headers["content-security-policy"]
        assert client.get("/t/not-a-link").status_code == 404


def test_bad_requests_are_refused_with_their_reason(tmp_path: Path) -> None:
    with open_room(tmp_path) as (client, room):
        cases = [
            (b"{not json", 400, "bad_json"),
            (b"[1, 2]", 400, "bad_json"),
            (json.dumps({"ruleset": "schnapsn", "seats": ["human", "greedy"]}).encode(), 400, "ruleset"),
            (json.dumps({"ruleset": "schnapsen", "seats": ["human"]}).encode(), 400, "seats"),
            (json.dumps({"ruleset": "schnapsen", "seats": ["greedy", "random"]}).encode(), 400, "seats"),
            # a trained policy is code named by the request: never run
            (json.dumps({"ruleset": "schnapsen", "seats": ["human", "policy:evil.py:Bot"]}).encode(), 400, "seats"),
            (json.dumps({"house": {"name": "x.yaml", "text": "a" * (MAX_HOUSE_BYTES * 3)}, "seats": []}).encode(), 413, "too_large"),
            # within the body's limit, over the house file's: refused by the room, also as too large
            (json.dumps({"house": {"name": "x.yaml", "text": "a" * (MAX_HOUSE_BYTES + 1)}, "seats": []}).encode(), 413, "too_large"),
        ]
        for body, status, code in cases:
            answer = client.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
            assert (answer.status_code, answer.json()["error"]) == (status, code), body[:60]
            assert answer.json()["why"]
        assert not room.tables


def test_a_house_file_is_validated_and_its_errors_located(tmp_path: Path) -> None:
    house = "extends: schnapsen\nname: my-house\nmatch:\n  target: 3\n"
    broken = "extends: schnapsen\nname: my-house\nmatch:\n  target: -3\n"
    outside = "extends: ../../secret.yaml\nname: my-house\n"
    with open_room(tmp_path) as (client, room):
        answer = client.post("/api/check", json={"house": {"name": "house.yaml", "text": house}})
        assert answer.json() == {"title": "Schnapsen", "seats": 2, "name": "house.yaml"}
        answer = client.post("/api/tables", json={"house": {"name": "house.yaml", "text": broken}, "seats": ["human", "greedy"]})
        assert answer.status_code == 400 and answer.json()["error"] == "invalid"
        # line 4, column 11: the value of match.target, in the file as it was sent
        assert answer.json()["why"].startswith("house.yaml:4:11: match.target:"), answer.json()["why"]
        answer = client.post("/api/tables", json={"house": {"name": "house.yaml", "text": outside}, "seats": ["human", "greedy"]})
        assert answer.status_code == 400 and "may extend only a bundled ruleset" in answer.json()["why"]
        # a base beside the file, as a house rule on disk extends its neighbour: the room has no
        # neighbours to offer, and says what it takes -- no "path relative to this file", no
        # "did you mean" the file sent itself
        for base in ("x.yaml", "bauernschnapsen.yaml"):
            answer = client.post("/api/check", json={"house": {"name": "short.yaml", "text": f"extends: {base}\nname: x\n"}})
            why = answer.json()["why"]
            assert answer.status_code == 400 and why.startswith("short.yaml:1:10: ") and "may extend only a bundled ruleset (" in why, why
            assert "relative" not in why and "did you mean" not in why, why
        # a name that is a path is kept as its last part, in the table's own folder and nowhere else
        answer = client.post("/api/tables", json={"house": {"name": "../house.yaml", "text": house}, "seats": ["human", "greedy"]})
        assert answer.status_code == 201 and answer.json()["ruleset"] == "house.yaml"
        assert (tmp_path / "tables" / answer.json()["table"] / "house.yaml").is_file() and not (tmp_path / "house.yaml").exists()
        answer = client.post("/api/tables", json={"house": {"name": "house.txt", "text": house}, "seats": ["human", "greedy"]})
        assert answer.status_code == 400 and answer.json()["error"] == "house"
        reply = client.post("/api/tables", json={"house": {"name": "house.yaml", "text": house}, "seats": ["human", "greedy"]}).json()
        table = room.tables[reply["table"]].table
        assert table.rs.match.target == 3 and table.ruleset_ref == "house.yaml"


def test_a_link_refuses_what_is_not_its_to_do(tmp_path: Path) -> None:
    with open_room(tmp_path) as (client, room):
        reply = create(client, ["human", "human"])
        live = room.tables[reply["table"]]
        seats = [Seat(client, token_of(s["link"])) for s in reply["seats"]]
        watcher = Seat(client, token_of(reply["watch"]))
        first = [s.read() for s in seats] + [watcher.read()]
        actor = first[0]["to_act"]
        other = 1 - actor
        move = first[actor]["legal"][0]["move"]
        said = []
        for link, message in [
            (seats[other], {"type": "action", "move": first[other]["hand"][0].join(["play ", ""]), "seq": first[other]["seq"]}),
            (watcher, {"type": "action", "move": move, "seq": first[actor]["seq"]}),
            (seats[actor], "{not json"),
            (seats[actor], {"type": "dance"}),
            (seats[actor], {"type": "action", "move": "play ZZ", "seq": first[actor]["seq"]}),
            (seats[actor], {"type": "action", "move": move, "seq": first[actor]["seq"] - 1}),
            (seats[actor], {"type": "action", "move": "x" * 5000, "seq": 0}),
        ]:
            link.send(message)
            said.append(link.read())
        assert [m["error"] for m in said] == ["turn", "seat", "bad_json", "bad_message", "action", "stale", "too_large"]
        assert all(m["type"] == "refused" and m["why"] for m in said)
        # an illegal card is refused with the engine's reason and its rule
        hand = first[actor]["hand"]
        legal = {m["card"] for m in first[actor]["legal"]}
        assert live.table.seq == first[actor]["seq"], "nothing moved"
        seats[actor].send({"type": "action", "move": move, "seq": first[actor]["seq"]})
        for link in [*seats, watcher]:
            assert link.read()["seq"] == first[actor]["seq"] + 1
        # the same action again is a replay: its change is gone
        seats[actor].send({"type": "action", "move": move, "seq": first[actor]["seq"]})
        assert seats[actor].read()["error"] == "stale"
        assert hand and legal
        for link in [*seats, watcher]:
            link.close()


def test_an_illegal_card_is_refused_with_the_rule(tmp_path: Path) -> None:
    """Played on (closing when offered, so that the duty to follow holds) until a seat holds
    a card it may not play; that card is refused with the engine's reason and rule."""
    with open_room(tmp_path) as (client, room):
        reply = create(client, ["human", "human"])
        seats = [Seat(client, token_of(s["link"])) for s in reply["seats"]]
        msgs = [s.read() for s in seats]
        for _ in range(300):
            if msgs[0]["result"] is not None:
                for seat in msgs[0]["waiting_for"]:
                    seats[seat].send({"type": "next"})
                    msgs = [s.read() for s in seats]
                continue
            actor = msgs[0]["to_act"]
            offered = msgs[actor]["legal"]
            refused = [c for c in msgs[actor]["hand"] if c not in {m["card"] for m in offered}]
            if refused and msgs[actor]["trick"]:
                seats[actor].send({"type": "action", "move": f"play {refused[0]}", "seq": msgs[actor]["seq"]})
                answer = seats[actor].read()
                assert answer["error"] == "illegal" and answer["why"].endswith("]"), answer
                for link in seats:
                    link.close()
                return
            move = next((m for m in offered if m["kind"] == "close"), offered[0])["move"]
            seats[actor].send({"type": "action", "move": move, "seq": msgs[actor]["seq"]})
            msgs = [s.read() for s in seats]
        raise AssertionError("no card the rules refuse in 300 moves")


def test_a_flood_is_slowed_not_served(tmp_path: Path) -> None:
    with open_room(tmp_path, rate=1.0) as (client, room):
        reply = create(client, ["human", "greedy"])
        link = Seat(client, token_of(reply["seats"][0]["link"]))
        link.read()
        errors = []
        for _ in range(40):
            link.send({"type": "dance"})
            errors.append(link.read()["error"])
        assert errors.count("flood") >= 15 and set(errors) == {"flood", "bad_message"}
        link.close()


def test_an_unknown_link_is_told_so(tmp_path: Path) -> None:
    with open_room(tmp_path) as (client, room):
        with client.websocket_connect("/ws/nobody") as ws:
            assert json.loads(read_text(ws))["error"] == "unknown_link"
        assert client.get("/api/record/nobody").status_code == 404


def test_the_record_waits_for_the_end_of_the_match(tmp_path: Path) -> None:
    with open_room(tmp_path) as (client, room):
        reply = create(client, ["human", "greedy"])
        answer = client.get("/api/record/" + token_of(reply["seats"][0]["link"]))
        assert answer.status_code == 409 and answer.json() == {"error": "in_play", "why": "the record can be taken once the match is over"}


def test_a_full_room_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import cli.room.room

    monkeypatch.setattr(cli.room.room, "MAX_TABLES", 2)
    with open_room(tmp_path) as (client, room):
        create(client, ["human", "greedy"])
        create(client, ["human", "greedy"])
        answer = client.post("/api/tables", json={"ruleset": "schnapsen", "seats": ["human", "greedy"]})
        # the request is good, the server is full for now (RFC 9110, 15.6.4): 503, and when to ask again
        assert answer.status_code == 503 and answer.headers["retry-after"] == "60"
        assert answer.json() == {"error": "full", "why": "the room has 2 tables in play; try again when one has finished"}
        # a finished match does not hold a place
        next(iter(room.tables.values())).table.session.match.winner = 0
        assert next(iter(room.tables.values())).table.over
        create(client, ["human", "greedy"])


def test_a_house_file_that_is_no_text_is_refused_and_leaves_nothing(tmp_path: Path) -> None:
    house = "extends: schnapsen\nname: my-house\n"
    with open_room(tmp_path) as (client, room):
        body = '{"house": {"name": "h.yaml", "text": "\\ud800"}, "seats": ["human", "greedy"]}'
        answer = client.post("/api/tables", content=body.encode(), headers={"Content-Type": "application/json"})
        assert (answer.status_code, answer.json()["error"]) == (400, "house")
        answer = client.post("/api/tables", json={"house": {"name": "h.yaml", "text": house}, "seats": ["human"]})
        assert answer.json()["error"] == "seats"
        assert not list((tmp_path / "tables").glob("*/h.yaml")), "a refused table leaves no file behind"


def test_a_table_that_cannot_be_read_back_is_told_and_the_others_go_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import sqlite3

    with open_room(tmp_path) as (client, room):
        kept = create(client, ["human", "greedy"])["table"]
        lost = create(client, ["human", "greedy"])["table"]
    db = sqlite3.connect(tmp_path / "room.sqlite")
    db.execute("UPDATE tables SET ruleset = 'gone-since' WHERE id = ?", (lost,))
    db.commit()
    db.close()
    with open_room(tmp_path) as (client, room):
        assert list(room.kept) == [kept]  # every table the room knows (each replayed when first used)
    said = capsys.readouterr().err
    assert f"table {lost} (gone-since) could not be read back and is left out: no ruleset file or bundled ruleset named 'gone-since'" in said


def test_json_nested_too_deep_is_refused_and_the_table_goes_on(tmp_path: Path) -> None:
    """Python's JSON reader gives up on deep nesting with a RecursionError, which the room took
    for a fault of its own: a 500 with a traceback in its log over HTTP, a connection dropped
    without a word over the WebSocket.  Over HTTP it is bad JSON (50,000 levels: too deep for
    every Python's reader).  A WebSocket message is at most 2,048 characters: 1,000 levels,
    which Python 3.11 gives up on and 3.12 reads -- no message of the protocol either way, so
    ``bad_message`` on every version (it was ``bad_json`` on 3.11 alone)."""
    deep = "[" * 50_000 + "]" * 50_000
    with open_room(tmp_path) as (client, room):
        for path in ("/api/tables", "/api/check"):
            for body in (deep, '{"ruleset": ' + deep + "}"):
                answer = client.post(path, content=body.encode(), headers={"Content-Type": "application/json"})
                assert (answer.status_code, answer.json()["error"]) == (400, "bad_json"), (path, body[:20])
        reply = create(client, ["human", "greedy"])
        link = Seat(client, token_of(reply["seats"][0]["link"]))
        link.read()
        link.send("[" * 1000 + "]" * 1000)  # within the 2,048 characters of a message
        answer = link.read()
        assert (answer["type"], answer["error"]) == ("refused", "bad_message")
        link.send({"type": "dance"})  # the link is still open and answered
        assert link.read()["error"] == "bad_message"
        link.close()


def play_to_the_end(links: dict[int, Seat]) -> None:
    """The two people play their first legal move in turn until the deal is over, each link
    reading every change."""
    while links[0].last["result"] is None:
        actor = links[0].last["to_act"]
        move = links[actor].last["legal"][0]["move"]
        links[actor].send({"type": "action", "move": move, "seq": links[actor].last["seq"]})
        for seat in (actor, 1 - actor):
            links[seat].read()


def test_asking_twice_for_the_next_deal_is_refused_and_who_is_ready_survives_a_restart(tmp_path: Path) -> None:
    """Two people play a deal to its end.  Seat 0 asks for the next deal: seat 1 is waited for.
    Asking again is refused (it was taken every time, each a change sent to every link, with no
    flood limit: only refusals count).  After a restart seat 0 is still ready, and the table's
    change count is where it was (it went one back, and counts were given out twice)."""
    with open_room(tmp_path) as (client, room):
        reply = create(client, ["human", "human"])
        links = {s["seat"]: Seat(client, token_of(s["link"])) for s in reply["seats"]}
        try:
            for link in links.values():
                link.read()
            play_to_the_end(links)
            links[0].send({"type": "next"})
            ready = links[0].read()
            links[1].read()
            assert ready["waiting_for"] == [1]
            links[0].send({"type": "next"})
            again = links[0].read()
            assert (again["type"], again["error"]) == ("refused", "turn") and "already" in again["why"]
            seq = ready["seq"]
        finally:
            for link in links.values():
                link.close()
    with open_room(tmp_path) as (client, room):
        link = Seat(client, token_of(reply["seats"][1]["link"]))
        state = link.read()
        link.close()
        assert state["waiting_for"] == [1] and state["seq"] == seq


def test_a_next_deal_asked_for_once_it_is_dealt_is_told_so(tmp_path: Path) -> None:
    """Asked for in the first deal, the next deal is refused as "the deal is not over"; asked
    for again once every person asked and it was dealt (a second tab, a double press), the
    refusal says it has been dealt -- where it said "the deal is not over" to a person who had
    just seen the deal end."""
    with open_room(tmp_path) as (client, room):
        links = dict(enumerate(two_people(client)[1]))
        try:
            links[0].send({"type": "next"})
            early = links[0].read()
            assert (early["error"], early["why"]) == ("turn", "the deal is not over")
            play_to_the_end(links)
            for seat in (0, 1):
                links[seat].send({"type": "next"})
                for each in (0, 1):
                    links[each].read()
            assert links[0].last["result"] is None and links[0].last["deal"] == 2
            links[1].send({"type": "next"})
            late = links[1].read()
            assert (late["error"], late["why"]) == ("turn", "the next deal has been dealt already: this one is not over")
        finally:
            for link in links.values():
                link.close()


def test_one_address_opens_a_few_tables_and_a_table_takes_a_few_spectators(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One script filled the room's 500 tables in three seconds, and could hold any number of
    links open to one table.  An address may have TABLES_PER_ADDRESS tables in play, a table
    WATCHERS_PER_TABLE spectators (both made small here)."""
    import cli.room.room as room_module

    monkeypatch.setattr(room_module, "TABLES_PER_ADDRESS", 2)
    monkeypatch.setattr(room_module, "WATCHERS_PER_TABLE", 2)
    with open_room(tmp_path) as (client, room):
        reply = create(client, ["human", "greedy"])
        create(client, ["human", "greedy"])
        third = client.post("/api/tables", json={"ruleset": "schnapsen", "seats": ["human", "greedy"]})
        # too many of this sender's own (RFC 6585, 4): 429; waiting alone frees nothing, so no Retry-After
        assert third.status_code == 429 and "retry-after" not in third.headers
        assert third.json() == {"error": "full", "why": "2 tables opened from your address are in play; finish one first"}
        token = token_of(reply["watch"])
        first, second = Seat(client, token), Seat(client, token)
        first.read(), second.read()
        with client.websocket_connect(f"/ws/{token}") as ws:
            assert json.loads(read_text(ws)) == {"type": "refused", "error": "full", "why": "2 spectators watch this table already"}
        first.close(), second.close()


def test_spectators_never_keep_a_person_from_their_seat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """64 spectators on the one shared watch link filled the table's 64 links, and the seated
    person's own link was then refused, their page retrying for good and the table stalled.
    The spectators are bounded among themselves (WATCHERS_PER_TABLE) and a seat's own links
    apart (LINKS_PER_SEAT): with every spectator's place taken, both people still sit down
    and play, and only a seat's own links beyond its bound are refused."""
    import cli.room.room as room_module

    monkeypatch.setattr(room_module, "WATCHERS_PER_TABLE", 3)
    monkeypatch.setattr(room_module, "LINKS_PER_SEAT", 2)
    with open_room(tmp_path) as (client, room):
        reply = create(client, ["human", "human"])
        watch = token_of(reply["watch"])
        watchers = [Seat(client, watch) for _ in range(3)]
        for watcher in watchers:
            assert watcher.read()["type"] == "state"
        with client.websocket_connect(f"/ws/{watch}") as ws:  # the spectators' places are all taken
            assert json.loads(read_text(ws))["error"] == "full"
        tokens = [token_of(s["link"]) for s in reply["seats"]]
        people = [Seat(client, t) for t in tokens]
        states = [p.read() for p in people]
        assert [s["type"] for s in states] == ["state", "state"] and [s["you"] for s in states] == [0, 1]
        actor = states[0]["to_act"]
        move = next(m["move"] for m in states[actor]["legal"] if m["move"].startswith("play"))
        people[actor].send({"type": "action", "move": move, "seq": states[actor]["seq"]})
        played = people[actor].read()
        assert played["type"] == "state" and played["seq"] == states[actor]["seq"] + 1 and len(played["trick"]) == 1, played
        # a second tab of seat 0 opens; a third is one too many for the seat, and is told so
        second_tab = Seat(client, tokens[0])
        assert second_tab.read()["type"] == "state"
        with client.websocket_connect(f"/ws/{tokens[0]}") as ws:
            assert json.loads(read_text(ws)) == {"type": "refused", "error": "full", "why":
                                                 "2 links to this seat are open already: close one (another tab, another device)"}
        for link in [*watchers, *people, second_tab]:
            link.close()


def test_the_api_answers_an_unknown_path_or_a_wrong_method_in_json_as_its_other_refusals(tmp_path: Path) -> None:
    """Under /api/ a path no route has is a 404 and a method a route does not take a 405, each
    with the JSON body of every other refusal (the 405 with its Allow header); the page's own
    paths keep plain words."""
    routes = "GET /api/rulesets, POST /api/tables, POST /api/check, GET /api/record/TOKEN, GET /api/house/TOKEN"
    with open_room(tmp_path) as (client, room):
        cases = [
            ("GET", "/api/nope", 404, None, {"error": "not_found", "why": f"the API has no /api/nope: its routes are {routes} (docs/serve.md)"}),
            ("GET", "/api/tables", 405, "POST", {"error": "method", "why": "/api/tables takes POST, not GET"}),
            ("POST", "/api/rulesets", 405, "GET, HEAD", {"error": "method", "why": "/api/rulesets takes GET, not POST"}),
            ("DELETE", "/api/record/abc", 405, "GET, HEAD", {"error": "method", "why": "/api/record/abc takes GET, not DELETE"}),
        ]
        for method, path, status, allow, body in cases:
            answer = client.request(method, path)
            assert (answer.status_code, answer.headers["content-type"], answer.json()) == (status, "application/json", body), path
            allowed = answer.headers.get("allow")  # Starlette lists the methods in no fixed order
            assert (set(allowed.split(", ")) if allowed else None) == (set(allow.split(", ")) if allow else None)
            assert answer.headers["x-content-type-options"] == "nosniff"
        long = "/api/" + "x" * 200  # said back by its first 100 characters (5 of /api/, 95 x), then an ellipsis
        assert client.get(long).json()["why"].startswith("the API has no /api/" + "x" * 95 + "…: its routes are ")
        page = client.get("/nope")
        assert (page.status_code, page.headers["content-type"], page.text) == (404, "text/plain; charset=utf-8", "not found")


def test_a_request_missing_a_key_says_which_and_what_is_expected_never_none(tmp_path: Path) -> None:
    """A key left out, or of the wrong kind, is named with what it should be -- never the
    Python ``None`` that stood for it (``no bundled ruleset named 'None'``, ``change None``)."""
    with open_room(tmp_path) as (client, room):
        answers = [client.post("/api/tables", json=body).json() for body in (
            {"seats": ["human", "greedy"]},
            {"ruleset": 7, "seats": ["human", "greedy"]},
        )]
        assert [a["error"] for a in answers] == ["ruleset", "ruleset"]
        assert answers[0]["why"].startswith('"ruleset" is missing: give a bundled ruleset\'s name (one of: ')
        assert answers[0]["why"].endswith('), or "house": a house file')
        assert answers[1]["why"].startswith('"ruleset" is a bundled ruleset\'s name (one of: ') and answers[1]["why"].endswith("), not a number")
        assert "schnapsen" in answers[0]["why"] and "schnapsen" in answers[1]["why"]
        reply = create(client, ["human", "human"])
        seat = Seat(client, token_of(reply["seats"][0]["link"]))
        seq = seat.read()["seq"]
        change = "the whole number of the change the action was chosen at (the 'seq' of the state it was chosen in"
        cases = [
            ({"type": "action", "move": "play KH"}, f"an action's 'seq' is missing: give {change})"),
            ({"type": "action", "seq": seq}, "an action's 'move' is missing: give an action in the record notation, such as 'play KH'"),
            ({"type": "action", "move": "play KH", "seq": None}, f"'seq' is {change}; the table is now at change {seq}), not null"),
            ({"type": "action", "move": "play KH", "seq": str(seq)}, f"'seq' is {change}; the table is now at change {seq}), not text"),
            # JSON's 1.0 and 1e400 are numbers, but not the whole number a change is (they were "not a number")
            ({"type": "action", "move": "play KH", "seq": 1.0}, f"'seq' is {change}; the table is now at change {seq}), not a number with a decimal point or an exponent"),
            ('{"type": "action", "move": "play KH", "seq": 1e400}', f"'seq' is {change}; the table is now at change {seq}), not a number with a decimal point or an exponent"),
            ({"type": "action", "move": 5, "seq": seq}, "'move' is an action in the record notation, such as 'play KH' (at most 40 characters), not a number"),
            ({}, "a message's 'type' is missing: give 'action' or 'next'"),
            ({"type": None}, "a message's 'type' is 'action' or 'next', not null"),
        ]
        for message, why in cases:
            seat.send(message)
            assert seat.read() == {"type": "refused", "error": "bad_message", "why": why}, message
        seat.close()


def test_a_refusal_is_never_cut_in_a_word_and_a_long_quote_is_logged_whole(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The decoder's reason why a body is not JSON is said whole (it was cut at 80 characters:
    '... invalid contin'); a long text the client sent is quoted up to the last word within 60
    characters, with an ellipsis, and logged whole."""
    grandmother = "the rules my grandmother played in the kitchen of her farm every sunday after church"
    with open_room(tmp_path) as (client, room):
        body = b'{"ruleset": "' + b"a" * 100000 + b'\xe4x"}'  # Latin-1's a-umlaut after 100,013 bytes
        answer = client.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
        assert answer.json() == {"error": "bad_json", "why": "the body is not JSON: 'utf-8' codec can't decode byte 0xe4 "
                                                            "in position 100013: invalid continuation byte"}
        with caplog.at_level("WARNING", logger="rules.serve"):
            answer = client.post("/api/tables", json={"ruleset": grandmother, "seats": ["human", "greedy"]})
        why = answer.json()["why"]
        assert why.startswith("no bundled ruleset named 'the rules my grandmother played in the kitchen of her farm…'; one of: "), why
        assert repr(grandmother) in caplog.text
        unbroken = "x" * 100  # no word ends within the limit: cut at it
        answer = client.post("/api/tables", json={"ruleset": "schnapsen", "seats": ["human", unbroken]})
        assert answer.json()["why"].startswith(f"seats: '{'x' * 60}…' is no seat of the room")


def test_a_stale_seq_of_two_thousand_digits_is_quoted_cut(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A ``seq`` of 2,000 digits was said back whole in the ``stale`` refusal: it is cut to
    its first 60 digits and an ellipsis, as every quote of what the client sent, and logged whole."""
    seq = 10 ** 1999  # a one and 1,999 noughts
    with open_room(tmp_path) as (client, room):
        reply, seats, views, actor, move = two_people(client)
        with caplog.at_level("WARNING", logger="rules.serve"):
            seats[actor].send({"type": "action", "move": move, "seq": seq})
            said = seats[actor].read()
        assert said == {"type": "refused", "error": "stale", "why": f"this action was chosen at change 1{'0' * 59}… of the table, "
                                                                   f"which is now at change {views[actor]['seq']}: look again"}
        assert str(seq) in caplog.text
        for seat in seats:
            seat.close()


def test_a_table_asked_for_with_both_a_ruleset_and_a_house_file_is_refused(tmp_path: Path) -> None:
    """Both keys: the room does not guess which one was meant (it once took the house file
    silently); either one alone opens the table."""
    house = {"name": "house.yaml", "text": "extends: schnapsen\nname: my-house\nmatch:\n  target: 3\n"}
    with open_room(tmp_path) as (client, room):
        answer = client.post("/api/tables", json={"ruleset": "sechsundsechzig", "house": house, "seats": ["human", "greedy"]})
        assert (answer.status_code, answer.json()) == (400, {
            "error": "ruleset", "why": 'give "ruleset" (a bundled ruleset\'s name) or "house" (a house file), not both: '
                                      'a house file names the ruleset it extends itself'})
        assert not room.tables and not (tmp_path / "tables").exists()  # nothing opened, no house file kept
        assert client.post("/api/tables", json={"house": house, "seats": ["human", "greedy"]}).status_code == 201
        assert client.post("/api/tables", json={"ruleset": "sechsundsechzig", "seats": ["human", "greedy"]}).status_code == 201


def test_a_post_sent_by_another_sites_page_is_refused_and_the_body_must_be_declared_json(tmp_path: Path) -> None:
    """CSRF: a page of another site could make its visitor's browser POST a table (as
    ``text/plain``, which a browser sends cross-site without asking) and use up the visitor's
    address's 100 tables.  A POST whose ``Origin`` names another host than the one it was sent
    to is refused (403, ``origin``); a body not declared ``application/json`` is refused (415,
    ``content_type``); the room's own page (``Origin`` this host, under either scheme: behind a
    TLS proxy the page is https) and a script (no ``Origin``) are taken."""
    body = json.dumps({"ruleset": "schnapsen", "seats": ["human", "greedy"]}).encode()
    house = json.dumps({"house": {"name": "house.yaml", "text": "extends: schnapsen\nname: my-house\n"}}).encode()
    as_json = "application/json"
    with open_room(tmp_path) as (client, room):
        refused = [
            ("/api/tables", "http://evil.example", "text/plain", 403, "origin"),
            ("/api/tables", "http://evil.example", as_json, 403, "origin"),
            ("/api/check", "http://evil.example", as_json, 403, "origin"),
            ("/api/tables", "null", as_json, 403, "origin"),  # a sandboxed frame, a file: no host of ours
            ("/api/tables", "http://testserver:8080", as_json, 403, "origin"),  # the same name, another port: another site
            ("/api/tables", "http://testserver.evil.example", as_json, 403, "origin"),
            ("/api/tables", None, "text/plain", 415, "content_type"),
            ("/api/tables", None, "application/x-www-form-urlencoded", 415, "content_type"),
            ("/api/tables", None, None, 415, "content_type"),
            ("/api/check", None, "text/plain", 415, "content_type"),
        ]
        for path, origin, media, status, code in refused:
            headers = {**({"Origin": origin} if origin else {}), **({"Content-Type": media} if media else {})}
            answer = client.post(path, content=house if path == "/api/check" else body, headers=headers)
            assert (answer.status_code, answer.json()["error"]) == (status, code), (path, origin, media)
        assert not room.tables
        answer = client.post("/api/tables", content=body, headers={"Origin": "http://evil.example", "Content-Type": "text/plain"})
        assert answer.json()["why"] == ("a request from another site's page ('http://evil.example') is refused: open tables "
                                        "from this server's own lobby, or from a script (which sends no Origin)")
        answer = client.post("/api/tables", content=body, headers={"Content-Type": "text/plain"})
        assert answer.json()["why"] == "the body is JSON, sent with 'Content-Type: application/json' (this request's is 'text/plain')"
        taken = [
            ("/api/tables", "http://testserver", as_json),  # the lobby's own fetch
            ("/api/tables", "https://testserver", "application/json; charset=utf-8"),  # the lobby behind a TLS proxy
            ("/api/tables", "http://testserver:80", as_json),  # the default port, said
            ("/api/tables", None, as_json),  # a script: curl sends no Origin
            ("/api/check", "http://testserver", as_json),
        ]
        for path, origin, media in taken:
            headers = {**({"Origin": origin} if origin else {}), "Content-Type": media}
            answer = client.post(path, content=house if path == "/api/check" else body, headers=headers)
            assert answer.status_code == (200 if path == "/api/check" else 201), (path, origin, media, answer.text)
        assert len(room.tables) == 4
