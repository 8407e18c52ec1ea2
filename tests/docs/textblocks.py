"""The ```text, ```json and ```yaml blocks of the docs, and the fences without a language, with
what precedes each: how a test finds the sample outputs a document shows and tells which of
them are checked.

A fence may be indented, as one inside a list item is: its block is collected all the same,
its lines without the indent, and its marker is the line right above it, indented as it is.

A YAML block may be output as much as a text block (the match record ``rules run --record``
writes, the file ``rules new`` writes), and a fence without a language may hold anything, so
all of them are collected: a stale output in any of them must fail a test, and a block that
shows no output must say so.  (```console blocks run in ``test_doc_commands.py``; ```python,
```sh and the other languages are code, not output.)

Such a block is *covered* when one of these holds:

* a ```text block follows a ```python block on a page whose Python samples run
  (``tests/docs/test_api_samples.py``, ``tests/adapters/test_rl_docs.py``): that test
  compares the sample's output with it;
* a ``<!-- sample: NAME -->`` line stands right above its fence: ``NAME`` is a check of
  ``tests/docs/test_text_samples.py`` (or of the test that line names after the name);
* a ``<!-- file: NAME -->`` line stands right above a ```yaml block on a page whose console
  blocks run (``test_doc_commands.DOCS``): it is an input the page's commands read;
* a ``<!-- not output: REASON -->`` line stands right above it: it shows no output (a
  grammar, a signature, a rule file to write), and the reason says what it is instead;
* a ``<!-- not checked: REASON -->`` line stands right above it: it is output no test can
  make again (a run of half an hour, a machine's timings), and the reason says why;
* the page is generated and compared whole with its generator (:data:`GENERATED_PAGES`).

:data:`KEPT_HERE` holds the markers of a few blocks on pages this folder's checks did not
edit when these rules came in: each is the line that would stand above the block, kept
here under the block's page and first line (a block changed there loses it, and must be
marked anew).
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

_FENCE = re.compile(r"^( *)(`{3,})([^`\s]*)\s*$")  # indented too: a fence inside a list item
_SAMPLE = re.compile(r"^<!-- sample: (\S+) -->$")
_NOT_OUTPUT = re.compile(r"^<!-- not output: (.+) -->$")
_NOT_CHECKED = re.compile(r"^<!-- not checked: (.+) -->$")
_FILE = re.compile(r"^<!-- file: (\S+) -->$")

#: The languages collected: output may be shown in any of them ("" is a fence without one).
LANGS = ("text", "json", "yaml", "")

#: Pages generated whole and compared with their generator by a test: their blocks are the
#: generator's (ruleset-reference.md's YAML blocks are the schema's ``examples``, each
#: validated against its key's schema there).
GENERATED_PAGES = {"ruleset-reference.md": "tests/schema/test_schema_file.py"}

#: (page, the block's first line) -> the marker line that would stand above it (see above).
KEPT_HERE: dict[tuple[str, str], str] = {
    ("architecture.md", " rulesets/*.yaml ──► interpreter/rules ──Ruleset──► interpreter/engine ──DealState, SeatView──► interpreter/play"):
        "<!-- not output: a drawing of the folders and what flows between them -->",
    ("rl.md", "# my_policy.py"): "<!-- not output: a policy file to write (it loads weights a training saved) -->",
    ("notation.md", "name: optional-id                 # optional metadata"):
        "<!-- not output: a deal record to write, with a comment on each key -->",
    ("notation.md", "ruleset: schnapsen"): "<!-- not output: a record to write -->",
    ("notation.md", "ruleset: sechsundsechzig"): "<!-- not output: a record to write -->",
    ("editors.md", "# yaml-language-server: $schema=../schema/ruleset.schema.json"):
        "<!-- not output: the modeline to write on a rule file's first line -->",
    ("editors.md", "# .pre-commit-config.yaml"): "<!-- not output: a configuration to write -->",
    ("cli.md", "# House rules based on Schnapsen.  Only what differs from the base belongs here:"):
        "<!-- sample: new-file -->",
}


@dataclass(frozen=True)
class TextBlock:
    """One ```text, ```json, ```yaml or unlabelled block: its page, the line of its fence, its
    language (``""`` for none), its lines, the language of the fenced block before it
    (``None`` at the top of the page) and its marker, if any."""

    page: str
    line: int
    lang: str
    body: list[str]
    after: str | None
    sample: str | None
    not_output: str | None
    not_checked: str | None
    file: str | None  # the NAME of a ``<!-- file: NAME -->`` line right above it
    before: list[str]  # the page's lines above the fence, for a check that reads its input there

    @property
    def where(self) -> str:
        return f"docs/{self.page}:{self.line}"

    @property
    def text(self) -> str:
        return "".join(line + "\n" for line in self.body)


def text_blocks(page: str) -> list[TextBlock]:
    """Every block of ``docs/PAGE`` in one of :data:`LANGS`, in order."""
    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
    found: list[TextBlock] = []
    last_lang: str | None = None
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, ticks, lang = len(m.group(1)), m.group(2), m.group(3)
        end = i + 1
        while end < len(lines) and lines[end].strip() != ticks:
            end += 1
        if lang in LANGS:
            body = [_dedent(line, indent) for line in lines[i + 1:end]]
            above = lines[i - 1].strip() if i else ""
            if not above.startswith("<!--") and body:
                above = KEPT_HERE.get((page, body[0]), above)
            sample, not_output = _SAMPLE.match(above), _NOT_OUTPUT.match(above)
            not_checked, file = _NOT_CHECKED.match(above), _FILE.match(above)
            found.append(TextBlock(page, i + 1, lang, body, last_lang,
                                   sample.group(1) if sample else None,
                                   not_output.group(1) if not_output else None,
                                   not_checked.group(1) if not_checked else None,
                                   file.group(1) if file else None, lines[:i]))
        last_lang = lang
        i = end + 1
    return found


def _dedent(line: str, indent: int) -> str:
    """A line of a block whose fence is indented by ``indent`` (in a list item), as the page
    shows it: without the spaces of the indent (fewer, if the line has fewer)."""
    return line[min(indent, len(line) - len(line.lstrip(" "))):]


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
