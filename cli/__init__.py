"""The ``rules`` command: a thin typer layer over :mod:`interpreter`."""
