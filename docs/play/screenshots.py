"""Make the pictures of docs/play.md again: the card table in a terminal and in a browser.

    .venv/bin/python docs/play/screenshots.py            # all of them
    .venv/bin/python docs/play/screenshots.py terminal   # only the terminal's

The terminal's are Textual's own SVG screenshots (headless, 110 x 32 cells), drawn as PNG by
headless Chromium with the monospace font textual-serve ships, so that showing them needs no
web font. The browser's is Chromium looking at ``rules play --web``. Chromium (Debian:
``apt-get install chromium``) is driven as in tests/table/test_web.py. The matches are
seeded, so the same cards come out each time.
"""

from __future__ import annotations

import asyncio
import importlib.util
import math
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO))

from cli.table.app import TableApp, TableOptions  # noqa: E402
from cli.table.dialogs import DealSummary  # noqa: E402

SIZE = (110, 32)
SEED = 5


def load_test_helpers() -> Any:
    """tests/table/test_web.py, whose Browser drives Chromium (loaded by path: tests is no package)."""
    spec = importlib.util.spec_from_file_location("test_web", REPO / "tests" / "table" / "test_web.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def roboto_mono() -> Path:
    """The monospace font textual-serve ships (its page uses it too)."""
    import textual_serve

    return Path(textual_serve.__file__).parent / "static" / "fonts" / "RobotoMono-VariableFont_wght.ttf"


async def svgs_to_png(svgs: list[Path], width: int) -> None:
    """Each SVG as a PNG ``width`` pixels wide, drawn by Chromium with a font from this machine
    (the SVG's own font comes from the internet; rsvg-convert spaces its text wrongly)."""
    web = load_test_helpers()
    executable = web.find_chromium()
    if executable is None:
        sys.exit("Chromium is needed to draw the pictures (Debian: apt-get install chromium)")
    face = f'@font-face {{ font-family: "Fira Code"; font-weight: 100 700; src: url("{roboto_mono().as_uri()}"); }}'
    async with web.Browser(executable) as browser:
        for svg in svgs:
            text = svg.read_text(encoding="utf-8")
            text = re.sub(r"@font-face\s*\{[^}]*\}", "", text)
            text = text.replace("<style>", "<style>\n    " + face, 1)
            local = svg.with_suffix(".local.svg")
            local.write_text(text, encoding="utf-8")
            box = re.search(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"', text)
            assert box is not None, f"{svg}: no viewBox"
            browser.width, browser.height = math.ceil(float(box[1])), math.ceil(float(box[2]))
            await browser.send("Emulation.setDeviceMetricsOverride", width=browser.width, height=browser.height, deviceScaleFactor=1, mobile=False)
            await browser.open(local.as_uri())
            await asyncio.sleep(0.3)
            await browser.send("Runtime.evaluate", expression="document.fonts.ready.then(() => true)", awaitPromise=True)
            await asyncio.sleep(0.2)
            await browser.screenshot(svg.with_suffix(".png"), scale=width / browser.width)


async def settle(pilot: Any, rounds: int = 6) -> None:
    for _ in range(rounds):
        await pilot.pause()


async def terminal_pictures(folder: Path, work: Path) -> list[Path]:
    """The start screen, a deal in practice mode with a hint, and a deal's summary."""
    made = []
    options = TableOptions("schnapsen", "search:easy", SEED, True, work / "match.yaml", 0.0)
    app = TableApp(options)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.save_screenshot("start.svg", str(work))
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("1")  # lead a card: the bot answers, the trick is taken, both draw
        await settle(pilot, 12)
        await pilot.press("h")  # practice mode: what would the search bot play?
        await settle(pilot, 12)
        app.save_screenshot("table.svg", str(work))
        for _ in range(200):  # play the deal out: the first card each time that is allowed
            if isinstance(app.screen, DealSummary):
                break
            for key in "12345":
                await pilot.press(key)
                await settle(pilot, 3)
                if isinstance(app.screen, DealSummary):
                    break
        assert isinstance(app.screen, DealSummary), "the deal did not end"
        await settle(pilot)
        app.save_screenshot("summary.svg", str(work))
    names = ("start", "table", "summary")
    await svgs_to_png([work / f"{name}.svg" for name in names], 1000)
    for name in names:
        out = folder / f"terminal-{name}.png"
        shutil.move(work / f"{name}.png", out)
        made.append(out)
    return made


def browser_pictures(folder: Path, work: Path) -> list[Path]:
    """The table in Chromium, served by ``rules play --web``."""
    web = load_test_helpers()
    executable = web.find_chromium()
    if executable is None:
        print("no Chromium (Debian: apt-get install chromium): the browser picture is not made", file=sys.stderr)
        return []
    out = folder / "browser-table.png"
    table = web.WebTable(work, "schnapsen", "--opponent", "search:easy", "--seed", str(SEED), "--bot-delay", "0")

    async def shoot(browser: Any) -> None:
        await browser.open(table.url)
        await browser.wait_for_text("Start (Enter)")
        await browser.press("Enter")
        await browser.wait_for_text("Your turn")
        await browser.press("1")
        await browser.wait_for_text("the trick")
        await browser.settle(1.0)
        await browser.screenshot(out)
        await browser.press("q")

    async def main() -> None:
        async with web.Browser(executable, 1100, 620) as browser:
            await asyncio.wait_for(shoot(browser), 60)

    try:
        asyncio.run(main())
    finally:
        table.stop()
    return [out]


def main(which: list[str]) -> None:
    made: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        if not which or "terminal" in which:
            made += asyncio.run(terminal_pictures(HERE, work))
        if not which or "browser" in which:
            made += browser_pictures(HERE, work)
    for path in made:
        print(f"{path.relative_to(REPO)}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main(sys.argv[1:])
