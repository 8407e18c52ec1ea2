"""docs/api.md's HighCardBot declares when its side *in this deal* has reached the target.

The page's bot once summed ``view.card_points[rs.side_of(view.seat)]``: per match side.  In
Burgenland (``players.sides: forehand_vs_rest``) every player keeps his own match score but the
two defenders pool their tricks in the deal, so a defender whose pair has 40 + 30 = 70 >= 66
saw only his own 40 and never declared.  The expectation is worked out here from the rules,
not read from the program: the soloist is the dealer's left (seat 0 when seat 2 deals), the
defenders 1 and 2 hold 40 and 30 card points, 70 >= claim.target 66, so declaring is right.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from interpreter import Declare, load_ruleset
from interpreter.engine.build import build_position

REPO = Path(__file__).resolve().parents[2]


def high_card_bot() -> Any:
    """The HighCardBot class exactly as the page writes it (its sample, up to the match it plays)."""
    text = (REPO / "docs" / "api.md").read_text(encoding="utf-8")
    sample = re.search(r"```python\n(from interpreter import[^`]*?class HighCardBot:.*?)\nrs = load_ruleset", text, re.S)
    assert sample is not None, "docs/api.md has no HighCardBot sample"
    namespace: dict[str, Any] = {}
    exec(compile(sample.group(1), "docs/api.md:HighCardBot", "exec"), namespace)
    return namespace["HighCardBot"]


def test_a_defender_declares_on_his_pairs_points() -> None:
    rs = load_ruleset("house/burgenland")
    state = build_position(rs, dealer=2, trump="H", leader=1, points=[10, 40, 30], tricks=[1, 2, 1],
                           hands=["AH TH KH QH", "AS TS KS QS", "AC TC KC QC"], drawn_out=False)
    assert state.actor == 1 and Declare() in state.legal_actions()
    bot = high_card_bot()(rs, 0)
    assert bot.choose(state.view(1), state.legal_actions()) == Declare()


def test_a_soloist_short_of_the_target_does_not_declare() -> None:
    rs = load_ruleset("house/burgenland")
    # the soloist (seat 0) leads with 60 of his own: 60 < 66, whatever the defenders hold
    state = build_position(rs, dealer=2, trump="H", leader=0, points=[60, 40, 30], tricks=[2, 1, 1],
                           hands=["AH TH KH QH", "AS TS KS QS", "AC TC KC QC"], drawn_out=False)
    assert state.actor == 0 and Declare() in state.legal_actions()
    bot = high_card_bot()(rs, 0)
    assert bot.choose(state.view(0), state.legal_actions()) != Declare()


def test_the_seatview_table_documents_claim_is_right() -> None:
    text = (REPO / "docs" / "api.md").read_text(encoding="utf-8")
    assert "| `claim_is_right()` |" in text
    assert "view.claim_is_right()" in text.split("## Writing a bot", 1)[1].split("## Random playouts", 1)[0]


def test_the_arena_makes_the_pages_bot_as_the_page_says() -> None:
    """The page passes ``MyBot`` to ``Arena``, which makes each bot as ``MyBot(ruleset, seed)``:
    the sample's constructor took ``(ruleset)`` only, a ``TypeError`` at the first deal.  One
    deal of Schnapsen (two sides) is two plays, one per seat assignment."""
    from interpreter.sim.arena import arena

    summary = arena(load_ruleset("schnapsen"), high_card_bot(), "greedy", deals=1, seed=0, jobs=1)
    assert summary.plays == 2
