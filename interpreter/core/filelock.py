"""An advisory lock on an open file, the operating system's own.

The lock is ``fcntl.flock`` on POSIX and ``msvcrt.locking`` (of the first byte) on Windows,
never a file's mere existence: the system lets it go when the process ends, however it ends,
so a program that crashed or was killed leaves no stale lock behind.  Used by ``rules serve``
for its data folder and by the record writer for a record file.
"""

from __future__ import annotations

import os
import sys

if sys.platform == "win32":  # pragma: no cover - tested where the project runs on Windows
    import msvcrt

    def lock(fd: int) -> None:
        """Lock the open file ``fd`` for this process, or raise ``OSError`` at once if another holds it."""
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # the first byte: the whole file's stand-in
else:
    import fcntl

    def lock(fd: int) -> None:
        """Lock the open file ``fd`` for this process, or raise ``OSError`` at once if another holds it."""
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
