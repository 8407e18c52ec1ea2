"""A human seat reads at most a bounded line: a long entry is refused and asked again, and a
"line" with no end (``< /dev/zero``) is taken as end of input -- memory stays small and the
record is kept."""

from __future__ import annotations

from pathlib import Path

from clitools import run_rules

from cli.human import DISCARD_LIMIT, ENTRY_LIMIT


def test_a_long_entry_is_refused_and_asked_again(tmp_path: Path) -> None:
    record = tmp_path / "r.yaml"
    out = run_rules(["run", "schnapsen", "--players", "human,greedy", "--seed", "4", "--record", str(record)],
                    input="9" * (ENTRY_LIMIT * 25) + "\n1\n")
    assert f"that entry is too long (at most {ENTRY_LIMIT} characters)" in out.stderr  # the seat's screen
    assert out.stderr.count("your move") >= 3  # asked again after the long line, and after the first move
    assert out.exit_code == 130  # then the input ends
    assert "Traceback" not in out.stderr
    replayed = run_rules(["replay", str(record)])
    assert replayed.exit_code == 0, replayed.stderr


def test_an_endless_line_is_end_of_input(tmp_path: Path) -> None:
    record = tmp_path / "r.yaml"
    out = run_rules(["run", "schnapsen", "--players", "human,greedy", "--seed", "4", "--record", str(record)],
                    input="\0" * (DISCARD_LIMIT + 10))
    assert out.exit_code == 130 and "Traceback" not in out.stderr
    assert "the record so far is saved" in out.stderr
    assert run_rules(["replay", str(record)]).exit_code == 0
