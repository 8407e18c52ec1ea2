"""A stop signal while ``rules`` is still starting (importing the app takes a good part of a
second) ends it as a running command ends: ``stopped by SIGTERM`` on stderr and 128 + the
signal -- where it was killed without a word.  Once the app is imported, the handlers are the
ones the process had, for each command to put its own stop in place.

The signal is sent by the process to itself from inside the import of ``cli.main`` (a module
put in its place), so no test waits for a moment to come."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

from clitools import REPO

SIGNALLED = """
import os, signal, sys, types

class Importing(types.ModuleType):
    def __getattr__(self, name):
        os.kill(os.getpid(), signal.{name})  # arrives while the app is imported
        for _ in range(100_000_000):
            pass
        raise AssertionError("the signal was not handled")

sys.modules["cli.main"] = Importing("cli.main")
import cli
cli.main()
"""

AFTER = """
import signal, sys, types

class Imported(types.ModuleType):
    def app(self):
        print(signal.getsignal(signal.SIGTERM) is signal.SIG_DFL, signal.getsignal(signal.SIGHUP) is signal.SIG_DFL)

sys.modules["cli.main"] = Imported("cli.main")
import cli
cli.main()
"""


def python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGHUP", 129)])
def test_a_stop_while_starting_is_said_and_has_its_status(name: str, status: int) -> None:
    proc = python(SIGNALLED.replace("{name}", name))
    assert (proc.returncode, proc.stdout, proc.stderr) == (status, "", f"stopped by {name}\n")


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
def test_once_started_the_handlers_are_the_processes_own() -> None:
    proc = python(AFTER)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "True True\n", "")
