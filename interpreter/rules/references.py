"""What a file may name: the trust model of ``extends:`` and of a record's ``ruleset:``.

A ruleset or a record may come from anybody, so the files it names are not opened blindly.
A reference written *inside* a file may name

* a bundled ruleset (``schnapsen``, ``house/santase``, ``rulesets/schnapsen.yaml``), or
* a relative path that stays inside the folder of the file that names it -- subfolders
  included, judged after ``..`` and symbolic links are resolved -- to a ``.yaml`` or ``.yml``
  file (a path that ends at one of the bundled ruleset files counts as bundled).

An absolute path, or one that leads out of the folder, is refused with one located error
unless the caller passes ``allow_outside=True`` (``rules --allow-outside``).  A path the user
gives himself (the first argument of ``load_ruleset`` or ``load_record``) is always allowed.

A named file is read as a ruleset only when it looks like one: a mapping whose top-level keys
are all ruleset keys, with a ``name`` or an ``extends``.  Anything else -- a JSON or binary
file, somebody's notes in YAML -- is refused without a word of its content: messages about
it never quote it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from interpreter.core.errors import RecordError, RulesError, RulesetError
from interpreter.core.paths import something_at
from interpreter.rules.resources import bundled_copy, bundled_rulesets, bundled_stem, load_schema
from interpreter.rules.yamlsource import Path as KeyPath
from interpreter.rules.yamlsource import (
    EMPTY_FILE,
    NO_KEYS_FILE,
    RULESET_LIMITS,
    UNREADABLE,
    SourceDoc,
    load_yaml,
    read_text_file,
    shorten,
    top_level_keys,
)

__all__ = ["RULESET_SUFFIXES", "ReferenceNote", "RefusedReferenceError", "Target", "read_named_ruleset", "resolve_reference"]

#: The file names a named ruleset may have.
RULESET_SUFFIXES = (".yaml", ".yml")

_INSIDE = "a bundled ruleset name or a relative path inside this file's folder (allow_outside=True permits others)"
#: The same, for people at the command line, who know the option and not the parameter.
_INSIDE_CLI = "a bundled ruleset name or a relative path inside this file's folder (--allow-outside permits others)"


class ReferenceNote(RulesError):
    """A located remark, neither an error nor a warning (``--strict`` does not count it): how a
    reference was read when that is not what its spelling says, e.g. ``extends: schnapsen.yaml``
    with no such file beside the house file, read as the bundled ``schnapsen``."""


class RefusedReferenceError(RulesetError, RecordError):
    """A file names a ruleset it may not use: an absolute path or one leading out of its folder
    (unless allowed), or a file that is not a ruleset.

    It is both a :class:`RulesetError` and a :class:`RecordError`, since rulesets (``extends:``)
    and records (``ruleset:``) both name rulesets.
    """

    def for_command_line(self) -> RefusedReferenceError:
        """The same error with its hint worded for the ``rules`` command: the option
        ``--allow-outside``, not the Python parameter ``allow_outside=True``."""
        if self.expected == _INSIDE:
            self.expected = _INSIDE_CLI
        return self


@dataclass(frozen=True, slots=True)
class Target:
    """The file a reference leads to; ``bundled`` is its bundled name when it is one (trusted).

    Messages quote a reference one way, as the file wrote it (``written``), and locate a
    problem inside the named file by ``shown``: the folder of the naming file as the user
    named it, joined with the reference -- the same for a house file's ``extends:`` and a
    record's ``ruleset:``, never an absolute path the user did not write."""

    path: Path
    bundled: str | None
    written: str = ""
    shown: str = ""
    #: Whether a reference written as a file (``schnapsen.yaml``, ``rulesets/schnapsen``) was
    #: read as the bundled name because no such file is beside the naming file.
    by_name: bool = False
    #: The file the reference spells, looked for and not found (as a regular file) when the
    #: bundled ruleset of that name was read instead (``schnapsen.yaml`` or ``schnapsen`` beside
    #: the naming file); None otherwise.  A file appearing there later wins, so what was read
    #: then is stale: :func:`~interpreter.rules.loader.load_ruleset`'s cache watches this path.
    passed_over: Path | None = None


def _encodable(ref: str) -> bool:
    """Whether the text can be a file name at all (a lone surrogate cannot)."""
    try:
        os.fsencode(ref)
    except UnicodeError:
        return False
    return True


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # too long a name, a NUL character: not a file
        return False


def _real(path: Path) -> Path:
    """The path with ``..`` and every symbolic link resolved (as far as it exists)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):  # a loop of links: judge the path as written
        return Path(os.path.abspath(path))


def _bundled_name(ref: str) -> str | None:
    """The bundled ruleset a reference names (as ``find_ruleset`` reads names), if any."""
    name = bundled_stem(ref)
    return name if name in bundled_rulesets() else None


#: A Windows drive letter (``C:/x.yaml``, ``c:x.yaml``, ``D:\\x.yaml``): refused as an absolute path
#: on every system, so that a file means the same wherever it is read (on Linux ``C:`` would be a
#: folder beside the file, which a file shared from Windows never meant).
_DRIVE = re.compile(r"[A-Za-z]:")


def looks_like_drive(ref: str) -> bool:
    """Whether a reference starts as a Windows drive does (``c:h.yaml``): read as an absolute
    path, so a writer of a reference to such a file in its own folder writes ``./c:h.yaml``."""
    return _DRIVE.match(ref) is not None


def resolve_reference(
    doc: SourceDoc,
    key: KeyPath,
    ref: str,
    folder: Path,
    *,
    allow_outside: bool = False,
) -> Target | None:
    """Where the reference ``ref``, written at ``key`` of ``doc`` (a file in ``folder``), leads.

    An existing file wins over a bundled name of the same spelling, as in
    :func:`~interpreter.rules.resources.find_ruleset`.  Returns None when nothing matches;
    raises :class:`RefusedReferenceError`, located at ``key``, when the trust model refuses it.
    """
    shown = shorten(ref, 200)

    def refuse(message: str, expected: str = _INSIDE) -> RulesError:
        return doc.error(RefusedReferenceError, message, key, expected=expected)

    if not ref or "\0" in ref or not _encodable(ref):
        return None
    written = Path(ref)
    if written.is_absolute() or written.drive or ref.startswith(("/", "\\")) or _DRIVE.match(ref):
        if not allow_outside:
            raise refuse(f"'{shown}' is an absolute path; a file may only name rulesets in its own folder")
        # a drive letter is a place on Windows only; elsewhere C:/x.yaml is a folder named C:
        candidate = written if written.is_absolute() or written.drive else folder / written
    else:
        candidate = folder / written
    bundled = _bundled_name(ref)
    if bundled is not None and not _is_file(candidate):
        return Target(bundled_rulesets()[bundled], bundled, ref, bundled, by_name=ref != bundled, passed_over=candidate)
    real = _real(candidate)
    bundled_file = bundled_copy(real)
    if bundled_file is not None:
        return Target(real, bundled_file, ref, bundled_file)
    if not allow_outside and not real.is_relative_to(_real(folder)):
        raise refuse(f"'{shown}' leads outside the folder of this file")
    if not something_at(candidate):
        return None
    if not written.name.lower().endswith(RULESET_SUFFIXES):
        raise refuse(f"'{shown}' is not a ruleset file", "a .yaml or .yml ruleset file")
    if not real.name.lower().endswith(RULESET_SUFFIXES) and _is_file(real):
        # a link named .yaml to another file: said as a link (the name as written has the suffix)
        raise refuse(f"'{shown}' is a link to '{shorten(real.name, 200)}', not a ruleset file", "a .yaml or .yml ruleset file")
    # a link to a device or a pipe: reading it says what it is (read_named_ruleset)
    return Target(candidate, None, ref, ref if written.is_absolute() else str(Path(doc.file).parent / written))


def looks_like_ruleset(keys: list[str]) -> bool:
    """Top-level keys that only a ruleset has: a ``name`` or an ``extends``, and more ruleset
    keys than others.  A ruleset with a stray key (``mathc``, ``bogus_key``) is a ruleset, whose
    stray key is best said where it is (``tb.yaml:3:1: unknown key 'mathc' (did you mean
    'match'?)``), not as "not a ruleset" at the ``extends:`` naming it -- however unlike a
    ruleset key it is spelt; a file with as many other keys as ruleset keys (``name:`` and
    ``password:``) is not one, and is refused unquoted."""
    known = set(load_schema()["properties"])
    if not keys or not ("name" in keys or "extends" in keys):
        return False
    unknown = [k for k in keys if k not in known]
    return len(unknown) * 2 < len(keys)


def read_named_ruleset(path: Path, display: str, named_by: tuple[SourceDoc, KeyPath, str]) -> SourceDoc:
    """Read a ruleset file that another file names; refuse it, unquoted, if it is not a ruleset.

    Problems that say nothing of the content (not a regular file, too large, not UTF-8) are
    reported in the named file.  YAML problems are reported as usual only when what could be
    read looks like a ruleset; otherwise, and when the file reads but is no ruleset, one error
    at the reference says so without quoting the file.  ``named_by``: the file and key that name
    this one, and the reference as that file wrote it (how the refusal names it).
    """
    naming, key, written = named_by
    try:
        text = read_text_file(path, display, RULESET_LIMITS, RulesetError)
    except RulesError as exc:
        if exc.line is not None or not exc.message.startswith(UNREADABLE):
            raise  # too large, not UTF-8: a place in the named file
        # A file that cannot be opened (a FIFO, no permission) has no place of its own: said at
        # the reference, as a base that is missing is, so that the user sees which file named it.
        what = "the base" if key == ("extends",) else "the ruleset"
        reason = exc.message.removeprefix(UNREADABLE).lstrip()
        raise naming.error(type(exc), f"cannot read {what} '{shorten(written, 200)}': {reason}", key, expected=exc.expected) from None
    try:
        doc = load_yaml(text, display, yaml11=_yaml11_words)
    except RulesError as exc:
        if exc.message in (EMPTY_FILE, NO_KEYS_FILE):
            raise _empty(naming, key, written) from None
        if looks_like_ruleset(top_level_keys(text)):
            raise
        where = f" (a problem at line {exc.line})" if exc.line is not None else ""
        raise _not_a_ruleset(naming, key, written, f"it is not valid YAML for a rule file{where}") from None
    data = doc.data
    if data is None or data == {}:  # `~` or `{}`: a document, but as empty as no document
        raise _empty(naming, key, written)
    if not isinstance(data, dict) or not looks_like_ruleset(list(data)):
        raise _not_a_ruleset(naming, key, written, "its top level is not a mapping of ruleset keys with a name")
    return doc


def _yaml11_words(path: KeyPath, word: str, why: str) -> tuple[str, str | None] | None:
    """A refused scalar of a rule file (a YAML 1.1 boolean, ``010``, a tag it does not fit),
    worded for its key (the schema is read only then)."""
    from interpreter.rules.validation import key_hint

    return key_hint(path, word, why)


def _empty(naming: SourceDoc, key: KeyPath, written: str) -> RulesError:
    """An empty file named as a ruleset: said as such, not as a YAML problem at its line 1."""
    what = "a ruleset to extend" if key == ("extends",) else "a ruleset"
    message = (
        f"'{shorten(written, 200)}' is empty: {what} must give its rules -- a name and the keys of "
        "a whole ruleset, or extends: and the keys it changes"
    )
    expected = "a ruleset file, such as the one `rules new FILE --from schnapsen` writes"
    return naming.error(RefusedReferenceError, message, key, expected=expected)


def _not_a_ruleset(naming: SourceDoc, key: KeyPath, written: str, reason: str) -> RulesError:
    message = f"'{shorten(written, 200)}' is not a ruleset: {reason}"
    expected = "a ruleset file (validate it on its own to see its problems)"
    return naming.error(RefusedReferenceError, message, key, expected=expected)
