"""A file the user made read-only is never replaced by a file ``rules`` writes.

Every output is written under a temporary name and renamed onto its target, and a rename asks
only the folder's permission: without a check of its own, ``--record`` or ``--html`` would
replace a read-only file as readily as any other.  So an existing target that the user may not
write is refused at once, before any deal is played or anything analysed: one line, exit
status 2, the file as it was.

The tests run as root in CI, and ``os.access`` says yes to root for every file: the refusal is
tested with ``os.access`` answering as it would for an ordinary user, and once for real where
the tests do not run as root.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from clitools import RULES, invoke

OLD = "precious notes\n"


def read_only_for_the_test(monkeypatch: pytest.MonkeyPatch, *targets: Path) -> None:
    """``os.access`` says no to writing ``targets`` (or a link to one), as it does to a user
    for a file of mode 444; every other question it answers as before."""
    real_access = os.access
    refused = {os.path.realpath(t) for t in targets}

    def access(path: str | os.PathLike[str], mode: int, *args: object, **kwargs: object) -> bool:
        if mode & os.W_OK and os.path.realpath(path) in refused:
            return False
        return real_access(path, mode, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", access)


def a_record(folder: Path) -> Path:
    """A one-deal record to analyse."""
    record = folder / "rec.yaml"
    made = invoke(["run", "schnapsen", "--seed", "1", "--deals", "1", "--quiet", "--record", str(record)])
    assert made.exit_code == 0, made.stderr
    return record


def a_stopped_match(folder: Path) -> Path:
    """The record of a match with a person at the table, stopped at the person's first move."""
    record = folder / "h.yaml"
    made = invoke(["run", "schnapsen", "--seed", "1", "--players", "human,greedy", "--quiet", "--record", str(record)], input="")
    assert made.exit_code == 130, made.stderr
    return record


#: Each writer, as a function of the folder and the target: the command line that writes it.
WRITERS: dict[str, Callable[[Path, Path], list[str]]] = {
    "run --record": lambda d, t: ["run", "schnapsen", "--seed", "1", "--deals", "1", "--quiet", "--record", str(t)],
    "analyse --html": lambda d, t: ["analyse", str(a_record(d)), "--iters", "10", "--html", str(t)],
    "simulate --html": lambda d, t: ["simulate", "schnapsen", "--deals", "2", "--html", str(t)],
    "compare --html": lambda d, t: ["compare", "schnapsen", "sechsundsechzig", "--deals", "2", "--html", str(t)],
    "new --force": lambda d, t: ["new", str(t), "--from", "schnapsen", "--force"],
}


@pytest.mark.parametrize("through_a_link", [False, True], ids=["file", "link"])
@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_read_only_target_is_refused_before_any_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, writer: str, through_a_link: bool,
) -> None:
    target = tmp_path / "notes.yaml"  # a rule file name, so that rules new takes it
    target.write_text(OLD, encoding="utf-8")
    named = target
    if through_a_link:  # a link is written through: the file it leads to is the one asked about
        named = tmp_path / "link.yaml"
        named.symlink_to(target.name)
    args = WRITERS[writer](tmp_path, named)
    before = sorted(p.name for p in tmp_path.iterdir())
    read_only_for_the_test(monkeypatch, target)
    out = invoke(args)
    assert out.exit_code == 2, out.stderr
    assert out.stderr.splitlines() == [f"error: {_option(writer)}{named} is read-only (its permissions do not let you write it); choose another file"]
    assert out.stdout == ""  # refused before the first deal, the first block, the first decision
    assert target.read_text(encoding="utf-8") == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no temporary file, no lock file left


def _option(writer: str) -> str:
    """How the message names what was given: the option, or the argument FILE of rules new."""
    option = writer.split()[-1]
    return "FILE: " if option == "--force" else f"{option}: "


def test_a_writable_file_is_still_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check refuses only the file asked about: another existing file is replaced, as the
    documentation says (the fake ``os.access`` above says no only for its targets)."""
    other = tmp_path / "other.yaml"
    other.write_text(OLD, encoding="utf-8")
    target = tmp_path / "notes.yaml"
    target.write_text(OLD, encoding="utf-8")
    read_only_for_the_test(monkeypatch, other)
    out = invoke(WRITERS["run --record"](tmp_path, target))
    assert out.exit_code == 0, out.stderr
    assert target.read_text(encoding="utf-8").startswith("# Sixty-Six Rules match record")


def test_going_on_with_a_read_only_record_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``rules run --resume`` rewrites the record after every move: a read-only one is refused
    before the match goes on, and stays as it was."""
    record = a_stopped_match(tmp_path)
    kept = record.read_bytes()
    read_only_for_the_test(monkeypatch, record)
    out = invoke(["run", "--resume", str(record)], input="")
    assert out.exit_code == 2, out.stderr
    assert out.stderr.splitlines() == [
        f"error: {record}: the record is read-only (its permissions do not let you write it)"
        " (expected a record that may be written: going on rewrites it after every move)",
    ]
    assert out.stdout == ""
    assert record.read_bytes() == kept


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write a file of mode 444: only an ordinary user is refused by its mode")
def test_a_file_of_mode_444_is_refused_for_real(tmp_path: Path) -> None:
    """The same with the file's own permissions, through the installed command."""
    target = tmp_path / "notes.txt"
    target.write_text(OLD, encoding="utf-8")
    target.chmod(0o444)
    proc = subprocess.run(
        [str(RULES), "run", "schnapsen", "--seed", "1", "--deals", "1", "--quiet", "--record", str(target)],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [f"error: --record: {target} is read-only (its permissions do not let you write it); choose another file"]
    assert target.read_text(encoding="utf-8") == OLD
