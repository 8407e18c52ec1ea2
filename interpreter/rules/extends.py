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

import os
from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import Any

from interpreter.core.errors import MissingBaseError, RulesError, RulesetError
from interpreter.core.paths import resolved
from interpreter.rules.filekind import record_given_as_ruleset
from interpreter.rules.migrations import migrate
from interpreter.rules.references import ReferenceNote, Target, read_named_ruleset, resolve_reference
from interpreter.rules.resources import bundled_rulesets
from interpreter.rules.suggest import suggest_ruleset
from interpreter.rules.yamlsource import Mark, Path, SourceDoc, describe_value, format_path, load_yaml, load_yaml_file, shorten

MAX_DEPTH = 16
#: A file's path, modification time (ns) and size; -1, -1 where there is no file.
FileStamp = tuple[str, int, int]


def file_stamp(path: FsPath | str) -> FileStamp:
    """What a file looks like now: its path, modification time and size (-1, -1 if gone).
    Taken before a file is read, so that an edit made while it is read differs from it."""
    try:
        st = os.stat(path)
    except OSError:
        return (str(path), -1, -1)
    return (str(path), st.st_mtime_ns, st.st_size)


@dataclass
class MergedDoc(SourceDoc):
    """A child document merged over its base; locations come from whichever file gave a value."""

    layers: list[SourceDoc] = field(default_factory=list)  # child first, then bases
    base_name: str | None = None
    base_data: dict[str, Any] | None = None  # the base's merged data (before defaults)
    base_files: tuple[FsPath, ...] = ()  # the resolved file of every base, nearest first
    #: What each base file looked like just before it was read (:func:`file_stamp`), nearest
    #: first: a cache of the ruleset compares these, so an edit made while it was read is seen.
    base_stamps: tuple[FileStamp, ...] = ()
    #: How references of the chain were read where that is not what they spell (a
    #: :class:`~interpreter.rules.references.ReferenceNote` each), nearest file first.
    notes_of_bases: tuple[RulesError, ...] = ()
    #: The files ``extends:`` of the chain spelt and did not find, so that a bundled ruleset was
    #: read instead (:attr:`~interpreter.rules.references.Target.passed_over`), nearest first:
    #: the file's reading holds only while none of them appears.
    passed_over: tuple[FsPath, ...] = ()

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


def load_source(
    path: str | FsPath,
    display: str | None = None,
    *,
    allow_outside: bool = False,
    named_by: tuple[SourceDoc, Path, str] | None = None,
    text: str | None = None,
) -> SourceDoc:
    """Load a rule file; if it extends another, return the merged document.

    The file at ``path`` is read as it is, unless ``named_by`` (the document and key that
    name it, and the reference as written there) says another file chose it: then it must be a ruleset.  Each base ``extends:``
    names goes through :func:`~interpreter.rules.references.resolve_reference`, which refuses
    a base outside the folder of the file naming it unless ``allow_outside``.

    ``text`` stands for the file's own text, the file itself is not read: what an edit of the
    file would load as (``rules validate --fix`` checks its edits so before writing them).
    """
    return _load(resolved(path), display, (), allow_outside, named_by, text)


def _load(
    path: FsPath,
    display: str | None,
    chain: tuple[FsPath, ...],
    allow_outside: bool,
    named_by: tuple[SourceDoc, Path, str] | None,
    text: str | None = None,
) -> SourceDoc:
    file = display or str(path)
    if text is not None:
        doc = load_yaml(text, file, yaml11=yaml11_words)
    elif named_by is None:
        doc = load_yaml_file(path, display_name=file, yaml11=yaml11_words)
    else:
        doc = read_named_ruleset(path, file, named_by)
    wrong_kind = record_given_as_ruleset(doc.data, file) if named_by is None else None
    if wrong_kind is not None:
        raise wrong_kind
    migrate(doc)  # each file as its version meant it, before it is merged
    data = doc.data
    if not isinstance(data, dict) or data.get("extends") is None:
        return doc
    ref = data["extends"]
    if not isinstance(ref, str):
        raise doc.error(RulesetError, f"wrong type: got {describe_value(ref)}", ("extends",), expected="a bundled ruleset name or a relative path")
    target = resolve_reference(doc, ("extends",), ref, path.parent, allow_outside=allow_outside)
    if target is None:
        names = sorted(bundled_rulesets())
        close = suggest_ruleset(ref, path.parent, asker=path)
        hint = f" (did you mean '{close}'?)" if close else ""
        raise doc.error(
            MissingBaseError, f"no ruleset '{shorten(ref, 200)}' to extend{hint}", ("extends",),
            expected="a path relative to this file or one of: " + ", ".join(names),
        )
    base_path = resolved(target.path)  # a loop of links stays as written: its reading says so at the reference
    if base_path == path or base_path in chain:
        circle = _circle((*chain, path, base_path))
        raise doc.error(RulesetError, f"extends goes round in a circle: {circle}", ("extends",), expected="a chain of bases that ends")
    if len(chain) >= MAX_DEPTH:
        # said at the extends one level too deep, naming the chain from the file being loaded:
        # the place alone would name a file far from the one the user validated
        files = _circle((*chain, path)) + f" -> {shorten(ref, 200)}"
        raise doc.error(
            RulesetError, f"more than {MAX_DEPTH} levels of extends: {files}", ("extends",),
            expected=f"a chain of at most {MAX_DEPTH} bases",
        )
    notes: tuple[RulesError, ...] = ()
    if target.by_name:
        # Kept for files written so (the bundled name is unambiguous when no such file is
        # there), but said: the author may have meant a copy of the file that is not there.
        notes = (doc.error(
            ReferenceNote,
            f"no file '{shorten(ref, 200)}' beside this file, so the bundled ruleset '{target.bundled}' is used "
            f"({target.path})",
            ("extends",),
            expected=f"extends: {target.bundled} for the bundled ruleset, or a file {shorten(ref, 200)} beside this one",
        ),)
    base_display = _display(target)
    base_named_by = None if target.bundled is not None else (doc, ("extends",), target.written)
    stamp = file_stamp(base_path)  # before reading it
    base = _load(base_path, base_display, (*chain, path), allow_outside, base_named_by)
    if not isinstance(base.data, dict):
        raise doc.error(
            RulesetError, f"the base '{shorten(ref, 200)}' is not a mapping of keys", ("extends",),
            expected="a ruleset file: keys such as name, deck, deal, or extends",
        )
    merged = merge(base.data, {k: v for k, v in data.items() if k != "extends"})
    layers = [doc] + (base.layers if isinstance(base, MergedDoc) else [base])
    key_marks: dict[Path, Mark] = {}
    for layer in reversed(layers):
        key_marks.update(layer.key_marks)
    return MergedDoc(
        data=merged, file=doc.file, value_marks=doc.value_marks, key_marks=key_marks, text=doc.text,
        spans=doc.spans, layers=layers, base_name=target.bundled or ref, base_data=base.data,
        base_files=(base_path, *(base.base_files if isinstance(base, MergedDoc) else ())),
        base_stamps=(stamp, *(base.base_stamps if isinstance(base, MergedDoc) else ())),
        notes_of_bases=notes + (base.notes_of_bases if isinstance(base, MergedDoc) else ()),
        passed_over=((target.passed_over,) if target.passed_over is not None else ())
        + (base.passed_over if isinstance(base, MergedDoc) else ()),
    )


def yaml11_words(path: Path, word: str, why: str) -> tuple[str, str | None] | None:
    """A refused scalar of a rule file (a YAML 1.1 boolean, ``010``, a tag it does not fit),
    worded for its key (the schema is read only then)."""
    from interpreter.rules.validation import key_hint

    return key_hint(path, word, why)


def _circle(files: tuple[FsPath, ...]) -> str:
    """A cycle (or a chain too long) of ``extends`` as ``a.yaml -> b.yaml -> sub/c.yaml -> a.yaml``: each file as seen
    from the folder of the first, the one being loaded (names alone would not say which
    ``c.yaml`` of two folders is meant)."""
    import os

    start = files[0].parent
    return " -> ".join(FsPath(os.path.relpath(p, start)).as_posix() for p in files)


def _display(target: Target) -> str:
    """How messages name a base file: ``schnapsen (bundled)`` for a bundled one (its file may be
    inside an installed package, which nobody should edit), else as the reference reaches it
    from the working folder (:attr:`Target.shown`)."""
    if target.bundled is not None:
        return f"{target.bundled} (bundled)"
    return target.shown


def empty_removals(doc: MergedDoc, warning_cls: type[RulesError]) -> list[RulesError]:
    """A warning for each key of the house file written with nothing after it (``closing:``
    alone on its line) where the base has a value: the empty value is null, and null removes
    the base's value -- a whole section, for a section key.  That is what the skeleton of
    ``rules new`` invites by accident: uncomment a section's header, not yet its keys, and the
    base's section is gone without a word (``--strict``, which counts warnings, refuses it).
    An explicit ``null`` (or ``~``) says it is meant, and is not warned about."""
    own = doc.layers[0]
    out: list[RulesError] = []
    for path in sorted(own.empty, key=lambda p: (own.key_marks[p].line, own.key_marks[p].column) if p in own.key_marks else (0, 0)):
        found, base = _lookup(doc.base_data, path)
        if not found or base is None:
            continue  # nothing of the base's is removed
        key = format_path(path)
        leaf = str(path[-1])
        if isinstance(base, dict):
            what = f"the base's whole '{key}' section (each of its keys back to its default)"
            instead = f"the keys to change, indented under {leaf}:; or {leaf}: null to remove the base's {leaf} on purpose"
        else:
            what = f"the base's {leaf} ({describe_value(base)}), so its default applies"
            instead = f"a value after {leaf}:; or {leaf}: null to remove the base's value on purpose"
        out.append(own.error(
            warning_cls, f"'{leaf}:' has no value, which is null, and a null removes {what}", path, key=True, expected=instead,
        ))
    return out


def nulls_removing_nothing(doc: MergedDoc) -> list[Path]:
    """The keys of the house file set to null (``overtrumpp: ~``) where no base has a value
    to remove, under a mapping the merged document has: the merge drops them before the schema
    sees them, so a misspelt key meant to remove the base's rule passed as valid while that
    rule stayed in force (:func:`interpreter.rules.validation.stray_keys` asks the schema)."""
    out: list[Path] = []

    def walk(data: Any, path: Path) -> None:
        if not isinstance(data, dict):
            return
        for key, value in data.items():
            here = (*path, key)
            if value is None:
                if not _lookup(doc.base_data, here)[0] and isinstance(_lookup(doc.data, path)[1], dict):
                    out.append(here)
            else:
                walk(value, here)

    walk({k: v for k, v in doc.layers[0].data.items() if k != "extends"} if isinstance(doc.layers[0].data, dict) else None, ())
    return out


def _lookup(data: Any, path: Path) -> tuple[bool, Any]:
    """(whether ``data`` has a value at ``path``, the value)."""
    for part in path:
        if not isinstance(data, dict) or part not in data:
            return False, None
        data = data[part]
    return True, data


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


__all__ = ["MergedDoc", "empty_removals", "load_source", "merge", "format_path", "nulls_removing_nothing"]
