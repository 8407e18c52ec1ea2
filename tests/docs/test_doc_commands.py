"""The commands shown in the docs print what the docs say they print.

Every ```console block of the documents below is a test (id ``DOC:LINE``, the line of its
fence). Its ``$ `` commands run with bash, in document order, in one fresh folder per
document; the files they need come from the documents themselves (``<!-- file: NAME -->``
markers), and each command's output must equal the documented output exactly. How to write
the markers is explained in ``docrunner.py``.

The documents run at the same time, each in a background thread, so the whole module takes
about as long as its slowest document.  Two samples stay outside, as ```text blocks: the
200,000-deal comparison of docs/simulate.md (a minute and more on two cores) and the speed
benchmark there, whose figures are the machine's.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from docrunner import BIN, REPO, DocSession, console_blocks

DOCS = ["authoring.md", "cli.md", "editors.md", "simulate.md"]

BLOCKS = [
    pytest.param(doc, block.line, id=f"{doc}:{block.line}")
    for doc in DOCS
    for block in console_blocks(REPO / "docs" / doc)
]


@pytest.fixture(scope="module")
def sessions(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, DocSession]]:
    if not (BIN / "rules").exists():
        pytest.fail(f"no `rules` command in {BIN}: install the package (pip install -e .)", pytrace=False)
    # run each document only as far as the last selected block (all of it, normally)
    last: dict[str, int] = {}
    for item in request.session.items:
        callspec = getattr(item, "callspec", None)
        if getattr(item, "module", None) is request.module and callspec is not None:
            doc, line = callspec.params["doc"], callspec.params["line"]
            last[doc] = max(last.get(doc, 0), line)
    runs = {}
    for doc, line in last.items():
        stem = doc.removesuffix(".md")
        runs[doc] = DocSession(REPO / "docs" / doc, tmp_path_factory.mktemp(stem), tmp_path_factory.mktemp(stem + "-out"), line)
        runs[doc].start()
    yield runs


@pytest.mark.parametrize(("doc", "line"), BLOCKS)
def test_console_block(sessions: dict[str, DocSession], doc: str, line: int) -> None:
    result = sessions[doc].result(line)
    problems = [p for p in (c.mismatch() for c in result.commands) if p]
    if problems:
        pytest.fail(f"docs/{doc}, console block at line {line}:\n" + "\n".join(problems), pytrace=False)
