""""Did you mean" for a word that is not one of its choices (:func:`suggest_word`: a key of a
rule file, a bot kind), and for a ruleset that is not there (:func:`suggest_ruleset`): the
name a command, a record's ``ruleset:`` or an ``extends:`` was probably meant to spell.

For a ruleset, in this order: the bundled ruleset the name spells in any case or with either suffix
(``SCHNAPSEN.YAML``, ``Schnapsen``); for a name written as a path, a rule file beside it whose
stem is close -- never a game record, which is no ruleset to load (a record in the working
folder was offered for ``schnapsen.yml``), nor the file whose ``extends:`` is being read; then a
close bundled name (``schnapsn``).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from pathlib import Path

from interpreter.rules.filekind import kind_of
from interpreter.rules.resources import bundled_rulesets, bundled_stem
from interpreter.rules.yamlsource import top_level_keys

#: How much of a file beside the name is read to tell a record from a rule file: a record's
#: ``ruleset:`` comes first, and a large record need not be read whole for a hint.
HEAD_BYTES = 16_384


def suggest_word(word: str, choices: Iterable[str]) -> str | None:
    """The choice a misspelt ``word`` was probably meant to be, or ``None``: the same letters
    in another case first (``Match`` for ``match``), then the closest spelling by difflib's
    measure (``greedy`` for ``gredy``); never ``word`` itself."""
    names = [c for c in choices if c != word]
    for name in names:
        if name.lower() == word.lower():
            return name
    close = difflib.get_close_matches(word, names, n=1)
    return close[0] if close else None


def suggest_ruleset(name: str, folder: Path | None = None, *, asker: Path | None = None) -> str | None:
    """A close ruleset for ``name`` (as written), or ``None``; ``folder`` is where a relative
    path is read from (a record's or a rule file's own folder; the working folder if omitted).
    A file is suggested as it would be written in ``name``'s place; ``asker`` is the file whose
    ``extends:`` wrote ``name``, never offered (it would extend itself)."""
    if "\0" in name or len(name) > 400:
        return None
    names = sorted(bundled_rulesets())
    by_leaf = {n.rpartition("/")[2]: n for n in names}
    bare = bundled_stem(name.lower())
    if bare in names:
        return bare
    if bare in by_leaf:
        return by_leaf[bare]
    if "/" in name or name.lower().endswith((".yaml", ".yml")):  # a path: a rule file beside it first
        close = _close_file(name, folder, asker)
        if close is not None:
            return close
    found = difflib.get_close_matches(bare, names, n=1) or difflib.get_close_matches(bare, list(by_leaf), n=1)
    return by_leaf.get(found[0], found[0]) if found else None


def _close_file(name: str, folder: Path | None, asker: Path | None) -> str | None:
    """The rule file beside ``name`` closest to it in spelling (records and ``asker`` left
    out), as written in ``name``'s place (its folder as ``name`` spells it), or ``None``.

    Names are compared by their stems: the ``.yaml`` every candidate shares made unrelated
    names look alike (``base.yaml`` and ``mine.yaml`` rate 0.67, above difflib's 0.6)."""
    written = Path(name).parent
    where = written if folder is None or written.is_absolute() else folder / written
    try:
        files = sorted(p.name for p in where.iterdir() if p.name.lower().endswith((".yaml", ".yml"))) if where.is_dir() else []
    except (OSError, ValueError):
        return None
    by_stem: dict[str, list[str]] = {}
    for file in files:
        if asker is None or not _same_file(where / file, asker):
            by_stem.setdefault(_stem(file), []).append(file)
    for stem in difflib.get_close_matches(_stem(Path(name).name), list(by_stem), n=3):
        for candidate in by_stem[stem]:
            if not _is_record(where / candidate):
                return str(written / candidate) if str(written) != "." else candidate
    return None


def _stem(file: str) -> str:
    """``file`` without its ``.yaml``/``.yml`` suffix, in lower case: the part a typo is in."""
    return bundled_stem(file.lower())


def _same_file(path: Path, other: Path) -> bool:
    """Whether ``path`` and ``other`` name one file (a link or another spelling included)."""
    try:
        return path.samefile(other)
    except (OSError, ValueError):
        return False


def _is_record(path: Path) -> bool:
    """Whether the file at ``path`` reads as a game record (from its first lines)."""
    try:
        with path.open("rb") as f:
            head = f.read(HEAD_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return False
    keys = top_level_keys(head.rpartition("\n")[0] if len(head) == HEAD_BYTES else head)
    return kind_of(dict.fromkeys(keys)) == "record"
