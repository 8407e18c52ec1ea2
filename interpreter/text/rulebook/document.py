"""The rulebook as a small document (headings, paragraphs, lists, tables), and its renderers.

Sections are built once and rendered as Markdown (:func:`to_markdown`) or as a standalone
HTML page (:func:`to_html`), so both always say the same thing.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

@dataclass
class Section:
    heading: str
    blocks: list[tuple[Any, ...]] = field(default_factory=list)

    def p(self, *sentences: str) -> None:
        text = " ".join(s for s in sentences if s)
        if text:
            self.blocks.append(("p", text))

    def ul(self, items: list[str], *, quoted: bool = False) -> None:
        """A bulleted list; ``quoted`` for items that quote the file (a title as written), whose
        backticks are characters, not the rulebook's marks of code."""
        self.blocks.append(("ul", list(items), quoted))

    def ol(self, items: list[str], *, quoted: bool = False) -> None:
        """A numbered list (``quoted`` as for :meth:`ul`)."""
        self.blocks.append(("ol", list(items), quoted))

    def table(self, header: list[str], rows: list[list[str]]) -> None:
        self.blocks.append(("table", list(header), [list(r) for r in rows]))


@dataclass
class Doc:
    title: str
    intro: list[str]
    sections: list[Section]


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def to_markdown(doc: Doc) -> str:
    out = [f"# {doc.title}", ""]
    for para in doc.intro:
        out += [para, ""]
    for section in doc.sections:
        out += [f"## {section.heading}", ""]
        for block in section.blocks:
            kind = block[0]
            if kind == "p":
                out.append(block[1])
            elif kind == "ul":
                out += [f"- {item}" for item in block[1]]
            elif kind == "ol":
                out += [f"{i}. {item}" for i, item in enumerate(block[1], 1)]
            elif kind == "table":
                header, rows = block[1], block[2]
                out.append("| " + " | ".join(_md_cell(h) for h in header) + " |")
                out.append("|" + "|".join("---" for _ in header) + "|")
                out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows]
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def _inline_html(text: str) -> str:
    """Escape text for HTML; backquoted spans become <code> (the rulebook's own marks: text
    quoted from the file is escaped alone, its backticks kept as written)."""
    parts = text.split("`")
    out = []
    for i, part in enumerate(parts):
        escaped = html.escape(part, quote=False)
        out.append(f"<code>{escaped}</code>" if i % 2 else escaped)
    return "".join(out)


_CSS = (
    # overflow-wrap: a long unbroken word (a description, a quoted formula) wraps inside the
    # column instead of widening the page past the window
    "body{font-family:Georgia,serif;max-width:46em;margin:2em auto;padding:0 1em;line-height:1.5;color:#222;overflow-wrap:anywhere}"
    "h1,h2{font-family:Helvetica,Arial,sans-serif}"
    "table{border-collapse:collapse;margin:.5em 0}"
    "th,td{border:1px solid #999;padding:.25em .6em;text-align:left;vertical-align:top}"
    "code{background:#f2f2f2;padding:0 .2em}"
)


def to_html(doc: Doc) -> str:
    def e(text: str) -> str:
        return html.escape(text, quote=False)

    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(doc.title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        "<main>",
        "<header>",
        f"<h1>{e(doc.title)}</h1>",
    ]
    out += [f"<p>{_inline_html(p)}</p>" for p in doc.intro]
    out.append("</header>")
    for section in doc.sections:
        out.append("<section>")
        out.append(f"<h2>{e(section.heading)}</h2>")
        for block in section.blocks:
            kind = block[0]
            if kind == "p":
                out.append(f"<p>{_inline_html(block[1])}</p>")
            elif kind in ("ul", "ol"):
                out.append(f"<{kind}>")
                inline = e if block[2] else _inline_html
                out += [f"<li>{inline(item)}</li>" for item in block[1]]
                out.append(f"</{kind}>")
            elif kind == "table":
                header, rows = block[1], block[2]
                out.append("<table>")
                out.append("<thead><tr>" + "".join(f"<th>{_inline_html(h)}</th>" for h in header) + "</tr></thead>")
                out.append("<tbody>")
                out += ["<tr>" + "".join(f"<td>{_inline_html(c)}</td>" for c in row) + "</tr>" for row in rows]
                out.append("</tbody>")
                out.append("</table>")
        out.append("</section>")
    out += ["</main>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


