"""The summary of a deal where two seats play together against a soloist while each keeps his
own match score (Dreierschnapsen): one count, by the deal's sides, the pair named as a pair,
the soloist's cards laid away counted for him and said -- where the summary once said "you
reached 67; the others 53" beside "points: you 42, seat 1 25, seat 2 48"."""

from __future__ import annotations

from pathlib import Path

from interpreter import load_ruleset
from interpreter.core.cards import Card

from tabletools import summary_after


#: The probe's deal (Dreierschnapsen, seed 2's first deal against greedy bots): seat 2 names
#: hearts, everybody passes, seat 2 lays J♣ and Q♣ away and plays alone against seats 0 and 1.
#: The record stops before the last trick, whose cards are forced: the table plays it out.
DEAL = """\
ruleset: house/dreierschnapsen
players: [human, greedy, greedy]
deals:
  - dealer: 1
    seed: 4106135923
    moves: [
      trump H, pass, pass, pass, discard JC, discard QC, play TD, play KD,
      play JD, play TC, play KH, play KC, play KS, play TS, play TH, play AD,
      play QD, play AH, play QS, play QH, play JS
    ]
"""


def test_the_pair_against_the_soloist_is_counted_as_one_side(tmp_path: Path) -> None:
    rs = load_ruleset("house/dreierschnapsen")
    deck = rs.deck
    laid = sum(deck.points[deck.index(Card.parse(c))] for c in ("JC", "QC"))
    assert laid == 5  # a jack 2, a queen 3
    # the tricks by hand (A 11, 10 10, K 4, Q 3, J 2; hearts trump): seat 2 takes 10♦ K♦ J♦
    # (16), 10♠ K♠ 10♥ (24) and Q♠ Q♥ J♠ (8): 48; seat 0 takes 10♣ K♥ K♣ (18) and, in the
    # last trick, A♣ J♥ A♠ (24): 42; seat 1 takes A♦ Q♦ A♥: 25
    pair, solo = 42 + 25, 48 + laid
    assert pair + solo == deck.total_points  # no marriage in this deal: every point is a card's
    text = summary_after(DEAL, tmp_path)
    assert f"your side (you and seat 1) reached {pair}; seat 2 {solo} points ({laid} of them laid away)" in text, text
    assert (f"points: your side (you and seat 1) {pair} (you 42, seat 1 25), seat 2 {solo} ({laid} of them laid away);"
            in text), text
    assert "you reached" not in text and "the others" not in text
    # docs/play.md shows these two lines of this summary
    page = (Path(__file__).resolve().parents[2] / "docs/play.md").read_text(encoding="utf-8")
    for line in text.splitlines()[1:3]:
        assert line in page, line
