"""A game-points formula that can never give the winner a game point is refused at load.

``game_points: "-1"`` passed ``rules validate`` (only ``--deep`` found it, by playing) and
``rules run`` then printed "seat 1 wins -1 game points".  The formula alone says it: every
input (points, tricks) is 0 or more, and no such input makes it more than 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.core.errors import RulesError
from interpreter.rules.loader import load_ruleset

EXPECTED = "a formula that can give 1 game point or more: winning a deal must bring a side closer to match.target"


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("formula", "most"), [
    ("-1", -1),
    ("0", 0),
    ("-points", 0),  # points are never below 0
    ("if opponent_tricks == 0 then 0 else -2", 0),
    ("min(tricks, 0) - 1", -1),
])
def test_a_formula_that_never_scores_is_refused_at_its_place(tmp_path: Path, formula: str, most: int) -> None:
    path = _write(tmp_path, "gp.yaml", f"extends: schnapsen\nname: gp\nscoring:\n  game_points: '{formula}'\n")
    with pytest.raises(RulesError) as caught:
        load_ruleset(path)
    # line 4 `  game_points: '...'`: the value starts at column 16
    assert str(caught.value) == (
        f"{path}:4:16: scoring.game_points: '{formula}' gives the winner of a deal at most {most} game points, "
        f"whatever the points and tricks (expected {EXPECTED})"
    )


def test_the_formula_is_said_in_the_base_that_wrote_it(tmp_path: Path) -> None:
    base = _write(tmp_path, "base.yaml", "extends: schnapsen\nname: base\nscoring: {game_points: '0'}\n")
    path = _write(tmp_path, "h.yaml", "extends: base.yaml\nname: h\n")
    with pytest.raises(RulesError) as caught:
        load_ruleset(path)
    assert (caught.value.file, caught.value.line, caught.value.path) == (str(base), 3, "scoring.game_points")


@pytest.mark.parametrize("formula", ["1", "points // 33", "if tricks > 3 then 1 else 0", "-1 + tricks"])
def test_a_formula_that_can_score_loads(tmp_path: Path, formula: str) -> None:
    path = _write(tmp_path, "gp.yaml", f"extends: schnapsen\nname: gp\nscoring:\n  game_points: '{formula}'\n")
    assert load_ruleset(path).scoring.game_points.source == formula


def test_a_game_scored_in_units_may_say_anything_of_game_points(tmp_path: Path) -> None:
    """``game_points`` is not read where the method is units: no refusal for it there."""
    path = _write(tmp_path, "u.yaml", "extends: north-american-4\nname: u\nscoring: {game_points: '0'}\n")
    assert load_ruleset(path).scoring.method == "units"
