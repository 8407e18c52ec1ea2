"""Numbers that would fail in play are refused when the file is loaded, at the value at fault.

A side's points are a sum of card points, and every value a formula works with is bounded by
10**12; so the pack's card points must add up to at most 10**12.  A calculation without names
is the same in every deal: one that goes beyond 10**12 would fail at every deal scored.
The totals below are worked out by hand from Schnapsen's pack: four suits of A T K Q J worth
11 10 4 3 2 (30 a suit, 120 a pack).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.rules.loader import load_ruleset
from runcli import invoke


def _file(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "h.yaml"
    path.write_text(f"extends: schnapsen\nname: h\n{body}", encoding="utf-8")
    return path


def test_card_points_past_the_bound_are_refused_at_the_largest(tmp_path: Path) -> None:
    path = _file(tmp_path, "deck: {points: {A: 1000000000000000}}\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    # 4 aces of 10**15 and 4 suits of T K Q J (19 a suit): 4 * 10**15 + 76
    assert out.stderr.splitlines() == [
        f"{path}:3:20: deck.points.A: card points too large: the pack of 20 cards would hold 4000000000000076 points "
        "(expected card points that add up to at most 10**12 over the whole pack)",
    ]


def test_a_pack_worth_exactly_the_bound_loads(tmp_path: Path) -> None:
    # 4 * (A + 19) == 10**12  <=>  A == 249_999_999_981 (no marriages: they would add to a side's total)
    alone = "marriage: {enabled: false}\n"
    assert load_ruleset(_file(tmp_path, alone + "deck: {points: {A: 249999999981}}\n")).data["deck"]["points"]["A"] == 249_999_999_981
    out = invoke(["validate", str(_file(tmp_path, alone + "deck: {points: {A: 249999999982}}\n"))])
    assert out.exit_code == 2 and "would hold 1000000000004 points" in out.stderr


def test_a_side_total_past_the_bound_is_refused_at_the_largest_addend(tmp_path: Path) -> None:
    """The pack is within the bound, but a marriage or the last-trick bonus takes a side past it:
    the formula reading ``opponent_points`` would fail in play at the first marriage announced."""
    # Schnapsen: 120 card points, no bonus, marriages 40 + 3 * plain
    path = _file(tmp_path, "marriage: {values: {plain: 333333333320}}\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2 and out.stderr.splitlines() == [
        f"{path}:3:28: marriage.values.plain: too large: a side could count 1000000000120 points in a deal "
        "(expected a side's most points (the pack, the last-trick bonus and every marriage) at most 10**12)",
    ]
    # 120 + 40 + 3 * 333333333280 == 10**12: loads
    assert load_ruleset(_file(tmp_path, "marriage: {values: {plain: 333333333280}}\n")).data["marriage"]["values"]["plain"] == 333333333280
    out = invoke(["validate", str(_file(tmp_path, "end: {last_trick_bonus: 999999999841}\n"))])  # 120 + 100 (40 + 3 * 20) + it
    assert out.exit_code == 2 and ":3:25: end.last_trick_bonus: too large: a side could count 1000000000061 points" in out.stderr


def test_a_unit_past_the_bound_is_refused_at_the_house_files_key(tmp_path: Path) -> None:
    path = tmp_path / "u.yaml"
    path.write_text("extends: north-american-4\nname: u\nscoring:\n  unit: 18446744073709551615\n", encoding="utf-8")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert out.stderr.splitlines()[0] == (
        f"{path}:4:9: scoring.unit: too large: 18446744073709551615 (expected a unit of at most 10**12, as every value a formula works with)"
    )


@pytest.mark.parametrize(("formula", "column"), [
    ("1000000000000 * 1000000000000", 25),
    ("if opponent_tricks == 0 then 3 - 1000000000000 - 1000000000000 else 1", 54),  # in a branch: still refused
    ("points + (1000000000000 + 1)", 35),  # the part without names, inside one with names
])
def test_a_constant_calculation_out_of_range_is_refused_at_load(tmp_path: Path, formula: str, column: int) -> None:
    path = _file(tmp_path, f'scoring: {{game_points: "{formula}"}}\n')
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    first = out.stderr.splitlines()[0]
    assert first == (
        f"{path}:3:{column}: scoring.game_points: value out of range: working this part out always goes beyond 10**12 "
        "(in absolute value)"
    )


@pytest.mark.parametrize("formula", ["1000000000000 - 1", "1000000000000 * 1 // 3", "points * 1000000000000"])
def test_constants_within_the_bound_and_names_load(tmp_path: Path, formula: str) -> None:
    # the last reads a name: whether it goes out of range depends on the deal (a play-time error)
    load_ruleset(_file(tmp_path, f'scoring: {{game_points: "{formula}"}}\n'))
