"""A command started with a standard stream closed (``>&-``, ``<&-``, ``2>&-``) ends calmly.

The process then has no descriptor 0, 1 or 2 at all (not a closed pipe: Python sets
``sys.stdout`` to ``None``).  Whatever is closed, the command runs to its end, says what it
could not do in one line on stderr (if stderr is there), never prints a traceback, and its
record is whole: ``rules replay`` accepts it.  Each test runs the real ``rules`` executable
from a shell, the way a user's script would close the stream.
"""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

import pytest

from clitools import RULES
from interpreter.play.record import load_record, replay

pytestmark = pytest.mark.skipif(os.name != "posix", reason="shell redirections of POSIX descriptors")


def shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-c", command], cwd=cwd, capture_output=True, text=True, timeout=120)


def rules(*args: str) -> str:
    return " ".join(shlex.quote(a) for a in (str(RULES), *args))


def assert_one_calm_line(stderr: str, words: str) -> None:
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert lines == [f"error: {words}"], stderr


def test_run_with_stdout_closed_plays_to_the_end_and_keeps_a_whole_record(tmp_path: Path) -> None:
    out = shell(rules("run", "schnapsen", "--seed", "7", "--record", "c.yaml") + " >&-", tmp_path)
    assert out.returncode == 2  # the log could not be written: not a success
    assert_one_calm_line(out.stderr, "cannot write the output: standard output is closed")
    rec = load_record(tmp_path / "c.yaml")
    assert rec.meta["result"]["winner"] is not None  # the match was played to its end
    assert replay(rec).illegal is None


@pytest.mark.parametrize("args", [["validate", "schnapsen"], ["replay", "--json", "REC"], ["describe", "schnapsen"], ["--help"]])
def test_other_commands_with_stdout_closed_say_it_once(tmp_path: Path, args: list[str]) -> None:
    if "REC" in args:
        assert shell(rules("run", "schnapsen", "--seed", "7", "--quiet", "--record", "r.yaml") + " >/dev/null", tmp_path).returncode == 0
        args = [a if a != "REC" else "r.yaml" for a in args]
    out = shell(rules(*args) + " >&-", tmp_path)
    assert out.returncode == 2
    assert_one_calm_line(out.stderr, "cannot write the output: standard output is closed")


def test_a_human_seat_with_stdin_closed_ends_the_match_and_keeps_the_record(tmp_path: Path) -> None:
    out = shell(rules("run", "schnapsen", "--seed", "7", "--players", "greedy,human", "--record", "h.yaml") + " <&-", tmp_path)
    assert out.returncode == 130  # as at the end of any input
    assert "Traceback" not in out.stderr
    assert out.stderr.rstrip().splitlines()[-1] == "game interrupted; the record so far is saved in h.yaml; go on with: rules run --resume h.yaml"
    rec = load_record(tmp_path / "h.yaml")
    assert replay(rec).illegal is None


def test_run_with_stderr_closed_is_quiet_and_succeeds(tmp_path: Path) -> None:
    out = shell(rules("run", "schnapsen", "--seed", "7", "--quiet", "--record", "e.yaml") + " 2>&-", tmp_path)
    assert out.returncode == 0
    assert out.stdout.rstrip().splitlines()[-1].startswith("Match won by seat ")
    assert replay(load_record(tmp_path / "e.yaml")).illegal is None


def test_a_record_opened_with_stdout_closed_never_takes_descriptor_1(tmp_path: Path) -> None:
    """With fd 1 closed, the first file opened would get descriptor 1; anything written to
    descriptor 1 (a child process, a stray print) would then land in the record."""
    out = shell(rules("run", "schnapsen", "--seed", "7", "--record", "c.yaml") + " >&-", tmp_path)
    text = (tmp_path / "c.yaml").read_text(encoding="utf-8")
    assert "Schnapsen -- match to 7" not in text and "Deal 1:" not in text
    assert out.returncode == 2


def test_play_with_stdout_or_stdin_closed_refuses_before_any_record(tmp_path: Path) -> None:
    for closed in (" >&-", " <&-"):
        out = shell(rules("play", "schnapsen", "--record", "p.yaml") + closed, tmp_path)
        assert out.returncode == 2
        assert "Traceback" not in out.stderr
        assert out.stderr.startswith("error: rules play needs a terminal")
        assert not (tmp_path / "p.yaml").exists()
