"""The pages that list a command's options list all of them, with the defaults ``--help`` shows.

serve.md's table of ``rules serve``'s options said ``--close-idle`` defaults to 7 where
``--help`` shows ``[default: 7.0]`` (a number of days, fractions too), and play.md named
``rules play``'s options as if all of them were there while it left out ``--review``,
``--seat``, ``--iters`` and ``--allow-outside``.  The options and defaults are read from the
command itself (typer's click command), the lists from the pages.
"""

from __future__ import annotations

import re
from pathlib import Path

import click
import typer.main

ROOT = Path(__file__).resolve().parents[2]


def options_of(name: str) -> dict[str, str | None]:
    """``rules NAME``'s long options (``--help`` aside), each with the default its ``--help``
    shows (``None`` for a flag or an option without one)."""
    from cli.main import app

    group = typer.main.get_command(app)
    assert isinstance(group, click.Group)
    command = group.get_command(click.Context(group), name)
    assert command is not None, name
    found: dict[str, str | None] = {}
    for param in command.params:
        shown: str | None = None
        if isinstance(param, click.Option) and not param.is_flag and param.default is not None and param.show_default is not False:
            shown = param.show_default if isinstance(param.show_default, str) else str(param.default)
        for option in param.opts:
            if option.startswith("--") and option != "--help":
                found[option] = shown
    return found


def paragraph(page: str, start: str) -> str:
    """The paragraph of ``docs/PAGE`` that begins with ``start``, up to its blank line."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    at = text.index("\n" + start) + 1
    end = text.find("\n\n", at)
    return text[at:end if end >= 0 else len(text)]


def option_rows(page: str, heading: str) -> dict[str, str]:
    """The rows of the first ``| option | ... |`` table under ``heading`` of ``docs/PAGE``:
    the option each row begins with (its backticked first word) to the row."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    section = text[text.index("\n" + heading + "\n"):]
    rows: dict[str, str] = {}
    lines = section.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("| option |"))
    for line in lines[first + 2:]:
        if not line.startswith("|"):
            break
        option = re.match(r"\| `(--[a-z-]+)", line)
        assert option is not None, f"docs/{page}: a row of the option table that names no option first: {line[:60]!r}"
        rows[option.group(1)] = line
    return rows


def test_serve_md_lists_every_option_of_rules_serve_with_its_default() -> None:
    options = options_of("serve")
    rows = option_rows("serve.md", "## Start it")
    assert sorted(rows) == sorted(options), f"serve.md's table lists {sorted(rows)}, rules serve has {sorted(options)}"
    problems = []
    for option, shown in options.items():
        said = re.findall(r"default `([^`]*)`", rows[option])
        if said != ([shown] if shown is not None else []):
            problems.append(f"docs/serve.md: the row of {option} says the default is {said}, --help shows {shown!r}")
    assert not problems, "\n".join(problems)


def test_play_md_names_every_option_of_rules_play() -> None:
    named = set(re.findall(r"`(--[a-z-]+)", paragraph("play.md", "The options of `rules play`")))
    missing = sorted(set(options_of("play")) - named)
    assert not missing, f"docs/play.md's list of the options of rules play leaves out {missing}"
