"""``-`` as the name of a file or folder to write is refused, never made.

Many tools read ``-`` as standard output; ``rules`` offers none for its output files, and
``rules run --record -`` quietly wrote the record into a file named ``-`` (which ``rules
analyse X --html -`` then overwrote with a page).  Every option and argument that names a
file or folder to write says so before any work: one line, exit status 2, nothing made.
``./-`` still names such a file for whoever really wants it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import invoke

FILE = "'-' would make a file named '-' (it does not mean standard output here); name a file, or ./- for one named '-'"
FOLDER = "'-' would make a folder named '-' (it does not mean standard output here); name a folder, or ./- for one named '-'"

#: Each writer given '-', and the line it answers with.
WRITERS: dict[str, tuple[list[str], str]] = {
    "run --record": (["run", "schnapsen", "--seed", "1", "--deals", "1", "--quiet", "--record", "-"], f"--record: {FILE}"),
    "play --record": (["play", "schnapsen", "--record", "-"], f"--record: {FILE}"),
    "analyse --html": (["analyse", "rec.yaml", "--html", "-"], f"--html: {FILE}"),
    "simulate --html": (["simulate", "schnapsen", "--deals", "2", "--html", "-"], f"--html: {FILE}"),
    "compare --html": (["compare", "schnapsen", "sechsundsechzig", "--deals", "2", "--html", "-"], f"--html: {FILE}"),
    "new": (["new", "-", "--from", "schnapsen"], f"FILE: {FILE}"),
    # a bad --port after it: were '-' taken, the command would stop there, not serve for ever
    "serve --data": (["serve", "--data", "-", "--port", "-1"], f"--data: {FOLDER}"),
}


@pytest.mark.parametrize("writer", list(WRITERS))
def test_dash_is_refused_and_nothing_is_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, writer: str) -> None:
    monkeypatch.chdir(tmp_path)
    args, said = WRITERS[writer]
    out = invoke(args)
    assert (out.exit_code, out.stdout) == (2, "")
    assert out.stderr.splitlines() == [f"error: {said}"]
    assert list(tmp_path.iterdir()) == []


def test_dot_slash_dash_names_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The way out the message offers: ``./-`` is a file named ``-``, written as any other."""
    monkeypatch.chdir(tmp_path)
    out = invoke(["run", "schnapsen", "--seed", "1", "--deals", "1", "--quiet", "--record", "./-"])
    assert out.exit_code == 0, out.stderr
    assert (tmp_path / "-").read_text(encoding="utf-8").startswith("# Sixty-Six Rules match record")
