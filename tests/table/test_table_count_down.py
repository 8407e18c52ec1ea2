"""A match counted down (``match.count: down``, as Schnapsen players chalk it) at the card
table: the scoreboard, the end-of-deal summary and the start screen's offer to go on show
what each side still needs of the target, as ``rules run`` does ("7 to go") -- where they
once showed the score counting up ("match to 7: you 0, opponent 2")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Button, Static

from cli.table import render
from cli.table.app import TableApp, TableOptions
from cli.table.dialogs import ConfirmScreen, DealSummary
from cli.table.screen import TableScreen
from interpreter import Match, load_ruleset
from interpreter.core.actions import Play
from tabletools import key_for, run, screen_text, settle

HOUSE = "extends: schnapsen\nname: down\nmatch: {count: down}\n"


def test_the_scoreboard_says_what_each_side_still_needs(tmp_path: Path) -> None:
    """Target 7: a side on 5 needs 2 more, one on 2 needs 5; seen from seat 1, the other way round."""
    (tmp_path / "down.yaml").write_text(HOUSE, encoding="utf-8")
    state = Match(load_ruleset(tmp_path / "down.yaml"), 7).next_deal()
    assert render.scoreboard(state.view(0), [5, 2], 3).plain.startswith("match to 7: you 2 to go, opponent 5 to go  ·  deal 3  ·  ")
    assert render.scoreboard(state.view(1), [5, 2], 3).plain.startswith("match to 7: you 5 to go, opponent 2 to go  ·  deal 3  ·  ")


def test_a_deal_of_a_match_counted_down_from_the_table_to_the_start_screen(tmp_path: Path, monkeypatch: Any) -> None:
    """The person plays the first card the rules allow until the deal is over (seed 5, a random
    opponent): the table starts at 7 to go each, the summary says 7 less each side's score,
    and once the person quits there, the start screen offers the match with the same words."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "down.yaml").write_text(HOUSE, encoding="utf-8")
    seen: dict[str, Any] = {}

    async def first(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        assert "match to 7: you 7 to go, opponent 7 to go" in screen_text(app)
        for _ in range(200):
            await settle(pilot)
            if isinstance(app.screen, DealSummary):
                break
            if isinstance(app.screen, ConfirmScreen):
                await pilot.press("n")
                continue
            screen = app.screen
            assert isinstance(screen, TableScreen)
            if screen.session.human_to_act() != screen.me:
                continue
            legal = screen.session.legal()
            await pilot.press(key_for(app, next((a for a in legal if isinstance(a, Play)), legal[0])))
        assert isinstance(app.screen, DealSummary)
        seen["scores"] = list(app.screen.session.match.scores)
        seen["summary"] = str(app.screen.query_one("#summary", Static).content)
        await pilot.press("q")

    run(first, TableOptions("down.yaml", "random", 5, False, None, 0.0))
    s0, s1 = seen["scores"]
    assert 0 < s0 + s1 <= 3  # a Schnapsen deal scores 1 to 3 game points, to one side
    said = f"match to 7: you {7 - s0} to go, opponent {7 - s1} to go"
    assert said in seen["summary"], seen["summary"]

    async def second(app: TableApp, pilot: Any) -> None:
        (saved,) = tmp_path.glob("rules-play-*.yaml")
        label = str(app.screen.query_one("#resume", Button).label)
        assert label == f"Go on with {saved.name}: Schnapsen, deal 1, {said} (g)", label

    run(second, TableOptions(None, "random", None, False, None, 0.0), size=(160, 32))
