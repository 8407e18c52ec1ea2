"""Records of the contract games replay (fixtures in tests/fixtures/family2/, each with its
expectation worked out by hand in a comment): ``trump S``, ``bid N``, ``pass``, ``discard XY``
and ``play XY`` in ``moves``, through :func:`replay` and the ``rules replay`` command.
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cli.main import app
from interpreter import load_record, replay

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "family2"


def test_a_bauernschnapsen_bettler_record() -> None:
    out = replay(load_record(FIXTURES / "bauern-bettler-lost.yaml"))
    assert out.illegal is None
    assert out.state.is_over and out.state.tricks_played == 1
    assert out.match_scores == [0, 4]


def test_a_bauernschnapsen_kontraschnapser_record() -> None:
    out = replay(load_record(FIXTURES / "bauern-kontraschnapser.yaml"))
    assert out.illegal is None
    assert out.state.tricks_played == 3
    assert out.match_scores == [0, 12]


def test_a_dreierschnapsen_record_with_discards() -> None:
    out = replay(load_record(FIXTURES / "dreier-gang-lost.yaml"))
    assert out.illegal is None
    assert out.state.points[2] == 7  # KC + QC laid away
    assert out.match_scores == [9, 9, 0]


def test_a_play_before_the_second_discard_is_reported() -> None:
    out = replay(load_record(FIXTURES / "dreier-play-before-discard.yaml"))
    assert out.illegal is not None and out.illegal["index"] == 5 and out.illegal["move"] == "play AD"
    assert out.state.actor == 2 and len(out.state.hand(2)) == 7
    assert {str(a) for a in out.state.legal_actions()} == {f"discard {c}" for c in "AD TD KD QD JD QC JC".split()}


def test_rules_replay_reads_the_contract_records() -> None:
    runner = CliRunner()
    for name, scores, gp in (("bauern-bettler-lost.yaml", [0, 4], 4), ("dreier-gang-lost.yaml", [9, 9, 0], 9)):
        result = runner.invoke(app, ["replay", str(FIXTURES / name), "--json"], prog_name="rules")
        assert result.exit_code == 0, result.stdout
        report = json.loads(result.stdout.strip().splitlines()[-1])
        assert report["illegal"] is None and report["status"] == "deal_over"
        assert report["match_scores"] == scores and report["game_points"] == gp
    bad = runner.invoke(app, ["replay", str(FIXTURES / "dreier-play-before-discard.yaml")], prog_name="rules")
    assert bad.exit_code == 1
