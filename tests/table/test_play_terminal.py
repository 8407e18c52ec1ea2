"""`rules play` draws its table on stderr, in the characters of its cards and of Textual's
widgets: where stderr is not the terminal, or its encoding cannot write those characters, the
table is refused before the screen is taken over, with one message and exit status 2.

Before, ``PYTHONIOENCODING=ascii`` drew every suit and border as its escape (``10\\u2660``),
and ``2>file`` left the screen blank and filled the file with escape codes."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli.table.terminal import NO_TERMINAL, can_draw, why_no_table

pty = pytest.importorskip("pty", reason="a pseudo-terminal (POSIX)")
TREE = Path(__file__).parents[2]
ASCII_WORDS = ("rules play needs a terminal whose encoding can show the cards (UTF-8); this one is ascii: "
               "set LANG=C.UTF-8 or PYTHONIOENCODING=utf-8, or use --web for the browser or "
               "rules run RULESET --players human in the terminal's line mode")


class FakeStream:
    def __init__(self, tty: bool, encoding: str | None = "utf-8") -> None:
        self.tty = tty
        self.encoding = encoding

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize("encoding, fit", [
    ("utf-8", True), ("UTF8", True), ("utf-16", True), ("gb18030", True),  # every character has a code in these
    ("ascii", False), ("latin-1", False), ("cp1252", False),  # no suits, no box characters
    ("cp437", False),  # the suits and straight lines, but no round corner (U+256D) and no U+2594
    (None, False), ("no-such-codec", False),
])
def test_the_check_is_whether_the_encoding_can_write_the_tables_characters(encoding: str | None, fit: bool) -> None:
    assert can_draw(encoding) is fit


def test_what_keeps_the_table_from_a_terminal() -> None:
    tty, utf8 = FakeStream(True), FakeStream(True, "utf-8")
    assert why_no_table(tty, tty, utf8) is None
    assert why_no_table(FakeStream(False), tty, utf8) == NO_TERMINAL == "needs a terminal"
    assert why_no_table(tty, FakeStream(False), utf8) == NO_TERMINAL
    assert why_no_table(tty, tty, None) is not None
    on_a_file = why_no_table(tty, tty, FakeStream(False, "utf-8"))
    assert on_a_file is not None and on_a_file.startswith("draws the table on stderr, which is not the terminal here")
    ascii_terminal = why_no_table(tty, tty, FakeStream(True, "ascii"))
    assert ascii_terminal == "needs a terminal whose encoding can show the cards (UTF-8); this one is ascii: set LANG=C.UTF-8 or PYTHONIOENCODING=utf-8"


def _play(args: list[str], env: dict[str, str], folder: Path, *, stderr_file: Path | None = None) -> tuple[int, bytes]:
    """Run ``rules ARGS`` with stdin and stdout (and stderr, unless ``stderr_file``) on a
    pseudo-terminal; its exit status and what the terminal got.  A table that does start
    is quit with q."""
    master, slave = pty.openpty()
    err = open(stderr_file, "wb") if stderr_file is not None else None
    try:
        proc = subprocess.Popen([sys.executable, "-m", "cli.main", *args], stdin=slave, stdout=slave,
                                stderr=err if err is not None else slave, cwd=folder,
                                env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm", "PYTHONPATH": str(TREE), **env})
    finally:
        os.close(slave)
        if err is not None:
            err.close()
    out = b""
    quit_sent = False
    end = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < end:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                out += os.read(master, 65536)
            except OSError:
                break
        if b"\x1b[?1049h" in out and not quit_sent:  # the table started after all: leave it
            os.write(master, b"q")
            quit_sent = True
    try:
        status = proc.wait(timeout=30)
    except subprocess.TimeoutExpired:  # a table drawn where the test does not look: not left running
        proc.kill()
        proc.wait()
        raise
    finally:
        os.close(master)
    return status, out


def test_an_ascii_terminal_is_refused_with_what_to_set(tmp_path: Path) -> None:
    status, out = _play(["play", "schnapsen", "--seed", "1", "--bot-delay", "0"], {"PYTHONIOENCODING": "ascii"}, tmp_path)
    assert status == 2
    assert out.decode("ascii") == f"error: {ASCII_WORDS}\r\n"  # no screen taken over, no escapes
    assert list(tmp_path.iterdir()) == []  # and no record


def test_a_c_locale_without_utf_8_is_refused_too(tmp_path: Path) -> None:
    env = {"LANG": "C", "LC_ALL": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"}
    status, out = _play(["play", "schnapsen", "--seed", "1", "--bot-delay", "0"], env, tmp_path)
    assert status == 2 and out.decode("ascii") == f"error: {ASCII_WORDS}\r\n"


def test_a_latin_1_terminal_is_named_by_its_encoding(tmp_path: Path) -> None:
    status, out = _play(["play", "schnapsen"], {"PYTHONIOENCODING": "latin-1"}, tmp_path)
    assert status == 2 and b"this one is iso8859-1: set LANG=C.UTF-8" in out


def test_the_review_is_refused_on_an_ascii_terminal(tmp_path: Path) -> None:
    record = tmp_path / "r.yaml"
    made = subprocess.run([sys.executable, "-m", "cli.main", "run", "schnapsen", "--seed", "1", "--record", str(record)],
                          capture_output=True, env={**os.environ, "PYTHONPATH": str(TREE)}, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    status, out = _play(["play", "--review", str(record)], {"PYTHONIOENCODING": "ascii"}, tmp_path)
    assert status == 2
    assert out.decode("ascii") == ("error: rules play --review needs a terminal whose encoding can show the cards (UTF-8); this one is ascii: "
                                   "set LANG=C.UTF-8 or PYTHONIOENCODING=utf-8, or use rules analyse RECORD, which prints the same analysis\r\n")


def test_stderr_sent_to_a_file_is_refused_and_the_file_says_why(tmp_path: Path) -> None:
    err = tmp_path / "err.txt"
    status, out = _play(["play", "schnapsen", "--seed", "1", "--bot-delay", "0"], {"PYTHONIOENCODING": "utf-8"}, tmp_path, stderr_file=err)
    assert status == 2
    assert out == b""  # the terminal is left as it was
    assert err.read_text(encoding="utf-8") == (
        "error: rules play draws the table on stderr, which is not the terminal here (2> sent it elsewhere): "
        "leave stderr on the terminal too, or use --web for the browser or rules run RULESET --players human in the terminal's line mode\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["err.txt"]  # no record either


def test_a_utf_8_terminal_still_gets_the_table(tmp_path: Path) -> None:
    status, out = _play(["play", "schnapsen", "--seed", "1", "--bot-delay", "0"], {"PYTHONIOENCODING": "utf-8"}, tmp_path)
    assert status == 0 and b"\x1b[?1049h" in out  # the alternate screen: the table was drawn, then q left it


def test_docs_play_md_shows_the_refusal_as_it_is_said() -> None:
    page = (TREE / "docs/play.md").read_text(encoding="utf-8")
    assert f"<!-- sample: tests/table/test_play_terminal.py -->\n```text\nerror: {ASCII_WORDS}\n```\n" in page
