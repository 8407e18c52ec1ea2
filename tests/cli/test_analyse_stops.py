"""A stop signal during ``rules analyse --html``: what was analysed is printed and written, and
the command exits with 128 + the signal; stopped before any decision was analysed it writes no
page, so an existing one -- a finished analysis -- is kept, where it was replaced by an empty
page ("the first 0 of the record's 62 moves").

The signal is sent by the command to itself as the search of a decision is called for the Nth
time (a function replaced in the child, as :func:`clitools.signalled_at` does), so no test
waits for a moment to come.  The record is the hand-worked endgame (tests/play/test_analysis.py):
four moves, of which seat 0's two (moves 1 and 3) are decisions and seat 1's two, each its
only card of the suit led, are forced."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from test_analyse_cli import ENDGAME

OLD = "<!DOCTYPE html><p>the finished analysis of last week</p>\n"

#: ``rules`` that sends itself {SIGNAL} as the search of a move is called for the {N}th time.
_SIGNAL_AT_CALL = """
import os, signal
import interpreter.play.analysis as analysis

decide = analysis.analyse_decision
calls = 0

def counted(*args, **kwargs):
    global calls
    calls += 1
    if calls == {N}:
        os.kill(os.getpid(), signal.{SIGNAL})
    return decide(*args, **kwargs)

analysis.analyse_decision = counted
from cli import main
main()
"""


def analyse_stopped(tmp_path: Path, signal_name: str, call: int, page: Path) -> subprocess.CompletedProcess[str]:
    record = tmp_path / "end.yaml"
    record.write_text(ENDGAME, encoding="utf-8")
    code = _SIGNAL_AT_CALL.replace("{N}", str(call)).replace("{SIGNAL}", signal_name)
    return subprocess.run(
        [sys.executable, "-c", code, "analyse", str(record), "--iters", "50", "--html", str(page)],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )


@pytest.mark.parametrize(("name", "status", "said"), [("SIGINT", 130, "interrupted"), ("SIGTERM", 143, "stopped by SIGTERM")])
def test_a_stop_before_any_decision_was_analysed_keeps_the_existing_page(tmp_path: Path, name: str, status: int, said: str) -> None:
    """Stopped as the first move's search begins: none of the four moves analysed, so the
    page that was there stays as it was, and stderr says why no page was written."""
    page = tmp_path / "full.html"
    page.write_text(OLD, encoding="utf-8")
    proc = analyse_stopped(tmp_path, name, 1, page)
    assert proc.returncode == status, proc.stderr
    assert proc.stderr == (
        f"{said}: the analysis is of the first 0 of the record's 4 moves; no decision analysed, "
        f"so no page is written ({page} is left as it was)\n"
    )
    assert page.read_text(encoding="utf-8") == OLD
    assert "deal 1 move" not in proc.stdout


def test_a_stop_before_any_decision_makes_no_page_where_there_was_none(tmp_path: Path) -> None:
    page = tmp_path / "new.html"
    proc = analyse_stopped(tmp_path, "SIGINT", 1, page)
    assert proc.returncode == 130, proc.stderr
    assert not page.exists()


def test_a_stop_after_a_decision_prints_and_writes_what_was_analysed(tmp_path: Path) -> None:
    """Stopped as the second move's search begins (SIGTERM, as a service manager stops it):
    move 1, seat 0's lead, is analysed and shown, on stdout and on the page, which replaces the
    old one and says that the analysis stopped before the end; exit 128 + 15."""
    page = tmp_path / "part.html"
    page.write_text(OLD, encoding="utf-8")
    proc = analyse_stopped(tmp_path, "SIGTERM", 2, page)
    assert proc.returncode == 143, proc.stderr
    assert proc.stderr == f"analysis page written to {page}\nstopped by SIGTERM: the analysis is of the first 1 of the record's 4 moves\n"
    assert [line.split(":")[0] for line in proc.stdout.splitlines() if line.startswith("deal ")] == ["deal 1 move  1 seat 0"]
    text = page.read_text(encoding="utf-8")
    assert "stopped before the end" in text and text.count('<section class="decision"') == 1
