"""Every Python sample of docs/rl.md runs and prints exactly the text block shown under it, and
the page's table of the observation layout is the layout's own description."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed (pip install -e '.[rl]')")
pytest.importorskip("pyspiel", reason="the rl extra is not installed (pip install -e '.[rl]')")

from interpreter.play.observation import layout
from interpreter.rules.loader import load_ruleset

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "docs" / "rl.md"
SAMPLE = re.compile(r"```python\n((?:(?!```).)*?)```\n\n```text\n(.*?)```", re.S)


def samples() -> list[tuple[int, str, str]]:
    text = PAGE.read_text(encoding="utf-8")
    return [(text[: m.start()].count("\n") + 1, m.group(1), m.group(2)) for m in SAMPLE.finditer(text)]


def test_the_page_has_samples() -> None:
    assert len(samples()) >= 5


@pytest.mark.parametrize(("line", "code", "expected"), samples(), ids=[f"rl.md:{s[0]}" for s in samples()])
def test_rl_sample_prints_what_the_page_shows(line: int, code: str, expected: str) -> None:
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout == expected, f"docs/rl.md:{line}: the sample prints something else"


def test_the_layout_table_is_the_layouts_description() -> None:
    assert layout(load_ruleset("schnapsen")).describe() in PAGE.read_text(encoding="utf-8")
