"""What is shown from input never carries characters that change how a line reads."""

from __future__ import annotations

import pytest

from interpreter.core.printable import json_text, printable


@pytest.mark.parametrize(("char", "shown"), [
    ("\u202e", "\\u202e"),   # right-to-left override
    ("\u2066", "\\u2066"),   # left-to-right isolate
    ("\u2028", "\\u2028"),   # line separator
    ("\u200b", "\\u200b"),   # zero-width space
    ("\x1b", "\\x1b"),
    ("\x9b", "\\x9b"),
])
def test_invisible_and_control_characters_are_shown_as_escapes(char: str, shown: str) -> None:
    assert printable(f"a{char}b") == f"a{shown}b"
    assert printable(f"a{char}b", multiline=True) == f"a{shown}b"
    assert json_text({"t": f"a{char}b"}) in ('{"t": "a' + shown + 'b"}', '{"t": "a\\u00' + shown[-2:] + 'b"}')


def test_letters_of_every_script_and_joiners_pass_untouched() -> None:
    text = "Schnapsen – Сантасе – שש‌שים 👨‍👩‍👧"
    assert printable(text) == text
