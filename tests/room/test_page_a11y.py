"""The card room for a person who uses the keyboard, a screen reader or asks for less motion,
checked in headless Chromium (one browser and one ``rules serve`` for the whole module: one
tour, then each promise checked against what it saw).  The lobby's controls are named each by its
own words, its refusal is an alert and an open table takes the focus to its links; at the
table the focus stays on a card while the table is drawn anew after each move, the page's
news (a close, the connection lost and back) reaches a polite live region, the trump and
talon and the trick are named regions, a closed turn-up keeps WCAG's 4.5:1 for its red rank,
and no card glides where motion is reduced.  Skipped, with the reason, where Chromium is not
installed."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from browser_tour import js, until, web_module
from servetools import Server

from cli.room.cards import RED

#: after each draw of the page: its change, hand, seat to act and the focused element
LOG = """(() => {
  window.drawLog = [];
  const drawn = window.draw;
  window.draw = () => {
    drawn();
    const e = document.activeElement;
    drawLog.push({ seq: state.seq, hand: [...state.hand], toAct: state.to_act, you: state.you,
      focus: e.dataset.card || e.id || e.tagName });
  };
  return true;
})()"""

#: the seat's own state again, the talon closed by the seat and a red king turned up (the
#: connection closed first, so that the server's next state does not replace it)
CLOSED = """(() => {
  socket.onclose = null; socket.close();
  const s = JSON.parse(JSON.stringify(state));
  s.turn_up = "KH"; s.trump = "H"; s.talon = 3; s.closed = true; s.closer = s.you;
  receive(s);
  return true;
})()"""

NEWS = "[...document.querySelectorAll('#news p')].map(p => p.textContent)"


async def ax_nodes(browser: Any) -> list[tuple[str, str, dict[str, Any]]]:
    """The page's accessibility tree as Chromium gives it to a screen reader: role, name and
    properties of every node not ignored."""
    nodes = (await browser.send("Accessibility.getFullAXTree"))["nodes"]
    return [(n.get("role", {}).get("value", ""), n.get("name", {}).get("value", ""),
             {p["name"]: p["value"].get("value") for p in n.get("properties", [])}) for n in nodes if not n.get("ignored")]


async def soon(browser: Any, expression: str, timeout: float = 5.0) -> Any:
    """The expression's value once it is true, or its last value after ``timeout`` seconds (a
    page without the fix gives the test something to fail on, not a timeout of the tour)."""
    try:
        return await until(browser, expression, expression, timeout)
    except AssertionError:
        return await js(browser, expression)


async def lobby(browser: Any, base: str, seen: dict[str, Any]) -> str:
    await browser.open(base + "/")
    await until(browser, "the lobby's rulesets", "document.querySelectorAll('#ruleset option').length > 5")
    await browser.send("Accessibility.enable")
    seen["radios"] = sorted(name for role, name, _ in await ax_nodes(browser) if role == "radio")
    await js(browser, "document.querySelector('input[value=house]').checked = true; document.getElementById('create').click(); true")
    await until(browser, "the refusal", "!document.getElementById('problem').hidden")
    seen["alerts"] = [name for role, name, _ in await ax_nodes(browser) if role == "alert"]
    seen["alert_text"] = await js(browser, "document.getElementById('problem').textContent")
    await js(browser, "document.querySelector('input[value=bundled]').checked = true; document.getElementById('seat-1').value = 'greedy'; true")
    await js(browser, "document.getElementById('create').click()")
    link: str = await until(browser, "the seats' links", "document.querySelector('#link-list a') && document.querySelector('#link-list a').href")
    seen["lobby_focus_in_links"] = await js(browser, "document.getElementById('links').contains(document.activeElement)")
    return link


async def play_a_card(browser: Any, seen: dict[str, Any]) -> None:
    """Focus the first legal card that has a card after it, press it, and log every draw until
    the seat is to act again (the bot has answered or led) or the deal is over."""
    await until(browser, "the seat's turn", "state && state.to_act === state.you && document.querySelectorAll('.hand-card.legal').length > 0")
    await js(browser, LOG)
    seen["hand_before"] = await js(browser, "[...state.hand]")
    seen["played"] = await js(browser, """(() => {
      const cards = [...document.querySelectorAll('.hand-card')];
      const card = cards.find((c, k) => c.classList.contains('legal') && k < cards.length - 1);
      card.focus(); card.click();
      return card.dataset.card; })()""")
    # the server sends nothing more once the seat is to act: every draw of the move is logged then
    await until(browser, "the seat's turn again", "drawLog.some(d => !d.hand.includes(%r)) && "
                "(document.getElementById('summary').open || state.to_act === state.you)" % seen["played"], 30)
    seen["draws"] = await js(browser, "drawLog")


async def table(browser: Any, link: str, seen: dict[str, Any]) -> None:
    await browser.open(link)
    await until(browser, "the hand", "document.querySelectorAll('.hand-card').length === 5")
    await play_a_card(browser, seen)
    # the focus elsewhere (the help button): a state drawn again leaves it there
    seen["help_focus"] = await js(browser, "document.getElementById('help-button').focus(); receive(JSON.parse(JSON.stringify(state))); document.activeElement.id")
    # the news so far (a bot's move may have put a marriage there): the drop adds its own
    seen["news_before"] = await js(browser, NEWS)
    await js(browser, "socket.close(); true")  # as a network drop: the page opens the link again
    seen["news_lost"] = await soon(browser, f"{NEWS}.includes('connected again') && {NEWS}")
    await until(browser, "the connection back", "socket.readyState === WebSocket.OPEN")
    seen["regions"] = [(role, name) for role, name, _ in await ax_nodes(browser) if name in ("trump and talon", "the trick")]
    seen["news_live"] = await js(browser, "(e => e && [e.getAttribute('role'), e.getAttribute('aria-live')])(document.getElementById('news'))")
    await js(browser, CLOSED)
    seen["news_closed"] = await js(browser, NEWS)
    seen["turn_up"] = await js(browser, """(() => { const e = document.querySelector('.turn-up'); const s = getComputedStyle(e);
      return { alt: e.alt, filter: s.filter, opacity: s.opacity, outline: s.outlineStyle }; })()""")
    await browser.send("Emulation.setEmulatedMedia", features=[{"name": "prefers-reduced-motion", "value": "reduce"}])
    seen["transition"] = await js(browser, "getComputedStyle(document.querySelector('.hand-card')).transitionDuration")


def the_lobbys_radios_are_named_by_their_own_words(seen: dict[str, Any]) -> None:
    """Not "A house file Choose File: No file chosen": the list and the file field have labels
    of their own."""
    assert seen["radios"] == ["A bundled ruleset", "A house file"]


def the_lobbys_refusal_is_an_alert_and_an_open_table_takes_the_focus(seen: dict[str, Any]) -> None:
    assert seen["alert_text"] == "Choose a house file first."
    assert len(seen["alerts"]) == 1, seen["alerts"]
    assert seen["lobby_focus_in_links"] is True


def the_focus_stays_on_a_card_while_the_table_is_drawn_anew(seen: dict[str, Any]) -> None:
    """The card pressed leaves the hand: the focus goes to the card that takes its place (the
    next one), and stays on it at every later draw while it is in the hand (the bot's card, the
    trick taken, a card drawn) -- never back to the page's body."""
    draws, played, before = seen["draws"], seen["played"], seen["hand_before"]
    assert played in before[:-1]
    gone = next(k for k, d in enumerate(draws) if played not in d["hand"])
    assert all(d["focus"] == played for d in draws[:gone]), draws
    place = before.index(played)
    first = draws[gone]
    assert first["focus"] == first["hand"][min(place, len(first["hand"]) - 1)], draws
    for d in draws[gone + 1:]:
        if first["focus"] in d["hand"]:
            assert d["focus"] == first["focus"], draws
        else:
            assert d["focus"] in d["hand"], draws


def a_redraw_leaves_the_focus_where_it_was_when_not_in_the_hand(seen: dict[str, Any]) -> None:
    assert seen["help_focus"] == "help-button"


def the_news_region_says_the_connection_lost_and_back_and_a_close(seen: dict[str, Any]) -> None:
    # the region keeps its last three lines: the drop's two are the newest, said once each
    assert "connection lost: trying again…" not in seen["news_before"]
    assert seen["news_lost"][-2:] == ["connection lost: trying again…", "connected again"]
    assert seen["news_lost"].count("connection lost: trying again…") == 1
    assert seen["news_closed"][-1] == "the talon is closed by you"
    assert seen["news_live"] == ["status", "polite"]


def the_trump_and_talon_and_the_trick_are_named_regions(seen: dict[str, Any]) -> None:
    roles = dict((name, role) for role, name in seen["regions"])
    assert roles == {"trump and talon": "region", "the trick": "region"}
    assert seen["turn_up"]["alt"] == "turn-up: king of hearts"


def luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0-255 a channel)."""
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def a_closed_turn_up_keeps_its_red_rank_readable(seen: dict[str, Any]) -> None:
    """The card's red ink on its white face, both dimmed by the closed turn-up's brightness
    filter (the only filter allowed here: another would need its own sum), at least 4.5:1; and
    "closed" is shown by more than the dimming (a frame)."""
    style = seen["turn_up"]
    assert style["opacity"] == "1"
    found = re.fullmatch(r"brightness\(([\d.]+)\)", style["filter"])
    assert found is not None, style["filter"]
    dim = float(found.group(1))
    red = (dim * int(RED[1:3], 16), dim * int(RED[3:5], 16), dim * int(RED[5:7], 16))
    white = (dim * 255, dim * 255, dim * 255)
    ratio = (luminance(white) + 0.05) / (luminance(red) + 0.05)
    assert ratio >= 4.5, f"{ratio:.2f}:1 under {style['filter']}"
    assert style["outline"] != "none"


def no_card_glides_where_less_motion_is_asked_for(seen: dict[str, Any]) -> None:
    assert seen["transition"] == "0s"


#: what the tour must have seen, each a function that fails with the reason
PROMISES: list[Callable[[dict[str, Any]], None]] = [
    the_lobbys_radios_are_named_by_their_own_words,
    the_lobbys_refusal_is_an_alert_and_an_open_table_takes_the_focus,
    the_focus_stays_on_a_card_while_the_table_is_drawn_anew,
    a_redraw_leaves_the_focus_where_it_was_when_not_in_the_hand,
    the_news_region_says_the_connection_lost_and_back_and_a_close,
    the_trump_and_talon_and_the_trick_are_named_regions,
    a_closed_turn_up_keeps_its_red_rank_readable,
    no_card_glides_where_less_motion_is_asked_for,
]


def test_the_page_for_the_keyboard_a_screen_reader_and_less_motion(tmp_path: Path) -> None:
    """One tour, then every promise below checked against what it saw (one test, not one per
    promise: under pytest-xdist each worker would start its own browser and server); every
    broken promise is reported, not only the first."""
    web = web_module()
    server = Server(tmp_path, bot_delay=0.3)
    seen: dict[str, Any] = {}
    try:
        async def go(browser: Any) -> None:
            link = await lobby(browser, server.base, seen)
            await table(browser, link, seen)

        web.run_in_browser(go, 1100, 760, timeout=120)
    finally:
        server.stop()
    broken = []
    for promise in PROMISES:
        try:
            promise(seen)
        except AssertionError as exc:
            broken.append(f"{promise.__name__}: {exc}")
    assert not broken, "\n".join(broken)
