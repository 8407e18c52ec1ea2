"""Integer options read ASCII digits only, with a minus in front for a negative number
(:mod:`cli.numbers`): Python's ``int()``, which click used, also took ``1_000``, ``+5``,
`` 5 `` and the digits of other scripts (``--seed ١٢`` played seed 12), which a position
string and ``search:iters=N`` refuse."""

from __future__ import annotations

import click
import pytest
import typer

from clitools import invoke, no_traceback
from cli.main import app

#: Texts that ``int()`` reads as a number and the command line does not.
NOT_INTEGERS = ["1_000", "+5", " 5 ", "5 ", "\u0661\u0662", "\uff11\uff12", "1\n"]


def _integer_params() -> list[tuple[str, click.Parameter]]:
    group = typer.main.get_command(app)
    assert isinstance(group, click.Group)
    found = [(name, p) for name, command in group.commands.items() for p in command.params if isinstance(p.type, click.types.IntParamType)]
    assert len(found) >= 15, found  # --seed, --deals, --jobs, --port ... of every command
    return found


@pytest.mark.parametrize("text", NOT_INTEGERS)
def test_every_integer_option_of_every_command_refuses_what_is_not_ascii_digits(text: str) -> None:
    for command, param in _integer_params():
        with pytest.raises(click.BadParameter) as caught:
            param.type.convert(text, param, None)
        assert caught.value.message == f"{text!r} is not a valid integer.", (command, param.name)


def test_ascii_digits_and_a_minus_are_read_and_the_range_is_kept() -> None:
    for command, param in _integer_params():
        kind = param.type
        low = getattr(kind, "min", None)
        high = getattr(kind, "max", None)
        # a number inside the range, written with a leading zero and, where it may be, a minus
        inside = low if low is not None else (high if high is not None else -7)
        assert param.type.convert(f"{'-' if inside < 0 else ''}0{abs(inside)}", param, None) == inside, (command, param.name)
        if low is not None:
            with pytest.raises(click.BadParameter):
                param.type.convert(str(low - 1), param, None)


#: Each command line fails fast whatever its integer is read as: an option after it that the
#: command refuses (an empty --data, an unknown backend) is what it would say, had the integer
#: been read -- not a server started, nor a run played.
@pytest.mark.parametrize(("args", "line"), [
    (["run", "schnapsen", "--seed", "\u0661\u0662", "--players", "random", "--deals", "1"], "error: --seed: '\u0661\u0662' is not a valid integer (expected a whole number in digits)"),
    (["run", "schnapsen", "--deals", "1_000", "--players", "random"], "error: --deals: '1_000' is not a valid integer (expected a whole number in digits, 1 or more)"),
    (["arena", "greedy", "random", "--deals", "+5", "--ruleset", "no-such-ruleset"], "error: --deals: '+5' is not a valid integer (expected a whole number in digits, 1 or more)"),
    (["simulate", "schnapsen", "--deals", " 5 ", "--backend", "nowhere"], "error: --deals: ' 5 ' is not a valid integer (expected a whole number in digits, 1 or more)"),
    (["serve", "--port", "\u0661\u0662", "--data", ""], "error: --port: '\u0661\u0662' is not a valid integer (expected 0 to 65535)"),
    (["replay", "x.yaml", "--until", "+1"], "error: --until: '+1' is not a valid integer (expected a whole number in digits, 0 or more)"),
])
def test_the_command_says_the_value_as_typed_and_exits_2(args: list[str], line: str) -> None:
    out = invoke(args)
    no_traceback(out)
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", line + "\n")


def test_a_negative_number_is_read_as_one() -> None:
    """``-1`` is a number (refused by the range of ``--until``, not as text)."""
    out = invoke(["replay", "x.yaml", "--until", "-1"])
    assert (out.exit_code, out.stderr) == (2, "error: --until: -1 is below 0 (expected 0 or more)\n")
