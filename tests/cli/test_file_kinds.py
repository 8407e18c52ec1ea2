"""A game record given where a ruleset is read, or a ruleset where a record is, is one line
naming what the file is and the command for it -- not a screen of schema errors (``missing
key 'deal'``, ``unknown key 'ruleset'``) that never said so.  Exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import invoke, no_traceback
from interpreter.play.record import TOP_KEYS
from interpreter.rules.filekind import RECORD_ONLY_KEYS, kind_of
from interpreter.rules.resources import load_schema

RECORD = "ruleset: schnapsen\nplayers: [greedy, greedy]\ndeals:\n  - dealer: 1\n    seed: 5\n    moves: []\n"
HOUSE = "extends: schnapsen\nname: house\ntitle: House Schnapsen\nmatch: {target: 3}\n"


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "r.yaml").write_text(RECORD, encoding="utf-8")
    (tmp_path / "my rec.yaml").write_text(RECORD, encoding="utf-8")
    (tmp_path / "h.yaml").write_text(HOUSE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def refused(args: list[str]) -> str:
    out = invoke(args, input="")
    no_traceback(out)
    assert out.exit_code == 2, (out.stdout, out.stderr)
    return out.stderr


@pytest.mark.parametrize("args", [
    ["run", "r.yaml", "--deals", "1"],
    ["describe", "r.yaml"],
    ["validate", "r.yaml"],
    ["arena", "greedy", "random", "--ruleset", "r.yaml", "--deals", "2"],
    ["replay", "r.yaml", "--position", "x"],
    ["play", "r.yaml"],
])
def test_a_record_given_as_a_ruleset_is_one_line(files: Path, args: list[str]) -> None:
    assert refused(args) == "r.yaml: a game record, not a ruleset (replay it with rules replay r.yaml)\n"


def test_the_command_it_names_is_quoted_for_the_shell(files: Path) -> None:
    assert refused(["describe", "my rec.yaml"]) == "my rec.yaml: a game record, not a ruleset (replay it with rules replay 'my rec.yaml')\n"


@pytest.mark.parametrize("args", [
    ["replay", "h.yaml"],
    ["analyse", "h.yaml"],
    ["play", "--review", "h.yaml"],
    ["play", "--resume", "h.yaml"],
])
def test_a_ruleset_given_as_a_record_is_one_line(files: Path, args: list[str]) -> None:
    # the same words for each command: no other command named ("then replay FILE" was, for all four)
    assert refused(args) == "h.yaml: a ruleset, not a game record (play a match of it with rules run h.yaml --record FILE, then name FILE instead)\n"


def test_a_record_with_a_ruleset_key_too_gets_the_records_own_errors(files: Path) -> None:
    """Keys of both kinds: not clearly either, so the record's checks name the stray key
    (line 7, ``deck`` at column 1)."""
    (files / "mixed.yaml").write_text(RECORD + "deck: {}\n", encoding="utf-8")
    err = refused(["replay", "mixed.yaml"])
    assert err.startswith("mixed.yaml:7:1: deck: unknown key 'deck'"), err


def test_the_record_only_keys_are_the_record_formats() -> None:
    """What a record has at the top and no ruleset has: the record reader's keys less the
    schema's (a ruleset names name, description, dealer and players too)."""
    assert RECORD_ONLY_KEYS == set(TOP_KEYS) - set(load_schema()["properties"])
    assert set(TOP_KEYS) & set(load_schema()["properties"]) == {"name", "description", "dealer", "players"}


@pytest.mark.parametrize(("data", "kind"), [
    ({"ruleset": "schnapsen", "deals": []}, "record"),
    ({"extends": "schnapsen"}, "ruleset"),
    ({"name": "x", "players": 2}, None),  # keys both kinds have
    ({"ruleset": "schnapsen", "deck": {}}, None),  # keys of each
    (["a list"], None),
])
def test_kind_of(data: object, kind: str | None) -> None:
    assert kind_of(data) == kind
