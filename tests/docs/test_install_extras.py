"""How to install the web extra is said the same way where it is said: the README, read in a
checkout, installs from the checkout into its ``.venv``; docs/play.md, read by a user, names
the distribution and gives the checkout's form too (the two once disagreed)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_web_extra_is_installed_as_each_reader_can() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "web" in project["optional-dependencies"]
    checkout = ".venv/bin/pip install '.[web]'"  # the README's quick start makes .venv in the checkout
    user = f"pip install '{project['name']}[web]'"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    play = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    assert checkout in readme
    assert user in play and checkout in play
    for doc, text in (("README.md", readme), ("docs/play.md", play)):
        lines = [line for line in text.splitlines() if "[web]" in line]
        assert all(checkout in line or user in line for line in lines), f"{doc}: another way to install the web extra: {lines}"
