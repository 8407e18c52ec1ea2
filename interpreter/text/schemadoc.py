"""Render the ruleset JSON Schema as the Markdown reference ``docs/ruleset-reference.md``.

Why this exists: ``schema/ruleset.schema.json`` is the one place where every ruleset key is
defined -- its type, allowed values, default, meaning and an example -- and the loader takes
its defaults from there.  A hand-written reference would drift from it, so the reference is
generated from the schema instead, and a test fails when the checked-in copy is stale.

Regenerate the reference from the project root with::

    python tools/regen_docs.py --reference

The output depends only on the schema (key order included), so it is byte-for-byte
reproducible.  Values are shown the way a ruleset author writes them: in YAML flow style.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any


REGENERATE = "python tools/regen_docs.py --reference"

# Plain YAML scalars that would not read back as the same string.
_YAML_WORDS = frozenset({"true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"})
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")

Schema = Mapping[str, Any]


# --- values ------------------------------------------------------------------------------


def yaml_flow(value: Any) -> str:
    """A JSON value in YAML flow style, reading back (``yaml.safe_load``) as the same value.

    >>> yaml_flow({"plain": 20, "9": 0, "ranks": ["A", 9], "x": None})
    '{plain: 20, "9": 0, ranks: [A, 9], x: null}'
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, str):
        if _PLAIN.fullmatch(value) and value.lower() not in _YAML_WORDS:
            return value
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        inner = ", ".join(f"{yaml_flow(str(k))}: {yaml_flow(v)}" for k, v in value.items())
        return "{" + inner + "}"
    if isinstance(value, Sequence):
        return "[" + ", ".join(yaml_flow(v) for v in value) + "]"
    raise TypeError(f"not a JSON value: {value!r}")


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, Mapping | list)


def _yaml_block(value: Any, indent: int) -> list[str]:
    """Block-style lines for a mapping whose nested mappings hold further collections."""
    pad = "  " * indent
    lines: list[str] = []
    for key, item in value.items():
        name = yaml_flow(str(key))
        nested = (
            isinstance(item, Mapping) and item and not all(_is_scalar(v) for v in item.values())
        )
        if nested:
            lines.append(f"{pad}{name}:")
            lines.extend(_yaml_block(item, indent + 1))
        else:
            lines.append(f"{pad}{name}: {yaml_flow(item)}")
    return lines


def _yaml_example(path: Sequence[str], value: Any) -> list[str]:
    """A fenced YAML snippet placing ``value`` at ``path`` in a ruleset file; a key ending in
    ``[]`` is a list whose entry holds the rest (``bidding.contracts[].play``)."""
    lines = ["```yaml"]
    pad, lead = "", ""  # the next key's indent, and "- " where it opens a list's entry
    for key in path[:-1]:
        entry = key.endswith("[]")
        lines.append(pad + lead + yaml_flow(key[:-2] if entry else key) + ":")
        pad = " " * (len(pad) + len(lead) + 2)
        lead = "- " if entry else ""
    depth = len(path) - 1
    last = yaml_flow(path[-1])
    block = (
        isinstance(value, Mapping)
        and value
        and (depth == 0 or not all(_is_scalar(v) for v in value.values()))
    )
    if block:
        lines.append(pad + lead + last + ":")
        lines += _yaml_block(value, (len(pad) + len(lead)) // 2 + 1)
    else:
        lines.append(pad + lead + f"{last}: {yaml_flow(value)}")
    lines.append("```")
    return lines


def _code(text: str) -> str:
    """A Markdown code span."""
    if "`" in text:
        return f"`` {text} ``"
    return f"`{text}`"


def _cell(text: str) -> str:
    """Text made safe for one cell of a Markdown table."""
    return " ".join(text.split()).replace("|", "\\|")


# --- types ---------------------------------------------------------------------------------


def _ref_name(sub: Schema) -> str | None:
    ref = sub.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        return ref.removeprefix("#/$defs/")
    return None


def _values(values: Sequence[Any]) -> str:
    if len(values) == 1:
        return "only " + _code(yaml_flow(values[0]))
    return "one of " + ", ".join(_code(yaml_flow(v)) for v in values)


def _count(low: int | None, high: int | None, noun: str) -> str:
    """``"at least 2 items"``, ``"1 to 1000 characters"``, ``"not empty"``."""
    if low is not None and high is not None:
        return f"{low} to {high} {noun}s"
    if low == 1:
        return "not empty"
    if low is not None:
        return f"at least {low} {noun}s"
    if high is not None:
        return f"at most {high} {noun}{'' if high == 1 else 's'}"
    return ""


def type_text(sub: Schema) -> str:
    """A short English description of the values ``sub`` accepts."""
    name = _ref_name(sub)
    if name is not None:
        return f"{name} (see Definitions)"
    if "enum" in sub:
        return _values(sub["enum"])
    if "const" in sub:
        return _values([sub["const"]])
    if "anyOf" in sub:
        return " or ".join(type_text(alt) for alt in sub["anyOf"])
    kinds = sub.get("type")
    if isinstance(kinds, list):
        return " or ".join(
            "`null`" if kind == "null" else type_text({**sub, "type": kind}) for kind in kinds
        )
    if kinds == "string":
        low, high = sub.get("minLength"), sub.get("maxLength")
        text = "non-empty string" if (low, high) == (1, None) else "string"
        if "pattern" in sub:
            text += " matching " + _code(sub["pattern"])
        if (low, high) not in ((None, None), (1, None)):
            text += ", " + _count(low, high, "character")
        return text
    if kinds == "integer":
        low, high = sub.get("minimum"), sub.get("maximum")
        if low is not None and high is not None:
            return f"integer, {low} to {high}"
        if low is not None:
            return f"integer >= {low}"
        if high is not None:
            return f"integer <= {high}"
        return "integer"
    if kinds == "boolean":
        return "`true` or `false`"
    if kinds == "array":
        items = sub.get("items", {})
        if "enum" in items and len(items["enum"]) > 1:
            parts = ["list of values from " + ", ".join(_code(yaml_flow(v)) for v in items["enum"])]
        else:
            parts = ["list of " + type_text(items)]
        if sub.get("uniqueItems"):
            parts.append("no repeats")
        size = _count(sub.get("minItems"), sub.get("maxItems"), "item")
        if size:
            parts.append(size)
        return "; ".join(parts)
    if kinds == "object":
        if "properties" in sub:
            return "object"
        keys = sub.get("propertyNames")
        values = sub.get("additionalProperties")
        key_text = type_text(keys) if isinstance(keys, Mapping) else "any string"
        value_text = type_text(values) if isinstance(values, Mapping) else "any value"
        return f"mapping; key {key_text}; value {value_text}"
    return "any value"


def _has_members(sub: Schema) -> bool:
    return isinstance(sub.get("properties"), Mapping)


def _entry(sub: Schema) -> Schema | None:
    """The mapping each entry of a list of mappings is (``bidding.contracts``), or ``None``:
    its keys get a table of their own, ``bidding.contracts[].goal``, as an object's do."""
    items = sub.get("items")
    return items if isinstance(items, Mapping) and _has_members(items) else None


def top_required(schema: Schema) -> list[str]:
    """The keys a complete ruleset must have (a file with ``extends:`` needs none of them)."""
    return list(schema.get("required") or schema.get("else", {}).get("required", []))


def complete_sections(schema: Schema) -> Schema:
    """``schema`` with the keys each top-level section of a complete ruleset must have put
    back into that section.  The schema states them in its ``else`` branch (a file without
    ``extends:``), so that an editor does not ask a house-rules file for keys its base gives;
    the reference marks them required where a reader looks for them, in the section."""
    extra = schema.get("else", {}).get("properties", {})
    if not extra:
        return schema
    return {**schema, "properties": _with_required(schema.get("properties", {}), extra)}


def _with_required(properties: Schema, extra: Schema) -> Schema:
    """``properties`` with the ``required`` lists of ``extra`` (the ``else`` branch's own
    ``properties``) put in, at any depth: ``bidding.moon`` needs its ``bid`` in a complete
    ruleset, while a house file may change one key of the base's moon."""
    merged = dict(properties)
    for key, sub in extra.items():
        if key not in merged:
            continue
        member = dict(merged[key])
        if "required" in sub:
            member["required"] = sub["required"]
        if "properties" in sub:
            member["properties"] = _with_required(member.get("properties", {}), sub["properties"])
        merged[key] = member
    return merged


def _default_text(key: str, sub: Schema, required: Sequence[str]) -> str:
    if key in required:
        return "required"
    if "default" not in sub:
        return "none"
    return _code(yaml_flow(sub["default"]))


# --- sections ------------------------------------------------------------------------------


def _member_table(path: Sequence[str], sub: Schema) -> list[str]:
    required = sub.get("required", [])
    lines = [
        "| Key | Type / allowed values | Default | Description | Examples |",
        "|---|---|---|---|---|",
    ]
    for key, member in sub["properties"].items():
        dotted = ".".join([*path, key])
        if _has_members(member):
            examples = "see below"
        else:
            examples = ", ".join(_code(yaml_flow(e)) for e in member.get("examples", []))
            if _entry(member) is not None:
                examples += "; each entry's keys: see below"
        row = [
            _code(dotted),
            type_text(member),
            _default_text(key, member, required),
            member.get("description", ""),
            examples,
        ]
        lines.append("| " + " | ".join(_cell(c) for c in row) + " |")
    return lines


def _section(path: Sequence[str], sub: Schema, required: Sequence[str], level: int) -> list[str]:
    key = path[-1]
    lines = ["#" * min(level, 6) + " " + _code(".".join(path)), ""]
    if sub.get("description"):
        lines += [sub["description"], ""]
    lines.append("- Type: " + type_text(sub))
    if key in required:
        lines.append("- Required.")
    elif "default" in sub:
        default = _code(yaml_flow(sub["default"]))
        if sub["default"] == {} and _has_members(sub):
            default += " (every member takes its own default)"
        lines.append("- Default: " + default)
    examples = sub.get("examples", [])
    if examples and _has_members(sub):
        lines += ["- Example:" if len(examples) == 1 else "- Examples:", ""]
        for example in examples:
            lines += _yaml_example(path, example) + [""]
    elif examples:
        lines += ["- Examples: " + ", ".join(_code(yaml_flow(e)) for e in examples), ""]
    else:
        lines.append("")
    if _has_members(sub):
        lines += _member_table(path, sub) + [""]
        for member_key, member in sub["properties"].items():
            if _has_members(member):
                lines += _section([*path, member_key], member, sub.get("required", []), level + 1)
            entry = _entry(member)
            if entry is not None:
                lines += _entry_section([*path, member_key], entry, level + 1)
    return lines


def _entry_section(path: Sequence[str], entry: Schema, level: int) -> list[str]:
    """The keys of each entry of the list at ``path``, as a section of its own (``[]`` marks
    an entry: ``bidding.contracts[].goal``); its required keys are each entry's."""
    dotted = ".".join(path)
    lines = ["#" * min(level, 6) + " " + _code(dotted + "[]"), ""]
    if entry.get("description"):
        lines += [entry["description"], ""]
    required = entry.get("required", [])
    lines += [f"Each entry of {_code(dotted)} is a mapping of these keys"
              + (f" ({', '.join(_code(k) for k in required)} required in every entry)" if required else "") + ":", ""]
    here = [*path[:-1], path[-1] + "[]"]
    lines += _member_table(here, entry) + [""]
    for member_key, member in entry["properties"].items():
        if _has_members(member):
            lines += _section([*here, member_key], member, required, level + 1)
    return lines


def _contents(schema: Schema) -> list[str]:
    required = top_required(schema)
    lines = ["| Key | Type | Default |", "|---|---|---|"]
    for key, sub in schema.get("properties", {}).items():
        link = f"[{_code(key)}](#{key.lower()})"
        row = [link, type_text(sub), _default_text(key, sub, required)]
        lines.append("| " + " | ".join(_cell(c) for c in row) + " |")
    return lines


def _definitions(schema: Schema) -> list[str]:
    defs = schema.get("$defs", {})
    if not defs:
        return []
    lines = ["## Definitions", "", "Value types shared by several keys.", ""]
    for name, sub in defs.items():
        lines += [f"### {_code(name)}", ""]
        if sub.get("description"):
            lines += [sub["description"], ""]
        lines.append("- Type: " + type_text(sub))
        examples = sub.get("examples", [])
        if examples:
            lines.append("- Examples: " + ", ".join(_code(yaml_flow(e)) for e in examples))
        lines.append("")
    return lines


def render_reference(schema: Schema) -> str:
    """The Markdown reference for ``schema``: a section per top-level key, a table per object."""
    schema = complete_sections(schema)
    title = schema.get("title", "Ruleset")
    lines = [
        f"# {title} reference",
        "",
        "> Generated from `schema/ruleset.schema.json` by `interpreter/text/schemadoc.py`; do not edit"
        f" by hand. Regenerate with `{REGENERATE}`.",
        "",
    ]
    if schema.get("description"):
        lines += [schema["description"], ""]
    if "$id" in schema:
        lines += [f"Schema `$id`: `{schema['$id']}` (JSON Schema draft 2020-12).", ""]
    lines += [
        "Values are written as in a ruleset file (YAML). A key left out takes its default; an"
        " optional object left out takes the defaults of all its members.",
        "",
        "## Top-level keys",
        "",
        *_contents(schema),
        "",
    ]
    required = top_required(schema)
    for key, sub in schema.get("properties", {}).items():
        lines += _section([key], sub, required, 2)
    lines += _definitions(schema)
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n"
