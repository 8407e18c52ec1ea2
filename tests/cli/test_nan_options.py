"""A number option with a range refuses NaN as it refuses ``inf`` and ``-1``: click's range
check compares, and every comparison with NaN is false, so ``--close-idle nan`` was taken (a
table that never closes, "closed after nan days unused") and so was ``--bot-delay nan``."""

from __future__ import annotations

import click
import pytest
import typer

from clitools import invoke, no_traceback
from cli.main import app

#: Every number option of the command line that is not a whole number, with its range as
#: its help and docs give it: (command, option, low, high).
FLOAT_OPTIONS = [
    ("play", "--bot-delay", "0", "10"),
    ("serve", "--bot-delay", "0", "10"),
    ("serve", "--close-idle", "0", "36500"),
]


@pytest.mark.parametrize("nan", ["nan", "NaN", "-nan"])
@pytest.mark.parametrize(("command", "option", "low", "high"), FLOAT_OPTIONS)
def test_nan_is_out_of_range(command: str, option: str, low: str, high: str, nan: str) -> None:
    # a --port out of range after it: were NaN let through, the command stops there (and
    # rules serve does not serve), so the test fails instead of waiting for ever
    out = invoke([command, option, nan, "--port", "70000"], input="")
    no_traceback(out)
    assert (out.exit_code, out.stderr) == (2, f"error: {option}: nan is out of range (expected {low} to {high})\n")


def test_the_list_above_is_every_float_option() -> None:
    """A float option added later is added to FLOAT_OPTIONS, and so tested for NaN."""
    group = typer.main.get_command(app)
    assert isinstance(group, click.Group)
    found = []
    for name, command in group.commands.items():
        for sub_name, sub in ({name: command} if not isinstance(command, click.Group) else {f"{name} {k}": v for k, v in command.commands.items()}).items():
            found += [(sub_name, p.opts[0]) for p in sub.params if isinstance(p.type, click.types.FloatParamType)]
    assert sorted(found) == sorted((c, o) for c, o, _, _ in FLOAT_OPTIONS)
