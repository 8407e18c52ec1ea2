"""A file to write named through a folder that is not there and back (``nodir/../x``).

The system cannot pass through ``nodir``, so the path names no file for it; yet the writers
resolve the path by its text (``os.path.realpath`` takes ``nodir/..`` off), which lands on
``x`` itself.  Checked as a new file, such a path once let ``--html`` overwrite the record
being analysed and ``--record`` the ruleset being played.  It is refused by the folder it
lacks, with every file as it was.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import invoke, no_traceback

RULESET = "extends: schnapsen\nname: house\n"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "house.yaml").write_text(RULESET, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    out = invoke(["run", "house.yaml", "--deals", "1", "--seed", "1", "--quiet", "--record", "rec.yaml"])
    assert out.exit_code == 0, out.stderr
    return tmp_path


@pytest.mark.parametrize(("args", "target", "said"), [
    (["run", "house.yaml", "--deals", "1", "--seed", "1", "--quiet", "--record"], "nodir/../house.yaml",
     "--record: nodir/../house.yaml cannot be written: the folder nodir does not exist"),
    (["analyse", "rec.yaml", "--iters", "20", "--brief", "--html"], "nodir/../rec.yaml",
     "--html: nodir/../rec.yaml cannot be written: the folder nodir does not exist"),
    (["analyse", "rec.yaml", "--iters", "20", "--brief", "--html"], "./sub/x/../../house.yaml",
     "--html: sub/x/../../house.yaml cannot be written: the folder sub does not exist"),  # the first folder missing
    (["simulate", "house.yaml", "--deals", "2", "--html"], "nodir/../house.yaml",
     "--html: nodir/../house.yaml cannot be written: the folder nodir does not exist"),
    (["new", "--from", "schnapsen", "--force"], "nodir/../house.yaml",
     "FILE: nodir/../house.yaml cannot be written: the folder nodir does not exist"),
])
def test_a_path_through_a_missing_folder_is_refused_and_writes_nothing(folder: Path, args: list[str], target: str, said: str) -> None:
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    out = invoke([*args, target])
    no_traceback(out)
    assert out.exit_code == 2, (out.stdout, out.stderr)
    assert out.stderr == f"error: {said}; choose another file\n"
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before  # not one byte changed, nothing new


def test_a_path_back_through_a_folder_that_is_there_is_written(folder: Path) -> None:
    """``sub/../x`` where ``sub`` exists names ``x`` for the system too: written as asked."""
    (folder / "sub").mkdir()
    out = invoke(["run", "house.yaml", "--deals", "1", "--seed", "2", "--quiet", "--record", "sub/../again.yaml"])
    assert out.exit_code == 0, out.stderr
    assert (folder / "again.yaml").read_text(encoding="utf-8").startswith("# Sixty-Six Rules match record")
