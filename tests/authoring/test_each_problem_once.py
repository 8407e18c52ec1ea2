"""Each problem is reported once.

A rank written twice (``9`` and ``"9"`` are both the rank 9) was once followed by the same
"no points given for rank 9" line twice -- one per copy of the rank -- which makes a file look
more broken than it is and the list harder to read.
"""

from __future__ import annotations

from pathlib import Path

from interpreter.core.errors import RulesetError
from interpreter.rules.loader import once
from runcli import invoke


def test_a_rank_written_twice_gives_one_line_for_it_and_one_for_its_points(tmp_path: Path) -> None:
    path = tmp_path / "dup.yaml"
    path.write_text('extends: schnapsen\nname: dup\ndeck: {ranks: [A, T, K, Q, J, 9, "9"]}\n', encoding="utf-8")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    # schnapsen's deck.points (line 16 of its file) names A, T, K, Q, J: none for 9
    assert out.stderr.splitlines() == [
        f"{path}:3:34: deck.ranks[6]: rank 9 appears twice (expected each rank once)",
        f"schnapsen (bundled):16:11: deck.points: no points given for rank 9 (a value {path} takes from this base)"
        " (expected a value for every rank in deck.ranks)",
    ]
    as_json = invoke(["validate", str(path), "--json"]).json()
    assert [(e["path"], e["message"]) for e in as_json["errors"]] == [
        ("deck.ranks[6]", "rank 9 appears twice"),
        ("deck.points", f"no points given for rank 9 (a value {path} takes from this base)"),
    ]


def test_two_ranks_without_points_are_two_problems(tmp_path: Path) -> None:
    path = tmp_path / "two.yaml"
    path.write_text("extends: schnapsen\nname: two\ndeck: {ranks: [A, T, K, Q, J, 9, 8]}\n", encoding="utf-8")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert [line.split(": ", 2)[2].split(" (")[0] for line in out.stderr.splitlines()] == [
        "no points given for rank 9", "no points given for rank 8",
    ]


def test_once_keeps_the_first_of_equal_problems_in_order() -> None:
    a = RulesetError("x", file="f.yaml", line=1, column=2, path="a")
    b = RulesetError("y", file="f.yaml", line=1, column=2, path="a")
    a_again = RulesetError("x", file="f.yaml", line=1, column=2, path="a")
    elsewhere = RulesetError("x", file="f.yaml", line=3, column=2, path="a")
    assert once([a, b, a_again, elsewhere]) == [a, b, elsewhere]
