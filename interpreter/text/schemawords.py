"""What the schema says about its keys, in the words other text needs.

``schema/ruleset.schema.json`` names and explains every key; the diff and the tests read
those words here instead of keeping their own copies:

* :func:`schema_leaves` -- every key path a ruleset can set, with its subschema;
* :func:`schema_label` -- a short name for a key: its ``title``, or the opening clause of its
  description when that is one ("Who leads to the first trick: ...");
* :func:`meanings` -- the words for each allowed value, from the description's
  ``value = meaning`` clauses;
* :func:`path_words` -- the last resort, the key path in words.
"""

from __future__ import annotations

import re
from typing import Any

from interpreter.rules.loader import _object_schema, _resolve
from interpreter.text.schemadoc import yaml_flow

__all__ = ["schema_leaves", "schema_props", "schema_label", "meanings", "path_words"]

_CONDITION = re.compile(r"^(With [^:]*: |In strict play, )")  # "With method units: ..."
_DEFINITION = re.compile(r"^[\w-]+ = ")  # "individual = ...": the values, not a name
_CLAUSE_END = re.compile(r"[:;,(]|\. |\.$| = ")
_LABEL_WORDS = 8


def schema_label(node: dict[str, Any]) -> str | None:
    """A key's name from its schema: the ``title``, else the opening clause of the description
    when that is a short name ("Who leads to the first trick: ..."), else ``None``."""
    if node.get("title"):
        return str(node["title"])
    text = _CONDITION.sub("", str(node.get("description", "")))
    if text and not text.startswith("Whether ") and not _DEFINITION.match(text):
        clause = _CLAUSE_END.split(text, maxsplit=1)[0].strip()
        if 0 < len(clause.split()) <= _LABEL_WORDS:
            return clause[:1].upper() + clause[1:]
    return None


def path_words(path: str) -> str:
    """The last resort for a label: the key path in words (``Bidding: rounds``)."""
    section, *rest = path.split(".")
    words = ", ".join(part.replace("_", " ") for part in rest)
    return section.capitalize() + (f": {words}" if words else "")


def meanings(node: dict[str, Any]) -> dict[Any, str]:
    """The schema's words for each allowed value, from ``value = meaning`` clauses of the
    description: ``{"individual": "every player plays and scores for himself", ...}``."""
    description = str(node.get("description", ""))
    values = node.get("enum") or ([True, False] if node.get("type") == "boolean" else [])
    out: dict[Any, str] = {}
    for value in values:
        token = re.escape(yaml_flow(value))
        found = re.search(rf"(?:^|[\s(;:]){token} = (.*?)(?=[;,]|\. |\.$| \(|$)", description)
        if found:
            out[value] = found.group(1)
    return out


def schema_leaves(root: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every key path a ruleset can set, with its (resolved) subschema, in the schema's order.

    A leaf is a key without members of its own; a key that is an object or ``null`` (a feature
    switched on or off, such as ``deal.widow``) is listed as well as its members.
    """
    out: list[tuple[str, dict[str, Any]]] = []

    def walk(prefix: str, sub: dict[str, Any]) -> None:
        for key, prop in schema_props(sub, root).items():
            path = f"{prefix}.{key}" if prefix else key
            node = _resolve(prop, root)
            if _object_schema(node, root) is None:
                out.append((path, node))
                continue
            if "null" in _types(node, root):
                out.append((path, node))
            walk(path, node)

    walk("", root)
    return out


def _types(node: dict[str, Any], root: dict[str, Any]) -> set[str]:
    types = node.get("type", [])
    found = {types} if isinstance(types, str) else set(types)
    for key in ("anyOf", "oneOf"):
        for branch in node.get(key, []):
            found |= _types(_resolve(branch, root), root)
    return found


def schema_props(sub: dict[str, Any] | None, root: dict[str, Any]) -> dict[str, Any]:
    """The members of an object key's schema (``{}`` for a key without members)."""
    if sub is None:
        return {}
    obj = _object_schema(sub, root)
    return obj.get("properties", {}) if obj is not None else {}
