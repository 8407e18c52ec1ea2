"""Every ``--json`` output is ASCII, whatever the encoding of stdout.

A consumer reads JSON as UTF-8 (RFC 8259); bytes in the stream's own encoding (cp1252 on
Windows for a file or a pipe) are not UTF-8 once a title holds an umlaut.  ``run``,
``replay``, ``list`` and the others wrote ``\\u`` escapes already; ``validate --json`` and
``diff --json`` wrote raw cp1252 bytes, which ``json.loads(bytes)`` refused.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from clitools import RULES

TITLE = "Dreierschnapsen für Größere ♠♥ — Тройка"


def _house(tmp_path: Path) -> Path:
    house = tmp_path / "Ümlaut-♠.yaml"
    house.write_text(f'extends: schnapsen\nname: umlaut\ntitle: "{TITLE}"\n', encoding="utf-8")
    return house


def _json_bytes(args: list[str]) -> bytes:
    """stdout of ``rules ARGS`` with stdout in cp1252, as bytes (checked: ASCII only)."""
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    out = subprocess.run([str(RULES), *args], capture_output=True, env=env, timeout=120)
    assert (out.returncode, out.stderr) == (0, b"")
    assert out.stdout.isascii(), out.stdout
    return out.stdout


def test_validate_json_is_ascii_under_cp1252(tmp_path: Path) -> None:
    report = json.loads(_json_bytes(["validate", "--json", str(_house(tmp_path))]))
    assert report["title"] == TITLE
    assert report["file"].endswith("Ümlaut-♠.yaml")


def test_diff_json_is_ascii_under_cp1252(tmp_path: Path) -> None:
    changes = json.loads(_json_bytes(["diff", "--json", "schnapsen", str(_house(tmp_path))]))
    assert [(c["path"], c["old"], c["new"]) for c in changes] == [("name", "Schnapsen", TITLE)]
