"""A stop signal while ``rules`` is still starting (importing the app takes a good part of a
second) ends it as a running command ends: ``stopped by SIGTERM`` on stderr and 128 + the
signal -- where it was killed without a word.  That handler stays until the command puts its
own stop in place, so that no moment is left to the default handler.

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

#: An app that says which handlers it runs with (started as ``nohup`` starts it with
#: ``{ignored}``: SIGHUP ignored), then sends itself SIGTERM: after the import, before any
#: stop of the command's own.
AFTER = """
import os, signal, sys, types

class Imported(types.ModuleType):
    def app(self):
        print(signal.getsignal(signal.SIGTERM) is signal.SIG_DFL, signal.getsignal(signal.SIGHUP) is signal.SIG_IGN, flush=True)
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(100_000_000):
            pass
        raise AssertionError("the signal was not handled")

if {ignored}:
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
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
@pytest.mark.parametrize("ignored", [False, True], ids=["sighup-default", "sighup-ignored"])
def test_the_starting_stop_lasts_until_the_command_puts_its_own_in_place(ignored: bool) -> None:
    """Once the app is imported and before the command's own stop is in place (``rules run``
    loads its ruleset first), SIGTERM is still said -- where the default handler, put back
    after the import, killed the process without a word.  A signal that was ignored when the
    program started (``nohup``) is never caught: it stays ignored."""
    proc = python(AFTER.replace("{ignored}", str(ignored)))
    assert (proc.returncode, proc.stdout, proc.stderr) == (143, f"False {ignored}\n", "stopped by SIGTERM\n")


def test_a_second_stop_is_dropped_while_the_first_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first stop signal is raised; one that comes while it is said (the program unwinds,
    writes its line) is dropped, not raised in the middle of it as a traceback."""
    import cli

    monkeypatch.setattr(cli, "_stopping", [])
    with pytest.raises(cli._StoppedStarting) as info:
        cli._stop_starting(signal.SIGTERM, None)
    assert info.value.signum == signal.SIGTERM
    cli._stop_starting(signal.SIGHUP, None)  # dropped: returns


#: The first signal sent while the app is imported, the second while the first one's line is
#: being said (``_last_words``, wrapped to send it).
TWICE = """
import os, signal, sys, types
import cli

said = cli._last_words

def second(text, status):
    os.kill(os.getpid(), signal.{second})
    for _ in range(100_000):  # time for the handler to run, if one is left to run
        pass
    said(text, status)

cli._last_words = second

class Importing(types.ModuleType):
    def __getattr__(self, name):
        os.kill(os.getpid(), signal.{first})
        for _ in range(100_000_000):
            pass
        raise AssertionError("the signal was not handled")

sys.modules["cli.main"] = Importing("cli.main")
cli.main()
"""


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize(("first", "second", "status", "said"), [
    ("SIGTERM", "SIGINT", 143, "stopped by SIGTERM\n"),
    ("SIGINT", "SIGTERM", 130, "interrupted\n"),
    ("SIGINT", "SIGHUP", 130, "interrupted\n"),
])
def test_a_second_stop_while_the_first_is_said_changes_neither_words_nor_status(first: str, second: str, status: int, said: str) -> None:
    """Two stops a few milliseconds apart as the program starts: the first is said and gives
    the status, the second is dropped (it gave its own status under the first one's words)."""
    proc = python(TWICE.replace("{first}", first).replace("{second}", second))
    assert (proc.returncode, proc.stdout, proc.stderr) == (status, "", said)
