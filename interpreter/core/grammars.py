"""The project's two Lark parsers (rule formulas, card and action notation), built once per
process and kept between processes in a folder of the user's own.

Building both LALR tables takes about 25 ms, a share of every command's start (and of each
worker process's).  Lark can keep them in a cache file (``cache=True``), but puts it in the
shared temporary folder (``/tmp/.lark_cache_USER_HASH_3_11.tmp``, a name anyone can work out)
and loads it with :mod:`pickle` before checking anything: another user of the machine who
wrote that file first ran code as whoever next ran ``rules``; and where no temporary folder
was writable (a read-only root in a container) every command stopped on a traceback.

So the tables are kept here instead, only in a folder that is the user's alone:
``$XDG_CACHE_HOME/sixty-six-rules`` (``~/.cache/sixty-six-rules``), made with mode 0700, used
only if it is a real folder owned by the user that nobody else may write to, in a parent that
nobody else may write to either.  A file is written whole or not at all (a temporary name, then
renamed), named by a hash of the grammar, the options, Lark's and Python's versions, so a
changed grammar never reads old tables.  Where no such folder can be had, or a file cannot be
read back, the parser is simply built: the cache only ever saves time.
"""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from pathlib import Path
from typing import Any

from lark import Lark, __version__ as lark_version

__all__ = ["CACHE_FOLDER", "cache_folder", "parser"]

#: The folder's name inside the user's cache folder.
CACHE_FOLDER = "sixty-six-rules"


def parser(grammar_file: Path, **options: Any) -> Lark:
    """The Lark parser of ``grammar_file`` with ``options``: read from the user's cache where
    it was kept, else built (and kept, where it can be)."""
    grammar = grammar_file.read_text(encoding="utf-8")
    kept = _cache_file(grammar_file.stem, grammar, options)
    if kept is not None:
        try:
            with open(kept, "rb") as f:
                return Lark.load(f)
        except Exception:  # noqa: BLE001 - none kept yet, or not readable as tables: build them
            pass
    built = Lark(grammar, **options)
    if kept is not None:
        _keep(built, kept)
    return built


def cache_folder() -> Path | None:
    """The user's own folder for the parsers' tables, made if missing; ``None`` where there is
    none that is safe to read code-bearing data from (see the module's docstring)."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    try:
        root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"
        folder = root / CACHE_FOLDER
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not (_private(folder, alone=True) and _private(root, alone=False)):
            return None
    except (OSError, RuntimeError, KeyError):  # no home (RuntimeError), or it cannot be made
        return None
    return folder


def _private(path: Path, *, alone: bool) -> bool:
    """Whether ``path`` is a real folder (no link) owned by this user (or, for a parent, by
    root), which no one else may write to (``alone``: nor read or enter)."""
    st = os.lstat(path)
    if not stat.S_ISDIR(st.st_mode):
        return False
    getuid = getattr(os, "getuid", None)
    if getuid is None:  # no POSIX owners (Windows): the user's profile folder is the user's
        return True
    owners = (getuid(),) if alone else (getuid(), 0)
    return st.st_uid in owners and not st.st_mode & (0o077 if alone else 0o022)


def _cache_file(stem: str, grammar: str, options: dict[str, Any]) -> Path | None:
    folder = cache_folder()
    if folder is None:
        return None
    key = "\n".join((grammar, repr(sorted(options.items())), lark_version, sys.version))
    return folder / f"{stem}-{hashlib.sha256(key.encode('utf-8')).hexdigest()[:32]}.lark"


def _keep(built: Lark, path: Path) -> None:
    """Write the tables to ``path`` whole or not at all: another process reading it meanwhile
    finds the old file or none, never half of one."""
    part = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        with open(part, "wb") as f:
            built.save(f)
        os.replace(part, path)
    except OSError:
        try:
            part.unlink()
        except OSError:
            pass
