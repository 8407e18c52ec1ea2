"""Every Python sample of docs/api.md runs and prints exactly the text block shown under it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
API = REPO / "docs" / "api.md"
SAMPLE = re.compile(r"```python\n((?:(?!```).)*?)```\n\n```text\n(.*?)```", re.S)


def samples() -> list[tuple[int, str, str]]:
    text = API.read_text(encoding="utf-8")
    return [(text[: m.start()].count("\n") + 1, m.group(1), m.group(2)) for m in SAMPLE.finditer(text)]


def test_the_api_page_has_samples() -> None:
    assert len(samples()) >= 10


@pytest.mark.parametrize(("line", "code", "expected"), samples(), ids=[f"api.md:{s[0]}" for s in samples()])
def test_api_sample_prints_what_the_page_shows(line: int, code: str, expected: str, tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout == expected, f"docs/api.md:{line}: the sample prints something else"
