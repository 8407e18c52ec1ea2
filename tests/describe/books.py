"""The rulebook of a ruleset, and one section of it, for tests that read its words."""

from __future__ import annotations

import re
from functools import lru_cache

from interpreter import load_ruleset
from interpreter.text.describe import base_of, rulebook


@lru_cache(maxsize=None)
def book(name: str) -> str:
    """The rulebook of a bundled ruleset or rule file, as ``rules describe`` writes it."""
    rs = load_ruleset(name)
    return rulebook(rs, base_of(rs))


def section(text: str, heading: str) -> str:
    """The body of the ``## heading`` section of a rulebook (the test fails if there is none)."""
    found = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, flags=re.M | re.S)
    assert found, heading
    return found.group(1)
