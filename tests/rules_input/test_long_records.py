"""Replay reads any record `rules run --record` can write: a 10,000-deal match record (about
2 MB) replays through the command, where the reader used to stop at 1,000,000 characters."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from interpreter.core.errors import RecordError

from interpreter.engine.match import next_dealer
from interpreter.engine.state import DealResult, DealState
from interpreter.play.bots.random_bot import RandomBot
from interpreter.play.record import load_record, match_record
from interpreter.play.runner import play_deal
from interpreter.rules.loader import load_ruleset
from rules_input.bounded import GIB, run_bounded

DEALS = 10_000


def long_match(folder: Path) -> tuple[Path, list[int]]:
    """A record of DEALS deals of a Schnapsen whose match nobody can win, and its final score.

    Two deals are played for real (one per dealer); the match repeats them in the order the
    dealer rotation asks for, which is what replay checks.
    """
    ruleset = folder / "endless.yaml"
    ruleset.write_text("extends: schnapsen\nname: endless\nmatch: {target: 1000000000}\n", encoding="utf-8")
    rs = load_ruleset(ruleset)
    played: dict[int, tuple[int, list[str], DealResult]] = {}
    for dealer in range(rs.players.count):
        seed = 1000 + dealer
        state = DealState.new(rs, dealer, seed)
        moves: list[str] = []
        play_deal(state, [RandomBot(rs, seed), RandomBot(rs, seed + 1)], None, moves)
        assert state.result is not None and not state.result.drawn
        played[dealer] = (seed, moves, state.result)
    deals: list[tuple[int, int, list[str]]] = []
    scores = [0] * rs.side_count
    dealer = rs.dealer.first
    for _ in range(DEALS):
        seed, moves, result = played[dealer]
        deals.append((dealer, seed, moves))
        scores = [a + b for a, b in zip(scores, result.scores)]
        dealer = next_dealer(rs, dealer, result)
    record = folder / "long.yaml"
    record.write_text(match_record(rs, seed=None, players=["random", "random"], deals=deals, record_path=record), encoding="utf-8")
    return record, scores


def test_a_ten_thousand_deal_record_replays(tmp_path: Path) -> None:
    record, scores = long_match(tmp_path)
    assert record.stat().st_size > 1_000_000  # past the reader's old limit
    result = run_bounded(["replay", record.name, "--json"], tmp_path, timeout=120, memory=2 * GIB)
    assert not result.timed_out and result.exit_code == 0, result.stderr[-2000:]
    report = json.loads(result.stdout)
    assert (report["status"], report["illegal"], report["match_winner"]) == ("deal_over", None, None)
    assert report["match_scores"] == scores
    assert result.max_rss_mib < 1000


def test_a_bad_move_deep_in_a_long_record_is_located_exactly(tmp_path: Path) -> None:
    """Records keep no marks for their moves and cards (most of a long record); the one an
    error needs is found again in the text."""
    record, _ = long_match(tmp_path)
    text = record.read_text(encoding="utf-8")
    at = text.index("play", len(text) * 3 // 4)  # a move about 7,500 deals in
    record.write_text(text[:at] + "play ZZ" + text[at + 7 :], encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_record(record)
    error = caught.value
    line = text.count("\n", 0, at) + 1
    assert (error.line, error.column) == (line, at - text.rfind("\n", 0, at))
    assert error.path is not None and re.fullmatch(r"deals\[\d+\]\.moves\[\d+\]", error.path)
