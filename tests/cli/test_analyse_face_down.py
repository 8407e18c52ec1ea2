"""In Dreierschnapsen the soloist's two cards laid away count for him (JS 2 + QC 3 = 5) and lie
face down: a defender's view leaves them out, and ``rules analyse`` showed the soloist's count
as a plain 0, read as his true count.  It is the defender's count and a ``?`` with why, in the
text, the page and the JSON (``points`` null for that side, ``face_down`` saying what was
counted); the soloist's own view counts them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app

runner = CliRunner()

# `rules run house/dreierschnapsen --seed 3 --deals 1 --record d3.yaml`, cut after move 10:
# seat 2 takes the widow in the plain game (everybody passed), lays away JS and QC (moves 5
# and 6), marries in diamonds leading QD (7), seat 0 plays JD (8), seat 1 TD (9), which takes
# the trick: QD 3 + JD 2 + TD 10 = 15; move 10 is seat 1's lead of AC.
RECORD = """\
ruleset: house/dreierschnapsen
players: [greedy, greedy, greedy]
deals:
  - dealer: 1
    seed: 1022050301
    moves: [trump H, pass, pass, pass, discard JS, discard QC, marry QD, play JD, play TD, play AC]
"""
FACE_DOWN = "seat 2 0 + ? (2 cards laid away face down)"


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "d3.yaml"
    path.write_text(RECORD, encoding="utf-8")
    return path


def points_lines(path: Path, *args: str) -> dict[int, str]:
    out = runner.invoke(app, ["analyse", str(path), "--iters", "20", "--seed", "1", *args])
    assert out.exit_code == 0, out.stderr
    found, move = {}, 0
    for line in out.stdout.splitlines():
        if line.startswith("deal 1 move"):
            move = int(line.split()[3].rstrip(":"))
        elif line.startswith("    points: "):
            found[move] = line.removeprefix("    points: ")
    return found


def test_a_defender_sees_the_soloists_count_as_unknown(record: Path) -> None:
    lines = points_lines(record, "--seat", "1")
    # the auction (move 4): nothing laid away yet, every count whole
    assert lines[4] == "you 0, seat 0 0, seat 2 0; tricks: you 0, seat 0 0, seat 2 0"
    assert lines[9] == f"you 0, seat 0 0, {FACE_DOWN}; tricks: you 0, seat 0 0, seat 2 0"
    assert lines[10] == f"you 15, seat 0 0, {FACE_DOWN}; tricks: you 1, seat 0 0, seat 2 0"


def test_the_soloist_counts_his_own_cards_laid_away(record: Path) -> None:
    lines = points_lines(record, "--seat", "2")
    assert lines[6] == "you 2, seat 0 0, seat 1 0; tricks: you 0, seat 0 0, seat 1 0"  # JS laid away
    assert lines[7] == "you 5, seat 0 0, seat 1 0; tricks: you 0, seat 0 0, seat 1 0"  # and QC


def test_the_json_gives_null_and_what_was_counted(record: Path) -> None:
    out = runner.invoke(app, ["analyse", str(record), "--iters", "20", "--seed", "1", "--seat", "1", "--json"])
    seen = {d["move"]: d["seen"] for d in json.loads(out.stdout)["decisions"]}
    assert (seen[4]["points"], seen[4]["face_down"]) == ([0, 0, 0], None)
    assert (seen[10]["points"], seen[10]["face_down"]) == ([0, 15, None], {"side": 2, "cards": 2, "counted": 0})


def test_the_page_says_it_too(record: Path, tmp_path: Path) -> None:
    page = tmp_path / "d3.html"
    out = runner.invoke(app, ["analyse", str(record), "--iters", "20", "--seed", "1", "--seat", "1", "--html", str(page)])
    assert out.exit_code == 0, out.stderr
    assert f'<span class="label">points</span>you 15, seat 0 0, {FACE_DOWN}; tricks' in page.read_text(encoding="utf-8")
