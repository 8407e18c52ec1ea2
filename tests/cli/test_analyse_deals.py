"""rules analyse --deal: one deal of a match (or a few) analysed as the whole record's analysis
analyses it, the others left out; a deal the record does not hold is refused (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cli.analyse import _moves_of
from cli.main import app

runner = CliRunner()

# rules run schnapsen --players random,greedy --deals 3 --seed 3 --record r.yaml: three deals of
# 11, 20 and 11 moves (the third stopped after its first two in the unfinished copy below)
RECORD = """ruleset: schnapsen
seed: 3
players: [random, greedy]
deals:
  - dealer: 1
    seed: 1022050301
    moves: [play JH, play TH, marry QD, play KH, play QH, play QS, play JD, play AS, play TC, play QC, declare]
  - dealer: 0
    seed: 2545373330
    moves: [exchange, play JD, play QS, play KS, play AC, play QH, play AH, play JS, play JH, play QD, play KC,
      play KH, play TC, play JC, play TH, play QC, play AS, play TS, play AD, declare]
  - dealer: 1
    seed: 2337446730
    moves: [close, play AC, play KC, play QS, play TS, play AH, play QC, play AS, play TD, play KD, play JC]
"""


def written(tmp_path: Path, text: str = RECORD) -> Path:
    path = tmp_path / "match.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def analysed(path: Path, *extra: str) -> dict[str, object]:
    out = runner.invoke(app, ["analyse", str(path), "--iters", "40", "--json", *extra])
    assert out.exit_code == 0, out.output
    data: dict[str, object] = json.loads(out.stdout)
    return data


def test_a_deal_alone_gets_the_decisions_the_whole_analysis_gives_it(tmp_path: Path) -> None:
    """Each decision's search is seeded from its place in the record: deal 2 analysed alone is
    deal 2 of the whole record's analysis, decision for decision, value for value."""
    path = written(tmp_path)
    whole = analysed(path)
    alone = analysed(path, "--deal", "2")
    assert whole["deals"] is None and alone["deals"] == [2]
    decisions = alone["decisions"]
    assert isinstance(decisions, list) and isinstance(whole["decisions"], list)
    assert {d["deal"] for d in decisions} == {2}
    assert {d["move"] for d in decisions} == set(range(1, 21))  # the deal's 20 moves, each some seat's decision
    assert decisions == [d for d in whole["decisions"] if d["deal"] == 2]


def test_several_deals_in_any_order_and_twice_are_analysed_once_each_in_the_records_order(tmp_path: Path) -> None:
    path = written(tmp_path)
    data = analysed(path, "--deal", "3", "--deal", "1", "--deal", "3", "--seat", "0")
    assert data["deals"] == [1, 3]
    decisions = data["decisions"]
    assert isinstance(decisions, list)
    assert [d["deal"] for d in decisions] == sorted(d["deal"] for d in decisions)
    assert {d["deal"] for d in decisions} == {1, 3} and {d["seat"] for d in decisions} == {0}


def test_a_deal_the_record_does_not_hold_is_refused(tmp_path: Path) -> None:
    path = written(tmp_path)
    for deal in ("0", "4"):
        out = runner.invoke(app, ["analyse", str(path), "--deal", deal])
        assert out.exit_code == 2
        assert out.stderr == f"error: --deal {deal}: the record holds deals 1 to 3\n"
    one = written(tmp_path, RECORD.split("  - dealer: 0")[0])
    out = runner.invoke(app, ["analyse", str(one), "--deal", "2"])
    assert (out.exit_code, out.stderr) == (2, "error: --deal 2: the record holds deal 1 only\n")


def test_the_note_on_a_deal_a_person_still_plays_comes_only_with_that_deal(tmp_path: Path) -> None:
    """Seat 0 a person, the third deal stopped after its first two moves: analysing deal 1 says
    nothing of deal 3; analysing deal 3 gives the note, and only seat 0's decision in it."""
    text = RECORD.replace("players: [random, greedy]", "players: [human, greedy]").replace(
        "moves: [close, play AC, play KC, play QS, play TS, play AH, play QC, play AS, play TD, play KD, play JC]",
        "moves: [close, play AC]")
    path = written(tmp_path, text)
    first = runner.invoke(app, ["analyse", str(path), "--iters", "40", "--deal", "1"])
    assert first.exit_code == 0, first.output
    assert "note:" not in first.stderr
    third = runner.invoke(app, ["analyse", str(path), "--iters", "40", "--deal", "3", "--json"])
    assert third.exit_code == 0, third.output
    assert third.stderr.startswith("note: deal 3 is unfinished and the record has a human seat: seat 0's decisions in it shown")
    # dealer 1: seat 0 leads -- it closes (move 1) and plays AC (move 2); seat 1 has not played
    assert [(d["deal"], d["move"], d["seat"]) for d in json.loads(third.stdout)["decisions"]] == [(3, 1, 0), (3, 2, 0)]


def test_an_interrupted_analysis_of_chosen_deals_says_how_far_it_came_in_them() -> None:
    assert _moves_of(42, None) == "the record's 42 moves"
    assert _moves_of(20, [2]) == "the 20 moves of deal 2"
    assert _moves_of(1_031, [1, 3, 4]) == "the 1,031 moves of deals 1, 3 and 4"
