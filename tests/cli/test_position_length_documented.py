"""The longest position string read (:data:`interpreter.play.posstring.MAX_LENGTH`) is the one
the docs give, where they describe position strings (notation.md, Grammar) and ``rules replay
--position`` (cli.md); the limit was documented nowhere, so a string cut off by it looked like a
bug.  The refusal quoted in notation.md is the one the command prints."""

from __future__ import annotations

import re

from clitools import REPO, invoke
from interpreter.play.posstring import MAX_LENGTH


def _section(doc: str, heading: str) -> str:
    """The text of ``doc`` under ``heading`` up to the next heading of any level."""
    text = (REPO / "docs" / doc).read_text(encoding="utf-8")
    start = text.index(f"\n{heading}\n")
    following = re.search(r"\n#+ ", text[start + len(heading) + 2:])
    return text[start: start + len(heading) + 2 + (following.start() if following else len(text))]


def test_notation_gives_the_limit_under_grammar() -> None:
    assert f"at most {MAX_LENGTH:,} characters long" in _section("notation.md", "### Grammar")


def test_cli_gives_the_limit_where_it_describes_position() -> None:
    assert f"STRING is at\nmost {MAX_LENGTH:,} characters long" in _section("cli.md", "### From a position string")


def test_the_refusal_quoted_is_the_one_printed() -> None:
    # 4,500 letters: one past the limit is column 4,001, whatever the letters are
    out = invoke(["replay", "schnapsen", "--position", "x" * 4500])
    first = out.stderr.splitlines()[0]
    assert (out.exit_code, first) == (
        2, "error: position string, column 4001: the string is too long (4500 characters) (expected at most 4000)")
    said = " ".join(_section("notation.md", "### Grammar").split())
    assert first.removeprefix("error: ") in said.replace("`", "")
