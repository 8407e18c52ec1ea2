"""The table page's keys (cli/room/static/room.js), pressed in Node against state messages
written by hand (tests/room/pagetools.py): what docs/serve.md's key table promises."""

from __future__ import annotations

from typing import Any

from pagetools import press


def action(move: str, kind: str, key: str | None, card: str | None = None) -> dict[str, Any]:
    """One entry of a state's ``legal``, as cli/room/messages.py words it (the label is the move:
    the page never reads it for a key)."""
    return {"move": move, "label": move, "card": card, "kind": kind, "key": key}


def seat_to_act(legal: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    """A state message with only what onKey reads: seat 0's page, seat 0 to act."""
    state: dict[str, Any] = {"you": 0, "to_act": 0, "result": None, "hand": ["AS", "TS"], "legal": legal,
                             "seq": 7, "match": {"over": False}, "waiting_for": [], "trick": []}
    state.update(more)
    return state


def test_m_and_shift_m_choose_the_first_and_second_marriage_not_the_king_and_queen_of_one() -> None:
    """North American rules offer each marriage twice (shown by its king or by its queen):
    m is the hearts marriage, M the spades one, never the queen of hearts after its king."""
    legal = [action(f"marry {c}", "marry", "m", c) for c in ("KH", "QH", "KS", "QS")]
    assert press(seat_to_act(legal), "m")["sent"] == [{"type": "action", "move": "marry KH", "seq": 7}]
    assert press(seat_to_act(legal), "M")["sent"] == [{"type": "action", "move": "marry KS", "seq": 7}]


def test_shift_m_with_one_marriage_offered_does_nothing_and_says_so() -> None:
    legal = [action("marry KD", "marry", "m", "KD")]
    seen = press(seat_to_act(legal), "M")
    assert seen["sent"] == [] and seen["told"] == ["The key M does nothing now: press ? for the keys."]


def test_closing_before_the_draw_asks_first_as_closing_does() -> None:
    """b (Sechsundsechzig's close before the draw) cannot be taken back either: the page asks,
    and sends nothing until the person says yes."""
    for kind, key, move in (("close", "c", "close"), ("closebeforedraw", "b", "close before-draw")):
        seen = press(seat_to_act([action(move, kind, key)]), key)
        assert seen["sent"] == [] and len(seen["asked"]) == 1 and seen["asked"][0].startswith("Close the talon?"), kind


def test_a_key_pressed_out_of_turn_says_it_is_not_your_turn() -> None:
    seats = [{"seat": 0, "name": "you"}, {"seat": 1, "name": "opponent"}]
    seen = press(seat_to_act([], to_act=1, seats=seats), "1")
    assert seen["sent"] == [] and seen["told"] == ["It is not your turn: opponent to act."]
    watching = press(seat_to_act([], you=None, to_act=1, seats=seats), "x")
    assert watching["sent"] == [] and watching["told"] == ["You are watching: the seats choose, not this page."]


def test_enter_asks_for_the_next_deal_only_where_one_can_be_asked_for() -> None:
    """Enter sends "next" from a seat the table still waits for while the match goes on; not
    from a spectator's page, a seat that asked already, or once the match is over."""
    over = {"reason": "opponent took 66", "hands": []}
    asks = seat_to_act([], to_act=None, result=over, waiting_for=[0, 1])
    assert press(asks, "Enter")["sent"] == [{"type": "next"}]
    for why, more in (("spectator", {"you": None}), ("asked already", {"waiting_for": [1]}),
                      ("match over", {"match": {"over": True}})):
        assert press({**asks, **more}, "Enter")["sent"] == [], why


def test_a_card_the_rules_refuse_is_sent_for_the_server_to_say_why() -> None:
    """Pressing 2 (the ten of spades, not among the legal plays) or clicking it sends the move
    anyway: the server's refusal carries the engine's reason and its rule, which the page could
    not know.  A legal card is played as before; where the rules ask to lay cards away, the
    refused card is sent as a discard."""
    legal = [action("play AS", "play", None, "AS")]
    seen = press(seat_to_act(legal), "2", "1", clicks=("TS",))
    assert seen["sent"] == [{"type": "action", "move": "play TS", "seq": 7}, {"type": "action", "move": "play AS", "seq": 7},
                            {"type": "action", "move": "play TS", "seq": 7}]
    assert seen["told"] == []
    discards = [action("discard AS", "discard", None, "AS")]
    assert press(seat_to_act(discards), clicks=("TS",))["sent"] == [{"type": "action", "move": "discard TS", "seq": 7}]


def test_a_card_led_only_with_its_marriage_announces_it() -> None:
    """Where leading a card of a marriage announces it (marriage.must_announce false), the king
    of spades has no play of its own, only "marry KS": its key (2) or a click announces the
    marriage, as the terminal table does, rather than a plain lead the server would refuse.
    In a trick a marriage is a partner's, shown without playing a card: there the key sends the
    plain move, for the server to say why not."""
    legal = [action("play AS", "play", None, "AS"), action("marry KS", "marry", "m", "KS")]
    hand = ["AS", "KS", "QS"]
    assert press(seat_to_act(legal, hand=hand), "2", clicks=("KS",))["sent"] == [
        {"type": "action", "move": "marry KS", "seq": 7}, {"type": "action", "move": "marry KS", "seq": 7}]
    in_trick = seat_to_act(legal, hand=hand, trick=[{"seat": 1, "card": "TH"}])
    assert press(in_trick, "2")["sent"] == [{"type": "action", "move": "play KS", "seq": 7}]


def test_a_card_clicked_out_of_turn_says_it_is_not_your_turn_and_sends_nothing() -> None:
    seats = [{"seat": 0, "name": "you"}, {"seat": 1, "name": "opponent"}]
    seen = press(seat_to_act([], to_act=1, seats=seats), clicks=("AS",))
    assert seen["sent"] == [] and seen["told"] == ["It is not your turn: opponent to act."]


def test_enter_or_space_on_a_focused_button_is_left_to_the_button() -> None:
    """The focused "Next deal (Enter)" button sends "next" on its own click: the page's Enter
    must not send it a second time (the server would refuse the second as asked already)."""
    asks = seat_to_act([], to_act=None, result={"reason": "opponent took 66", "hands": []}, waiting_for=[0, 1])
    for key in ("Enter", " "):
        assert press(asks, key, focus="BUTTON")["sent"] == [], key
    assert press(asks, "Enter", focus="BODY")["sent"] == [{"type": "next"}]
