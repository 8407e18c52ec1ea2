"""``name:`` must match ``^[a-z0-9][a-z0-9-]*$`` as JSON Schema reads it: ``$`` is the end of
the text, so a name with a trailing newline (a quoted ``\\n``, a literal or folded block) is
refused, where Python's ``re.search`` let ``$`` match before the final newline."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.core.errors import ErrorList
from interpreter.rules.loader import load_ruleset
from interpreter.rules.validation import schema_errors
from interpreter.rules.yamlsource import load_yaml


@pytest.mark.parametrize(
    "written",
    ['"abc\\n"', "|\n  abc\n", ">\n  abc\n", '"abc\\n\\n"', "|+\n  abc\n\n", "'abc\n\n  '"],
    ids=["quoted", "literal", "folded", "two-newlines", "literal-keep", "single-quoted-blank-line"],
)
def test_a_name_with_a_trailing_newline_is_refused(tmp_path: Path, written: str) -> None:
    path = tmp_path / "h.yaml"
    path.write_text(f"extends: schnapsen\nname: {written}\n", encoding="utf-8")
    with pytest.raises(ErrorList) as caught:
        load_ruleset(path)
    [error] = caught.value.errors
    assert (error.line, error.column, error.path) == (2, 7, "name")
    assert error.message.endswith("is not in the required form (did you mean 'abc'?)")
    assert error.expected == "lower-case letters, digits and hyphens"


def test_a_plain_name_is_still_accepted(tmp_path: Path) -> None:
    path = tmp_path / "h.yaml"
    path.write_text("extends: schnapsen\nname: abc-2\n", encoding="utf-8")
    assert load_ruleset(path).name == "abc-2"


def test_dollar_ends_the_text_in_every_pattern_but_not_inside_a_class_or_escaped() -> None:
    schema = {"properties": {"a": {"pattern": "^x$"}, "b": {"pattern": "^[$]+$"}, "c": {"pattern": "^\\$$"}}}
    def errors(text: str) -> list[str]:
        return [e.path or "" for e in schema_errors(load_yaml(text, "r.yaml"), schema)]
    assert errors('a: x\nb: $$\nc: $\n') == []
    assert errors('a: "x\\n"\nb: "$\\n"\nc: "$\\n"\n') == ["a", "b", "c"]
