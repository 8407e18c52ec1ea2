"""What the table page (cli/room/static/room.js) draws from a real state message of the room
(cli/room/messages.py, a table built directly with a fixed seed), run in Node
(tests/room/pagetools.py): what a person at the seat can see and read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pagetools import drawn
from test_seat_words import act_until, table

from cli.room.messages import seat_message
from interpreter.core.actions import Marry


def images(tree: dict[str, Any]) -> list[str]:
    """The alt texts of the pictures in ``tree``, in the order drawn."""
    own = [tree["alt"]] if tree.get("alt") is not None else []
    return own + [alt for child in tree.get("children", []) for alt in images(child)]


def texts(tree: dict[str, Any]) -> list[str]:
    own = [tree["text"]] if tree.get("text") else []
    return own + [t for child in tree.get("children", []) for t in texts(child)]


def test_a_card_shown_in_a_marriage_is_drawn_on_top_and_said_in_words() -> None:
    """Schnapsen: a seat marries with the king and plays it; its queen is now known to the other
    seat, which draws it last in that seat's fan (on top, not under four face-down cards) and
    names it in the seat's label."""
    made = table("schnapsen")
    seat = act_until(made, lambda seat, legal: any(isinstance(a, Marry) for a in legal))
    marry = next(a for a in made.session.legal() if isinstance(a, Marry))
    made.act(seat, str(marry), made.seq)
    partner = ("Q" if str(marry.card)[0] == "K" else "K") + str(marry.card)[1]
    other = 1 - seat
    message = seat_message(made, other)
    assert message["known"][seat] == [partner]
    others = drawn(message, "others")["drawn"]["others"]
    fan = others["children"][0]["children"][1]
    suit = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[partner[1]]
    name = {"Q": "queen", "K": "king"}[partner[0]]
    assert images(fan) == ["a card, face down"] * 3 + [f"{name} of {suit}"]
    label = others["children"][0]["children"][0]["text"]
    symbol = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[partner[1]]
    assert label.endswith(f" · shown: {partner[0]}{symbol}"), label


def test_the_summary_shows_the_outcome_lines_the_message_carries() -> None:
    from test_seat_words import play_out

    made = table("house/soft-schnapsen")
    play_out(made)
    message = seat_message(made, 0)
    page = drawn(message, "summary-outcome")["drawn"]["summary-outcome"]
    assert texts(page) == message["result"]["outcome"] and len(texts(page)) == 2


SUIT = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK = {"A": "ace", "T": "ten", "K": "king", "Q": "queen", "J": "jack"}


def test_the_trick_is_said_in_words_and_the_cards_named_without_symbols() -> None:
    """A screen reader hears the trick from a polite live region ("on the table: opponent ace
    of hearts"); the pictures' alt texts and the hand's buttons say the cards in words, each
    button with its key ("king of hearts, key 3"), never the bare digit."""
    from interpreter.core.actions import Play

    made = table("schnapsen")
    leader = act_until(made, lambda seat, legal: any(isinstance(a, Play) for a in legal))
    lead = next(a for a in made.session.legal() if isinstance(a, Play))
    made.act(leader, str(lead), made.seq)
    card = str(lead.card)
    message = seat_message(made, 1 - leader)
    page = drawn(message, "trick-words", "trick", "hand")["drawn"]
    region = page["trick-words"]
    assert region["text"] == f"on the table: opponent {RANK[card[0]]} of {SUIT[card[1]]}"
    assert images(page["trick"]) == [f"{RANK[card[0]]} of {SUIT[card[1]]}"]
    buttons = page["hand"]["children"]
    assert [b["attrs"]["aria-label"] for b in buttons] == [f"{RANK[c[0]]} of {SUIT[c[1]]}, key {k + 1}" for k, c in enumerate(message["hand"])]
    assert all(b["children"][1]["attrs"] == {"aria-hidden": "true"} for b in buttons), "the key digit is read out"


def test_the_trick_region_is_a_polite_live_region() -> None:
    from pathlib import Path

    html = (Path(__file__).resolve().parents[2] / "cli" / "room" / "static" / "table.html").read_text(encoding="utf-8")
    assert '<p id="trick-words" class="sr-only" role="status" aria-live="polite"></p>' in html


def _first_trick_taken(made: Any) -> int:
    """Every seat bids the lowest it may or plays its first legal card until the first trick is
    taken (so that no auction is all passes); the trick's winner, who took the widow with it."""
    from interpreter.core.actions import Bid

    act_until(made, lambda seat, legal: made.session.state.widow_taker >= 0,
              lambda legal: next((a for a in legal if isinstance(a, Bid)), legal[0]))
    taker: int = made.session.state.widow_taker
    return taker


def test_the_taker_of_a_widow_kept_face_down_is_told_he_took_it_and_not_which_cards() -> None:
    """North American 3 (nobody may look at his won cards): the first trick's winner took the
    three cards left over face down.  His message names none of them and says he took 3; the
    page says so in words.  The other seats took nothing."""
    made = table("north-american-3")
    taker = _first_trick_taken(made)
    message = seat_message(made, taker)
    assert message["widow"] == [] and message["widow_face_down"] == 3
    info = drawn(message, "info")["drawn"]["info"]
    words = [child["text"] for child in info["children"]]
    assert "you took the 3 cards left over, face down" in words
    assert not any(w.startswith("you took the cards left over:") for w in words)
    for seat in range(3):
        if seat != taker:
            other = seat_message(made, seat)
            assert other["widow"] == [] and other["widow_face_down"] == 0


def test_the_taker_who_may_look_at_his_won_cards_is_shown_the_widow(tmp_path: Path) -> None:
    """The same game where a player may look at his won cards (a house file): the taker's
    message names the 3 cards and says none was taken face down; the page lists them."""
    from cli.room.tables import Table
    from interpreter.rules.loader import load_ruleset

    path = tmp_path / "na3-open.yaml"
    path.write_text("extends: north-american-3\nname: na3-open\ninfo:\n  review_own_tricks: all\n", encoding="utf-8")
    rs = load_ruleset(path)
    made = Table("t", rs, str(path), ["human"] * 3, ["k0", "k1", "k2"], "w", 3, "2025-01-01")
    made.deal()
    taker = _first_trick_taken(made)
    message = seat_message(made, taker)
    state = made.session.state
    widow = sorted(str(rs.deck.cards[c]) for c in state.widow)  # the cards the deal left over
    assert len(message["widow"]) == 3 and sorted(message["widow"]) == widow and message["widow_face_down"] == 0
    words = [child["text"] for child in drawn(message, "info")["drawn"]["info"]["children"]]
    assert any(w.startswith("you took the cards left over: ") for w in words)
