"""Doubling before the first lead (``bidding.doubling``): Kontra / Spritze, and Re.

Rules, from the schema and the sources:

* house/burgenland-contra (BG): "The opposing players (...) can then either say 'play' or if one
  has a particularly strong hand (...) can say 'contra' ('counter') meaning that they are
  doubling the game points that will be awarded at the end of this hand." -- each opponent of the
  soloist in turn from his left may double; once one has, the round is over (no redouble here);
* the fixture doubling-redouble (Bauernschnapsen with ``doubling: {redouble: true}``): the
  defenders of the declarer's game, in turn from his left (his partner is never asked), may
  double; then the declarer may redouble; a doubled deal counts 2 times, a redoubled one 4 times.

The deals are random (the cards do not matter to the round); what a deal is worth doubled is
checked against the same deal, card for card and move for move, played undoubled.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter import DealState, load_ruleset, parse_action
from interpreter.core.actions import DOUBLE, PASS, REDOUBLE
from interpreter.core.errors import IllegalActionError

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "rulesets" / "doubling-redouble.yaml"
CONTRA = load_ruleset("house/burgenland-contra")
PLAIN = load_ruleset("house/burgenland")
REDOUBLING = load_ruleset(FIXTURE, allow_outside=True)
BAUERN = load_ruleset("house/bauernschnapsen")


def texts(st: DealState) -> set[str]:
    return {str(a) for a in st.legal_actions()}


def named(rs, seed: int = 4) -> DealState:  # type: ignore[no-untyped-def]
    """Dealer 0: seat 1, the forehand, names hearts."""
    st = DealState.new(rs, 0, seed)
    st.apply(parse_action("trump H"))
    return st


def test_burgenland_each_opponent_in_turn_may_say_contra() -> None:
    """The soloist is seat 1 (dealer 0): seat 2 is asked first, then seat 0; then seat 1 leads."""
    st = named(CONTRA)
    assert st.actor == 2 and texts(st) == {"pass", "double"}
    with pytest.raises(IllegalActionError) as refused:
        st.apply(parse_action(f"play {next(iter(st.hand(2)))}"))
    assert refused.value.rule == "bidding.doubling" and "seat 2 must double or pass first" in str(refused.value)
    st.apply(parse_action("pass"))
    assert st.actor == 0 and texts(st) == {"pass", "double"}
    st.apply(parse_action("pass"))
    assert st.actor == 1 and st.doubled == 0 and all(a.startswith("play") or a.startswith("marry") for a in texts(st))


def test_burgenland_contra_ends_the_round_and_there_is_no_re() -> None:
    st = named(CONTRA)
    st.apply(parse_action("double"))
    assert st.doubled == 1 and st.dbl_turn == -1 and st.actor == 1  # seat 0 is not asked, seat 1 leads
    assert "redouble" not in texts(st)
    with pytest.raises(IllegalActionError):
        st.apply(parse_action("redouble"))


def finish(st: DealState, calls: tuple[str, ...], seed: int) -> DealState:
    """The calls of the doubling round, then moves chosen by a generator seeded with ``seed``
    among the legal plays to the end: the same moves for the same deal, doubled or not."""
    for call in calls:
        st.apply(parse_action(call))
    rng = random.Random(seed)
    while not st.is_over:
        codes = st.legal_codes()
        st.push_code(codes[rng.randrange(len(codes))])
    return st


def played_out(rs, calls: tuple[str, ...], seed: int) -> DealState:  # type: ignore[no-untyped-def]
    """The deal ``seed``, hearts named, then :func:`finish`."""
    return finish(named(rs, seed), calls, seed)


@pytest.mark.parametrize("seed", range(6))
def test_a_contra_doubles_what_the_deal_is_worth(seed: int) -> None:
    """Card for card and move for move, the deal after "contra" scores twice the plain one."""
    plain = played_out(PLAIN, (), seed)
    doubled = played_out(CONTRA, ("double",), seed)
    assert plain.history[1:] == doubled.history[2:]  # trump named; the contra; then the same play
    assert doubled.result.scores == tuple(2 * s for s in plain.result.scores)
    assert any(plain.result.scores)


def all_pass(rs) -> DealState:  # type: ignore[no-untyped-def]
    """Bauernschnapsen, dealer 0: seat 1 names hearts, everybody passes -- the normal game,
    seat 1 declaring; his partner is seat 3, the defenders seats 2 and 0."""
    st = named(rs, 9)
    for _ in range(4):
        st.apply(parse_action("pass"))
    return st


def test_the_declarers_partner_is_never_asked_and_the_declarer_may_redouble() -> None:
    st = all_pass(REDOUBLING)
    assert st.declarer == 1 and st.actor == 2 and st.legal_codes() == [PASS, DOUBLE]
    st.apply(parse_action("pass"))
    assert st.actor == 0  # seat 3, his partner, is skipped
    st.apply(parse_action("double"))
    assert st.actor == 1 and st.legal_codes() == [PASS, REDOUBLE]
    st.apply(parse_action("redouble"))
    assert st.doubled == 2 and st.dbl_turn == -1 and st.actor == 1 and st.leader == 1
    st.pop()
    st.apply(parse_action("pass"))  # the declarer lets the double stand
    assert st.doubled == 1 and st.actor == 1


@pytest.mark.parametrize("seed", range(6))
def test_a_redoubled_deal_counts_four_times(seed: int) -> None:
    plain = finish(all_pass(BAUERN), (), seed)
    four = finish(all_pass(REDOUBLING), ("double", "redouble"), seed)
    assert four.result.scores == tuple(4 * s for s in plain.result.scores)
    assert any(plain.result.scores)
    assert "(redoubled: x4)" in four.result.reason
