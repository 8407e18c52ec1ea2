"""Every Python sample of docs/api.md, docs/search.md and docs/bots.md runs and prints exactly the text block shown under it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PAGES = ("api.md", "search.md", "bots.md")
SAMPLE = re.compile(r"```python\n((?:(?!```).)*?)```\n\n```text\n(.*?)```", re.S)


def samples() -> list[tuple[str, int, str, str]]:
    found = []
    for page in PAGES:
        text = (REPO / "docs" / page).read_text(encoding="utf-8")
        found += [(page, text[: m.start()].count("\n") + 1, m.group(1), m.group(2)) for m in SAMPLE.finditer(text)]
    return found


def test_the_pages_have_samples() -> None:
    assert len([s for s in samples() if s[0] == "api.md"]) >= 10
    assert len([s for s in samples() if s[0] == "search.md"]) >= 5
    assert len([s for s in samples() if s[0] == "bots.md"]) >= 2


@pytest.mark.parametrize(("page", "line", "code", "expected"), samples(), ids=[f"{s[0]}:{s[1]}" for s in samples()])
def test_api_sample_prints_what_the_page_shows(page: str, line: int, code: str, expected: str, tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout == expected, f"docs/{page}:{line}: the sample prints something else"
