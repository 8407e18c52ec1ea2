"""Find the bundled rulesets and the JSON Schema, in a checkout or in an installed wheel.

The wheel carries copies of the top-level ``rulesets/`` and ``schema/`` folders under
``interpreter/_data/`` (see ``pyproject.toml``); a checkout or an editable install uses the
folders themselves.  Everything that needs a bundled file asks this module, so
``rules run schnapsen`` works from any directory.
"""

from __future__ import annotations

import json
import os
import re
import stat
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from interpreter.core.arguments import shown_value, with_article
from interpreter.core.paths import resolved

_HERE = Path(__file__).resolve().parent.parent  # the interpreter package


@lru_cache(maxsize=None)
def data_dir(name: str) -> Path:
    """The folder ``rulesets`` or ``schema``: the wheel's copy first, else the checkout's."""
    for candidate in (_HERE / "_data" / name, _HERE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"bundled folder {name!r} not found next to {_HERE}")


def schema_path() -> Path:
    """Path of ``ruleset.schema.json``."""
    return data_dir("schema") / "ruleset.schema.json"


@lru_cache(maxsize=1)
def load_schema() -> dict[str, Any]:
    """The bundled JSON Schema of rule files."""
    schema: dict[str, Any] = json.loads(schema_path().read_text(encoding="utf-8"))
    return schema


def bundled_rulesets() -> dict[str, Path]:
    """Bundled ruleset names (``schnapsen``, ``house/santase`` ...) mapped to their files."""
    root = data_dir("rulesets")
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*.yaml")):
        found[path.relative_to(root).with_suffix("").as_posix()] = path
    return found


def house_name(stem: str) -> str:
    """The ``name:`` of a house file called ``stem``, as ``rules new`` writes it and as an
    unnamed one is read: lower-case letters, digits and hyphens (the schema's pattern).
    Accented letters keep their base letter ("Ünï" is ``uni``, not ``n``); what has no ASCII
    form is dropped, and a stem left with nothing is ``house-rules``.  A bundled ruleset's name
    (``schnapsen.yaml``) gets ``-house``: under the bundled name the file would be taken for
    the bundled ruleset."""
    ascii_stem = unicodedata.normalize("NFKD", stem).encode("ascii", "ignore").decode("ascii")
    name = re.sub(r"[^a-z0-9]+", "-", ascii_stem.lower()).strip("-") or "house-rules"
    return name + "-house" if name in bundled_names() else name


def bundled_names() -> set[str]:
    """The names the bundled rulesets give themselves (each its file's name): ``schnapsen``,
    ``santase`` (``house/santase``)."""
    return {key.rsplit("/", 1)[-1] for key in bundled_rulesets()}


def bundled_key(name: str) -> str | None:
    """The bundled ruleset (``schnapsen``, ``house/santase``) whose own name is ``name``
    (``santase``), or ``None``: each bundled file is named after itself (:func:`bundled_names`)."""
    return next((key for key in bundled_rulesets() if key.rsplit("/", 1)[-1] == name), None)


def bundled_copy(path: str | os.PathLike[str]) -> str | None:
    """The bundled ruleset (``schnapsen``, ``house/santase``) whose file ``path`` is: the
    bundled file itself, or a copy of it byte for byte under the same file name whose base
    (``extends:``), read from where the copy lies, is the bundled file's base too -- a
    checkout's ``rulesets/`` beside the copies an installed wheel reads, so that a house file's
    ``extends: ../rulesets/schnapsen.yaml``, ``rules new --from rulesets/schnapsen.yaml`` and a
    record of ``rules run rulesets/schnapsen.yaml`` name the same ruleset in a checkout run from
    source and in one installed with ``pip install .``.  ``None`` for any other file: one of
    other bytes, or whose ``extends: bauernschnapsen.yaml`` finds another file beside it (the
    same bytes, other rules).  What is not a regular file of the bundled file's size is not read."""
    try:
        rulesets = bundled_rulesets()
        real = resolved(path)
        for bundled_name, bundled in rulesets.items():
            if resolved(bundled) == real:
                return bundled_name
        name = Path(path).name
        key = bundled_key(name[: -len(".yaml")]) if name.endswith(".yaml") else None
        if key is None:
            return None
        original = rulesets[key]
        found = os.stat(path)
        if not stat.S_ISREG(found.st_mode) or found.st_size != original.stat().st_size:
            return None
        if original.read_bytes() != Path(path).read_bytes():
            return None
    except (OSError, ValueError):  # not there, unreadable, or no path at all: not shown to be a copy
        return None
    base = _written_base(str(original))
    if base is not None and _base_key(Path(path).parent, base) != _base_key(original.parent, base):
        return None
    return key


@lru_cache(maxsize=None)
def _written_base(bundled: str) -> str | None:
    """The ``extends:`` a bundled file writes (``schnapsen``, ``bauernschnapsen.yaml``), or ``None``."""
    data = yaml.safe_load(Path(bundled).read_text(encoding="utf-8"))
    base = data.get("extends") if isinstance(data, dict) else None
    return base if isinstance(base, str) else None


def _base_key(folder: Path, ref: str) -> str | None:
    """The bundled ruleset ``extends: ref`` written in ``folder`` reads, as a rule file's
    references are read (a file there wins over a bundled name), or ``None``: another file."""
    candidate = folder / ref
    try:
        there = candidate.is_file()
    except (OSError, ValueError):
        there = False
    if there:
        return bundled_copy(candidate)
    name = bundled_stem(ref)
    return name if name in bundled_rulesets() else None


def find_ruleset(name_or_path: str, relative_to: Path | None = None) -> Path | None:
    """Resolve a ruleset argument: an existing file path wins, else a bundled name.

    ``relative_to`` is the folder a relative path is read from (a record's own folder).
    Returns ``None`` when nothing matches; a ``name_or_path`` that is neither text nor a path
    is a ``TypeError`` naming it.
    """
    if not isinstance(name_or_path, (str, os.PathLike)):
        raise TypeError(
            f"name_or_path: {shown_value(name_or_path)} is {with_article(type(name_or_path).__name__)}, not a ruleset name "
            "(expected a bundled name such as 'schnapsen' or the path of a rule file)"
        )
    candidate = Path(name_or_path)
    if relative_to is not None and not candidate.is_absolute():
        candidate = relative_to / candidate
    try:
        if candidate.is_file():
            return candidate
    except OSError:  # e.g. a name too long for the file system: not a file, maybe a bundled name
        pass
    return bundled_rulesets().get(bundled_stem(name_or_path))


def bundled_stem(name: str) -> str:
    """The bundled name a ruleset argument or reference spells: ``schnapsen.yaml``,
    ``schnapsen.yml`` and ``rulesets/schnapsen.yaml`` all spell ``schnapsen`` (the two
    suffixes a rule file may have, as a file named so would be read)."""
    for suffix in (".yaml", ".yml"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    return name.removeprefix("rulesets/")
