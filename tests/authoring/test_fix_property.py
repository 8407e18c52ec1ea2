"""``rules validate --fix`` never damages a house file: a property test over many layouts.

Hypothesis writes house files of north-american-4 that hold the removed keys of
:data:`interpreter.rules.migrations.CHANGES` (``bidding.first: dealer_left``,
``match.tie: play_on``) among other keys of the same mapping -- before and after them, on the
same line and on lines of their own -- in block style, in ``{...}`` on one line and spread over
lines (trailing commas, comments after entries), quoted, folded onto the next line, with
other sections and comments around, with LF or CRLF line breaks.  The file's data is built
alongside its text (the model), so the expectations come from the model, not from the
program.  For every file, :func:`~interpreter.rules.migrations.fixed_text`:

* makes every change in the layouts it knows (all here but an explicit ``? key`` among
  others: one alone goes with its mapping), and refuses that one, leaving its text as it was;
* changes nothing at all when it makes no change;
* only deletes characters (nothing is invented, CRLF stays CRLF);
* leaves a file that reads back to the model without the changed keys (a mapping they
  leave empty gone with them) -- every other key with its value and type -- and loads as the
  very ruleset the original loads as.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.rules.loader import ruleset_from_text
from interpreter.rules.migrations import CHANGES, Removed, fixed_text
from interpreter.rules.yamlsource import load_yaml

#: Keys that may stand beside the removed ones, as written and as read.  They are
#: north-american-4's own values or harmless ones, so every file is a valid ruleset.
NEIGHBOURS: dict[str, list[tuple[str, str, Any]]] = {
    "bidding": [
        ("rounds", "single", "single"),
        ("all_pass", "redeal", "redeal"),
        ("values", "[1, 2, 3, 4, 5]", [1, 2, 3, 4, 5]),
        ("partner_rebid_when_overbid", "false", False),
    ],
    "match": [
        ("target", "12", 12),
        ("count", "down", "down"),
        ("negative", "floor_zero", "floor_zero"),
        ("bidder_goes_out", "true", True),
    ],
}
REMOVED = {c.path[0]: c for c in CHANGES if isinstance(c, Removed)}
#: Other sections, around the ones with removed keys (north-american-4's own values).
OTHERS = ["end:\n  last_trick_bonus: 0   # as the base\n", "claim: {enabled: false}\n", "# a comment line\n"]
BLOCK_VALUES = ["{v}", "'{v}'", '"{v}"', "\n    {v}", ">-\n    {v}"]  # how the old value is written
FLOW_VALUES = ["{v}", "'{v}'", '"{v}"']
STYLES = ["block", "explicit", "flow_line", "flow_lines", "flow_mixed"]


@dataclass
class Section:
    """One mapping of the file: its entries (key, text, value) and how it is written."""

    name: str
    entries: list[tuple[str, str, Any]]
    style: str
    old_at: int | None  # the index of the removed key's entry, if it holds one

    @property
    def refused(self) -> bool:
        """An explicit key (``? key``) is left for a person, unless its whole mapping goes."""
        return self.old_at is not None and self.style == "explicit" and len(self.entries) > 1


@st.composite
def sections(draw: st.DrawFn, name: str) -> Section:
    change = REMOVED[name]
    pool = NEIGHBOURS[name]
    chosen = draw(st.lists(st.sampled_from(range(len(pool))), unique=True, max_size=3))
    entries = [pool[i] for i in chosen]
    style = draw(st.sampled_from(STYLES))
    old_at: int | None = None
    if draw(st.booleans()) or not entries:
        old_at = draw(st.integers(0, len(entries)))
        forms = FLOW_VALUES if style.startswith("flow") else BLOCK_VALUES
        written = draw(st.sampled_from(forms)).format(v=change.value)
        entries.insert(old_at, (change.path[1], written, change.value))
    return Section(name, entries, style, old_at)


def render(section: Section, draw: st.DrawFn) -> str:
    """The section as YAML text (LF line breaks)."""
    name, entries = section.name, section.entries

    def comment() -> str:
        return draw(st.sampled_from(["", "   # why"]))

    if section.style in ("block", "explicit"):
        indent = draw(st.sampled_from(["  ", "    "]))
        out = f"{name}:{comment()}\n"
        for k, (key, written, _) in enumerate(entries):
            if draw(st.booleans()):
                out += draw(st.sampled_from(["\n", f"{indent}# a note\n"]))
            written = written.replace("\n    ", "\n" + indent + "  ")
            if section.style == "explicit" and k == section.old_at:
                out += f"{indent}? {key}\n{indent}: {written}\n"
            else:
                out += f"{indent}{key}: {written}{comment() if not written.startswith('>') else ''}\n"
        return out
    trailing = "," if draw(st.booleans()) else ""
    items = [f"{key}: {written}" for key, written, _ in entries]
    if section.style == "flow_line":
        pad = draw(st.sampled_from(["", " "]))
        return f"{name}: {{{pad}{', '.join(items)}{trailing}{pad}}}{comment()}\n"
    if section.style == "flow_lines":
        body = "".join(
            f"  {item}{',' if k < len(items) - 1 else trailing}{comment()}\n" for k, item in enumerate(items)
        )
        return f"{name}: {{\n{body}}}\n"
    out = f"{name}: {{"  # flow_mixed: several entries to a line, breaks between some
    for k, item in enumerate(items):
        out += item + ("," if k < len(items) - 1 else trailing)
        out += draw(st.sampled_from([" ", "\n  "])) if k < len(items) - 1 else ""
    return out + draw(st.sampled_from(["}", "\n}"])) + "\n"


@st.composite
def house_files(draw: st.DrawFn) -> tuple[str, list[Section], bool]:
    names = draw(st.permutations(["bidding", "match"]))
    parts = [draw(sections(name)) for name in names]
    chunks = [render(p, draw) for p in parts]
    for other in draw(st.lists(st.sampled_from(OTHERS), unique=True, max_size=2)):
        chunks.insert(draw(st.integers(0, len(chunks))), other)
    text = "# house rules of 2025\nextends: north-american-4\nname: prop\n" + "".join(chunks)
    crlf = draw(st.booleans())
    return (text.replace("\n", "\r\n") if crlf else text), parts, crlf


def model(parts: list[Section], text: str, *, without_old: bool) -> dict[str, Any]:
    """The file's data as the generator wrote it (less the removed keys fixed, if asked)."""
    data: dict[str, Any] = {"extends": "north-american-4", "name": "prop"}
    if "last_trick_bonus" in text:
        data["end"] = {"last_trick_bonus": 0}
    if "claim:" in text:
        data["claim"] = {"enabled": False}
    for part in parts:
        fixed = without_old and not part.refused
        entries = {key: value for k, (key, _, value) in enumerate(part.entries) if not (fixed and k == part.old_at)}
        if entries:
            data[part.name] = entries
    return data


def is_deletion_of(short: str, long: str) -> bool:
    """Whether ``short`` is ``long`` with some characters deleted (a subsequence of it)."""
    rest = iter(long)
    return all(char in rest for char in short)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(house_files())
def test_fix_makes_each_change_or_none_and_never_changes_another_key(case: tuple[str, list[Section], bool]) -> None:
    text, parts, crlf = case
    doc = load_yaml(text, "house.yaml")
    assert doc.data == model(parts, text, without_old=False)  # the generator's own model is right
    where = Path("/nonexistent-folder/house.yaml")  # the base is bundled: no file is read
    before = ruleset_from_text(text, where)

    new, done, by_hand = fixed_text(doc)

    olds = [p for p in parts if p.old_at is not None]
    refused = [p for p in olds if p.refused]
    assert len(done) == len(olds) - len(refused), (done, [str(e) for e in by_hand])
    assert sorted(e.path or "" for e in by_hand) == sorted(".".join(REMOVED[p.name].path) for p in refused)
    if not done:
        assert new == text  # byte for byte
    assert is_deletion_of(new, text)
    if crlf:
        assert "\n" not in new.replace("\r\n", "")
    expected = model(parts, text, without_old=True)
    assert load_yaml(new, "house.yaml").data == expected
    for part in refused:  # the entry left for a person is still written as it was
        key, written, _ = part.entries[part.old_at or 0]
        assert f"? {key}" in new and written.split("\n")[-1].strip() in new
    assert ruleset_from_text(new, where).data == before.data
