"""``rules new``: a commented house-rules file that extends a base ruleset.

The skeleton holds only ``extends``, a name and a title, and a commented ``description``
to write; the options people change most often are listed as comments showing the base's
current value, ready to uncomment -- only those that have an effect in the base
(:func:`interpreter.rules.relevance.is_relevant`): no game-points formula for a game scored
in units, no marriages after closing for a game without closing.
"""

from __future__ import annotations

import os
import shlex
from functools import lru_cache
from pathlib import Path
from typing import Any

from interpreter.core.errors import RulesError
from interpreter.core.paths import resolved
from interpreter.core.printable import printable
from interpreter.rules.relevance import is_relevant
from interpreter.rules.resources import house_name, load_schema, schema_path
from interpreter.rules.ruleset import Ruleset
from interpreter.rules.yamlsource import load_yaml, yaml_flow_item, yaml_quoted, yaml_scalar
from interpreter.text.schemawords import schema_leaves

# (section, key, what it means): the options house rules change most often, in file order;
# a switch (``enabled``) is offered only where its feature is on, to switch it off.  VALUES in a
# meaning stands for the key's allowed values, read from the schema (:func:`meaning_of`): typed
# here by hand, a list missed the value ``play`` the schema added to bidding.all_pass.
COMMON: tuple[tuple[str, str, str], ...] = (
    ("match", "target", "points needed to win the match"),
    ("match", "bidder_goes_out", "does the bidding side win when both sides reach the target?"),
    ("dealer", "rotation", "VALUES"),
    ("exchange", "enabled", "false: no exchange of the trump card"),
    ("exchange", "min_talon_size", "cards (turn-up included) that must remain to exchange"),
    ("exchange", "requires_trick_won", "must the exchanger have won a trick?"),
    ("exchange", "before_first_trick", "may the trump card be exchanged before the first trick?"),
    ("marriage", "first_lead", "VALUES: a marriage on the very first lead"),
    ("marriage", "after_exhaustion", "may marriages be announced once the talon is exhausted?"),
    ("marriage", "after_close", "may marriages be announced after closing?"),
    ("closing", "enabled", "false: nobody may close the talon"),
    ("closing", "min_talon_size", "cards (turn-up included) that must remain to close"),
    ("closing", "before_first_trick", "may the talon be closed before the first trick?"),
    ("closing", "fail_points", "game points for the closer's opponent when the closer fails"),
    ("claim", "target", "points needed to go out"),
    ("claim", "false_points", "penalty for a wrong declaration"),
    ("end", "last_trick_bonus", "points for the last trick"),
    ("end", "tie", "VALUES: equal totals"),
    ("bidding", "values", "the bids allowed, in units"),
    ("bidding", "all_pass", "VALUES: when everybody passes"),
    ("bidding", "moon", "the moon bid; null: no moon"),
    ("scoring", "game_points", "game points of a deal (an expression)"),
    ("scoring", "set", "score of a side that fails its bid (an expression)"),
)


#: What ``VALUES`` in a meaning of :data:`COMMON` is replaced with.
VALUES = "VALUES"


def meaning_of(section: str, key: str, meaning: str) -> str:
    """``meaning`` with ``VALUES`` replaced by the values the schema allows for ``section.key``,
    in its order: ``redeal | dealer_must_bid | play``."""
    if VALUES not in meaning:
        return meaning
    return meaning.replace(VALUES, " | ".join(str(v) for v in _enums()[f"{section}.{key}"]))


@lru_cache(maxsize=1)
def _enums() -> dict[str, list[Any]]:
    """The allowed values of every key of the schema that lists them, by key path."""
    return {path: node["enum"] for path, node in schema_leaves(load_schema()) if "enum" in node}


def offered(base: Ruleset) -> list[tuple[str, str, str]]:
    """The options of :data:`COMMON` the skeleton offers for ``base``: those with an effect
    there, each with its meaning in words (:func:`meaning_of`)."""
    data = base.data
    out = []
    for section, key, meaning in COMMON:
        if key not in data.get(section, {}):
            continue
        if key == "enabled" and not data[section]["enabled"]:
            continue
        if not is_relevant(f"{section}.{key}", data):
            continue
        out.append((section, key, meaning_of(section, key, meaning)))
    return out


def _flow(value: Any) -> str:
    """``value`` as YAML on ONE line that reads back as ``value``: each hint stands in a comment
    (``#   key: value    # meaning``) that a person uncomments, so a raw line break in it would put
    text outside the comment and break the whole file (a text of several lines is offered as a
    commented block scalar by :func:`_hint` instead, where it can be), and a ``#`` or ``: `` left
    plain would cut the value short.  A string with a space is double-quoted, as formulas are
    written in the bundled rulesets."""
    if isinstance(value, dict):
        items = sorted(value.items(), key=lambda kv: str(kv[0]))  # in key order, as yaml.safe_dump put them
        return "{" + ", ".join(f"{_flow(k)}: {_flow(v)}" for k, v in items) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, str):
        return yaml_quoted(value) if " " in value else yaml_flow_item(value)
    import yaml

    return str(yaml.safe_dump(value, default_flow_style=True)).removesuffix("\n...\n").strip()


#: What the title of a house file says after its base's title.
HOUSE_MARK = "(house rules)"


def house_title(base_title: str) -> str:
    """The title of a house file made from a ruleset titled ``base_title``, on one line (it stands
    in a comment too).  A base that is itself house rules (made by ``rules new``, or titled so)
    keeps its title: "(house rules) (house rules)" says nothing more."""
    title = " ".join(base_title.split())
    if title.lower().endswith(HOUSE_MARK):
        return title
    return f"{title} {HOUSE_MARK}" if title else HOUSE_MARK


def shell_word(text: str) -> str:
    """A file name as one word of a command to copy into a shell (quoted where it has spaces or
    other special characters), on one line: control characters are shown as escapes, so a
    name cannot end the comment the command stands in."""
    return shlex.quote(printable(text))


def skeleton(base: Ruleset, base_ref: str, target: Path) -> str:
    """The text of a new house-rules file at ``target`` extending ``base`` (named ``base_ref``)."""
    schema_file = schema_path().resolve()
    folder = resolved(target).parent
    if os.path.commonpath([schema_file, folder]) in ("/", folder.anchor):
        schema = str(schema_file)  # nothing in common: a relative path would not survive a move
    else:
        schema = os.path.relpath(schema_file, folder)
    name = house_name(target.stem)
    title = " ".join(base.title.split())  # one line: it stands in a comment too
    here, base_word = shell_word(target.name), shell_word(base_ref)
    lines = [
        f"# yaml-language-server: $schema={printable(schema)}",
        "#",
        f"# House rules based on {printable(title)}.  Only what differs from the base belongs here:",
        "# mappings merge with the base key by key, other values and lists replace the base's,",
        "# and null removes a key (its default applies).  Check and read your variant with:",
        f"#   rules validate {here} --deep",
        f"#   rules describe {here}",
        f"#   rules diff {base_word} {here}",
        f"extends: {yaml_scalar(base_ref)}",
        f"name: {yaml_scalar(name)}",
        f"title: {_title_scalar(house_title(title))}",
        "# description: >-",
        "#   What your rules change, in a sentence or two, for the rulebook (rules describe);",
        "#   without one, the rulebook opens with a summary made from the rules.",
        "",
        "# The options most often changed, with the base's values -- uncomment and edit:",
    ]
    data = base.data
    current = None
    for section, key, meaning in offered(base):
        if section != current:
            lines.append(f"# {section}:")
            current = section
        lines += _hint(section, key, _with_effect(data, f"{section}.{key}", data[section][key]), meaning)
    return "\n".join(lines) + "\n"


def _hint(section: str, key: str, value: Any, meaning: str) -> list[str]:
    """The commented lines offering ``section.key`` with ``value``: one line
    (``#   key: value    # meaning``), or for a text of several lines (a formula written over
    lines in the base) a block scalar with each of its lines commented too, so that it reads as
    it was written, not as one quoted line full of ``\\x0a``; uncommenting them all gives the
    value back exactly."""
    head = f"#   {key}: "
    block = _block(section, key, value, meaning) if isinstance(value, str) else None
    if block is None:
        return [f"{head}{_flow(value)}    # {meaning}"]
    header, body = block
    return [f"{head}{header}    # {meaning}"] + [f"#     {line}" if line else "#" for line in body]


def _block(section: str, key: str, text: str, meaning: str) -> tuple[str, list[str]] | None:
    """``text`` as a literal block scalar: its header (``|`` or ``|-``, with an indentation
    indicator if its first line starts with a space) and its lines; None where one line would
    do (no line break) or where a block would not read back as exactly ``text`` -- a character
    a block cannot hold as it is (a tab, a control character), a space at the end of a line
    (invisible, and editors strip it), more than one line break at the end -- and the quoted
    one-line form is kept.  Each block is read back before it is offered."""
    if "\n" not in text:
        return None
    body = text.split("\n")
    chomp = "-"
    if body[-1] == "":  # one line break at the end: YAML's default (clip) keeps exactly one
        body.pop()
        chomp = ""
    if not body or body[-1] == "" or any(printable(line) != line or line != line.rstrip() for line in body):
        return None
    first = next(line for line in body if line)  # the last line is not empty
    header = ("|2" if first.startswith(" ") else "|") + chomp
    written = [f"{section}:", f"  {key}: {header}    # {meaning}"] + [f"    {line}" if line else "" for line in body]
    try:
        back = load_yaml("\n".join(written) + "\n", "<hint>").data
    except RulesError:
        return None
    return (header, body) if back == {section: {key: text}} else None


def _with_effect(data: dict[str, Any], path: str, value: Any) -> Any:
    """A mapping without its members that have no effect (Santase's failed close costs 3 with or
    without a trick, so its ``basis`` is left out); any other value as it is."""
    if not isinstance(value, dict):
        return value
    return {k: _with_effect(data, f"{path}.{k}", v) for k, v in value.items() if is_relevant(f"{path}.{k}", data)}


def _title_scalar(text: str) -> str:
    """A title as a YAML scalar: plain where it reads back as itself (most titles), else quoted."""
    try:
        if "#" not in text and load_yaml(f"title: {text}\n", "<title>").data == {"title": text}:
            return text
    except RulesError:
        pass
    return yaml_scalar(text)
