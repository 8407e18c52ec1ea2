"""Fixtures of the `rules` command tests; the helpers live in ``clitools.py``.

This folder has no ``__init__.py`` on purpose: as a package it would be named ``cli`` and
shadow the project's own ``cli`` package (``from cli.main import app`` would then fail in
every test folder collected after this one).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import REPO


@pytest.fixture
def in_repo(monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run the test from the repository root, so relative paths read as on the command line."""
    monkeypatch.chdir(REPO)
    return REPO
