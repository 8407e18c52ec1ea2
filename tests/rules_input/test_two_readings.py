"""Scalars that read one way here and another in other YAML tools, or that a tag forces into
a kind the key does not take: refused at the value, with what to write for that key.

An integer with a leading zero is 10 in YAML 1.2 and octal 8 in YAML 1.1 (``09``: the text
'09'), so it is refused as a YAML 1.1 boolean is.  Positions are counted by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runcli import invoke

from interpreter.core.errors import RulesError
from interpreter.rules.yamlsource import load_yaml


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_leading_zero_integer_is_refused_with_both_readings(tmp_path: Path) -> None:
    # line 5 `match: {target: 010}`: `010` starts at column 17.
    path = write(tmp_path, "v11.yaml", "%YAML 1.1\n---\nextends: schnapsen\nname: v11\nmatch: {target: 010}\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert out.stderr.startswith(f"{path}:5:17: match.target: '010' has a leading zero: YAML 1.2 reads it as 10, YAML 1.1 as the octal number 8")
    assert "(expected 10 or 8)" in out.stderr


def test_a_leading_zero_with_an_8_or_9_reads_as_text_in_yaml_11() -> None:
    with pytest.raises(RulesError) as caught:
        load_yaml("seed: 09\n", "r.yaml")
    assert caught.value.message == "'09' has a leading zero: YAML 1.2 reads it as 9, YAML 1.1 as the text '09'; write 9"
    assert (caught.value.line, caught.value.column) == (1, 7)


@pytest.mark.parametrize("text", ["0", "10", "-7", "0o10", "0x1f", '"010"', "'07'"])
def test_numbers_of_one_reading_and_quoted_text_still_load(text: str) -> None:
    load_yaml(f"v: {text}\n", "r.yaml")


def test_a_leading_zero_on_a_text_key_says_to_quote_it(tmp_path: Path) -> None:
    # `title: 010` on line 3: the value at column 8.
    path = write(tmp_path, "t.yaml", "extends: schnapsen\nname: t\ntitle: 010\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert out.stderr.startswith(f"{path}:3:8: title: '010' has a leading zero")
    assert "quote it to write the text (expected \"010\")" in out.stderr


def test_a_bool_tag_on_a_key_of_words_names_the_words(tmp_path: Path) -> None:
    # marriage.first_lead takes allowed or forbidden (schema); `!!bool` starts at column 24.
    path = write(tmp_path, "t1.yaml", 'extends: schnapsen\nname: t1\nmarriage: {first_lead: !!bool "no"}\n')
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    first = out.stderr.splitlines()[0]
    assert first.startswith(f"{path}:3:24: marriage.first_lead: the tag '!!bool' asks for a boolean, which this key does not take")
    assert first.endswith("(expected one of: allowed, forbidden, without the tag)")
    assert "true or false" not in out.stderr


def test_a_bool_tag_on_a_boolean_key_keeps_the_readers_words(tmp_path: Path) -> None:
    path = write(tmp_path, "t2.yaml", 'extends: schnapsen\nname: t2\nclosing: {enabled: !!bool "no"}\n')
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert "closing.enabled: 'no' is not a valid boolean (true or false) (expected true or false)" in out.stderr



@pytest.mark.parametrize(("text", "number"), [("00", 0), ("07", 7), ("-01", -1)])
def test_a_leading_zero_both_readings_agree_on_asks_for_the_one_number(text: str, number: int) -> None:
    # 00 is 0 in decimal and in octal, 07 is 7 both ways: "write 0 or 0, whichever you mean"
    # offered a choice that is none.  `seed: ` is 6 characters: the value at column 7.
    with pytest.raises(RulesError) as caught:
        load_yaml(f"seed: {text}\n", "r.yaml")
    assert caught.value.message == (
        f"'{text}' has a leading zero: YAML 1.2 reads it as {number}, YAML 1.1 as the octal number {number} too; write {number}"
    )
    assert caught.value.expected == str(number)
    assert (caught.value.line, caught.value.column) == (1, 7)


def test_a_leading_zero_seat_key_in_a_record_asks_for_the_one_number(tmp_path: Path) -> None:
    # hands key `00` on line 3, after two spaces: column 3; seat 0 both ways.
    path = write(tmp_path, "r.yaml", "ruleset: schnapsen\nhands:\n  00: [AS]\n  1: [KS]\n")
    out = invoke(["replay", str(path)])
    assert (out.exit_code, out.stdout) == (2, "")
    assert out.stderr == (
        f"{path}:3:3: hands: '00' has a leading zero: YAML 1.2 reads it as 0, YAML 1.1 as the octal number 0 too; write 0 (expected 0)\n"
    )
