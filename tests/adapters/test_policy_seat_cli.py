"""A trained agent plays through the `rules` commands: the seat kind ``policy:FILE.py:NAME``
in ``rules run``, ``rules arena`` and ``rules play --opponent`` (checked before the screen)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy", reason="the rl extra is not installed (pip install -e '.[rl]')")

sys.path.insert(0, str(Path(__file__).parents[1] / "cli"))  # the CLI tests' helpers
from clitools import invoke, no_traceback  # noqa: E402

POLICY = '''\
import numpy as np

def policy(observation, agent):
    """The first legal action: a trained agent would score the legal ones."""
    return int(np.flatnonzero(observation["action_mask"])[0])
'''


@pytest.fixture
def policy_file(tmp_path: Path) -> Path:
    path = tmp_path / "First_Legal.py"  # capital letters: the name is kept as written
    path.write_text(POLICY, encoding="utf-8")
    return path


def test_rules_run_seats_a_policy(policy_file: Path, tmp_path: Path) -> None:
    record = tmp_path / "m.yaml"
    out = invoke(["run", "schnapsen", "--seed", "3", "--players", f"policy:{policy_file}:policy,greedy", "--record", str(record)])
    no_traceback(out)
    assert out.exit_code == 0, out.stderr
    assert "Match won by" in out.stdout
    assert f"policy:{policy_file}:policy" in record.read_text(encoding="utf-8")


def test_rules_arena_plays_a_policy(policy_file: Path) -> None:
    out = invoke(["arena", f"policy:{policy_file}:policy", "random", "--deals", "4", "--seed", "1", "--json"])
    no_traceback(out)
    assert out.exit_code == 0, out.stderr
    assert out.json()["plays"] == 8


def test_a_policy_that_cannot_be_loaded_is_one_line(tmp_path: Path) -> None:
    for kind in (f"policy:{tmp_path / 'missing.py'}:policy", "policy:no-colon"):
        out = invoke(["run", "schnapsen", "--players", f"{kind},greedy"])
        no_traceback(out)
        assert out.exit_code == 2 and out.stderr.startswith("error: --players:"), out.stderr
        out = invoke(["play", "schnapsen", "--opponent", kind])
        assert out.exit_code == 2 and out.stderr.startswith("error: --opponent:"), out.stderr
