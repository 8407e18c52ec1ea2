#!/usr/bin/env python3
"""Regenerate the generated documentation and the rulebook goldens from the library.

    python tools/regen_docs.py --all           # everything below
    python tools/regen_docs.py --reference     # docs/ruleset-reference.md from the schema
    python tools/regen_docs.py --goldens       # tests/describe/golden/*.md
    python tools/regen_docs.py --rulebooks     # docs/rulebooks/**/*.md
    python tools/regen_docs.py --written       # interpreter/engine/written.py (the compiled build's undo and copy)

The library only renders text (``interpreter.text``); writing into the checkout's
``docs/`` and ``tests/`` folders is a developer's job, so it lives here, outside the package.
Tests compare the checked-in files with fresh renderings and name this script when they differ.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from interpreter.rules.loader import load_ruleset  # noqa: E402
from interpreter.rules.resources import bundled_rulesets, schema_path  # noqa: E402
from interpreter.text.describe import base_of, rulebook  # noqa: E402
from interpreter.text.schemadoc import render_reference  # noqa: E402

GOLDEN_DIR = ROOT / "tests" / "describe" / "golden"
RULEBOOK_DIR = ROOT / "docs" / "rulebooks"
REFERENCE = ROOT / "docs" / "ruleset-reference.md"
WRITTEN = ROOT / "interpreter" / "engine" / "written.py"


def golden_name(name: str) -> str:
    """File name of a bundled ruleset's golden rulebook: ``house/santase`` -> ``house__santase.md``."""
    return name.replace("/", "__") + ".md"


def bundled_rulebooks() -> dict[str, str]:
    """Every bundled ruleset's Markdown rulebook, by bundled name."""
    books = {}
    for name in sorted(bundled_rulesets()):
        rs = load_ruleset(name)
        books[name] = rulebook(rs, base_of(rs))
    return books


def reference_text() -> str:
    """The ruleset reference rendered from the bundled schema."""
    return render_reference(json.loads(schema_path().read_text(encoding="utf-8")))


def write_goldens(folder: Path = GOLDEN_DIR) -> list[Path]:
    """Write tests/describe/golden/<name>.md for every bundled ruleset; remove stale ones."""
    folder.mkdir(parents=True, exist_ok=True)
    books = bundled_rulebooks()
    written = []
    for name, text in books.items():
        path = folder / golden_name(name)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    wanted = {golden_name(n) for n in books}
    for stale in folder.glob("*.md"):
        if stale.name not in wanted:
            stale.unlink()
    return written


def write_rulebooks(folder: Path = RULEBOOK_DIR) -> list[Path]:
    """Write docs/rulebooks/<name>.md (house rulesets under house/) for every bundled ruleset."""
    written = []
    for name, text in bundled_rulebooks().items():
        path = folder / f"{name}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/regen_docs.py", description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="regenerate everything")
    parser.add_argument("--reference", action="store_true", help="rewrite docs/ruleset-reference.md")
    parser.add_argument("--goldens", action="store_true", help="rewrite tests/describe/golden/*.md")
    parser.add_argument("--rulebooks", action="store_true", help="rewrite docs/rulebooks/**/*.md")
    parser.add_argument("--written", action="store_true", help="rewrite interpreter/engine/written.py (the compiled build's undo record and copy)")
    args = parser.parse_args(argv)
    if not (args.all or args.reference or args.goldens or args.rulebooks or args.written):
        parser.print_usage()
        return 2
    written: list[Path] = []
    if args.all or args.reference:
        REFERENCE.write_text(reference_text(), encoding="utf-8")
        written.append(REFERENCE)
    if args.all or args.goldens:
        written += write_goldens()
    if args.all or args.rulebooks:
        written += write_rulebooks()
    if args.all or args.written:
        from interpreter.engine.views import written_source

        WRITTEN.write_text(written_source(), encoding="utf-8")
        written.append(WRITTEN)
    for path in written:
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
