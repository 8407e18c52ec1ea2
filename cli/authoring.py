"""The commands for writing rulesets: validate, new, describe, diff, schema.

They share one job -- helping someone author house rules -- and one shape: load rulesets,
hand them to :mod:`interpreter`, print the answer.  The text modules they call (the deep
check, the skeleton, the rulebook, the diff) are imported inside the commands, because
``rules --help`` and the other commands never need them.
"""

from __future__ import annotations

import codecs
import os
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Optional

import typer

from cli.errors import bundled_note, fail, note_all, note_bundled_instead, ruleset_or_exit, usage_error, warn_all, worded
from cli.options import AllowOutside, lowercase, names_outside, output_file_name, seed_in_range
from cli.output import say, warn
from cli.progress import progress_bar
from cli.stopping import Stopped, cut_short, ignore_stops, stop_signals, stops_let_through
from interpreter.core.errors import ErrorList, RulesError
from interpreter.core.paths import resolved
from interpreter.core.arguments import shown_value
from interpreter.core.printable import json_text, printable
from interpreter.play.recordfile import signals_held
from interpreter.rules.loader import load_ruleset, load_schema
from interpreter.rules.resources import bundled_copy, find_ruleset
from interpreter.rules.ruleset import Ruleset

#: ``rules validate --deep``: the random deals it plays unless ``--deals`` says otherwise, and
#: the most it plays (about a minute's play: a run past that is a typing slip, not a check).
DEEP_DEALS = 500
DEEP_DEALS_LIMIT = 200_000
#: What a folder given to ``rules validate`` is searched for (compared in lower case).
RULE_FILE_SUFFIXES = (".yaml", ".yml")


def validate(
    files: Annotated[list[str], typer.Argument(help="Ruleset files, folders of them, or bundled names to check.")],
    deep: Annotated[bool, typer.Option("--deep", help="Also play random deals: report deals that never end, rules that never fire, a match target out of reach, how deals end and score, and the contracts.")] = False,
    deals: Annotated[Optional[int], typer.Option("--deals", help=f"Random deals per ruleset for --deep (default {DEEP_DEALS:,}, at most {DEEP_DEALS_LIMIT:,}).", min=1, show_default=False)] = None,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Seed of the --deep deals (default 0).", callback=seed_in_range, show_default=False)] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Count every warning as a problem, exit 2: options a house file sets that have no effect, keys of an earlier version, a house file without a name of its own, a bid unit with which no bid can be made.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object per file (one a line): its errors and warnings with file, line, column and key path (with --fix, also what was fixed and what was not).")] = False,
    fix: Annotated[bool, typer.Option("--fix", help="First rewrite keys of earlier versions (removed or renamed) in each file, in place, keeping comments and layout; a change without a safe edit is left for you, with why (exit 2).")] = False,
    allow_outside: AllowOutside = False,
) -> None:
    """Check rulesets: YAML syntax, the schema, and the rules' consistency. Exit 0 if all are valid.

    Also warns about what loads but is likely a slip, such as options a house file sets that have no effect (exit 2 with --strict). A folder stands for the .yaml and .yml files in it and below it.
    """
    for option, value in (("--deals", deals), ("--seed", seed)):
        if value is not None and not deep:  # said, not ignored: the run asked for did not happen
            raise usage_error(f"{option}: only with --deep (it is for the random deals --deep plays)")
    if deals is not None and deals > DEEP_DEALS_LIMIT:
        raise usage_error(f"--deals: {deals:,} is more than --deep plays (at most {DEEP_DEALS_LIMIT:,})")
    bad = 0
    expanded = _expand(files)
    # with --deep: Ctrl-C, SIGTERM, SIGHUP held back but while deals are played (_validate_one),
    # so that a stop is said as the deals it cut short, after the verdicts printed whole
    with stop_signals() if deep else nullcontext(), signals_held() if deep else nullcontext():
        for checked, (name, problem) in enumerate(expanded):
            fixing = _fix(name, allow_outside) if fix and problem is None else None
            if fixing is not None and not as_json:
                for line in fixing.done:
                    warn(f"{name}: fixed: {line}")
                for e in (*fixing.by_hand, *fixing.errors):
                    warn(str(e), multiline=True)  # str(e) is escaped already
                for line in fixing.elsewhere:
                    warn(f"{name}: note: {line}")
            try:
                outcome = _validate_one(name, problem, deep, deals or DEEP_DEALS, seed or 0, allow_outside, strict=strict, quiet=as_json)
            except Stopped as stop:  # Ctrl-C (or SIGTERM, SIGHUP) while --deep played: the verdicts so far stand, stdout holds only them
                warn(f"{cut_short(stop)}: no verdict for {name}: --deep stopped before its {deals or DEEP_DEALS:,} deals were played; "
                     f"{checked} of {len(expanded)} ruleset{'s' if len(expanded) != 1 else ''} checked")
                raise typer.Exit(stop.exit_status) from None
            if fixing is not None:
                outcome["fixed"] = fixing.done
                notes = outcome["notes"]
                assert isinstance(notes, list)
                notes.extend({"file": name, "line": None, "column": None, "path": None, "message": line, "expected": None} for line in fixing.elsewhere)
                outcome["cannot_fix"] = [_issue(e) for e in fixing.by_hand]
                if fixing.errors:  # the file could not be written: first among the errors
                    errors = outcome["errors"]
                    assert isinstance(errors, list)
                    outcome["errors"] = [*(_issue(e) for e in fixing.errors), *errors]
                outcome["ok"] = outcome["ok"] and not fixing.by_hand and not fixing.errors
            bad += not outcome["ok"]
            if as_json:
                say(json_text(outcome, ensure_ascii=True))
        if deep:  # done: a stop that came after the last deals is dropped, not said as an interruption
            ignore_stops()
    if bad:
        raise typer.Exit(2)


def _expand(files: list[str]) -> list[tuple[str, RulesError | None]]:
    """The arguments with each folder replaced by the rule files in and below it (``.yaml`` and
    ``.yml``, in any case: every one a single file argument would be read as), sorted; an empty
    folder becomes an error of its own."""
    out: list[tuple[str, RulesError | None]] = []
    for name in files:
        if not name.strip():  # Path('') is the working folder: an empty name must not read it all
            raise usage_error("FILES: an empty name (expected a ruleset file, a folder of them, or a bundled name)")
        folder = Path(name)
        try:
            is_dir = folder.is_dir()
        except (OSError, ValueError):
            is_dir = False
        if not is_dir:
            out.append((name, None))
            continue
        # Every entry named as a rule file, not only the regular files: a link that leads
        # nowhere, a pipe or a file that cannot be read is a rule file the author meant to be
        # checked, said as the error a single argument gets, never passed over in silence.
        found = sorted(str(p) for p in folder.rglob("*") if p.suffix.lower() in RULE_FILE_SUFFIXES and not _is_dir(p))
        if not found:
            out.append((name, RulesError("the folder has no .yaml or .yml files", file=name, expected="a folder of rule files, or a file")))
        out.extend((path, None) for path in found)
    return out


def _is_dir(path: Path) -> bool:
    """A folder (``rglob`` walks into it); a link to nowhere or a loop of links is none."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


@dataclass
class _Fixing:
    """What ``--fix`` did to one file: the changes made, the changes left for a person (each
    with why), why the file could not be written (then nothing was changed), and the other
    files with keys of an earlier version that it reads (a base it extends), which ``--fix`` of
    this one leaves as they are: each in a line that says the command that rewrites it."""

    done: list[str] = field(default_factory=list)
    by_hand: list[RulesError] = field(default_factory=list)
    errors: list[RulesError] = field(default_factory=list)
    elsewhere: list[str] = field(default_factory=list)


def _fix(name: str, allow_outside: bool) -> _Fixing:
    """``--fix``: rewrite the keys of earlier versions in the file ``name`` in place
    (:func:`~interpreter.rules.migrations.fixed_text`).  Besides the checks of ``fixed_text``
    (the edited text reads back to the same data), an edit is made only if the file, edited,
    loads as the very ruleset it loads as now -- bases, defaults and all -- when it loads now.
    A bundled name is left alone: bundled files are never rewritten (nor need it)."""
    from interpreter.play.recordfile import RecordNotWritten, why_not_writable, write_file
    from interpreter.rules.loader import ruleset_from_text
    from interpreter.rules.migrations import Check, fixed_text
    from interpreter.rules.yamlsource import load_yaml_file

    path = Path(name)
    if not path.is_file():
        return _Fixing()  # a bundled name, or nothing: the validation says which
    try:
        doc = load_yaml_file(path, display_name=name)
    except RulesError:
        return _Fixing()  # unreadable or not YAML: the validation reports it
    check: Check | None = None
    before: Ruleset | None = None
    try:
        before = ruleset_from_text(doc.text, path, name, allow_outside=allow_outside)
    except RulesError:
        pass  # not a valid ruleset now: the edits are checked on the file's data only
    else:
        def same_rules(text: str) -> str | None:
            try:
                after = ruleset_from_text(text, path, name, allow_outside=allow_outside)
            except RulesError as exc:
                return f"the edited file would not load ({_errors(exc)[0].message})"
            return None if after.data == before.data else "the edited file would not load as the same rules"

        check = same_rules

    text, done, by_hand = fixed_text(doc, check)
    fixing = _Fixing(by_hand=list(by_hand), elsewhere=[] if before is None else _not_rewritten(before, name))
    if text == doc.text:
        return fixing
    refused = why_not_writable(path, [])
    if refused is None:
        try:
            write_file(path, _with_bom(path, text))
        except (OSError, RecordNotWritten) as exc:
            refused = f"cannot be written: {getattr(exc, 'strerror', None) or exc}"
    if refused is not None:
        fixing.errors.append(RulesError(f"--fix: the file {refused}; it was left as it was", file=name))
        return fixing
    fixing.done = done
    return fixing


def _not_rewritten(rs: Ruleset, name: str) -> list[str]:
    """For each file other than ``name`` (a base it extends) whose keys of an earlier version
    ``rs`` warns of, the line that says ``--fix`` of ``name`` left it alone, and how to rewrite
    it: its warnings are said again after ``--fix``, with "rules validate --fix FILE does it",
    where the person may take FILE for the file just fixed."""
    from interpreter.rules.migrations import MigrationWarning
    from interpreter.text.skeleton import shell_word

    others = dict.fromkeys(w.file for w in rs.warnings if isinstance(w, MigrationWarning) and w.file is not None and w.file != name)
    return [
        f"the keys of an earlier version in {other}, which it extends, are not rewritten by --fix of {name} (it rewrites only "
        f"the files named): run rules validate --fix {shell_word(other)}"
        for other in others
    ]


def _with_bom(path: Path, text: str) -> str:
    """``text`` with the byte-order mark the file starts with, if it does (reading drops it)."""
    try:
        with path.open("rb") as handle:
            return ("\ufeff" + text) if handle.read(3) == codecs.BOM_UTF8 else text
    except OSError:
        return text


def _issue(e: RulesError) -> dict[str, object]:
    """An error or warning as JSON: where (file, line, column, key path), what, what is expected."""
    return {"file": e.file, "line": e.line, "column": e.column, "path": e.path, "message": e.message, "expected": e.expected}


def _errors(exc: RulesError) -> list[RulesError]:
    return [worded(e) for e in (exc.errors if isinstance(exc, ErrorList) else [exc])]


def _validate_one(
    name: str, problem: RulesError | None, deep: bool, deals: int, seed: int, allow_outside: bool, *,
    strict: bool, quiet: bool,
) -> dict[str, object]:
    """Check one ruleset, print its verdict unless ``quiet`` (--json), and return it as data:
    ``file``, ``ok``, ``title``, ``errors``, ``warnings``, ``notes`` (and ``deep``, the --deep report)."""
    outcome: dict[str, object] = {"file": name, "ok": False, "title": None, "errors": [], "warnings": [], "notes": []}
    try:
        if problem is not None:
            raise problem
        rs = load_ruleset(name, allow_outside=allow_outside)
    except RulesError as exc:
        outcome["errors"] = [_issue(e) for e in _errors(exc)]
        if not quiet:
            fail(exc)
        return outcome
    outcome["title"] = rs.title
    outcome["warnings"] = [_issue(w) for w in rs.warnings]
    notes = [_issue(n) for n in rs.notes]
    instead = bundled_note(name)
    if instead is not None:  # a file name that is not there, read as the bundled ruleset
        notes.insert(0, {"file": name, "line": None, "column": None, "path": None, "message": instead, "expected": None})
    outcome["notes"] = notes
    outcome["ok"] = not (strict and rs.warnings)
    count = len(rs.warnings)
    warned = f"{count} warning{'s' if count != 1 else ''}"
    first = "ok" if not rs.warnings else (f"{warned}, not ok with --strict" if strict else f"valid, with {warned}")
    if not deep:
        if not quiet:
            say(f"{name}: {first} ({rs.title})")
            note_bundled_instead(name)
            note_all(rs.notes)
            warn_all(rs.warnings)
        return outcome
    from interpreter.sim.deep import deep_check

    try:  # a stop signal (held back by validate() elsewhere) raises Stopped here, for validate() to say
        with stops_let_through(), progress_bar(deals, f"{rs.name}: playing", unit="deals") if not quiet else nullcontext(_ignore) as advance:
            report = deep_check(rs, deals, seed, progress=advance)
    except RulesError as exc:  # e.g. a scoring expression that divides by zero in play
        outcome["ok"] = False
        outcome["errors"] = [_issue(e) for e in _errors(exc)]
        if not quiet:
            fail(exc)
        return outcome
    outcome["deep"] = report.to_json()
    outcome["ok"] = outcome["ok"] and report.ok
    if not quiet:
        defects = len(report.defects)
        verdict = first if report.ok else f"valid, but {defects} defect{'s' if defects != 1 else ''} in play"
        if not report.ok and rs.warnings:
            verdict += f" and {warned}"
        say(f"{name}: {verdict} ({rs.title})")
        note_bundled_instead(name)
        note_all(rs.notes)
        warn_all(rs.warnings)
        for line in report.lines():
            say("  " + line)
    return outcome


def _ignore(done: int) -> None:
    """Progress nobody watches (--json)."""


def new(
    file: Annotated[Path, typer.Argument(help="The house-rules file to write.", parser=output_file_name)],
    base: Annotated[str, typer.Option("--from", help="The ruleset to extend: a bundled name or a path.")],
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    allow_outside: AllowOutside = False,
) -> None:
    """Write a commented house-rules skeleton that extends the ruleset given with --from.

    FILE must end in .yaml or .yml.
    """
    from interpreter.play.recordfile import inputs_of, why_not_writable, write_file
    from interpreter.text.skeleton import shell_word, skeleton

    _check_rule_file_name(file)
    _check_shown_as_typed(str(file), "FILE")
    refused = why_not_writable(file, [])  # a FIFO or a device is refused before anything else
    if refused is None and file.exists() and not force:
        raise usage_error(f"FILE: {file} already exists (use --force to overwrite it)")  # labelled as its other refusals
    rs = ruleset_or_exit(base, allow_outside=allow_outside)
    refused = refused or why_not_writable(file, inputs_of(rs, f"the ruleset --from {base} names"))
    if refused is not None:
        raise usage_error(f"FILE: {file} {refused}; choose another file")  # named as --record and --html name theirs
    ref = _extends_reference(base, file)
    _check_shown_as_typed(ref, "--from")
    if names_outside(ref) and not allow_outside:
        raise usage_error(
            f"{file} would extend {ref}, outside its own folder, which rule files may not name; "
            f"write it next to {base} or in a folder below it (or pass --allow-outside, and use it to validate and play the file too)"
        )
    try:
        write_file(file, skeleton(rs, ref, file))
    except OSError as exc:
        raise usage_error(f"FILE: cannot write {file}: {exc.strerror or exc}") from None
    say(f"wrote {file} (extends {ref}); edit it, then: rules validate {shell_word(str(file))} --deep")


def _check_rule_file_name(file: Path) -> None:
    """Refuse a FILE that does not end in ``.yaml`` or ``.yml`` (in any case), before anything
    is read: ``rules validate`` given a folder checks only such files, an editor offers the
    schema's completion only for them, and a bare name (``schnapsen``) would stand, in its
    folder, for the bundled ruleset of that name in every command -- its own ``extends:``
    included.  Refused rather than renamed, so the file written is the file named."""
    if file.suffix.lower() in RULE_FILE_SUFFIXES and file.stem:
        return
    stem = file.stem if file.suffix.lower() not in RULE_FILE_SUFFIXES else ""
    better = f"; e.g. {file.with_name(f'{stem}.yaml')}" if stem and not stem.startswith(".") else ""
    raise usage_error(f"FILE: {file} is not a rule file name (expected a name ending in .yaml or .yml{better})")


def _check_shown_as_typed(name: str, option: str) -> None:
    """Refuse a name with a control or invisible character in it (a line break, a tab, a bidi
    override: what :func:`~interpreter.core.printable.printable` escapes), before anything is
    written.  The new file and ``rules new`` suggest commands that name it (``rules validate
    FILE --deep``), each on one line; such a character can only be shown there as an escape
    (``'a\\nb.yaml'``), which a shell reads as other characters, so the command would name
    another file."""
    odd = next((char for char in name if printable(char) != char), None)
    if odd is not None:
        raise usage_error(
            f"{option}: {shown_value(name)} holds the character {shown_value(odd)}, which a command to copy into a shell "
            "cannot show as it is (expected a name without control or invisible characters)"
        )


def _extends_reference(base: str, file: Path) -> str:
    """How the new ``file`` names BASE in its ``extends:``, so that it loads from where it is written."""
    found = find_ruleset(base)
    if found is None:
        return base
    path = resolved(found)
    bundled = bundled_copy(path)
    if bundled is not None:
        return bundled  # a bundled ruleset (or a checkout's copy of one) is named, wherever it was found
    folder = resolved(file).parent
    shared = os.path.commonpath([path, folder])
    return str(path) if shared == folder.anchor else os.path.relpath(path, folder)


def describe(
    ruleset: Annotated[str, typer.Argument(help="A ruleset file or bundled name.")],
    fmt: Annotated[str, typer.Option("--format", help="md or html.", callback=lowercase)] = "md",
    allow_outside: AllowOutside = False,
) -> None:
    """Print the complete rulebook of a ruleset in plain sentences (house rules: differences first)."""
    from interpreter.text.describe import base_of, rulebook

    if fmt not in ("md", "html"):
        raise usage_error(f"--format: '{fmt}' is not a format (expected md or html)")
    rs = ruleset_or_exit(ruleset, allow_outside=allow_outside)
    try:
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
    """List the rule-level differences between two rulesets, one line each.

    Then, if B is a house file, the keys it sets that have no effect, each marked "(no effect: why)".
    """
    from interpreter.text.diff import changes_to_json, diff_rulesets, inert_settings

    ra, rb = ruleset_or_exit(a, allow_outside=allow_outside), ruleset_or_exit(b, allow_outside=allow_outside)
    changes = diff_rulesets(ra, rb) + inert_settings(ra, rb)
    if as_json:
        say(json_text(changes_to_json(changes), ensure_ascii=True))
        return
    if not changes:
        say("no differences")
    for change in changes:
        say(change.text)


def schema() -> None:
    """Print the JSON Schema of ruleset files."""
    say(json_text(load_schema(), ensure_ascii=True, indent=2), multiline=True)
