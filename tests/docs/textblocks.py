"""The ```text and ```json blocks of the docs, with what precedes each: how a test finds the
sample outputs a document shows and tells which of them are checked.

Such a block is *covered* when one of these holds:

* it follows a ```python block on a page whose Python samples run
  (``tests/docs/test_api_samples.py``, ``tests/adapters/test_rl_docs.py``): that test
  compares the sample's output with it;
* a ``<!-- sample: NAME -->`` line stands right above its fence: ``NAME`` is a check of
  ``tests/docs/test_text_samples.py`` (or of the test that line names after the name);
* a ``<!-- not output: REASON -->`` line stands right above it: it shows no output (a
  grammar, a signature), and the reason says what it is instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"

#: Pages whose ```python samples run and print exactly the text block under them.
RUN_PAGES = {"api.md": "tests/docs/test_api_samples.py", "search.md": "tests/docs/test_api_samples.py",
             "bots.md": "tests/docs/test_api_samples.py", "rl.md": "tests/adapters/test_rl_docs.py"}

_FENCE = re.compile(r"^(`{3,})([^`\s]*)\s*$")
_SAMPLE = re.compile(r"^<!-- sample: (\S+) -->$")
_NOT_OUTPUT = re.compile(r"^<!-- not output: (.+) -->$")


@dataclass(frozen=True)
class TextBlock:
    """One ```text or ```json block: its page, the line of its fence, its lines, the language
    of the fenced block before it (``None`` at the top of the page) and its marker, if any."""

    page: str
    line: int
    body: list[str]
    after: str | None
    sample: str | None
    not_output: str | None
    before: list[str]  # the page's lines above the fence, for a check that reads its input there

    @property
    def where(self) -> str:
        return f"docs/{self.page}:{self.line}"

    @property
    def text(self) -> str:
        return "".join(line + "\n" for line in self.body)


def text_blocks(page: str) -> list[TextBlock]:
    """Every ```text and ```json block of ``docs/PAGE``, in order."""
    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
    found: list[TextBlock] = []
    last_lang: str | None = None
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        ticks, lang = m.group(1), m.group(2)
        end = i + 1
        while end < len(lines) and lines[end].rstrip() != ticks:
            end += 1
        if lang in ("text", "json"):
            above = lines[i - 1] if i else ""
            sample = _SAMPLE.match(above)
            not_output = _NOT_OUTPUT.match(above)
            found.append(TextBlock(page, i + 1, lines[i + 1:end], last_lang,
                                   sample.group(1) if sample else None,
                                   not_output.group(1) if not_output else None, lines[:i]))
        last_lang = lang
        i = end + 1
    return found


def all_text_blocks() -> list[TextBlock]:
    return [b for page in sorted(p.name for p in DOCS.glob("*.md")) for b in text_blocks(page)]


def fenced_before(block: TextBlock, lang: str) -> str:
    """The body of the last ```LANG block above ``block`` (its input, shown on the page)."""
    lines = block.before
    for i in range(len(lines) - 1, -1, -1):
        if lines[i] == "```" + lang:
            end = i + 1
            while lines[end] != "```":
                end += 1
            return "".join(line + "\n" for line in lines[i + 1:end])
    raise AssertionError(f"{block.where}: no ```{lang} block above it")
