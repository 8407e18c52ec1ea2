"""``extends:`` -- a house-rules file that overrides a few keys of another ruleset.

Merge rules (documented in docs/authoring.md):

* mappings merge key by key, recursively;
* anything else (numbers, strings, lists) replaces the base's value -- lists are not merged;
* ``null`` removes the key, so the schema's default applies again;
* the base is a bundled ruleset name (``schnapsen``) or a path relative to the extending file;
  bases may extend further bases; a cycle is an error.

The merged document remembers which file gave each value, so an error is reported in the
file (and at the line) that caused it -- an error in a base names the base file.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import Any

from interpreter.core.errors import RulesError, RulesetError
from interpreter.rules.resources import bundled_rulesets, find_ruleset
from interpreter.rules.yamlsource import Mark, Path, SourceDoc, format_path, load_yaml_file

MAX_DEPTH = 16


@dataclass
class MergedDoc(SourceDoc):
    """A child document merged over its base; locations come from whichever file gave a value."""

    layers: list[SourceDoc] = field(default_factory=list)  # child first, then bases
    base_name: str | None = None
    base_data: dict[str, Any] | None = None  # the base's merged data (before defaults)

    def _origin(self, path: Path, key: bool) -> tuple[SourceDoc, Path]:
        for end in range(len(path), -1, -1):
            prefix = path[:end]
            for layer in self.layers:
                if prefix in layer.value_marks and (end > 0 or layer is self.layers[0]):
                    return layer, prefix
        return self.layers[0], ()

    def locate(self, path: Path, *, key: bool = False) -> Mark | None:
        layer, _ = self._origin(path, key)
        return layer.locate(path, key=key)

    def error(
        self,
        error_cls: type[RulesError],
        message: str,
        path: Path,
        *,
        key: bool = False,
        expected: str | None = None,
    ) -> RulesError:
        layer, _ = self._origin(path, key)
        if layer is not self.layers[0]:
            message += f" (a value {self.file} takes from this base)"  # name the file being loaded too
        return layer.error(error_cls, message, path, key=key, expected=expected)

    def file_of(self, path: Path) -> str:
        return self._origin(path, False)[0].file


def load_source(path: str | FsPath, display: str | None = None) -> SourceDoc:
    """Load a rule file; if it extends another, return the merged document."""
    return _load(FsPath(path).resolve(), display, ())


def _load(path: FsPath, display: str | None, chain: tuple[FsPath, ...]) -> SourceDoc:
    doc = load_yaml_file(path, display_name=display or str(path))
    data = doc.data
    if not isinstance(data, dict) or data.get("extends") is None:
        return doc
    ref = data["extends"]
    if not isinstance(ref, str):
        raise doc.error(RulesetError, f"wrong type: {ref!r}", ("extends",), expected="a bundled ruleset name or a relative path")
    base_path = find_ruleset(ref, relative_to=path.parent)
    if base_path is None:
        names = sorted(bundled_rulesets())
        close = difflib.get_close_matches(ref, names, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise doc.error(
            RulesetError, f"no ruleset '{ref}' to extend{hint}", ("extends",),
            expected="a path relative to this file or one of: " + ", ".join(names),
        )
    base_path = base_path.resolve()
    if base_path == path or base_path in chain:
        circle = " -> ".join(p.name for p in (*chain, path, base_path))
        raise doc.error(RulesetError, f"extends goes round in a circle: {circle}", ("extends",), expected="a chain of bases that ends")
    if len(chain) >= MAX_DEPTH:
        raise doc.error(RulesetError, f"more than {MAX_DEPTH} levels of extends", ("extends",))
    base_display = _display(base_path, doc.file, ref)
    base = _load(base_path, base_display, (*chain, path))
    if not isinstance(base.data, dict):
        raise doc.error(RulesetError, f"the base '{ref}' is not a mapping of keys", ("extends",))
    merged = merge(base.data, {k: v for k, v in data.items() if k != "extends"})
    layers = [doc] + (base.layers if isinstance(base, MergedDoc) else [base])
    key_marks: dict[Path, Mark] = {}
    for layer in reversed(layers):
        key_marks.update(layer.key_marks)
    base_name = ref
    for name, p in bundled_rulesets().items():
        if p.resolve() == base_path:
            base_name = name
    return MergedDoc(
        data=merged, file=doc.file, value_marks=doc.value_marks, key_marks=key_marks, text=doc.text,
        layers=layers, base_name=base_name, base_data=base.data,
    )


def _display(base_path: FsPath, child_file: str, ref: str) -> str:
    """How messages name a base file: its bundled name's path, or relative to the child's folder."""
    for name, p in bundled_rulesets().items():
        if p.resolve() == base_path:
            return f"rulesets/{name}.yaml"
    child_dir = FsPath(child_file).parent
    return str(child_dir / ref) if not FsPath(ref).is_absolute() else ref


def merge(base: Any, override: Any) -> Any:
    """Merge ``override`` over ``base``: mappings key by key, ``None`` deletes, the rest replaces."""
    if isinstance(base, dict) and isinstance(override, dict):
        out = dict(base)
        for key, value in override.items():
            if value is None:
                out.pop(key, None)
            elif key in out:
                out[key] = merge(out[key], value)
            else:
                out[key] = value
        return out
    return override



__all__ = ["MergedDoc", "load_source", "merge", "format_path"]
