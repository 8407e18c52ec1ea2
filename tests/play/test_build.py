"""``build_position``: a state from Python values equals the state play reached, and every
inconsistent value is refused with a ``RecordError`` naming the keyword at fault.

The hand-worked positions compute their expectations from the rules (cited in each test),
never from the program's own output.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from interpreter import Card, CardSet, DealState, Declare, Marry, Play, RecordError, deal_from_mapping, load_ruleset
from interpreter.core.actions import CONTINUE
from interpreter.engine.build import build_position, unwritten
from interpreter.engine.position import AUCTION, PLAY
from interpreter.rules.ruleset import Ruleset

ROOT = Path(__file__).resolve().parents[2]
RULESET_FILES = sorted(
    [*ROOT.glob("rulesets/*.yaml"), *ROOT.glob("rulesets/house/*.yaml"), *ROOT.glob("tests/fixtures/rulesets/*.yaml")]
)


def values_of(st: DealState) -> dict[str, Any]:
    """Every keyword of build_position, read off a state (the fields a position consists of)."""
    rs = st.rs
    kw: dict[str, Any] = {"dealer": st.dealer, "hands": list(st.hands), "known": list(st.known)}
    if rs.deal.talon:
        kw.update(stock=list(st.stock), drawn=st.spos)
    else:
        kw["widow"] = list(st.widow)
        if st.widow_taker >= 0:
            kw["widow_taker"] = st.widow_taker
    if st.turnup >= 0:
        kw["turnup"] = st.turnup
    if st.first_turnup >= 0:
        kw["first_turnup"] = st.first_turnup
    if st.trump >= 0:
        kw["trump"] = st.trump
    if rs.bidding.enabled:
        kw["auction"] = st.phase == AUCTION
        if st.declarer >= 0:
            kw.update(declarer=st.declarer, high_bid=st.high_bid)
        if st.phase == AUCTION:
            kw["to_act"] = st.to_act
    if st.phase == PLAY:
        kw.update(leader=st.leader, trick=list(st.trick), to_act=st.to_act)
    kw.update(points=st.points, tricks=st.tricks, meld=st.meld, bonus=st.bonus)
    if st.closed:
        kw.update(closer=st.closer, closed_this_lead=st.closed_this_lead, close_snap=st.close_snap)
    kw.update(draw_pending=st.draw_pending, may_declare=st.claim_seat >= 0)
    return kw


def random_states(rs: Ruleset, deals: int, seed: int) -> list[DealState]:
    """Every state of some seeded random deals, up to (not including) the end."""
    rng = random.Random(seed)
    out = []
    for d in range(deals):
        st = DealState.new(rs, d % rs.players.count, rng.getrandbits(32))
        while not st.is_over:
            out.append(st.copy())
            st.push_code(rng.choice(st.legal_codes()), keep_undo=False)
    return out


@pytest.mark.parametrize("path", RULESET_FILES, ids=lambda p: p.stem)
def test_a_position_built_from_its_values_is_the_position_play_reached(path: Path) -> None:
    rs = load_ruleset(path)
    for st in random_states(rs, 8, seed=11):
        if unwritten(st):  # replayed from the deal instead (build.unwritten says which moments)
            continue
        built = build_position(rs, **values_of(st))
        assert built.key() == st.key()
        assert (built.stock, built.widow, built.dealer, built.first_turnup) == (st.stock, st.widow, st.dealer, st.first_turnup)
        assert built.legal_codes() == st.legal_codes()
        assert built.history == [] and built.draws == [] and built.undo == []


# --------------------------------------------------------------------------- hand-worked
SCHNAPSEN = dict(
    dealer=1, trump="H", turnup="AH", leader=0, points=[15, 12], tricks=[1, 1],
    hands=["KH QH AS TC JD", "TH KS QS AD JS"], stock="QC TD JC KD QD",
)


def texts(st: DealState) -> set[str]:
    return {str(a) for a in st.legal_actions()}


def test_the_leader_with_the_royal_pair_of_trumps_may_marry_close_and_declare() -> None:
    """Schnapsen: seat 0 won the last trick and leads with KH QH (hearts are trumps), five
    face-down cards and the turn-up left.  He may play any card (the talon is open), announce
    either card of the marriage, close (a talon of 6 >= closing.min_talon_size 3), and declare
    (he won the last trick); no exchange, since the trump jack JH is not in his hand."""
    st = build_position(load_ruleset("schnapsen"), **SCHNAPSEN)
    assert texts(st) == {"play KH", "play QH", "play AS", "play TC", "play JD", "marry KH", "marry QH", "close", "declare"}
    # 40 for the marriage in trumps count at once (he has a trick): 15 + 40 = 55 < 66, so
    # declaring now is a false claim: the opponent, who has a trick, scores claim.false_points.base 2
    st.apply(Marry(Card.parse("KH")))
    assert st.card_points() == [55, 12]
    st.apply(Declare())
    assert st.result is not None and (st.result.winner, st.result.game_points) == (1, 2)


def test_cards_may_be_given_as_indexes_cards_notation_masks_or_card_sets() -> None:
    rs = load_ruleset("schnapsen")
    deck = rs.deck
    as_text = build_position(rs, **SCHNAPSEN)
    zero = [deck.index(Card.parse(c)) for c in "KH QH AS TC JD".split()]
    one = CardSet.of(deck, [Card.parse(c) for c in "TH KS QS AD JS".split()])
    other = build_position(
        rs, **{**SCHNAPSEN, "hands": [sum(1 << c for c in zero), one], "turnup": Card.parse("AH"),
               "stock": [deck.index(Card.parse(c)) for c in "QC TD JC KD QD".split()], "trump": deck.suits.index("H")},
    )
    assert other.key() == as_text.key() and other.stock == as_text.stock


def test_an_exhausted_talon_obliges_the_follower_to_head_the_trick() -> None:
    """Sechsundsechzig after nine tricks, talon used up (strict play): seat 1 leads the ten of
    trumps; seat 0 holds AS 9H QC and must follow suit with a higher card: only AS."""
    rs = load_ruleset("sechsundsechzig")
    st = build_position(rs, dealer=0, trump="S", leader=1, hands=["AS 9H QC", "AH KC"], trick=["TS"],
                        points=[35, 46], tricks=[4, 5])
    assert st.to_act == 0 and texts(st) == {"play AS"}


def test_the_moon_bidders_partner_sits_out() -> None:
    """North American four-handed: a bid of 5 (bidding.moon, partner_sits_out) by seat 3 makes
    his partner, seat 1, lay his cards down; seat 3 leads and play skips seat 1."""
    rs = load_ruleset("north-american-4")
    hands = ["AC TC KC AD TD KD", "QC JC 9C QD JD 9D", "AH TH KH AS TS KS", "QH JH 9H QS JS 9S"]
    st = build_position(rs, dealer=2, hands=hands, high_bid=5, declarer=3)
    assert st.sitting_out == (1,) and st.leader == st.to_act == 3
    st.apply(Play(Card.parse("QH")))
    assert st.to_act == 0
    st.apply(Play(Card.parse("AC")))
    assert st.to_act == 2


def test_during_the_auction_the_next_bidder_may_pass_or_raise() -> None:
    """North American four-handed, dealer 3: seat 0 passed and seat 1 bid 1; seat 2 may pass or
    bid any of bidding.values above 1."""
    rs = load_ruleset("north-american-4")
    hands = ["AC TC KC AD TD KD", "QC JC 9C QD JD 9D", "AH TH KH AS TS KS", "QH JH 9H QS JS 9S"]
    st = build_position(rs, dealer=3, hands=hands, auction=True, to_act=2, high_bid=1, declarer=1)
    assert st.phase == AUCTION and st.calls == 2
    assert texts(st) == {"pass", "bid 2", "bid 3", "bid 4", "bid 5"}


def test_a_pending_draw_offers_closing_before_it() -> None:
    """Sechsundsechzig (closing.timing before_or_after_draw): seat 1 has just won the first
    trick; before the draw he may continue, close before the draw, or declare."""
    rs = load_ruleset("sechsundsechzig")
    st = build_position(rs, dealer=1, turnup="QD", leader=1, draw_pending=True, points=[0, 14], tricks=[0, 1],
                        hands=["KC KD 9D KS JS", "TC AD TD AH KH"], stock="JC AC 9H JH 9C QH JD TS QC 9S TH")
    assert texts(st) == {"continue", "close before-draw", "declare"}
    st.push_code(CONTINUE)  # the winner draws JC, the other AC
    assert st.hand(1) == CardSet.of(rs.deck, [Card.parse(c) for c in "JC TC AD TD AH KH".split()])
    assert "AC" in str(st.hand(0))


# --------------------------------------------------------------------------- refused values
BAD: list[tuple[str, dict[str, Any], str, str]] = [
    ("schnapsen", {"dealer": 2}, "dealer", "there is no seat 2"),
    ("schnapsen", {"hands": ["KH QH AS TC JD"]}, "hands", "1 hands for 2 seats"),
    ("schnapsen", {"hands": ["KH QH AS TC 9D", "TH KS QS AD JS"]}, "hands[0][4]", "9D is not a card of the schnapsen deck"),
    ("schnapsen", {"hands": ["KH QH AS TC JD", "TH KS QS AD 20"]}, "hands[1][4]", "cannot read card '20'"),
    ("schnapsen", {"hands": [0, 1 << 20]}, "hands[1]", "the bitmask 0x100000 has bits outside the schnapsen deck"),
    ("schnapsen", {"stock": "QC TD JC KD JD"}, "stock", "JD is in two places: hands[0] and stock"),
    ("schnapsen", {"hands": ["KH QH AS TC", "TH KS QS AD"], "stock": "QC TD JC KD QD JD JS"},
     "hands[0]", "4 cards a hand while the talon is open and not closed"),
    ("schnapsen", {"trump": "S"}, "turnup", "AH is not a trump (trumps are S)"),
    ("schnapsen", {"turnup": "KC"}, "turnup", "KC is not a trump (trumps are H)"),
    ("schnapsen", {"tricks": [3, 3]}, "tricks", "6 tricks of 2 cards were won, but only 4 cards are missing from the position"),
    ("schnapsen", {"known": [["TH"], []]}, "known[0]", "TH is not in seat 0's hand"),
    ("schnapsen", {"leader": 5}, "leader", "there is no seat 5"),
    ("schnapsen", {"to_act": 1}, "to_act", "seat 1 cannot be to act"),
    ("schnapsen", {"draw_pending": True}, "draw_pending", "the schnapsen ruleset does not let a trick's winner close before the draw"),
    ("schnapsen", {"auction": True}, "auction", "the schnapsen ruleset has no auction"),
    ("schnapsen", {"widow": "AC"}, "widow", "the schnapsen ruleset has no widow"),
    ("schnapsen", {"closed_this_lead": True}, "closed_this_lead", "the talon is not closed"),
    ("schnapsen", {"points": [15, -1]}, "points[1]", "-1 is below 0"),
    ("schnapsen", {"points": [150, 0]}, "points[0]", "150 points for seat 0 is more than a seat can hold"),
    ("schnapsen", {"trick": ["AC", "KC"]}, "trick", "2 cards on the table, but a trick of this deal has 2"),
    # drawn_out (as a position string is read): 10 cards dealt to the talon (the turn-up and 9
    # face down), two drawn after every trick
    ("schnapsen", {"tricks": [1, 0], "points": [15, 0], "drawn_out": True}, "tricks",
     "the talon has gone down by 4 of its 10 cards: the draws of 2 tricks, but 1 trick was played"),
    ("schnapsen", {"stock": "QC TD JC KD", "drawn_out": True}, "stock",  # QD left out: five cards down, an odd number
     "the talon has gone down by 5 of its 10 cards, which no number of tricks leaves with 2 seats drawing"),
    # values of the wrong kind are shown as the other messages show a value, never as a Python repr
    ("schnapsen", {"hands": ["KH QH AS TC JD", ["TH", "KS", "QS", "AD", 2.5]]}, "hands[1][4]", "2.5 is not a card"),
    ("schnapsen", {"hands": ["KH QH AS TC JD", ["TH", "KS", "QS", "AD", None]]}, "hands[1][4]", "null is not a card"),
    ("schnapsen", {"hands": 7}, "hands", "not a list of hands: 7"),
    ("schnapsen", {"stock": 3.5}, "stock", "3.5 is not a list of cards"),
    ("schnapsen", {"known": "TH"}, "known", "not one entry per seat: 'TH'"),
]


@pytest.mark.parametrize(("name", "change", "path", "message"), BAD, ids=[f"{b[2]}:{i}" for i, b in enumerate(BAD)])
def test_an_inconsistent_value_is_refused_naming_it(name: str, change: dict[str, Any], path: str, message: str) -> None:
    values = {**SCHNAPSEN, **change}
    with pytest.raises(RecordError) as caught:
        build_position(load_ruleset(name), **values)
    assert caught.value.path == path
    assert caught.value.message.startswith(message), caught.value.message


NA4_HANDS = ["AC TC KC AD TD KD", "QC JC 9C QD JD 9D", "AH TH KH AS TS KS", "QH JH 9H QS JS 9S"]


@pytest.mark.parametrize(("change", "path", "message"), [
    ({"auction": False}, "declarer", "once the auction is over there is a contract"),
    ({"auction": True, "to_act": 1, "high_bid": 2, "declarer": 2}, "declarer", "seat 2 has not bid yet: seat 1 calls next"),
    ({"high_bid": 7, "declarer": 0}, "high_bid", "7 is not a bid of the north-american-4 ruleset"),
    ({"high_bid": 2, "declarer": 0, "closer": 0}, "closer", "the north-american-4 ruleset has no closing"),
    ({"high_bid": 2, "declarer": 0, "trick": ["AC"], "leader": 0}, "trick", "AC is in two places: hands[0] and trick"),
    ({"high_bid": 2, "declarer": 0, "hands": ["AC TC KC AD TD", *NA4_HANDS[1:]]}, "hands[1]", "seat 1 holds 6 cards, but seat 0 (the leader) 5"),
], ids=lambda v: str(v)[:30])
def test_an_auction_game_needs_a_contract_the_auction_can_have_made(change: dict[str, Any], path: str, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        build_position(load_ruleset("north-american-4"), **{"dealer": 3, "hands": NA4_HANDS, **change})
    assert caught.value.path == path
    assert caught.value.message.startswith(message), caught.value.message


# --------------------------------------------------------------------------- deal_from_mapping
def test_a_mapping_gives_the_same_state_as_the_values() -> None:
    """deal_from_mapping reads the record keys (per-side card_points, the leader entitled to
    declare) without YAML; the state is the one build_position gives for the same position."""
    mapped = deal_from_mapping("schnapsen", {
        "dealer": 1, "start": {"leader": 0, "card_points": (15, 12), "tricks_won": [1, 1]},
        "hands": {0: ["KH", "QH", "AS", "TC", "JD"], 1: [Card.parse(c) for c in "TH KS QS AD JS".split()]},
        "trump_card": "AH", "stock": ("QC", "TD", "JC", "KD", "QD"),
    })
    assert mapped.key() == build_position(load_ruleset("schnapsen"), **SCHNAPSEN).key()


def test_a_mapping_error_keeps_the_record_message_and_key_path() -> None:
    with pytest.raises(RecordError) as caught:
        deal_from_mapping("schnapsen", {"dealer": 1, "hands": {0: ["KH"], 1: ["9D"]}, "start": {"leader": 0, "trump": "H"}})
    assert (caught.value.path, caught.value.message) == ("hands.1[0]", "9D is not a card of the schnapsen deck")
    assert caught.value.file is None  # no YAML document in between any more


def test_a_record_position_that_no_game_reaches_is_refused_at_its_key() -> None:
    """The builder's checks apply to records too, located at the record's key: a turn-up that
    is not of the trump suit the start names."""
    with pytest.raises(RecordError) as caught:
        deal_from_mapping("schnapsen", {
            "dealer": 1, "start": {"leader": 0, "trump": "S"}, "hands": {0: ["KH"], 1: ["TH"]}, "trump_card": "AH",
        })
    assert caught.value.path == "trump_card"
    assert caught.value.message == "AH is not a trump (trumps are S)"
