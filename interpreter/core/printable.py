"""Text from input, made safe to show: control characters become visible escapes.

Whatever ``rules`` prints that came from a file or a command line -- a title, a key, a move,
a file name, an error message, a whole rulebook -- passes through :func:`printable` first, so
a ruleset cannot move the cursor, clear the screen or retitle the terminal with an ``ESC``
sequence, ring the bell, or stop the output with a lone surrogate that no encoding can
write.  What is escaped: the C0 controls (``\\x00``-``\\x1f``), DEL, the C1 controls
(``\\x80``-``\\x9f``, which some terminals obey like ``ESC [``), lone surrogates, and the
invisible characters that make a line read otherwise than it is (bidi overrides and isolates,
line separators, the zero-width space), each as the Python escape that names it (``\\x1b``,
``\\ud800``, ``\\u202e``).  Nothing else changes, so the
function is idempotent and plain text passes untouched.

>>> printable("Evil\\x1b]0;pwned\\x07 title")
'Evil\\\\x1b]0;pwned\\\\x07 title'
>>> printable("two\\nlines\\tand a tab", multiline=True)
'two\\nlines\\tand a tab'
>>> printable("two\\nlines")
'two\\\\nlines'
>>> json_text({"title": "a\\x85b\\ud800"})
'{"title": "a\\\\u0085b\\\\ud800"}'
"""

from __future__ import annotations

import json
import re
from typing import Any

#: Characters that change how the rest of a line reads without showing themselves: the bidi
#: marks, embeddings, overrides and isolates (U+061C, U+200E-F, U+202A-E, U+2066-9), the line
#: and paragraph separators (U+2028-9), the zero-width space and a byte-order mark in the text.
_INVISIBLE = "\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff"
_CONTROL = re.compile(f"[\x00-\x1f\x7f-\x9f\ud800-\udfff{_INVISIBLE}]")
_CONTROL_BUT_LAYOUT = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff{_INVISIBLE}]")  # keeps \t and \n
#: What ``json.dumps(..., ensure_ascii=False)`` leaves raw although a terminal may obey it.
_JSON_RAW = re.compile(f"[\x7f-\x9f\ud800-\udfff{_INVISIBLE}]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}")


def printable(text: str, *, multiline: bool = False) -> str:
    """``text`` with every control character and lone surrogate shown as a visible escape.

    With ``multiline`` (a rulebook, a message with a caret line) line breaks and tabs are
    kept; a carriage return is escaped all the same, since it would let a line overwrite
    itself.
    """
    pattern = _CONTROL_BUT_LAYOUT if multiline else _CONTROL
    return pattern.sub(_escape, text)


def json_text(value: Any, *, ensure_ascii: bool = False, indent: int | None = None) -> str:
    """``value`` as JSON with no raw control character: valid JSON that is also safe to print.

    ``json.dumps`` escapes the C0 controls but, with ``ensure_ascii=False``, leaves DEL, the
    C1 controls and lone surrogates raw; they can only occur inside strings, where a
    ``\\uXXXX`` escape means the same character.
    """
    text = json.dumps(value, ensure_ascii=ensure_ascii, indent=indent)
    return text if ensure_ascii else _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
