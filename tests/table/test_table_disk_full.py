"""A record that can no longer be written while a person plays at the table (the disk full):
the table ends as it does for a failed bot -- the terminal given back, one line, exit 2 --
where it died with a traceback, its lock file left behind, and the file keeps every move up
to the last one written, so the match goes on from it (docs/play.md, "The record, and going
on later")."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest

from cli.play import unwritten
from cli.table.app import TableApp
from interpreter.play import recordfile
from interpreter.play.record import load_record
from interpreter.play.recordfile import RecordNotWritten, lock_path
from tabletools import options, press_card, run, settle


def full_disk(*_: object, **__: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_ends_the_table_with_the_record_whole_and_its_name_let_go(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opts = options("schnapsen", tmp_path, opponent="greedy")
    record = opts.record
    assert record is not None
    written: list[int] = []

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")  # the start screen's choices: the match begins
        await settle(pilot)
        await press_card(app, pilot, "1")  # a card of the person's, answered by the bot or led to
        await settle(pilot)
        assert lock_path(record).exists() and not app.leaving
        written.append(len(load_record(record).deals[0].moves))  # every move made is on disk
        monkeypatch.setattr(recordfile, "_replace_with", full_disk)  # each checkpoint writes the file anew
        monkeypatch.setattr(recordfile, "write_all", full_disk)  # and the end of a deal appends to it
        await press_card(app, pilot, "1")
        await settle(pilot)
        assert app.leaving

    run(test, opts)
    assert isinstance(opts.failure, RecordNotWritten) and opts.failure.reason == "No space left on device"
    assert opts.saved == []  # nothing claimed saved ...
    assert not lock_path(record).exists()  # ... and the name let go, for --resume
    kept = load_record(record)
    assert written[0] >= 2 and len(kept.deals) == 1 and len(kept.deals[0].moves) == written[0]


def test_the_last_words_say_where_the_match_can_go_on(tmp_path: Path) -> None:
    record = tmp_path / "m y.yaml"
    error = RecordNotWritten(record, "No space left on device")
    assert unwritten(error) == f"error: {error}; the match stopped"  # no file: nothing to go on from
    record.write_text("ruleset: schnapsen\n", encoding="utf-8")
    assert unwritten(error) == (
        f"error: cannot write the record to {record}: No space left on device; the match stopped; "
        f"{record} keeps the match up to the last move written: go on with: rules play --resume '{record}'")
