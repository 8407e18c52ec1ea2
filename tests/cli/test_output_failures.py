"""Output that cannot be written: a full disk is one message and exit status 2, a reader that
goes away early is silence and the command's own status -- for typer's own help text too."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
from pathlib import Path

import pytest

from clitools import RULES

FULL = Path("/dev/full")
ENDGAME = Path(__file__).resolve().parents[1] / "fixtures" / "records" / "endgame.yaml"
#: The file-size limit of the tests below, in bytes: less than each command's output.
LIMIT = 1024


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


def _file_size_limited() -> None:
    """In the child: files may grow to LIMIT bytes (``ulimit -f 1``), and a write past it fails
    with EFBIG instead of killing the process with SIGXFSZ."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))


@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="POSIX file-size limits")
@pytest.mark.parametrize("args", [
    ["describe", "schnapsen"], ["schema"], ["run", "schnapsen", "--seed", "7", "--json"],
    ["analyse", str(ENDGAME), "--iters", "50", "--json"], ["--help"],
], ids=["describe", "schema", "run", "analyse", "help"])
def test_stdout_cut_short_by_a_file_size_limit_is_one_message_and_status_2(tmp_path: Path, args: list[str]) -> None:
    """A file that stops growing at the limit (``ulimit -f``, a disk nearly full) takes the
    first write in part and fails the next one.  Each of these outputs is longer than LIMIT
    (a whole ruleset described, the schema, six deals' JSON, five decisions' JSON, the list
    of commands): the file holds LIMIT bytes, and the command says it lost the rest -- where
    it said nothing and exited with 0."""
    out_file = tmp_path / "out.txt"
    with out_file.open("wb") as out:
        proc = subprocess.run(
            [str(RULES), *args], stdout=out, stderr=subprocess.PIPE, text=True, timeout=120, preexec_fn=_file_size_limited,
        )
    assert (proc.returncode, proc.stderr) == (2, "error: cannot write the output: File too large\n")
    assert out_file.stat().st_size == LIMIT


def test_a_character_stdouts_encoding_lacks_is_written_as_its_escape(tmp_path: Path) -> None:
    """stdout in cp1252 (Windows, into a file or a pipe): the diff's arrow (U+2192) and a
    title in Cyrillic have no byte there.  Written as their escapes, as on stderr -- before,
    a traceback and status 1, and ``rules run --record`` stopped before writing its record.
    In JSON the escape reads back as the character."""
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    out = subprocess.run([str(RULES), "diff", "schnapsen", "house/santase"], capture_output=True, text=True,
                         env=env, timeout=120, encoding="cp1252")
    assert (out.returncode, out.stderr) == (0, "")
    assert "Match target: 7 \\u2192 11 game points" in out.stdout.splitlines()
    house = tmp_path / "cyr.yaml"
    house.write_text('extends: schnapsen\nname: cyr\ntitle: "Сантасе ♠"\n', encoding="utf-8")
    out = subprocess.run([str(RULES), "validate", "--json", str(house)], capture_output=True, text=True,
                         env=env, timeout=120, encoding="cp1252")
    assert (out.returncode, out.stderr) == (0, "")
    assert json.loads(out.stdout)["title"] == "Сантасе ♠"
    record = tmp_path / "r.yaml"
    out = subprocess.run([str(RULES), "run", str(house), "--deals", "1", "--seed", "1", "--quiet", "--record", str(record)],
                         capture_output=True, text=True, env=env, timeout=120, encoding="cp1252")
    assert (out.returncode, out.stderr) == (0, "")
    assert out.stdout.startswith("\\u0421\\u0430")  # the title's first letters, escaped
    assert "play " in record.read_text(encoding="utf-8")  # the record of the deal, written
