"""Rules that the engine reads from the ruleset, not from code: the marriage ranks, and the
overtrump/undertrump duties in a combination no bundled ruleset uses.  Hand-computed."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import IllegalActionError, load_ruleset, parse_action
from interpreter.play.record import deal_from_mapping
from tests.rules_na.helpers import deal, legal, plays, rejected_rule, run

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "rulesets"
FREE_UNDERTRUMP = str(FIXTURES / "north-american-free-undertrump.yaml")

# Spades become trumps with seat 0's first lead (as in tests/rules_na: OVERTRUMP, UNDERTRUMP).
OVERTRUMP = {0: "AS TC KC AH 9H 9D", 1: "9S QS KH QH AD TD", 2: "KS JS TS TH JH KD", 3: "AC JC QC 9C QD JD"}
UNDERTRUMP = {0: "AS TC KC AH 9H 9D", 1: "QS TS KH QH AD TD", 2: "KS JS 9S TH JH KD", 3: "AC JC QC 9C QD JD"}


def test_overtrump_not_required_still_obliges_a_trump_from_who_could_overtrump() -> None:
    """play.overtrump: not_required with undertrump: free -- seat 2 could beat QS with TS, so
    undertrump does not apply to him: any trump (TS or JS), but no discard."""
    st = deal(FREE_UNDERTRUMP, 3, OVERTRUMP)
    run(st, "0:1 1:- 2:- 3:-  0:AS 1:9S 2:KS 3:9C  0:TC 1:QS")
    assert legal(st) == plays("TS JS")
    assert rejected_rule(st, "2:TH") == "play.trump_when_void"


def test_undertrump_free_lets_who_cannot_overtrump_discard() -> None:
    """Seat 2 holds only JS and 9S, both below the TS in the trick: under undertrump: free he
    may play any card."""
    st = deal(FREE_UNDERTRUMP, 3, UNDERTRUMP)
    run(st, "0:1 1:- 2:- 3:-  0:AS 1:QS 2:KS 3:9C  0:TC 1:TS")
    assert legal(st) == plays("JS 9S TH JH KD")


QJ_DEAL = {
    "dealer": 1,
    "hands": {0: ["QH", "JH", "KH", "AS", "TS", "9C"], 1: ["AC", "TC", "KC", "QC", "JC", "9H"]},
    "trump_card": "AD",
    "stock": ["TD", "KD", "QD", "JD", "9D", "AH", "TH", "KS", "QS", "JS", "9S"],
}


def test_the_marriage_is_the_two_ranks_the_ruleset_names() -> None:
    st = deal_from_mapping(load_ruleset(str(FIXTURES / "marriage-queen-jack.yaml")), QJ_DEAL)
    # Queen and jack of hearts form the marriage; KH with QH does not.
    assert sorted(str(a) for a in st.legal_actions() if str(a).startswith("marry")) == ["marry JH", "marry QH"]
    with pytest.raises(IllegalActionError) as info:
        st.apply(parse_action("marry KH"))
    assert info.value.rule == "marriage.ranks"
    assert info.value.message == "a marriage is announced with a queen or jack, not KH"
    st.apply(parse_action("marry JH"))
    assert st.meld[0] == 20  # hearts are not trumps (the turn-up is a diamond)
    assert {str(c) for c in st.view(1).known[0]} == {"QH"}  # the partner card is shown


def test_the_bundled_marriage_is_king_and_queen() -> None:
    st = deal_from_mapping(load_ruleset("sechsundsechzig"), QJ_DEAL)
    assert sorted(str(a) for a in st.legal_actions() if str(a).startswith("marry")) == ["marry KH", "marry QH"]
