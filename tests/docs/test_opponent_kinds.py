"""Where the bots ``rules play --opponent`` takes are listed -- its ``--help`` and the option
table of docs/cli.md -- every kind it takes is named.  Both once listed only search, greedy and
random, while ``basic`` and a trained agent (``policy:...``) were taken too.

The kinds are written here from docs/bots.md and docs/rl.md (the bots there are, and a policy
seat), not read from the program's list; ``test_every_kind_listed_is_taken`` asks the program
whether it takes each of them, so a kind dropped from the program fails here too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import click
import pytest
import typer.main

from textblocks import DOCS

#: Every kind --opponent takes: the bots of docs/bots.md, the search's levels and budgets, a
#: trained agent of docs/rl.md -- everything --players takes but a person (``human``).
KINDS = ["random", "greedy", "basic", "search", "search:easy", "search:normal", "search:hard",
         "search:iters=N", "search:ms=N", "policy:MODULE:NAME", "policy:FILE.py:NAME"]


def _named(text: str) -> set[str]:
    """The kinds a text names: words of letters, ``:``, ``=``, ``.`` and capitals (``search``
    inside ``search:easy`` is not a mention of ``search``)."""
    return set(re.findall(r"[A-Za-z][\w:=.]*[\w=]", text))


def _help() -> str:
    from cli.main import app

    group = typer.main.get_command(app)
    assert isinstance(group, click.Group)
    command = group.get_command(click.Context(group), "play")
    assert command is not None
    option = next(p for p in command.params if "--opponent" in p.opts)
    assert isinstance(option, click.Option) and option.help
    return option.help


def _table_row() -> str:
    rows = [line for line in (DOCS / "cli.md").read_text(encoding="utf-8").splitlines() if line.startswith("| `--opponent ")]
    assert len(rows) == 1, rows
    return rows[0].replace("`", " ")


@pytest.mark.parametrize(("where", "text"), [("rules play --help", _help), ("docs/cli.md", _table_row)])
def test_every_kind_is_named(where: str, text: Callable[[], str]) -> None:
    missing = [k for k in KINDS if k not in _named(text())]
    assert not missing, f"{where}: the --opponent text leaves out {missing}"


@pytest.mark.parametrize("kind", [k for k in KINDS if not k.startswith("policy:")] + ["policy:random_policy.py:act"])
def test_every_kind_listed_is_taken(kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``checked_bot`` (what --opponent runs) takes it: N as 50, a policy as a file with a
    policy in it."""
    from cli.options import checked_bot
    from interpreter.rules.loader import load_ruleset

    (tmp_path / "random_policy.py").write_text("def act(observation, agent):\n    return 0\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert checked_bot(kind.replace("=N", "=50"), load_ruleset("schnapsen"), "--opponent")
