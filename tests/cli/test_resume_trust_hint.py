"""A record that seats a trained policy (``policy:FILE.py:NAME``) is refused by ``--resume``
until the person names that kind again -- and the refusal says how, with the option of the
command in use: ``rules play --opponent KIND``, ``rules run --players KINDS`` (every seat's
kind, the person's too).  ``rules run`` was told to pass ``--opponent``, which it does not have.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import invoke

REFUSAL = (
    "error: h.yaml: seat 1 is a trained policy (policy:evil.py:X): going on would import and run its code, "
    "which the record names (expected the same seat kind asked for on the command line to allow it: {asked})"
)


@pytest.fixture
def record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A match with a person at seat 0, stopped at the person's first move, whose record says
    seat 1 is ``policy:evil.py:X`` (a file that is not there: nothing could be imported)."""
    monkeypatch.chdir(tmp_path)
    made = invoke(["run", "schnapsen", "--seed", "1", "--players", "human,greedy", "--quiet", "--record", "h.yaml"], input="")
    assert made.exit_code == 130, made.stderr
    path = tmp_path / "h.yaml"
    text = path.read_text(encoding="utf-8")
    assert "players: [human, greedy]" in text
    path.write_text(text.replace("players: [human, greedy]", 'players: [human, "policy:evil.py:X"]'), encoding="utf-8")
    return path


def test_rules_run_asks_for_players(record: Path) -> None:
    out = invoke(["run", "--resume", "h.yaml"], input="")
    assert (out.exit_code, out.stdout) == (2, "")
    assert out.stderr.splitlines() == [REFUSAL.format(asked="--players human,policy:evil.py:X")]


def test_rules_play_asks_for_opponent(record: Path) -> None:
    out = invoke(["play", "--resume", "h.yaml"])
    assert (out.exit_code, out.stdout) == (2, "")
    assert out.stderr.splitlines() == [REFUSAL.format(asked="--opponent policy:evil.py:X")]


def test_the_option_named_is_one_rules_run_takes(record: Path) -> None:
    """Given as the refusal words it, ``--players`` gets past the refusal: what stops the run
    now is the policy file that is not there, not an unknown option nor the same refusal."""
    out = invoke(["run", "--resume", "h.yaml", "--players", "human,policy:evil.py:X"], input="")
    assert out.exit_code == 2
    assert "trained policy" not in out.stderr and "No such option" not in out.stderr and "no such option" not in out.stderr
    assert "evil.py" in out.stderr
