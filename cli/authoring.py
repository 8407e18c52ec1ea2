"""The commands for writing rulesets: validate, new, describe, diff, schema.

They share one job -- helping someone author house rules -- and one shape: load rulesets,
hand them to :mod:`interpreter`, print the answer.  The text modules they call (the deep
check, the skeleton, the rulebook, the diff) are imported inside the commands, because
``rules --help`` and the other commands never need them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from cli.errors import fail, usage_error
from cli.options import AllowOutside, names_outside
from cli.output import say
from interpreter.core.errors import RulesError
from interpreter.core.printable import json_text
from interpreter.rules.loader import load_ruleset, load_schema
from interpreter.rules.resources import bundled_rulesets, find_ruleset


def validate(
    files: Annotated[list[str], typer.Argument(help="Ruleset files (or bundled names) to check.")],
    deep: Annotated[bool, typer.Option("--deep", help="Also play random deals: report deals that never end, rules that never fire, and the score distribution.")] = False,
    deals: Annotated[int, typer.Option("--deals", help="Random deals per ruleset for --deep.", min=1)] = 500,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the --deep deals.")] = 0,
    allow_outside: AllowOutside = False,
) -> None:
    """Check rulesets: YAML syntax, the schema, and the rules' consistency. Exit 0 if all are valid."""
    from interpreter.sim.deep import deep_check

    bad = 0
    for name in files:
        try:
            rs = load_ruleset(name, allow_outside=allow_outside)
        except RulesError as exc:
            bad += 1
            fail(exc)
            continue
        if not deep:
            say(f"{name}: ok ({rs.title})")
            continue
        try:
            report = deep_check(rs, deals, seed)
        except RulesError as exc:  # e.g. a scoring expression that divides by zero in play
            bad += 1
            fail(exc)
            continue
        verdict = "ok" if report.ok else f"valid, but {len(report.defects)} defect{'s' if len(report.defects) != 1 else ''} in play"
        say(f"{name}: {verdict} ({rs.title})")
        for line in report.lines():
            say("  " + line)
        if not report.ok:
            bad += 1
    if bad:
        raise typer.Exit(2)


def new(
    file: Annotated[Path, typer.Argument(help="The house-rules file to write.")],
    base: Annotated[str, typer.Option("--from", help="The ruleset to extend: a bundled name or a path.")],
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    allow_outside: AllowOutside = False,
) -> None:
    """Write a commented house-rules skeleton that extends BASE."""
    from interpreter.play.recordfile import inputs_of, why_not_writable, write_file
    from interpreter.text.skeleton import skeleton

    refused = why_not_writable(file, [])  # a FIFO or a device is refused before anything else
    if refused is None and file.exists() and not force:
        raise usage_error(f"{file} already exists (use --force to overwrite it)")
    try:
        rs = load_ruleset(base, allow_outside=allow_outside)
    except RulesError as exc:
        raise fail(exc) from None
    refused = refused or why_not_writable(file, inputs_of(rs, f"the ruleset --from {base} names"))
    if refused is not None:
        raise usage_error(f"{file} {refused}; choose another file")
    ref = _extends_reference(base, file)
    if names_outside(ref) and not allow_outside:
        raise usage_error(
            f"{file} would extend {ref}, outside its own folder, which rule files may not name; "
            f"write it next to {base} or in a folder below it (or pass --allow-outside, and use it to validate and play the file too)"
        )
    try:
        write_file(file, skeleton(rs, ref, file))
    except OSError as exc:
        raise usage_error(f"cannot write {file}: {exc.strerror or exc}") from None
    say(f"wrote {file} (extends {ref}); edit it, then: rules validate {file} --deep")


def _extends_reference(base: str, file: Path) -> str:
    """How the new ``file`` names BASE in its ``extends:``, so that it loads from where it is written."""
    found = find_ruleset(base)
    if found is None:
        return base
    path = found.resolve()
    bundled = {p.resolve(): name for name, p in bundled_rulesets().items()}
    if path in bundled:
        return bundled[path]  # a bundled ruleset is named, wherever it was found
    folder = file.resolve().parent
    shared = os.path.commonpath([path, folder])
    return str(path) if shared == folder.anchor else os.path.relpath(path, folder)


def describe(
    ruleset: Annotated[str, typer.Argument(help="A ruleset file or bundled name.")],
    fmt: Annotated[str, typer.Option("--format", help="md or html.")] = "md",
    allow_outside: AllowOutside = False,
) -> None:
    """Print the complete rulebook of a ruleset in plain sentences (house rules: differences first)."""
    from interpreter.text.describe import base_of, rulebook

    if fmt not in ("md", "html"):
        raise usage_error(f"--format: '{fmt}' is not a format (expected md or html)")
    try:
        rs = load_ruleset(ruleset, allow_outside=allow_outside)
        base = base_of(rs, allow_outside=allow_outside)
    except RulesError as exc:
        raise fail(exc) from None
    say(rulebook(rs, base, fmt), multiline=True, nl=False)


def diff(
    a: Annotated[str, typer.Argument(help="The first ruleset (file or bundled name).")],
    b: Annotated[str, typer.Argument(help="The second ruleset.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the changes as a JSON list.")] = False,
    allow_outside: AllowOutside = False,
) -> None:
    """List the rule-level differences between two rulesets, one line each."""
    from interpreter.text.diff import changes_to_json, diff_rulesets

    try:
        ra, rb = load_ruleset(a, allow_outside=allow_outside), load_ruleset(b, allow_outside=allow_outside)
    except RulesError as exc:
        raise fail(exc) from None
    changes = diff_rulesets(ra, rb)
    if as_json:
        say(json_text(changes_to_json(changes)))
        return
    if not changes:
        say("no differences")
    for change in changes:
        say(change.text)


def schema() -> None:
    """Print the JSON Schema of ruleset files."""
    say(json_text(load_schema(), ensure_ascii=True, indent=2), multiline=True)
