"""Bounds before the expensive checks: file size, nesting, list and mapping lengths are checked
while the YAML is read, and schema validation stays linear in the size of the document.

Big inputs run in a child bounded in time and memory (generous bounds that catch a hang or a
runaway allocation: before, a 300,000-item wrong list peaked over 1 GB and a list of mixed
items made validation quadratic).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from interpreter.core.errors import RecordError, RulesError, RulesetError
from interpreter.play.record import load_record
from interpreter.rules.loader import load_ruleset
from interpreter.rules.yamlsource import RECORD_LIMITS, RULESET_LIMITS, Limits, load_yaml
from rules_input.bounded import GIB, run_bounded


def test_the_documented_limits() -> None:
    assert (RULESET_LIMITS.max_size, RULESET_LIMITS.max_items, RULESET_LIMITS.max_depth) == (1_000_000, 1_000, 100)
    assert (RECORD_LIMITS.max_size, RECORD_LIMITS.max_items, RECORD_LIMITS.max_depth) == (64_000_000, 100_000, 100)


def test_an_oversized_ruleset_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    with open(path, "wb") as handle:
        handle.truncate(RULESET_LIMITS.max_size + 1)  # sparse: nothing to read but its size
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert str(caught.value) == f"{path}:1:1: the file is too large (1000001 bytes; at most 1000000) (expected a file of at most 1000000 bytes)"


def test_an_oversized_record_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "big-record.yaml"
    with open(path, "wb") as handle:
        handle.truncate(RECORD_LIMITS.max_size + 1)
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert str(caught.value) == f"{path}:1:1: the file is too large (64000001 bytes; at most 64000000) (expected a file of at most 64000000 bytes)"


def test_a_list_longer_than_the_bound_is_refused_at_the_first_item_too_many() -> None:
    items = ", ".join(["1"] * 1001)
    with pytest.raises(RulesError) as caught:
        load_yaml(f"deal:\n  packets: [{items}]\n", "r.yaml")
    error = caught.value
    assert (error.line, error.column, error.path) == (2, 13 + 3 * 1000, "deal.packets")
    assert error.message == "the list has more than 1000 items"
    assert load_yaml(f"deal:\n  packets: [{', '.join(['1'] * 1000)}]\n", "r.yaml").data["deal"]["packets"] == [1] * 1000


def test_a_mapping_larger_than_the_bound_is_refused() -> None:
    keys = "\n".join(f"  k{i}: 0" for i in range(1001))
    with pytest.raises(RulesError) as caught:
        load_yaml(f"deck:\n{keys}\n", "r.yaml")
    assert (caught.value.line, caught.value.path, caught.value.message) == (1002, "deck", "the mapping has more than 1000 keys")


def test_a_record_may_hold_many_more_items_than_a_ruleset() -> None:
    text = "deals: [" + ", ".join(["{}"] * 5000) + "]\n"
    assert len(load_yaml(text, "r.yaml", error_cls=RecordError, limits=RECORD_LIMITS).data["deals"]) == 5000
    with pytest.raises(RecordError):
        load_yaml(text, "r.yaml", error_cls=RecordError, limits=Limits(max_size=10**6, max_items=4999))


def test_nesting_is_bounded_in_records_too() -> None:
    with pytest.raises(RecordError) as caught:
        load_yaml("a: " + "[" * 120, "r.yaml", error_cls=RecordError, limits=RECORD_LIMITS)
    assert str(caught.value) == "r.yaml:1:103: the document is nested more than 100 levels deep (expected at most 100 levels of lists and mappings)"


def test_integers_beyond_64_bits_are_refused_without_converting_them() -> None:
    assert load_yaml(f"seed: {2**64 - 1}\n", "r.yaml").data == {"seed": 2**64 - 1}
    for text in (str(2**64), "9" * 5000, "-" + "9" * 30, "0x1" + "0" * 16, "0o" + "7" * 30):
        with pytest.raises(RulesError) as caught:
            load_yaml(f"seed: {text}\n", "r.yaml")
        assert caught.value.message.endswith(f"is not a valid integer (it is too large; at most {2**64 - 1})")


def _mixed(count: int) -> str:
    kinds = ["x{}", "'{}'", "[{}]", "{{a: {}}}", "{}.5"]
    return ", ".join(kinds[i % len(kinds)].format(i) for i in range(count))


@pytest.mark.parametrize(
    "items",
    [
        pytest.param(", ".join(["x"] * 300_000), id="300000-wrong-items"),
        pytest.param(_mixed(60_000), id="60000-mixed-items"),
    ],
)
def test_a_huge_list_is_refused_quickly_and_in_little_memory(tmp_path: Path, items: str) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text(f"extends: schnapsen\nname: huge\ndeck:\n  ranks: [{items}]\n", encoding="utf-8")
    assert path.stat().st_size < RULESET_LIMITS.max_size
    result = run_bounded(["validate", path.name], tmp_path, timeout=60, memory=2 * GIB)
    assert not result.timed_out and result.exit_code == 2, result.stderr[-2000:]
    assert result.stderr.startswith("huge.yaml:4:") and result.stderr.count("\n") == 1
    assert "deck.ranks: the list has more than 1000 items" in result.stderr
    assert result.max_rss_mib < 400


LINEAR_CHECK = """
from interpreter.rules.loader import load_schema
from interpreter.rules.validation import schema_errors
from interpreter.rules.yamlsource import Limits, load_yaml

kinds = ["x{}", "'{}'", "[{}]", "{{a: {}}}", "{}.5"]
items = ", ".join(kinds[i % 5].format(i) for i in range(20_000))
text = "extends: schnapsen\\nname: m\\ndeck:\\n  ranks: [" + items + "]\\n"
doc = load_yaml(text, "m.yaml", limits=Limits(max_size=10**8, max_items=10**6))
print(len(schema_errors(doc, load_schema())))
"""


def test_validation_stays_linear_in_a_list_of_mixed_items(tmp_path: Path) -> None:
    """Without the list bound: 20,000 mixed items (jsonschema's uniqueItems compared every
    pair of them, some hundred million comparisons) validate in a few seconds."""
    result = run_bounded([], tmp_path, timeout=60, memory=2 * GIB, code=LINEAR_CHECK)
    assert not result.timed_out and result.exit_code == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "20000"  # one error per item (a house file need not repeat deck.points: its base gives them)
    assert result.max_rss_mib < 1000


#: 60 kB of flow nesting: PyYAML's scanner, which looks far ahead at every bracket, took a
#: second over it before the depth check saw an event (a card room stalled for every table).
DEEP = "extends: schnapsen\nname: big\ntitle: t\ndescription: " + "[" * 30000 + "]" * 30000 + "\n"


def _texts_parsed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The length of every text handed to a YAML parser from now on."""
    from interpreter.rules import yamlsource

    lengths: list[int] = []
    for name in ("_fast_events", "_exact_events"):
        real = getattr(yamlsource, name)

        def spy(text: str, real: Any = real) -> Any:
            lengths.append(len(text))
            return real(text)

        monkeypatch.setattr(yamlsource, name, spy)
    return lengths


def test_deep_flow_nesting_is_refused_before_the_parser_reads_the_whole_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Line 4 is ``description: [[[...``: the mapping is the first level, the 100th ``[`` (column
    13 + 100) the 101st.  Refused there, in the words of the full reading, and no parser is
    given more than the text up to the 101st ``[`` (19 + 10 + 9 + 13 + 101 characters)."""
    lengths = _texts_parsed(monkeypatch)
    with pytest.raises(RulesetError) as caught:
        load_yaml(DEEP, "a.yaml")
    assert str(caught.value) == "a.yaml:4:113: the document is nested more than 100 levels deep (expected at most 100 levels of lists and mappings)"
    assert lengths and max(lengths) == 19 + 10 + 9 + 13 + 101


@pytest.mark.parametrize("text", [
    "a: |\n  " + "[" * 150 + "\n",  # a block scalar's text
    "a: '" + "[" * 150 + "'\n",
    'a: "\\"' + "[" * 150 + '"\n',  # an escaped quote does not close it
    "a: 'it''s " + "{" * 150 + "'\n",
    "# " + "[" * 150 + "\na: 1\n",
    "a: x" + "[" * 150 + "\n",  # a plain text's
])
def test_brackets_that_open_no_list_are_no_nesting(text: str) -> None:
    data = load_yaml(text, "a.yaml").data
    assert isinstance(data["a"], (str, int))


def test_a_quote_inside_a_plain_text_hides_no_nesting(monkeypatch: pytest.MonkeyPatch) -> None:
    """``it's`` and ``a:'b`` are plain texts, not the start of a quoted one: the brackets after them still count."""
    for start in ("a: [it's, ", "a: [a:'b, "):
        lengths = _texts_parsed(monkeypatch)
        with pytest.raises(RulesetError) as caught:
            load_yaml(start + "[" * 200 + "]" * 201 + "\n", "a.yaml")
        assert caught.value.message == "the document is nested more than 100 levels deep"
        assert max(lengths) < 200, start
