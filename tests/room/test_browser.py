"""The card room in a real browser: headless Chromium opens the lobby, opens a table against a
bot, plays a whole deal by clicking cards, reads the summary and deals the next deal
(tests/room/browser_tour.py).  Every request of the page goes to 127.0.0.1.  The lobby sends a
house file as the bytes on disk.  Skipped, with the reason, where Chromium is not installed
(Debian: ``apt-get install chromium``)."""

from __future__ import annotations

import json
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


def choose_file(name: str, raw: bytes) -> str:
    """A script that puts a file of these bytes in the lobby's file field, as a person picking it
    would (the field's change event included)."""
    return (f"(() => {{ const dt = new DataTransfer(); dt.items.add(new File([new Uint8Array({list(raw)})], {json.dumps(name)}));"
            " const input = document.getElementById('house'); input.files = dt.files;"
            " input.dispatchEvent(new Event('change')); return true; })()")


def test_the_lobby_sends_a_house_file_as_it_is_on_disk(tmp_path: Path) -> None:
    """A Latin-1 file is refused with the words of rules validate (the browser once decoded it
    itself, and the server kept U+FFFD for its umlauts); a UTF-8 file named as a download
    folder names it is taken, and the lobby says the name it is kept under."""
    from browser_tour import js, until

    web = web_module()
    server = Server(tmp_path, bot_delay=0.05)
    text = "extends: schnapsen\nname: h\n# Grüße aus Kärnten\nmatch:\n  target: 3\n"
    seen: dict[str, Any] = {}
    try:
        async def go(browser: Any) -> None:
            await browser.open(server.base + "/")
            await until(browser, "the lobby's rulesets", "document.querySelectorAll('#ruleset option').length > 5")
            await js(browser, choose_file("hausregeln (1).yaml", text.encode("cp1252")))
            seen["refused"] = await until(browser, "the refusal", "!document.getElementById('problem').hidden && document.getElementById('problem').textContent")
            await js(browser, choose_file("Meine Regeln.yaml", text.encode("utf-8")))
            seen["kept"] = await until(browser, "the kept name", "!document.getElementById('house-name').hidden && document.getElementById('house-name').textContent")
            seen["problem_hidden"] = await js(browser, "document.getElementById('problem').hidden")
            await js(browser, "document.getElementById('create').click()")
            seen["rules"] = await until(browser, "the open table", "!document.getElementById('links').hidden && document.getElementById('table-rules').textContent")

        web.run_in_browser(go, 1100, 760, timeout=60)
    finally:
        server.stop()
    assert seen["refused"] == "hausregeln (1).yaml:3:5: the file is not valid UTF-8 (invalid start byte) (expected a file saved as UTF-8)"
    assert seen["kept"] == "Kept on the server as Meine-Regeln.yaml." and seen["problem_hidden"]
    assert seen["rules"] == "Schnapsen (Meine-Regeln.yaml)"
    kept = list(tmp_path.glob("tables/*/Meine-Regeln.yaml"))
    assert len(kept) == 1 and kept[0].read_bytes() == text.encode("utf-8")


def test_the_lobby_says_why_a_busy_room_refuses_a_table(tmp_path: Path) -> None:
    """The room refuses a table with 503 when it is full and 429 when the address has opened
    too many (the page's own fetch is answered here: a real room would need 500 tables); the
    lobby shows the reason of each, and the status when a proxy answers with a page of its own."""
    from browser_tour import js, until

    web = web_module()
    server = Server(tmp_path, bot_delay=0.05)
    answers = [
        (503, {"Retry-After": "60", "Content-Type": "application/json"}, json.dumps({"error": "full", "why": "the room has 500 tables in play; try again when one has finished"})),
        (429, {"Content-Type": "application/json"}, json.dumps({"error": "full", "why": "100 tables opened from your address are in play; finish one first"})),
        (502, {"Content-Type": "text/html"}, "<html><body>502 Bad Gateway</body></html>"),
    ]
    shown = []
    try:
        async def go(browser: Any) -> None:
            await browser.open(server.base + "/")
            await until(browser, "the lobby's rulesets", "document.querySelectorAll('#ruleset option').length > 5")
            for status, headers, body in answers:
                await js(browser, f"""(() => {{
                    const real = window.realFetch || window.fetch; window.realFetch = real;
                    window.fetch = (url, options) => url === "/api/tables"
                        ? Promise.resolve(new Response({json.dumps(body)}, {{status: {status}, statusText: {json.dumps("Bad Gateway" if status == 502 else "")}, headers: {json.dumps(headers)}}}))
                        : real(url, options);
                    document.getElementById('problem').hidden = true;
                    document.getElementById('create').click();
                    return true; }})()""")
                shown.append(await until(browser, f"the reason of a {status}", "!document.getElementById('problem').hidden && document.getElementById('problem').textContent"))

        web.run_in_browser(go, 1100, 760, timeout=60)
    finally:
        server.stop()
    assert shown == [json.loads(answers[0][2])["why"], json.loads(answers[1][2])["why"], "The server answered 502 Bad Gateway."]
