"""A policy that prints does not corrupt what a command prints on stdout.

docs/cli.md: results go to stdout, diagnostics to stderr, and ``--json`` leaves stdout one
JSON document.  A policy is someone's code, and a ``print`` left in it -- when its module is
imported, or each time it is asked -- went into that stdout, in this process and in the
``--jobs`` workers (which write to the same stdout), and a script reading the JSON failed on
a run that exited 0.  While a policy's code runs, ``sys.stdout`` is stderr.
"""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

import pytest
from clitools import invoke, run_rules

from interpreter.play.bots.policy import stdout_to_stderr

CHATTY = '''print("CHATTY LOADED")


def chatty(observation, agent):
    print("CHATTY THINKING", agent)
    return int(observation["action_mask"].argmax())
'''
SEAT = "policy:chatty.py:chatty"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "chatty.py").write_text(CHATTY, encoding="utf-8")
    return tmp_path


#: Each command that seats a policy, with --json; those with --jobs at 1 and 2 (workers).
JSON_COMMANDS = [["run", "schnapsen", "--players", f"{SEAT},greedy", "--json"]] + [
    [*args, "--json", "--jobs", jobs] for jobs in ("1", "2") for args in (
        ["arena", SEAT, "greedy", "--deals", "2"],
        ["tournament", SEAT, "greedy", "--deals", "2"],
        ["simulate", "schnapsen", "--players", f"{SEAT},greedy", "--deals", "4"],
        ["compare", "schnapsen", "schnapsen", "--players", f"{SEAT},greedy", "--players-b", "greedy,greedy", "--deals", "4"],
    )
]


@pytest.mark.parametrize("args", JSON_COMMANDS, ids=lambda a: " ".join(a[:1] + a[-2:]))
def test_the_json_stays_one_document_and_the_chatter_goes_to_stderr(folder: Path, args: list[str]) -> None:
    out = run_rules(args, cwd=folder)
    assert out.exit_code == 0, out.stderr
    assert "CHATTY" not in out.stdout
    report = out.json()  # exactly one line on stdout, and it is JSON
    assert isinstance(report, dict)
    # imported at least here, where the seat is checked; asked at least once per deal
    assert "CHATTY LOADED\n" in out.stderr and "CHATTY THINKING player_0\n" in out.stderr


def test_csv_stays_csv(folder: Path) -> None:
    out = run_rules(["simulate", "schnapsen", "--players", f"{SEAT},greedy", "--deals", "4", "--jobs", "2", "--csv"], cwd=folder)
    assert out.exit_code == 0, out.stderr
    rows = list(csv.reader(io.StringIO(out.stdout)))
    assert rows[0] == ["metric", "group", "kind", "value", "low", "high", "num", "den"]
    assert all(len(row) == 8 for row in rows) and "CHATTY THINKING player_0\n" in out.stderr


def test_in_process_the_capture_of_stdout_is_kept(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # typer's CliRunner replaces sys.stdout and sys.stderr with its own: the chatter lands in
    # its stderr, the JSON in its stdout, and stdout is the runner's again between moves
    monkeypatch.chdir(folder)
    before = sys.stdout
    out = invoke(["arena", SEAT, "greedy", "--deals", "2", "--jobs", "1", "--json"])
    assert out.exit_code == 0, out.stderr
    assert out.json()["deals"] == 2 and "CHATTY" not in out.stdout
    assert "CHATTY THINKING player_0\n" in out.stderr
    assert sys.stdout is before


def test_stdout_comes_back_when_the_last_of_several_policies_ends() -> None:
    # two policies in two threads: the first to end must not put back what the second saw
    # (stderr), nor the second what the first saw -- stdout comes back when both have ended
    before = sys.stdout
    first, second = stdout_to_stderr(), stdout_to_stderr()
    first.__enter__()
    assert sys.stdout is sys.stderr
    second.__enter__()
    first.__exit__(None, None, None)
    assert sys.stdout is sys.stderr
    second.__exit__(None, None, None)
    assert sys.stdout is before
