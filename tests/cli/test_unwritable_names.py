"""A file or folder to write whose name the system cannot even look up is refused in one line,
exit 2, by every option and argument that names one: a name too long (a part over 255 bytes,
or a path over 4,095), a file where a folder should be on the way, a link to a name too long;
a loop of links on the way is said in one line too.  ``--record``, ``--html``, ``rules new
FILE`` and ``rules serve --data`` ended in an ``OSError`` traceback (exit 1) for a long name;
the name is cut short in the message, as everywhere."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from clitools import invoke

#: Each writer with the name of its option in messages; ``NAME`` stands for the name to write.
WRITERS = [
    (["run", "schnapsen", "--deals", "1", "--quiet", "--record", "NAME"], "--record"),
    (["play", "schnapsen", "--record", "NAME"], "--record"),
    (["analyse", "match.yaml", "--html", "NAME"], "--html"),
    (["simulate", "schnapsen", "--deals", "2", "--html", "NAME"], "--html"),
    (["compare", "schnapsen", "sechsundsechzig", "--deals", "2", "--html", "NAME"], "--html"),
    (["new", "NAME", "--from", "schnapsen"], "FILE"),
    (["serve", "--data", "NAME", "--port", "0"], "--data"),
]
RECORD = Path(__file__).resolve().parents[1] / "fixtures" / "records" / "endgame.yaml"
IDS = [f"{args[0]} {name}" for args, name in WRITERS]


def _said(args: list[str], name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run the writer with ``name`` in ``tmp_path``: exit 2, nothing on stdout, one line on
    stderr (returned), and no file or folder made."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(RECORD, tmp_path / "match.yaml")  # analyse's record, read when the page's name passes
    before = sorted(tmp_path.rglob("*"))
    out = invoke([name if arg == "NAME" else arg for arg in args])
    assert (out.exit_code, out.stdout) == (2, ""), out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
    assert sorted(tmp_path.rglob("*")) == before
    return out.stderr


def _what(option: str) -> str:
    return "folder" if option == "--data" else "file"


#: Names the system cannot look up, and how the refusal quotes each: 300 letters, over the 255
#: bytes a file name may have; every part short, the whole 4,206 characters, over the 4,095 a
#: path may have -- each cut to 40 characters with its quotes.
TOO_LONG = [("a" * 300 + ".yaml", "'" + "a" * 36 + "..."), ("n/" * 2100 + "r.yaml", "'" + "n/" * 18 + "...")]


@pytest.mark.parametrize(("name", "shown"), TOO_LONG, ids=["name", "path"])
@pytest.mark.parametrize(("args", "option"), WRITERS, ids=IDS)
def test_a_name_or_path_too_long_is_refused_cut_short(args: list[str], option: str, name: str, shown: str, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    said = _said(args, name, tmp_path, monkeypatch)
    what = _what(option)
    assert said == (f"error: {option}: {shown}: cannot write {what}: {os.strerror(errno.ENAMETOOLONG)} "
                    f"(expected a shorter {what} name)\n")


@pytest.mark.parametrize(("args", "option"), WRITERS, ids=IDS)
def test_a_file_on_the_way_is_named(args: list[str], option: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "notes.txt").write_text("")
    said = _said(args, "notes.txt/r.yaml", tmp_path, monkeypatch)
    assert said == (f"error: {option}: 'notes.txt/r.yaml': cannot write {_what(option)}: {os.strerror(errno.ENOTDIR)} "
                    f"(expected folders on the way; 'notes.txt' is not one)\n")


@pytest.mark.parametrize(("args", "option"), WRITERS, ids=IDS)
def test_a_loop_of_links_on_the_way_is_said(args: list[str], option: str, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    os.symlink("loop", tmp_path / "loop")
    # said by the checks made before writing, in their words (as a loop at the name itself)
    said = _said(args, "loop/r.yaml", tmp_path, monkeypatch)
    assert said.startswith(f"error: {option}: ") and "loop/r.yaml" in said and os.strerror(errno.ELOOP) in said, said


@pytest.mark.parametrize(("args", "option"), WRITERS, ids=IDS)
def test_a_link_to_a_name_too_long_is_refused(args: list[str], option: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    os.symlink("b" * 300, tmp_path / "link")
    said = _said(args, "link", tmp_path, monkeypatch)
    what = _what(option)
    assert said == (f"error: {option}: 'link': cannot write {what}: {os.strerror(errno.ENAMETOOLONG)} "
                    f"(expected a link to a shorter {what} name)\n")
