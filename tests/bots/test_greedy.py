"""The greedy heuristic (``interpreter.search.heuristic.greedy_code``) and the bots around it.

Hand-worked positions, built with ``build_position``, where the right move follows from the
rules and the card values (each test says why); a position built from values has no history,
so the heuristic treats the cards played before it as unseen, and the positions are chosen so
that this does not matter.  Then: the heuristic reads nothing but the view (two states with
equal views get the same choice), every choice is legal on random states of every bundled,
house and fixture ruleset, and the ``basic`` seat kind is the old bot.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter import Card, DealState, load_ruleset
from interpreter.core.actions import BID_BASE, CLOSE, CONTINUE, DECLARE, MARRY_BASE, PASS
from interpreter.core.cards import bit_list
from interpreter.engine.build import build_position
from interpreter.engine.views import SeatView
from interpreter.play.bots import BOT_KINDS, BasicBot, GreedyBot, make_agent
from interpreter.play.runner import play_deal
from interpreter.rules.resources import bundled_rulesets
from interpreter.rules.ruleset import Ruleset
from interpreter.search.heuristic import closing_pays, greedy_code, hand_worth
from interpreter.search.sampling import WorldSampler

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted(
    [p.stem for p in (ROOT / "rulesets").glob("*.yaml")]
    + [str(p) for p in (ROOT / "rulesets" / "house").glob("*.yaml")]
    + [str(p) for p in (ROOT / "tests" / "fixtures" / "rulesets").glob("*.yaml")]
)


def card(rs: Ruleset, text: str) -> int:
    """A card's index (its play code) in the ruleset's deck."""
    return rs.deck.index(Card.parse(text))


def choice(rs: Ruleset, view: SeatView) -> str:
    """The heuristic's choice in words, for readable assertions."""
    return str(rs.action_of[greedy_code(view)])


# ------------------------------------------------------------------------------ declaring
@pytest.mark.parametrize(("points", "declares"), [(66, True), (65, False)])
def test_declares_at_the_target_and_not_one_point_below(points: int, declares: bool) -> None:
    # Schnapsen, talon exhausted; seat 0 has just won a trick and may declare.  claim.target
    # is 66: a declaration with 66 wins the deal, one with 65 is false and costs 2 game points.
    rs = load_ruleset("schnapsen")
    st = build_position(rs, dealer=1, trump="H", leader=0, points=[points, 94 - points], tricks=[5, 3],
                        hands=["AS QC", "JS TD"])
    view = st.view(0)
    assert DECLARE in view.legal_codes
    assert (greedy_code(view) == DECLARE) is declares


@pytest.mark.parametrize(("points", "expected"), [(26, DECLARE), (25, CONTINUE)])
def test_goes_out_right_after_a_marriage_that_reaches_the_target(points: int, expected: int) -> None:
    # The leader with a trick won announces the trump marriage (40): 26 + 40 = 66 reaches the
    # target and he may go out at once (claim.after_marriage); with 25 he has 65 and plays on.
    rs = load_ruleset("schnapsen")
    st = build_position(rs, dealer=1, trump="H", leader=0, points=[points, 30], tricks=[2, 2],
                        hands=["KH QH AS", "JS TD KC"])
    st.push_code(MARRY_BASE + card(rs, "QH"))
    view = st.view(0)
    assert set(view.legal_codes) == {DECLARE, CONTINUE}
    assert greedy_code(view) == expected


# ------------------------------------------------------------------------------ marriages
def test_announces_the_trump_marriage_first_leading_the_queen() -> None:
    # Seat 0 leads holding the marriages in hearts (trumps: 40) and spades (20): the trump one
    # is worth twice as much, and leading its queen keeps the king, which beats the queen.
    rs = load_ruleset("schnapsen")
    # three tricks played (seat 1 won two): the talon of ten is down to three and the turn-up
    st = build_position(rs, dealer=1, trump="H", leader=0, points=[12, 10], tricks=[1, 2],
                        hands=["KH QH KS QS AC", "JS TD TC JD AD"], turnup="AH", stock="TH JC QC", first_turnup="AH")
    view = st.view(0)
    assert MARRY_BASE + card(rs, "QS") in view.legal_codes
    assert choice(rs, view) == "marry QH"


def test_goes_out_with_a_marriage_rather_than_close_first() -> None:
    # 30 points and a trick won: the trump marriage (40) reaches 70 at once, and the seat may
    # declare right after it; closing first would add nothing to a deal already won.
    rs = load_ruleset("schnapsen")
    # three tricks played (seat 1 won two): the talon of ten is down to three and the turn-up
    st = build_position(rs, dealer=1, trump="H", leader=0, points=[30, 10], tricks=[1, 2],
                        hands=["KH QH AS TC JD", "JS TD KC QC AD"], turnup="AH", stock="TH JC KD", first_turnup="AH")
    view = st.view(0)
    assert CLOSE in view.legal_codes
    assert choice(rs, view) == "marry QH"


def test_exchanges_the_trump_jack_before_anything_else() -> None:
    # Schnapsen lets the leader exchange the jack of trumps for the turn-up (the ace here): a
    # trump ace for a trump jack, at no cost.
    rs = load_ruleset("schnapsen")
    st = build_position(rs, dealer=1, leader=0, hands=["JH KS QS TC JD", "TS KC QC AD KD"], turnup="AH",
                        stock="AC JC TD QD TH KH QH AS JS")
    assert choice(rs, st.view(0)) == "exchange"


# ------------------------------------------------------------------------------ following
def test_takes_a_ten_with_the_ace() -> None:
    # Seat 0 leads the ten of diamonds while the talon is open.  The ace of diamonds takes it:
    # 21 points for seat 1.  Any other plain card gives the 10 and itself to seat 0; the ten
    # of trumps would take it too, but spends a trump that the ace need not.
    rs = load_ruleset("schnapsen")
    st = build_position(rs, dealer=1, leader=0, trick=["TD"], turnup="QS",
                        hands=["KC QC JD KS", "AD JC KH JH TS"], stock="AC TC KD QD AH TH QH AS JS")
    assert choice(rs, st.view(1)) == "play AD"


def test_does_not_trump_a_nine_when_it_has_a_nine_to_throw() -> None:
    # Sechsundsechzig, talon open: the nine of clubs led is worth 0 points and seat 1 has no
    # club.  Throwing the nine of diamonds gives the leader nothing; trumping would win 0
    # points and spend a trump; every other card gives points away.
    rs = load_ruleset("sechsundsechzig")
    st = build_position(rs, dealer=1, leader=0, trick=["9C"], turnup="AH",
                        hands=["KC QD JS TS KD", "9D JH TH AS KS JD"],
                        stock="AC TC JC QC AD TD KH QH 9H QS 9S")
    assert choice(rs, st.view(1)) == "play 9D"


def test_wins_the_trick_that_reaches_the_target_whatever_it_costs() -> None:
    # Seat 1 has 60 points; the king of clubs led (4) and its ace (11) make 75: it wins the
    # trick and goes out.  Nothing else matters as much -- not even keeping the ace.
    rs = load_ruleset("schnapsen")
    st = build_position(rs, dealer=1, leader=0, trick=["KC"], points=[20, 60], tricks=[2, 3],
                        hands=["AD", "AC JD"], trump="S")
    assert choice(rs, st.view(1)) == "play AC"


FREE_DISCARDS = """\
extends: north-american-4
name: na-free-discards
title: North American Sixty-Six with free discards (test)
play:
  head: none
  trump_when_void: false
"""


@pytest.fixture
def free_discards(tmp_path: Path) -> Ruleset:
    """Partnership play where a follower need not head the trick nor trump: a choice to make."""
    path = tmp_path / "na-free-discards.yaml"
    path.write_text(FREE_DISCARDS, encoding="utf-8")
    return load_ruleset(path)


def test_throws_points_not_a_trump_on_the_partners_sure_trick(free_discards: Ruleset) -> None:
    # Seat 1 led the nine of spades, seat 2 (seat 0's partner) took the lead with the ace, seat
    # 3 followed; seat 0 plays last and has no spade, so the trick is his side's whatever he
    # plays.  The ten of diamonds adds 10 points to it; the ace of trumps would add 11 but is
    # a sure winner of its own later; the nine adds nothing.
    rs = free_discards
    st = build_position(rs, dealer=0, declarer=1, high_bid=1, trump="H", leader=1, tricks=[0, 1, 0, 0],
                        points=[0, 14, 0, 0], hands=["TD 9D AH 9H KC", "QD JD TH QH", "AC TC KD QC", "KH JH TS QS"],
                        trick=["9S", "AS", "JS"])
    assert choice(rs, st.view(0)) == "play TD"


def test_does_not_overtake_the_partners_winning_card(free_discards: Ruleset) -> None:
    # Seat 2 (the partner) wins the trick with the king of spades and seat 0 plays last: the
    # trick is already his side's.  The ace of spades would add 11 points to it, but it is the
    # top spade and takes a trick of its own later (the others must follow spades); the queen
    # gives 3 and keeps the ace.
    rs = free_discards
    st = build_position(rs, dealer=0, declarer=1, high_bid=1, trump="H", leader=1, tricks=[0, 1, 0, 0],
                        points=[0, 14, 0, 0], hands=["AS QS 9D 9H KC", "QD JD TH QH", "AC TC KD QC", "KH JH TS AH"],
                        trick=["9S", "KS", "JS"])
    assert choice(rs, st.view(0)) == "play QS"


# ------------------------------------------------------------------------------ leading and closing
def test_leads_its_top_trump_in_the_strict_phase() -> None:
    # The talon is exhausted: the follower must follow suit.  The ace of trumps cannot be beaten
    # and draws a trump from an opponent who holds one; the ace of spades could be trumped by a
    # player void in spades.
    rs = load_ruleset("schnapsen")
    st = build_position(rs, dealer=1, trump="H", leader=0, points=[40, 30], tricks=[3, 3],
                        hands=["AH TH AS", "QH KS JS"])
    assert choice(rs, st.view(0)) == "play AH"


@pytest.mark.parametrize(("points", "closes"), [(30, True), (5, False)])
def test_closes_when_the_sure_tricks_reach_the_target(points: int, closes: bool) -> None:
    # Trumps are hearts, the jack is the turn-up, so only the queen of trumps is out.  After
    # closing the follower must follow suit: the ace, ten and king of trumps take three tricks
    # (drawing the queen if he has it), then the two plain aces are the top cards of their
    # suits and he has no trump left.  Five tricks at 11 + 10 + 4 + 11 + 11 points, each with at
    # least a jack (2) from the follower: 57 points.  30 + 57 reaches 66; 5 + 57 = 62 does not.
    rs = load_ruleset("schnapsen")
    st = build_position(rs, dealer=1, leader=0, turnup="JH", stock="KC QD JD", points=[points, 40 - points],
                        tricks=[2, 1], hands=["AH TH KH AS AC", "QH TC KD QS JS"])
    view = st.view(0)
    assert CLOSE in view.legal_codes
    assert closing_pays(view) is closes
    assert (greedy_code(view) == CLOSE) is closes


def test_names_trumps_with_the_marriage_of_its_best_suit() -> None:
    # North American: the declarer's first card fixes trumps.  Hearts (ace, king, queen and
    # the nine) make the best trump suit, and leading the marriage there scores it as trumps:
    # 40, with its queen led so that the king stays.
    rs = load_ruleset("north-american-4")
    st = build_position(rs, dealer=3, declarer=0, high_bid=2,
                        hands=["AH KH QH 9H AC 9S", "TH JH KC QC JC TS", "TC 9C AD TD KD QD", "JD 9D AS KS QS JS"])
    assert choice(rs, st.view(0)) == "marry QH"


# ------------------------------------------------------------------------------ the auction
def bid_for(rs: Ruleset, hand: str, others: list[str]) -> str:
    hands = [hand, *others]
    st = build_position(rs, dealer=3, hands=hands)
    assert st.to_act == 0
    return choice(rs, st.view(0))


def test_passes_a_hand_without_winners() -> None:
    # Nines and jacks: 6 card points and not one card that takes a trick by itself; a bid of
    # 1 needs 33 points for the side, which the partner's average share cannot promise.
    rs = load_ruleset("north-american-4")
    assert bid_for(rs, "9C JC 9D JD 9S JS", ["AC TC KC QC AD TD", "KD QD AH TH KH QH", "9H JH AS TS KS QS"]) == "pass"


def test_shoots_the_moon_only_with_every_trick_sure() -> None:
    # Ace, ten, king, queen of hearts and the two black aces: led as trumps, the four hearts
    # draw the only two trumps out (jack and nine) and take four tricks, and the aces are then
    # top cards nobody can trump: every trick by force, the moon (bid 5).  Give the ace of
    # clubs away for the king of clubs and a trick can be lost: no moon, but still a bid.
    rs = load_ruleset("north-american-4")
    assert rs.bidding.moon is not None
    strong = bid_for(rs, "AH TH KH QH AC AS", ["JH 9H TC KC QC JC", "9C AD TD KD QD JD", "9D TS KS QS JS 9S"])
    assert strong == f"bid {rs.bidding.moon.bid}"
    almost = bid_for(rs, "AH TH KH QH KC AS", ["JH 9H TC AC QC JC", "9C AD TD KD QD JD", "9D TS KS QS JS 9S"])
    assert almost.startswith("bid") and almost != strong


def test_a_better_hand_is_worth_more_and_bids_no_less() -> None:
    # The same hand with the ace of hearts in place of the nine: it can only take more.
    rs = load_ruleset("north-american-4")
    weak = build_position(rs, dealer=3, hands=["9C 9D 9S 9H AC QS", "TC KC QC JC AD TD", "KD QD JD TH KH QH", "AH JH AS TS KS JS"])
    strong = build_position(rs, dealer=3, hands=["9C 9D 9S AH AC QS", "TC KC QC JC AD TD", "KD QD JD TH KH QH", "9H JH AS TS KS JS"])
    assert hand_worth(strong.view(0)) > hand_worth(weak.view(0))
    bid = {PASS: 0} | {BID_BASE + b: b for b in rs.bidding.values}
    assert bid[greedy_code(strong.view(0))] >= bid[greedy_code(weak.view(0))]


# ------------------------------------------------------------------------------ only the view
@pytest.mark.parametrize("name", ["schnapsen", "sechsundsechzig", "north-american-4", "north-american-3"])
def test_the_choice_depends_on_the_view_alone(name: str) -> None:
    # Worlds sampled from a view place the hidden cards differently but look the same from the
    # seat: the heuristic must choose the same in each of them as in the real deal.
    rs = load_ruleset(name)
    rng = random.Random(3)
    compared = 0
    for seed in range(30):
        st = DealState.new(rs, seed % rs.players.count, seed)
        for _ in range(rng.randrange(1, 14)):
            if st.is_over:
                break
            st.push_code(greedy_code(st.view(st.actor), rng))  # type: ignore[arg-type]
        if st.is_over:
            continue
        seat = st.actor
        assert seat is not None
        view = st.view(seat)
        expected = greedy_code(view)
        for _ in range(3):
            world = WorldSampler(view).sample(rng).state
            assert world.view(seat) == view
            assert greedy_code(world.view(seat)) == expected
            compared += 1
    assert compared > 30


def test_the_bot_answers_with_the_heuristics_action() -> None:
    rs = load_ruleset("schnapsen")
    st = DealState.new(rs, 1, 42)
    view = st.view(st.actor)  # type: ignore[arg-type]
    action = GreedyBot(rs, 5).choose(view, st.legal_actions())
    assert action == rs.action_of[greedy_code(view)]
    assert action in st.legal_actions()


# ------------------------------------------------------------------------------ always legal
@pytest.mark.parametrize("name", RULESETS, ids=lambda n: Path(n).stem)
def test_every_choice_is_legal(name: str) -> None:
    # Random states (a mix of heuristic and random moves from seeded deals), every seat that
    # must decide: the heuristic picks one of the legal codes, and a tie-breaking generator
    # changes nothing about that.
    rs = load_ruleset(name)
    rng = random.Random(11)
    decisions = 0
    for seed in range(40):
        st = DealState.new(rs, seed % rs.players.count, seed)
        while not st.is_over:
            seat = st.actor
            assert seat is not None
            view = st.view(seat)
            legal = st.legal_codes()
            code = greedy_code(view, rng)
            assert code in legal
            assert greedy_code(view) in legal
            decisions += 1
            st.push_code(code if rng.random() < 0.7 else rng.choice(legal), keep_undo=False)
    assert decisions > 100


@pytest.mark.parametrize("name", sorted(bundled_rulesets()))
def test_greedy_and_basic_play_whole_deals_against_each_other(name: str) -> None:
    """On every bundled ruleset: the basic bot once could not name trump (a traceback in
    ``rules run house/burgenland --players greedy,search:easy,basic``)."""
    rs = load_ruleset(name)
    for seed in range(5):
        agents = [make_agent("greedy" if s % 2 else "basic", rs, seed) for s in range(rs.players.count)]
        st = DealState.new(rs, seed % rs.players.count, seed)
        play_deal(st, agents)
        assert st.is_over


def test_basic_is_a_seat_kind_of_its_own() -> None:
    rs = load_ruleset("schnapsen")
    assert {"random", "greedy", "basic"} <= set(BOT_KINDS)
    assert isinstance(make_agent("basic", rs, 1), BasicBot)
    assert isinstance(make_agent("greedy", rs, 1), GreedyBot)


def test_a_card_shown_in_a_partners_marriage_then_played_is_seen_once() -> None:
    """Where a partner shows a marriage during a trick (four-player 66: ``marriage.who:
    leader_and_partner``), the card it names is played later, so the history names it twice.
    The cards a seat has not seen are then still every card but its hand, the cards the
    history names (as a set) and the turn-up -- a sum of the bits counted that card twice and
    marked the next card of the deck as gone."""
    from interpreter.search.heuristic import _unseen, knowledge

    rs = load_ruleset(str(ROOT / "rulesets" / "house" / "four-player-66.yaml"))
    k = knowledge(rs)
    card_of = rs.tables.code_card
    named_twice = 0
    for seed in range(60):
        state = DealState.new(rs, seed % 4, random.Random(seed))
        bots = [make_agent("greedy", rs, seed + s) for s in range(4)]
        while not state.is_over:
            seat = state.actor
            assert seat is not None
            view = state.view(seat)
            named = [card_of[h & 0xFFFF] for h in view.history_codes if card_of[h & 0xFFFF] >= 0]
            if len(named) != len(set(named)):
                named_twice += 1
                expected = set(range(rs.deck.size)) - set(named) - set(bit_list(view.hand_mask | view.widow_mask))
                if view.public.turnup >= 0:
                    expected.discard(view.public.turnup)
                assert set(bit_list(_unseen(k, view, view.public))) == expected
            state.push(bots[seat].choose(view, list(view.legal)))
    assert named_twice > 0  # the case arose: the check above ran


@pytest.mark.parametrize("name", ["north-american-4", "schnapsen", "house/bauernschnapsen"])
def test_a_hands_worth_is_kept_per_hand_and_trump_suit(name: str) -> None:
    """What a hand takes with each trump suit is worked out once and then kept (the bidding
    and the first lead ask it of every suit, a search again and again): a kept value is the
    value worked out, for every hand and suit, however the asks interleave -- two hands or two
    suits never share a place."""
    from interpreter.search.heuristic import _suit_worth, _suit_worth_of, knowledge

    rs = load_ruleset(name)
    k = knowledge(rs)
    k.worth.clear()
    rng = random.Random(5)
    size = rs.tables.size
    suits = len(rs.tables.suit_mask)
    hands = [sum(1 << c for c in rng.sample(range(size), rng.randrange(1, 9))) for _ in range(300)]
    asks = [(hand, trump) for hand in hands for trump in range(suits)]
    for hand, trump in asks + rng.sample(asks, len(asks)):  # each once worked out, then from the memo
        assert _suit_worth(k, hand, trump) == _suit_worth_of(k, hand, trump)
    assert len(k.worth) == len(set(asks))


def test_lays_away_its_strongest_cards_in_a_contract_to_take_no_trick() -> None:
    """Dreierschnapsen: seat 2 announces a Bettler (take no trick, no trumps) holding
    QC JC KD JD TH KS and takes the talon, AC AD.  Laying away its two lowest cards (the jacks,
    as the plain game's rule would) keeps two aces nobody can beat: the first led loses the
    contract.  The cards likeliest to take a trick go: the aces, then the ten."""
    rs = load_ruleset("house/dreierschnapsen")
    state = DealState.new(rs, 0, 2878940490)
    for move in ("pass", "pass", "bid 1", "pass"):
        state.apply(next(a for a in state.legal_actions() if str(a) == move))
    assert state.actor == 2 and rs.bidding.contract(state.high_bid).goal == "no_tricks"
    assert sorted(map(str, state.hand(2))) == sorted("QC JC KD JD TH KS AC AD".split())
    laid = []
    for _ in range(2):
        code = greedy_code(state.view(2))
        laid.append(str(rs.action_of[code]))
        state.push_code(code)
    assert sorted(laid) == ["discard AC", "discard AD"]
