"""Writing bytes to a file descriptor whole: the one loop the record writer and stdout share."""

from __future__ import annotations

import errno
import os


def write_all(fd: int, data: bytes) -> None:
    """Write ``data`` to ``fd`` whole: a short write (a pipe, a signal) is followed by one for
    the rest, so a full disk or a file-size limit shows as the error of that next write (one
    ``write`` that stops short raises nothing); a write that takes nothing at all is an error
    too, never a loop without end."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            raise OSError(errno.EIO, "the system took none of it")
        view = view[written:]
