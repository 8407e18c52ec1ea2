"""The card room in a real browser: headless Chromium opens the lobby, opens a table against a
bot, plays a whole deal by clicking cards, reads the summary and deals the next deal
(tests/room/browser_tour.py).  Every request of the page goes to 127.0.0.1.  Skipped, with
the reason, where Chromium is not installed (Debian: ``apt-get install chromium``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_tour import tour, web_module
from servetools import Server


def test_a_deal_is_played_by_clicking_cards(tmp_path: Path) -> None:
    web = web_module()
    server = Server(tmp_path, bot_delay=0.05)
    seen: dict[str, Any] = {}
    try:
        async def go(browser: Any) -> None:
            seen.update(await tour(browser, server.base))

        web.run_in_browser(go, 1100, 760, timeout=120)
    finally:
        server.stop()
    assert len(seen["hand"]) == 5 and seen["images"], "five cards drawn from the server's SVG"
    assert seen["clicks"] >= 1 and seen["summary"] and seen["summary_hands"] == 2
    outside = [url for url in seen["requests"] if not url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:", "data:"))]
    assert outside == [], "the page asked something of another server"
