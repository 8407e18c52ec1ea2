"""The public entry points check the arguments a Python caller hands in, where they come in:
seeds are ints (or a ``random.Random`` to deal from), seats are seats of the table, and a
ruleset is a ``Ruleset`` or its name -- everywhere, as ``deal_from_mapping`` always took one.
Anything else is a ``TypeError`` or ``ValueError`` naming the argument and what is expected
(docs/api.md, "What the API refuses"), not a fresh random deal for ``seed=None``, a view of
seat -1, or an ``AttributeError`` from deep inside.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from interpreter import DealState, GreedyBot, Match, RandomBot, deal_from_mapping, load_ruleset, make_agent, play_match, random_playout
from interpreter.core.errors import RecordError
from interpreter.engine.build import build_position
from interpreter.sim.arena import arena

RS = load_ruleset("schnapsen")


def test_a_match_is_made_of_an_int_seed_a_seat_and_one_score_per_side() -> None:
    with pytest.raises(TypeError) as info:
        Match(RS, seed="a")  # type: ignore[arg-type]
    assert str(info.value) == "seed: 'a' is a str, not a seed (expected an int)"
    with pytest.raises(TypeError):
        Match(RS, seed=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError) as refused:
        Match(RS, dealer=7)
    assert str(refused.value) == "dealer 7: expected a seat 0 to 1"
    with pytest.raises(ValueError) as refused:
        Match(RS, scores=[1])
    assert str(refused.value) == "scores [1]: expected 2 numbers, one per side"
    with pytest.raises(TypeError) as info:
        Match(RS).next_deal(seed=1.5)  # type: ignore[arg-type]
    assert str(info.value) == "seed: 1.5 is a float, not a seed (expected an int)"


# ----------------------------------------------------------------------------- seeds


@pytest.mark.parametrize(("seed", "said"), [
    (None, "None is a NoneType"),
    ("abc", "'abc' is a str"),
    (1.5, "1.5 is a float"),
    (True, "True is a bool"),
])
def test_a_deal_is_dealt_from_an_int_or_a_generator_only(seed: object, said: str) -> None:
    with pytest.raises(TypeError) as info:
        DealState.new(RS, 1, seed)  # type: ignore[arg-type]
    assert str(info.value) == f"seed: {said}, not a seed (expected an int, or a random.Random to draw from)"


def test_the_same_int_seed_or_generator_state_deals_the_same_deal() -> None:
    assert DealState.new(RS, 1, 42).hands == DealState.new(RS, 1, random.Random(42)).hands


@pytest.mark.parametrize("call", [
    lambda: play_match(RS, [GreedyBot(RS, 1), GreedyBot(RS, 2)], seed=None),
    lambda: arena(RS, "random", "random", deals=1, seed=None),
    lambda: arena(RS, "random", "random", deals=1, seed="x"),
])
def test_matches_and_arenas_take_an_int_seed(call: Any) -> None:
    with pytest.raises(TypeError) as info:
        call()
    assert str(info.value).startswith("seed: ") and str(info.value).endswith(", not a seed (expected an int)")


@pytest.mark.parametrize("kind", ["random", "greedy", "basic", "search:iters=10"])
@pytest.mark.parametrize(("seed", "said"), [(1.5, "1.5 is a float"), ("7", "'7' is a str"), (None, "None is a NoneType"), (True, "True is a bool")])
def test_a_bot_takes_an_int_seed(kind: str, seed: object, said: str) -> None:
    # random.Random would take each of these: a float or text seeds a game no command can
    # repeat (the commands' seeds are whole numbers), None another game at every run
    with pytest.raises(TypeError) as info:
        make_agent(kind, RS, seed)  # type: ignore[arg-type]
    assert str(info.value) == f"seed: {said}, not a seed (expected an int)"


# ----------------------------------------------------------------------------- seats


@pytest.mark.parametrize(("dealer", "error", "said"), [
    (-1, ValueError, "dealer -1: expected a seat 0 to 1"),
    (2, ValueError, "dealer 2: expected a seat 0 to 1"),
    ("1", TypeError, "dealer: '1' is a str, not a seat (expected a seat 0 to 1)"),
])
def test_the_dealer_is_a_seat_of_the_table(dealer: object, error: type[Exception], said: str) -> None:
    with pytest.raises(error) as info:
        DealState.new(RS, dealer, 1)  # type: ignore[arg-type]
    assert str(info.value) == said


@pytest.mark.parametrize(("seat", "error", "said"), [
    (-1, ValueError, "seat -1: expected a seat 0 to 3"),
    (4, ValueError, "seat 4: expected a seat 0 to 3"),
    (True, TypeError, "seat: True is a bool, not a seat (expected a seat 0 to 3)"),
])
def test_a_view_is_of_a_seat_of_the_table(seat: object, error: type[Exception], said: str) -> None:
    state = DealState.new(load_ruleset("north-american-4"), 0, 1)
    with pytest.raises(error) as info:
        state.view(seat)  # type: ignore[arg-type]
    assert str(info.value) == said
    assert state.view(3).seat == 3


BAD_SEATS = [
    (-1, ValueError, "seat -1: expected a seat 0 to 3"),  # Python's lists would give seat 3
    (4, ValueError, "seat 4: expected a seat 0 to 3"),
    (True, TypeError, "seat: True is a bool, not a seat (expected a seat 0 to 3)"),  # not seat 1
    ("0", TypeError, "seat: '0' is a str, not a seat (expected a seat 0 to 3)"),
]


@pytest.mark.parametrize(("seat", "error", "said"), BAD_SEATS)
def test_a_hand_and_a_side_are_asked_of_a_seat_of_the_table(seat: object, error: type[Exception], said: str) -> None:
    """``hand(-1)`` was the last seat's hand, and ``side(-1)`` its side: every public query
    that takes a seat refuses what ``view`` refuses, in its words."""
    state = DealState.new(load_ruleset("north-american-4"), 0, 1)
    for query in (state.hand, state.side, state.rs.side_of):
        with pytest.raises(error) as info:
            query(seat)  # type: ignore[arg-type]
        assert str(info.value) == said
    # partners opposite: seats 0 and 2 are side 0, seats 1 and 3 side 1
    assert [state.side(s) for s in range(4)] == [0, 1, 0, 1]
    assert [state.rs.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert state.hand(3).mask == state.hands[3]


@pytest.mark.parametrize(("seat", "error", "said"), BAD_SEATS)
def test_partners_are_asked_of_seats_of_the_table(seat: object, error: type[Exception], said: str) -> None:
    from interpreter.engine.seatview import partners

    view = DealState.new(load_ruleset("north-american-4"), 0, 1).view(0)
    for a, b, which in ((seat, 0, "seat a"), (0, seat, "seat b")):
        with pytest.raises(error) as info:
            partners(view, a, b)  # type: ignore[arg-type]
        assert str(info.value) == said.replace("seat", which, 1)
    assert (partners(view, 0, 2), partners(view, 1, 3), partners(view, 0, 3)) == (True, True, False)


def test_side_totals_are_asked_of_a_side_of_the_deal() -> None:
    """``side_points`` and ``side_tricks`` take a deal side, and the deal's sides are counted:
    in Dreierschnapsen (``bidder_vs_rest``) three before the auction, two after it (the
    bidder, the rest), so side 2 is refused once the auction is over."""
    state = DealState.new(load_ruleset("house/dreierschnapsen"), 0, 1)
    assert len(state.deal_sides) == 3 and state.side_points(2) == 0 and state.side_tricks(2) == 0
    for side, error, said in (
        (-1, ValueError, "side -1: expected a side 0 to 2"),
        (3, ValueError, "side 3: expected a side 0 to 2"),
        (False, TypeError, "side: False is a bool, not a side (expected a side 0 to 2)"),
    ):
        for query in (state.side_points, state.side_tricks):
            with pytest.raises(error) as info:
                query(side)  # type: ignore[arg-type]
            assert str(info.value) == said
    random_playout(state, random.Random(1))
    assert len(state.deal_sides) == 2
    for query in (state.side_points, state.side_tricks):
        with pytest.raises(ValueError) as refused:
            query(2)
        assert str(refused.value) == "side 2: expected a side 0 to 1"
    assert state.side_tricks(0) + state.side_tricks(1) == sum(state.tricks)


# ----------------------------------------------------------------------------- a ruleset or its name


def test_a_ruleset_name_goes_wherever_a_ruleset_goes(tmp_path: Path) -> None:
    """docs/api.md's deal of seed 42, dealer 1: the same by name and by Ruleset."""
    # the bundled ruleset as loaded now: the module's RS may have left load_ruleset's cache
    # (64 entries) while the other tests of this process loaded theirs
    schnapsen = load_ruleset("schnapsen")
    by_name = DealState.new("schnapsen", 1, 42)
    assert (str(by_name.hand(0)), str(by_name.hand(1))) == ("TC QC KH TS JS", "KC KD QD JD QH")
    assert Match("schnapsen", 3).rs is schnapsen
    assert play_match("schnapsen", [GreedyBot("schnapsen", 1), RandomBot("schnapsen", 2)], seed=3, max_deals=1).rs is schnapsen
    assert make_agent("greedy", "schnapsen", 1).choose(by_name.view(0), by_name.legal_actions()) in by_name.legal_actions()
    assert arena("schnapsen", "random", "greedy", deals=1).finished == 1
    built = build_position("schnapsen", dealer=1, trump="H", leader=0, hands=["AS", "JS"], points=[60, 40], tricks=[4, 3])
    assert [str(a) for a in built.legal_actions()] == ["play AS", "declare"]


@pytest.mark.parametrize("call", [
    lambda: DealState.new(5, 1, 1),  # type: ignore[arg-type]
    lambda: Match(5),  # type: ignore[arg-type]
    lambda: play_match(5, [], seed=1),  # type: ignore[arg-type]
    lambda: arena(5, "random", "random", deals=1),  # type: ignore[arg-type]
    lambda: deal_from_mapping(5, {}),  # type: ignore[arg-type]
    lambda: build_position(5, dealer=0, hands=[]),  # type: ignore[arg-type]
])
def test_anything_else_for_a_ruleset_is_a_type_error(call: Any) -> None:
    with pytest.raises(TypeError) as info:
        call()
    assert str(info.value) == (
        "rs: 5 is an int, not a ruleset (expected a Ruleset from load_ruleset, or a bundled name or path such as 'schnapsen')"
    )


def test_make_agent_says_what_it_was_given() -> None:
    with pytest.raises(TypeError) as info:
        make_agent("greedy", 5, 1)  # type: ignore[arg-type]
    assert str(info.value).startswith("ruleset: 5 is an int, not a ruleset")
    with pytest.raises(TypeError) as info:
        make_agent(None, RS, 1)  # type: ignore[arg-type]
    assert str(info.value).startswith("kind: None is a NoneType, not a bot kind (expected one of: random, greedy, basic, search, ")


@pytest.mark.parametrize(("changes", "said"), [
    ({"dealer": None}, "dealer: wrong type: got null (expected a seat from 0 to 1)"),
    ({"dealer": "1"}, "dealer: wrong type: got string '1' (expected a seat from 0 to 1)"),
    ({"points": [True, 0]}, "points[0]: wrong type: got boolean true (expected a whole number)"),
    ({"points": [60]}, "points: not a list of 2 numbers: got a list of 1 (expected 2 numbers, one per seat)"),
    ({"tricks": "43"}, "tricks: not a list of 2 numbers: got string '43' (expected 2 numbers, one per seat)"),
    ({"trump": {"suit": "H"}}, "trump: a mapping is not a suit (expected one of: C, D, H, S)"),
])
def test_build_position_names_a_value_of_the_wrong_kind_as_a_record_does(changes: dict[str, Any], said: str) -> None:
    """The words of a record's errors (`got null`, `got boolean true`), not Python's reprs."""
    given: dict[str, Any] = {"dealer": 1, "trump": "H", "leader": 0, "hands": ["AS", "JS"], "points": [60, 40], "tricks": [4, 3]}
    with pytest.raises(RecordError) as info:
        build_position("schnapsen", **{**given, **changes})
    assert str(info.value) == said
