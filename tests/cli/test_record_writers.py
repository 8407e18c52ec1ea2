"""One record, one writer; a record on disk is always one that ``rules replay`` reads; a record
that cannot be written says which file it tried.

Two ``rules`` processes writing one record file would each replace the other's file, and the
one replaced would go on writing to a file that no name leads to -- and still say its record
was saved.  So a writer holds the record's name (a lock on ``.NAME.lock`` beside it) and a
second one is refused before it plays anything; a writer whose name another program took
anyway saves its record under a new name.  A record needs one deal to be read back, so its
file is created only when the first deal is finished (or saved unfinished).
"""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import yaml

from clitools import RULES
from interpreter.play import recordfile
from interpreter.play.record import load_record, replay
from interpreter.play.recordfile import RecordBusy, RecordNotWritten, RecordWriter, interrupted_paths, lock_path
from interpreter.play.session import TableSession, resume
from interpreter.rules.loader import load_ruleset

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX signals and locks")


def deals_in(path: Path) -> list[dict[str, object]]:
    """The deals of the record at ``path``, after checking that ``rules replay`` reads it
    (the moves of the writer's tests are made up: whether they are legal is not its business)."""
    load_record(path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return list(data["deals"])


def writer(path: Path) -> RecordWriter:
    return RecordWriter(load_ruleset("schnapsen"), seed=9, players=["greedy", "greedy"], path=path)


def one_deal(w: RecordWriter, dealer: int, seed: int) -> None:
    """A deal with no moves, finished: enough for the writer, which does not check the moves."""
    w.begin_deal(dealer, seed)
    w.end_deal()


# --------------------------------------------------------------------------- two writers
def test_a_second_writer_of_one_record_is_refused_until_the_first_lets_go(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    first = writer(path)
    with pytest.raises(RecordBusy) as refused:
        writer(path)
    assert refused.value.holder == str(os.getpid())  # the lock file names the process that writes
    assert str(path) in str(refused.value) and "another rules process" in str(refused.value)
    one_deal(first, 0, 11)
    assert first.save() == path
    assert [d["seed"] for d in deals_in(path)] == [11]
    assert not lock_path(path).exists()  # let go, and the lock file removed with it
    second = writer(path)  # now the name is free
    second.close()


def test_a_table_going_on_with_a_record_keeps_a_second_table_away(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    session = TableSession(load_ruleset("schnapsen"), 4, ["human", "greedy"], path)
    session.start_deal()
    while session.bot_step():
        pass
    session.act(session.legal()[0])
    session.save()
    going_on = resume(path)
    with pytest.raises(RecordBusy):
        resume(path)
    assert going_on.save() == path


def test_a_writer_whose_name_another_program_took_saves_its_record_elsewhere(tmp_path: Path) -> None:
    """The guard behind the lock: a program that takes no lock replaced the file; the writer
    neither writes over that file nor says its record is in it."""
    path, theirs, elsewhere = tmp_path / "r.yaml", tmp_path / "theirs.yaml", tmp_path / "kept.yaml"
    w = writer(path)
    one_deal(w, 0, 11)
    theirs.write_text("their file\n", encoding="utf-8")
    os.replace(theirs, path)
    one_deal(w, 1, 22)
    w.begin_deal(0, 33)
    assert w.save(elsewhere=[elsewhere]) == elsewhere
    assert path.read_text(encoding="utf-8") == "their file\n"
    assert [d["seed"] for d in deals_in(elsewhere)] == [11, 22, 33]


def test_a_checkpoint_never_writes_over_a_file_another_program_put_there(tmp_path: Path) -> None:
    path, elsewhere = tmp_path / "r.yaml", tmp_path / "kept.yaml"
    w = RecordWriter(load_ruleset("schnapsen"), seed=9, players=["human", "greedy"], path=path, hide_seed=True)
    moves = w.begin_deal(0, 11)
    moves.append("play AS")
    w.checkpoint()
    path.unlink()
    path.write_text("their file\n", encoding="utf-8")
    moves.append("play TS")
    w.checkpoint()
    w.end_deal()
    assert path.read_text(encoding="utf-8") == "their file\n"
    assert w.save(elsewhere=[elsewhere]) == elsewhere
    assert [(d["seed"], d["moves"]) for d in deals_in(elsewhere)] == [(11, ["play AS", "play TS"])]


def _cut_to_nothing(path: Path) -> None:
    with path.open("r+b") as f:  # as `: > r.yaml` does: the same file at the same name, emptied
        f.truncate(0)


def _cut_in_the_middle(path: Path) -> None:
    os.truncate(path, path.stat().st_size // 2)


def _written_into(path: Path) -> None:
    with path.open("r+b") as f:  # the same size: only the header tells
        f.write(b"%")  # the header begins with "#"


def _added_to(path: Path) -> None:
    with path.open("ab") as f:
        f.write(b"# a note of another program\n")


CHANGES = {"cut to nothing": _cut_to_nothing, "cut in the middle": _cut_in_the_middle, "written into": _written_into, "added to": _added_to}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_writer_whose_file_another_program_changed_saves_every_deal_elsewhere(tmp_path: Path, change: str) -> None:
    """Another program changed the record file in place between two deals -- the name still
    leads to the writer's file, but that file no longer holds what the writer put there.  The
    writer writes nothing more into it, and saves the whole record elsewhere: the two deals the
    file held (11, 22), the one finished after (33) and the one in play (44)."""
    path, elsewhere = tmp_path / "r.yaml", tmp_path / "kept.yaml"
    w = writer(path)
    one_deal(w, 0, 11)
    one_deal(w, 1, 22)
    CHANGES[change](path)
    changed = path.read_bytes()
    one_deal(w, 0, 33)
    w.begin_deal(1, 44)
    assert w.save(elsewhere=[elsewhere]) == elsewhere
    assert path.read_bytes() == changed
    assert [d["seed"] for d in deals_in(elsewhere)] == [11, 22, 33, 44]


def test_a_file_cut_short_just_before_the_save_is_not_completed_but_saved_elsewhere(tmp_path: Path) -> None:
    path, elsewhere = tmp_path / "r.yaml", tmp_path / "kept.yaml"
    w = writer(path)
    one_deal(w, 0, 11)
    _cut_to_nothing(path)
    w.begin_deal(1, 22)
    assert w.save(elsewhere=[elsewhere]) == elsewhere
    assert path.read_bytes() == b""
    assert [d["seed"] for d in deals_in(elsewhere)] == [11, 22]


def test_a_checkpoint_never_writes_into_a_file_another_program_cut_short(tmp_path: Path) -> None:
    """A human seat's record, written anew after every move: once the file was emptied in
    place, neither a checkpoint nor the deal's end writes it; the record is saved elsewhere
    with the deal before (11) and the moves of the deal that went on (22)."""
    path, elsewhere = tmp_path / "r.yaml", tmp_path / "kept.yaml"
    w = RecordWriter(load_ruleset("schnapsen"), seed=9, players=["human", "greedy"], path=path, hide_seed=True)
    one_deal(w, 0, 11)
    moves = w.begin_deal(1, 22)
    moves.append("play AS")
    w.checkpoint()
    _cut_to_nothing(path)
    moves.append("play TS")
    w.checkpoint()
    w.end_deal()
    assert path.read_bytes() == b""
    assert w.save(elsewhere=[elsewhere]) == elsewhere
    assert [(d["seed"], d["moves"]) for d in deals_in(elsewhere)] == [(11, []), (22, ["play AS", "play TS"])]


#: ``rules`` whose record file is emptied in place (``: > FILE``) by "another program" as the
#: writer finishes its second deal -- at a moment named, not waited for.
_CUT_AFTER_TWO_DEALS = """
import os
from interpreter.play.recordfile import RecordWriter

end_deal = RecordWriter.end_deal

def cut_after_two(self):
    end_deal(self)
    if self._finished == 2:
        os.truncate(self.path, 0)

RecordWriter.end_deal = cut_after_two
from cli import main
main()
"""


def test_a_run_whose_record_another_program_cut_short_says_so_and_keeps_every_deal(tmp_path: Path) -> None:
    """``rules run --record`` with the file emptied in place after deal 2: the whole match is
    saved in rules-interrupted-7.yaml -- the same deals as the record of the same seed left
    alone -- FILE is left as the other program left it, and the run says so and exits with
    status 2, where it wrote the later deals into the emptied file, without a header, and
    exited with 0."""
    record, whole = tmp_path / "tr.yaml", tmp_path / "whole.yaml"
    args = ["run", "schnapsen", "--seed", "7", "--quiet", "--record"]
    alone = subprocess.run([str(RULES), *args, str(whole)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert alone.returncode == 0, alone.stderr
    assert len(deals_in(whole)) > 2, "the test needs a match of more than two deals"
    proc = subprocess.run(
        [sys.executable, "-c", _CUT_AFTER_TWO_DEALS, *args, str(record)], capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )
    kept = tmp_path / "rules-interrupted-7.yaml"
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr == (
        f"error: {record} no longer holds this match's record: another program replaced it while the match was played, "
        "so the record is saved in rules-interrupted-7.yaml instead\n"
    )
    assert record.read_bytes() == b""
    assert deals_in(kept) == deals_in(whole)
    assert yaml.safe_load(kept.read_text(encoding="utf-8"))["result"] == yaml.safe_load(whole.read_text(encoding="utf-8"))["result"]


def human_run(folder: Path, record: Path) -> subprocess.Popen[bytes]:
    """``rules run`` with a human seat that waits for its first entry: it holds the record as
    long as its input stays open."""
    return subprocess.Popen(
        [str(RULES), "run", "schnapsen", "--seed", "3", "--players", "human,greedy", "--record", str(record)],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=folder,
    )


def wait_for(path: Path, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while not path.exists():
        assert proc.poll() is None, "the run ended by itself"
        assert time.monotonic() < end, f"no {path} after {timeout} s"
        time.sleep(0.02)


@posix_only
def test_a_second_run_on_a_record_in_use_is_refused_and_the_first_keeps_its_record(tmp_path: Path) -> None:
    record = tmp_path / "same.yaml"
    first = human_run(tmp_path, record)
    try:
        wait_for(lock_path(record), first)
        second = subprocess.run(
            [str(RULES), "run", "schnapsen", "--seed", "4", "--deals", "2", "--quiet", "--record", str(record)],
            capture_output=True, text=True, timeout=60, cwd=tmp_path,
        )
        assert second.returncode == 2, second.stderr
        assert second.stderr.count("\n") == 1 and "Traceback" not in second.stderr
        assert f"--record: cannot write the record to {record}: another rules process (process {first.pid}) is writing it" in second.stderr
        assert second.stdout == ""  # refused before the first card
    finally:
        _, err = first.communicate(input=b"1\n", timeout=60)  # one card, then the end of input
    assert first.returncode == 130, err
    assert f"the record so far is saved in {record}".encode() in err
    assert yaml.safe_load(record.read_text(encoding="utf-8"))["players"] == ["human", "greedy"]
    assert len(deals_in(record)) == 1 and replay(load_record(record)).illegal is None
    assert not lock_path(record).exists()


# --------------------------------------------------------------------------- killed in the first deal
@posix_only
def test_a_run_killed_before_its_first_deal_ends_leaves_no_record_and_an_older_one_as_it_was(tmp_path: Path) -> None:
    record = tmp_path / "k.yaml"
    proc = human_run(tmp_path, record)
    wait_for(lock_path(record), proc)  # the writer holds the record; the first deal is being dealt or played
    time.sleep(0.3)
    proc.kill()
    proc.communicate(timeout=60)
    assert not record.exists()
    record.write_text("an older file\n", encoding="utf-8")
    proc = human_run(tmp_path, record)
    wait_for(lock_path(record), proc)
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=60)
    assert record.read_text(encoding="utf-8") == "an older file\n"


def test_the_record_file_comes_with_the_first_finished_deal(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    w = writer(path)
    w.begin_deal(0, 11)
    assert not path.exists()  # a header with no deal would not read back
    w.end_deal()
    assert [d["seed"] for d in deals_in(path)] == [11]
    w.close()


def test_a_record_stopped_before_its_first_deal_is_not_written(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text("an older file\n", encoding="utf-8")
    assert writer(path).save() is None
    assert path.read_text(encoding="utf-8") == "an older file\n"


# --------------------------------------------------------------------------- a file that cannot be made
def test_a_new_record_that_cannot_be_created_names_the_file_and_its_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only folder: creating the name fails before anything is written to it."""
    monkeypatch.chdir(tmp_path)
    real_open = os.open

    def read_only(path: str | os.PathLike[str], flags: int, *args: int) -> int:
        if flags & os.O_CREAT:
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args)

    w = RecordWriter(load_ruleset("schnapsen"), seed=3, players=["greedy", "greedy"], path=None)
    w.begin_deal(0, 11)
    monkeypatch.setattr(recordfile.os, "open", read_only)
    with pytest.raises(RecordNotWritten) as failed:
        w.save_new(interrupted_paths(3))
    w.close()
    assert str(failed.value) == f"cannot write the record to rules-interrupted-3.yaml in the folder {tmp_path}: Read-only file system"


class _Stopped(Exception):
    """What the test's SIGTERM handler raises, as the command's handler ends its match."""


@posix_only
@pytest.mark.parametrize("checkpointed", [False, True], ids=["appended", "checkpointed"])
def test_a_stop_signal_as_a_deal_ends_keeps_it_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, checkpointed: bool) -> None:
    """SIGTERM arriving as a finished deal goes into the spool: the deal passes from "in play"
    to "finished" with the stop signals held, so the stop lands after it, and the record saved
    holds each deal once (11, 22).  Before, a stop between the spool and the
    writer forgetting the deal in play kept the deal twice -- CI saw ``rules replay`` refuse
    the saved record: "deals[14].dealer: seat 1 deals next, not seat 0"."""
    path = tmp_path / "r.yaml"
    w = writer(path)
    one_deal(w, 0, 11)
    spooled = RecordWriter._spooled

    def then_stop(self: RecordWriter, entry: bytes) -> None:
        spooled(self, entry)
        # the signal comes the moment the deal is spooled -- to this thread: one sent to the
        # process goes to any thread that does not hold it, and a test runner has others
        signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGTERM)

    def stop(signum: int, frame: object) -> None:
        raise _Stopped

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        monkeypatch.setattr(RecordWriter, "_spooled", then_stop)
        moves = w.begin_deal(1, 22)
        if checkpointed:  # a human seat's record: the deal in play is on disk already
            moves.append("play AS")
            w.checkpoint()
        with pytest.raises(_Stopped):
            w.end_deal()
        monkeypatch.setattr(RecordWriter, "_spooled", spooled)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert w.save() == path  # as the command saves its record when stopped
    assert [d["seed"] for d in deals_in(path)] == [11, 22]
