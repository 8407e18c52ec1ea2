"""Sides come from the ruleset: any number of them, fixed tables, and the bidder alone against the rest.

Every expected figure below is worked out by hand from the fixture rulesets in
tests/fixtures/rulesets/ (their comments say what they model).
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from interpreter import DealState, load_ruleset, parse_action
from interpreter.engine.match import next_dealer
from interpreter.engine.settle import DealResult
from interpreter.play.bots import make_agent
from interpreter.play.record import deal_from_mapping, load_record, match_record, replay
from interpreter.play.runner import MatchLog, play_match
from interpreter.rules.ruleset import DealerSpec

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "rulesets"
THREE = FIXTURES / "three-seat-66.yaml"
THREE_TOGETHER = FIXTURES / "three-seat-66-together.yaml"
SOLO = FIXTURES / "bidder-vs-rest.yaml"
ADJACENT = FIXTURES / "north-american-adjacent-teams.yaml"


def run(state: DealState, moves: str) -> None:
    for text in moves.split(","):
        state.apply(parse_action(text.strip()))


def three_seat_end(path: Path, points: list[int], tricks: list[int]) -> DealState:
    """Two cards each left; seat 0 leads with trumps hearts (18 cards played, worth 90)."""
    return deal_from_mapping(load_ruleset(path), {
        "dealer": 2,
        "hands": {0: ["AH", "9S"], 1: ["TH", "JS"], 2: ["KH", "QS"]},
        "start": {"leader": 0, "trump": "H", "card_points": points, "tricks_won": tricks},
    })


# --------------------------------------------------------------------------- three sides
def test_three_seats_each_loser_pays_the_declarer() -> None:
    st = three_seat_end(THREE, [50, 25, 15], [3, 2, 1])
    assert sorted(str(a) for a in st.legal_actions()) == ["declare", "play 9S", "play AH"]
    # Hearts led: seat 1 must follow with TH, seat 2 with KH; AH wins 11 + 10 + 4 = 25 -> 75.
    run(st, "play AH, play TH, play KH")
    assert st.card_points() == [75, 25, 15]
    run(st, "declare")
    r = st.result
    assert r is not None
    # Each loser pays by his own position: seat 1 (25 points, 2 tricks) 2, seat 2 (15, 1 trick) 2.
    assert r.scores == (4, 0, 0) and r.winner == 0 and r.game_points == 4
    assert r.reason == "seat 0 declared 75; seat 1 25 points, 2 tricks; seat 2 15 points, 1 trick"


def test_three_seats_losers_together_pay_once() -> None:
    st = three_seat_end(THREE_TOGETHER, [50, 25, 15], [3, 2, 1])
    run(st, "play AH, play TH, play KH, declare")
    r = st.result
    assert r is not None
    # The opponents together: 25 + 15 = 40 points and 3 tricks, not under 33: 1 game point.
    assert r.scores == (1, 0, 0) and r.game_points == 1
    assert r.reason == "seat 0 declared 75; opponents 40 points, 3 tricks"


def test_three_seats_a_wrong_declaration_pays_every_other_side() -> None:
    st = three_seat_end(THREE, [65, 25, 0], [4, 2, 0])
    run(st, "declare")
    r = st.result
    assert r is not None
    # Seat 1 has taken tricks: 2 (false_points.base); seat 2 none: 3 (opponent_without_trick).
    assert r.scores == (0, 2, 3)
    assert r.winner is None and r.game_points == 3
    assert r.reason == "seat 0 declared with only 65 (under 66)"


def test_three_seats_higher_total_against_two() -> None:
    st = three_seat_end(THREE, [40, 25, 25], [3, 2, 1])
    # AH wins 25 more (65, under 66: no declaration); seat 0 then leads 9S, seat 1 JS, seat 2 QS:
    # QS wins 0 + 2 + 3 = 5, plus 10 for the last trick.  Totals 65, 25, 40: seat 0 wins; each
    # loser has taken a trick, seat 1 with 25 and seat 2 with 40 points: 2 + 1 = 3.
    run(st, "play AH, play TH, play KH, play 9S, play JS, play QS")
    r = st.result
    assert r is not None
    assert st.card_points() == [65, 25, 40]
    assert r.scores == (3, 0, 0)
    assert r.reason == "higher total 65 against 25 and 40"


# --------------------------------------------------------------------------- the bidder alone
SOLO_HANDS = {0: ["AH", "TH", "KC", "KD"], 1: ["AC", "TC", "AS", "KS"], 2: ["AD", "TD", "TS", "KH"]}
SOLO_PLAY = (
    "play AH, play KS, play KH, "    # hearts trump; seat 0 wins 11 + 4 + 4 = 19
    "play TH, play AS, play TS, "    # seat 0 wins 10 + 11 + 10 = 31: 50
    "play KC, play AC, play TD, "    # seat 1 must beat KC; wins 4 + 11 + 10 = 25
    "play TC, play AD, play KD"      # seat 1 wins 10 + 11 + 4 = 25: the defenders 50
)


def solo_deal(bid: int) -> DealState:
    st = deal_from_mapping(load_ruleset(SOLO), {"dealer": 2, "hands": SOLO_HANDS})
    run(st, f"bid {bid}, pass, pass")
    return st


def test_bidder_alone_sides_form_after_the_auction() -> None:
    st = deal_from_mapping(load_ruleset(SOLO), {"dealer": 2, "hands": SOLO_HANDS})
    assert st.deal_sides == ((0,), (1,), (2,))
    run(st, "bid 3, pass, pass")
    assert st.deal_sides == ((0,), (1, 2))
    st.pop()
    assert st.deal_sides == ((0,), (1,), (2,))  # undo restores the sides of the auction


def test_bidder_alone_is_set_and_each_defender_scores_the_pooled_units() -> None:
    st = solo_deal(3)
    run(st, "play AH, play KS")
    assert sorted(str(a) for a in st.legal_actions()) == ["play KH"]  # seat 2 must follow hearts
    run(st, SOLO_PLAY.split(", ", 2)[2])
    r = st.result
    assert r is not None
    assert st.card_points() == [50, 50, 0] and st.tricks_won() == [2, 2, 0]
    # Bid 3 needs 75: set, -3.  The defenders pool 50 points: 50 // 25 = 2 each, seat 2 as well.
    assert r.scores == (-3, 2, 2)
    assert r.made is False and r.declarer_side == 0 and r.winner is None
    assert r.reason == "seat 0 was set on a bid of 3 with 50 points"


def test_bidder_alone_makes_his_bid() -> None:
    st = solo_deal(2)
    run(st, SOLO_PLAY)
    r = st.result
    assert r is not None
    # Bid 2 needs 50: made with 50, 50 // 25 = 2; defenders 2 each.
    assert r.scores == (2, 2, 2) and r.made is True and r.winner == 0


# --------------------------------------------------------------------------- team tables
OVERTRUMP = {
    0: "AS TC KC AH 9H 9D".split(),
    1: "9S QS KH QH AD TD".split(),
    2: "KS JS TS TH JH KD".split(),
    3: "AC JC QC 9C QD JD".split(),
}


@pytest.mark.parametrize(("ruleset", "teams", "points"), [
    ("north-american-4", ((0, 2), (1, 3)), [49, 0]),
    (str(ADJACENT), ((0, 1), (2, 3)), [15, 34]),
])
def test_the_team_table_decides_who_scores_a_trick(ruleset: str, teams: tuple[tuple[int, ...], ...], points: list[int]) -> None:
    rs = load_ruleset(ruleset)
    assert rs.sides == teams
    st = deal_from_mapping(rs, {"dealer": 3, "hands": OVERTRUMP})
    run(st, "bid 1, pass, pass, pass")
    # Spades trump: AS wins 11 + 0 + 4 + 0 = 15 for seat 0; then TC led, seat 1 trumps QS,
    # seat 2 must overtrump with TS and wins 10 + 3 + 10 + 11 = 34.
    run(st, "play AS, play 9S, play KS, play 9C, play TC, play QS, play TS, play AC")
    assert st.card_points() == points


def test_the_moon_lays_down_every_partner_of_the_table() -> None:
    st = deal_from_mapping(load_ruleset(ADJACENT), {"dealer": 3, "hands": OVERTRUMP})
    run(st, "bid 5, pass, pass, pass")
    assert st.sitting_out == (1,)  # seat 0's partner in this table is seat 1, not seat 2
    assert st.actor == 0
    run(st, "play AS")
    assert st.actor == 2  # seat 1 is skipped


# --------------------------------------------------------------------------- match level
def test_next_dealer_goes_to_the_first_seat_of_the_winning_or_losing_side() -> None:
    rs = load_ruleset(THREE)
    won_by_2 = DealResult(2, 1, (0, 0, 1), "x")
    won_by_1 = DealResult(1, 1, (0, 1, 0), "x")
    winner_deals = dataclasses.replace(rs, dealer=DealerSpec(0, "winner_deals"))
    loser_deals = dataclasses.replace(rs, dealer=DealerSpec(0, "loser_deals"))
    assert next_dealer(winner_deals, 0, won_by_2) == 2
    assert next_dealer(loser_deals, 0, won_by_1) == 2  # seat 1 won: seat 2 is the first loser on the left
    assert next_dealer(loser_deals, 0, won_by_2) == 1
    assert next_dealer(rs, 0, won_by_2) == 1  # clockwise


@pytest.mark.parametrize("path", [THREE, THREE_TOGETHER, SOLO, ADJACENT], ids=lambda p: p.stem)
def test_whole_matches_end_and_replay_exactly(path: Path, tmp_path: Path) -> None:
    rs = load_ruleset(path)
    for seed in range(3):
        agents = [make_agent("random" if s % 2 else "greedy", rs, seed * 10 + s) for s in range(rs.players.count)]
        log = MatchLog()
        match = play_match(rs, agents, seed=seed, max_deals=300, log=log)
        assert match.winner is not None
        assert match.scores[match.winner] >= rs.match.target
        assert [sum(r.scores[s] for r in match.results) for s in range(rs.side_count)] == match.scores
        record = tmp_path / f"{path.stem}-{seed}.yaml"
        record.write_text(match_record(rs, seed=seed, players=["x"] * rs.players.count, deals=log.deals, record_path=record), encoding="utf-8")
        outcome = replay(load_record(record, allow_outside=True))  # the ruleset is a fixture of the repository
        assert outcome.illegal is None
        assert outcome.match_scores == match.scores and outcome.match_winner == match.winner


def test_random_three_seat_deals_pay_the_winner_from_every_loser() -> None:
    rs = load_ruleset(THREE)
    rng = random.Random(5)
    for k in range(200):
        st = DealState.new(rs, k % 3, rng)
        while not st.is_over:
            st.push_code(rng.choice(st.legal_codes()), keep_undo=False)
        r = st.result
        assert r is not None
        if r.drawn:
            assert r.scores == (0, 0, 0)
        elif r.winner is not None:
            # a winner is paid 1 to 3 by each of the two others
            assert 2 <= r.scores[r.winner] <= 6 and sum(r.scores) == r.scores[r.winner]
        else:
            # a penalty: both other sides score 2 or 3
            assert sorted(v for v in r.scores if v) in ([2, 2], [2, 3], [3, 3])
