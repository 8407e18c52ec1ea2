"""``rules describe --format html`` in a narrow window: the viewport meta (a phone lays the
page out at its own width, not a desktop's 980 px) and a long unbroken word (a 2,000-character
description made the page 16,265 px wide) wrapped inside the column."""

from __future__ import annotations

from pathlib import Path

import pytest
from clitools import invoke


def test_the_describe_page_wraps_a_long_word_and_fits_a_narrow_window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "long.yaml").write_text(f"extends: schnapsen\nname: long\ntitle: Long\ndescription: {'x' * 2000}\n", encoding="utf-8")
    out = invoke(["describe", "long.yaml", "--format", "html"])
    assert out.exit_code == 0, out.stderr
    page = out.stdout
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page.splitlines()[:6]
    body = page.split("<style>", 1)[1].split("}", 1)[0]
    assert body.startswith("body{") and "overflow-wrap:anywhere" in body
    assert "x" * 2000 in page
