"""Run the ```console blocks of a Markdown document and collect what each command prints.

Used by ``test_doc_commands.py`` (imported as ``docrunner``; this folder has no
``__init__.py`` on purpose, since a package here would be named ``docs``).

What a document may contain, besides its prose:

- A ```console block: lines ``$ COMMAND`` (one line each), each followed by its output as
  printed (stdout and stderr together, in order). The commands run with bash, in document
  order, in one folder per document that starts out empty, with the virtual environment's
  ``bin`` first on PATH and ``COLUMNS=80``. ``$?`` is the exit status of the previous
  command, as in an interactive shell.
- An output whose last line is exactly ``...`` is an excerpt: the lines shown before it must
  be the first lines of the real output (``...`` alone accepts any output).
- ``<!-- file: NAME -->`` on the line right before a fenced block (```yaml, ```text, ...):
  the block's content is written to NAME at that point of the document. A later marker for
  the same NAME overwrites the file there, so a tutorial's edits are file states.
- A hidden file, for a file the prose only describes::

      <!-- file: NAME
      ...content...
      -->

- ``<!-- stdin: TEXT -->`` on the line right before a ```console block: TEXT (``\\n`` is a
  line break, ``\\\\`` a backslash) is the standard input of the block's commands (shared, as
  in one shell session: the first command that reads takes it). Without it the commands
  read an empty input.
- ``<!-- timings: HEADING -->`` on the line right before a ```console block: in each output,
  the lines from one that starts with HEADING to the next empty line are times measured by the
  run (``ms per decision``); there every number matches any number, the rest exactly.
- ``<!-- copy: PATH -->``: copy PATH (a file or folder) from the repository into the folder,
  for commands that presuppose a checkout (``rules validate rulesets/*.yaml``).

Markers are HTML comments, so they do not show when the document is rendered.
"""

from __future__ import annotations

import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
#: How the temporary folder's path is shown, if a command prints it.
FOLDER_PLACEHOLDER = "$PWD"
BLOCK_TIMEOUT = 300

_FENCE = re.compile(r"^(`{3,})([^`\s]*)\s*$")  # a fence of three backticks or more, closed by as many
_FILE = re.compile(r"^<!-- file: (\S+) -->$")
_HIDDEN_FILE = re.compile(r"^<!-- file: (\S+)$")
_STDIN = re.compile(r"^<!-- stdin: (.*) -->$")
_COPY = re.compile(r"^<!-- copy: (\S+) -->$")
_TIMINGS = re.compile(r"^<!-- timings: (.+?) -->$")
_MARKER_LIKE = re.compile(r"^<!-- *(file|stdin|copy|timings)\b")
_NUMBER = re.compile(r"[+-]?\d[\d,]*(\.\d+)?")


class DocError(ValueError):
    """A malformed marker or console block, located at the document's line."""


@dataclass
class Command:
    line: int
    text: str
    expected: list[str] = field(default_factory=list)
    timings: str | None = None  # the heading of the lines of measured times (a timings marker)

    def shape(self, lines: list[str]) -> list[str]:
        """``lines`` as compared: in the lines of measured times, every number is ``#``."""
        if self.timings is None:
            return lines
        out, timed = [], False
        for line in lines:
            timed = line.startswith(self.timings) or (timed and line.strip() != "")
            out.append(" ".join(_NUMBER.sub("#", line).split()) if timed else line)
        return out

    @property
    def excerpt(self) -> bool:
        return bool(self.expected) and self.expected[-1] == "..."


@dataclass
class ConsoleBlock:
    line: int
    commands: list[Command]
    stdin: str | None = None


@dataclass
class WriteFile:
    line: int
    name: str
    content: str


@dataclass
class CopyFromRepo:
    line: int
    path: str


Event = ConsoleBlock | WriteFile | CopyFromRepo


def _safe_name(name: str, where: str) -> str:
    p = PurePosixPath(name)
    if p.is_absolute() or ".." in p.parts:
        raise DocError(f"{where}: {name!r} must be a relative path inside the folder")
    return name


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def parse(doc: Path) -> list[Event]:
    """The document's file markers, copies and console blocks, in document order."""
    lines = doc.read_text(encoding="utf-8").splitlines()
    events: list[Event] = []
    i = 0
    pending: tuple[str, str, int] | None = None  # ("file" | "stdin", value, line) for the next fence
    while i < len(lines):
        line, no = lines[i], i + 1
        where = f"{doc.name}:{no}"
        fence = _FENCE.match(line)
        if pending is not None and not fence:
            raise DocError(f"{doc.name}:{pending[2]}: a {pending[0]} marker must be right before a ``` fence")
        if fence:
            end = next((j for j in range(i + 1, len(lines)) if lines[j].rstrip() == fence.group(1)), None)
            if end is None:
                raise DocError(f"{where}: unclosed ``` block")
            body = lines[i + 1:end]
            if pending is not None and pending[0] == "file":
                if fence.group(2) == "console":
                    raise DocError(f"{doc.name}:{pending[2]}: a file marker must be right before a file's block, not a ```console block")
                events.append(WriteFile(pending[2], pending[1], "".join(b + "\n" for b in body)))
            if fence.group(2) == "console":
                events.append(_console(doc.name, no, body, pending[1] if pending and pending[0] == "stdin" else None,
                                       pending[1] if pending and pending[0] == "timings" else None))
            elif pending is not None and pending[0] in ("stdin", "timings"):
                raise DocError(f"{doc.name}:{pending[2]}: a {pending[0]} marker must be right before a ```console block")
            pending = None
            i = end + 1
            continue
        if m := _FILE.match(line):
            pending = ("file", _safe_name(m.group(1), where), no)
        elif m := _STDIN.match(line):
            pending = ("stdin", _unescape(m.group(1)), no)
        elif m := _TIMINGS.match(line):
            pending = ("timings", m.group(1), no)
        elif m := _COPY.match(line):
            events.append(CopyFromRepo(no, _safe_name(m.group(1), where)))
        elif m := _HIDDEN_FILE.match(line):
            end = next((j for j in range(i + 1, len(lines)) if lines[j] == "-->"), None)
            if end is None:
                raise DocError(f"{where}: hidden file {m.group(1)!r} has no closing '-->' line")
            content = "".join(b + "\n" for b in lines[i + 1:end])
            events.append(WriteFile(no, _safe_name(m.group(1), where), content))
            i = end + 1
            continue
        elif _MARKER_LIKE.match(line):
            raise DocError(f"{where}: unreadable marker {line!r}")
        i += 1
    if pending is not None:
        raise DocError(f"{doc.name}:{pending[2]}: a {pending[0]} marker must be right before a ``` fence")
    return events


def _console(doc: str, fence_line: int, body: list[str], stdin: str | None, timings: str | None = None) -> ConsoleBlock:
    commands: list[Command] = []
    for k, text in enumerate(body):
        if text.startswith("$ "):
            commands.append(Command(fence_line + 1 + k, text[2:], timings=timings))
        elif commands:
            commands[-1].expected.append(text)
        else:
            raise DocError(f"{doc}:{fence_line + 1 + k}: console block output before any '$ ' command")
    if not commands:
        raise DocError(f"{doc}:{fence_line}: console block without a '$ ' command")
    return ConsoleBlock(fence_line, commands, stdin)


def console_blocks(doc: Path) -> list[ConsoleBlock]:
    return [e for e in parse(doc) if isinstance(e, ConsoleBlock)]


@dataclass
class CommandResult:
    command: Command
    output: str
    status: int

    def mismatch(self) -> str | None:
        """None if the output is the documented one, else a description of the difference."""
        got = self.output.splitlines()
        want = self.command.expected
        shape = self.command.shape
        if self.command.excerpt:
            ok = shape(got[:len(want) - 1]) == shape(want[:-1])
        elif self.command.timings is not None:
            ok = self.output.endswith("\n") and shape(got) == shape(want)
        else:
            ok = self.output == "".join(w + "\n" for w in want)
        if ok:
            return None
        diff = difflib.unified_diff(
            [w + "\n" for w in want], self.output.splitlines(keepends=True),
            "documented", "actual", lineterm="\n",
        )
        text = "".join(d if d.endswith("\n") else d + "\n\\ no newline at end\n" for d in diff)
        kind = "excerpt (leading lines)" if self.command.excerpt else "output"
        return f"line {self.command.line}: $ {self.command.text}\n  {kind} differs (exit status {self.status}):\n{text}"


@dataclass
class BlockResult:
    block: ConsoleBlock
    commands: list[CommandResult]


def environment() -> dict[str, str]:
    env = dict(os.environ)
    for key in ("FORCE_COLOR", "CLICOLOR_FORCE", "PY_COLORS", "BASH_ENV", "ENV", "CDPATH"):
        env.pop(key, None)
    env.update(
        PATH=str(BIN) + os.pathsep + env.get("PATH", ""),
        COLUMNS="80",
        PYTHONUNBUFFERED="1",
        PYTHONIOENCODING="utf-8",
    )
    return env


def run_block(block: ConsoleBlock, folder: Path, outdir: Path) -> BlockResult:
    """Run the block's commands in one bash session in FOLDER; each command's output goes to its own file."""
    outdir.mkdir(parents=True, exist_ok=True)
    script = ["__rc=0"]
    for k, cmd in enumerate(block.commands):
        out = shlex.quote(str(outdir / f"{block.line}-{k}"))
        # (exit $__rc) makes $? the previous command's status, as typed at a prompt
        script.append(f"(exit $__rc); {{ {cmd.text}\n}} >{out} 2>&1; __rc=$?; echo $__rc >{out}.rc")
    subprocess.run(
        ["bash", "-c", "\n".join(script) + "\n"], cwd=folder, env=environment(),
        input=(block.stdin or "").encode(), timeout=BLOCK_TIMEOUT, check=False,
    )
    results = []
    names = {str(folder), os.path.realpath(folder)}
    for k, cmd in enumerate(block.commands):
        out = outdir / f"{block.line}-{k}"
        text = out.read_text(encoding="utf-8", errors="replace") if out.exists() else "(command did not run)\n"
        for name in sorted(names, key=len, reverse=True):
            text = text.replace(name, FOLDER_PLACEHOLDER)
        rc_file = Path(f"{out}.rc")
        status = int(rc_file.read_text()) if rc_file.exists() else -1
        results.append(CommandResult(cmd, text, status))
    return BlockResult(block, results)


class DocSession:
    """Executes one document's events in order, in a background thread, in its own folder."""

    def __init__(self, doc: Path, folder: Path, outdir: Path, last_line: int) -> None:
        self.doc = doc
        self.folder = folder
        self.outdir = outdir
        self.events = [e for e in parse(doc) if e.line <= last_line]
        self._done = {e.line: threading.Event() for e in self.events if isinstance(e, ConsoleBlock)}
        self._results: dict[int, BlockResult | BaseException] = {}
        self._thread = threading.Thread(target=self._run, name=f"doc:{doc.name}", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        failure: BaseException | None = None
        for event in self.events:
            try:
                if failure is not None:
                    raise RuntimeError(f"an earlier step of {self.doc.name} failed: {failure}")
                if isinstance(event, WriteFile):
                    target = self.folder / event.name
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_text(event.content, encoding="utf-8")
                elif isinstance(event, CopyFromRepo):
                    source, target = REPO / event.path, self.folder / event.path
                    if source.is_dir():
                        shutil.copytree(source, target, dirs_exist_ok=True)
                    else:
                        target.parent.mkdir(parents=True, exist_ok=True)
                        shutil.copy2(source, target)
                else:
                    self._results[event.line] = run_block(event, self.folder, self.outdir)
            except BaseException as exc:  # reported by the test of the block (or of the next one)
                if isinstance(event, ConsoleBlock):
                    self._results[event.line] = exc
                else:
                    failure = exc
            if isinstance(event, ConsoleBlock):
                self._done[event.line].set()

    def result(self, line: int) -> BlockResult:
        self._done[line].wait(timeout=BLOCK_TIMEOUT * 4)
        result = self._results.get(line)
        if result is None:
            raise TimeoutError(f"{self.doc.name}:{line}: the block did not finish")
        if isinstance(result, BaseException):
            raise result
        return result
