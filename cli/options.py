"""Options that several commands share, defined once so that their names and help agree."""

from __future__ import annotations

import errno
import math
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import click
import typer

from interpreter.core.arguments import shown_value
from interpreter.play.seatkinds import canonical_kind

if TYPE_CHECKING:
    from interpreter.rules.ruleset import Ruleset

AllowOutside = Annotated[bool, typer.Option(
    "--allow-outside",
    help="Let rule files and records name files outside their own folder (absolute paths, '..'). Only for files you trust (docs/security.md).",
)]


def names_outside(reference: str) -> bool:
    """Whether a reference written into a file (an ``extends:``, a record's ``ruleset:``) leaves
    the folder of that file, so that reading it back needs ``--allow-outside``."""
    return os.path.isabs(reference) or reference.replace("\\", "/").split("/")[0] == ".."


def lowercase(value: str | None) -> str | None:
    """Option callback: a choice is matched whatever its case (``--backend LOCAL``, bot ``GREEDY``)."""
    return value.lower() if value is not None else None


def lowercase_all(values: list[str] | None) -> list[str] | None:
    """:func:`lowercase` for an option or argument that takes several values."""
    return [v.lower() for v in values] if values is not None else None


def bot_kind(value: str | None) -> str | None:
    """Option callback for a bot kind: kept as typed (spaces around it aside), so that a
    message quotes what was typed; :func:`checked_bot` gives the kind as it is kept (names and
    levels in lower case: ``GREEDY`` is ``greedy``)."""
    return _as_typed(value) if value is not None else None


def _as_typed(kind: str) -> str:
    """A bot kind without the spaces around it -- unless it is nothing but spaces, which is
    kept as it is, so that its message quotes what was typed (``unknown bot kind ' '``, not
    ``''``, which reads as nothing given at all)."""
    return kind.strip() or kind


def bot_kinds(values: list[str] | None) -> list[str] | None:
    """:func:`bot_kind` for an option or argument that takes several bot kinds."""
    return [k for k in map(bot_kind, values) if k is not None] if values is not None else None


def checked_bot(kind: str, rs: Ruleset, option: str, also: tuple[str, ...] = ()) -> str:
    """``kind`` as it is kept (:func:`~interpreter.play.seatkinds.canonical_kind`: ``GREEDY``
    is ``greedy``), once a bot of it could be built for ``rs`` (``make_agent`` knows the kinds:
    a name, a search level, a policy to import); else one line naming the option and what it
    takes (the bot kinds, and ``also``, such as ``human``), exit 2, quoting the kind as typed
    and naming the kind it was probably meant to be (``did you mean 'greedy'?``, as ``validate``
    does for a key).  A policy that cannot be loaded is said without the list of kinds: its kind was right, its
    module or name is not; so is a search option the search does not take (its message lists
    the search's forms)."""
    from cli.errors import usage_error
    from interpreter.play.bots import BOT_KINDS, make_agent, unknown_kind
    from interpreter.play.bots.search_bot import LEVELS, BudgetTooLarge
    from interpreter.rules.suggest import suggest_word

    try:
        make_agent(kind, rs, 0)
    except (ValueError, TypeError, ImportError, OSError) as exc:
        if kind.startswith("policy:") or isinstance(exc, BudgetTooLarge):  # the kind is right; what it names or asks is not
            raise usage_error(f"{option}: {exc}") from None
        if kind.lower().startswith("search:"):  # a search bot's option: its message says what the search takes
            raise usage_error(f"{option}: {exc}") from None
        guess = suggest_word(canonical_kind(kind), [*BOT_KINDS, *also, *(f"search:{level}" for level in LEVELS)]) if kind.strip() else None
        hint = f" (did you mean '{guess}'?)" if guess else ""
        raise usage_error(f"{option}: {unknown_kind(kind, also, hint)}") from None
    return canonical_kind(kind)


def seat_list(players: str, rs: Ruleset, option: str, also: tuple[str, ...] = ()) -> list[str]:
    """A ``--players`` value split into one seat kind per comma, each as typed (checked by the
    caller, with :func:`checked_bot`); nothing at all given is one line and exit 2, in the same
    words for every command (``no seat kinds given``)."""
    from cli.errors import usage_error

    if not players.strip():
        raise usage_error(f"{option}: no seat kinds given (expected {rs.players.count} of: {_kinds(also)}, comma-separated)")
    return [_as_typed(kind) for kind in players.split(",")]


def check_seat_count(kinds: list[str], rs: Ruleset, option: str, also: tuple[str, ...] = ()) -> None:
    """One seat kind per seat of ``rs``, or one line and exit 2 (the same words for every command)."""
    from cli.errors import usage_error

    n = rs.players.count
    if len(kinds) != n:
        raise usage_error(f"{option}: {rs.title} has {n} seats, got {len(kinds)} kind{'s' if len(kinds) != 1 else ''} (expected {n} of: {_kinds(also)})")


def _kinds(also: tuple[str, ...]) -> str:
    from interpreter.play.bots import BOT_KINDS

    return ", ".join(BOT_KINDS + also)


def seed_in_range(value: int | None) -> int | None:
    """Option callback for every ``--seed``: one range everywhere, 0 to
    :data:`~interpreter.engine.match.SEED_MAX`, checked before anything is played, so that a
    record holds the seed it was played from and ``rules replay`` reads it back."""
    from interpreter.engine.match import SEED_MAX

    if value is not None and not 0 <= value <= SEED_MAX:
        from interpreter.rules.yamlsource import shorten  # a seed of 4,300 digits is quoted by its first few

        raise typer.BadParameter(f"{shorten(str(value))} is out of range (expected 0 to {SEED_MAX})")
    return value


def number_in_range(param: typer.CallbackParam, value: float | None) -> float | None:
    """Option callback for every number with a range (``--bot-delay``, ``--close-idle``): NaN
    is refused in the range's words, as ``inf`` and ``-1`` are by click's range check -- which
    lets NaN through, since every comparison with it is false (a ``--close-idle nan`` table
    would never close)."""
    if value is not None and math.isnan(value):
        kind = param.type
        if isinstance(kind, click.FloatRange) and kind.min is not None and kind.max is not None:
            raise typer.BadParameter(f"{value} is out of range (expected {kind.min} to {kind.max})")
        raise typer.BadParameter(f"{value} is not a number")
    return value


def worker_count(jobs: int | None) -> int:
    """``--jobs`` as the number of worker processes: every CPU of this machine by default,
    and never more (:func:`interpreter.sim.workers.worker_count`), which is said once on
    stderr when it caps what was asked for.  The figures are the same whatever it is."""
    from cli.output import warn
    from interpreter.sim import workers

    if jobs is None:
        return workers.available_cores()
    used = workers.worker_count(jobs)
    if used < jobs:
        plural = "s" if used > 1 else ""
        warn(f"--jobs {jobs}: using {used} worker{plural}, the CPU{plural} of this machine")
    return used


def iterations_in_range(value: int) -> int:
    """Option callback for every ``--iters``: the limit of a search's budget that
    ``search:iters=N`` has too (:data:`~interpreter.play.bots.search_bot.ITERATIONS_LIMIT`),
    checked before anything is read or played."""
    from interpreter.play.bots.search_bot import BudgetTooLarge, check_iterations
    from interpreter.rules.yamlsource import shorten  # 4,300 digits are quoted by their first few

    try:
        check_iterations(value, shorten(f"{value:,}"))
    except BudgetTooLarge as exc:
        raise typer.BadParameter(str(exc)) from None
    return value


def file_name(value: str) -> Path:
    """The ``parser`` of every option and argument that names a file (``--resume``, ``--review``;
    through :func:`output_file_name`, ``--record``, ``--html`` and ``rules new FILE``): ``Path('')`` is the working folder, so an
    empty name would be read, or refused, as ``.``; it is said as what it is instead, in the
    words of a rule file or record named by an empty string (``an empty file name``).  A name
    ending in a separator names a folder, which ``Path`` would quietly drop: ``rules new
    dir.yaml/`` wrote the file ``dir.yaml``."""
    seps = (os.sep, os.altsep) if os.altsep else (os.sep,)
    if str(value).strip() and str(value).endswith(seps):
        raise typer.BadParameter(f"{shown_value(value)} ends in {value[-1]!r}, so it names a folder (expected the name of a file)")
    return _named(value, "file")


def output_file_name(value: str) -> Path:
    """:func:`file_name` for an option or argument that names a file to write (``--record``,
    ``--html``, ``rules new FILE``): a symbolic link that leads nowhere is refused as well.
    A file is written through a link, so the new file would be made where the link points,
    somewhere else than the name typed (``rules new house.yaml`` made ``../other/x.yaml``),
    or not at all where its folder is missing; it is said before anything is played or read,
    naming where the link leads, and nothing is made.

    ``-`` is refused too (:func:`_refuse_dash`): other tools read it as standard output, but
    here it would quietly make a file named ``-`` (and the next ``--html -`` overwrite it).
    ``./-`` names that file if it is really wanted."""
    _refuse_dash(value, "file")
    path = file_name(value)
    _reachable(value, path, "file")
    if path.is_symlink() and not _leads_somewhere(path):
        from interpreter.rules.yamlsource import shorten

        try:
            target = os.readlink(path)
        except OSError as exc:  # gone or changed since: said as what the link was
            target = exc.strerror or str(exc)
        raise typer.BadParameter(f"{shorten(value, 200)} is a link that leads nowhere: {shorten(target, 200)} "
                                 f"(expected a file, or a link to one, to write)")
    return path


def folder_name(value: str) -> Path:
    """:func:`file_name` for an option that names a folder to write in (``rules serve --data``)."""
    _refuse_dash(value, "folder")
    path = _named(value, "folder")
    _reachable(value, path, "folder")
    return path


def _reachable(value: str, path: Path, what: str) -> None:
    """Refuse a file or folder to write that the system cannot even look up: a name too long
    (a part over 255 bytes, or the whole over 4,095 on Linux), a file where a folder should be
    on the way, a folder on the way that may not be entered, a symbolic link to a name too
    long.  Every later look at the name (``is_symlink``, ``exists``, the write itself) raised
    these as an ``OSError`` traceback; they are said here, in the read side's words (``NAME:
    cannot read file: File name too long``), before anything is played or read.  A name that
    does not exist yet, or whose folder does not, and a loop of links, are left to the checks
    made before writing, which say which folder is missing or where the loop is."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # said by the checks that follow, as a loop at the name itself is
            return
        raise _unwritable(value, exc, _instead(exc, path, what), what) from None
    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise _unwritable(value, exc, f"a link to a shorter {what} name", what) from None


def _unwritable(value: str, exc: OSError, instead: str, what: str) -> typer.BadParameter:
    """The one line that refuses ``value`` for ``exc``, its name cut short as every message cuts it."""
    return typer.BadParameter(f"{shown_value(value)}: cannot write {what}: {exc.strerror or exc} (expected {instead})")


def _instead(exc: OSError, path: Path, what: str) -> str:
    """What a name that :func:`_reachable` refuses for ``exc`` should be instead."""
    if exc.errno == errno.ENAMETOOLONG:
        return f"a shorter {what} name"
    if exc.errno == errno.ENOTDIR:
        for folder in reversed(path.parents):  # the first part of the way that is no folder
            if os.path.lexists(folder) and not os.path.isdir(folder):
                return f"folders on the way; {shown_value(str(folder))} is not one"
        return "folders on the way"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "folders on the way that you may enter"
    return f"a {what} that may be written"


def _leads_somewhere(link: Path) -> bool:
    """Whether the symbolic link ``link`` leads to something; a target the system cannot look
    up (a name too long, a loop) leads nowhere, where ``Path.exists`` raised for some."""
    try:
        return link.exists()
    except OSError:
        return False


def _refuse_dash(value: str, what: str) -> None:
    """Refuse ``-`` for a file or folder that is written: see :func:`output_file_name`."""
    if value == "-":
        raise typer.BadParameter(
            f"'-' would make a {what} named '-' (it does not mean standard output here); name a {what}, or ./- for one named '-'")


def _named(value: str, what: str) -> Path:
    if not str(value).strip():
        raise typer.BadParameter(f"an empty {what} name (expected the name of a {what})")
    return Path(value)
