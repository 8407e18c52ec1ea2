"""docs/index.md's row for cli.md names every command of ``rules`` (it once named eight of
fifteen, leaving out list, play, serve, arena, tournament, simulate and compare, which cli.md
documents): a reader choosing a page from the index finds each command's page there."""

from __future__ import annotations

import re

import click
import typer.main

from textblocks import DOCS


def test_the_cli_row_names_every_command() -> None:
    from cli.main import app

    group = typer.main.get_command(app)
    assert isinstance(group, click.Group)
    commands = set(group.list_commands(click.Context(group)))
    assert {"run", "play", "compare"} <= commands  # worked by hand from cli.md's headings
    row = next(line for line in (DOCS / "index.md").read_text(encoding="utf-8").splitlines() if line.startswith("| [cli.md]"))
    named = set(re.findall(r"`([a-z]+)`", row))
    assert not commands - named, f"docs/index.md's row for cli.md leaves out {sorted(commands - named)}"
