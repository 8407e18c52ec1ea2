"""The steps of validation are counted as many as they are listed, in the docs and the loader.

docs/authoring.md once said "checks a ruleset in five steps" above a list of six (the warnings
were added as a sixth), and the loader's docstring listed five.
"""

from __future__ import annotations

import re
from pathlib import Path

from interpreter.rules import loader

ROOT = Path(__file__).resolve().parents[2]
NUMBERS = {"four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


def _numbered(lines: list[str]) -> list[int]:
    return [int(m.group(1)) for line in lines if (m := re.match(r"(\d+)\. ", line))]


def test_the_authoring_guide_counts_the_steps_it_lists() -> None:
    text = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    section = text.split("### Validating a ruleset", 1)[1].split("A step runs only", 1)[0]
    said = re.search(r"checks a ruleset in (\w+) steps", section)
    assert said is not None
    steps = _numbered(section.splitlines())
    assert steps == list(range(1, len(steps) + 1))
    assert NUMBERS[said.group(1)] == len(steps) == 6  # YAML, schema, defaults, consistency, expressions, warnings


def test_the_loader_docstring_lists_the_same_steps() -> None:
    assert loader.__doc__ is not None
    assert _numbered(loader.__doc__.splitlines()) == [1, 2, 3, 4, 5, 6]
