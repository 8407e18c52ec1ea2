"""A file to write named by a symbolic link that leads nowhere is refused, by every option and
argument that names one.  A file is written through a link, so ``--record``, ``--html`` and
``rules new FILE`` made the link's target -- somewhere else than the name typed -- where it
should have said the link instead."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from clitools import invoke

WRITERS = [
    (["run", "schnapsen", "--deals", "1", "--quiet", "--record", "out.yaml"], "--record"),
    (["play", "schnapsen", "--record", "out.yaml"], "--record"),
    (["analyse", "match.yaml", "--html", "out.yaml"], "--html"),
    (["simulate", "schnapsen", "--deals", "2", "--html", "out.yaml"], "--html"),
    (["compare", "schnapsen", "sechsundsechzig", "--deals", "2", "--html", "out.yaml"], "--html"),
    (["new", "out.yaml", "--from", "schnapsen"], "FILE"),
]


@pytest.mark.parametrize(("args", "name"), WRITERS)
def test_a_link_that_leads_nowhere_is_refused_and_nothing_is_made(args: list[str], name: str, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "elsewhere").mkdir()
    os.symlink(os.path.join("elsewhere", "made.yaml"), "out.yaml")
    out = invoke(args)
    target = os.path.join("elsewhere", "made.yaml")
    said = f"error: {name}: out.yaml is a link that leads nowhere: {target} (expected a file, or a link to one, to write)\n"
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", said)
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["elsewhere", "out.yaml"]  # the link and its folder, nothing made


def test_a_link_to_a_file_is_still_written_through(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # only a link that leads nowhere is refused: one to an existing file is written as before
    monkeypatch.chdir(tmp_path)
    Path("made.yaml").write_text("")
    os.symlink("made.yaml", "out.yaml")
    out = invoke(["new", "out.yaml", "--from", "schnapsen", "--force"])
    assert out.exit_code == 0, out.stderr
    assert os.path.islink("out.yaml")
    assert Path("made.yaml").read_text().startswith("#")
