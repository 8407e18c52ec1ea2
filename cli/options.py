"""Options that several commands share, defined once so that their names and help agree."""

from __future__ import annotations

import os
from typing import Annotated

import typer

AllowOutside = Annotated[bool, typer.Option(
    "--allow-outside",
    help="Let rule files and records name files outside their own folder (absolute paths, '..'). Only for files you trust (docs/security.md).",
)]


def names_outside(reference: str) -> bool:
    """Whether a reference written into a file (an ``extends:``, a record's ``ruleset:``) leaves
    the folder of that file, so that reading it back needs ``--allow-outside``."""
    return os.path.isabs(reference) or reference.replace("\\", "/").split("/")[0] == ".."
