"""Whether the files a running room keeps its tables in are still where it opened them.

A server holds ``DIR/room.sqlite`` open for its whole life.  Removed while it runs (``rm -rf
DIR``, a clean-up script, the folder moved away), the file stays open and writable to the
server alone: every decision would still be "kept" -- in a file nobody can open again, gone
when the server stops.  And ``DIR/room.lock`` removed (with the folder or alone), a second
server takes a new lock on a new file at the same path and starts on the same folder.  So
before the room keeps a decision or opens a table it asks :meth:`Names.lost` -- one ``stat``
per file, next to nothing beside the synced write that follows -- and refuses the change
while a file no longer bears its name, or its name now belongs to another file.

Compared by identity (device and inode), not by existence alone: a folder removed and made
again by another server holds files of the same names that are not this server's.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from interpreter.rules.yamlsource import file_kind


def identity(path: Path) -> tuple[int, int] | None:
    """The file ``path`` names now (its device and inode), or ``None`` if it names none."""
    try:
        found = os.stat(path)
    except OSError:  # removed, or its folder is: no file bears this name for the server
        return None
    return found.st_dev, found.st_ino


class Names:
    """The files of ``paths`` that exist now, as they are now: :meth:`lost` tells the first of
    them that has since lost its name (a path that did not exist at the start is not watched:
    a room without a lock, as a test opens one)."""

    def __init__(self, paths: list[Path]) -> None:
        self.files = {path: found for path in paths if (found := identity(path)) is not None}

    def lost(self) -> Path | None:
        """The first watched path that no longer names the file it named at the start (removed,
        moved away, or replaced by another file), or ``None`` while every one still does."""
        for path, found in self.files.items():
            if identity(path) != found:
                return path
        return None


def odd_kind(path: Path, folder: bool = False) -> str | None:
    """What stands at ``path`` where the room expects a regular file (or, ``folder``, a
    folder) or nothing, in a user's words -- ``a named pipe (FIFO)``, ``a file`` -- or ``None``
    when it is what is expected or absent.  The room's start says so rather than what opening
    it failed with ("File or stream is not seekable", "disk I/O error"), as the CLI's readers
    of rule files do (the same words)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISDIR(mode) if folder else stat.S_ISREG(mode):
        return None
    return "a file" if stat.S_ISREG(mode) else file_kind(mode)
