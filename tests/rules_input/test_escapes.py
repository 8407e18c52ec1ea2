"""A ``\\U`` escape past the last Unicode code point is one located error, in a ruleset and in a record."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import RulesError, load_ruleset
from interpreter.play.record import load_record


@pytest.mark.parametrize(("text", "line", "column"), [
    ('extends: schnapsen\nname: x\ntitle: "\\U0011FFFF"\n', 3, 9),
    ('extends: schnapsen\nname: x\n"\\U00110000": 1\n', 3, 2),
])
def test_an_escape_past_u10ffff_in_a_ruleset(tmp_path: Path, text: str, line: int, column: int) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as info:
        load_ruleset(path)
    assert (info.value.line, info.value.column) == (line, column)
    assert info.value.message.endswith("is not a Unicode character")


def test_an_escape_past_u10ffff_in_a_record(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text('ruleset: schnapsen\nname: "\\U0011FFFF"\nseed: 3\n', encoding="utf-8")
    with pytest.raises(RulesError) as info:
        load_record(path)
    assert (info.value.line, info.value.column) == (2, 8)
