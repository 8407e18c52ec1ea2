"""``rules describe``: a ruleset as a rulebook (the package :mod:`interpreter.text.rulebook`).

This module keeps the names other code imports: ``from interpreter.text.describe import
rulebook, base_of, SECTION_HEADINGS``.
"""

from __future__ import annotations

from interpreter.text.rulebook import SECTION_HEADINGS, base_of, rulebook

__all__ = ["rulebook", "base_of", "SECTION_HEADINGS"]
