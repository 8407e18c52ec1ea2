"""The record's default name (``rules play`` without ``--record``): ``rules-play-STAMP.yaml``,
numbered when the name is taken -- by a file, or by another ``rules`` process that holds the
name and writes the record at the end of its first deal.  Two tabs of ``rules play --web``
starting a match in the same second were both given the name, and the second was refused it
("another rules process is writing it")."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli.table.app import default_record_path
from interpreter.play.recordfile import RecordLock

REPO = Path(__file__).resolve().parents[2]
STAMP = "20260101-120000"
HOLD = ("import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]); from interpreter.play.recordfile import RecordLock; "
        "lock = RecordLock(Path(sys.argv[2])); print('held', flush=True); sys.stdin.read(); lock.release()")


def test_a_name_another_process_holds_is_skipped_as_a_file_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(time, "strftime", lambda fmt, *rest: STAMP)  # the same second for both
    first = Path(f"rules-play-{STAMP}.yaml")
    assert default_record_path() == first
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(REPO), str(first)], cwd=tmp_path,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"  # the other tab's table has the name
        assert not first.exists()  # no file yet: the record is written at the end of the first deal
        second = default_record_path()
        assert second == Path(f"rules-play-{STAMP}-2.yaml")
        RecordLock(second).release()  # this table may take it (the name it was given before was refused: RecordBusy)
        second.write_text("")  # a file of that name: the next number
        assert default_record_path() == Path(f"rules-play-{STAMP}-3.yaml")
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)
    assert default_record_path() == first  # let go at its end (its lock file removed): the name is free again
