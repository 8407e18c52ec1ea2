"""`--allow-outside`: a rule file or record may name files outside its own folder only when the
user says so, on every command that reads one; the commands that write such a reference say so."""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import REPO, invoke, no_traceback

BASE = (REPO / "rulesets" / "schnapsen.yaml").read_text(encoding="utf-8").replace("name: schnapsen", "name: base", 1)
HOUSE = "extends: ../a/base.yaml\nname: house\nmatch:\n  target: 11\n"


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    """a/base.yaml, and b/house.yaml extending it from a sibling folder."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "base.yaml").write_text(BASE, encoding="utf-8")
    (tmp_path / "b" / "house.yaml").write_text(HOUSE, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("command", [["validate"], ["describe"], ["diff", "schnapsen"], ["run", "--deals", "1", "--quiet"]])
def test_a_base_outside_the_folder_is_refused_unless_allowed(tree: Path, command: list[str]) -> None:
    house = str(tree / "b" / "house.yaml")
    args = [command[0], house, *command[1:]] if command[0] != "diff" else ["diff", "schnapsen", house]
    refused = invoke(args)
    no_traceback(refused)
    assert refused.exit_code == 2
    assert "house.yaml:1:10: extends: '../a/base.yaml' leads outside the folder of this file" in refused.stderr
    allowed = invoke([*args, "--allow-outside"])
    assert allowed.exit_code == 0, allowed.stderr


def test_new_refuses_to_write_a_reference_it_could_not_read_back(tree: Path) -> None:
    target = tree / "b" / "mine.yaml"
    out = invoke(["new", str(target), "--from", str(tree / "a" / "base.yaml")])
    assert out.exit_code == 2 and not target.exists()
    assert "would extend ../a/base.yaml, outside its own folder" in out.stderr
    out = invoke(["new", str(target), "--from", str(tree / "a" / "base.yaml"), "--allow-outside"])
    assert out.exit_code == 0, out.stderr
    assert "\nextends: \"../a/base.yaml\"\n" in target.read_text(encoding="utf-8")
    assert invoke(["validate", str(target), "--allow-outside"]).exit_code == 0


def test_a_record_naming_a_ruleset_outside_its_folder_replays_when_allowed(tree: Path) -> None:
    record = tree / "b" / "match.yaml"
    out = invoke(["run", str(tree / "a" / "base.yaml"), "--seed", "5", "--quiet", "--record", str(record)])
    assert out.exit_code == 0, out.stderr
    assert "replay it with --allow-outside" in out.stderr
    assert invoke(["replay", str(record)]).exit_code == 2
    assert invoke(["replay", str(record), "--allow-outside"]).exit_code == 0


def test_more_deals_than_a_record_holds_is_a_usage_error() -> None:
    out = invoke(["run", "schnapsen", "--deals", "100001", "--quiet"])
    assert out.exit_code == 2
    assert out.stderr.strip() == "error: --deals: 100,001 is more than a record holds (at most 100,000)"


def test_a_bundled_ruleset_is_never_overwritten_by_a_record() -> None:
    target = REPO / "rulesets" / "house" / "santase.yaml"
    before = target.read_bytes()
    try:
        out = invoke(["run", "schnapsen", "--quiet", "--deals", "1", "--record", str(target)])
        assert out.exit_code == 2
        assert "is a file of the bundled rulesets, which are never overwritten" in out.stderr
        assert target.read_bytes() == before
    finally:
        if target.read_bytes() != before:  # a regression must not leave the checkout damaged
            target.write_bytes(before)
