"""rules analyse --html: the page of the hand-worked endgame (tests/play/test_analysis.py) --
its decisions, cards, values, basis and line, the chart's marks, nothing asked of another
server -- stepped through in Chromium; a file it may not write is refused before the work."""

from __future__ import annotations

import asyncio
import importlib.util
import re
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from typing import Any

from typer.testing import CliRunner

from cli.main import app
from test_analyse_cli import ENDGAME

runner = CliRunner()
TESTS = Path(__file__).resolve().parent.parent


class Page(HTMLParser):
    """The parts of the page a test looks at: each decision's section with its text and the
    classes of its cards, the chart's marks, and every address the page would load."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: list[dict[str, Any]] = []
        self.marks: list[dict[str, str]] = []
        self.addresses: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "section":
            self.sections.append({"id": a["id"], "grade": a["data-grade"], "text": "", "cards": []})
        elif tag == "span" and "card" in a.get("class", "").split() and self.sections:
            self.sections[-1]["cards"].append((a["title"], set(a["class"].split()) - {"card"}))
        elif tag == "a" and a.get("class") == "mark":
            self.marks.append(a)
        elif tag == "script":
            self.scripts += 1
            assert "src" not in a
        for name in ("src", "href"):
            if name in a and not a[name].startswith("#"):
                self.addresses.append(a[name])

    def handle_data(self, data: str) -> None:
        if self.sections:
            self.sections[-1]["text"] += data


def page_of(tmp_path: Path) -> tuple[str, Path]:
    record = tmp_path / "end.yaml"
    record.write_text(ENDGAME, encoding="utf-8")
    page = tmp_path / "end.html"
    out = runner.invoke(app, ["analyse", str(record), "--iters", "50", "--html", str(page)])
    assert out.exit_code == 0, out.output
    assert out.stderr.endswith(f"analysis page written to {page}\n")
    return page.read_text(encoding="utf-8"), page


def test_the_page_shows_each_decision_with_its_cards_values_basis_and_line(tmp_path: Path) -> None:
    text, _ = page_of(tmp_path)
    page = Page()
    page.feed(text)
    first, second = page.sections
    assert (first["id"], first["grade"], second["id"], second["grade"]) == ("d0", "blunder", "d1", "")
    # the hand worked out by hand: AH played (loses the last trick, -1), KS best (+1)
    assert first["cards"] == [("AH", {"played"}), ("KS", {"best"})]
    assert "played AH -1.00; best KS +1.00, loss 2.00" in first["text"]
    for action, value in (("play KS", "+1.00"), ("play AH", "-1.00"), ("declare", "-2.00")):
        assert f"{action}{value}" in first["text"]
    assert "exact over the only hand the opponent can hold" in first["text"]
    assert "with the cards as they lay: you KS, opponent AS, opponent TH, you AH" in first["text"]
    assert "pointsyou 40, opponent 44; tricks: you 4, opponent 4" in first["text"]
    assert second["cards"] == [("KS", {"played", "best"})] and "played KS -1.00 -- the best move" in second["text"]
    # the chart: one mark per decision, the blunder in its colour, each leading to its section
    assert [(m["href"], m["data-i"]) for m in page.marks] == [("#d0", "0"), ("#d1", "1")]
    assert 'fill="#c62828"' in text.split('data-i="0"')[1].split("</a>")[0]
    assert page.addresses == [] and page.scripts == 1, "the page loads nothing from anywhere"


def test_a_file_the_page_may_not_replace_is_refused_before_the_analysis(tmp_path: Path) -> None:
    record = tmp_path / "end.yaml"
    record.write_text(ENDGAME, encoding="utf-8")
    out = runner.invoke(app, ["analyse", str(record), "--html", str(record)])
    assert out.exit_code == 2 and out.stdout == ""
    assert out.stderr.startswith(f"error: --html: {record} ") and out.stderr.rstrip().endswith("; choose another file")
    assert record.read_text(encoding="utf-8") == ENDGAME
    nowhere = runner.invoke(app, ["analyse", str(record), "--html", str(tmp_path / "no" / "page.html")])
    assert nowhere.exit_code == 2 and nowhere.stdout == ""


def web_module() -> ModuleType:
    """tests/table/test_web.py, whose Browser drives Chromium (tests is no package)."""
    spec = importlib.util.spec_from_file_location("test_web_for_analysis", TESTS / "table" / "test_web.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_steps_through_the_decisions_in_a_browser(tmp_path: Path) -> None:
    _, path = page_of(tmp_path)
    web = web_module()
    seen: list[Any] = []

    async def go(browser: Any) -> None:
        async def shown() -> Any:
            expression = ("[...document.querySelectorAll('section.decision')].filter(s => !s.hidden).map(s => s.id)"
                          ".concat([document.getElementById('where').textContent])")
            answer = await browser.send("Runtime.evaluate", expression=expression, returnByValue=True)
            return answer["result"].get("value")  # nothing while the page is still loading

        async def key(name: str, code: int) -> None:
            for kind in ("rawKeyDown", "keyUp"):
                await browser.send("Input.dispatchKeyEvent", type=kind, key=name, code=name, windowsVirtualKeyCode=code)

        await browser.open(path.as_uri())
        for _ in range(300):
            if await shown() == ["d0", "decision 1 of 2"]:
                break
            await asyncio.sleep(0.1)
        seen.append(await shown())
        for _ in range(20):  # a key sent before the new page has focus is dropped: pressed again then
            await key("ArrowRight", 39)  # (a key delivered is handled before the press returns: none counts twice)
            if await shown() != ["d0", "decision 1 of 2"]:
                break
            await asyncio.sleep(0.1)
        seen.append(await shown())
        await key("ArrowRight", 39)  # the last: it stays
        seen.append(await shown())
        await browser.send("Runtime.evaluate", expression="document.querySelector('.mark[data-i=\"0\"]').dispatchEvent(new MouseEvent('click', {bubbles: true}))")
        seen.append(await shown())

    web.run_in_browser(go, 1000, 800, timeout=60)
    assert seen == [["d0", "decision 1 of 2"], ["d1", "decision 2 of 2"], ["d1", "decision 2 of 2"], ["d0", "decision 1 of 2"]]


def test_each_seat_has_its_own_chart_for_its_values_are_its_own_sides(tmp_path: Path) -> None:
    """Analysing both seats of a deal: seat 0's +1 is seat 1's -1, so one line through both
    seats' decisions zigzagged between the two points of view.  Each seat gets its own chart,
    and a chart's marks lead only to that seat's decisions."""
    from test_analyse_cli import record

    path = record(tmp_path)
    page = tmp_path / "both.html"
    out = runner.invoke(app, ["analyse", str(path), "--iters", "20", "--html", str(page)])
    assert out.exit_code == 0, out.output
    text = page.read_text(encoding="utf-8")
    parsed = Page()
    parsed.feed(text)
    seat_of = {int(s["id"][1:]): int(s["text"].split(": seat ")[1][0]) for s in parsed.sections}
    assert set(seat_of.values()) == {0, 1}
    charts = text.split('<svg class="chart"')[1:]
    assert len(charts) == 2 and "Seat 0's decisions" in text and "Seat 1's decisions" in text
    for seat, chart in enumerate(charts):
        marks = [int(m) for m in re.findall(r'data-i="(\d+)"', chart.split("</svg>")[0])]
        assert marks and {seat_of[m] for m in marks} == {seat}
    assert sorted(m for c in charts for m in re.findall(r'data-i="(\d+)"', c.split("</svg>")[0])) == sorted(map(str, seat_of))


def test_a_page_with_no_decision_says_so(tmp_path: Path) -> None:
    from cli.analyse_html import analysis_page
    from interpreter.rules.loader import load_ruleset

    text = analysis_page([], load_ruleset("schnapsen"), "empty.yaml")
    assert "No decision to show." in text and 'class="chart"' not in text
    assert "if (!sections.length) { return; }" in text  # the stepper stays hidden: no "decision 1 of 0"


def test_a_move_as_good_as_the_best_is_named_best_in_the_text_the_json_and_the_page() -> None:
    """The move played and another valued 2.0 and 2.0000000000000004 (the same value, but for
    the last bit of a float): the move played is the best one -- the line says ``best`` alone,
    the JSON names it best with no loss, and the page frames its card as both (the solid green
    frame) and tags its row, not the other's, ``(best)``."""
    import pytest

    from cli.analyse import _as_dict, _line
    from cli.analyse_html import analysis_page
    from interpreter.engine.state import DealState
    from interpreter.play import analysis
    from interpreter.play.record import DealRecord, Record
    from interpreter.rules.loader import load_ruleset
    from interpreter.search.ismcts import SearchResult

    rs = load_ruleset("schnapsen")
    state = DealState.new(rs, 1, 5)
    first, second = state.legal_codes()[:2]
    played, other = str(rs.action_of[first]), str(rs.action_of[second])
    assert played.startswith("play ") and other.startswith("play ")
    rec = Record(rs, [DealRecord(state, [rs.action_of[first]], None, ())])
    result = SearchResult(second, {first: 500, second: 500}, {first: 2.0, second: 2.0000000000000004}, 1000, False)
    mp = pytest.MonkeyPatch()
    try:
        mp.setattr(analysis, "ismcts", lambda *a, **k: result)
        mp.setattr(analysis, "KEPT_TURNS", 0)
        (report,) = analysis.analyse_record(rec, iterations=1000)
    finally:
        mp.undo()
    assert _line(report, rs).endswith("+2.00  best")
    data = _as_dict(report)
    assert (data["best"], data["loss"], data["grade"]) == (played, 0.0, None)
    page = Page()
    page.feed(analysis_page([report], rs, "tie.yaml"))
    (section,) = page.sections
    classes = dict(section["cards"])
    assert classes[played.removeprefix("play ")] == {"played", "best"}
    assert classes[other.removeprefix("play ")] == set()
    assert "the best move" in section["text"]
    html = analysis_page([report], rs, "tie.yaml")
    assert f'<tr class="played best"><td>{played}</td>' in html and f'<tr class=""><td>{other}</td>' in html


def test_a_page_in_a_folder_where_no_file_can_be_made_is_refused_before_the_analysis(tmp_path: Path, monkeypatch: Any) -> None:
    """/proc exists and, to root, looks writable (its permission bits are no help: os.access
    is made to say yes here for any user), but no file can be made in it: the page is refused
    at once -- nothing on stdout, no analysis run -- not after the whole analysis."""
    import os

    import pytest

    if not Path("/proc").is_dir():
        pytest.skip("no /proc here")
    record = tmp_path / "end.yaml"
    record.write_text(ENDGAME, encoding="utf-8")
    from interpreter.play import analysis

    def no_analysis(*args: object, **kwargs: object) -> None:
        raise AssertionError("the analysis ran")

    monkeypatch.setattr(analysis, "analyse_decision", no_analysis)
    monkeypatch.setattr(os, "access", lambda *args, **kwargs: True)
    out = runner.invoke(app, ["analyse", str(record), "--iters", "20", "--html", "/proc/page.html"])
    assert out.exit_code == 2 and out.stdout == ""
    assert out.stderr.startswith("error: --html: /proc/page.html cannot be written: ") and out.stderr.endswith("; choose another file\n")


def made_report(move: int, **fields: Any) -> Any:
    """A decision of seat 0 in deal 1 made up for the page (the page only shows what it is
    given): play AH played, worth 0.0, the best move."""
    from interpreter.play.analysis import MoveReport

    made: dict[str, Any] = dict(deal=1, move=move, seat=0, played="play AH", played_value=0.0, best="play AH", best_value=0.0,
                                loss=0.0, grade="", exact=False, values={"play AH": 0.0, "play KS": -0.5}, iterations=100)
    made.update(fields)
    return MoveReport(**made)


def test_an_uncertain_verdict_is_said_in_one_pair_of_brackets() -> None:
    """The verdict's words carry their own brackets: ``uncertain (loss 0.67, play QC searched 16
    times)``; the page once wrapped them in another pair."""
    from cli.analyse_html import analysis_page
    from interpreter.rules.loader import load_ruleset

    report = made_report(3, played="play QC", played_value=-0.67, best="play AH", best_value=0.0, loss=0.67, uncertain=True,
                         values={"play AH": 0.0, "play QC": -0.67}, visits={"play AH": 80, "play QC": 16})
    html = analysis_page([report], load_ruleset("schnapsen"), "u.yaml")
    section = html.split('<section class="decision"')[1].split("</section>")[0]
    assert "loss 0.67; uncertain (loss 0.67, play QC searched 16 times)</p>" in section
    assert "((" not in section and "))" not in section


def test_the_page_says_what_each_value_rests_on_and_the_contract(tmp_path: Path) -> None:
    """The page says what the text says: the close worth the next decision's best value, exact
    over 56 hands, where the decision's own values are estimated (test_analyse_cli works the
    count); and, in North American 66, the contract seat 1 won the auction with."""
    from test_analyse_cli import KEPT_TURN, NA_CONTRACT

    texts = []
    for name, made in (("kept", KEPT_TURN), ("na", NA_CONTRACT)):
        path = tmp_path / f"{name}.yaml"
        path.write_text(made, encoding="utf-8")
        page_path = tmp_path / f"{name}.html"
        out = runner.invoke(app, ["analyse", str(path), "--iters", "300" if name == "kept" else "20", "--html", str(page_path)])
        assert out.exit_code == 0, out.output
        page = Page()
        page.feed(page_path.read_text(encoding="utf-8"))
        texts.append([s["text"] for s in page.sections])
    kept, na = texts
    (close,) = [text for text in kept if "Deal 1, move 8: seat 1" in text]
    assert ("valuesestimated by 300 searches over the hands the opponent may hold; close: the next decision's best value "
            "(the turn kept), exact over the 56 hands the opponent can still hold, each counted once") in close
    named = {0: "seat 1", 1: "you", 2: "seat 1", 3: "partner"}  # seat 1 declared: each seat names him from its side
    calls = plays = 0
    for text in na:
        seat = int(re.findall(r"move \d+: seat (\d)", text)[0])
        if "in the auction" in text:
            calls += 1
            assert "contract" not in text
        else:
            plays += 1
            assert f"contract{named[seat]}, 2 (66 points)" in text
    assert calls and plays


def test_the_address_follows_the_decision_shown_after_quick_stepping(tmp_path: Path) -> None:
    """200 steps in a row (a key held down) once replaced the address at every step, which
    the browser throttles: the address stayed at an earlier decision than the one shown.  It
    is now set once the stepping pauses, to the decision shown: after 195 steps right through
    40 decisions (to the last, index 39) and 5 left, decision 35 is shown and the address is
    #d34."""
    from cli.analyse_html import analysis_page
    from interpreter.rules.loader import load_ruleset

    path = tmp_path / "many.html"
    path.write_text(analysis_page([made_report(k + 1) for k in range(40)], load_ruleset("schnapsen"), "many.yaml"), encoding="utf-8")
    web = web_module()
    seen: list[Any] = []

    async def go(browser: Any) -> None:
        async def evaluate(expression: str) -> Any:
            answer = await browser.send("Runtime.evaluate", expression=expression, returnByValue=True)
            return answer["result"].get("value")

        shown = "[document.querySelector('section.decision:not([hidden])')?.id, location.hash]"
        await browser.open(path.as_uri())
        for _ in range(300):  # the page loaded and its first decision shown, its address set
            if await evaluate(shown) == ["d0", "#d0"]:
                break
            await asyncio.sleep(0.1)
        keys = "['ArrowRight'].concat(Array(194).fill('ArrowRight'), Array(5).fill('ArrowLeft'))"
        await evaluate(f"{keys}.forEach(k => document.dispatchEvent(new KeyboardEvent('keydown', {{key: k}}))); 0")
        for _ in range(100):  # wait for the address to settle: the test asserts what it settles on
            now = await evaluate(shown)
            if now[1] != "#d0":
                await asyncio.sleep(0.5)  # past the pause the page waits for, and any late replacement
                break
            await asyncio.sleep(0.1)
        seen.append(await evaluate(shown))

    web.run_in_browser(go, 1000, 800, timeout=60)
    assert seen == [["d34", "#d34"]]


def test_the_loss_shown_is_the_difference_of_the_values_shown() -> None:
    """Values -0.66 and +0.1251 unrounded: shown -0.66 and +0.13, so the line says loss 0.79 --
    the unrounded loss, 0.7851, was shown as 0.78 beside them, a line that did not add up.
    (The grade is the analysis's, given here.)"""
    from cli.analyse_html import analysis_page
    from cli.analysis_words import verdict_words
    from interpreter.rules.loader import load_ruleset

    rs = load_ruleset("schnapsen")
    report = made_report(7, played="play QC", played_value=-0.66, best="play AH", best_value=0.1251, loss=0.7851,
                         grade="mistake", values={"play AH": 0.1251, "play QC": -0.66})
    assert verdict_words(report, rs) == "mistake (loss 0.79)"
    section = analysis_page([report], rs, "u.yaml").split('<section class="decision"')[1].split("</section>")[0]
    assert "best <b>AH</b> +0.13, loss 0.79" in section


class Cards(HTMLParser):
    """The cards drawn (each ``<symbol>``'s id) and shown (each ``<use>``'s address, with the
    role and name of the ``<svg>`` around it)."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn: list[str] = []
        self.shown: list[tuple[str, str, str]] = []
        self.svg: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "svg":
            self.svg = a
        elif tag == "symbol":
            self.drawn.append(a["id"])
        elif tag == "use":
            self.shown.append((a["href"], self.svg.get("role", ""), self.svg.get("aria-label", "")))


def test_each_card_is_drawn_once_and_shown_by_name_wherever_it_appears(tmp_path: Path) -> None:
    """The endgame's page shows AH and KS in the first decision's hand and KS again in the
    second's: two pictures drawn, three uses of them, each an image named by its card (a page
    of ten deals was once 1.1 MB, four fifths of it the same card pictures over and over)."""
    text, _ = page_of(tmp_path)
    cards = Cards()
    cards.feed(text)
    assert sorted(cards.drawn) == ["card-AH", "card-KS"]
    assert cards.shown == [("#card-AH", "img", "AH"), ("#card-KS", "img", "KS"), ("#card-KS", "img", "KS")]
    assert text.count("<symbol") == 2 and text.count('aria-hidden="true" style="position: absolute') == 1
