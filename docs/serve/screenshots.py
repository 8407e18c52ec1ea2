"""Make the pictures of docs/serve.md again: the card room's lobby, a table mid-deal and a
deal's summary, as headless Chromium shows them (1100 x 760).

    .venv/bin/python docs/serve/screenshots.py

It starts ``rules serve`` on 127.0.0.1 with a fresh data folder and takes the tour of
tests/room/browser_tour.py (the same steps the browser test checks).  Chromium: Debian's
``apt-get install chromium``.  The deal is shuffled anew each time, so the cards differ.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests" / "room")]

from browser_tour import tour, web_module  # noqa: E402
from servetools import Server  # noqa: E402


def main() -> None:
    web = web_module()
    executable = web.find_chromium()
    if executable is None:
        sys.exit("Chromium is not installed (Debian: apt-get install chromium)")
    with tempfile.TemporaryDirectory() as data:
        server = Server(Path(data), bot_delay=0.05)
        try:
            async def go() -> None:
                async with web.Browser(executable, 1100, 760) as browser:
                    await tour(browser, server.base, HERE)

            import asyncio

            asyncio.run(go())
        finally:
            server.stop()
    for name in ("lobby", "table", "summary"):
        print(HERE / f"{name}.png")


if __name__ == "__main__":
    main()
