"""Decimal options read ASCII digits only, with a minus in front and one point
(:mod:`cli.numbers`), as the integer ones do: Python's ``float()``, which click used, also
took ``1_0``, ``+5``, `` 5 `` and the digits of other scripts (``--bot-delay ١`` waited a
second)."""

from __future__ import annotations

import click
import pytest
import typer

from clitools import invoke, no_traceback
from cli.main import app

#: Texts that ``float()`` reads as a number and the command line does not.
NOT_DECIMALS = ["1_0", "0.2_5", "+1", " 1 ", "1 ", "\u0661", "\u0661.\u0665", "\uff11", "1\n", "0x1", "1.2.3", ".", "e1", "infinit", "-"]

#: Texts the command line reads, with the number each one is, worked out by hand.
DECIMALS = [("0", 0.0), ("2", 2.0), ("0.25", 0.25), (".5", 0.5), ("2.", 2.0), ("007.50", 7.5), ("1e-1", 0.1), ("5E0", 5.0), ("2.5e+0", 2.5)]


def _decimal_params() -> list[tuple[str, click.Parameter]]:
    group = typer.main.get_command(app)
    assert isinstance(group, click.Group)
    found = [(name, p) for name, command in group.commands.items() for p in command.params if isinstance(p.type, click.types.FloatParamType)]
    assert len(found) >= 3, found  # play --bot-delay, serve --bot-delay and --close-idle
    return found


@pytest.mark.parametrize("text", NOT_DECIMALS)
def test_every_decimal_option_of_every_command_refuses_what_is_not_ascii_digits(text: str) -> None:
    for command, param in _decimal_params():
        with pytest.raises(click.BadParameter) as caught:
            param.type.convert(text, param, None)
        assert caught.value.message == f"{text!r} is not a valid float.", (command, param.name)


@pytest.mark.parametrize(("text", "number"), DECIMALS)
def test_ascii_decimals_are_read(text: str, number: float) -> None:
    for command, param in _decimal_params():
        assert param.type.convert(text, param, None) == number, (command, param.name)


def test_the_range_is_kept() -> None:
    for command, param in _decimal_params():
        assert isinstance(param.type, click.FloatRange), (command, param.name)
        for outside in ("-0.5", "inf"):
            with pytest.raises(click.BadParameter) as caught:
                param.type.convert(outside, param, None)
            assert "is not a valid" not in caught.value.message, (command, param.name)


#: The command stops at the decimal, before a --port out of range after it: had the decimal
#: been read, that --port would be what it says -- and the table never opened.
@pytest.mark.parametrize(("args", "line"), [
    (["play", "--bot-delay", "\u0661", "--port", "70000"], "error: --bot-delay: '\u0661' is not a valid float"),
    (["serve", "--bot-delay", "1_0", "--port", "70000"], "error: --bot-delay: '1_0' is not a valid float"),
    (["serve", "--close-idle", "+7", "--port", "70000"], "error: --close-idle: '+7' is not a valid float"),
])
def test_the_command_says_the_value_as_typed_and_exits_2(args: list[str], line: str) -> None:
    out = invoke(args, input="")
    no_traceback(out)
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", line + "\n")
