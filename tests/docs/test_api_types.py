"""docs/api.md's ``play_match`` sample type-checks under ``mypy --strict``.

Written as most users write it -- ``agents = [RandomBot(...), GreedyBot(...)]`` -- the list
was inferred as ``list[object]`` and refused as play_match's ``Sequence[Agent]``: the page
now annotates it ``list[Agent]``.  The other samples are left untyped for reading (mypy
--strict over them all would ask for annotations that say nothing to a reader); this one is
the sample a bot author copies.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.docs.test_api_samples import samples

REPO = Path(__file__).resolve().parents[2]


def test_the_play_match_sample_passes_mypy_strict(tmp_path: Path) -> None:
    found = [code for page, _, code, _ in samples() if page == "api.md" and "play_match(rs, agents" in code]
    assert len(found) == 1
    sample = tmp_path / "play_match_sample.py"
    sample.write_text(found[0], encoding="utf-8")
    env = {**os.environ, "MYPYPATH": str(REPO)}
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull, str(sample)],
        cwd=REPO, capture_output=True, text=True, timeout=600, env=env,
    )
    assert out.returncode == 0, out.stdout + out.stderr
