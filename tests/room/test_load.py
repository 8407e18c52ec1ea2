"""Load on one ``rules serve``: 50 tables at once, each with two scripted people and a bot,
played to the end of their matches (benchmarks/bench_serve_load.py, which prints the figures).
No error, no table lost, the server up and quiet; the latency per action is reported by the
benchmark, never asserted (the machine's load decides it)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("websockets", reason="rules serve needs the serve extra: pip install -e '.[test]'")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_serve_load import run  # noqa: E402


def test_fifty_tables_with_people_and_bots_play_to_the_end_at_once() -> None:
    figures = run(tables=50, ruleset="house/burgenland", bots=("greedy",))
    assert figures["errors"] == []
    assert figures["finished"] == 50, figures
    assert figures["server_alive"] and not figures["server_traceback"]
    assert figures["actions"] > 50 * 10  # every table played deals, not only opened
