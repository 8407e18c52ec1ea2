"""A rule file of an earlier version is warned about by every command that loads it, not only
by ``rules validate`` and ``rules run``: named on the command line (``describe``, ``diff``,
``new --from``, ``replay --position``) or by a record's ``ruleset:`` (``replay``, ``analyse``,
``play --review``, ``run --resume``).  Each warning comes once, on stderr, in the words and at
the place ``rules run`` gives it (docs/cli.md, "Rule files of earlier versions"); stdout, and
``--json`` on it, stays as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runcli import Outcome, invoke

#: An old house file: ``match.tie: play_on`` was removed (it only ever had that one value).
OLD = "# kept from 2025\nextends: schnapsen\nname: old\nmatch:\n  tie: play_on   # as the old docs said\n"


def warning(path: Path) -> str:
    """The warning at line 5, column 3 of OLD, in the words of interpreter.rules.migrations."""
    return (
        f"{path}:5:3: match.tie: warning: match.tie was removed: sides level at or over the target play on "
        "(but for match.bummerl: last_place, which ends the match there), as 'play_on' said; "
        "delete this line (rules validate --fix FILE does it) (expected this key deleted)"
    )


@pytest.fixture
def old(tmp_path: Path) -> Path:
    path = tmp_path / "old.yaml"
    path.write_text(OLD, encoding="utf-8")
    return path


@pytest.fixture
def record(old: Path) -> Path:
    """A finished deal of a match under OLD, as ``rules run --record`` writes it (``ruleset: old.yaml``)."""
    path = old.parent / "rec.yaml"
    out = invoke(["run", str(old), "--seed", "1", "--deals", "1", "--quiet", "--record", str(path)])
    assert out.exit_code == 0, out.stderr
    assert "ruleset: old.yaml\n" in path.read_text(encoding="utf-8")
    return path


def said_once(out: Outcome, old: Path) -> None:
    assert out.stderr.splitlines().count(warning(old)) == 1, out.stderr
    assert "warning" not in out.stdout


@pytest.mark.parametrize("args", [
    ["describe", "{old}"],
    ["diff", "schnapsen", "{old}"],
    ["diff", "schnapsen", "{old}", "--json"],
])
def test_commands_given_the_ruleset_say_its_warnings(old: Path, args: list[str]) -> None:
    out = invoke([a.format(old=old) for a in args])
    assert out.exit_code == 0, out.stderr
    said_once(out, old)
    if "--json" in args:
        json.loads(out.stdout)  # one JSON document, nothing else


def test_new_from_an_old_file_says_its_warnings(old: Path) -> None:
    out = invoke(["new", str(old.parent / "mine.yaml"), "--from", str(old)])
    assert out.exit_code == 0, out.stderr
    said_once(out, old)


def test_replay_from_a_position_says_the_rulesets_warnings(old: Path) -> None:
    # a position string that is no position: the warnings come first, then its error
    out = invoke(["replay", str(old), "--position", "x"])
    assert out.exit_code == 2
    said_once(out, old)
    assert out.stderr.splitlines()[0] == warning(old)


@pytest.mark.parametrize("args", [
    ["replay", "{rec}"],
    ["replay", "{rec}", "--json"],
    ["replay", "{rec}", "--until", "3", "--log"],
    ["analyse", "{rec}", "--iters", "10", "--brief"],
    ["analyse", "{rec}", "--iters", "10", "--json"],
])
def test_commands_given_a_record_say_its_rulesets_warnings(old: Path, record: Path, args: list[str]) -> None:
    out = invoke([a.format(rec=record) for a in args])
    assert out.exit_code == 0, out.stderr
    said_once(out, old)
    if "--json" in args:
        json.loads(out.stdout)


def test_play_review_says_them_before_it_asks_for_a_terminal(old: Path, record: Path) -> None:
    out = invoke(["play", "--review", str(record)])
    assert out.exit_code == 2
    said_once(out, old)
    assert out.stderr.splitlines()[-1] == "error: rules play --review needs a terminal; rules analyse RECORD prints the same analysis"


@pytest.mark.parametrize("named", [False, True], ids=["record-only", "and-RULESET"])
def test_run_resume_says_them_once_though_it_loads_the_file_twice(old: Path, named: bool) -> None:
    """With RULESET, ``--resume`` loads the file named and the record's own (the same one):
    its warnings are said once all the same."""
    path = old.parent / "stopped.yaml"
    first = invoke(["run", str(old), "--seed", "3", "--players", "human,greedy", "--no-confirm", "--record", str(path)], input="1\n" * 3)
    assert first.exit_code == 130, first.stderr
    out = invoke(["run", "--resume", str(path), *([str(old)] if named else []), "--no-confirm"], input="1\n" * 400)
    assert out.exit_code == 0, out.stderr
    said_once(out, old)
