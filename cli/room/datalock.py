"""One ``rules serve`` per data folder: a lock on ``DIR/room.lock``, held for the server's life.

Two servers on one folder would both write its ``room.sqlite`` -- each replaying, moving and
closing the same tables without seeing the other's moves -- so the second is refused as it
starts.  The lock is the operating system's (:mod:`interpreter.core.filelock`), not the
file's existence: the system lets it go when the process ends, however it ends, so a server that crashed or was killed leaves no stale lock behind to block the next
start.  The file itself stays, holding the process id of the last server, for the message.

No web framework is imported here: ``rules serve`` takes the lock before it loads the room.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import IO

from cli.room import PRIVATE_FILE
from cli.room.ondisk import odd_kind
from interpreter.core.filelock import lock

#: The lock file's name under ``--data``.
LOCK_NAME = "room.lock"


class Busy(Exception):
    """Another process holds the folder's lock; ``holder`` is its process id where the file says it."""

    def __init__(self, holder: str | None) -> None:
        super().__init__(holder)
        self.holder = holder


def hold(folder: Path) -> IO[str]:
    """Take the lock of ``folder`` (the caller keeps the returned file open for as long as it
    serves, and closing it, or the process ending, lets the lock go).  :class:`Busy` if another
    process holds it; ``OSError`` if the file cannot be opened at all."""
    # never truncated as it opens: the holder's pid stays readable; made its owner's only, as
    # the store is (a file there already keeps its modes)
    odd = odd_kind(folder / LOCK_NAME)
    if odd is not None:  # (opened, a named pipe said only "File or stream is not seekable")
        raise OSError(errno.EINVAL, f"it is {odd}, where the room keeps its lock in a regular file: move it away, then start again")
    handle = open(folder / LOCK_NAME, "r+", encoding="utf-8", opener=_made_private)
    try:
        lock(handle.fileno())
    except OSError:
        handle.seek(0)
        holder = handle.read().strip() or None
        handle.close()
        raise Busy(holder) from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    return handle


def _made_private(path: str, flags: int) -> int:
    """Open ``path`` as ``open`` asks (``r+``), made first if there is none, with
    :data:`~cli.room.PRIVATE_FILE`."""
    return os.open(path, flags | os.O_CREAT, PRIVATE_FILE)
