"""What a seat is told (interpreter.play.seatfacts): scores named from the player's side, the
auction and the contract, marriages that do not count yet, the card just drawn, this ruleset's
actions, and a warning before a declaration that loses the deal.

Each expectation is worked out from the ruleset (its YAML options) and the seed's deal; the
engine is used only to play the moves and, in one test, as the referee of false declarations.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from interpreter import Match, deal_from_mapping, load_ruleset
from interpreter.core.actions import Bid, Close, CloseBeforeDraw, Continue, Declare, Discard, Double, Exchange, Marry, Pass, Play, Redouble
from interpreter.core.cards import Card
from interpreter.engine.build import build_position
from interpreter.engine.state import DealState
from interpreter.play import seatfacts as facts
from interpreter.rules.resources import bundled_rulesets

C = Card.parse


def schnapsen_seed_7() -> DealState:
    """Schnapsen, seed 7: seat 0 leads holding QD AH JH KS QS, spades trump (turn-up AS);
    seat 1 holds AC JD KH QH JS; the stock, top first, starts with KD."""
    rs = load_ruleset("schnapsen")
    state = Match(rs, 7).next_deal()
    assert state.actor == 0 and state.trump_suit() == "S"
    assert set(state.hand(0)) == {C(c) for c in "QD AH JH KS QS".split()}
    assert set(state.hand(1)) == {C(c) for c in "AC JD KH QH JS".split()}
    assert rs.deck.cards[state.stock[state.spos]] == C("KD")
    return state


# --------------------------------------------------------------------------- names
def test_two_players_are_you_and_opponent() -> None:
    view = schnapsen_seed_7().view(0)
    assert facts.seat_name(view, 0) == "you" and facts.seat_name(view, 1) == "opponent"
    # schnapsen dealer.first is 1: the opponent deals the first deal
    assert facts.who_is_who(view) == "you are seat 0; your opponent is seat 1; opponent deals"


def test_four_players_name_the_partner_opposite() -> None:
    """north-american-4: partnerships sit opposite (seats 0 & 2, 1 & 3); dealer.first is 3."""
    state = Match(load_ruleset("north-american-4"), 1).next_deal()
    view = state.view(0)
    assert facts.who_is_who(view) == "you are seat 0; your partner is seat 2; your opponents are seats 1 & 3; seat 3 deals"
    assert [facts.seat_name(view, s) for s in range(4)] == ["you", "seat 1", "partner", "seat 3"]
    assert facts.who_is_who(state.view(1)).endswith("your partner is seat 3; your opponents are seats 0 & 2; partner deals")


def test_match_line_names_the_sides_from_the_players_seat() -> None:
    assert facts.match_line(load_ruleset("schnapsen"), 1, [3, 1]) == "match to 7: you 1, opponent 3"
    assert facts.match_line(load_ruleset("north-american-4"), 1, [4, 7]) == "match to 10: your team 7, opponents 4"


def counting_down(tmp_path: Path, base: str = "schnapsen") -> Any:
    """``base`` with its match score counted down (``match.count: down``), nothing else changed."""
    path = tmp_path / "down.yaml"
    path.write_text(f"extends: {base}\nname: down\nmatch: {{count: down}}\n", encoding="utf-8")
    return load_ruleset(path)


def test_a_match_counted_down_is_shown_as_what_each_side_still_needs(tmp_path: Path) -> None:
    """Counting down from match.target (7 in Schnapsen), a side on 5 has 7 - 5 = 2 to go and
    one on 2 has 5; a side past the target (9) has nothing left, 0 -- never -2.  Counting up,
    the score as it stands."""
    down = counting_down(tmp_path)
    assert [facts.match_score(down, s) for s in (0, 2, 5, 7, 9)] == ["7 to go", "5 to go", "2 to go", "0 to go", "0 to go"]
    assert facts.match_score(load_ruleset("schnapsen"), 5) == "5"
    assert facts.match_line(down, 0, [5, 2]) == "match to 7: you 2 to go, opponent 5 to go"
    assert facts.match_line(down, 1, [5, 2]) == "match to 7: you 5 to go, opponent 2 to go"
    assert facts.match_line(down, -1, [5, 2]) == "match to 7: seat 0 2 to go, seat 1 5 to go"


def test_partnerships_counted_down_are_shown_by_team(tmp_path: Path) -> None:
    """north-american-4 plays to 10 in teams (seats 0 & 2, 1 & 3): seat 1's team on 7 has 3 to
    go, the opponents on 4 have 6."""
    down = counting_down(tmp_path, "north-american-4")
    assert facts.match_line(down, 1, [4, 7]) == "match to 10: your team 3 to go, opponents 6 to go"


# --------------------------------------------------------------------------- points and marriages
def test_a_first_lead_marriage_is_pending_until_a_trick_is_won() -> None:
    """Schnapsen counts a marriage once its announcer wins a trick (counts_after: own_trick);
    KS QS in trumps is worth marriage.values.trump = 40."""
    state = schnapsen_seed_7()
    state.apply(Marry(C("QS")))
    mine, theirs = state.view(0), state.view(1)
    assert facts.pending_meld(mine, 0) == 40
    assert facts.points_line(mine) == "points: you 0 (+40 pending), opponent 0; tricks: you 0, opponent 0"
    assert facts.points_line(theirs) == "points: you 0, opponent 0 (+40 pending); tricks: you 0, opponent 0"
    assert facts.announcements(mine) == ["you: 40 in \u2660 spades (pending: counts once a trick is won)"]
    assert facts.announcements(theirs, symbols=False) == ["opponent: 40 in spades (pending: counts once a trick is won)"]
    # QS (3) takes JD (2), a plain card against a trump: 5 points, and the 40 now count
    state.apply(Continue())
    state.apply(Play(C("JD")))
    after = state.view(0)
    assert facts.pending_meld(after, 0) == 0
    assert facts.points_line(after) == "points: you 45, opponent 0; tricks: you 1, opponent 0"
    assert facts.announcements(after, symbols=False) == ["you: 40 in spades"]


def test_the_card_drawn_is_the_top_of_the_stock() -> None:
    """After QS takes JD the winner draws first: the stock's top card, KD."""
    state = schnapsen_seed_7()
    shown = state.view(0).hand
    state.apply(Play(C("QS")))
    state.apply(Play(C("JD")))
    assert facts.drawn_card(shown, state.view(0)) == C("KD")
    assert facts.drawn_card(state.view(0).hand, state.view(0)) is None  # nothing new since


def test_the_card_drawn_after_a_marriage_lead() -> None:
    """Shown last while choosing whether to go out after marry QS, the hand had four cards."""
    state = schnapsen_seed_7()
    state.apply(Marry(C("QS")))
    shown = state.view(0).hand
    assert len(shown) == 4
    state.apply(Continue())
    state.apply(Play(C("JD")))
    assert facts.drawn_card(shown, state.view(0)) == C("KD")


# --------------------------------------------------------------------------- going out
def test_going_out_after_a_marriage_is_explained_and_a_false_claim_warned() -> None:
    """After marry QS with no trick yet the seat has 0 points; declaring under 66 gives the
    opponent claim.false_points: 3, as the opponent has no trick (opponent_without_trick)."""
    state = schnapsen_seed_7()
    state.apply(Marry(C("QS")))
    view = state.view(0)
    legal = state.legal_actions()
    assert set(legal) == {Declare(), Continue()}
    assert facts.decision_line(view, legal) == (
        "you may go out now: declare (you have 0 of 66; your 40 announced count only once your side wins a trick) or continue (play on)"
    )
    warning = facts.claim_warning(view, Declare())
    assert warning is not None
    assert warning.startswith("you have 0 points (your 40 announced do not count until your side wins a trick), fewer than 66")
    assert warning.endswith("3 game points to the other side")
    assert facts.claim_warning(view, Continue()) is None
    assert facts.describe_action(view, Declare()) == "declare 66 (you have 0)"


def test_no_warning_with_enough_points() -> None:
    rs = load_ruleset("schnapsen")
    state = build_position(rs, dealer=1, hands=["AH TH KS QS JC", "AS TS KH QH JH"], stock=["AC"], turnup="JS",
                           leader=0, tricks=[3, 1], points=[50, 20], meld=[20, 0], may_declare=True)
    view = state.view(0)
    assert facts.claim_warning(view, Declare()) is None  # 50 + 20 = 70 >= 66
    assert facts.describe_action(view, Declare()) == "declare 66 (you have 70)"


def test_a_false_claim_after_closing_costs_what_failing_the_close_costs() -> None:
    """Seat 0 closed when seat 1 had no trick and now declares with 40: the claim alone costs
    false_points.base 2 (seat 1 has a trick now), the failed close fail_points.no_trick 3
    (basis: at_close): the engine takes the larger."""
    rs = load_ruleset("schnapsen")
    state = build_position(rs, dealer=1, hands=["AH TH KS", "AS TS KH"], stock=["AC", "JD", "QH", "JH"], drawn=0,
                           turnup="JS", leader=0, tricks=[2, 1], points=[40, 10], closer=0,
                           close_snap=([30, 0], [30, 0], [2, 0]), may_declare=True)
    warning = facts.claim_warning(state.view(0), Declare())
    assert warning is not None and warning.endswith("3 game points to the other side")
    state.apply(Declare())
    assert state.result is not None and state.result.game_points == 3


def test_a_closer_whose_rules_charge_only_the_false_claim_is_told_so(tmp_path: Path) -> None:
    """As above, in a house file with claim.false_after_close: false_points: the failed close
    no longer counts, so the false claim costs false_points.base 2 (seat 1 has a trick now),
    not 3 -- the warning and the question say 2, as the engine scores it."""
    path = tmp_path / "fp.yaml"
    path.write_text("extends: schnapsen\nname: fp\nclaim: {false_after_close: false_points}\n", encoding="utf-8")
    rs = load_ruleset(path)
    state = build_position(rs, dealer=1, hands=["AH TH KS", "AS TS KH"], stock=["AC", "JD", "QH", "JH"], drawn=0,
                           turnup="JS", leader=0, tricks=[2, 1], points=[40, 10], closer=0,
                           close_snap=([30, 0], [30, 0], [2, 0]), may_declare=True)
    warning = facts.claim_warning(state.view(0), Declare())
    assert warning is not None and warning.endswith("2 game points to the other side")
    assert facts.claim_risk(state.view(0)).endswith("2 game points to the other side")
    state.apply(Declare())
    assert state.result is not None and state.result.scores == (0, 2)


def test_the_warning_agrees_with_the_engine_on_every_declaration() -> None:
    """Referee check over random deals: a warning exactly when declaring loses, naming the game
    points the engine then awards -- after a close of the declarer's own (Schnapsen,
    Sechsundsechzig), in a doubled deal (Burgenland with contra: x2, x4) -- and the question
    asked where the seat keeps count (claim_risk) names them too."""
    checked, doubled = 0, 0
    for name in ("schnapsen", "sechsundsechzig", "house/burgenland-contra"):
        rs = load_ruleset(name)
        for seed in range(60):
            state, rng = Match(rs, seed).next_deal(), random.Random(seed)
            while not state.is_over:
                legal = state.legal_actions()
                actor = state.actor
                assert actor is not None
                if Declare() in legal:
                    view = state.view(actor)
                    warning = facts.claim_warning(view, Declare())
                    state.apply(Declare())
                    result = state.result
                    state.pop()
                    assert result is not None
                    loses = result.scores[rs.side_of(view.seat)] == 0  # a pair against a soloist: no one winner
                    assert (warning is not None) == loses, (name, seed, warning, result)
                    if warning is not None:
                        words = f"{result.game_points} game point{'s' if result.game_points != 1 else ''} to the other side"
                        assert warning.endswith(words)
                        assert facts.claim_risk(view).endswith(words)
                        doubled += view.public.doubled > 0
                    checked += 1
                state.apply(rng.choice([a for a in legal if a != Declare()] or legal))
    assert checked > 100 and doubled > 0, (checked, doubled)


def test_before_the_draw_the_three_choices_are_explained() -> None:
    """Sechsundsechzig (closing.timing before_or_after_draw): the winner of a trick may go on,
    close before the draw, or declare."""
    state = Match(load_ruleset("sechsundsechzig"), 5).next_deal()
    while CloseBeforeDraw() not in state.legal_actions():
        state.apply(next(a for a in state.legal_actions() if isinstance(a, Play)))
    seat = state.actor
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions()
    have = state.card_points()[state.rs.side_of(seat)]
    assert facts.decision_line(view, legal) == (
        "you won the trick; before the draw you may continue (draw as usual), "
        f"close before-draw (close the talon; nobody draws) or declare (you have {have} of 66)"
    )
    assert facts.describe_action(view, Continue()) == "continue: draw as usual"


def test_an_ordinary_move_has_no_decision_line() -> None:
    state = schnapsen_seed_7()
    assert facts.decision_line(state.view(0), state.legal_actions()) is None


# --------------------------------------------------------------------------- the auction
def na4_after(*calls: Bid | Pass) -> DealState:
    """north-american-4 seed 1 after ``calls``, from the dealer's left (seat 0: dealer.first is 3)."""
    state = Match(load_ruleset("north-american-4"), 1).next_deal()
    assert state.actor == 0
    for call in calls:
        state.apply(call)
    return state


def test_during_the_auction_the_high_bid_and_the_moon_are_shown() -> None:
    """bidding.moon: bid 5 is the moon, partner_sits_out: true."""
    state = na4_after(Bid(2))
    view = state.view(1)
    assert facts.contract_line(view) is None
    assert facts.auction_lines(view) == [
        "seat 0 bids 2", "high bid so far: 2, by seat 0", "bid 5 is the moon: every trick, the bidder's partner sits out",
    ]
    assert facts.auction_lines(na4_after().view(0))[0] == "no bid yet"
    assert facts.describe_action(view, Bid(5)) == "bid 5: the moon, every trick"  # with trump: nothing said of it
    assert facts.describe_action(view, Bid(3)) == "bid 3 (99 points)"  # scoring.unit 33


def test_a_moon_without_trump_says_so() -> None:
    """house/pp-sixty-six: bid 6 is the moon, played without trump (bidding.moon.trump: none);
    the auction, the offer and the help say so, and the help does not price it as 6 x 33."""
    rs = load_ruleset("house/pp-sixty-six")
    state = Match(rs, 1).next_deal()
    view = state.view(state.actor)
    assert "bid 6 is the moon: every trick, without trump, the bidder's partner sits out" in facts.auction_lines(view)
    assert facts.describe_action(view, Bid(6)) == "bid 6: the moon, every trick, without trump"
    assert dict(facts.ruleset_actions(rs))["bid N"] == (
        "bid N in the auction (N x 33 points; bid 6: the moon, every trick, without trump); the highest bidder names the contract")


def test_the_contract_once_the_auction_is_over() -> None:
    """Each seat speaks once (rounds: single): 2, pass, pass, pass gives seat 0 the contract of 2 = 66 points."""
    state = na4_after(Bid(2), Pass(), Pass(), Pass())
    assert facts.contract_line(state.view(0)) == "contract: you, 2 (66 points)"
    assert facts.contract_line(state.view(2)) == "contract: partner, 2 (66 points)"
    assert facts.contract_line(state.view(1)) == "contract: seat 0, 2 (66 points)"
    assert facts.auction_lines(state.view(1)) == [
        "seat 0 bids 2", "you pass", "seat 2 passes", "partner passes", "contract: seat 0, 2 (66 points)",  # seat 3 partners seat 1
    ]


def test_the_moon_contract_says_who_sits_out() -> None:
    state = na4_after(Bid(2), Pass(), Bid(5), Pass())
    assert facts.contract_line(state.view(2)) == "contract: you, the moon; partner sits out"
    assert facts.contract_line(state.view(0)) == "contract: partner, the moon; you sit out"
    assert facts.contract_line(state.view(3)) == "contract: seat 2, the moon; seat 0 sits out"


# --------------------------------------------------------------------------- help
@pytest.mark.parametrize("name, typed", [
    # schnapsen: closing after_draw only, exchange of the jack, claims with after_marriage
    ("schnapsen", ["play CARD", "marry CARD", "exchange", "close", "declare", "continue"]),
    # sechsundsechzig: closing before_or_after_draw as well
    ("sechsundsechzig", ["play CARD", "marry CARD", "exchange", "close", "close before-draw", "declare", "continue"]),
    # north-american-4: an auction; no exchange, no closing, no claim
    ("north-american-4", ["bid N", "pass", "play CARD", "marry CARD"]),
    # app-schnapsen: 66 ends the deal by itself, so nobody declares (and none continues)
    ("house/app-schnapsen", ["play CARD", "marry CARD", "exchange", "close"]),
])
def test_the_actions_of_this_ruleset(name: str, typed: list[str]) -> None:
    actions = facts.ruleset_actions(load_ruleset(name))
    assert [what for what, _ in actions] == typed
    assert all(does for _, does in actions)


def test_the_exchange_names_the_rank_of_this_ruleset() -> None:
    """exchange.rank: J in Schnapsen, 9 in Sechsundsechzig."""
    schnapsen = dict(facts.ruleset_actions(load_ruleset("schnapsen")))["exchange"]
    sechsundsechzig = dict(facts.ruleset_actions(load_ruleset("sechsundsechzig")))["exchange"]
    assert "jack of trumps" in schnapsen and "nine of trumps" in sechsundsechzig


# --------------------------------------------------------------------------- the family's auction and doubling
def dreier_forehand_passes_trump() -> DealState:
    """Dreierschnapsen, seed 0, seat 1 deals: the forehand (seat 2) may pass the naming of
    trump (``if_passed: turn_next``: his next card is turned); he does, then bids 1."""
    state = DealState.new(load_ruleset("house/dreierschnapsen"), 1, 0)
    assert state.actor == 2 and Pass() in state.legal_actions()
    state.apply(Pass())
    assert state.trump_suit() is not None and state.actor == 2
    state.apply(Bid(1))
    return state


def test_the_auction_is_told_in_contract_names_and_a_trump_pass_is_no_bid_pass() -> None:
    """house/dreierschnapsen: bid 1 is the Bettler, worth 4 game points, no trick and no
    trump.  The forehand's pass of the trump choice is not a pass of the auction; the high
    bid is named, not numbered ("high bid so far: 1" was the Bettler)."""
    state = dreier_forehand_passes_trump()
    assert facts.auction_lines(state.view(0)) == [
        "seat 2 does not name trump: the next card is turned for it",
        "seat 2 bids Bettler (4 game points: no trick, no trump)",
        "high bid so far: Bettler, by seat 2",
    ]
    assert facts.auction_lines(state.view(2))[:2] == ["you do not name trump: the next card is turned for it",
                                                        "you bid Bettler (4 game points: no trick, no trump)"]


def contra_file(tmp_path: Any, redouble: bool) -> DealState:
    """Burgenland with contra (``redouble`` as given), seat 2 dealing: seat 0 is the soloist
    and names trump; seat 1, then seat 2 may double."""
    path = tmp_path / "contra.yaml"
    path.write_text(f"extends: house/burgenland-contra\nname: contra\nbidding:\n  doubling: {{redouble: {str(redouble).lower()}}}\n", encoding="utf-8")
    state = DealState.new(load_ruleset(str(path)), 2, 1)
    assert state.actor == 0
    state.apply(next(a for a in state.legal_actions()))  # names a trump
    assert state.actor == 1 and Double() in state.legal_actions()
    return state


def test_a_doubled_deal_says_so_and_by_whom(tmp_path: Any) -> None:
    """Seat 1 says no double, seat 2 doubles, the soloist (seat 0) redoubles.  Seat 0 calls
    the two others seat 1 and seat 2; seat 1 calls seat 2 partner and seat 0 opponent."""
    state = contra_file(tmp_path, redouble=True)
    state.apply(Pass())
    assert facts.deal_lines(state.view(0)) == ["seat 1: no double"]  # the round goes on
    state.apply(Double())
    assert facts.deal_lines(state.view(0)) == ["doubled (x2) by seat 2: the deal counts twice", "seat 1: no double"]
    assert facts.deal_lines(state.view(1)) == ["doubled (x2) by partner: the deal counts twice", "you: no double"]
    state.apply(Redouble())
    assert facts.deal_lines(state.view(0)) == ["redoubled (x4) by you: the deal counts four times"]  # the round is over
    assert facts.deal_lines(state.view(1)) == ["redoubled (x4) by opponent: the deal counts four times"]


def test_a_deal_not_doubled_says_nothing_of_doubling(tmp_path: Any) -> None:
    state = contra_file(tmp_path, redouble=False)
    state.apply(Pass())
    state.apply(Pass())
    assert facts.deal_lines(state.view(0)) == []


# --------------------------------------------------------------------------- every move of the game in the help
def typed(action: Any) -> str:
    """What a player types for ``action``, as the help lists it (the notation's first word,
    a placeholder for the card, suit or amount)."""
    word = str(action).split()[0]
    if word in ("play", "marry", "discard"):
        return f"{word} CARD"
    if word == "trump":
        return "trump SUIT"
    if word == "close" and str(action) != "close":
        return "close before-draw"
    return word if word != "bid" else str(action)


@pytest.mark.parametrize("name", sorted(bundled_rulesets()))
def test_the_help_lists_every_move_the_game_offers_once(name: str) -> None:
    """Random deals of every bundled ruleset: each legal move met has its line in the help
    (a bid of units as ``bid N``), and no line is listed twice (a pass meaning three things
    is one line).  Dreierschnapsen's ``discard``, Burgenland's ``double`` and Bauernschnapsen's
    single ``pass`` were missing or doubled before."""
    rs = load_ruleset(name)
    listed = [what for what, _ in facts.ruleset_actions(rs)]
    assert len(listed) == len(set(listed)), listed
    met: set[str] = set()
    for seed in range(30):
        rng = random.Random(seed)
        state = DealState.new(rs, seed % rs.players.count, seed)
        while state.result is None:
            legal = state.legal_actions()
            met.update(typed(a) if not (isinstance(a, Bid) and not rs.bidding.contracts) else "bid N" for a in legal)
            state.apply(rng.choice(legal))
    assert met <= set(listed), sorted(met - set(listed))


def test_the_family_moves_are_in_the_help() -> None:
    assert "discard CARD" in dict(facts.ruleset_actions(load_ruleset("house/dreierschnapsen")))
    assert {"double", "pass"} <= set(dict(facts.ruleset_actions(load_ruleset("house/burgenland-contra"))))
    assert [w for w, _ in facts.ruleset_actions(load_ruleset("house/bauernschnapsen"))].count("pass") == 1


# --------------------------------------------------------------------------- words to the person
def test_laying_away_is_described_as_the_table_says_it() -> None:
    """A hint or a listed move ``discard QD`` is told as laying the card away."""
    view = dreier_forehand_passes_trump().view(0)
    assert facts.describe_action(view, Discard(C("QD"))) == "lay Q♦ away face down (it counts for you)"
    assert facts.describe_action(view, Discard(C("QD")), symbols=False) == "lay QD away face down (it counts for you)"


def test_a_refusal_naming_the_persons_seat_says_you() -> None:
    view = schnapsen_seed_7().view(0)
    assert facts.to_person(view, "seat 0 must first lay away 1 more card") == "you must first lay away 1 more card"
    assert facts.to_person(view, "seat 0 does not hold KD") == "you do not hold KD"
    assert facts.to_person(view, "the auction is still on: seat 1 must bid or pass") == "the auction is still on: seat 1 must bid or pass"


def test_a_move_the_game_does_not_have_is_said_to_be_none_of_it() -> None:
    rs = load_ruleset("house/dreierschnapsen")
    assert facts.absent(rs, Exchange) == "this game has no exchange of the turn-up"
    assert facts.absent(rs, Close) == "this game has no closing"
    assert facts.absent(rs, Double) == "this game has no doubling"
    assert facts.absent(rs, Discard) is None and facts.absent(load_ruleset("schnapsen"), Exchange) is None


def test_the_exchange_offered_at_a_close_is_explained_to_the_seat_asked(tmp_path: Any) -> None:
    """exchange.on_opponent_close: seat 0 closes; seat 1 is asked.  Holding 9H he is told he may
    exchange it for the turn-up A♥ or keep it; without it, that he can only continue, and why
    he is asked at all.  The closer, not asked, gets no such line."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: sechsundsechzig\nname: house\nexchange: {on_opponent_close: true}\n", encoding="utf-8")
    rs = load_ruleset(house)
    deal = {"dealer": 1, "trump_card": "AH", "hands": {0: "AC TC KC QC JC 9C".split(), 1: "AD TD KD QD JD 9H".split()},
            "stock": "TH KH QH JH AS TS KS QS JS 9S 9D".split()}
    lacking = {**deal, "hands": {0: deal["hands"][0], 1: "AD TD KD QD JD 9D".split()}, "stock": "TH KH QH JH AS TS KS QS JS 9S 9H".split()}
    lines = []
    for position in (deal, lacking):
        state = deal_from_mapping(rs, position)
        state.apply(Close())
        lines.append(facts.decision_line(state.view(1), state.legal_actions()))
        assert facts.decision_line(state.view(0), []) is None
    assert lines == [
        "the talon is closed: you may exchange your nine of trumps for the turn-up A♥ or continue (keep it)",
        "the talon is closed: you do not hold the nine of trumps, so continue (every opponent is asked, so that nobody learns who holds it)",
    ]
