"""A path the user gave, with its symbolic links resolved -- without ever raising for a loop.

``Path.resolve()`` raises ``RuntimeError`` ("Symlink loop from ...") in Python 3.11 when the
links of a path go round in a circle, an exception no reader of files expects: a house file
whose ``extends:`` or a record whose ``ruleset:`` named such a link ended ``rules`` with a
traceback.  :func:`resolved` resolves what can be resolved and leaves the loop as it is
written; the reading that follows then fails as it fails for any file that cannot be opened
("Too many levels of symbolic links"), said at the reference that names it.
:func:`in_a_loop` tells such a path from a missing one, where a folder on the way is the loop.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path


def resolved(path: str | os.PathLike[str]) -> Path:
    """``Path(path).resolve()`` (absolute, ``..`` and every symbolic link resolved as far as
    they exist), but a loop of links stays as written instead of raising."""
    return Path(os.path.realpath(path))


def in_a_loop(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` cannot be reached because symbolic links on the way to it go round in a
    loop (``ELOOP``) -- a folder link on the way as well as the file's own.  Such a path is
    not missing: the user named something that is there, and it is said as a file that cannot
    be read ("Too many levels of symbolic links"), not as "no such ruleset"."""
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == errno.ELOOP
    except ValueError:  # a NUL character: no path at all
        return False
    return False


def something_at(path: str | os.PathLike[str]) -> bool:
    """Whether anything is at ``path``: a file, a folder, a pipe, a link that leads nowhere --
    or a loop of links (:func:`in_a_loop`), which is there too, and unreadable.  Reading it then
    says what is wrong with it, rather than that there is no such file."""
    try:
        return os.path.lexists(path) or in_a_loop(path)
    except (OSError, ValueError):  # too long a name, a NUL character: nothing is there
        return False
