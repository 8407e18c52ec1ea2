"""The question before a declaration, where the person keeps count, says what a false one
would cost now, as the engine would score it -- after the person closed the talon that is
what failing the close costs where it is more (claim.false_after_close: larger), where the
question once gave only claim.false_points ("2 game points (3 if it has no trick yet)")."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from cli.table.app import TableApp, TableOptions
from cli.table.dialogs import ConfirmScreen, DealSummary
from cli.table.screen import TableScreen
from cli.table.words import claim_question
from interpreter import Match, load_ruleset
from interpreter.core.actions import Declare
from interpreter.play.session import resume
from tabletools import run, settle

#: Schnapsen (the first deal of seed 36 against the random bot): the person closes the talon
#: before the first trick, while the opponent has no trick; K♣ is taken by 10♣, the opponent
#: announces 20 in diamonds and leads K♦, which the person's A♦ takes.  The person (15
#: points: A♦ 11 and K♦ 4) may declare, and the opponent has a trick now.
DEAL = """\
ruleset: schnapsen
players: [human, random]
deals:
  - dealer: 1
    seed: 1411758002
    moves: [close, play KC, play TC, marry KD, play AD]
"""


def test_the_closer_is_told_the_cost_of_a_false_declaration(tmp_path: Path) -> None:
    """A false declaration costs claim.false_points.base 2 now (the opponent has a trick), the
    failed close fail_points.no_trick 3 (the opponent had none at the close, basis at_close):
    the larger, 3, is said, and is what the deal scores when the person declares."""
    rs = load_ruleset("schnapsen")
    assert (rs.claim.false_points.base, rs.closing.fail_points.no_trick, rs.closing.fail_points.basis) == (2, 3, "at_close")
    assert rs.claim.false_after_close == "larger"
    path = tmp_path / "d.yaml"
    path.write_text(DEAL, encoding="utf-8")
    seen: dict[str, Any] = {}

    async def test(app: TableApp, pilot: Any) -> None:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen) and Declare() in screen.session.legal()
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        seen["question"] = app.screen.question
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, DealSummary)
        seen["result"] = screen.session.result()

    run(test, TableOptions(resume=resume(path), bot_delay=0.0), size=(120, 40))
    assert seen["question"] == "Declare 66? If you have fewer than 66 points, declaring loses the deal, 3 game points to the other side."
    assert seen["result"].scores == (0, 3)


def test_a_doubled_deal_doubles_the_cost_said() -> None:
    """Burgenland with contra (claim.false_points: 2, 3 against a side without a trick; no
    closing): in a doubled deal a false declaration costs twice that, redoubled four times.
    The first declarations of random deals where the deal is doubled, each checked."""
    rs = load_ruleset("house/burgenland-contra")
    assert (rs.claim.false_points.base, rs.claim.false_points.opponent_without_trick) == (2, 3) and not rs.closing.enabled
    checked = 0
    for seed in range(40):
        state, rng = Match(rs, seed).next_deal(), random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            seat = state.actor
            assert seat is not None
            view = state.view(seat)
            if Declare() in legal and view.public.doubled:
                mine = view.public.side_index[seat]
                costs = [3 if sum(view.public.tricks[s] for s in side) == 0 else 2 for k, side in enumerate(view.sides) if k != mine]
                cost = max(costs) * (2 if view.public.doubled == 1 else 4)
                assert claim_question(view, Declare(), False) == (
                    f"Declare 66? If you have fewer than 66 points, declaring loses the deal, {cost} game points to the other side.")
                checked += 1
                break
            state.apply(rng.choice([a for a in legal if a != Declare()] or legal))
    assert checked >= 3, checked
