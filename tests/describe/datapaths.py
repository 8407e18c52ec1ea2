"""Reading and setting a ruleset's merged data by key path (``closing.enabled``), for the tests
that vary one key at a time (every key has prose; inert keys change nothing)."""

from __future__ import annotations

import copy
from typing import Any


def get_path(data: dict[str, Any], path: str) -> Any:
    """The value at ``path``, or ``None`` where a part of it is missing."""
    for key in path.split("."):
        data = data.get(key) if isinstance(data, dict) else None  # type: ignore[assignment]
    return data


def with_path(data: dict[str, Any], path: str, value: Any) -> dict[str, Any] | None:
    """A copy of ``data`` with ``path`` set to ``value``; ``None`` if a parent is switched off."""
    out = copy.deepcopy(data)
    *parents, last = path.split(".")
    here = out
    for key in parents:
        here = here.get(key)
        if not isinstance(here, dict):
            return None
    here[last] = value
    return out
