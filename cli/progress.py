"""The one progress bar of long commands (arena, tournament, analyse, simulate, compare).

A rich bar on stderr, drawn only on a terminal and wiped at the end, so stdout stays
machine-readable: the count done of the total, how many per second, the time taken and the
time left.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def progress_bar(total: int, label: str, unit: str = "deals") -> Iterator[Callable[[int], None]]:
    """The context gives the function that moves the bar to ``done`` ``unit``."""
    if not sys.stderr.isatty():
        yield lambda done: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class Speed(ProgressColumn):
        def render(self, task: Task) -> Text:
            return Text(f"{task.speed or 0:,.0f} {unit}/s")

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), Speed(), TimeElapsedColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(label, total=total)
        yield lambda done: progress.update(task, completed=done)
