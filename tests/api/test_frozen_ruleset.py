"""A loaded ruleset is read-only: its mapping, its action tables and its deck.

``load_ruleset`` hands out one ``Ruleset`` per file, so the probe's writes -- by a caller, or
by a bot through ``view.rs`` -- changed the rules of every later game in the process:
``rs.data["claim"]["target"] = 10``, ``rs.action_of[1] = Close()``, ``rs.deck.points = ...``
all succeeded.  Each is refused now, and a fresh load still plays the bundled rules.

Schnapsen's deck, by hand: suits C D H S, ranks A T K Q J, so card 0 is AC and card 1 TC;
points A 11, T 10, K 4, Q 3, J 2 a suit, 30 a suit and 120 in all; no nines.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable

import pytest

from interpreter import Card, Close, DealState, Play, load_ruleset, play_match
from interpreter.core.frozendata import FrozenDict, FrozenList, thaw
from interpreter.engine.views import SeatView
from interpreter.play.bots import GreedyBot
from interpreter.rules.ruleset import Ruleset

NINE = Card.parse("9C")  # not a card of Schnapsen's deck
TEN = Card.parse("TC")  # card 1


def _writes(rs: Ruleset) -> list[tuple[str, Callable[[], object]]]:
    """Every write the probe made, as (what, how)."""

    def set_points() -> None:
        rs.deck.points = (100,) * 20  # type: ignore[misc]

    return [
        ("data[claim][target]", lambda: rs.data["claim"].__setitem__("target", 10)),
        ("data[x]", lambda: rs.data.__setitem__("x", 10)),
        ("data[deck][ranks].append", lambda: rs.data["deck"]["ranks"].append("9")),
        ("data.update", lambda: rs.data.update(x=1)),
        ("data[claim].pop", lambda: rs.data["claim"].pop("target")),
        ("action_of[1]", lambda: rs.action_of.__setitem__(1, Close())),  # type: ignore[attr-defined]
        ("code_of[Play(9C)]", lambda: rs.code_of.__setitem__(Play(NINE), 1)),  # type: ignore[attr-defined]
        ("deck.points", set_points),
        ("deck.new attribute", lambda: setattr(rs.deck, "extra", 1)),
        ("del deck.cards", lambda: delattr(rs.deck, "cards")),
        ("deck.index_of[9C]", lambda: rs.deck.index_of.__setitem__(NINE, 0)),  # type: ignore[attr-defined]
    ]


@pytest.mark.parametrize("what", [what for what, _ in _writes(load_ruleset("schnapsen"))])
def test_every_write_to_a_loaded_ruleset_is_refused(what: str) -> None:
    rs = load_ruleset("schnapsen")
    write = dict(_writes(rs))[what]
    # TypeError (the mapping, the proxies) or AttributeError (FrozenInstanceError: the deck)
    with pytest.raises((TypeError, AttributeError)):
        write()
    _assert_schnapsen_as_bundled(load_ruleset("schnapsen"))


def test_the_deck_says_why_an_assignment_is_refused() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError, match="'points': a deck is read-only"):
        load_ruleset("schnapsen").deck.points = ()  # type: ignore[misc]


def test_the_mapping_says_how_to_edit_a_copy() -> None:
    with pytest.raises(TypeError, match=r"read-only .*copy\.deepcopy\(rs\.data\) is a plain dict"):
        load_ruleset("schnapsen").data["claim"]["target"] = 10


def _assert_schnapsen_as_bundled(rs: Ruleset) -> None:
    assert rs.data["claim"]["target"] == 66 and "x" not in rs.data
    assert rs.data["deck"]["ranks"] == ["A", "T", "K", "Q", "J"]
    assert rs.claim.target == 66
    assert rs.action_of[1] == Play(TEN) and rs.code_of[Play(TEN)] == 1 and Play(NINE) not in rs.code_of
    assert rs.deck.points == (11, 10, 4, 3, 2) * 4 and rs.deck.total_points == 120
    assert NINE not in rs.deck.index_of and rs.deck.index(TEN) == 1


def test_a_bot_cannot_rewrite_the_rules_through_its_view() -> None:
    """The probe's bot wrote a card it did not hold into ``view.rs.action_of`` and played it."""
    rs = load_ruleset("schnapsen")
    tried: list[BaseException] = []

    class Sly:
        def choose(self, view: SeatView, legal: list[object]) -> object:
            if not tried:
                fake = Play(next(c for c in view.rs.deck.cards if c not in view.hand))
                try:
                    view.rs.action_of[view.rs.code(legal[0])] = fake  # type: ignore[arg-type, index]
                except TypeError as exc:
                    tried.append(exc)
            return legal[0]

    play_match(rs, [Sly(), GreedyBot(rs, 1)], seed=7, max_deals=1)
    assert len(tried) == 1
    state = DealState.new(load_ruleset("schnapsen"), 1, 7)
    held = state.hand(state.actor)
    assert all(a.card in held for a in state.legal_actions() if isinstance(a, Play))
    _assert_schnapsen_as_bundled(load_ruleset("schnapsen"))


def test_the_frozen_mapping_reads_as_the_plain_one() -> None:
    """Equal to the plain mapping, a dict and lists to ``isinstance``, written by ``json``; a
    deep copy is plain and may be edited (what the tests that vary a ruleset do)."""
    data = load_ruleset("schnapsen").data
    assert isinstance(data, FrozenDict) and isinstance(data["deck"]["ranks"], FrozenList)
    plain = thaw(data)
    assert type(plain) is dict and type(plain["deck"]["ranks"]) is list and plain == data
    assert json.loads(json.dumps(data)) == plain
    edited = copy.deepcopy(data)
    assert type(edited) is dict and type(edited["deck"]) is dict
    edited["claim"]["target"] = 10
    assert data["claim"]["target"] == 66


def test_a_ruleset_built_by_position_takes_its_data_where_it_always_did() -> None:
    # the fields up to data in the order programs written for earlier versions pass them: a
    # field put between source and data (shown) took data's argument, and data was left empty
    rs = load_ruleset("schnapsen")
    order = ["name", "title", "description", "deck", "players", "deal", "trump", "exchange", "marriage", "closing",
             "play", "claim", "end", "scoring", "bidding", "dealer", "match", "info", "source", "data"]
    built = Ruleset(*[getattr(rs, name) for name in order])
    assert built.data == rs.data and built.shown is None
