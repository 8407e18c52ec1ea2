"""A ruleset argument spelled as a file that is not there (``schnapsen.yaml`` in a folder
without one) is read as the bundled ruleset of that name -- and said so in one note on stderr,
as for an ``extends:`` spelled so: whoever typed ``myrules.yaml`` may have meant a file of their
own in another folder.  A bundled name as such (``schnapsen``) and a file that is there get no
note; nothing else changes (stdout, the exit status)."""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import invoke


def _note(written: str, bundled: str) -> str:
    return f"note: no file '{written}' in the working folder, so the bundled ruleset '{bundled}' is used instead"


@pytest.mark.parametrize("args", [
    ["run", "{}", "--deals", "1", "--seed", "1"],
    ["run", "{}", "--matches", "1", "--deals", "1", "--json"],
    ["arena", "random", "random", "--deals", "2", "--jobs", "1", "--ruleset", "{}"],
    ["tournament", "random", "greedy", "--deals", "2", "--jobs", "1", "--ruleset", "{}"],
    ["simulate", "{}", "--deals", "2", "--jobs", "1"],
    ["validate", "{}"],
    ["describe", "{}"],
    ["diff", "{}", "sechsundsechzig"],
])
def test_a_file_name_that_is_not_there_is_said_to_stand_for_the_bundled_ruleset(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)  # a folder without schnapsen.yaml, rulesets/ or house/
    for written, bundled in (("schnapsen.yaml", "schnapsen"), ("rulesets/schnapsen.yaml", "schnapsen"), ("house/santase.yaml", "house/santase")):
        out = invoke([a.replace("{}", written) for a in args])
        assert out.exit_code == 0, out.stderr
        assert out.stderr.splitlines().count(_note(written, bundled)) == 1, out.stderr
        assert "note:" not in out.stdout
        # the bundled name itself: no note
        plain = invoke([a.replace("{}", bundled) for a in args])
        assert plain.exit_code == 0 and "note:" not in plain.stderr, plain.stderr


def test_compare_says_it_of_each_ruleset_so_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = invoke(["compare", "schnapsen.yaml", "sechsundsechzig", "--deals", "2", "--jobs", "1"])
    assert out.exit_code == 0, out.stderr
    assert [line for line in out.stderr.splitlines() if line.startswith("note:")] == [_note("schnapsen.yaml", "schnapsen")]


def test_a_file_that_is_there_is_read_without_a_note(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A house file named like a bundled ruleset: the file wins, as always, and nothing is said."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "schnapsen.yaml").write_text("extends: schnapsen\nname: mine\ntitle: Mine\n", encoding="utf-8")
    out = invoke(["run", "schnapsen.yaml", "--deals", "1", "--seed", "1"])
    assert out.exit_code == 0, out.stderr
    assert "note:" not in out.stderr
    assert out.stdout.startswith("Mine")
    # the bundled file by its own path is a file that is there too
    from interpreter.rules.resources import bundled_rulesets

    bundled = invoke(["run", str(bundled_rulesets()["schnapsen"]), "--deals", "1", "--seed", "1"])
    assert bundled.exit_code == 0 and "note:" not in bundled.stderr, bundled.stderr


def test_a_name_that_is_nothing_is_one_error_without_a_note(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = invoke(["run", "myrules.yaml"])
    assert out.exit_code == 2
    [line] = out.stderr.splitlines()
    assert line.startswith("error: no ruleset file or bundled ruleset named 'myrules.yaml'")


def test_replay_of_a_position_says_it_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert invoke(["run", "schnapsen", "--deals", "1", "--seed", "1", "--record", "r.yaml"]).exit_code == 0
    position = invoke(["replay", "r.yaml", "--until", "0", "--json"]).json()["position"]
    out = invoke(["replay", "schnapsen.yaml", "--position", position, "--json"])
    assert out.exit_code == 0, out.stderr
    assert out.stderr.splitlines() == [_note("schnapsen.yaml", "schnapsen")]
    assert invoke(["replay", "schnapsen", "--position", position, "--json"]).stderr == ""


def test_validate_json_lists_it_among_the_files_notes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """stdout stays one JSON object a line; the note is the first of the file's notes, and
    nothing is said on stderr."""
    import json

    monkeypatch.chdir(tmp_path)
    out = invoke(["validate", "--json", "schnapsen.yaml"])
    assert out.exit_code == 0 and "note:" not in out.stderr, out.stderr
    verdict = json.loads(out.stdout)
    assert verdict["ok"] is True and verdict["file"] == "schnapsen.yaml"
    assert [n["message"] for n in verdict["notes"]] == [_note("schnapsen.yaml", "schnapsen").removeprefix("note: ")]
    plain = json.loads(invoke(["validate", "--json", "schnapsen"]).stdout)
    assert plain["notes"] == []


def test_rules_new_says_it_of_the_base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = invoke(["new", "mine.yaml", "--from", "schnapsen.yaml"])
    assert out.exit_code == 0, out.stderr
    assert out.stderr.splitlines().count(_note("schnapsen.yaml", "schnapsen")) == 1, out.stderr
    assert (tmp_path / "mine.yaml").is_file()
