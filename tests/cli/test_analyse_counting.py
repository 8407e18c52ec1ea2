"""rules analyse tells the card points of a deal a person is still playing only as far as the
rules let that person count them -- the rule ``rules replay`` and every screen follow.

At a real table tricks lie face down and players keep count in their heads
(``info.review_own_tricks``: ``none`` or ``last_trick`` -- Schnapsen's -- none of the points is
shown; ``all`` -- Soft Schnapsen -- the player's own side's).  The analysis of a record the
person is still playing once printed every side's running count under each of his decisions
("points: you 14, seat 1 0, seat 2 35"), where ``rules replay`` printed ``card_points: -, -``
for the same seat and position: an aid the rules forbid, in the middle of the deal.  Finished
deals, and records with no human seat, show every count (every hand is shown at the end of a
deal; a match of bots hides nothing from anybody), and so does ``--reveal``.

The positions are hand-made endgames (as tests/fixtures/records/endgame.yaml): two cards
each, the talon gone, hearts trump; seat 0 has 40 points, seat 1 44, four tricks each.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app

runner = CliRunner()

#: Seat 0 leads from AH KS; seat 1 holds TH AS.  Seat 0's lead is a choice (and so is a
#: false declaration); the record stops after it, the deal unfinished.
SEAT0_DECIDES = """\
ruleset: {ruleset}
players: {players}
dealer: 1
hands:
  0: [AH, KS]
  1: [TS, AS]
start:
  leader: 0
  card_points: [40, 44]
  tricks_won: [4, 4]
  closed: false
  trump: H
moves: [{moves}]
"""


def write(tmp_path: Path, ruleset: str, players: str, moves: str) -> Path:
    path = tmp_path / "live.yaml"
    path.write_text(SEAT0_DECIDES.format(ruleset=ruleset, players=players, moves=moves), encoding="utf-8")
    return path


def seen_of(path: Path, *extra: str) -> list[dict[str, object]]:
    out = runner.invoke(app, ["analyse", str(path), "--iters", "20", "--json", *extra])
    assert out.exit_code == 0, out.output
    return [d["seen"] for d in json.loads(out.stdout)["decisions"]]


# The cases: (ruleset, players, moves, analysed seat's decision at move K, its position's
# points as the person may be told them, the text line of the count).
#  * Schnapsen (last_trick), the human seat 0 leading, the record stopped after its lead:
#    neither side's 40 or 44 may be told -- the person keeps count; the tricks (4 each) lie
#    in front of everybody.
#  * Soft Schnapsen (all), the same: seat 0 may count its own tricks: 40, not seat 1's 44.
#  * Soft Schnapsen, the human seat 1: seat 0 leads KS; seat 1 must follow and beat, with TS
#    or AS (a choice); the record stops after its AS: seat 1's own 44, not seat 0's 40.
CASES = [
    ("schnapsen", "[human, greedy]", "play AH", 0, [None, None], "    tricks: you 4, opponent 4 (keep count yourself: tricks lie face down)"),
    ("house/soft-schnapsen", "[human, greedy]", "play AH", 0, [40, None], "    points: you 40; tricks: you 4, opponent 4"),
    ("house/soft-schnapsen", "[greedy, human]", "play KS, play AS", 1, [None, 44], "    points: you 44; tricks: you 4, opponent 4"),
]


@pytest.mark.parametrize(("ruleset", "players", "moves", "seat", "points", "line"), CASES)
def test_the_deal_in_play_tells_only_the_points_its_human_seat_may_count(
    tmp_path: Path, ruleset: str, players: str, moves: str, seat: int, points: list[int | None], line: str,
) -> None:
    path = write(tmp_path, ruleset, players, moves)
    (seen,) = seen_of(path)
    assert seen["points"] == points and seen["tricks"] == [4, 4]  # the key kept, null where hidden
    text = runner.invoke(app, ["analyse", str(path), "--iters", "20"])
    assert text.exit_code == 0, text.output
    assert line in text.stdout.splitlines()
    # rules replay of the position before that decision says the same of each side's count
    before = len(moves.split(",")) - 1
    replayed = json.loads(runner.invoke(app, ["replay", str(path), "--until", str(before), "--json"]).stdout)
    assert replayed["hidden"]["seen_by"] == seat and replayed["card_points"] == points


def test_the_page_tells_the_same_count_as_the_text(tmp_path: Path) -> None:
    """--html: the row of the count is the text's -- labelled ``tricks`` where no point may
    be told, and no 40 or 44 anywhere in the row."""
    page = tmp_path / "a.html"
    for ruleset, label, words in (
        ("schnapsen", "tricks", "you 4, opponent 4 (keep count yourself: tricks lie face down)"),
        ("house/soft-schnapsen", "points", "you 40; tricks: you 4, opponent 4"),
    ):
        path = write(tmp_path, ruleset, "[human, greedy]", "play AH")
        out = runner.invoke(app, ["analyse", str(path), "--iters", "20", "--html", str(page)])
        assert out.exit_code == 0, out.output
        html = page.read_text(encoding="utf-8")
        assert f'<span class="label">{label}</span>{escape(words)}</div>' in html
        assert "44" not in html.split(f'<span class="label">{label}</span>')[1].split("</div>")[0]


def test_finished_deals_bot_records_and_reveal_tell_every_count(tmp_path: Path) -> None:
    """The same position where nothing is kept from anybody: --reveal; the record of bots
    (no human seat); and the deal played to its end (AH TS: seat 0 takes 21 with its ace, 61;
    then its last card KS, or a false declaration at 61, is its second decision)."""
    path = write(tmp_path, "schnapsen", "[human, greedy]", "play AH")
    assert seen_of(path, "--reveal")[0]["points"] == [40, 44]
    bots = write(tmp_path, "schnapsen", "[greedy, greedy]", "play AH")
    assert seen_of(bots)[0]["points"] == [40, 44]
    done = write(tmp_path, "schnapsen", "[human, greedy]", "play AH, play TS, play KS, play AS")
    assert [seen["points"] for seen in seen_of(done, "--seat", "0")] == [[40, 44], [61, 44]]
