"""``rules serve --data`` that is, or passes through, a symbolic link leading nowhere or a loop
of links: said as every other file option says it -- where the link leads, or "Too many levels
of symbolic links" -- and exit status 2.  Making the folder through such a link failed with
``cannot write in L (File exists)``, which names no link.

The command runs in a process of its own, bounded: were the folder ever taken, the server
would start, and the bound ends the test instead of it waiting for ever."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="rules serve needs the serve extra: pip install -e '.[test]'")

REPO = Path(__file__).resolve().parents[2]
NOWHERE_WORDS = "which does not exist (expected a folder, or a link to one)"


def _serve(data: str, cwd: Path) -> tuple[int, str, str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run([sys.executable, "-m", "cli.main", "serve", "--port", "0", "--data", data],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


@pytest.mark.parametrize("data", ["loop", "loop/tables"])
def test_a_loop_of_links_is_said_as_one(tmp_path: Path, data: str) -> None:
    (tmp_path / "loop").symlink_to("loop")
    said = f"error: --data: cannot write in {data} ({os.strerror(errno.ELOOP)})\n"
    assert _serve(data, tmp_path) == (2, "", said)


@pytest.mark.parametrize("data", ["gone", "gone/tables"])
def test_a_link_that_leads_nowhere_says_where_it_leads(tmp_path: Path, data: str) -> None:
    target = tmp_path / "nowhere" / "room"
    (tmp_path / "gone").symlink_to(target)
    assert _serve(data, tmp_path) == (2, "", f"error: --data: gone is a symbolic link to '{target}', {NOWHERE_WORDS}\n")
    assert not (tmp_path / "nowhere").exists()  # the link is not followed to make its target
