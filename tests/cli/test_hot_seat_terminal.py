"""Two people at one terminal that cannot clear its screen are refused at the start.

Between two human seats the screen is cleared before a hand is shown.  A terminal without
cursor control (``TERM=dumb``: Emacs' shell, some web consoles; or no ``TERM``) printed the
escape as text (``^[[H^[[2J^[[3J``) and kept the previous seat's hand in view.  Now such a
match is refused before anything is played or written: one line, exit status 2.  One person
at such a terminal has nothing to hide from anybody and still plays.

The screen (stderr) is a pseudo-terminal here, so that the command sees a terminal.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from clitools import RULES

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal, and TERM, are POSIX")

ADVICE = ("so each hand would stay in view of the next player; give each person a screen of their own with "
          "rules serve, or play in a terminal that clears (such as TERM=xterm-256color)")
CLEAR = b"\x1b[H\x1b[2J\x1b[3J"


def on_a_terminal(args: list[str], term: str | None, cwd: Path, entries: str = "") -> tuple[int, bytes, bytes]:
    """``rules ARGS`` with stderr on a pseudo-terminal and ``TERM`` as given (unset for ``None``):
    exit status, stdout, and what the terminal showed (line ends as the terminal writes them)."""
    import pty

    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "TERM"}
    if term is not None:
        env["TERM"] = term
    try:
        proc = subprocess.Popen([str(RULES), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=slave, env=env, cwd=cwd)
    finally:
        os.close(slave)
    out, _ = proc.communicate(entries.encode(), timeout=120)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: every end of the terminal is closed
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    return proc.returncode, out, shown


@pytest.mark.parametrize(("term", "said"), [("dumb", "TERM=dumb"), (None, "TERM is not set"), ("", "TERM is not set")])
def test_two_people_at_a_terminal_that_cannot_clear_are_refused(tmp_path: Path, term: str | None, said: str) -> None:
    code, out, shown = on_a_terminal(["run", "schnapsen", "--players", "human,human", "--seed", "3", "--record", "hx.yaml"], term, tmp_path)
    assert (code, out) == (2, b"")
    assert shown.decode() == (f"error: 2 human seats would share this terminal, which cannot clear the screen "
                              f"between them ({said}), {ADVICE}\r\n")
    assert list(tmp_path.iterdir()) == []  # no record, no lock file


def test_going_on_with_a_hot_seat_match_is_refused_there_too(tmp_path: Path) -> None:
    """Stopped on a terminal that clears, taken up on one that cannot: refused, the record as it was."""
    code, _, shown = on_a_terminal(["run", "schnapsen", "--players", "human,human", "--seed", "3", "--record", "hx.yaml"], "xterm", tmp_path)
    assert code == 130, shown
    kept = (tmp_path / "hx.yaml").read_bytes()
    code, out, shown = on_a_terminal(["run", "--resume", "hx.yaml"], "dumb", tmp_path)
    assert (code, out) == (2, b"")
    assert shown.startswith(b"error: 2 human seats would share this terminal") and shown.count(b"\n") == 1
    assert (tmp_path / "hx.yaml").read_bytes() == kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hx.yaml"]  # its lock let go


def test_a_terminal_that_clears_still_hands_the_screen_over(tmp_path: Path) -> None:
    code, _, shown = on_a_terminal(["run", "schnapsen", "--players", "human,human", "--seed", "3"], "xterm-256color", tmp_path)
    assert code == 130
    assert shown.startswith(CLEAR + b"seat 0: press Enter when only you can see the screen ")


def test_one_person_at_a_dumb_terminal_still_plays(tmp_path: Path) -> None:
    code, out, shown = on_a_terminal(["run", "schnapsen", "--players", "human,greedy", "--seed", "3", "--quiet"], "dumb", tmp_path, "quit\n")
    assert code == 130
    assert out.startswith(b"Schnapsen -- match to 7")
    assert b"your hand: " in shown and CLEAR not in shown
    assert b"game quit; the record so far is saved in rules-interrupted.yaml" in shown
