"""room.js run in Node with the few browser objects it touches stubbed: a page's keys can then
be pressed against a state message written by hand, and what the page sends, asks or tells is
read back.  Cheaper than Chromium and runs where Chromium does not; the tests that use it are
skipped, saying why, where Node is not installed."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

PAGE = Path(__file__).resolve().parents[2] / "cli" / "room" / "static" / "room.js"

# The stubs: every element is one object that takes any property and any call; a dialog's
# showModal notes what it showed; the socket records what the page sends.
STUBS = r"""
const vm = require("vm");
const fs = require("fs");
const seen = { sent: [], told: [], asked: [], shown: [], presence: [] };
function element(id) {
  const e = { id, tagName: String(id).toUpperCase(), hidden: true, dataset: {}, style: {}, children: [], attrs: {}, text: "",
    classList: { add(c) { e.className = (e.className ? e.className + " " : "") + c; } },
    appendChild(child) { e.children.push(child); return child; }, addEventListener() {},
    setAttribute(k, v) { e.attrs[k] = String(v); }, getAttribute(k) { return e.attrs[k]; },
    insertRow() { return { insertCell() { return {}; } }; },
    showModal() { seen.shown.push(id); this.open = true; }, close() { this.open = false; }, open: false };
  Object.defineProperty(e, "textContent", { configurable: true,
    get() { return e.text + e.children.map(c => c.textContent || "").join(""); },
    set(v) { e.text = String(v); e.children = []; } });
  return e;
}
// What a drawn element shows: its words, class, picture's alt, attributes and children.
function shape(e) {
  if (!e || typeof e !== "object") return e;
  return { tag: e.tagName, text: e.text, className: e.className || "", alt: e.alt, hidden: e.hidden, attrs: e.attrs,
    children: (e.children || []).map(shape) };
}
const elements = {};
const told = element("told");
Object.defineProperty(told, "textContent", { set(v) { seen.told.push(v); }, get() { return ""; } });
elements.told = told;
const confirmText = element("confirm-text");
Object.defineProperty(confirmText, "textContent", { set(v) { seen.asked.push(v); }, get() { return ""; } });
elements["confirm-text"] = confirmText;
const presenceLine = element("presence");
Object.defineProperty(presenceLine, "textContent", { set(v) { seen.presence.push(v); }, get() { return ""; } });
elements.presence = presenceLine;
const document = {
  getElementById(id) { return elements[id] || (elements[id] = element(id)); },
  querySelector() { return null; }, addEventListener() {}, createElement: element,
  createTextNode(text) { return { textContent: text, text }; }, title: "",
};
class WebSocket { constructor() { this.readyState = 1; } send(text) { seen.sent.push(JSON.parse(text)); } }
WebSocket.OPEN = 1;
const context = vm.createContext({ document, WebSocket, location: { pathname: "/t/TOKEN", protocol: "http:", host: "x" },
  setTimeout() {}, console, JSON, Map, Set, Number, String, Math, Object, Array });
vm.runInContext(fs.readFileSync(process.argv[1], "utf-8"), context);
const input = JSON.parse(fs.readFileSync(0, "utf-8"));
context.__state = input.state;
vm.runInContext("state = __state;", context);
for (const message of input.messages || []) {
  vm.runInContext(`receive(${JSON.stringify(message)})`, context);
}
if (input.draw) vm.runInContext("draw()", context);
for (const key of input.keys) {
  const target = input.focus ? { tagName: input.focus } : null;
  vm.runInContext(`onKey({ key: ${JSON.stringify(key)}, ctrlKey: false, altKey: false, metaKey: false, target: ${JSON.stringify(target)} })`, context);
}
for (const card of input.clicks || []) {
  vm.runInContext(`pickCard(${JSON.stringify(card)})`, context);
}
seen.away = vm.runInContext("state.away", context);
seen.drawn = {};
for (const id of input.read || []) seen.drawn[id] = shape(elements[id]);
process.stdout.write(JSON.stringify(seen));
"""


def press(state: dict[str, Any], *keys: str, messages: tuple[dict[str, Any], ...] = (), focus: str | None = None,
          clicks: tuple[str, ...] = ()) -> dict[str, list[Any]]:
    """What the page does when ``keys`` are pressed with ``state`` shown (after it has received
    ``messages``), with an element of the tag ``focus`` focused (``BUTTON``), and then the hand's
    cards ``clicks`` clicked: the messages it sends (``sent``), the questions it asks first
    (``asked``), what it tells (``told``), the words of its presence line (``presence``) and the
    seats it holds away (``away``)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed (Debian: apt-get install nodejs)")
    done = subprocess.run([node, "-e", STUBS, "--", str(PAGE)], input=json.dumps({"state": state, "keys": list(keys), "messages": list(messages), "focus": focus, "clicks": list(clicks)}),
                          capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    result: dict[str, list[Any]] = json.loads(done.stdout)
    return result


def drawn(state: dict[str, Any], *ids: str, messages: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    """The page's elements ``ids`` as room.js draws ``state`` (then receives ``messages``): each
    a tree of ``tag``, ``text``, ``className``, ``alt``, ``hidden``, ``attrs`` and ``children``."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed (Debian: apt-get install nodejs)")
    done = subprocess.run([node, "-e", STUBS, "--", str(PAGE)],
                          input=json.dumps({"state": state, "keys": [], "messages": list(messages), "draw": True, "read": list(ids)}),
                          capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result
