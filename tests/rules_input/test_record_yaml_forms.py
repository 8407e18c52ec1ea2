"""YAML forms a record may not use -- anchors and aliases, tags, merge keys -- are refused as
in a rule file, and the message names the kind of file it is: a record, not "rule files"
(the words a rule file gets, which sent the reader of a record looking for a ruleset).

Positions are counted by hand in the comments.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runcli import invoke

from interpreter.core.errors import RulesError
from interpreter.rules.yamlsource import RECORD_LIMITS, load_yaml


@pytest.mark.parametrize(("text", "where", "message", "expected"), [
    # line 3 `moves: &m [play AS]`: the anchor at column 8
    ("ruleset: schnapsen\nseed: 3\nmoves: &m [play AS]\n", "3:8",
     "anchors and aliases are not supported in records", "the value written out in full"),
    # line 2 `seed: !!python/object:os.system 3`: the tag at column 7
    ("ruleset: schnapsen\nseed: !!python/object:os.system 3\n", "2:7",
     "the tag '!!python/object:os.system' is not supported in records", "the value without the tag"),
])
def test_a_records_yaml_form_is_refused_in_the_words_of_records(tmp_path: Path, text: str, where: str, message: str, expected: str) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    out = invoke(["replay", str(path)])
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", f"{path}:{where}: {message} (expected {expected})\n")


def test_merge_keys_in_a_record_are_refused_in_the_words_of_records() -> None:
    # line 3 `  <<: {dealer: 1}`: the key at column 3
    with pytest.raises(RulesError) as caught:
        load_yaml("ruleset: schnapsen\nstart:\n  <<: {leader: 1}\n", "r.yaml", limits=RECORD_LIMITS)
    assert caught.value.message == "merge keys ('<<') are not supported in records"
    assert (caught.value.line, caught.value.column) == (3, 3)


def test_a_rule_file_keeps_its_own_words() -> None:
    with pytest.raises(RulesError) as caught:
        load_yaml("name: x\ntitle: &t X\n", "x.yaml")
    assert caught.value.message == "anchors and aliases are not supported in rule files"
