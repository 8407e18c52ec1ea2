"""rules analyse: one line per decision or --json, bad arguments exit 2."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cli.main import app

runner = CliRunner()


def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.yaml"
    result = runner.invoke(app, ["run", "schnapsen", "--players", "random,greedy", "--deals", "1", "--seed", "3", "--record", str(path)])
    assert result.exit_code == 0, result.output
    return path


def test_json_lists_the_decisions_of_the_seat_asked(tmp_path: Path) -> None:
    path = record(tmp_path)
    result = runner.invoke(app, ["analyse", str(path), "--seat", "1", "--iters", "60", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["complete"] and data["decisions"]
    for d in data["decisions"]:
        assert d["seat"] == 1 and d["best_value"] >= d["played_value"] - 1e-9 and d["loss"] >= 0


def test_bad_seat_and_missing_file(tmp_path: Path) -> None:
    path = record(tmp_path)
    bad = runner.invoke(app, ["analyse", str(path), "--seat", "2"])
    assert bad.exit_code == 2 and "seats 0 to 1" in bad.output
    missing = runner.invoke(app, ["analyse", str(tmp_path / "none.yaml")])
    assert missing.exit_code == 2


def test_a_record_with_an_illegal_move_is_one_message_not_a_traceback(tmp_path: Path) -> None:
    # deal seed 3, dealer 1: seat 0 leads AS (it holds it), and seat 1 cannot play AS as well
    path = tmp_path / "bad.yaml"
    path.write_text("ruleset: schnapsen\ndeals:\n  - dealer: 1\n    seed: 3\n    moves: [play AS, play AS]\n", encoding="utf-8")
    out = runner.invoke(app, ["analyse", str(path), "--iters", "10"])
    assert out.exit_code == 2
    assert out.exception is None or isinstance(out.exception, SystemExit)  # no traceback
    assert out.stderr == f"error: move 1 of the record, 'play AS', is illegal: seat 1 does not hold AS (rules replay {path} shows the position)\n"
