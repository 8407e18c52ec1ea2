"""Every grammar of the interpreter builds as a conflict-free LALR grammar.

lark's strict mode turns shift/reduce conflicts and overlapping terminals into errors; by
default lark would resolve them silently, and a grammar change could then change how
existing rulesets or records parse without anybody noticing.  Strict mode needs the
``interegular`` package to compare terminal regexps.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lark import Lark

import interpreter

GRAMMAR_DIR = Path(interpreter.__file__).resolve().parent
GRAMMARS = sorted(GRAMMAR_DIR.rglob("*.lark"))
# Grammars with more than one start rule name them here; the default is "start".
START_RULES = {"notation.lark": ["card", "action"]}


def test_grammars_are_found() -> None:
    names = {path.name for path in GRAMMARS}
    assert {"expr.lark", "notation.lark"} <= names


@pytest.mark.parametrize("path", GRAMMARS, ids=lambda p: p.name)
def test_grammar_is_strict_lalr(path: Path) -> None:
    pytest.importorskip("interegular", reason="lark's strict mode needs interegular")
    Lark(
        path.read_text(encoding="utf-8"),
        parser="lalr",
        strict=True,
        propagate_positions=True,
        start=START_RULES.get(path.name, "start"),
    )
