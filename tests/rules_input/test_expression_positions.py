"""An error inside a folded (``>``), literal (``|``) or multi-line quoted YAML string is
reported at the line and column of the file where the offending character is written.

``SourceDoc.position`` finds a character of a text value in its source; the property checked
here is that the character ``Z`` of the value is found exactly where ``Z`` is in the file,
whatever the style, escapes, folding and line endings in between.  The broken-ruleset
fixtures ``expression-folded``, ``expression-literal`` and ``expression-multiline-quoted``
check the same through ``rules validate``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.core.errors import ErrorList, RulesError
from interpreter.rules.loader import load_ruleset
from interpreter.rules.yamlsource import Mark, load_yaml

CASES = {
    "plain": "k: a b Z\n",
    "plain-multi-line": "k: a b\n  c\n\n  d Z\n",
    "single-quoted": "k: 'it''s Z'\n",
    "single-quoted-multi-line": "k: 'a ''b''\n\n   c Z'\n",
    "double-quoted-escapes": 'k: "\\t\\u00e9\\x41\\\\ Z"\n',
    "double-quoted-escaped-break": 'k: "a \\\n   b\n  Z"\n',
    "literal": "k: |\n  a\n  b Z\n",
    "literal-strip": "k: |-  # a comment with Z\n  a\n\n  bZ\n",
    "literal-indicator": "k: |2\n    a\n   Z\n",
    "folded": "k: >\n  a\n  b\n\n  c Z\n",
    "folded-more-indented": "k: >\n  a\n    b\n  c Z\n",
    "nested": "top:\n  list:\n    - >-\n        x\n        y Z\n",
    "crlf": "k: >\r\n  a\r\n  b Z\r\n",
    "non-ascii": "k: \"é ♥\n  ü Z\"\n",
}


def _where(text: str, index: int) -> Mark:
    lines = text[:index].replace("\r\n", "\n").split("\n")
    return Mark(len(lines), len(lines[-1]) + 1)


@pytest.mark.parametrize("text", CASES.values(), ids=CASES.keys())
def test_each_character_of_a_value_is_found_where_it_is_written(text: str) -> None:
    doc = load_yaml(text, "r.yaml")
    path: tuple[str | int, ...] = ("top", "list", 0) if text.startswith("top") else ("k",)
    value = doc.data["top"]["list"][0] if text.startswith("top") else doc.data["k"]
    assert value.count("Z") == 1
    assert doc.position(path, value.index("Z")) == _where(text, text.rindex("Z"))
    assert doc.position(path, len(value.rstrip("\n"))) is not None  # just past the end


def test_position_of_a_path_without_text_is_none() -> None:
    doc = load_yaml("k: 3\nl: [a]\n", "r.yaml")
    assert doc.position(("k",), 0) is None
    assert doc.position(("l",), 0) is None
    assert doc.position(("missing",), 0) is None


EXPRESSIONS = {
    "folded": ("  game_points: >\n    if opponent_tricks == 0\n    then 3 else pints\n", (7, 17)),
    "literal": ("  game_points: |\n    if opponent_tricks == 0 then 3\n    else pints\n", (7, 10)),
    "literal-keep": ("  game_points: |+\n\n    3 +\n     pints\n\n", (8, 6)),
    "double-quoted": ('  game_points: "if opponent_tricks == 0\n    then 3\n    else \\u0070ints"\n', (7, 10)),
    "single-quoted": ("  game_points: 'if opponent_tricks == 0\n\n    then 3 else pints'\n", (7, 17)),
    "plain": ("  game_points: if opponent_tricks == 0\n    then 3 else pints\n", (6, 17)),
    "one-line-quoted": ("  game_points: 'if opponent_tricks == 0 then 3 else pints'\n", (5, 53)),
}


@pytest.mark.parametrize(("body", "where"), EXPRESSIONS.values(), ids=EXPRESSIONS.keys())
def test_an_expression_error_is_located_at_its_character(tmp_path: Path, body: str, where: tuple[int, int]) -> None:
    path = tmp_path / "h.yaml"
    path.write_text("extends: schnapsen\nname: h\n# a comment\nscoring:\n" + body, encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        load_ruleset(path)
    error = caught.value.errors[0] if isinstance(caught.value, ErrorList) else caught.value
    assert error.message.startswith("unknown name 'pints'")
    assert (error.file, error.line, error.column, error.path) == (str(path), *where, "scoring.game_points")


def test_an_expression_error_in_a_base_is_located_in_the_base(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text("extends: schnapsen\nname: base\nscoring:\n  game_points: >\n    1 +\n    pints\n", encoding="utf-8")
    (tmp_path / "h.yaml").write_text("extends: base.yaml\nname: h\n", encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        load_ruleset(tmp_path / "h.yaml")
    error = caught.value.errors[0] if isinstance(caught.value, ErrorList) else caught.value
    assert (error.file, error.line, error.column) == (str(tmp_path / "base.yaml"), 6, 5)
