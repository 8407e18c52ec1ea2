"""Every command that seats a bot by kind names the ``policy:`` kind in its --help.

``rules run --players`` and ``rules tournament BOT...`` took ``policy:FILE.py:NAME`` (cli.md and
rl.md document it) while their help listed only the built-in bots, so a person reading the
help could not learn that a trained agent may play.
"""

from __future__ import annotations

import re

import pytest
from clitools import invoke


@pytest.mark.parametrize("command", ["run", "simulate", "arena", "tournament"])
def test_the_help_names_the_policy_seat_kind(command: str) -> None:
    out = invoke([command, "--help"])
    assert out.exit_code == 0
    text = re.sub(r"[\s│]+", " ", out.stdout)  # the help's box and line breaks out of the way
    assert "policy:FILE.py:NAME" in text
