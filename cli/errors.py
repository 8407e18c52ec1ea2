"""How every command fails: one message per problem on stderr, then exit status 2.

A :class:`~interpreter.core.errors.RulesError` already knows its file, line and column, so the
commands only print it; sharing these two helpers keeps the format and the status the same
everywhere, which scripts and the documentation rely on.  They return the ``typer.Exit``
instead of raising it, so each call site reads ``raise fail(exc)`` and the type checker sees
the branch end.

The same goes for a mistake that the command-line parser finds before any command runs (a
value that is not a number, an unknown option, a missing argument): :func:`parser_message`
words it as one line, and :mod:`cli.main` prints it the same way.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click
import typer

from cli.output import warn
from interpreter.core.arguments import shown_value
from interpreter.core.errors import ErrorList, RulesError
from interpreter.core.printable import printable

if TYPE_CHECKING:
    from interpreter.play.record import Record
    from interpreter.play.session import TableSession, TrustOption
    from interpreter.rules.ruleset import Ruleset


def worded(e: RulesError) -> RulesError:
    """An error as the command line says it: a refused reference names ``--allow-outside``
    (the library's message names the Python parameter)."""
    from interpreter.rules.references import RefusedReferenceError

    return e.for_command_line() if isinstance(e, RefusedReferenceError) else e


def fail(error: RulesError) -> typer.Exit:
    """Print a located error (or several) on stderr; the caller raises the returned Exit(2)."""
    errors = [worded(e) for e in (error.errors if isinstance(error, ErrorList) else [error])]
    for e in errors:
        # str(e) is escaped already, its only line breaks those of an expression error's caret
        warn(f"error: {e}" if e.file is None else str(e), multiline=True)
    return typer.Exit(2)


def error_line(error: RulesError) -> str:
    """The error as :func:`fail` says it, in one line and without the ``error: `` head: the
    ``"error"`` of a long run's ``--json`` (``rules arena``, ``simulate`` ...), so that a script
    tells a run cut short by an error from one stopped by Ctrl-C without reading stderr.  Several
    errors are joined by ``; ``, and an expression's caret lines (which point into the line
    above them on a terminal) are left out."""
    errors = [worded(e) for e in (error.errors if isinstance(error, ErrorList) else [error])]
    return "; ".join(_one_line(str(e)) for e in errors)


def _one_line(text: str) -> str:
    """An error's text without its caret lines: the first line, and what follows the caret on
    the last (the ``(expected ...)`` that ``str`` appends after it)."""
    first, *rest = text.split("\n")
    return first + (rest[-1].strip().removeprefix("^") if rest else "")


def usage_error(message: str) -> typer.Exit:
    """Print a bad option or argument as ``error: MESSAGE``; the caller raises the returned Exit(2)."""
    warn(f"error: {message}")
    return typer.Exit(2)


# --------------------------------------------------------------------------- the parser's errors
#: Values that people type after a flag, which takes none (``--json true``).
_FLAG_WORDS = frozenset({"true", "false", "yes", "no", "on", "off", "1", "0"})
#: click's refusal of a value it could not read as a whole number (quoted in full, however long).
_NOT_AN_INT = re.compile(r"'(.*)' is not a valid integer(?: range)?", re.DOTALL)
#: A whole number as the options take them (no sign but '-', no '_', no spaces) that ``int()``
#: refuses for its length: more than 4,300 digits.
_MANY_DIGITS = re.compile(r"-?[0-9]{4301,}")
#: click's words for arguments left over after the command's own.
_EXTRA = re.compile(r"Got unexpected extra arguments? \((.*)\)")


def parser_message(error: click.UsageError) -> str:
    """A mistake found by the command-line parser (click), as the one line that follows
    ``error:``, in the words the commands use for their own usage errors
    (``--deals: 0 is below 1``).  Where the command's own help lists what was expected (an
    option, an argument, a command), the line points to it."""
    ctx = error.ctx
    where = f"see '{ctx.command_path} --help'" if ctx is not None else "see 'rules --help'"
    if isinstance(error, click.MissingParameter) and error.param is not None:
        param = error.param
        if isinstance(param, click.Option):
            return f"missing option {param.opts[-1]}; {where}"
        return f"missing argument {_argument_name(param)}; {where}"
    if isinstance(error, click.BadParameter) and error.param is not None:
        param = error.param
        name = param.opts[-1] if isinstance(param, click.Option) else _argument_name(param)
        return f"{name}: {_bad_value(error, param)}"
    if isinstance(error, click.NoSuchOption):
        return f"no such option {error.option_name}{_suggest(error.possibilities, quote=False)}; {where}"
    if isinstance(error, click.exceptions.NoSuchCommand):
        return f"no such command '{error.command_name}'{_suggest(error.possibilities)}; {where}"
    if isinstance(error, click.BadOptionUsage) and error.message.endswith("requires an argument."):
        return f"{error.option_name} needs a value"
    text = " ".join(error.format_message().split()).rstrip(".")
    if isinstance(error, click.BadOptionUsage):  # a value given to a flag (--json=1): the help says which options take one
        return f"{text[:1].lower() + text[1:]}; {where}"
    extra = _EXTRA.fullmatch(text)
    if extra:
        words = extra.group(1).split()
        if not words:  # '' or blanks (an empty "$VAR" in a script): click's message shows nothing to quote
            return f"unexpected empty argument ''; {where}"
        text = f"unexpected argument{'s' if len(words) > 1 else ''} {' '.join(repr(w) for w in words)}"
        if words[0].lower() in _FLAG_WORDS:
            text += " (an option such as --json is a flag: it takes no value)"
        return f"{text}; {where}"
    return (text[:1].lower() + text[1:]) if text[:2] != text[:2].upper() else text


def _argument_name(param: click.Parameter) -> str:
    """An argument as the usage line names it: ``RULESET``."""
    return (param.metavar or param.name or "argument").upper()


def _suggest(possibilities: list[str] | None, *, quote: bool = True) -> str:
    if not possibilities:
        return ""
    return " (did you mean " + " or ".join(f"'{p}'" if quote else p for p in sorted(possibilities)) + "?)"


def _bad_value(error: click.BadParameter, param: click.Parameter) -> str:
    """Why a value was refused: a range in words, else click's reason without its final stop."""
    from interpreter.rules.yamlsource import shorten

    kind = param.type
    if isinstance(kind, (click.IntRange, click.FloatRange)) and " is not in the range " in error.message:
        value = shorten(error.message.split(" is not in the range ")[0])  # 4,300 digits are quoted by their first few
        low, high = kind.min, kind.max
        if low is not None and high is not None:
            return f"{value} is out of range (expected {low} to {high})"
        if low is not None:
            return f"{value} is below {low} (expected {low} or more)"
        return f"{value} is above {high} (expected {high} or less)"
    text = " ".join(error.message.split()).rstrip(".")
    refused = _NOT_AN_INT.fullmatch(error.message.strip().rstrip("."))
    if refused:
        value = refused.group(1)
        if _MANY_DIGITS.fullmatch(value):  # int() refuses it, and click calls that no integer: it is one, out of range
            size = "small" if value.startswith("-") else "large"
            return f"{shown_value(value)} is too {size} (a whole number of {len(value.lstrip('-')):,} digits; expected {_int_range(kind, size)})"
        return f"{shown_value(value)} is not a valid integer (expected {_whole_number(kind)})"  # quoted by its first characters, however long
    return text.replace("a valid integer range", "a valid integer").replace("a valid float range", "a valid number")


def _whole_number(kind: object) -> str:
    """What a value that is no whole number should have been: the option's range where its
    type holds both ends (a port: ``0 to 65535``), else a whole number from its lower end --
    in digits, since the CLI refuses what ``int()`` would take besides (``+5``, ``1_000``,
    `` 5 ``: :mod:`cli.numbers`)."""
    low = getattr(kind, "min", None)
    high = getattr(kind, "max", None)
    if low is not None and high is not None:
        return f"{low} to {high}"
    return f"a whole number in digits, {low} or more" if low is not None else "a whole number in digits"


def _int_range(kind: object, size: str) -> str:
    """What a whole number too ``size`` ("large", "small") for ``int()`` should have been: the
    option's range where its type says it (``0 to 9223372036854775807``), else a smaller (or
    larger) number -- a range a check after the parser holds is said there, for numbers it reads."""
    low = getattr(kind, "min", None)
    high = getattr(kind, "max", None)
    if low is not None and high is not None:
        return f"{low} to {high}"
    if size == "large":
        return f"{high} or less" if high is not None else "a smaller number"
    return f"{low} or more" if low is not None else "a larger number"


def ruleset_or_exit(name: str, *, allow_outside: bool = False) -> Ruleset:
    """The ruleset a command was given (a file or a bundled name), or its located error and exit 2."""
    from interpreter.rules.loader import load_ruleset

    try:
        rs = load_ruleset(name, allow_outside=allow_outside)
    except RulesError as exc:
        raise fail(exc) from None
    note_bundled_instead(name)
    warn_migrations(rs)
    return rs


def record_or_exit(path: str, *, allow_outside: bool = False) -> Record:
    """The record a command was given, or its located error and exit 2; the keys of an earlier
    version in the ruleset its ``ruleset:`` names are said as for a ruleset named on the
    command line (:func:`warn_migrations`)."""
    from interpreter.play.record import load_record

    try:
        rec = load_record(path, allow_outside=allow_outside)
    except RulesError as exc:
        raise fail(exc) from None
    warn_migrations(rec.ruleset)
    return rec


#: Where :func:`warn_migrations` keeps what one command has said (in the root click context's
#: ``meta``, which lives as long as the command: a test's next command starts afresh).
_SAID = "cli.errors.migrations_said"


def warn_migrations(rs: Ruleset) -> None:
    """Say on stderr the warnings at the keys of an earlier version in ``rs`` (its own file or
    a base it extends), as ``rules validate`` says them: every command that loads a ruleset --
    named on the command line or by a record's ``ruleset:`` -- says what to change, in the same
    words and place, where it would otherwise play the old file in silence.  Each is said once
    per command, although a command may load the same file twice (``rules run --resume REC
    RULESET``: the record's ruleset and the one named).  Stdout stays for the results."""
    from interpreter.rules.migrations import MigrationWarning

    ctx = click.get_current_context(silent=True)
    said: set[str] = ctx.find_root().meta.setdefault(_SAID, set()) if ctx is not None else set()
    fresh = [w for w in rs.warnings if isinstance(w, MigrationWarning) and str(w) not in said]
    said.update(str(w) for w in fresh)
    warn_all(fresh)


def bundled_instead(name: str) -> str | None:
    """The bundled ruleset a ruleset argument spelled as a file was read as, because no such
    file is there (``schnapsen.yaml``, ``rulesets/schnapsen.yaml`` outside a checkout); ``None``
    for a file that exists, a bundled name as such (``schnapsen``) or no ruleset at all.  Asked
    of the loader's own look-up (:func:`~interpreter.rules.resources.find_ruleset`), so it
    cannot drift from what was loaded."""
    from interpreter.rules.resources import bundled_rulesets, find_ruleset

    bundled = bundled_rulesets()
    if name in bundled:
        return None
    found = find_ruleset(name)
    try:
        if found is None or Path(name).is_file():
            return None
    except OSError:  # a name too long for the file system is no file
        pass
    return next((key for key, path in bundled.items() if path == found), None)


def note_bundled_instead(name: str) -> None:
    """Say on stderr, as a note (no exit status changes), that a ruleset file named on the
    command line is not there and the bundled ruleset of that name is used instead -- what the
    loader does silently, and what a note says for an ``extends:`` spelled so
    (:class:`~interpreter.rules.references.ReferenceNote`).  Whoever typed ``myrules.yaml``
    may have meant a file of their own, in another folder."""
    said = bundled_note(name)
    if said is not None:
        warn("note: " + said)


def bundled_note(name: str) -> str | None:
    """The note of :func:`note_bundled_instead` (without ``note:``), or ``None`` where there is
    none: ``rules validate --json`` lists it among a file's notes."""
    instead = bundled_instead(name)
    return None if instead is None else f"no file '{name}' in the working folder, so the bundled ruleset '{instead}' is used instead"


def note_all(notes: Sequence[RulesError]) -> None:
    """Each note on stderr: ``file:line:col: key.path: note: what (expected ...)``; a remark
    on how something was read, which changes no exit status."""
    for n in notes:
        text = str(n)
        prefix = n.prefix()
        warn(prefix + "note: " + text[len(prefix):])


def warn_all(warnings: Sequence[RulesError]) -> None:
    """Each warning on stderr: ``file:line:col: key.path: warning: what (expected ...)``."""
    for w in warnings:
        text = str(w)
        prefix = w.prefix()
        warn(prefix + "warning: " + text[len(prefix):])


def session_or_exit(
    path: Path, practice: bool, allow_outside: bool, opponent: str | None, *, kinds: Sequence[str] | None = None,
    trust_option: TrustOption = "--opponent",
) -> TableSession:
    """The match of a record to go on with (``rules play --resume``, in the terminal or in a
    browser tab; ``rules run --resume``), or a located error and exit 2.  A trained policy the
    record seats is seated only when ``opponent`` (the person's own ``--opponent``) names it;
    ``kinds`` (``rules run --resume --players``) seats those kinds instead, trusted as the
    person's own; ``trust_option`` is the option of the command in use that a refused policy
    seat is to be asked for with (``--players`` for ``rules run``).  A record that another
    ``rules`` process is writing (a table already going on with it) is refused here too."""
    from interpreter.play.recordfile import RecordNotWritten
    from interpreter.play.session import resume

    trusted = ([opponent] if opponent is not None else []) + list(kinds or ())
    try:  # a missing file or a folder is said as every reader says it (cannot read file: ...)
        session = resume(path, practice=practice, allow_outside=allow_outside, trusted=trusted, kinds=kinds, trust_option=trust_option)
    except RulesError as exc:
        raise fail(exc) from None
    except RecordNotWritten as exc:
        raise usage_error(f"--resume: {exc}") from None
    warn_migrations(session.rs)
    return session


def check_page_path(path: Path, inputs: Sequence[tuple[Path, str]], option: str = "--html") -> None:
    """Refuse, before any work, a page (``--html FILE``) that may not be written: one of the
    command's ``inputs``, a folder, a file of the project (:func:`why_not_writable`), or a
    path in a folder where no file can be made -- tried by making (and removing) an empty
    file beside it, as :func:`write_page` will make its new file there: the permission bits
    do not tell (``/proc`` looks writable to root, yet nothing can be made in it), and a
    long analysis should not end in a page that cannot be written."""
    from interpreter.play.recordfile import why_not_writable

    refused = why_not_writable(path, inputs)
    if refused is None:
        try:
            handle, trial = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        except OSError as exc:
            # said of the folder: the trial file is new there, and "/proc/version cannot be
            # written: No such file or directory" read as if the page's own file were missing
            folder = f"the working folder ({Path.cwd()})" if str(path.parent) == "." else f"its folder {path.parent}"
            refused = f"cannot be written: {folder} cannot take a new file ({exc.strerror or exc})"
        else:
            os.close(handle)
            os.unlink(trial)
    if refused is not None:
        raise usage_error(f"{option}: {path} {refused}; choose another file")


def write_page(path: Path, text: str, what: str, option: str = "--html") -> None:
    """Write a page atomically and say so on stderr; a failure is one message and exit 2.

    The page passes through :func:`~interpreter.core.printable.printable` as a whole, as
    ``rules describe --format html`` does on its way out (:func:`cli.output.say`): whatever it
    quotes from a file -- a title, a file name, a seat's kind, why a run stopped -- shows a
    control character or a bidi override as its visible escape (``\\x1b``, ``\\u202e``), not raw
    in the page's ``<title>`` and text.  The page's own markup holds none of them, and line
    breaks and tabs are only layout in HTML, so nothing else changes."""
    from interpreter.play.recordfile import write_file

    try:
        write_file(path, printable(text, multiline=True))
    except OSError as exc:
        raise usage_error(f"{option}: cannot write {path}: {exc.strerror or exc}") from None
    warn(f"{what} written to {path}")
