"""The summary of a deal of a game that scores units (the North American games) says what
each side scored: the set side's loss and every defender's gain -- where it once said
"opponents win 0 units" of a set, and named one defender as the winner where two scored."""

from __future__ import annotations

from pathlib import Path


from interpreter import load_ruleset
from tabletools import summary_after

#: north-american-4 (seed 6's first deal against random bots, seat 3 dealing): the person
#: bids 4, the partner (seat 2) bids the moon, and the person sits out.  The record stops
#: before the last trick, whose cards are forced: the table plays it out.
TEAM_SET = """\
ruleset: north-american-4
players: [human, random, random, random]
deals:
  - dealer: 3
    seed: 3407369726
    moves: [
      bid 4, pass, bid 5, pass, play QD, play AD, play 9C, play 9H, play JS, play QH,
      play AS, play KD, play QS, play JC, play AC, play JD, play TH, play JH, play 9S
    ]
"""

#: north-american-3 (seed 24's first deal against random bots, seat 2 dealing): the person
#: bids the moon and takes no trick; seat 1 takes three tricks and the widow, seat 2 four.
TWO_DEFENDERS = """\
ruleset: north-american-3
players: [human, random, random]
deals:
  - dealer: 2
    seed: 3059489832
    moves: [
      bid 5, pass, pass, play TH, play AH, play KH, play 9C, play JH, play QC, play QD,
      play KS, play KD, play 9S, play AS, play QS, play AD, play JS, play QH, play TS,
      play 9H, play KC
    ]
"""


def headline(record: str, tmp_path: Path) -> str:
    """The summary's line under "Deal 1 is over", when the resumed deal is played out."""
    lines = summary_after(record, tmp_path).splitlines()
    assert lines[0] == "Deal 1 is over"
    return lines[1]


def test_a_team_set_on_the_moon_is_said_to_lose_its_bid(tmp_path: Path) -> None:
    """The moon (bid 5) needs every trick: the partner takes four (56 points) and seat 3 two
    (32), so the team is set and loses its bid (moon_set: -bid, -5); the opponents score
    points // unit: 32 // 33 = 0, nothing to say."""
    sc = load_ruleset("north-american-4").scoring
    assert (sc.moon_set.source, sc.defenders.source, sc.unit) == ("-bid", "points // unit", 33)
    assert headline(TEAM_SET, tmp_path) == "your team -5 units — your team was set on the moon with 56 points"


def test_each_defender_that_scores_is_named(tmp_path: Path) -> None:
    """The person's moon is set (no trick: -5); seat 1 takes 72 points (with the widow), 72 //
    33 = 2 units, seat 2 48 points, 48 // 33 = 1 unit (72 + 48 = 120, the deck's)."""
    line = "you -5 units, seat 1 +2 units, seat 2 +1 unit — you were set on the moon with 0 points"
    assert headline(TWO_DEFENDERS, tmp_path) == line
    assert line in (Path(__file__).resolve().parents[2] / "docs/play.md").read_text(encoding="utf-8")  # its sample
