"""Make the picture of the analysis page in docs/cli.md again (docs/analyse/page.png): the
record and the analysis of docs/cli.md's ``rules analyse`` example, the page written with
``--html`` and shown by headless Chromium at its second decision (900 x 1040).

    .venv/bin/python docs/analyse/screenshot.py

Chromium: Debian's ``apt-get install chromium``.  The page opens at the decision its address
names (``page.html#d1``), and a browser scrolls to it; the picture is taken of a copy that
starts there without scrolling, so that the chart shows above it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
RULES = Path(sys.executable).with_name("rules")


def main() -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("Chromium is not installed (Debian: apt-get install chromium)")
    with tempfile.TemporaryDirectory() as work:
        run = [str(RULES), "run", "schnapsen", "--players", "random,greedy", "--deals", "1", "--seed", "3", "--record", "g.yaml", "--quiet"]
        subprocess.run(run, cwd=work, check=True, stdout=subprocess.DEVNULL)
        analyse = [str(RULES), "analyse", "g.yaml", "--seat", "0", "--iters", "1000", "--brief", "--html", "page.html"]
        subprocess.run(analyse, cwd=work, check=True, stdout=subprocess.DEVNULL)
        page = Path(work) / "page.html"
        text = page.read_text(encoding="utf-8")
        for old, new in (("show(named() || 0, named() === null);", "show(1, true);"), ('history.replaceState(null, "", "#d" + at);', "")):
            if old not in text:
                sys.exit(f"the page's script has changed: no {old!r} to replace; update {__file__}")
            text = text.replace(old, new)
        page.write_text(text, encoding="utf-8")
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={work}/profile",
                        "--window-size=900,1040", f"--screenshot={HERE / 'page.png'}", page.as_uri()],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    print(f"wrote {HERE / 'page.png'}")


if __name__ == "__main__":
    main()
