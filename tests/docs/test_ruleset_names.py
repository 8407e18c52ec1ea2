"""The docs that list the bundled rulesets list all of them (docs/cli.md once named 5 of 16)."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.rules.resources import bundled_rulesets

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("doc", ["README.md", "docs/cli.md"])
def test_every_bundled_ruleset_is_named(doc: str) -> None:
    text = (ROOT / doc).read_text(encoding="utf-8")
    missing = [name for name in sorted(bundled_rulesets()) if f"`{name}`" not in text]
    assert not missing, f"{doc} does not name {missing}"
