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
