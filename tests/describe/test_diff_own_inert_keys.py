"""``rules diff A B`` lists after the changes the keys B's own file sets that have no effect,
and only those: a base's key of an earlier version was shown on the house file that extends
it, and the warning for a bundled ruleset's name was shown as "no effect" (``"effect": false``),
though the name is the ruleset's name all the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app

runner = CliRunner()

TIE = (
    "Match: tie: play_on (no effect: match.tie was removed: sides level at or over the target play on "
    "(but for match.bummerl: last_place, which ends the match there), as 'play_on' said; "
    "delete this line (rules validate --fix FILE does it))"
)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "base.yaml").write_text("extends: north-american-2\nname: base\nmatch: {tie: play_on}\n", encoding="utf-8")
    (tmp_path / "kid.yaml").write_text("extends: base.yaml\nname: kid\nmatch: {target: 9}\n", encoding="utf-8")
    (tmp_path / "nine.yaml").write_text("extends: schnapsen\nname: schnapsen\nmatch: {target: 9}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def lines(*args: str) -> list[str]:
    result = runner.invoke(app, ["diff", *args])
    assert result.exit_code == 0, result.stderr
    return result.stdout.splitlines()


def test_a_bases_old_key_is_not_the_house_files(folder: Path) -> None:
    # north-american-2's target is 10 points; kid sets 9 and nothing else of its own
    assert lines("base.yaml", "kid.yaml") == ["Name: base → kid", "Match target: 10 → 9 points"]
    assert lines("kid.yaml", "kid.yaml") == ["no differences"]


def test_the_file_that_writes_the_old_key_still_shows_it(folder: Path) -> None:
    assert lines("north-american-2", "base.yaml") == ["Name: north-american-2 → base", TIE]


def test_a_bundled_name_is_no_key_without_effect(folder: Path) -> None:
    # the same name and title as the bundled Schnapsen: the target (7 there) is the one change
    assert lines("schnapsen", "nine.yaml") == ["Match target: 7 → 9 game points"]
    assert json.loads("\n".join(lines("schnapsen", "nine.yaml", "--json"))) == [
        {"path": "match.target", "label": "Match target", "old": 7, "new": 9, "text": "Match target: 7 → 9 game points", "effect": True},
    ]


def test_an_own_key_without_effect_is_still_marked(folder: Path) -> None:
    (folder / "units.yaml").write_text('extends: north-american-2\nname: units\nscoring: {game_points: "1"}\n', encoding="utf-8")
    assert lines("north-american-2", "units.yaml") == [
        "Name: north-american-2 → units",
        "Game points formula: 1 (no effect: scoring.method is units)",
    ]
