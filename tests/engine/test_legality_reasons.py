"""Legality and its reason come from one place: every action outside the legal set is refused
with a reason naming a real ruleset key, and no action inside it is.

The states are drawn from random play in every bundled ruleset and the fixture rulesets; at
each one every action code of the ruleset is asked.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter import Card, DealState, IllegalActionError, Play, bundled_rulesets, load_ruleset
from interpreter.core.actions import CONTINUE, Bid, Marry
from tests.architecture.test_key_paths import schema_paths

FIXTURES = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "rulesets").glob("*.yaml"))
RULESETS = sorted(bundled_rulesets()) + [str(p) for p in FIXTURES]


def states(name: str, count: int, seed: int) -> list[DealState]:
    """Positions along random deals (the deal's end included)."""
    rs = load_ruleset(name)
    rng = random.Random(seed)
    out: list[DealState] = []
    while len(out) < count:
        st = DealState.new(rs, rng.randrange(rs.players.count), rng)
        while True:
            out.append(st.copy())
            if st.is_over:
                break
            st.push_code(rng.choice(st.legal_codes()), keep_undo=False)
    return out


@pytest.mark.parametrize("name", RULESETS, ids=lambda n: Path(n).stem)
def test_refused_exactly_outside_the_legal_set_with_a_real_rule_key(name: str) -> None:
    rs = load_ruleset(name)
    paths = schema_paths()
    for st in states(name, 600, 7):
        legal = set(st.legal_codes())
        for code in rs.action_of:
            refused = st.refusal(code)
            if code in legal:
                assert refused is None, (code, refused)
            else:
                assert refused is not None, f"{rs.action_of[code]} is not legal but has no reason"
                assert refused.rule in paths, f"{refused.rule!r} is not a schema key"
                words = refused.words(st)
                assert words and "{" not in words
        for action in st.legal_actions():
            assert st.is_legal(action)


def test_check_names_the_rule_and_changes_nothing() -> None:
    st = DealState.new(load_ruleset("sechsundsechzig"), 1, 3)
    before = (st.hands[:], st.phase, st.to_act, st.trick[:])
    with pytest.raises(IllegalActionError) as info:
        st.apply(Play(Card("8", "H")))  # no eights in this deck
    assert info.value.rule == "deck.ranks" and info.value.message == "8H is not a card of this deck"
    with pytest.raises(IllegalActionError) as info:
        st.apply(Bid(2))
    assert info.value.rule == "bidding.enabled"
    assert (st.hands[:], st.phase, st.to_act, st.trick[:]) == before


def test_continue_is_refused_when_nothing_is_offered() -> None:
    st = DealState.new(load_ruleset("schnapsen"), 1, 3)
    refused = st.refusal(CONTINUE)
    assert refused is not None and refused.rule == "play"


def test_a_card_outside_the_marriage_ranks_is_no_marriage() -> None:
    st = DealState.new(load_ruleset("schnapsen"), 1, 3)
    with pytest.raises(IllegalActionError) as info:
        st.check(Marry(Card("A", "S")))
    assert info.value.rule == "marriage.ranks"
    assert info.value.message == "a marriage is announced with a king or queen, not AS"


def refusal_of(state: DealState, action: object) -> str:
    try:
        state.check(action)  # type: ignore[arg-type]
    except IllegalActionError as exc:
        return exc.message
    raise AssertionError(f"{action} is legal")


def test_the_forehand_is_told_he_may_not_announce_a_contract_of_the_others() -> None:
    """Dreierschnapsen's Kontraschnapser is for anybody but the forehand (``eligible:
    forehand_opponents`` without partnerships): "only anybody but the forehand may announce"
    said nothing; the forehand (seat 2, seat 1 dealing) is told that he may not."""
    state = DealState.new(load_ruleset("house/dreierschnapsen"), 1, 0)
    state.apply(state.legal_actions()[1])  # seat 2 names a trump; the auction, seat 2 first
    assert state.actor == 2
    assert refusal_of(state, Bid(5)) == "the forehand may not announce Kontraschnapser"


def test_cards_to_lay_away_are_counted_in_words() -> None:
    """The Dreierschnapsen declarer takes the two cards left over and owes two, then one: not
    "1 more card(s)"."""
    from interpreter.core.actions import Discard, Pass

    state = DealState.new(load_ruleset("house/dreierschnapsen"), 1, 0)
    state.apply(state.legal_actions()[1])
    state.apply(Bid(1))
    state.apply(Pass())
    state.apply(Pass())
    hand = list(state.hand(2))
    assert refusal_of(state, Play(hand[0])) == "seat 2 must first lay away 2 more cards"
    state.apply(Discard(hand[0]))
    assert refusal_of(state, Play(hand[1])) == "seat 2 must first lay away 1 more card"


def test_a_double_after_the_round_says_who_doubles_and_that_they_answered(tmp_path: Path) -> None:
    """Burgenland with contra, seat 2 dealing: seat 0 plays alone; seat 1 and seat 2 say no
    double.  Before the first lead the soloist asking to double is told that only an opponent
    may and each has answered (it said "only before the first lead", which it was); after the
    lead, that it is too late."""
    from interpreter.core.actions import Double, Pass

    state = DealState.new(load_ruleset("house/burgenland-contra"), 2, 1)
    state.apply(state.legal_actions()[0])
    state.apply(Pass())
    state.apply(Pass())
    assert state.actor == 0 and state.tricks_played == 0 and not state.trick
    assert refusal_of(state, Double()) == "only an opponent of the soloist may double, and each has answered"
    state.apply(state.legal_actions()[0])  # the soloist leads; seat 1 follows
    assert refusal_of(state, Double()) == "doubling is only before the first lead"
