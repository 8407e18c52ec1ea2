"""The `--help` of every command, as a person reads it, against the goldens in ``goldens/``.

The help is rendered by typer and click, whose look changes between versions (typer 0.26 and
later print ``--json <bool>``, ``{ruleset}`` and ``<int range>``); ``pyproject.toml`` pins the
two versions whose help was read, and these goldens are that help, 80 columns wide.  A change
to a command's options or help shows here as a diff to read.  After a deliberate change,
write the goldens anew and read the diff before committing it::

    UPDATE_GOLDENS=1 .venv/bin/python -m pytest tests/cli/test_help_goldens.py
"""

from __future__ import annotations

import os
import re
from importlib.metadata import version
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from clitools import REPO
from cli.main import app

GOLDENS = Path(__file__).parent / "goldens"
UPDATE = os.environ.get("UPDATE_GOLDENS") == "1"
COMMANDS = list(get_command(app).commands)  # type: ignore[attr-defined]


#: The help as a plain terminal 80 columns wide shows it, whatever the environment forces.
ENV: dict[str, str | None] = {
    "COLUMNS": "80", "LINES": "50", "TERM": "dumb", "NO_COLOR": "1",
    "FORCE_COLOR": None, "CLICOLOR_FORCE": None, "PY_COLORS": None, "TTY_COMPATIBLE": None, "TTY_INTERACTIVE": None,
}
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def render(args: list[str]) -> str:
    result = CliRunner().invoke(app, args, prog_name="rules", env=ENV)
    assert result.exit_code == 0, result.output
    text = ANSI.sub("", result.stdout)
    return "\n".join(line.rstrip() for line in text.splitlines()).strip("\n") + "\n"


def golden(name: str, text: str) -> None:
    path = GOLDENS / f"{name}.txt"
    if UPDATE:
        GOLDENS.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"no golden {path.name}: write it with UPDATE_GOLDENS=1 and read it"
    assert text == path.read_text(encoding="utf-8"), f"the help differs from {path.name} (UPDATE_GOLDENS=1 writes it anew)"


def test_the_pinned_typer_and_click_are_the_ones_installed() -> None:
    """The goldens were read with the versions of pyproject.toml; another version renders otherwise."""
    pins = dict(re.findall(r'"(typer|click)==([0-9.]+)"', (REPO / "pyproject.toml").read_text(encoding="utf-8")))
    assert set(pins) == {"typer", "click"}, "pyproject.toml pins typer and click exactly"
    assert {name: version(name) for name in pins} == pins, "pip install -e '.[test]' installs the pinned versions"


def test_the_main_help_lists_the_commands_in_the_order_people_use_them() -> None:
    text = render(["--help"])
    golden("rules", text)
    listed = re.findall(r"^│ (\w+) ", text, flags=re.M)
    assert listed[:4] == ["run", "play", "serve", "list"]
    assert listed == COMMANDS


@pytest.mark.parametrize("command", COMMANDS)
def test_command_help(command: str) -> None:
    text = render([command, "--help"])
    golden(command, text)
    # what the issue found in an unpinned typer: types where a flag takes no value, braces, list[...]
    for wrong in ("<bool>", "{", "<int", "<str>", "list["):
        assert wrong not in text, f"'{wrong}' in the help of rules {command}"


def test_no_stale_goldens() -> None:
    names = {p.stem for p in GOLDENS.glob("*.txt")}
    assert names <= {"rules", *COMMANDS}, f"goldens of no command: {sorted(names - {'rules', *COMMANDS})}"
