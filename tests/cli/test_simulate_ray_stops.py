"""``rules simulate --backend ray`` stopped from outside ends as the local pool does
(docs/simulate.md, "Interrupting"): the figures of the blocks that finished, ``"interrupted":
true``, 128 + the signal -- and the Ray instance it started is gone with it.  And an address
where no cluster answers is one line and status 2, not a wait for ever.

Ray kept none of this: its force-cancel of the blocks left running crashed its own driver (a
C++ check failure, exit 1, no figures), its SIGTERM handler exited 15 before anything was
printed, and ``--address 127.0.0.1:1`` retried for ever.

Each command runs in a session of its own (so its Ray processes can be found and, should the
test fail, killed), bounded by timeouts; the signal is sent when the command says, through a
hook on :meth:`~interpreter.sim.simulate.Runs.take`, that a block has finished -- never after
a delay.
"""

from __future__ import annotations

import importlib.util
import json
import os
import select
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clitools import REPO, SAYS_BLOCKS

pytestmark = pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed (pip install ray)")


#: 200 blocks of 10 deals between two search bots: long blocks, so that the command waits in
#: Ray's code when the signal comes (where its handler ran into Ray's signal check), and the
#: run is far from its end when the first block has finished.
ARGS = ["simulate", "schnapsen", "--deals", "2000", "--players", "search,search", "--seed", "4", "--json", "--backend", "ray"]
BOUND = 300  # seconds: how long anything here may take before the test gives up (a bound, not a check)


def _group_left(pgid: int) -> list[str]:
    """The processes still in the command's session (Ray's own are started in it)."""
    left = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if os.getpgid(int(entry.name)) == pgid:
                left.append((entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")[:200])
        except (ProcessLookupError, FileNotFoundError, PermissionError):
            continue
    return left


def _until_first_block(proc: subprocess.Popen[bytes]) -> bytes:
    """stderr up to the first ``block`` line (bounded by :data:`BOUND`)."""
    assert proc.stderr is not None
    seen = b""
    deadline = time.monotonic() + BOUND
    while b"block\n" not in seen:
        left = deadline - time.monotonic()
        ready, _, _ = select.select([proc.stderr], [], [], max(left, 0))
        chunk = os.read(proc.stderr.fileno(), 65536) if ready else b""
        if not chunk:
            raise AssertionError(f"no block finished (status {proc.poll()}): {seen.decode(errors='replace')[-2000:]}")
        seen += chunk
    return seen


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="POSIX sessions")
@pytest.mark.parametrize(("signum", "status", "words"), [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "stopped by SIGTERM")])
def test_a_stop_keeps_the_finished_blocks_and_leaves_no_ray_process(tmp_path: Path, signum: int, status: int, words: str) -> None:
    proc = subprocess.Popen([sys.executable, "-c", SAYS_BLOCKS, *ARGS], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        before = _until_first_block(proc)
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=BOUND)
        err = before + err
        time.sleep(1)  # not a check: Ray's processes are reaped by their parents as they end
        left = _group_left(proc.pid)
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # whatever is left of the session, should the test fail
        except ProcessLookupError:
            pass
    text = err.decode(errors="replace")
    assert proc.returncode == status, text[-3000:]
    report = json.loads(out)
    finished = report["finished"]["deals"]
    # whole blocks of 10 deals, at least the one seen, far from all 200
    assert report["interrupted"] is True and report["error"] is None
    assert finished % 10 == 0 and 10 <= finished < 2000, finished
    assert f"{words}: the figures are of the {finished:,} of 2,000 deals that finished" in text  # no --matches asked
    assert "Check failed" not in text and "Traceback" not in text and "SIGTERM received" not in text, text[-3000:]
    assert left == [], left


def _closed_port() -> int:
    """A local TCP port where nothing listens: bound, then closed, so connecting is refused."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_address_where_no_cluster_answers_is_one_line_and_status_2(tmp_path: Path) -> None:
    port = _closed_port()
    proc = subprocess.run([sys.executable, "-c", "from cli import main; main()", "simulate", "schnapsen", "--deals", "10",
                           "--backend", "ray", "--address", f"127.0.0.1:{port}"],
                          cwd=REPO, capture_output=True, text=True, timeout=BOUND)
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr.splitlines() == [
        f"error: --address: no Ray cluster answers at 127.0.0.1:{port} (connection refused); "
        "start one there (ray start --head --port PORT) or leave --address out to start one on this machine",
    ]
