"""The log's word on trump at the first lead, where the first card led makes trump
(``trump.selection: first_card_led``, the North American games): the suit led -- unless the
contract is played without trump (``bidding.moon.trump: none``, the PP family's bid of 6), where
the log said ``trump is diamonds (first card led)`` while the table said "trump none" and the
engine let no card of that suit win off-suit.

A hand-worked deal of rulesets/house/pp-sixty-six.yaml (the hands of tests/rules/test_family_pp.py),
dealer 3, so seat 0 bids first; seat 2 (his partner) sits out of the bid of 6:

    seat 0: AH TH KH QH AS TS      seat 1: KS QS JS 9S AC TC
    seat 2: AD TD KD QD JD 9D      seat 3: JH 9H KC QC JC 9C

Bid 6, three passes.  Trick 1: seat 0 leads AS, seat 1 follows 9S, seat 3 (no spade) 9C: the
ace wins, 11 points.  Trick 2: seat 0 leads AH, seat 1 (no heart) plays JS, seat 3 follows 9H.
Were spades trump, as the old line said, JS would take it; without trump the ace does:
seat 0 takes 11 + 2 + 0 = 13.  The log goes through ``rules replay --log`` (the same
wording as ``rules run``, cli/log.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import invoke, no_traceback

HANDS = """\
hands:
  0: [AH, TH, KH, QH, AS, TS]
  1: [KS, QS, JS, 9S, AC, TC]
  2: [AD, TD, KD, QD, JD, 9D]
  3: [JH, 9H, KC, QC, JC, 9C]
"""
NO_TRUMP = "  no trump in this contract: the first card led does not make trump"


def log_of(tmp_path: Path, moves: str) -> list[str]:
    path = tmp_path / "pp.yaml"
    path.write_text(f"ruleset: house/pp-sixty-six\ndealer: 3\n{HANDS}moves: [{moves}]\n", encoding="utf-8")
    out = invoke(["replay", str(path), "--log"])
    no_traceback(out)
    assert out.exit_code == 0, out.stderr
    return out.stdout.split("\n\n")[0].splitlines()  # the log, before the report


def test_the_bid_of_6_is_logged_without_trump(tmp_path: Path) -> None:
    log = log_of(tmp_path, "bid 6, pass, pass, pass, play AS, play 9S, play 9C, play AH, play JS, play 9H")
    start = log.index("  seat 2 sits out")
    assert log[start + 1:] == [
        NO_TRUMP,
        "  trick 1: 0 AS, 1 9S, 3 9C -> seat 0 takes 11",
        "  trick 2: 0 AH, 1 JS, 3 9H -> seat 0 takes 13",
    ]
    assert not any("trump is" in line for line in log)


@pytest.mark.parametrize(("bid", "lead", "said"), [
    # the bid of 6: no trump, so a marriage is a plain one, 20
    ("6", "marry KH", [NO_TRUMP, "  seat 0 announces 20 in hearts and leads KH"]),
    # an ordinary bid keeps the base rule: the suit led is trump, and its marriage is 40
    ("4", "play AS", ["  trump is spades (first card led)"]),
    ("4", "marry KH", ["  trump is hearts (first card led)", "  seat 0 announces 40 in hearts and leads KH"]),
])
def test_the_first_lead_says_what_it_does_to_trump(tmp_path: Path, bid: str, lead: str, said: list[str]) -> None:
    log = log_of(tmp_path, f"bid {bid}, pass, pass, pass, {lead}")
    first = next(k for k, line in enumerate(log) if line.startswith("  contract: "))
    rest = [line for line in log[first + 1:] if line != "  seat 2 sits out"]
    assert rest == said
