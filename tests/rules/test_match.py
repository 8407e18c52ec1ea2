"""Match-level rules: a decided match takes no more deals, the drawn-deal bonus, closed positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.core.errors import RecordError
from interpreter.play.record import deal_from_mapping, load_record, replay, replay_report

DRAWN = """  - dealer: 1
    start: {leader: 0, card_points: [65, 53], tricks_won: [5, 6], trump: S}
    hands: {0: [9H], 1: [JH]}
    moves: [play 9H, play JH]
"""
WIN = """  - dealer: 1
    start: {leader: 0, card_points: [60, 40], tricks_won: [5, 5], trump: S}
    hands: {0: [AH, KH], 1: [JH, 9H]}
    moves: [play AH, play JH, declare]
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_next_deal_bonus_is_one_game_point_after_any_number_of_draws(tmp_path: Path) -> None:
    """A1 variant (P66, DE): a drawn deal gives the winner of the next deal one extra game point.

    Deals 1 and 2: seat 1's JH beats the 9H and takes 2 + 10 for the last trick: 65-65, drawn.
    Deal 3: seat 0 takes AH JH (13) for 73 and declares; the opponent has 40 (>= 33): 1 game
    point, plus the one set aside: 2."""
    write(tmp_path, "nd.yaml", "extends: sechsundsechzig\nname: nd\nend: {tie: next_deal_bonus}\n")
    record = write(tmp_path, "r.yaml", "ruleset: nd.yaml\ndeals:\n" + DRAWN + DRAWN + WIN)
    report = replay_report(replay(load_record(record)))
    assert report["match_scores"] == [2, 0]
    assert report["game_points"] == 2
    assert report["winner"] == 0


def test_a_drawn_deal_scores_nothing_by_default(tmp_path: Path) -> None:
    record = write(tmp_path, "r.yaml", "ruleset: sechsundsechzig\ndeals:\n" + DRAWN)
    report = replay_report(replay(load_record(record)))
    assert (report["winner"], report["game_points"], report["match_scores"]) == (None, 0, [0, 0])


def test_no_deal_may_follow_the_deal_that_decides_the_match(tmp_path: Path) -> None:
    """2.11: the first to 7 wins the match -- a record that plays on after that is broken.

    Deal 1 starts at 6-5; seat 0 declares correctly with 73 against 40: 1 game point, 7-5."""
    first = WIN.replace("start: {", "start: {match_scores: [6, 5], ")
    record = write(tmp_path, "r.yaml", "ruleset: sechsundsechzig\ndeals:\n" + first + WIN)
    with pytest.raises(RecordError) as info:
        replay(load_record(record))
    # a bundled ruleset changes with the program: the message says its match rules may have
    # changed since, where to read which, and the moves (3, of deal 1) that still replay
    assert info.value.message == (
        "the match is already won (by seat 0) under the ruleset 'sechsundsechzig', a bundled ruleset whose match rules "
        'may have changed since the record was written (see docs/authoring.md, "A few rules changed their meaning"; '
        "rules replay --until 3 replays the 1 deal before this one)"
    )
    assert info.value.path == "deals[1]"
    # a record of a match played under a rule since changed (or a rule file since edited) is refused
    # so too: the message names the rules as a cause, not only the record
    assert info.value.expected == "no deals after the deal that decides the match, or the ruleset the match was played under"
    # under a rule file (the same rules), refused as well, without a word on the bundled rules
    write(tmp_path, "own.yaml", "extends: sechsundsechzig\nname: own\n")
    own = write(tmp_path, "o.yaml", "ruleset: own.yaml\ndeals:\n" + first + WIN)
    with pytest.raises(RecordError) as info:
        replay(load_record(own))
    assert info.value.message == "the match is already won (by seat 0) under the ruleset 'own.yaml'"
    assert info.value.path == "deals[1]"


def test_a_closed_talon_needs_its_closer() -> None:
    with pytest.raises(RecordError) as info:
        deal_from_mapping("schnapsen", {
            "dealer": 1,
            "start": {"leader": 0, "card_points": [30, 20], "tricks_won": [2, 1], "closed": True},
            "hands": {0: ["AS", "TS"], 1: ["KS", "QS"]},
            "trump_card": "AH",
            "stock": ["JS", "QH"],
        })
    assert info.value.message == "a closed talon needs its closer, to score a failed or successful close"
    assert info.value.path == "start.closed"


def test_closed_position_with_closer_scores_a_failed_close() -> None:
    """3.7: the closer (seat 0) does not go out: the opponent scores 2 (he had a trick at the
    start position, taken as the moment of closing).  Seat 0 leads AS, seat 1 must follow with
    KS (15 for seat 0: 45); then TS beats QS (13: 58) -- the last trick, below 66."""
    state = deal_from_mapping("schnapsen", {
        "dealer": 1,
        "start": {"leader": 0, "card_points": [30, 20], "tricks_won": [2, 1], "closed": True, "closer": 0},
        "hands": {0: ["AS", "TS"], 1: ["KS", "QS"]},
        "trump_card": "AH",
        "stock": ["JS", "QH"],
    })
    from interpreter.core.actions import parse_action

    for move in ("play AS", "play KS", "play TS", "play QS"):
        state.apply(parse_action(move))
    assert state.result is not None
    assert (state.result.winner, state.result.game_points) == (1, 2)
    assert state.card_points() == [58, 20]
