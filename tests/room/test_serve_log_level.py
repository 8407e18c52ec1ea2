"""``RULES_SERVE_LOG`` names one of the server's log levels; any other word is refused with one
line naming them, exit status 2, before the data folder is made -- it was handed to uvicorn
unchecked, which ended in a ``KeyError: 'bogus'`` traceback with the folder and its store
already made."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="rules serve needs the serve extra: pip install -e '.[test]'")

from cli.serve import server_log_level  # noqa: E402  (after the skip: it is of the serve command)
from runcli import invoke  # noqa: E402

LEVELS = "critical, error, warning, info, debug, trace"


@pytest.mark.parametrize("value", ["bogus", "verbose", "warn", "20", "\x1b[2J"])
def test_an_unknown_level_is_refused_before_the_data_folder_is_made(value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULES_SERVE_LOG", value)
    data = tmp_path / "room"
    out = invoke(["serve", "--data", str(data), "--port", "0"])
    assert out.exit_code == 2
    shown = repr(value)  # as the message quotes it: a control character as its escape
    assert out.stderr.splitlines() == [f"error: RULES_SERVE_LOG: {shown} is not a log level (expected one of: {LEVELS})"]
    assert not data.exists()


@pytest.mark.parametrize(("value", "level"), [
    (None, "warning"), ("", "warning"), ("  ", "warning"), ("info", "info"), ("INFO", "info"), (" Debug ", "debug"), ("trace", "trace"),
])
def test_the_levels_in_any_case_and_warning_without_one(value: str | None, level: str) -> None:
    assert server_log_level(value) == level


def test_the_levels_are_uvicorns() -> None:
    """The list the check names is the server's own: a level it lacks would be a traceback again."""
    import uvicorn.config

    assert LEVELS.split(", ") == list(uvicorn.config.LOG_LEVELS)
