"""The sides that won a deal, in ``rules run --json`` and ``rules replay --json``: ``winner``
keeps its meaning (one side, or ``null``), and ``winners`` names every side that won -- where
several won together too (soloist games: the defenders who beat a lone player, a soloist and
the dealer who sits out and scores with him), which ``winner`` leaves ``null``."""

from __future__ import annotations

import json
from pathlib import Path

from clitools import invoke
from interpreter.engine.settle import DealResult

ENDGAME = Path(__file__).resolve().parents[1] / "fixtures" / "records" / "endgame.yaml"

# Burgenland, dealer 1: seat 2 (the soloist) names spades and, after one trick of its own worth
# 24 points, declares -- under 66, a false declaration, which the two defenders win together.
FALSE_SOLOIST = """\
ruleset: house/burgenland
dealer: 1
seed: 577090037
moves: [trump S, play JH, play QS, play 9H, play QC, play AH, play TC, declare]
"""


def test_a_deal_two_defenders_won_names_both(tmp_path: Path) -> None:
    path = tmp_path / "false-soloist.yaml"
    path.write_text(FALSE_SOLOIST, encoding="utf-8")
    out = invoke(["replay", str(path), "--json"])
    assert out.exit_code == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["status"] == "deal_over" and report["card_points"][2] == 24 and report["tricks_won"][2] == 1
    assert report["winner"] is None and report["winners"] == [0, 1]


def test_a_deal_one_side_won_names_it_in_both_keys() -> None:
    """The hand-worked endgame: seat 1 takes the last trick and wins the deal."""
    out = invoke(["replay", str(ENDGAME), "--json"])
    report = json.loads(out.stdout)
    assert (report["winner"], report["winners"]) == (1, [1])


def test_run_names_the_soloist_and_the_dealer_who_scores_with_him() -> None:
    """Burgenland with four, seed 4: in deal 1 seat 0 deals and sits out, seat 1 (to his left)
    plays alone and takes the last trick -- the soloist and the dealer win together; in deal 2
    seat 1 deals, seat 2 plays alone and seat 0, a defender, declares 81 -- the defenders,
    seats 0 and 3, win together.  ``winner`` stays ``null`` in both."""
    out = invoke(["run", "house/burgenland-4", "--seed", "4", "--players", "random,random,random,random", "--deals", "2", "--json"])
    assert out.exit_code == 0, out.stderr
    first, second = json.loads(out.stdout)["deals"]
    assert first["dealer"] == 0 and first["reason"] == "last trick wins the deal"
    assert (first["winner"], first["winners"]) == (None, [0, 1])
    assert second["dealer"] == 1 and second["reason"].startswith("seat 0 declared 81")
    assert (second["winner"], second["winners"]) == (None, [0, 3])


def test_nobody_won_a_drawn_or_thrown_in_deal() -> None:
    assert DealResult(None, 0, (0, 0), "tie", drawn=True).winners == ()
    assert DealResult(None, None, (0, 0, 0), "all passed", redeal=True).winners == ()
    assert DealResult(1, 2, (0, 2), "seat 1 declared").winners == (1,)
