""""Did you mean" for a ruleset that is not there, the same for a command's argument, a
record's ``ruleset:`` and an ``extends:``: the bundled ruleset a name spells in any case or
with either suffix, a close rule file beside it (never a game record), else a close bundled
name.  ``schnapsen.yml`` reads the bundled Schnapsen as ``schnapsen.yaml`` does."""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import invoke, no_traceback

RECORD = "ruleset: schnapsen\nplayers: [greedy, greedy]\ndeals:\n  - dealer: 1\n    seed: 5\n    moves: []\n"
RULES = "extends: schnapsen\nname: zzq2\n"
NO_FILE = "no ruleset file or bundled ruleset named"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def stderr_of(args: list[str], status: int) -> str:
    out = invoke(args)
    no_traceback(out)
    assert out.exit_code == status, (out.stdout, out.stderr)
    return out.stderr


def test_a_records_misspelt_ruleset_gets_a_suggestion(folder: Path) -> None:
    (folder / "r.yaml").write_text(RECORD.replace("schnapsen", "schnapsn"), encoding="utf-8")
    # line 1, the value after "ruleset: " (9 characters): column 10
    assert stderr_of(["replay", "r.yaml"], 2).startswith("r.yaml:1:10: ruleset: no ruleset 'schnapsn' (did you mean 'schnapsen'?) (expected ")


@pytest.mark.parametrize("name", ["SCHNAPSEN.YAML", "Schnapsen", "SCHNAPSEN.yml", "rulesets/Schnapsen.yaml"])
def test_a_bundled_name_in_another_case_is_suggested(folder: Path, name: str) -> None:
    assert stderr_of(["describe", name], 2).startswith(f"error: {NO_FILE} '{name}' (did you mean 'schnapsen'?) (expected ")


def test_yml_reads_the_bundled_ruleset_as_yaml_does(folder: Path) -> None:
    (folder / "nan.yaml").write_text(RECORD, encoding="utf-8")  # a record beside, once suggested instead
    assert stderr_of(["describe", "schnapsen.yml"], 0) == (
        "note: no file 'schnapsen.yml' in the working folder, so the bundled ruleset 'schnapsen' is used instead\n"
    )


def test_a_record_beside_the_name_is_never_suggested(folder: Path) -> None:
    (folder / "zzq1.yaml").write_text(RECORD, encoding="utf-8")
    assert stderr_of(["describe", "zzq.yaml"], 2).startswith(f"error: {NO_FILE} 'zzq.yaml' (expected ")
    (folder / "zzq2.yaml").write_text(RULES, encoding="utf-8")
    assert stderr_of(["describe", "zzq.yaml"], 2).startswith(f"error: {NO_FILE} 'zzq.yaml' (did you mean 'zzq2.yaml'?) (expected ")


def test_an_extends_gets_the_same_suggestions(folder: Path) -> None:
    (folder / "h.yaml").write_text("extends: SCHNAPSEN\nname: h\n", encoding="utf-8")
    # line 1, the value after "extends: " (9 characters): column 10
    assert stderr_of(["describe", "h.yaml"], 2).startswith("h.yaml:1:10: extends: no ruleset 'SCHNAPSEN' to extend (did you mean 'schnapsen'?)")
