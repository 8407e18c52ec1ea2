"""Who sees the widow of North American 3 (reference 4.2, A33): it goes face down to the first
trick's winner and counts for him, but never enters his hand.  Where the rules let nobody look
at his own won cards (``info.review_own_tricks: none``, the bundled file) its taker knows no
more of it than the others: no widow cards in his view, no widow points in his view's points,
no widow cards among what he saw come (``seen``).  Where he may look at his won cards
(``all``, or ``last_trick`` while the first trick is the last) he sees it.  Every surface --
bots, search worlds, observations, the card room -- reads the view, so one rule decides them all
(``RuleTables.widow_seen``).

The deal is tests/rules_na/test_north_american.py's three-handed one: seat 0 bids 2 and wins
the first trick AS 9S QS (11 + 0 + 3 = 14); the widow JS KD QD is worth 2 + 4 + 3 = 9.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter import DealState, Ruleset, load_ruleset
from interpreter.core.cards import Card
from interpreter.play.observation import layout
from interpreter.play.record import deal_from_mapping
from interpreter.search.sampling import WorldSampler

from .helpers import NA3, ruleset, run

HANDS = {
    0: "AS TS KS AH TH 9D 9C",
    1: "9S AD KC QC JH 9H JD",
    2: "QS KH QH AC TC JC TD",
}
WIDOW = "JS KD QD"  # 2 + 4 + 3 = 9 points
#: the same deal but for one card: seat 2's TC lies in the widow, the widow's JS in seat 2's hand
#: (TC KD QD: 10 + 4 + 3 = 17 points).  Seat 0's hand and the first trick are as before.
TWIN_HANDS = {**HANDS, 2: "QS KH QH AC JS JC TD"}
TWIN_WIDOW = "TC KD QD"
FIRST_TRICK = "0:2 1:- 2:-  0:AS 1:9S 2:QS"  # seat 0 bids 2; AS 9S QS: seat 0 takes 14 and the widow


def dealt(rs: Ruleset, hands: dict[int, str] = HANDS, widow: str = WIDOW) -> DealState:
    st = deal_from_mapping(rs, {"dealer": 2, "hands": {s: c.split() for s, c in hands.items()}, "stock": widow.split()})
    run(st, FIRST_TRICK)
    assert st.widow_taker == 0
    return st


def looking(tmp_path: Path, how: str) -> Ruleset:
    """North American 3 where a seat may look back at its won cards as ``how`` says."""
    path = tmp_path / f"na3-{how}.yaml"
    name = "na3-" + how.replace("_", "-")
    path.write_text(f"extends: {NA3}\nname: {name}\ninfo:\n  review_own_tricks: {how}\n", encoding="utf-8")
    return load_ruleset(path)


def mask(rs: Ruleset, cards: str) -> int:
    return sum(1 << rs.deck.index(Card.parse(c)) for c in cards.split())


def test_the_taker_does_not_see_a_widow_kept_face_down() -> None:
    """The bundled file (``review_own_tricks`` none): seat 0 took the widow but its view shows
    no widow cards, and its points are the first trick's 14 -- the widow's 9 left out, just as
    in the other seats' views, so that no sum tells the widow's value."""
    st = dealt(ruleset(NA3))
    assert st.points[0] == 14 + 9  # the deal counts it
    mine = st.view(0)
    assert mine.widow_mask == 0 and mine.widow == ()
    assert mine.public.points[0] == 14 and mine.seat_points[0] == 14 and mine.card_points[0] == 14
    for seat in (1, 2):
        assert st.view(seat).public.points == mine.public.points == (14, 0, 0)
    widow = mask(ruleset(NA3), WIDOW)
    assert not any(1 << (e & 0xFF) & widow for e in mine.seen)  # not among the cards it saw come
    assert len(mine.seen) == 7  # its hand as dealt, nothing else


@pytest.mark.parametrize("how", ["all", "last_trick"])
def test_the_taker_sees_the_widow_where_he_may_look_at_his_won_cards(tmp_path: Path, how: str) -> None:
    """A house file that lets a seat look back at its won cards (all of them, or the last trick,
    which is the one the widow came with): the taker's view shows JS KD QD and counts their 9
    points (14 + 9 = 23); the others still see 14."""
    rs = looking(tmp_path, how)
    st = dealt(rs)
    mine = st.view(0)
    assert mine.widow_mask == mask(rs, WIDOW)
    assert mine.public.points[0] == 23
    assert sorted(e & 0xFF for e in mine.seen if 1 << (e & 0xFF) & mine.widow_mask) == sorted(bit for bit in range(rs.deck.size) if mine.widow_mask >> bit & 1)
    for seat in (1, 2):
        assert st.view(seat).widow_mask == 0 and st.view(seat).public.points[0] == 14


def test_worlds_drawn_for_the_taker_agree_with_what_he_sees() -> None:
    """A search for seat 0 draws worlds from its view: each world, seen from seat 0, is that
    view again (its hand, its points of 14, no widow), and the widow in them is not always the
    true one -- seat 0 does not know it, so the worlds must not either."""
    st = dealt(ruleset(NA3))
    view = st.view(0)
    sampler = WorldSampler(view)
    rng = random.Random(5)
    widows = set()
    for _ in range(40):
        world = sampler.sample(rng).state
        assert world.view(0) == view
        pts = world.rs.tables.points
        assert world.points[0] == 14 + sum(pts[c] for c in world.widow)  # the widow counts for its taker in every world
        widows.add(tuple(sorted(world.widow)))
    assert len(widows) > 1


def test_the_taker_observes_the_same_whichever_cards_the_widow_holds() -> None:
    """Two deals that differ only in which cards the widow holds (TC lies in it and JS in seat
    2's hand, or the other way round): seat 0, who took the widow face down, receives the same
    observation vector, string and information state in both."""
    rs = ruleset(NA3)
    lay = layout(rs)
    one, two = dealt(rs).view(0), dealt(rs, TWIN_HANDS, TWIN_WIDOW).view(0)
    assert lay.encode(one) == lay.encode(two) and lay.encode_info(one) == lay.encode_info(two)
    assert lay.observation_string(one) == lay.observation_string(two)
    assert lay.information_state_string(one) == lay.information_state_string(two)
    assert "widow" not in lay.observation_string(one).split(" | ")[2]  # no "widow JS KD QD" part after the hand


def test_the_taker_who_may_look_observes_which_cards_the_widow_holds(tmp_path: Path) -> None:
    """The same twin deals where seat 0 may look at its won cards: its observations differ --
    the twin test above could tell the widow apart if the view let it through."""
    rs = looking(tmp_path, "all")
    lay = layout(rs)
    one, two = dealt(rs).view(0), dealt(rs, TWIN_HANDS, TWIN_WIDOW).view(0)
    assert lay.encode(one) != lay.encode(two)
    assert "| widow KD QD JS |" in lay.observation_string(one)  # in the deck's order: clubs, diamonds, hearts, spades


@pytest.mark.parametrize("how", ["none", "all"])
def test_the_rulebook_says_who_looks_at_the_widow(tmp_path: Path, how: str) -> None:
    """The rulebook's deal section says what the views do: under ``none`` nobody looks at the
    widow, its taker included; where won cards may be looked at, its taker may look at it."""
    from interpreter.text.describe import base_of, rulebook

    rs = ruleset(NA3) if how == "none" else looking(tmp_path, how)
    text = rulebook(rs, base_of(rs))
    said = {"none": "Nobody looks at it, its taker included, until the hand is counted.",
            "all": "Its taker may look at it as he may look at the tricks he has won."}
    assert said[how] in text
    assert all(other not in text for key, other in said.items() if key != how)
