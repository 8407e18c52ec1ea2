"""Three-player Sixty-Six (rulesets/house/three-player-66.yaml; reference 6.10, /tmp/family/spec.md 1).

The rules checked here, each worked out by hand from the YAML, its comments and the schema:

* ``deal.packets [3, 2, 3]`` with ``trump.selection: named``, ``name_after_packet: 1``: the forehand
  (dealer's left) names trump after every seat has its first packet; until then nobody sees more
  than 3 cards;
* ``if_passed: turn_next``: a pass turns the first card of the forehand's *second* packet, which
  fixes trump and stays in his hand, known to everybody;
* strict play from trick 1 with three cards in a trick (``head: beat_winner``, ``overtrump: required``,
  ``undertrump: required_if_cannot_overtrump``);
* ``scoring.losers: each_pays``: the player with most points takes 1/2/3 from EACH other player by
  that player's own points and tricks (base scale: >=33 -> 1, <33 with a trick -> 2, no trick -> 3).

Cards: suits C D H S, ranks A T K Q J 9 (A11 T10 K4 Q3 J2 9:0, 120 in the pack).
"""

from __future__ import annotations

import pytest

from interpreter import (
    Card,
    DealState,
    IllegalActionError,
    Pass,
    load_ruleset,
    parse_action,
)
from interpreter.engine.build import build_position
from interpreter.engine.state import deal_cards, deal_marks

RS = load_ruleset("rulesets/house/three-player-66.yaml")

# An explicit pack, top card first.  Dealer 0, so the forehand is seat 1 and the deal goes
# 1, 2, 0 in packets of 3, 2, 3 (deck positions 0-2 -> 1, 3-5 -> 2, 6-8 -> 0, 9-10 -> 1, 11-12 -> 2,
# 13-14 -> 0, 15-17 -> 1, 18-20 -> 2, 21-23 -> 0).
PACKETS = (
    "AH TC 9S", "KC QD JS", "AS TD 9C",    # first packets: seat 1, seat 2, seat 0
    "QC KD", "JH 9H", "AC TH",             # second packets: position 9 = QC is seat 1's first
    "KS QS JD", "AD 9D KH", "QH TS JC",    # third packets
)
ORDER = [RS.deck.index_of[Card.parse(c)] for packet in PACKETS for c in packet.split()]
# by hand from the positions above
HAND_1 = {"AH", "TC", "9S", "QC", "KD", "KS", "QS", "JD"}
HAND_2 = {"KC", "QD", "JS", "JH", "9H", "AD", "9D", "KH"}
HAND_0 = {"AS", "TD", "9C", "AC", "TH", "QH", "TS", "JC"}


def names(cards) -> set[str]:
    return {str(c) for c in cards}


def texts(actions) -> set[str]:
    return {str(a) for a in actions}


def fresh_deal() -> DealState:
    """The deal of PACKETS by dealer 0, made as DealState.new makes it (hands, then the marks)."""
    hands, stock, turnup = deal_cards(RS, 0, ORDER)
    unseen, shown = deal_marks(RS, 0, ORDER)
    return DealState(RS, 0, hands, stock, turnup, unseen, shown)


# --------------------------------------------------------------------------- the deal and naming
def test_the_pack_is_dealt_3_2_3_from_the_forehand() -> None:
    """deal.packets [3,2,3], clockwise from the dealer's left: hands computed by hand from PACKETS."""
    hands, _, _ = deal_cards(RS, 0, ORDER)
    got = [names(RS.deck.cards[i] for i in range(24) if h >> i & 1) for h in hands]
    assert got == [HAND_0, HAND_1, HAND_2]


def test_while_trump_is_named_every_seat_sees_only_its_first_packet() -> None:
    """name_after_packet 1: the forehand names after 3 cards; nobody has seen more than 3."""
    st = fresh_deal()
    assert st.actor == 1 and st.trump_suit() is None
    assert names(st.view(1).hand) == {"AH", "TC", "9S"}
    assert names(st.view(2).hand) == {"KC", "QD", "JS"}
    assert names(st.view(0).hand) == {"AS", "TD", "9C"}
    assert st.view(0).hand_sizes == (3, 3, 3)
    # the forehand may pass or name any suit (name_requires_held is not a rule here)
    assert texts(st.view(1).legal) == {"pass", "trump C", "trump D", "trump H", "trump S"}
    assert st.view(0).legal == ()  # not his decision


def test_a_pass_turns_the_first_card_of_the_forehands_second_packet() -> None:
    """if_passed turn_next: deck position 9 (QC) is turned; clubs are trump, QC stays with seat 1,
    known to the others; seat 1 now sees his 8 cards and leads."""
    st = fresh_deal()
    st.apply(Pass())
    assert st.trump_suit() == "C"
    assert names(st.hand(1)) == HAND_1
    assert "QC" in names(st.view(0).known[1]) and "QC" in names(st.view(2).known[1])
    assert names(st.view(1).hand) == HAND_1  # the rest of the deal is seen now
    assert (st.leader, st.actor) == (1, 1)
    # seat 1 leads: any of his 8 cards, or the spade marriage (K or Q) on the lead
    assert texts(st.legal_actions()) == {f"play {c}" for c in HAND_1} | {"marry KS", "marry QS"}


def test_naming_hearts_makes_hearts_trump_and_the_forehand_leads() -> None:
    st = fresh_deal()
    st.apply(parse_action("trump H"))
    assert st.trump_suit() == "H"
    assert (st.leader, st.actor) == (1, 1)
    assert st.view(0).known[1] == ()  # nothing was turned: nobody knows a card of seat 1
    st.pop()  # undo gives the naming back
    assert st.trump_suit() is None and texts(st.legal_actions()) >= {"pass", "trump H"}


def test_no_card_is_played_before_trump_is_named() -> None:
    st = fresh_deal()
    with pytest.raises(IllegalActionError) as info:
        st.check(parse_action("play AH"))
    assert info.value.rule == "trump.selection"


# --------------------------------------------------------------------------- strict play, 3 in a trick
def spades_trick(trick: str, hands: list[str], leader: int = 1) -> DealState:
    """Spades trump, dealer 0, seat ``leader`` led; the cards of ``trick`` are on the table."""
    return build_position(RS, dealer=0, hands=hands, trump="S", leader=leader, trick=trick)


@pytest.mark.parametrize(
    ("hand", "legal"),
    [
        ("AH QH 9S JD", {"AH"}),   # follow and beat the KH (beat_winner)
        ("QH 9S JD KD", {"QH"}),   # cannot beat: any heart
        ("9S JD KD QD", {"9S"}),   # void in hearts: must trump
        ("JD KD QD AC", {"JD", "KD", "QD", "AC"}),  # void, no trump: free
    ],
)
def test_second_hand_follows_heads_and_trumps(hand: str, legal: set[str]) -> None:
    """spec 1 scenario 2: KH led, spades trump; strict from the first trick."""
    st = spades_trick("KH", ["TC KC QC JC", "9C AD TD", hand])
    assert st.actor == 2
    assert texts(st.legal_actions()) == {f"play {c}" for c in legal}


def test_third_hand_must_overtrump_a_trumped_trick() -> None:
    """KH led, 9S trumped in: the void third hand must beat the 9S (overtrump required)."""
    st = spades_trick("KH 9S", ["JS TS QD KD", "9C AD TD", "JD 9D QC"])
    assert st.actor == 0
    assert texts(st.legal_actions()) == {"play JS", "play TS"}
    with pytest.raises(IllegalActionError) as info:
        st.check(parse_action("play QD"))
    assert info.value.rule == "play.trump_when_void"


def test_third_hand_who_cannot_overtrump_must_still_trump() -> None:
    """KH led, TS trumped in; JS cannot beat it: undertrump required_if_cannot_overtrump."""
    st = spades_trick("KH TS", ["JS QD KD AC", "9C AD TD", "JD 9D QC"])
    assert texts(st.legal_actions()) == {"play JS"}


def test_third_hand_may_play_any_heart_once_the_trick_is_trumped() -> None:
    """head beat_winner: the winning card is a trump, so no higher heart is asked."""
    st = spades_trick("KH 9S", ["AH QH 9C JC", "TC AD TD", "JD 9D QC"])
    assert texts(st.legal_actions()) == {"play AH", "play QH"}


def test_the_trick_goes_to_the_highest_trump_and_its_winner_leads() -> None:
    """KH (seat 1), 9S (seat 2), TS (seat 0): TS wins, 4 + 0 + 10 = 14 points to seat 0."""
    st = spades_trick("KH 9S", ["TS QD KD AC", "9C AD TD", "JD 9D QC"])
    st.apply(parse_action("play TS"))
    assert st.points == [14, 0, 0] and st.tricks == [1, 0, 0]
    assert (st.leader, st.actor) == (0, 0)


# --------------------------------------------------------------------------- the end: each pays
def last_trick(points: list[int], tricks: list[int]) -> DealState:
    """Seven tricks played, spades trump; seat 1 leads 9C to the last trick, seats 2 and 0 are
    void (9D, 9H): seat 1 takes it for 0 points, so the totals are ``points``."""
    st = build_position(RS, dealer=0, hands=["9H", "9C", "9D"], trump="S", leader=1, points=points, tricks=tricks)
    for move in ("play 9C", "play 9D", "play 9H"):
        st.apply(parse_action(move))
    assert st.is_over
    return st


def test_most_points_takes_from_each_other_player() -> None:
    """70 / 40 / 10 (seat 2 with a trick): seat 0 takes 1 from seat 1 (40 >= 33) and 2 from
    seat 2 (10 < 33, one trick): 1 + 2 = 3."""
    st = last_trick([70, 40, 10], [4, 2, 1])
    assert st.result.winner == 0
    assert st.result.game_points == 3
    assert st.result.scores == (3, 0, 0)


def test_a_player_without_a_trick_pays_three() -> None:
    """70 / 50 / 0 (seat 2 took no trick): 1 from seat 1 + 3 from seat 2 = 4."""
    st = last_trick([70, 50, 0], [5, 2, 0])
    assert st.result.winner == 0
    assert st.result.scores == (4, 0, 0)


def test_equal_best_totals_score_nothing() -> None:
    """end.tie no_score: 50 / 50 / 20 -- nobody scores, the deal is drawn."""
    st = last_trick([50, 50, 20], [3, 2, 2])
    assert st.result.winner is None and st.result.drawn
    assert st.result.scores == (0, 0, 0)


# --------------------------------------------------------------------------- engine bugs found
def test_build_position_defaults_the_leader_to_the_forehand() -> None:
    """build_position's docstring: leader defaults to "the first to lead" (the forehand, seat 1
    for dealer 0), and a bad position raises RecordError, never a traceback."""
    st = build_position(RS, dealer=0, hands=["9H", "9C", "9D"], trump="S")
    assert (st.leader, st.actor) == (1, 1)
