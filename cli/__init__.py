"""The ``rules`` command: a thin typer layer over :mod:`interpreter`."""

from __future__ import annotations

import signal  # built in: importing it costs nothing
import sys  # built in too
from types import FrameType

#: The stop signals besides Ctrl-C (which Python turns into ``KeyboardInterrupt``) that a
#: command may get while it starts: a killed job, a closed terminal.
_STARTUP_STOPS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class _StoppedStarting(BaseException):
    """A stop signal that came while the command was still starting (its number)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_stopping: list[int] = []  # the stop signal being said, once one came


def _stop_starting(signum: int, frame: FrameType | None) -> None:
    """Raise the first stop signal as :class:`_StoppedStarting`; drop any later one, which
    would cut the first one's line short with a traceback."""
    if _stopping:
        return
    _stopping.append(signum)
    raise _StoppedStarting(signum)


def main() -> None:
    """The console entry point of ``rules`` (pyproject's ``[project.scripts]``).

    Ctrl-C while the command is still starting -- importing :mod:`cli.main`, typer and the
    interpreter takes a good part of a second -- would otherwise end it with a
    ``KeyboardInterrupt`` traceback; here it ends as Ctrl-C ends any command once it runs:
    ``interrupted`` on stderr and exit status 130.  SIGTERM and SIGHUP in that time killed the
    process without a word, where a running command says ``stopped by SIGTERM``: they are
    caught from here on, and said so, with 128 + the signal.  The handler stays in place until
    the command puts its own stop in place (which gives it back when it ends): a command that
    sets up before its stop -- ``rules run`` loading its ruleset -- was killed without a word
    when the default handler came back in between.  A signal ignored when the program started
    (``nohup``) stays ignored.  So this module imports nothing at the top but built-in
    modules, and the import of the app is inside the ``try``.
    """
    try:
        for signum in _STARTUP_STOPS:
            if signal.getsignal(signum) is signal.SIG_DFL:
                signal.signal(signum, _stop_starting)
        from cli.main import app

        app()
    except KeyboardInterrupt:
        _no_more_stops()
        _last_words("interrupted", 130)
    except _StoppedStarting as stop:
        _no_more_stops()
        _last_words(f"stopped by {signal.Signals(stop.signum).name}", 128 + stop.signum)


def _no_more_stops() -> None:
    """Every stop signal ignored from the moment one is being said: a second one while the
    line is written and the program ends -- Ctrl-C's handler raising over it, or the default
    handler CPython puts back as it shuts down -- ended the program with the second signal's
    status under the first one's words (``stopped by SIGTERM``, status 130)."""
    for signum in (signal.SIGINT, *_STARTUP_STOPS):
        signal.signal(signum, signal.SIG_IGN)


def _last_words(text: str, status: int) -> None:
    try:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr closed or gone: the status still says it
        pass
    sys.exit(status)
