"""One browser tab's ``rules play``, as ``rules play --web`` has textual-serve start it.

A module of its own, named only in the command line :func:`cli.table.web.table_command`
writes, so that the server's module never imports the app that imports it (no import
circle: ``cli.main`` -> ``cli.play`` -> ``cli.table.web``).
"""

from __future__ import annotations

import os


def main() -> None:
    """``rules play ...`` (``sys.argv[1:]`` is ``play ...``) in a process group of its own:
    Ctrl-C at the server's terminal then reaches the server only, which tells each table to
    quit (and save) rather than letting the interrupt land in the middle of a table's shutdown."""
    if hasattr(os, "setpgrp"):
        os.setpgrp()
    from cli.main import app

    app(prog_name="rules")
