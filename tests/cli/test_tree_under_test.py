"""The `rules` commands the tests run are the code of the tree under test.

tests/conftest.py puts this tree's root first on ``PYTHONPATH``.  Run from a git worktree or a
copy whose virtualenv was installed editable from another checkout, a subprocess would
otherwise import that other checkout, and the command tests would pass on code they never ran.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_subprocess_imports_this_tree(tmp_path: Path) -> None:
    # run from an empty folder, so that the working directory puts nothing on the path
    done = subprocess.run([sys.executable, "-c", "import cli, interpreter; print(cli.__file__); print(interpreter.__file__)"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60, check=True)
    files = [Path(line) for line in done.stdout.split()]
    assert len(files) == 2
    for file in files:
        assert file.resolve().is_relative_to(ROOT), f"{file} is not in the tree under test {ROOT}"
