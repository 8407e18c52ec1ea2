"""An empty string where a file is named is said as an empty name, by every option and argument
that names a file or folder.  ``Path('')`` is the working folder, so an empty name used to be
read as ``.``: ``--review ''`` said ``.: cannot read file: it is a directory``, ``--record ''``
said ``. is a folder``, ``rules new ''`` said ``. is not a rule file name``, and ``rules serve
--data ''`` would have kept its tables in the working folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import invoke

EMPTY_FILE = "an empty file name (expected the name of a file)"


@pytest.mark.parametrize(("args", "said"), [
    (["run", "schnapsen", "--record", "", "--deals", "1", "--quiet"], f"--record: {EMPTY_FILE}"),
    (["play", "schnapsen", "--record", ""], f"--record: {EMPTY_FILE}"),
    (["play", "--resume", ""], f"--resume: {EMPTY_FILE}"),
    (["play", "--review", ""], f"--review: {EMPTY_FILE}"),
    (["play", "--review", "  "], f"--review: {EMPTY_FILE}"),
    (["analyse", "match.yaml", "--html", ""], f"--html: {EMPTY_FILE}"),
    (["simulate", "schnapsen", "--deals", "2", "--html", ""], f"--html: {EMPTY_FILE}"),
    (["compare", "schnapsen", "sechsundsechzig", "--deals", "2", "--html", ""], f"--html: {EMPTY_FILE}"),
    (["new", "", "--from", "schnapsen"], f"FILE: {EMPTY_FILE}"),
    (["serve", "--data", ""], "--data: an empty folder name (expected the name of a folder)"),
])
def test_an_empty_name_is_said_as_one(args: list[str], said: str) -> None:
    out = invoke(args)
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", f"error: {said}\n")


@pytest.mark.parametrize(("args", "said"), [
    (["new", "dir.yaml/", "--from", "schnapsen"], "FILE: 'dir.yaml/' ends in '/', so it names a folder (expected the name of a file)"),
    (["run", "schnapsen", "--record", "out.yaml/", "--deals", "1", "--quiet"],
     "--record: 'out.yaml/' ends in '/', so it names a folder (expected the name of a file)"),
])
def test_a_file_name_ending_in_a_separator_is_said_to_name_a_folder(args: list[str], said: str, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # ``Path('dir.yaml/')`` is ``dir.yaml``: ``rules new dir.yaml/`` wrote the file dir.yaml
    monkeypatch.chdir(tmp_path)
    out = invoke(args)
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", f"error: {said}\n")
    assert not list(tmp_path.iterdir())  # nothing written
