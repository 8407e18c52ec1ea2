"""The card table of ``rules play`` (Textual): see :mod:`cli.table.app`."""
