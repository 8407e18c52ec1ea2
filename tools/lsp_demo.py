#!/usr/bin/env python3
"""Show what an editor gets from schema/ruleset.schema.json through yaml-language-server.

The script starts the YAML language server (the one behind VS Code's Red Hat YAML extension,
and the usual choice in Neovim, Helix, Emacs, Zed, Sublime LSP, ...), talks the Language
Server Protocol to it over stdio, opens small rule files that name the project's schema in a
``# yaml-language-server: $schema=...`` modeline, and prints what an editor would show:

* completion of the keys of ``closing:`` and of the values of ``closing.timing``;
* hover text of a key;
* the diagnostics published for a file with a misspelled key and a wrong enum value;
* the diagnostics of the bundled rulesets as they are on disk (their relative modelines);
* completion and validation through a ``yaml.schemas`` setting instead of a modeline;
* which JSON Schema draft 2020-12 keywords the server enforces (a throwaway probe schema).

It needs only Python 3.11 and Node.js; the server is not a project dependency::

    npm install --prefix /tmp/lsp yaml-language-server
    python tools/lsp_demo.py --server /tmp/lsp/node_modules/yaml-language-server

``--server`` (or the environment variable YAML_LS) is the package directory, its
``bin/yaml-language-server`` file, or a directory whose ``node_modules`` holds the package.
The exit status is 0 when every check passed, 1 when a check failed, 2 when the server could
not be started or stopped answering.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_IN_WORKSPACE = Path("schema") / "ruleset.schema.json"

COMPLETION_KINDS = {
    1: "text", 2: "method", 3: "function", 4: "constructor", 5: "field", 6: "variable",
    7: "class", 8: "interface", 9: "module", 10: "property", 11: "unit", 12: "value",
    13: "enum", 14: "keyword", 15: "snippet", 16: "color", 17: "file", 18: "reference",
    19: "folder", 20: "enum member", 21: "constant", 22: "struct", 23: "event",
    24: "operator", 25: "type parameter",
}
SEVERITIES = {1: "error", 2: "warning", 3: "info", 4: "hint"}


class LspError(Exception):
    """The server answered a request with an error, died, or did not answer in time."""


class LspTimeout(LspError):
    pass


# --------------------------------------------------------------------------- the client
@dataclass
class Published:
    """One textDocument/publishDiagnostics notification."""

    at: float
    version: int | None
    diagnostics: list[dict[str, Any]]


@dataclass
class LspClient:
    """A minimal LSP client: Content-Length framing over the server's stdin/stdout."""

    argv: list[str]
    settings: Callable[[str], Any]  # section name -> value for workspace/configuration
    workspace: Path
    trace: bool = False
    proc: subprocess.Popen[bytes] | None = None
    _next_id: int = 0
    _write_lock: threading.Lock = field(default_factory=threading.Lock)
    _pending: dict[int, queue.Queue[dict[str, Any]]] = field(default_factory=dict)
    _pending_lock: threading.Lock = field(default_factory=threading.Lock)
    _diag_cond: threading.Condition = field(default_factory=threading.Condition)
    diagnostics: dict[str, list[Published]] = field(default_factory=dict)
    server_requests: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    stderr_lines: list[str] = field(default_factory=list)
    closed: bool = False

    # ---- process and framing
    def start(self) -> None:
        self.proc = subprocess.Popen(
            self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _send(self, message: dict[str, Any]) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        if self.trace:
            print(f"--> {body[:300].decode('utf-8', 'replace')}", file=sys.stderr)
        with self._write_lock:
            try:
                self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
                self.proc.stdin.flush()
            except (BrokenPipeError, OSError) as exc:
                raise LspError(f"cannot write to the server: {exc}") from exc

    def _read_stdout(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        out = self.proc.stdout
        try:
            while True:
                length = None
                while True:  # headers up to the blank line
                    line = out.readline()
                    if not line:
                        return
                    line = line.strip()
                    if not line:
                        break
                    name, _, value = line.decode("ascii", "replace").partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value.strip())
                if length is None:
                    continue
                body = out.read(length)
                if len(body) < length:
                    return
                self._dispatch(json.loads(body.decode("utf-8")))
        finally:
            self.closed = True
            with self._pending_lock:
                for slot in self._pending.values():
                    slot.put({"error": {"code": -32099, "message": "server closed its output"}})
            with self._diag_cond:
                self._diag_cond.notify_all()

    def _read_stderr(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        for raw in self.proc.stderr:
            self.stderr_lines.append(raw.decode("utf-8", "replace").rstrip())

    def _dispatch(self, msg: dict[str, Any]) -> None:
        if self.trace:
            print(f"<-- {json.dumps(msg)[:300]}", file=sys.stderr)
        if "method" in msg and "id" in msg:  # a request from the server
            self.server_requests.append(msg["method"])
            try:
                result = self._answer(msg["method"], msg.get("params"))
                self._send({"id": msg["id"], "result": result})
            except KeyError:
                self._send({"id": msg["id"], "error": {"code": -32601, "message": "not handled"}})
        elif "method" in msg:  # a notification
            method, params = msg["method"], msg.get("params") or {}
            if method == "textDocument/publishDiagnostics":
                with self._diag_cond:
                    self.diagnostics.setdefault(params["uri"], []).append(
                        Published(time.monotonic(), params.get("version"), params["diagnostics"])
                    )
                    self._diag_cond.notify_all()
            elif method in ("window/logMessage", "window/showMessage"):
                self.log.append(str(params.get("message", "")))
        else:  # a response to one of our requests
            with self._pending_lock:
                slot = self._pending.pop(msg.get("id"), None)  # type: ignore[arg-type]
            if slot is not None:
                slot.put(msg)

    def _answer(self, method: str, params: Any) -> Any:
        """What a well-behaved editor answers to the server's requests."""
        if method == "workspace/configuration":
            return [self.settings(item.get("section", "")) for item in params.get("items", [])]
        if method == "workspace/workspaceFolders":
            return [{"uri": self.workspace.as_uri(), "name": self.workspace.name}]
        if method in (
            "client/registerCapability",
            "client/unregisterCapability",
            "window/workDoneProgress/create",
            "window/showMessageRequest",
            "workspace/codeLens/refresh",
            "workspace/diagnostic/refresh",
            "custom/schema/request",  # only for schemas an editor extension supplies itself
        ):
            return None
        raise KeyError(method)

    # ---- requests
    def request(self, method: str, params: Any, timeout: float) -> Any:
        if self.closed:
            raise LspError(f"{method}: the server has exited")
        with self._pending_lock:
            self._next_id += 1
            ident = self._next_id
            slot: queue.Queue[dict[str, Any]] = queue.Queue(1)
            self._pending[ident] = slot
        self._send({"id": ident, "method": method, "params": params})
        try:
            msg = slot.get(timeout=timeout)
        except queue.Empty:
            with self._pending_lock:
                self._pending.pop(ident, None)
            self._send({"method": "$/cancelRequest", "params": {"id": ident}})
            raise LspTimeout(f"{method}: no answer within {timeout:g} s") from None
        if "error" in msg:
            err = msg["error"]
            raise LspError(f"{method}: {err.get('message')} (code {err.get('code')})")
        return msg.get("result")

    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "yaml", "version": version, "text": text}},
        )

    def close(self, uri: str) -> None:
        self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    def wait_diagnostics(self, uri: str, timeout: float, settle: float = 0.6) -> list[dict[str, Any]]:
        """The last diagnostics published for ``uri`` once no new set came for ``settle`` s."""
        deadline = time.monotonic() + timeout
        with self._diag_cond:
            while not self.diagnostics.get(uri):
                left = deadline - time.monotonic()
                if left <= 0 or self.closed:
                    raise LspTimeout(f"no diagnostics published for {uri} within {timeout:g} s")
                self._diag_cond.wait(left)
            while True:
                last = self.diagnostics[uri][-1]
                quiet = settle - (time.monotonic() - last.at)
                if quiet <= 0 or time.monotonic() >= deadline:
                    return last.diagnostics
                self._diag_cond.wait(quiet)

    def reconfigure(self, timeout: float) -> None:
        """Tell the server the settings changed and wait until it has pulled them again."""
        before = self.server_requests.count("workspace/configuration")
        self.notify("workspace/didChangeConfiguration", {"settings": None})
        deadline = time.monotonic() + timeout
        while self.server_requests.count("workspace/configuration") == before:
            if time.monotonic() > deadline or self.closed:
                raise LspTimeout(f"the server did not pull its settings within {timeout:g} s")
            time.sleep(0.05)
        time.sleep(0.2)  # let it apply them (the schema associations are reloaded asynchronously)

    def stop(self) -> None:
        if self.proc is None:
            return
        try:
            if not self.closed:
                self.request("shutdown", None, timeout=2)
                self.notify("exit", None)
        except LspError:
            pass
        try:
            self.proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# --------------------------------------------------------------------------- helpers
def server_argv(node: str, server: str) -> list[str]:
    path = Path(server).expanduser()
    candidates = [
        path,
        path / "bin" / "yaml-language-server",
        path / "node_modules" / "yaml-language-server" / "bin" / "yaml-language-server",
    ]
    for cand in candidates:
        if cand.is_file():
            return [node, str(cand), "--stdio"]
    raise LspError(
        f"no yaml-language-server at {server} "
        "(give the package directory, e.g. /tmp/lsp/node_modules/yaml-language-server)"
    )


def server_version(bin_file: str) -> str:
    """The version in the package.json beside bin/ (old servers have no --version)."""
    try:
        package = json.loads((Path(bin_file).parent.parent / "package.json").read_text(encoding="utf-8"))
        return str(package.get("version", "?"))
    except (OSError, ValueError):
        return "?"


def yaml_settings(schemas: dict[str, Any]) -> dict[str, Any]:
    """The ``yaml`` settings section: what VS Code's settings.json would say."""
    return {
        "validate": True,
        "completion": True,
        "hover": True,
        "format": {"enable": False},
        "schemas": schemas,
        # no network needed: the catalogue of schemastore.org and the Kubernetes CRDs stay off
        "schemaStore": {"enable": False},
        "kubernetesCRDStore": {"enable": False},
    }


def position_after(text: str, marker: str) -> dict[str, int]:
    """The LSP position just after the first occurrence of ``marker`` (UTF-16 = ASCII here)."""
    index = text.index(marker) + len(marker)
    before = text[:index]
    return {"line": before.count("\n"), "character": len(before) - (before.rfind("\n") + 1)}


def position_of(text: str, word: str, line_prefix: str) -> dict[str, int]:
    """The position one character into ``word`` on the first line starting with ``line_prefix``."""
    for number, line in enumerate(text.splitlines()):
        if line.startswith(line_prefix) and word in line:
            return {"line": number, "character": line.index(word) + 1}
    raise ValueError(f"{word!r} not found")


def plain(doc: Any) -> str:
    """Documentation (a string or MarkupContent) as plain text."""
    if doc is None:
        return ""
    if isinstance(doc, dict):
        doc = doc.get("value", "")
    if isinstance(doc, list):
        doc = "\n".join(plain(d) for d in doc)
    return str(doc)


def one_line(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if width <= 0 or len(text) <= width else text[: width - 1] + "…"


def items_of(result: Any) -> list[dict[str, Any]]:
    if result is None:
        return []
    if isinstance(result, dict):
        return list(result.get("items", []))
    return list(result)


def number_lines(text: str) -> str:
    return "\n".join(f"  {n:>3} | {line}" for n, line in enumerate(text.splitlines(), 1))


def describe_diags(diags: list[dict[str, Any]], lines: list[str], indent: str = "  ") -> str:
    """Diagnostics in line order; the source line and a marker under each range shown once."""
    out: list[str] = []

    def start_of(diag: dict[str, Any]) -> tuple[int, int]:
        return diag["range"]["start"]["line"], diag["range"]["start"]["character"]

    ordered = sorted(diags, key=start_of)
    for index, diag in enumerate(ordered):
        start, end = diag["range"]["start"], diag["range"]["end"]
        sev = SEVERITIES.get(diag.get("severity", 1), "?")
        source = f" [{diag['source']}]" if diag.get("source") else ""
        message = " ".join(str(diag.get("message", "")).split())
        out.append(f"{indent}{start['line'] + 1}:{start['character'] + 1} {sev}: {message}{source}")
        last_at_range = index + 1 == len(ordered) or ordered[index + 1]["range"] != diag["range"]
        if last_at_range and 0 <= start["line"] < len(lines):
            text = lines[start["line"]]
            stop = end["character"] if end["line"] == start["line"] else len(text)
            width = max(1, stop - start["character"])
            out.append(f"{indent}      {text}")
            out.append(f"{indent}      {' ' * start['character']}{'^' * width}")
    return "\n".join(out)


class Report:
    """Collects PASS/FAIL lines for the summary and the exit status."""

    def __init__(self) -> None:
        self.checks: list[tuple[bool, str]] = []

    def check(self, ok: bool, what: str) -> bool:
        self.checks.append((ok, what))
        print(f"  {'PASS' if ok else 'FAIL'}: {what}")
        return ok

    @staticmethod
    def section(title: str) -> None:
        print()
        print(title)
        print("=" * len(title))


# --------------------------------------------------------------------------- the demo
HOUSE_KEYS = """\
{modeline}
# house rules: Schnapsen with a stricter closing
extends: schnapsen
name: kitchen-schnapsen
closing:
  
"""

HOUSE_VALUE = """\
{modeline}
extends: schnapsen
name: kitchen-schnapsen
closing:
  timing: 
"""

HOUSE_HOVER = """\
{modeline}
extends: schnapsen
name: kitchen-schnapsen
closing:
  timing: before_or_after_draw
  min_talon_size: 4
"""

HOUSE_BAD = """\
{modeline}
extends: schnapsen
name: kitchen-schnapsen
closing:
  timing: after_drawing
  min_tallon_size: 4
"""

@dataclass(frozen=True)
class Probe:
    """One key of the probe document: its value breaks ``keyword`` (or, if ``valid``, satisfies it)."""

    key: str
    keyword: str
    used: bool  # used by ruleset.schema.json
    schema: dict[str, Any]
    value: str
    valid: bool = False


PROBES: list[Probe] = [
    Probe("ref_defs", "$defs + $ref", True, {"$ref": "#/$defs/small"}, "7"),
    Probe("any_of", "anyOf", True, {"anyOf": [{"enum": ["A", "T"]}, {"enum": [9, 8]}]}, "K"),
    Probe("names", "propertyNames", True, {"type": "object", "propertyNames": {"enum": ["A", "T"]}},
          "{Z: 1}"),
    Probe("names_int", "propertyNames, key 9", True,  # as in our schema: the rank both ways
          {"type": "object", "propertyNames": {"enum": ["A", "9", 9]}}, "{9: 1}", valid=True),
    Probe("names_quoted", "propertyNames, key \"9\"", True,
          {"type": "object", "propertyNames": {"enum": ["A", "9"]}}, '{"9": 1}', valid=True),
    Probe("closed", "additionalProperties", True,
          {"type": "object", "properties": {"a": {}}, "additionalProperties": False}, "{b: 1}"),
    Probe("values", "additionalProperties {}", True,
          {"type": "object", "additionalProperties": {"type": "integer"}}, "{a: x}"),
    Probe("nullable", "type [string, null]", True, {"type": ["string", "null"]}, "3"),
    Probe("pattern", "pattern", True, {"type": "string", "pattern": "^[a-z]+$"}, "Bad-Name"),
    Probe("unique", "uniqueItems", True, {"type": "array", "uniqueItems": True}, "[A, A]"),
    Probe("min_items", "minItems", True, {"type": "array", "minItems": 2}, "[A]"),
    Probe("prefix", "prefixItems", False,
          {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}]}, "[x, 1]"),
    Probe("unevaluated", "unevaluatedProperties", False,
          {"type": "object", "properties": {"a": {}}, "unevaluatedProperties": False}, "{a: 1, b: 2}"),
    Probe("dependent", "dependentRequired", False,
          {"type": "object", "dependentRequired": {"a": ["b"]}}, "{a: 1}"),
    Probe("contains", "minContains", False,
          {"type": "array", "contains": {"type": "string"}, "minContains": 2}, "[x, 1]"),
    Probe("const", "const", False, {"const": "x"}, "y"),
    Probe("if_then", "if/then/else", True,
          {"if": {"required": ["a"]}, "then": {"required": ["b"]}, "else": {"required": ["c"]}}, "{a: 1}"),
]
PROBE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {probe.key: probe.schema for probe in PROBES},
    "$defs": {"small": {"type": "integer", "maximum": 3}},
}


@dataclass
class Demo:
    client: LspClient
    report: Report
    timeout: float
    width: int
    workspace: Path

    def uri(self, name: str) -> str:
        # the documents are never written: an editor's unsaved buffer in rulesets/house/
        return (self.workspace / "rulesets" / "house" / name).as_uri()

    def completion(self, uri: str, pos: dict[str, int]) -> list[dict[str, Any]]:
        result = self.client.request(
            "textDocument/completion",
            {"textDocument": {"uri": uri}, "position": pos},
            self.timeout,
        )
        items = items_of(result)
        return sorted(items, key=lambda i: (i.get("sortText") or i["label"], i["label"]))

    def show_items(self, items: list[dict[str, Any]]) -> None:
        for item in items:
            kind = COMPLETION_KINDS.get(item.get("kind", 0), "")
            doc = one_line(plain(item.get("documentation")) or item.get("detail", ""), self.width)
            insert = item.get("insertText") or (item.get("textEdit") or {}).get("newText")
            shown = f"  {item['label']:<22} {kind:<9}"
            if insert and insert != item["label"]:
                shown += f" inserts {json.dumps(insert)}"
            print(shown)
            if doc:
                print(textwrap.indent(textwrap.fill(doc, 96), "      "))

    def keys(self, modeline: str) -> None:
        self.report.section("(a) completion of the keys of `closing:`")
        text = HOUSE_KEYS.format(modeline=modeline)
        uri = self.uri("lsp-demo-keys.yaml")
        self.client.open(uri, text)
        pos = position_after(text, "closing:\n  ")
        print(number_lines(text))
        print(f"  cursor: line {pos['line'] + 1}, column {pos['character'] + 1}\n")
        items = self.completion(uri, pos)
        self.show_items(items)
        labels = {i["label"] for i in items}
        expected = ["enabled", "timing", "min_talon_size", "before_first_trick",
                    "success_basis", "fail_points", "opponent_out"]
        self.report.check(all(k in labels for k in expected),
                          "every key of closing is offered: " + ", ".join(expected))
        by_label = {i["label"]: i for i in items}
        self.report.check(
            "Smallest talon" in plain(by_label.get("min_talon_size", {}).get("documentation")),
            "min_talon_size comes with its schema description",
        )
        self.client.close(uri)

    def values(self, modeline: str) -> None:
        self.report.section("(b) completion of the value of `timing:`")
        text = HOUSE_VALUE.format(modeline=modeline)
        uri = self.uri("lsp-demo-value.yaml")
        self.client.open(uri, text)
        pos = position_after(text, "  timing: ")
        print(number_lines(text))
        print(f"  cursor: line {pos['line'] + 1}, column {pos['character'] + 1}\n")
        items = self.completion(uri, pos)
        self.show_items(items)
        labels = [i["label"] for i in items]
        self.report.check({"after_draw", "before_or_after_draw"} <= set(labels),
                          "the enum values after_draw and before_or_after_draw are offered")
        self.client.close(uri)

    def hover(self, modeline: str) -> None:
        self.report.section("(c) hover")
        text = HOUSE_HOVER.format(modeline=modeline)
        uri = self.uri("lsp-demo-hover.yaml")
        self.client.open(uri, text)
        print(number_lines(text))
        for word, prefix, expect in (
            ("min_talon_size", "  min_talon_size", "Smallest talon"),
            ("timing", "  timing", "When the talon may be closed"),
            ("before_or_after_draw", "  timing", "When the talon may be closed"),
        ):
            pos = position_of(text, word, prefix)
            result = self.client.request(
                "textDocument/hover", {"textDocument": {"uri": uri}, "position": pos}, self.timeout
            )
            shown = plain((result or {}).get("contents")).strip()
            print(f"\n  hover on `{word}` (line {pos['line'] + 1}, column {pos['character'] + 1}):")
            print(textwrap.indent(shown or "(nothing)", "  | ", lambda _line: True))
            self.report.check(expect in shown, f"hover on {word} shows its description")
        self.client.close(uri)

    def diagnostics(self, modeline: str) -> None:
        self.report.section("(d) diagnostics for a misspelled key and a wrong enum value")
        full = (self.workspace / "rulesets" / "schnapsen.yaml").read_text(encoding="utf-8")
        full = modeline + "\n" + full.split("\n", 1)[1]  # the same file, with the file-URI modeline
        full = full.replace("  timing: after_draw ", "  timing: after_drawing", 1)
        full = full.replace("  min_talon_size: 3                  # A7",
                            "  min_tallon_size: 3                 # A7", 1)
        cases = [("a house-rules file (extends: schnapsen)", HOUSE_BAD, "lsp-demo-bad-house.yaml")]
        if "after_drawing" in full and "min_tallon_size" in full:
            cases.append(("rulesets/schnapsen.yaml with the same two mistakes", full,
                          "lsp-demo-bad-full.yaml"))
        else:
            self.report.check(False, "rulesets/schnapsen.yaml has the closing lines this demo edits")
        for label, template, name in cases:
            text = template.format(modeline=modeline) if template is HOUSE_BAD else template
            uri = self.uri(name)
            self.client.open(uri, text)
            diags = self.client.wait_diagnostics(uri, self.timeout)
            print(f"\n{label}:")
            if template is HOUSE_BAD:
                print(number_lines(text))
            else:
                print("  (the whole file; the lines with mistakes:)")
                print("\n".join(f"  {n:>3} | {li}" for n, li in enumerate(text.splitlines(), 1)
                                if n == 1 or "after_drawing" in li or "tallon" in li))
            print(f"  {len(diags)} diagnostic(s):")
            lines = text.splitlines()
            if diags:
                print(describe_diags(diags, lines))
            at = {d["range"]["start"]["line"]: str(d.get("message", "")) for d in diags}
            key_line = next(n for n, li in enumerate(lines) if "min_tallon_size" in li)
            enum_line = next(n for n, li in enumerate(lines) if "after_drawing" in li)
            self.report.check(key_line in at, f"{label}: the misspelled key min_tallon_size is flagged")
            self.report.check(enum_line in at and "after_draw" in at.get(enum_line, ""),
                              f"{label}: the wrong value after_drawing is flagged with the allowed values")
            missing = sorted(d["message"] for d in diags if "Missing property" in str(d.get("message")))
            if template is HOUSE_BAD:
                print(f"  note: {len(missing)} 'Missing property' diagnostic(s) on the extends file"
                      + (": the schema's `required` applies to the merged ruleset, not to the file"
                         if missing else ""))
            else:
                self.report.check(not missing, f"{label}: no 'Missing property' diagnostic")
            self.client.close(uri)

    def bundled(self) -> None:
        self.report.section("(e) the bundled rulesets as they are on disk (relative modelines)")
        files = sorted((self.workspace / "rulesets").rglob("*.yaml"))
        house: list[tuple[str, int]] = []
        for path in files:
            text = path.read_text(encoding="utf-8")
            uri = path.as_uri()
            self.client.open(uri, text)
            diags = self.client.wait_diagnostics(uri, self.timeout)
            rel = path.relative_to(self.workspace)
            first = text.splitlines()[0] if text else ""
            print(f"\n  {rel}  ({first})")
            if not diags:
                print("    no diagnostics")
            lines = text.splitlines()
            if diags:
                print(describe_diags(diags, lines, "    "))
            if any(li.startswith("extends:") for li in lines):
                house.append((str(rel), len(diags)))
            else:
                self.report.check(not diags, f"{rel}: no diagnostics")
            self.client.close(uri)
        if house:
            print("\n  note: diagnostics on the house-rules files (extends:): "
                  + ", ".join(f"{name} {count}" for name, count in house))

    def schemas_setting(self, set_schemas: Callable[[dict[str, Any]], None]) -> None:
        self.report.section("(f) a `yaml.schemas` setting instead of the modeline")
        mapping = {f"./{SCHEMA_IN_WORKSPACE.as_posix()}": ["rulesets/**/*.yaml"]}  # as in settings.json
        print("  settings: yaml.schemas = " + json.dumps(mapping))
        set_schemas(mapping)
        self.client.reconfigure(self.timeout)
        text = HOUSE_KEYS.format(modeline="# (no modeline)")
        inside = self.uri("lsp-demo-setting.yaml")
        outside = (self.workspace / "notes" / "lsp-demo-setting.yaml").as_uri()
        for uri, where, expect in ((inside, "rulesets/house/", True), (outside, "notes/", False)):
            self.client.open(uri, text)
            items = self.completion(uri, position_after(text, "closing:\n  "))
            labels = [i["label"] for i in items]
            print(f"  a file in {where}: completion after `closing:` offers "
                  + (", ".join(labels) if labels else "nothing"))
            got = "timing" in labels
            self.report.check(got == expect, f"yaml.schemas glob rulesets/**/*.yaml "
                              f"{'applies' if expect else 'does not apply'} to a file in {where}")
            self.client.close(uri)
        set_schemas({})
        self.client.reconfigure(self.timeout)

    def probe(self, tmp: Path) -> None:
        self.report.section("(g) draft 2020-12 keywords (a throwaway probe schema)")
        schema_file = tmp / "probe.schema.json"
        schema_file.write_text(json.dumps(PROBE_SCHEMA, indent=2), encoding="utf-8")
        body = "\n".join(f"{probe.key}: {probe.value}" for probe in PROBES)
        text = f"# yaml-language-server: $schema={schema_file.as_uri()}\n{body}\n"
        uri = (tmp / "probe.yaml").as_uri()
        self.client.open(uri, text)
        diags = self.client.wait_diagnostics(uri, self.timeout)
        flagged: dict[int, list[str]] = {}
        for diag in diags:
            flagged.setdefault(diag["range"]["start"]["line"], []).append(
                " ".join(str(diag.get("message", "")).split()))
        print("  each line breaks the keyword named beside it, except the lines `key 9` and\n"
              "  `key \"9\"`, which are valid (property names are strings: \"9\" is allowed);\n"
              "  * = the keyword is used by ruleset.schema.json\n")
        for number, probe in enumerate(PROBES, 1):
            messages = flagged.get(number, [])
            if probe.valid:
                mark = "FALSE ERROR" if messages else "ok (valid)"
            else:
                mark = "enforced" if messages else "IGNORED"
            line = f"{probe.key}: {probe.value}"
            print(f"  {'*' if probe.used else ' '} {probe.keyword:<24} {mark:<11}  {line:<26} "
                  + "; ".join(messages))
            if probe.used:
                what = (f"{probe.keyword}: a valid value is accepted" if probe.valid
                        else f"{probe.keyword} is enforced")
                self.report.check(bool(messages) != probe.valid, what)
        self.client.close(uri)


def run(args: argparse.Namespace) -> int:
    try:
        argv = server_argv(args.node, args.server)
    except LspError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    workspace = Path(args.workspace).resolve()
    schema = workspace / SCHEMA_IN_WORKSPACE
    current_schemas: dict[str, Any] = {}

    def settings(section: str) -> Any:
        if section == "yaml":
            return yaml_settings(current_schemas)
        if section == "http":
            return {"proxy": "", "proxyStrictSSL": False}
        if section == "editor":
            return {"tabSize": 2, "insertSpaces": True}
        if section == "yaml.format":
            return {"enable": False}
        return {}  # "[yaml]" and anything else: no language-specific overrides

    def set_schemas(mapping: dict[str, Any]) -> None:
        current_schemas.clear()
        current_schemas.update(mapping)

    client = LspClient(argv, settings, workspace, trace=args.trace)
    report = Report()
    version = server_version(argv[1])
    print(f"yaml-language-server {version or '?'} ({' '.join(argv)})")
    print(f"schema: {schema}")
    client.start()
    try:
        init = client.request("initialize", {
            "processId": os.getpid(),
            "clientInfo": {"name": "sixty-six lsp_demo", "version": "1"},
            "rootUri": workspace.as_uri(),
            "workspaceFolders": [{"uri": workspace.as_uri(), "name": workspace.name}],
            "capabilities": {
                "workspace": {"configuration": True, "workspaceFolders": True,
                              "didChangeConfiguration": {"dynamicRegistration": True}},
                "textDocument": {
                    "synchronization": {"didSave": False},
                    "completion": {"completionItem": {
                        "snippetSupport": True,
                        "documentationFormat": ["markdown", "plaintext"]}},
                    "hover": {"contentFormat": ["markdown", "plaintext"]},
                    "publishDiagnostics": {"relatedInformation": True},
                },
            },
            "initializationOptions": {},
        }, timeout=args.timeout)
        client.notify("initialized", {})
        caps = init.get("capabilities", {})
        print("server capabilities: " + ", ".join(
            name for name in ("completionProvider", "hoverProvider", "documentSymbolProvider",
                              "codeActionProvider", "documentFormattingProvider")
            if caps.get(name)))
        modeline = f"# yaml-language-server: $schema={schema.as_uri()}"
        print(f"modeline of the demo documents: {modeline}")
        demo = Demo(client, report, args.timeout, args.width, workspace)
        demo.keys(modeline)
        demo.values(modeline)
        demo.hover(modeline)
        demo.diagnostics(modeline)
        demo.bundled()
        demo.schemas_setting(set_schemas)
        with tempfile.TemporaryDirectory(prefix="lsp-demo-") as tmp:
            demo.probe(Path(tmp))
    except LspError as exc:
        print(f"\nerror: {exc}", file=sys.stderr)
        if client.stderr_lines:
            print("server stderr (last lines):\n  " + "\n  ".join(client.stderr_lines[-15:]),
                  file=sys.stderr)
        return 2
    finally:
        client.stop()
    noisy = [m for m in client.log if re.search(r"error|fail", m, re.IGNORECASE)]
    if noisy:
        Report.section("server log messages mentioning errors")
        for message in noisy[:20]:
            print("  " + one_line(message, 200))
    Report.section("summary")
    print(f"  server requests answered: {', '.join(sorted(set(client.server_requests))) or 'none'}")
    failed = [what for ok, what in report.checks if not ok]
    for what in failed:
        print(f"  FAIL: {what}")
    print(f"  {len(report.checks) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default=os.environ.get("YAML_LS"),
                        help="yaml-language-server package directory or bin file (env YAML_LS)")
    parser.add_argument("--node", default="node", help="the Node.js executable (default: node)")
    parser.add_argument("--workspace", default=str(ROOT), help="workspace root (default: project)")
    parser.add_argument("--timeout", type=float, default=20.0,
                        help="seconds to wait for each answer (default: 20)")
    parser.add_argument("--width", type=int, default=0,
                        help="cut descriptions to this many characters (default: 0, no cut)")
    parser.add_argument("--trace", action="store_true", help="print the LSP traffic on stderr")
    args = parser.parse_args()
    if not args.server:
        parser.error("give --server PATH or set YAML_LS "
                     "(npm install --prefix /tmp/lsp yaml-language-server; "
                     "--server /tmp/lsp/node_modules/yaml-language-server)")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
