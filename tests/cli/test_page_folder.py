"""``--html FILE`` in a folder where no new file can be made names the folder and why: the
page is written as a new file beside FILE and moved over it, so "/proc/version cannot be
written: No such file or directory" read as if the existing file were missing."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer

from cli.errors import check_page_path

pytestmark = pytest.mark.skipif(not Path("/proc/version").is_file(), reason="no /proc here")


def refusal(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(typer.Exit) as caught:
        check_page_path(path, [])
    assert caught.value.exit_code == 2
    return capsys.readouterr().err


def test_an_existing_file_in_a_folder_that_takes_no_new_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert refusal(Path("/proc/version"), capsys) == (
        "error: --html: /proc/version cannot be written: its folder /proc cannot take a new file "
        "(No such file or directory); choose another file\n"
    )


def test_a_relative_name_names_the_working_folder(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir("/proc")
    assert refusal(Path("page.html"), capsys) == (
        "error: --html: page.html cannot be written: the working folder (/proc) cannot take a new file "
        "(No such file or directory); choose another file\n"
    )


def test_a_folder_that_takes_files_is_accepted(tmp_path: Path) -> None:
    check_page_path(tmp_path / "page.html", [])
    assert list(tmp_path.iterdir()) == []  # the trial file is gone
