""""Did you mean" for a rule file compares the names' stems: the ``.yaml`` every file shares
made ``mine.yaml`` look like ``base.yaml`` (difflib's 0.67), and the file doing the extending
was offered as its own base. Real typos of a file or a bundled name are still suggested."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from interpreter.rules.suggest import suggest_ruleset

runner = CliRunner()


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The probe's folder: only family.yaml and mine.yaml, mine.yaml extending a missing base."""
    (tmp_path / "family.yaml").write_text("extends: schnapsen\nname: family\n", encoding="utf-8")
    (tmp_path / "mine.yaml").write_text("extends: base.yaml\nname: mine\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_an_unrelated_file_is_not_suggested_for_an_extends(folder: Path) -> None:
    result = runner.invoke(app, ["validate", "mine.yaml"])
    assert result.exit_code == 2
    assert result.stderr.startswith("mine.yaml:1:10: extends: no ruleset 'base.yaml' to extend (expected ")


def test_an_unrelated_file_is_not_suggested_for_a_command(folder: Path) -> None:
    result = runner.invoke(app, ["run", "nowhere.yaml"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: no ruleset file or bundled ruleset named 'nowhere.yaml' (expected ")


def test_the_extending_file_is_never_offered_as_its_own_base(folder: Path) -> None:
    (folder / "mine.yaml").write_text("extends: mien.yaml\nname: mine\n", encoding="utf-8")
    assert suggest_ruleset("mien.yaml", folder) == "mine.yaml"  # as a command's argument it is a fair guess
    assert suggest_ruleset("mien.yaml", folder, asker=folder / "mine.yaml") is None
    result = runner.invoke(app, ["validate", "mine.yaml"])
    assert result.exit_code == 2
    assert result.stderr.startswith("mine.yaml:1:10: extends: no ruleset 'mien.yaml' to extend (expected ")


def test_a_misspelt_base_beside_the_file_is_suggested(folder: Path) -> None:
    (folder / "mine.yaml").write_text("extends: famly.yaml\nname: mine\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", "mine.yaml"])
    assert result.exit_code == 2
    assert result.stderr.startswith("mine.yaml:1:10: extends: no ruleset 'famly.yaml' to extend (did you mean 'family.yaml'?)")


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("famly.yaml", "family.yaml"),  # a letter left out
        ("famliy.yaml", "family.yaml"),  # two letters swapped
        ("family.yml", "family.yaml"),  # the other suffix
        ("FAMILY.YAML", "family.yaml"),  # another case
        ("./famly.yaml", "family.yaml"),  # written with a folder
        ("shnapsen.yaml", "schnapsen"),  # no file is close: the bundled name
        ("schnapsen.yml", "schnapsen"),
        ("house/santse.yaml", "house/santase"),
        ("house/santase.yml", "house/santase"),
    ],
)
def test_real_typos_are_still_suggested(folder: Path, typed: str, meant: str) -> None:
    assert suggest_ruleset(typed, folder) == meant


def test_a_file_in_another_folder_is_suggested_as_written(folder: Path) -> None:
    (folder / "sub").mkdir()
    (folder / "sub" / "north.yaml").write_text("extends: schnapsen\nname: north\n", encoding="utf-8")
    assert suggest_ruleset("sub/nroth.yaml", folder) == "sub/north.yaml"
    assert suggest_ruleset("sub/apple.yaml", folder) is None  # unrelated: no "did you mean"

