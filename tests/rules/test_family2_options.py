"""New option keys on small written rulesets (``extends:`` a bundled ruleset, in tmp_path).

Rules checked, each expectation worked out by hand from the schema descriptions:

* ``match.negative: floor_zero`` (A37): a set bid never takes a match score below 0;
* ``match.shutout``: ``double`` -- a 7-0 match counts 2 games (``Match.games``); ``retour`` --
  and 4 when the loser once stood one point from the target against 0;
* ``claim.false_after_close`` (A16): ``larger`` (max of the false-claim and failed-close
  penalties) against ``false_points`` (the false-claim penalty alone);
* ``scoring.trump_ten: 1``: +1 for the side taking the ten of trumps in a trick;
* ``bidding.moon.requirement: points`` with ``moon.points``;
* ``deal.widow.to: first_trick_winner_hand`` (north-american-3): the first trick's winner takes
  the widow into his hand and lays 3 away before leading;
* ``match.count: down``: ``rules run`` shows ``N to go``;
* removed keys ``bidding.first`` / ``match.tie`` with their one value: a warning at the key (``--strict``: exit 2).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from interpreter import DealState, Ruleset, load_ruleset, parse_action
from interpreter.engine.build import build_position
from interpreter.engine.match import Match, match_winner, scores_after
from interpreter.engine.settle import DealResult
from interpreter.text.rulebook import rulebook
from cli.table.review import Review
from interpreter.play.bots import make_agent
from interpreter.play.record import MatchResult, apply_recorded, deal_from_mapping, load_record, match_record, replay
from interpreter.play.runner import MatchLog, play_match as run_match

ROOT = Path(__file__).resolve().parents[2]
RULES = str(Path(sys.executable).parent / "rules")


def written(tmp_path: Path, name: str, text: str) -> Ruleset:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


def go(st: DealState, *moves: str) -> DealState:
    for move in moves:
        apply_recorded(st, parse_action(move))
    return st


# ----------------------------------------------------------------------------- match.negative
def na4_set_bid(rs: Ruleset) -> DealState:
    """north-american-4, dealer 3, seat 0 bid 4 (132 needed).  Last trick AS 9S KS JS (trump S):
    seat 0 takes 17, team 0 ends with 40 + 20 + 17 = 77 < 132: set, -4; team 1 has 30 + 30 = 60:
    60 // 33 = 1."""
    st = build_position(rs, dealer=3, hands=["AS", "9S", "KS", "JS"], trump="S", declarer=0, high_bid=4,
                        leader=0, points=[40, 30, 20, 30], tricks=[2, 1, 1, 1])
    return go(st, "play AS", "play 9S", "play KS", "play JS")


def test_negative_scores_allowed_by_default(tmp_path: Path) -> None:
    rs = load_ruleset("north-american-4")
    st = na4_set_bid(rs)
    assert st.result.scores == (-4, 1)
    match = Match(rs, 0, scores=[2, 5], dealer=3)
    match.deal = st
    match.finish_deal()
    assert match.scores == [-2, 6]  # 2 - 4, 5 + 1


def test_floor_zero_keeps_a_set_side_at_zero(tmp_path: Path) -> None:
    rs = written(tmp_path, "floor", "extends: north-american-4\nname: floor\nmatch: {negative: floor_zero}\n")
    st = na4_set_bid(rs)
    assert st.result.scores == (-4, 1)  # the deal's result is unchanged ...
    match = Match(rs, 0, scores=[2, 5], dealer=3)
    match.deal = st
    match.finish_deal()
    assert match.scores == [0, 6]  # ... but 2 - 4 stops at 0


def test_the_floor_is_one_rule_for_play_and_replay(tmp_path: Path) -> None:
    """scores_after is what finish_deal, rules replay and the table's review count with."""
    floor = written(tmp_path, "floor", "extends: north-american-4\nname: floor\nmatch: {negative: floor_zero}\n")
    st = na4_set_bid(floor)
    assert scores_after(floor, [2, 5], st.result) == [0, 6]  # 2 - 4 stops at 0; 5 + 1
    assert scores_after(floor, [7, 5], st.result) == [3, 6]  # 7 - 4 is above 0: no floor
    assert scores_after(load_ruleset("north-american-4"), [2, 5], st.result) == [-2, 6]


def test_a_floored_match_replays_to_its_own_result(tmp_path: Path) -> None:
    """A match where a set took a side below 0: rules replay (and the review's score before each
    deal) count the floor as the match did -- before, replay added without it and refused the
    record's true result header (seed 3: "the header says ... 3-11, but the moves give 2-10")."""
    floor = written(tmp_path, "floor", "extends: north-american-4\nname: floor\nmatch: {negative: floor_zero}\n")
    log = MatchLog()
    match = run_match(floor, [make_agent("greedy", floor, s) for s in range(4)], seed=3, log=log)
    unfloored, floored = [0, 0], False
    for result in match.results:
        unfloored = [a + b for a, b in zip(unfloored, result.scores)]
        floored = floored or min(unfloored) < 0
    assert floored, "the seed no longer sets a side below 0: pick another"
    path = tmp_path / "m.yaml"
    result = MatchResult(match.winner, match.scores, len(log.deals))
    path.write_text(match_record(floor, seed=3, players=["greedy"] * 4, deals=log.deals, record_path=path, result=result), encoding="utf-8")
    record = load_record(path)
    outcome = replay(record)
    assert (outcome.match_scores, outcome.match_winner) == (match.scores, match.winner)
    review = Review(record, seat=0)
    running = [0, 0]
    for k, deal_result in enumerate(match.results):
        assert review.scores_before[k] == running
        running = scores_after(floor, running, deal_result)


# ----------------------------------------------------------------------------- match.shutout
def declared(rs: Ruleset, side: int, gp: int) -> DealState:
    """A Schnapsen deal where ``side`` declares 70: the other has 40 points with a trick (1 game
    point) or nothing at all (3)."""
    pts, tricks = [0, 0], [0, 0]
    pts[side], tricks[side] = 70, 3
    if gp == 1:
        pts[1 - side], tricks[1 - side] = 40, 1
    st = deal_from_mapping(rs, {"dealer": 1 - side, "hands": {side: ["AS"], 1 - side: ["JS"]},
                                "start": {"leader": side, "trump": "H", "card_points": pts, "tricks_won": tricks}})
    st.apply(parse_action("declare"))
    assert st.result.scores[side] == gp
    return st


def play_match(rs: Ruleset, start: list[int], deals: list[tuple[int, int]]) -> Match:
    match = Match(rs, 0, scores=start)
    for side, gp in deals:
        match.deal = declared(rs, side, gp)
        match.finish_deal()
    return match


def test_shutout_double_counts_a_seven_nil_match_twice(tmp_path: Path) -> None:
    rs = written(tmp_path, "sd", "extends: schnapsen\nname: sd\nmatch: {shutout: double}\n")
    m = play_match(rs, [6, 0], [(0, 1)])
    assert (m.scores, m.winner, m.games) == ([7, 0], 0, 2)
    m = play_match(rs, [6, 1], [(0, 1)])
    assert (m.scores, m.winner, m.games) == ([7, 1], 0, 1)
    plain = play_match(load_ruleset("schnapsen"), [6, 0], [(0, 1)])
    assert (plain.winner, plain.games) == (0, 1)  # shutout none


def test_shutout_retour_four_when_the_loser_stood_at_six_to_nil(tmp_path: Path) -> None:
    """From 0:5, seat 1 scores 1 -> 0:6 (one from 7 against 0); seat 0 then scores 3, 3, 3 ->
    9:6 and wins: under retour 4 games, under double only 1 (seat 1 is not on 0)."""
    deals = [(1, 1), (0, 3), (0, 3), (0, 3)]
    retour = written(tmp_path, "sr", "extends: schnapsen\nname: sr\nmatch: {shutout: retour}\n")
    m = play_match(retour, [0, 5], deals)
    assert (m.scores, m.winner, m.games) == ([9, 6], 0, 4)
    assert play_match(retour, [6, 0], [(0, 1)]).games == 2  # a plain shutout is still 2
    double = written(tmp_path, "sd", "extends: schnapsen\nname: sd\nmatch: {shutout: double}\n")
    assert play_match(double, [0, 5], deals).games == 1


def test_retour_counts_a_match_taken_up_at_the_brink(tmp_path: Path) -> None:
    """A match taken up at 0:6 (one from 7 against 0: ``Match(scores=...)``, a record's
    ``start.match_scores``) is at the brink before any deal: seat 0 then scores 3, 3, 1 -> 7:6
    and wins, and seat 1 takes the Retourschneider, 4 -- before, the brink was noted only after
    a deal, and this match counted 1."""
    retour = written(tmp_path, "sr", "extends: schnapsen\nname: sr\nmatch: {shutout: retour}\n")
    m = play_match(retour, [0, 6], [(0, 3), (0, 3), (0, 1)])
    assert (m.scores, m.winner, m.games, m.bummerl) == ([7, 6], 0, 4, (0, 4))


def test_replay_counts_the_retour_of_a_record_taken_up_at_the_brink(tmp_path: Path) -> None:
    """The same as a record from ``start: {match_scores: [0, 6]}``: seat 0 declares 70 against
    nothing (Schwarz, 3), again (3), then 70 against 40 points and a trick (1): 7:6, and
    `rules replay --log` says seat 1 takes 4 Bummerl."""
    house = tmp_path / "sr.yaml"
    house.write_text("extends: schnapsen\nname: sr\nmatch: {shutout: retour}\n", encoding="utf-8")
    schwarz = "start: {leader: 0, trump: H, card_points: [70, 0], tricks_won: [3, 0]MS}\n    moves: [declare]\n"
    one = "start: {leader: 0, trump: H, card_points: [70, 40], tricks_won: [3, 1]}\n    moves: [declare]\n"
    record = tmp_path / "r.yaml"
    record.write_text(
        "ruleset: sr.yaml\ndeals:\n"
        "  - dealer: 1\n    hands: {0: [AS], 1: [JS]}\n    " + schwarz.replace("MS", ", match_scores: [0, 6]")
        + "  - dealer: 0\n    hands: {0: [AS], 1: [JS]}\n    " + schwarz.replace("MS", "")
        + "  - dealer: 1\n    hands: {0: [AS], 1: [JS]}\n    " + one, encoding="utf-8")
    done = subprocess.run([RULES, "replay", str(record), "--log"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "Match won by seat 0: seat 0: 7, seat 1: 6 -- seat 1 takes 4 Bummerl (a Retourschneider)" in done.stdout, done.stdout


def test_two_players_level_at_the_top_end_a_match_played_for_the_last_place() -> None:
    """Dreierschnapsen (24 game points, each player his own score, ``bummerl: last_place``): the
    two defenders score alike, so both reach 24 in the same deal -- DS: "das Spiel endet, sobald
    ein Spieler 24 Punkte erreicht hat": the match is over (what it decides is the last place),
    the first of the level players in seat order named its winner; one ahead wins outright."""
    rs = load_ruleset("house/dreierschnapsen")
    result = DealResult(1, 3, (0, 3, 3), "defenders win")
    assert match_winner(rs, [0, 24, 24], result) == 1
    assert match_winner(rs, [0, 24, 25], result) == 2
    assert match_winner(rs, [0, 23, 23], result) is None  # nobody there yet
    book = rulebook(rs)
    assert ("If more than one player reaches it in the same deal, the highest score wins; if the highest scores are level, "
            "the match ends all the same, since it is played to find who comes last and takes the Bummerl: the first of "
            "them in seat order is named the winner, which matters only for a Retourschneider (below).") in book


def test_two_players_level_at_the_top_play_another_deal_where_every_loser_counts() -> None:
    """Three-player 66 (7 game points, ``bummerl: every_loser``): level leaders play on -- a
    match every other player loses needs one winner."""
    rs = load_ruleset("house/three-player-66")
    result = DealResult(None, 2, (0, 2, 2), "given")
    assert match_winner(rs, [0, 7, 7], result) is None
    assert match_winner(rs, [0, 8, 7], result) == 1
    assert "if the highest scores are level, another deal is played." in rulebook(rs)


# ----------------------------------------------------------------------------- false_after_close
def wrong_declaration_after_closing(rs: Ruleset) -> DealState:
    """Schnapsen, dealer 1, clubs trump (TC turned).  Seat 0 closes before the first trick
    (seat 1 then has no trick).  QD, KD (seat 1 must head): seat 1 takes 7.  JH, AH: seat 0 13.
    TH, QH: seat 0 13 -> 26.  Seat 0 declares with 26: wrong.  False-claim penalty: seat 1 has a
    trick -> 2.  Failed close, counted at the close (no trick then) -> 3."""
    hands = {0: "AH TH KH QD JD".split(), 1: "AS JH QH KD JC".split()}
    st = deal_from_mapping(rs, {"dealer": 1, "hands": hands, "trump_card": "TC",
                                "stock": "AD TD AC KC QC TS KS QS JS".split()})
    go(st, "close", "play QD", "play KD", "play JH", "play AH", "play TH", "play QH", "declare")
    assert st.points == [26, 7] and st.tricks == [2, 1]
    return st


def test_false_declaration_after_closing_costs_the_larger_by_default() -> None:
    st = wrong_declaration_after_closing(load_ruleset("schnapsen"))
    assert st.result.scores == (0, 3)


def test_false_declaration_after_closing_false_points_alone(tmp_path: Path) -> None:
    rs = written(tmp_path, "fp", "extends: schnapsen\nname: fp\nclaim: {false_after_close: false_points}\n")
    assert wrong_declaration_after_closing(rs).result.scores == (0, 2)


# ----------------------------------------------------------------------------- scoring.trump_ten
def test_trump_ten_adds_one_for_the_side_that_takes_it(tmp_path: Path) -> None:
    """Schnapsen, clubs trump, talon gone, two tricks left; 120 - (10 + 11 + 2 + 4) = 93 played:
    seat 0 50, seat 1 43.  TC JC -> seat 0 62; AH KH -> seat 0 77, out after the last trick;
    seat 1 has 43 >= 33: 1, and seat 0 took TC: +1 -> 2.  Without the option: 1."""
    tt = written(tmp_path, "tt", "extends: schnapsen\nname: tt\nscoring: {trump_ten: 1}\n")
    for rs, expected in ((load_ruleset("schnapsen"), (1, 0)), (tt, (2, 0))):
        st = build_position(rs, dealer=1, trump="C", leader=0, hands=["TC AH", "JC KH"], points=[50, 43], tricks=[4, 4])
        go(st, "play TC", "play JC", "play AH", "play KH")
        assert st.result.scores == expected


def test_trump_ten_goes_to_the_other_side(tmp_path: Path) -> None:
    """120 - (10 + 11 + 11 + 4) = 84 played: seat 0 50, seat 1 34.  TC AC (seat 1 heads it):
    seat 1 55; KH AH: seat 0 65 < 66: the last trick wins the deal, 1 to seat 0; seat 1 took the
    ten of trumps: +1 to seat 1."""
    tt = written(tmp_path, "tt", "extends: schnapsen\nname: tt\nscoring: {trump_ten: 1}\n")
    st = build_position(tt, dealer=1, trump="C", leader=0, hands=["TC AH", "AC KH"], points=[50, 34], tricks=[4, 4])
    go(st, "play TC", "play AC", "play KH", "play AH")
    assert st.points == [65, 55]
    assert st.result.scores == (1, 1)


# ----------------------------------------------------------------------------- moon.requirement
def moon_last_trick(rs: Ruleset) -> DealState:
    """north-american-3, seat 0 bid the moon (5); widow won by him.  Before the last trick he has
    90 points in 4 tricks (seats 1, 2 one trick each); AS 9S JS (13) -> 103 points, 5 of 7 tricks."""
    st = build_position(rs, dealer=2, hands=["AS", "9S", "JS"], trump="S", declarer=0, high_bid=5, leader=0,
                        points=[90, 10, 7], tricks=[4, 1, 1], widow_taker=0, widow=["QC", "JC", "9C"])
    return go(st, "play AS", "play 9S", "play JS")


def test_moon_all_tricks_is_set_without_every_trick() -> None:
    st = moon_last_trick(load_ruleset("north-american-3"))
    assert st.result.made is False and st.result.scores == (-5, 0, 0)  # defenders 10 // 33, 7 // 33


def test_moon_by_points_is_made_with_enough_points(tmp_path: Path) -> None:
    rs = written(tmp_path, "mp", "extends: north-american-3\nname: mp\nbidding:\n  moon: {requirement: points, points: 100}\n")
    st = moon_last_trick(rs)
    assert st.result.made is True and st.result.scores == (5, 0, 0)  # 103 >= 100
    rs110 = written(tmp_path, "mp110", "extends: north-american-3\nname: mp110\nbidding:\n  moon: {requirement: points, points: 110}\n")
    assert moon_last_trick(rs110).result.scores == (-5, 0, 0)  # 103 < 110


# ----------------------------------------------------------------------------- widow to the hand
NA3_HANDS = {0: "AS TS KS QS JS 9S AH", 1: "TH KH QH JH 9H AD TD", 2: "KD QD JD 9D AC TC KC"}


def na3_first_trick(rs: Ruleset) -> DealState:
    """Dealer 2: seat 0 bids 1, the others pass; seat 0 leads AS (spades trump); seats 1 and 2
    have no spade: 9H, 9D; seat 0 takes 11.  Widow QC JC 9C (3 + 2 + 0 = 5)."""
    st = deal_from_mapping(rs, {"dealer": 2, "hands": {s: h.split() for s, h in NA3_HANDS.items()}, "stock": ["QC", "JC", "9C"]})
    return go(st, "bid 1", "pass", "pass", "play AS", "play 9H", "play 9D")


def test_widow_to_the_first_trick_winners_tricks_by_default() -> None:
    st = na3_first_trick(load_ruleset("north-american-3"))
    assert st.points[0] == 16 and len(st.hand(0)) == 6
    assert "play TS" in {str(a) for a in st.legal_actions()}


def test_widow_into_the_first_trick_winners_hand(tmp_path: Path) -> None:
    rs = written(tmp_path, "wh", "extends: north-american-3\nname: wh\ndeal:\n  widow: {to: first_trick_winner_hand}\n")
    st = na3_first_trick(rs)
    assert st.actor == 0 and st.points[0] == 11
    hand = "TS KS QS JS 9S AH QC JC 9C".split()
    assert sorted(str(c) for c in st.hand(0)) == sorted(hand)
    assert {str(a) for a in st.legal_actions()} == {f"discard {c}" for c in hand}
    go(st, "discard QC", "discard JC")
    assert st.actor == 0 and {str(a) for a in st.legal_actions()} == {f"discard {c}" for c in "TS KS QS JS 9S AH 9C".split()}
    go(st, "discard 9C")
    assert st.points[0] == 16  # 11 + the cards laid away
    assert len(st.hand(0)) == 6 and st.actor == 0 and st.leader == 0
    assert "play TS" in {str(a) for a in st.legal_actions()}


# ----------------------------------------------------------------------------- match.count
def run_log(path: str) -> list[str]:
    out = subprocess.run([RULES, "run", path, "--players", "random,random", "--seed", "1"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def test_count_down_shows_points_to_go(tmp_path: Path) -> None:
    """The same match (seed 1) counted up and down: after every deal each seat's "N to go" is
    7 minus its score, never below 0 -- whatever the random bots play (the first line is not
    pinned: it changes with the bots' seeds)."""
    path = tmp_path / "cd.yaml"
    path.write_text("extends: schnapsen\nname: cd\nmatch: {count: down}\n", encoding="utf-8")
    down = [l for l in run_log(str(path)) if l.strip().startswith("score ")]
    up = [l for l in run_log("schnapsen") if l.strip().startswith("score ")]
    assert down and len(down) == len(up)
    assert re.fullmatch(r"score seat 0: \d+ to go, seat 1: \d+ to go", down[0].strip()), down[0]
    for u, d in zip(up, down):
        scores = [int(x) for x in re.findall(r"seat \d: (-?\d+)", u)]
        togo = [int(x) for x in re.findall(r"seat \d: (\d+) to go", d)]
        assert len(scores) == len(togo) == 2 and togo == [max(0, 7 - s) for s in scores]


# ----------------------------------------------------------------------------- removed keys
def validate(path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([RULES, "validate", str(path), *extra], capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_bidding_first_was_removed(tmp_path: Path) -> None:
    path = tmp_path / "bf.yaml"
    path.write_text("extends: north-american-4\nname: bf\nbidding:\n  enabled: true\n  first: dealer_left\n", encoding="utf-8")
    out = validate(path)
    assert out.returncode == 0  # a file of the previous version still loads (issue 22)
    assert f"{path}:5:3: bidding.first: warning: bidding.first was removed: " in out.stderr
    assert validate(path, "--strict").returncode == 2


def test_match_tie_was_removed(tmp_path: Path) -> None:
    path = tmp_path / "mt.yaml"
    path.write_text("extends: north-american-4\nname: mt\nmatch:\n    target: 10\n    tie: play_on\n", encoding="utf-8")
    out = validate(path)
    assert out.returncode == 0
    assert f"{path}:5:5: match.tie: warning: match.tie was removed: " in out.stderr
    assert validate(path, "--strict").returncode == 2


def test_a_match_stopped_early_counted_down_says_what_each_seat_still_needs(tmp_path: Path) -> None:
    """``--deals 1`` of Schnapsen seed 1 (greedy against greedy): seat 1 wins 1 game point by
    reaching 81, so the match counted down from 7 stands at 7 and 6 to go -- the "Stopped after"
    line says so as the log's score lines do (it printed the points won, "score 0, 1")."""
    path = tmp_path / "cd.yaml"
    path.write_text("extends: schnapsen\nname: cd\nmatch: {count: down}\n", encoding="utf-8")
    out = subprocess.run([RULES, "run", str(path), "--deals", "1", "--seed", "1"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[-4].startswith("Deal 1: seat 1 wins 1 game point"), lines[-4]
    assert lines[-1] == "Stopped after 1 deal; score seat 0: 7 to go, seat 1: 6 to go"
