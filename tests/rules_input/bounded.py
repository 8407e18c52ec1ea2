"""Run the `rules` command (or a snippet of Python) in a child bounded in time and memory.

The child limits its own address space (``RLIMIT_AS``) before importing anything, the parent
kills it after a timeout, and ``os.wait4`` reports the child's own peak memory
(``ru_maxrss``), which ``resource.getrusage(RUSAGE_CHILDREN)`` cannot: that is the peak of
every child the test process ever had.  These are generous bounds that catch a hang or a
runaway allocation, never a tight timing.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
GIB = 1024**3

_CHILD = """\
import resource, sys
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
if sys.argv[2] == "--code":
    exec(compile(sys.argv[3], "<bounded>", "exec"))
else:
    sys.argv = ["rules", *sys.argv[2:]]
    from cli.main import app
    app(prog_name="rules")
"""


@dataclass
class Bounded:
    """How a bounded child ended."""

    exit_code: int  # negative: killed by that signal
    stdout: str
    stderr: str
    max_rss_mib: float
    timed_out: bool


def run_bounded(
    args: list[str], cwd: Path, *, timeout: float = 60, memory: int = 2 * GIB, code: str | None = None
) -> Bounded:
    """``rules ARGS`` (or the Python ``code``) in a child with at most ``memory`` bytes of address
    space, killed after ``timeout`` seconds; its output goes through files in ``cwd``."""
    argv = [sys.executable, "-c", _CHILD, str(memory), *(["--code", code] if code is not None else args)]
    env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONIOENCODING="utf-8")
    out_path, err_path = cwd / f".bounded-{threading.get_ident()}.out", cwd / f".bounded-{threading.get_ident()}.err"
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
    timed_out = threading.Event()

    def kill() -> None:
        timed_out.set()
        proc.kill()

    timer = threading.Timer(timeout, kill)
    timer.start()
    try:
        _, status, usage = os.wait4(proc.pid, 0)
    finally:
        timer.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
    stdout = out_path.read_text(encoding="utf-8", errors="replace")
    stderr = err_path.read_text(encoding="utf-8", errors="replace")
    out_path.unlink()
    err_path.unlink()
    return Bounded(proc.returncode, stdout, stderr, usage.ru_maxrss / 1024, timed_out.is_set())
