"""Leaving ``rules play --review``: q, Ctrl-C and Ctrl-Q each end it, as at the table.

Ctrl-C once only showed textual's notice ("Do you want to quit? Press ctrl+q to quit the
app") and the review went on; at the table it is a key that quits as q does (docs/play.md,
docs/cli.md: "at the table itself Ctrl-C is a key"), so the review, a table too, ends on it
with the same status as q: 0, the terminal given back.  Run as a person runs it: the real
command on a pseudo-terminal, the key sent as the terminal sends it.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest

pty = pytest.importorskip("pty", reason="a pseudo-terminal (POSIX)")
RULES = Path(sys.executable).parent / "rules"
ENDGAME = (Path(__file__).resolve().parents[1] / "fixtures" / "records" / "endgame.yaml").read_text(encoding="utf-8")


def _read(fd: int, timeout: float) -> bytes:
    """What the terminal shows within ``timeout`` seconds (b"" once it is closed)."""
    import select

    ready, _, _ = select.select([fd], [], [], timeout)
    if not ready:
        return b""
    try:
        return os.read(fd, 65536)
    except OSError:  # the child is gone and the pty with it
        return b""


@pytest.mark.parametrize("key", [b"\x03", b"\x11", b"q"], ids=["ctrl+c", "ctrl+q", "q"])
def test_the_review_ends_on_q_ctrl_c_and_ctrl_q_with_status_0(tmp_path: Path, key: bytes) -> None:
    (tmp_path / "end.yaml").write_text(ENDGAME, encoding="utf-8")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the review at a 120x40 terminal
        os.chdir(tmp_path)
        os.environ.update(TERM="xterm-256color", COLUMNS="120", LINES="40")
        os.execv(str(RULES), [str(RULES), "play", "--review", "end.yaml", "--iters", "20"])
    out = b""
    end = time.monotonic() + 60
    while b"review of end.yaml" not in out and time.monotonic() < end:
        out += _read(fd, 0.05)
    assert b"review of end.yaml" in out, out.decode("utf-8", "replace")[-2000:]
    time.sleep(0.3)
    os.write(fd, key)
    status = None
    end = time.monotonic() + 20  # a bound on a review that does not end, not a measure of speed
    while status is None and time.monotonic() < end:
        done, raw = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(raw)
        else:
            out += _read(fd, 0.05)
    if status is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    text = out.decode("utf-8", "replace")
    assert status is not None, f"the review did not end on {key!r}: {text[-300:]!r}"
    assert status == 0
    assert "\x1b[?1049l" in text, "the review never left the alternate screen"
    assert "Traceback" not in text
