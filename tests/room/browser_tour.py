"""A person's tour of the card room in headless Chromium: the lobby opens a Schnapsen table
against a bot, the person's link shows the table, a whole deal is played by clicking cards
(and the summary's "Next deal"), the page asks nothing of any other server.

Used by tests/room/test_browser.py and, with a folder for the pictures, by
docs/serve/screenshots.py (the lobby, a table mid-deal and a deal's summary).  Chromium is
driven as in tests/table/test_web.py, whose :class:`Browser` this loads by path.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import time
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent


def web_module() -> ModuleType:
    """tests/table/test_web.py (its Browser drives Chromium; tests is no package)."""
    spec = importlib.util.spec_from_file_location("test_web_for_room", HERE.parent / "table" / "test_web.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def js(browser: Any, expression: str) -> Any:
    """The value of a script run in the page."""
    answer = await browser.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
    if "exceptionDetails" in answer:
        raise AssertionError(f"the page failed {expression!r}: {answer['exceptionDetails']}")
    return answer["result"].get("value")


async def until(browser: Any, what: str, expression: str, timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = await js(browser, expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {what}; the page shows: {await js(browser, 'document.body.innerText')}")
        await asyncio.sleep(0.1)


async def tour(browser: Any, base: str, shots: Path | None = None) -> dict[str, Any]:
    """Play one deal through the pages at ``base``; what was seen, for the test to check."""
    seen: dict[str, Any] = {}
    await browser.open(base + "/")
    await until(browser, "the lobby's rulesets", "document.querySelectorAll('#ruleset option').length > 5")
    await js(browser, "document.getElementById('seat-1').value = 'greedy'")
    if shots is not None:
        await asyncio.sleep(0.3)
        await browser.screenshot(shots / "lobby.png")
    await js(browser, "document.getElementById('create').click()")
    link = await until(browser, "the seats' links", "document.querySelector('#link-list a') && document.querySelector('#link-list a').href")
    seen["link"] = link
    await browser.open(link)
    await until(browser, "the hand", "document.querySelectorAll('.hand-card').length === 5")
    seen["hand"] = await js(browser, "[...document.querySelectorAll('.hand-card')].map(b => b.dataset.card)")
    seen["images"] = await until(browser, "the cards' pictures", "[...document.querySelectorAll('.hand-card img')].every(i => i.complete && i.naturalWidth > 0)")
    clicks = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if await js(browser, "document.getElementById('summary').open"):
            break
        played = await js(browser, """(() => {
            const confirm = document.getElementById('confirm');
            if (confirm.open) { document.getElementById('confirm-no').click(); }
            const card = document.querySelector('.hand-card.legal');
            if (!card) return false;
            card.click();
            return true;
        })()""")
        if played:
            clicks += 1
            if clicks == 3 and shots is not None:
                await asyncio.sleep(0.4)
                await browser.screenshot(shots / "table.png")
        await asyncio.sleep(0.15)
    seen["clicks"] = clicks
    seen["summary"] = await until(browser, "the deal's summary", "document.getElementById('summary').open && document.getElementById('summary-reason').innerText")
    seen["summary_hands"] = await js(browser, "document.querySelectorAll('.summary-hand').length")
    if shots is not None:
        await asyncio.sleep(0.4)
        await browser.screenshot(shots / "summary.png")
    await js(browser, "document.getElementById('next').click()")
    await until(browser, "the next deal", "!document.getElementById('summary').open && document.getElementById('match').innerText.startsWith('deal 2')")
    seen["requests"] = list(browser.requests)
    seen["state"] = json.dumps(seen["hand"])
    return seen
