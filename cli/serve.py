"""The ``serve`` command: the card room in the browser (docs/serve.md).

Everything that can be wrong with the command line (the data folder, the address) is refused
here with one message and exit status 2; the room itself is :mod:`cli.room`, imported only
when the server starts, so ``rules --help`` stays fast and works without the ``serve`` extra.
"""

from __future__ import annotations

import errno
import ipaddress
import logging
import os
import re
import signal
import socket
import sqlite3
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager, suppress
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cli.errors import usage_error
from cli.options import folder_name, number_in_range
from cli.output import warn
from cli.room import IDLE_DAYS, PRIVATE_FOLDER, datalock
from cli.room.store import FILE_NAME, Store, Unreadable, refused
from cli.table.web import listen

if TYPE_CHECKING:
    from starlette.applications import Starlette

DEFAULT_PORT = 8066
#: The environment variable that sets how much the server logs (docs/serve.md).
LOG_VARIABLE = "RULES_SERVE_LOG"
#: Its levels, least said first -- uvicorn's own (``uvicorn.config.LOG_LEVELS``), written out
#: here so that the check needs no import of the server.
LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")
DEFAULT_LOG_LEVEL = "warning"

#: The environment variable naming the proxies whose ``X-Forwarded-`` headers are believed
#: (uvicorn's: docs/serve.md), and what uvicorn takes where it is unset.
FORWARDED_VARIABLE = "FORWARDED_ALLOW_IPS"


def _spelled(text: str) -> str:
    """A pattern for ``text`` as a request's path may spell it: each character itself or
    percent-encoded (``/%74/`` is ``/t/`` to the router, which reads the decoded path, while
    uvicorn logs the path as it came)."""
    return "".join(f"(?:{re.escape(c)}|%(?i:{ord(c):02x}))" for c in text)


#: The paths that carry a link (a seat's or the spectator's key: docs/security.md) after them,
#: however they are spelled: group 1 is the path up to the link, group 2 the link.  The path's
#: first ``/`` may be encoded too, or missing (a request target ``%2Ft/LINK`` or ``t/LINK``:
#: the server reads it as ``/t/LINK``), and more than one ``/`` may stand before the link.
SLASH = "(?:/|%2[fF])"
LINK_IN_PATH = re.compile(f"((?:{SLASH}|^|(?<=[\\s\"']))(?:" + "|".join(_spelled(prefix) for prefix in ("t", "ws", "api/record", "api/house"))
                          + f"){SLASH}+)" + r"((?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2})+)")


#: What a link in a path becomes: the path before it kept as it was spelled, the link ``...``.
CUT = r"\1..."


class HideLinks(logging.Filter):
    """Cut the links out of what the server logs (``RULES_SERVE_LOG=info`` logs every request
    and WebSocket with its path, and a path such as ``/t/LINK`` is the key to a seat): the
    path is kept, the link becomes ``...``, so a log file or a shared terminal holds no key.

    A text argument is cut where it is (uvicorn's access formatter reads its arguments one by
    one); any other -- ``RULES_SERVE_LOG=trace`` logs each connection's ASGI scope, a dict
    whose ``path`` and ``raw_path`` (bytes) hold the link -- by cutting the message it makes."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = LINK_IN_PATH.sub(CUT, record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(LINK_IN_PATH.sub(CUT, a) if isinstance(a, str) else a for a in record.args)
        try:
            message = record.getMessage()
        except Exception:  # arguments that do not fit the message: logging says so itself, with no link made
            return True
        if LINK_IN_PATH.search(message):  # in an argument of another kind: the message made, then cut
            record.msg, record.args = LINK_IN_PATH.sub(CUT, message), ()
        return True


def hide_links() -> None:
    """Put :class:`HideLinks` on every handler of uvicorn's log (after its config has set the
    log up), so that it sees every line of every logger of uvicorn's: a filter of a logger sees
    that logger's own lines alone, and the trace of each connection comes from ``uvicorn.asgi``."""
    hide = HideLinks()
    for name in ("uvicorn", "uvicorn.access"):
        for handler in logging.getLogger(name).handlers:
            handler.addFilter(hide)


class ClientTextNotUtf8(logging.Filter):
    """A WebSocket text message that is not UTF-8 is the client's fault, which the client is
    told (uvicorn closes its connection with 1007, invalid data); uvicorn logged it as an
    ERROR with a traceback, as if the server had failed.  Said in one warning line instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, UnicodeDecodeError) and "UTF-8" in str(record.msg):
            record.msg, record.args = "a WebSocket client sent text that is not UTF-8: its connection was closed (1007)", ()
            record.levelno, record.levelname = logging.WARNING, logging.getLevelName(logging.WARNING)
            record.exc_info = record.exc_text = None
        return True


class StartWatch:
    """What failed as the room started (``failure``), after :func:`serve`'s start check had
    passed: another program took the store in between, or reading the tables back raised.
    uvicorn logged such a failure as a traceback and exited 3; watched here, it is one line
    and exit status 2, as every other store that cannot be used at the start is."""

    def __init__(self) -> None:
        self.failure: Exception | None = None

    def watch(self, app: Starlette) -> None:
        """Have ``app``'s start-up (its lifespan, up to serving) note what it raises."""
        inner = app.router.lifespan_context

        @asynccontextmanager
        async def lifespan(app: Any) -> AsyncIterator[Any]:  # the room's state, if it has one
            async with AsyncExitStack() as stack:
                try:
                    state = await stack.enter_async_context(inner(app))
                except Exception as exc:  # the server then stops before it serves (uvicorn: SystemExit)
                    self.failure = exc
                    raise
                yield state

        app.router.lifespan_context = lifespan


class QuietOnceStartFailed(logging.Filter):
    """Drop uvicorn's lines once the start has failed (the traceback and "Application startup
    failed"): :func:`start_failure` says it, in one line."""

    def __init__(self, watch: StartWatch) -> None:
        super().__init__()
        self.watch = watch

    def filter(self, record: logging.LogRecord) -> bool:
        return self.watch.failure is None


def start_failure(data: Path, exc: Exception) -> str:
    """The line a failed start is said in: a store that cannot be used (held, its disk full or
    failing, damaged) in the words of the start check (:func:`cli.room.store.refused`), anything
    else with its type and message -- never "move it away" of a store the start check has just
    read back whole."""
    path = data / FILE_NAME
    if isinstance(exc, Unreadable):
        return f"--data: {exc.said()}"
    if isinstance(exc, sqlite3.Error) and type(known := refused(path, exc)) is not Unreadable:
        return f"--data: {known.said()}"
    if isinstance(exc, OSError):
        return f"--data: cannot use {exc.filename or data} ({exc.strerror or exc}); nothing was served"
    return f"the card room could not read its tables back from {path} ({type(exc).__name__}: {exc}); nothing was served, the file is left as it is"


def broken_link(data: Path) -> str | None:
    """Why the folder ``data`` cannot be made or reached for a symbolic link on its way, in the
    words of every other file option: a loop of links ("Too many levels of symbolic links"), a
    link -- the folder's own or one of the folders above it -- that leads nowhere (where it
    leads); else ``None``.  Making the folder through either failed as "File exists", which
    says nothing of the link; a link that leads nowhere is not followed to make its target."""
    from interpreter.core.paths import in_a_loop
    from interpreter.rules.yamlsource import dangling_link, shorten

    if in_a_loop(data):
        return f"cannot write in {data} ({os.strerror(errno.ELOOP)})"
    for path in (data, *data.parents):
        target = dangling_link(path)
        if target is not None:
            return f"{path} is a symbolic link to '{shorten(target, 200)}', which does not exist (expected a folder, or a link to one)"
    return None


def serve(
    host: Annotated[str, typer.Option(metavar="ADDRESS", help="The address to listen on; another than 127.0.0.1 lets other machines in (put it behind a proxy with TLS: docs/serve.md).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(metavar="PORT", help="The port to listen on (0: any free port).", min=0, max=65535)] = DEFAULT_PORT,
    data: Annotated[Path, typer.Option(metavar="DIR", parser=folder_name, help="The folder that keeps the tables (room.sqlite): a restart goes on where it stopped.")] = Path("rules-room"),
    bot_delay: Annotated[float, typer.Option(metavar="SECONDS", help="Seconds between two bot moves, so the people see each card land.", min=0, max=10, callback=number_in_range)] = 0.6,
    close_idle: Annotated[float, typer.Option(metavar="DAYS", help="Close a table nobody has used for this many days, its record kept in DIR/tables/ID/_record.yaml (0: never).", min=0, max=36500, callback=number_in_range)] = IDLE_DAYS,
    server_name: Annotated[list[str] | None, typer.Option(metavar="NAME", help="The name a proxy in front passes on in Host (cards.example.org; again for another): the room answers requests naming this machine or NAME only (DNS rebinding: docs/security.md).")] = None,
) -> None:
    """Serve the card room: people at their own links and bots at one table, in the browser."""
    try:
        import starlette  # noqa: F401  (only to know whether the extra is installed)
        import uvicorn  # noqa: F401  (likewise; imported again where the server starts)
    except ImportError:
        raise usage_error("rules serve needs the serve extra: pip install 'sixty-six-rules[serve]' (in a checkout: pip install -e '.[serve]')") from None
    try:
        ipaddress.ip_address(host)
    except ValueError:
        raise usage_error(f"--host: {host!r} is not an IP address; give one such as 127.0.0.1 (this machine only) or 0.0.0.0 (every network)") from None
    names = server_names(server_name or [])
    log_level = server_log_level(os.environ.get(LOG_VARIABLE))  # before the data folder is made: nothing is left behind
    proxies = trusted_proxies(os.environ.get(FORWARDED_VARIABLE))
    if proxies is not None and not proxies.replace(",", "").strip():  # set, and empty: uvicorn trusts nobody then
        warn(f"note: {FORWARDED_VARIABLE} is empty: X-Forwarded- headers are believed from no client, a proxy on this "
             f"machine neither (its links would start with http://); unset it to believe a proxy on this machine")
    if data.exists() and not data.is_dir():
        raise usage_error(f"--data: {data} is not a folder (expected a folder, or a link to one, to keep the tables in; "
                          f"or the name of one to make)")
    broken = broken_link(data)
    if broken is not None:
        raise usage_error(f"--data: {broken}")
    real = Path(os.path.realpath(data))  # where mkdir lands: "new/../room" is the folder room, there already
    made = first_missing(real)
    try:
        data.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)  # made here: the owner's only (a folder given is left as it is)
        probe = data / ".rules-write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        raise usage_error(f"--data: cannot write in {data} ({exc.strerror or exc})") from None
    try:
        lock = datalock.hold(data)  # held until this function returns (or the process ends, however it ends)
    except datalock.Busy as exc:
        who = f"(process {exc.holder}) " if exc.holder else ""
        raise usage_error(f"--data: another rules serve {who}keeps its tables in {data} already; "
                          f"stop it first, or give this one another folder with --data DIR") from None
    except OSError as exc:
        raise usage_error(f"--data: cannot lock {data / datalock.LOCK_NAME} ({exc.strerror or exc})") from None
    with lock:
        try:  # read back before the server starts: a file that is no room's store (or a damaged one, or a full disk) is a usage error, said before any banner
            Store.check(data)
        except Unreadable as exc:
            raise usage_error(f"--data: {exc.said()}") from None
        try:
            listener = listen(host, port)  # connections wait in the backlog until the room has read its tables back
        except OSError as exc:
            unmake(real, made)
            raise cannot_listen(host, port, exc) from None
        _serve(listener, host, data, bot_delay, close_idle, log_level, names, proxies)


#: What ``listen()`` fails with when the address, not the port, is wrong: an address this
#: machine does not have, a family it lacks (``::`` without IPv6), a link-local IPv6 address
#: without its interface.
ADDRESS_ERRORS = frozenset({errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT, errno.EINVAL})


def cannot_listen(host: str, port: int, exc: OSError) -> typer.Exit:
    """The usage error of a server that could not listen, naming the option to change: --host
    for an address this machine lacks, --port otherwise (in use, or kept for root)."""
    if exc.errno in ADDRESS_ERRORS:
        return usage_error(f"--host: this machine has no address {host} to listen on ({exc.strerror or exc}); "
                           f"expected one of its own addresses, 127.0.0.1 (this machine only), or 0.0.0.0 or :: (every network)")
    return usage_error(f"--port: cannot listen on {host}:{port} ({exc.strerror or exc}); choose another port with --port N")


def first_missing(data: Path) -> Path | None:
    """The outermost of ``data`` and the folders above it that do not exist yet (what this
    start makes), or ``None`` where ``data`` is there."""
    missing = None
    for folder in (data, *data.parents):
        if os.path.lexists(folder):
            break
        missing = folder
    return missing


def unmake(data: Path, made: Path | None) -> None:
    """Take back what a start that never listened made: the folders from ``made`` down to
    ``data``, with the lock and the empty store it put in them, so that a mistyped --host or a
    port in use leaves no new folder behind.  A folder that holds anything else is left."""
    if made is None:
        return
    for name in (datalock.LOCK_NAME, FILE_NAME, f"{FILE_NAME}-wal", f"{FILE_NAME}-shm"):
        with suppress(OSError):
            (data / name).unlink()
    for folder in (data, *data.parents):
        try:
            folder.rmdir()
        except OSError:
            return
        if folder == made:
            return


def stop_words(data: Path, lost: Path | None) -> str:
    """The last line of a server that stops: its tables go on at the next start -- unless its
    store's file (``lost``) was removed or moved away while it served, when they do not (the
    room refused every change since: docs/serve.md), or its lock was, when another server may
    hold the folder now."""
    if lost is None:
        return "stopped serving the card room; its tables go on at the next start"
    if lost.name == datalock.LOCK_NAME:
        return (f"stopped serving the card room; {lost} was removed or replaced while it served: its tables go on at the next "
                f"start of one server on {data} (stop any other first)")
    return (f"stopped serving the card room; {lost} was removed, moved or replaced while it served, so its tables do not go on "
            f"at the next start: put {data} back as it was (or restore it from a backup) before starting it again")


def server_names(given: list[str]) -> list[str]:
    """The names of ``--server-name``, each a host name as a ``Host`` header carries it (no
    scheme, port or path: ``cards.example.org``), in lower case; anything else a usage error."""
    from cli.room.app import HOST

    names = []
    for name in given:
        found = HOST.fullmatch(name)
        if found is None or found.group("name") is None or ":" in name:
            raise usage_error(f"--server-name: {name!r} is not a host name; give the name people reach the room by, "
                              f"such as cards.example.org (no http://, no port)")
        names.append(name.lower().rstrip("."))
    return names


def server_log_level(value: str | None) -> str:
    """The level of the server's log that ``RULES_SERVE_LOG`` asks for (``warning`` where it is
    unset or blank), in any case; any other word is a usage error naming the levels, said before
    anything is made -- uvicorn would end in a ``KeyError`` traceback once the data folder and
    its store were there."""
    if value is None or not value.strip():
        return DEFAULT_LOG_LEVEL
    level = value.strip().lower()
    if level not in LOG_LEVELS:
        raise usage_error(f"{LOG_VARIABLE}: {value.strip()!r} is not a log level (expected one of: {', '.join(LOG_LEVELS)})")
    return level


def trusted_proxies(value: str | None) -> str | None:
    """``FORWARDED_ALLOW_IPS`` checked, for uvicorn (``None`` where it is unset: uvicorn's
    default, this machine): each comma-separated entry an IP address or network.  uvicorn
    takes any other word as a name no client has, so a typo (``10.0.0.300``) silently stopped
    trusting the proxy; and ``*`` trusts every client's ``X-Forwarded-`` headers.  Either is a
    usage error, said before the data folder is made."""
    if value is None:
        return None
    expected = "expected the proxies' IP addresses or networks, comma-separated, such as 10.0.0.5 or 10.0.0.0/24"
    for entry in (part.strip() for part in value.split(",")):
        if entry == "*":
            raise usage_error(f"{FORWARDED_VARIABLE}: '*' would believe every client's X-Forwarded-For and X-Forwarded-Proto, "
                              f"so anybody could choose the address their tables are counted against and the links' scheme "
                              f"({expected})")
        if not entry:
            continue
        try:
            if "/" in entry:
                ipaddress.ip_network(entry)
            else:
                ipaddress.ip_address(entry)
        except ValueError as exc:  # ipaddress's own words repeat the entry, but for a network with host bits set
            why = "has host bits set" if "host bits" in str(exc) else "is not an IP address or network"
            raise usage_error(f"{FORWARDED_VARIABLE}: {entry!r} {why} ({expected})") from None
    return value


def _serve(listener: socket.socket, host: str, data: Path, bot_delay: float, close_idle: float, log_level: str,
           names: list[str], proxies: str | None) -> None:
    """Serve on ``listener`` (the data folder checked and locked by :func:`serve`)."""
    import uvicorn

    from cli.room.app import make_app

    bound = listener.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    address = ipaddress.ip_address(host)
    # 0.0.0.0 and :: are every address of this machine's, which no browser reaches by that name
    where = f", at this machine's name or address in place of {host}" if address.is_unspecified else ""
    reach = "this machine only" if address.is_loopback else f"other machines too{where}: put it behind a proxy with TLS (docs/serve.md)"
    # proxy_headers: behind a proxy on this machine (FORWARDED_ALLOW_IPS: another's address),
    # X-Forwarded-For is the address a table is counted against and X-Forwarded-Proto the
    # scheme of the links a table is answered with -- https behind TLS (docs/serve.md)
    def ready() -> None:
        """Said once the room has read its tables back (what it says of a table left out comes
        first), and a stop signal is handled: from this line on, SIGTERM always ends it cleanly."""
        warn(f"serving the card room at http://{shown}:{bound}/ ({reach}); tables kept in {data / 'room.sqlite'}; Ctrl-C stops it")

    app = make_app(data, bot_delay, idle_days=close_idle, ready=ready, listen=host, server_names=names)
    started = StartWatch()
    started.watch(app)
    config = uvicorn.Config(app, log_level=log_level,
                            ws_max_size=1 << 16, proxy_headers=True, forwarded_allow_ips=proxies)
    hide_links()  # after the config, which sets logging up
    logging.getLogger("uvicorn.error").addFilter(ClientTextNotUtf8())
    logging.getLogger("uvicorn.error").addFilter(QuietOnceStartFailed(started))
    stops: list[int] = []

    class Server(uvicorn.Server):
        """uvicorn's server, noting each stop signal it takes itself.  Once running it
        handles SIGINT and SIGTERM even where they were ignored as the command started, and
        raises them again as it ends -- into ``SIG_IGN`` then, where :func:`stop` never heard
        of them and the command exited 0 for a stopped server."""

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            stops.append(sig)
            super().handle_exit(sig, frame)

    server = Server(config)

    def stop(signum: int, frame: object) -> None:
        """Note the signal, so that the command ends as the others do (128 + signal), and ask
        the server to stop: uvicorn, once running, handles SIGINT/SIGTERM itself, puts these
        handlers back and raises the signal again; before it runs (a service manager stopping
        it as it starts) only this flag tells it to stop at once instead of serving on."""
        stops.append(signum)
        server.should_exit = True

    # SIGHUP too (a closed terminal): uvicorn handles only the other two, and the handler of
    # the program's start (cli.main) would raise out of the server's loop, not stop it
    # -- unless ignored as the command started (`nohup rules serve` must outlive the terminal)
    ends = (signal.SIGINT, signal.SIGTERM) + ((signal.SIGHUP,) if hasattr(signal, "SIGHUP") else ())
    previous = {sig: signal.signal(sig, stop) for sig in ends if signal.getsignal(sig) is not signal.SIG_IGN}
    try:
        server.run(sockets=[listener])
    except SystemExit:  # uvicorn's way out of a failed start (status 3), before it serves anything
        if started.failure is None:
            raise
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if started.failure is not None:
        raise usage_error(start_failure(data, started.failure))
    room = getattr(app.state, "room", None)  # (none if the room never started)
    warn(stop_words(data, room.store.names.lost() if room is not None else None))
    if stops:
        raise typer.Exit(128 + stops[0])
