"""A house file's rulebook states only what its rules do.

The house files in ``house/`` switch one section off (closing, marriages, the exchange,
declaring) or change one number, and write no ``description`` of their own.  Each has a golden
rulebook beside it (``house/NAME.md``), read and checked by hand when it was written; after a
deliberate change of wording, write them anew and read the diff::

    UPDATE_GOLDENS=1 .venv/bin/python -m pytest tests/describe/test_truthful_rulebooks.py

The tests below do not trust the goldens: each names, from the rules, sentences that would be
false for that file (its base's description, a marriage after closing where nobody closes, a
successful close where nobody goes out) and sentences that must be there.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

import pytest

from interpreter import load_ruleset
from interpreter.text.describe import base_of, rulebook

HOUSE = Path(__file__).parent / "house"
FILES = sorted(HOUSE.glob("*.yaml"))
UPDATE = os.environ.get("UPDATE_GOLDENS") == "1"


@lru_cache(maxsize=None)
def book(name: str) -> str:
    rs = load_ruleset(HOUSE / f"{name}.yaml")
    return rulebook(rs, base_of(rs))


def section(text: str, heading: str) -> str:
    """The body of one ``## heading`` section."""
    found = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, flags=re.M | re.S)
    assert found, f"no section {heading!r}"
    return found.group(1)


def rules_part(text: str) -> str:
    """Everything after the list of differences (which names the base's values)."""
    return text.split("## Cards and values", 1)[1]


def intro(text: str) -> str:
    return text.split("\n## ", 1)[0]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden(path: Path) -> None:
    text = book(path.stem)
    golden = path.with_suffix(".md")
    if UPDATE:
        golden.write_text(text, encoding="utf-8")
    assert golden.exists(), f"no {golden.name}: write it with UPDATE_GOLDENS=1 and read it"
    assert text == golden.read_text(encoding="utf-8"), f"the rulebook differs from {golden.name}"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_base_description_is_not_borrowed(path: Path) -> None:
    """None of these files writes a description: the opening paragraph is generated, and says so."""
    rs = load_ruleset(path)
    base = base_of(rs)
    assert base is not None and base.description
    assert rs.description == ""
    assert "description" not in rs.data
    assert base.description.strip() not in book(path.stem)
    assert "the file has no description, so the paragraph above is generated too" in intro(book(path.stem))


def test_a_match_to_11_is_not_called_a_match_to_7() -> None:
    text = book("match-11")
    assert "Match to 7" not in text and "7 game points" not in rules_part(text)
    assert intro(text).splitlines()[2].endswith("Match to 11 game points.")
    assert "The first player to reach 11 game points wins the match." in text


def test_a_game_to_15_is_not_called_a_game_to_10() -> None:
    text = book("game-to-15")
    assert "to 10" not in text and "game to 10" not in text.lower()
    assert "Match to 15 points; the bidder goes out." in intro(text)
    assert "The first side to reach 15 points wins the match." in text


def test_without_closing_nothing_is_said_of_a_closed_talon() -> None:
    for name in ("no-closing", "no-closing-schnapsen"):
        text = book(name)
        rules = rules_part(text)
        # the only mention of closing: the section that says there is none
        assert section(text, "Closing the talon").strip() == "There is no closing."
        assert not re.search(r"\bclos", rules.replace("## Closing the talon\n\nThere is no closing.", ""), flags=re.I), name
        assert "no closing" in intro(text) and "closing the talon" not in intro(text)
    # Sechsundsechzig forbids marriages after the talon is exhausted, and that is all there is to say
    marriages = section(book("no-closing"), "Marriages")
    assert "No marriage may be announced once the talon is exhausted." in marriages
    assert "however, marriages may still be announced" not in marriages
    # Schnapsen allows them to the end
    assert "Marriages may be announced on any lead, also after the talon is exhausted." in section(
        book("no-closing-schnapsen"), "Marriages"
    )


def test_without_marriages_no_marriage_counts_anywhere() -> None:
    text = book("no-marriages")
    rules = rules_part(text)
    assert section(text, "Marriages").strip() == "There are no marriages."
    assert "marriages that count" not in rules and "pending marriage" not in rules
    assert "announce a marriage" not in rules and "announcing a marriage" not in rules
    assert "Here the loser's points are the card points of his tricks, the bonus for the last trick included." in rules
    assert "no marriages" in intro(text)


def test_without_the_exchange_nobody_exchanges() -> None:
    text = book("no-exchange")
    assert section(text, "Exchanging the trump card").strip() == "There is no exchange of the trump card."
    assert "jack of trumps" not in text.replace("- Exchanging the trump card: allowed → not allowed", "")
    assert "no exchange of the trump card" in intro(text)


def test_without_declaring_a_close_can_only_fail() -> None:
    text = book("no-declaring")
    rules = rules_part(text)
    assert section(text, "Declaring").strip() == (
        "There is no declaring: nobody can go out, and every deal is played to the last trick."
    )
    # a close succeeds only by going out, which nobody can
    assert "successful close" not in rules and "goes out correctly" not in rules and "go out" not in section(text, "Closing the talon").replace("Nobody can go out by declaring", "")
    assert "a player who closes the talon always fails: his opponent scores 2 game points" in section(text, "Closing the talon")
    assert "nobody has gone out" not in rules and "nobody went out" not in rules
    assert "| the talon was closed | the closer's opponent | 2, or 3 if he had not yet won a trick when the talon was closed |" in rules


def test_without_the_moon_nobody_shoots_it() -> None:
    text = book("no-moon")
    rules = rules_part(text)
    assert "moon" not in rules.lower()
    assert "The bids are 1, 2, 3 and 4." in rules
    assert "moon" not in intro(text).split("\n\n")[1]  # the summary (the next paragraph names the file)


def test_the_summary_of_a_bundled_ruleset_without_its_description_is_true() -> None:
    """The generated paragraph for the bundled games, had they no description (worked out from
    reference.md sections 2-4)."""
    from interpreter.text.rulebook.summary import summary
    from interpreter.text.rulebook.words import Facts

    assert summary(Facts(load_ruleset("sechsundsechzig"))) == (
        "Two players, 24 cards, six each; the other twelve form the talon. Played with trumps fixed by the "
        "turned-up card, marriages (20, or 40 in trumps), exchanging the nine of trumps, closing the talon and "
        "going out by declaring 66. Match to 7 game points."
    )
    assert summary(Facts(load_ruleset("north-american-3"))) == (
        "Three players, each for himself, 24 cards, seven each; the other three form a widow for the winner of "
        "the first trick. Played with an auction in units of 33 (a bid of 5 is the moon), trumps fixed by the "
        "first card led by the declarer, marriages (20, or 40 in trumps) and no declaring: every deal is played "
        "to the last trick. Match to 10 points; the bidder goes out."
    )
