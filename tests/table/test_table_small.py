"""A terminal smaller than 80 x 24 cuts the table's column off: everything the seat may see
stays reachable, by PgDn (offered in the footer as "More" only then) or the mouse wheel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cli.table.app import TableApp, TableOptions
from interpreter.play.session import resume
from tabletools import run, screen_text, settle

#: Schnapsen, cut off mid-deal: seat 1 announced 20 in spades and leads the queen; seat 0 to
#: follow.  The column holds the table, the tricks, the note on counting, the announcement.
MID_DEAL = """\
ruleset: schnapsen
players: [human, greedy]
deals:
  - dealer: 1
    seed: 1022050301
    moves: [play AH, play JD, play KH, play TH, marry QS]
"""


def seen(tmp_path: Path, size: tuple[int, int], keys: list[str]) -> list[str]:
    path = tmp_path / "m.yaml"
    path.write_text(MID_DEAL, encoding="utf-8")
    texts: list[str] = []

    async def test(app: TableApp, pilot: Any) -> None:
        await settle(pilot)
        texts.append(screen_text(app))
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
            texts.append(screen_text(app))

    run(test, TableOptions(resume=resume(path), bot_delay=0.0), size=size)
    return texts


def test_pgdn_shows_what_a_small_terminal_cut_off(tmp_path: Path) -> None:
    before, after, back = seen(tmp_path, (60, 20), ["pagedown", "pageup"])
    assert "announced: opponent" not in before and "pgdn More" in before
    assert "announced: opponent: 20 in ♠" in after
    assert "Trump ♣ clubs" not in after and "Trump ♣ clubs" in back  # PgUp: the top again


def test_no_more_is_offered_where_everything_fits(tmp_path: Path) -> None:
    (text,) = seen(tmp_path, (80, 24), [])
    assert "announced: opponent: 20 in ♠ spades" in text and "More" not in text


def out_of_view(app: TableApp) -> list[str]:
    """The labels of the table's card and move buttons that are not wholly on the screen above
    the footer now."""
    from textual.geometry import Region
    from textual.widgets import Footer

    from cli.table.screen import ChoiceButton

    screen = app.screen
    visible = Region(0, 0, app.size.width, screen.query_one(Footer).region.y)
    return [str(button.label) for button in screen.query(ChoiceButton) if not visible.contains_region(button.region)]


def first_turn(ruleset: str, tmp_path: Path, keys: list[str]) -> list[tuple[list[str], list[str]]]:
    """At a 40 x 12 terminal, the person's first turn of ``ruleset``: every button's label and
    those out of view, before any key and after each of ``keys``."""
    from cli.table.screen import ChoiceButton, TableScreen
    from tabletools import options

    seen: list[tuple[list[str], list[str]]] = []
    tmp_path.mkdir(exist_ok=True)

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot, 8)
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.session.human_to_act() == screen.me
        for key in [""] + keys:
            if key:
                await pilot.press(key)
                await settle(pilot)
            seen.append(([str(b.label) for b in screen.query(ChoiceButton)], out_of_view(app)))

    run(test, options(ruleset, tmp_path, seed=3), size=(40, 12))
    return seen


def test_every_card_and_move_is_in_view_at_40_by_12(tmp_path: Path) -> None:
    """Schnapsen deals 5 cards each, North American four-hand 6 (24 cards, 4 seats), whose
    first turn is the auction: pass or bid 1 to 5.  Each card is a button on the screen, and
    each move, above the footer -- the hand once ran off the right edge in one row (the fifth
    card, two of six) and the auction's second row of buttons lay under the footer."""
    (labels, hidden), = first_turn("schnapsen", tmp_path / "s", [])
    assert sum(label[0].isdigit() for label in labels) == 5 and hidden == []
    (labels, hidden), = first_turn("north-american-4", tmp_path / "n", [])
    assert sum("(" not in label for label in labels) == 6  # the cards (a move's label names its key)
    assert [label for label in labels if "(" in label][:6] == ["Pass (p)", "Bid 1 (1)", "Bid 2 (2)", "Bid 3 (3)", "Bid 4 (4)", "Bid 5 moon (5)"]
    assert hidden == []


def test_pgdn_brings_the_moves_a_small_terminal_cannot_hold_into_view(tmp_path: Path) -> None:
    """Bauernschnapsen with its regional contracts: the auction offers pass and five contracts
    with long names, one button a row, more than 40 x 12 holds under the table.  PgDn (the
    screen first, the moves before the column) brings every one into view, and PgUp goes back
    the same way to the top."""
    shown = first_turn("house/bauernschnapsen-regional", tmp_path, ["pagedown"] * 2 + ["pageup"] * 2)
    assert shown[0][1], "the auction fits at 40 x 12: this test no longer tests anything"
    assert shown[1][1] == []  # one PgDn: every card and every move in view
    assert shown[-1][1] == shown[0][1]  # back at the top
