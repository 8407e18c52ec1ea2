"""The keys the table teaches are the keys that work: the "keys now" line lists hint and undo
in practice mode and M beside m for a marriage, the summary of a deal says why undo does
nothing there, and Ctrl-C saves and quits as q does (and the help says so)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cli.table.app import TableApp
from cli.table.dialogs import DealSummary, HelpScreen
from cli.table.screen import TableScreen
from interpreter import Match, load_ruleset
from interpreter.core.actions import Marry
from tabletools import options, press_card, run, screen_text, settle


def table(app: TableApp) -> TableScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


def flat(app: TableApp) -> str:
    return " ".join(screen_text(app).split())


def test_keys_now_lists_hint_and_then_undo_in_practice_mode(tmp_path: Path) -> None:
    """Schnapsen seed 7, practice mode (docs/play.md's sample): at the first lead nothing is to be taken back, so the
    line offers h but not u; after the person's card (and the bot's answer) u as well."""

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("z")
        await settle(pilot)
        text = flat(app)
        # seed 7: seat 0 leads with K♠ and Q♠ in hand, the talon open: docs/play.md's sample
        sample = "z: no use now — keys now: 1-5 a card, m, M marry, c close, h hint; ? help, q save and quit"
        assert sample in text
        assert sample in (Path(__file__).resolve().parents[2] / "docs/play.md").read_text(encoding="utf-8")
        await press_card(app, pilot, "1")
        await settle(pilot)
        while table(app).session.human_to_act() != 0:
            await settle(pilot)
        await pilot.press("z")
        await settle(pilot)
        text = flat(app)
        assert "h hint, u undo; ? help, q save and quit" in text

    run(test, options("schnapsen", tmp_path, practice=True))


def test_keys_now_outside_practice_has_neither_hint_nor_undo(tmp_path: Path) -> None:
    """Seed 7 deals seat 0, the leader, K♠ and Q♠ (spades trump): a marriage led by either
    card, and closing the talon; no hint, no undo outside practice mode."""
    hand = Match(load_ruleset("schnapsen"), 7).next_deal().hand(0)
    assert {str(c) for c in hand} >= {"KS", "QS"}

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("z")
        await settle(pilot)
        text = flat(app)
        assert "keys now: 1-5 a card, m, M marry, c close; ? help, q save and quit" in text

    run(test, options("schnapsen", tmp_path))


def test_keys_now_names_capital_m_with_a_marriage(tmp_path: Path) -> None:
    """The first seed of Schnapsen whose first deal lets seat 0 lead a marriage of one suit
    (king and queen of it in hand): both m and M lead it, so both are listed."""
    rs = load_ruleset("schnapsen")
    seed = next(s for s in range(500) if (st := Match(rs, s).next_deal()).actor == 0
                and len({a.card.suit for a in st.legal_actions() if isinstance(a, Marry)}) == 1)

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("z")
        await settle(pilot)
        assert "1-5 a card, m, M marry" in flat(app)

    run(test, options("schnapsen", tmp_path, seed=seed))


def test_undo_on_a_deal_summary_says_the_deal_is_over(tmp_path: Path) -> None:
    """Practice mode, a deal played to its end with the first card every time: the summary
    offers no Undo button, and u there says why it does nothing."""

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        for _ in range(40):
            if isinstance(app.screen, DealSummary):
                break
            await press_card(app, pilot, "1")
            await settle(pilot)
        assert isinstance(app.screen, DealSummary)
        text = screen_text(app)
        assert "Undo (u)" not in text and "Hint (h)" not in text
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, DealSummary)
        assert "the deal is over: undo and hints work within the deal in play" in flat(app)

    run(test, options("schnapsen", tmp_path, practice=True))


def test_ctrl_c_saves_and_quits_and_the_help_says_so(tmp_path: Path) -> None:
    record = tmp_path / "match.yaml"
    seen: dict[str, Any] = {}

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert "Ctrl-C, Ctrl-Q  save and quit too" in screen_text(app)
        await pilot.press("escape")
        await press_card(app, pilot, "1")
        await settle(pilot)
        seen["moves"] = list(table(app).session.moves)
        await pilot.press("ctrl+c")
        await settle(pilot)
        seen["leaving"] = app.leaving

    opts = options("schnapsen", tmp_path)
    run(test, opts)
    assert seen["leaving"], "Ctrl-C did not end the table"
    assert [path for path, _ in opts.saved] == [record]
    assert seen["moves"] and all(move in record.read_text(encoding="utf-8") for move in seen["moves"])
