"""Where in a bot's own code an exception was raised: the line its author should look at.

A bot or a trained policy is code from outside the project; when it raises, the one line that
reports it (a :class:`~interpreter.core.errors.BotError`) names the innermost line of the
traceback that is the author's -- not the project's, not Python's -- so that the error can be
found without a traceback (:mod:`interpreter.play.runner`, :mod:`interpreter.play.bots.policy`).
"""

from __future__ import annotations

import os
import sysconfig
import traceback
from pathlib import Path

__all__ = ["NOT_THEIRS", "shown", "where"]


#: Where the project's own code and the Python installation live: a bot's or policy's error is
#: placed at the innermost line of its traceback outside them, which is its author's.
NOT_THEIRS = tuple(
    {str(Path(__file__).parents[2]) + os.sep}
    | {p + os.sep for key in ("stdlib", "platstdlib", "purelib", "platlib") if (p := sysconfig.get_paths().get(key))}
)


def where(exc: BaseException) -> str:
    """`` at FILE:LINE``: the innermost line of the bot's or policy's author's code in the traceback of
    ``exc`` (the file relative to this folder when it lies below it), or nothing."""
    frames = [
        f for f in traceback.extract_tb(exc.__traceback__)
        if not f.filename.startswith(NOT_THEIRS) and not f.filename.startswith("<")  # <frozen importlib._bootstrap>
    ]
    return f" at {shown(frames[-1].filename)}:{frames[-1].lineno}" if frames else ""


def shown(path: str) -> str:
    """A file as a message shows it: relative to this folder when it lies below it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive
        return path
    return path if relative.startswith("..") else relative
