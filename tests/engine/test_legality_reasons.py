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
