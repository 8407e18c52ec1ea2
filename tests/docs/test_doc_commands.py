"""The commands shown in the docs print what the docs say they print.

Every ```console block of the documents below is checked, one test per document (a failure
names each block by the line of its fence).  Its ``$ `` commands run with bash, in document
order, in one fresh folder per document; the files they need come from the documents
themselves (``<!-- file: NAME -->`` markers), and each command's output must equal the
documented output exactly.  How to write the markers is explained in ``docrunner.py``.

One test per document, not per block: under pytest-xdist every worker that ran a block of a
document had to run the whole document before it.  The ```text samples (messages, usage lines,
the 200,000-deal comparison of docs/simulate.md, ...) are checked by ``test_text_samples.py``.
The times per decision of
docs/bots.md's arena and tournament tables are the machine's too: a ``timings`` marker
(docrunner.py) lets their numbers differ and checks everything else.
"""

from __future__ import annotations

import pytest

from docrunner import BIN, REPO, DocSession, console_blocks

DOCS = ["authoring.md", "bots.md", "cli.md", "editors.md", "simulate.md"]


@pytest.mark.parametrize("doc", DOCS)
def test_console_blocks(doc: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Every console block of ``doc``, in order, in one fresh folder; each mismatch is listed
    with its block's line.  One test per document, not per block: under pytest-xdist every
    worker that ran a block of a document would run the whole document before it."""
    if not (BIN / "rules").exists():
        pytest.fail(f"no `rules` command in {BIN}: install the package (pip install -e .)", pytrace=False)
    blocks = console_blocks(REPO / "docs" / doc)
    assert blocks, f"docs/{doc} has no console block"
    stem = doc.removesuffix(".md")
    session = DocSession(REPO / "docs" / doc, tmp_path_factory.mktemp(stem), tmp_path_factory.mktemp(stem + "-out"), blocks[-1].line)
    session.start()
    problems = []
    for block in blocks:
        try:
            result = session.result(block.line)
        except Exception as exc:  # the block could not run: said with its line, as a mismatch is
            problems.append(f"docs/{doc}, console block at line {block.line}: {exc}")
            continue
        problems += [f"docs/{doc}, console block at line {block.line}:\n{p}" for p in (c.mismatch() for c in result.commands) if p]
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
