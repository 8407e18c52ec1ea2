"""The ``rules`` command: a thin typer layer over :mod:`interpreter`."""

from __future__ import annotations

import sys  # built in: importing it costs nothing


def main() -> None:
    """The console entry point of ``rules`` (pyproject's ``[project.scripts]``).

    Ctrl-C while the command is still starting -- importing :mod:`cli.main`, typer and the
    interpreter takes a good part of a second -- would otherwise end it with a
    ``KeyboardInterrupt`` traceback; here it ends as Ctrl-C ends any command once it runs:
    ``interrupted`` on stderr and exit status 130.  So this module imports nothing at the
    top, and the import of the app is inside the ``try``.
    """
    try:
        from cli.main import app

        app()
    except KeyboardInterrupt:
        try:
            sys.stderr.write("interrupted\n")
            sys.stderr.flush()
        except (OSError, ValueError):  # stderr closed or gone: the status still says it
            pass
        sys.exit(130)
