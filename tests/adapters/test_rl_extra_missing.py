"""Importing an adapter without the ``rl`` extra says which package is missing and how to
install it: Python's own ``No module named 'numpy'`` named neither the extra nor the command,
where ``rules serve`` and ``rules play --web`` name theirs (docs/rl.md, "Install").

Each import runs in a fresh interpreter in which the package is made missing (``None`` in
``sys.modules``, as an uninstalled one), so the tests run whether or not the extra is installed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOW = "pip install 'sixty-six-rules[rl]' (in a checkout: pip install '.[rl]', with -e if you installed with -e)"


def import_without(module: str, missing: str) -> subprocess.CompletedProcess[str]:
    script = (
        f"import sys; sys.modules[{missing!r}] = None\n"
        "try:\n"
        f"    import {module}\n"
        "except ModuleNotFoundError as exc:\n"
        "    print(type(exc).__name__, exc.name, str(exc), sep='|')\n"
    )
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)


@pytest.mark.parametrize(
    ("module", "missing"),
    [
        ("interpreter.adapters.pettingzoo", "numpy"),
        ("interpreter.adapters.pettingzoo", "pettingzoo"),
        ("interpreter.adapters.openspiel", "pyspiel"),
    ],
)
def test_an_adapter_without_its_extra_names_the_package_and_the_command(module: str, missing: str) -> None:
    out = import_without(module, missing)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"ModuleNotFoundError|{missing}|{module} needs the rl extra, and {missing} is not installed: {HOW}"
    if missing == "numpy":  # docs/rl.md's sample
        sample = f"ModuleNotFoundError: {module} needs the rl extra, and numpy is not installed: {HOW}"
        assert sample in (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")


def test_the_engine_imports_without_the_extra() -> None:
    out = subprocess.run(
        [sys.executable, "-c", "import sys; sys.modules['numpy'] = None; import interpreter, interpreter.adapters; print('ok')"],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=False,
    )
    assert out.stdout.strip() == "ok", out.stderr
