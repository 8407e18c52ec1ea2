"""``rules play`` on the command line: everything wrong is refused before the screen is taken
over, with one line and exit status 2; without a terminal it says what to use instead."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "cli"))  # the CLI tests' helpers

from clitools import invoke, no_traceback  # noqa: E402

from interpreter import load_ruleset  # noqa: E402
from interpreter.play.session import TableSession  # noqa: E402


def refused(args: list[str]) -> str:
    out = invoke(["play", *args])
    no_traceback(out)
    assert out.exit_code == 2, (out.stdout, out.stderr)
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert lines, "no message"
    return out.stderr


def test_a_bad_ruleset_is_located() -> None:
    assert "schnapsen" in refused(["schnapsn"])  # did-you-mean or the list of bundled names


def test_a_bad_opponent_is_one_line() -> None:
    err = refused(["schnapsen", "--opponent", "grumpy"])
    assert "--opponent" in err and "greedy" in err and len(err.strip().splitlines()) == 1
    assert "--opponent" in refused(["schnapsen", "--opponent", "search:iters=0"])


def test_record_and_resume_together_are_refused(tmp_path: Path) -> None:
    assert "--resume" in refused(["--record", str(tmp_path / "a.yaml"), "--resume", str(tmp_path / "b.yaml")])


def test_resume_of_a_missing_or_finished_match(tmp_path: Path) -> None:
    assert "cannot read file: No such file or directory" in refused(["--resume", str(tmp_path / "nothing.yaml")])
    finished = tmp_path / "done.yaml"
    session = TableSession(load_ruleset("schnapsen"), 3, ["human", "greedy"], finished)
    while not session.match_over:  # the person's seat plays its first legal move
        if session.state is None or session.deal_over:
            session.start_deal()
        if not session.bot_step():
            session.act(session.legal()[0])
    session.save()
    assert "over" in refused(["--resume", str(finished)])
    bots_only = tmp_path / "bots.yaml"
    out = invoke(["run", "schnapsen", "--seed", "1", "--record", str(bots_only)])
    assert out.exit_code == 0
    assert "person" in refused(["--resume", str(bots_only)])


def test_without_a_terminal_it_points_to_the_line_mode() -> None:
    err = refused(["schnapsen"])
    assert "terminal" in err and "--players human" in err
