"""Output that cannot be written: a full disk is one message and exit status 2, a reader that
goes away early is silence and the command's own status -- for typer's own help text too."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from clitools import RULES

FULL = Path("/dev/full")


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["describe", "schnapsen"], ["schema"], ["--help"], ["run", "schnapsen", "--seed", "1", "--quiet"]])
def test_a_full_disk_on_stdout_is_one_message_and_status_2(args: list[str]) -> None:
    with FULL.open("w") as full:
        out = subprocess.run([str(RULES), *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert out.returncode == 2
    assert out.stderr == "error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize(("args", "status"), [(["--help"], 0), ([], 2), (["describe", "schnapsen"], 0)])
def test_a_reader_that_leaves_early_changes_nothing(args: list[str], status: int) -> None:
    proc = subprocess.Popen([str(RULES), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(10)
    proc.stdout.close()  # the reader goes, as `| head -c 10` does
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == status
    assert err == b"" or (status == 2 and b"Usage" in err)
