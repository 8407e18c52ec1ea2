"""The YAML the project writes by hand (record headers, the skeleton of a new house file)
reads back as the text that was written, whatever the text: a name or path may hold YAML
indicators, line breaks YAML folds, control characters or characters beyond U+FFFF."""

from __future__ import annotations

import random

import pytest

from interpreter.rules.yamlsource import load_yaml, yaml_flow_item, yaml_quoted, yaml_scalar

#: Every character below U+0300 (all of ASCII's indicators and controls, Latin-1), and the hard cases above it.
ALPHABET = [chr(i) for i in range(0x300)] + ["😀", "\u2028", "\u2029", "\ufeff", "\ud7ff", "\ue000", "\ufffd", "\U0010fffd", "\ud800"]


def _texts(count: int) -> list[str]:
    rng = random.Random(66)
    return ["".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 8))) for _ in range(count)]


def test_a_flow_item_reads_back_as_the_same_text() -> None:
    for text in _texts(5000) + [""]:
        written = yaml_flow_item(text)
        assert load_yaml(f"v: [{written}, next]\n", "<t>").data["v"] == [text, "next"], (text, written)


def test_a_scalar_reads_back_as_the_same_text() -> None:
    for text in _texts(5000):
        written = yaml_scalar(text)
        assert load_yaml(f"v: {written}\n", "<t>").data["v"] == text, (text, written)


@pytest.mark.parametrize("text, written", [
    ("Zoë 😀", '"Zoë 😀"'),            # printable as it is, not two surrogate escapes as json.dumps writes
    ("a\u2028b", '"a\\u2028b"'),       # a line break YAML would fold into a space
    ("tab\there", '"tab\\x09here"'),
    ('say "hi" \\', '"say \\"hi\\" \\\\"'),
])
def test_quoting_by_hand(text: str, written: str) -> None:
    assert yaml_quoted(text) == written
