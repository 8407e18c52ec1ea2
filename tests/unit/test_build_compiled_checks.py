"""tools/build_compiled.sh checks for a C compiler and the Python headers before it builds.

Without them pip failed after a minute of building, in 24 lines of pip's and hatch's
traceback; the script now stops at once with one line saying what to install, exit 2, before
it copies or installs anything.  Run with a PATH of a few chosen programs, so that nothing here
can build: every case must stop at a check (the folder it was given is never made).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "tools" / "build_compiled.sh"
BASH = shutil.which("bash") or "/bin/bash"


def _program(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text(f"#!{BASH}\n{body}\n")
    path.chmod(0o755)


def _run(tmp_path: Path, programs: dict[str, str], cc: str | None = None) -> tuple[subprocess.CompletedProcess[str], Path]:
    """The script on a PATH of ``programs`` (name -> shell body) plus ``dirname``, building into
    a folder that does not exist yet."""
    folder = tmp_path / "bin"
    folder.mkdir()
    dirname = shutil.which("dirname")
    assert dirname is not None
    os.symlink(dirname, folder / "dirname")
    for name, body in programs.items():
        _program(folder, name, body)
    env = {"PATH": str(folder), "HOME": str(tmp_path)}
    if cc is not None:
        env["CC"] = cc
    out = tmp_path / "compiled"
    done = subprocess.run([BASH, str(SCRIPT), str(out)], env=env, capture_output=True, text=True, timeout=60)
    return done, out


def _python3() -> str:
    """A ``python3`` that is this test's own Python (whose headers may or may not be installed)."""
    return f'exec {sys.executable} "$@"'


def test_no_compiler_on_the_path_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done, out = _run(tmp_path, {"python3": _python3()})
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        "tools/build_compiled.sh: no C compiler (cc or gcc) on PATH: mypyc compiles the engine to C "
        "(install gcc: build-essential on Debian or Ubuntu)\n"
    )
    assert not out.exists()


@pytest.mark.parametrize("cc", ["nosuchcc", "nosuchcc -pthread"])
def test_a_compiler_named_by_cc_that_is_not_there_is_named(tmp_path: Path, cc: str) -> None:
    # cc itself is there, but the build would run CC's program
    done, out = _run(tmp_path, {"cc": "exit 0", "python3": _python3()}, cc=cc)
    assert done.returncode == 2
    assert done.stderr == (
        "tools/build_compiled.sh: no C compiler nosuchcc (CC) on PATH: mypyc compiles the engine to C "
        "(install it, or unset CC to use gcc)\n"
    )
    assert not out.exists()


def test_no_python_headers_is_one_line_and_exit_2(tmp_path: Path) -> None:
    include = tmp_path / "include"  # a Python whose include folder has no Python.h
    include.mkdir()
    done, out = _run(tmp_path, {"gcc": "exit 0", "python3": f"echo {include}"})
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        f"tools/build_compiled.sh: no Python.h in {include}: mypyc's C needs the Python headers "
        "(install python3-dev on Debian or Ubuntu, or the -dev package of this Python)\n"
    )
    assert not out.exists()
