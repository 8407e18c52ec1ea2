"""Fuzzing the readers: random mutations of every bundled ruleset and of match and position
records, each loaded through the library, and a sample through the `rules` command.

What must hold for every mutated file, valid or not:

* the library either loads it or raises a :class:`RulesError` that names the file (for a
  YAML or schema problem also the line), never another exception, within a generous time;
* ``rules validate`` / ``rules replay`` exit 0 (the mutation stayed valid), 1 (replay only: a
  mutated move became illegal) or 2 with a located first line on stderr, no traceback, within
  a timeout and an address-space limit of 2 GB.

The generator is seeded (one seed per case), so a failure names a case that reruns exactly.
"""

from __future__ import annotations

import random
import re
import signal
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest

from interpreter.core.errors import ErrorList, RulesError
from interpreter.play.bots.random_bot import RandomBot
from interpreter.play.record import load_record, match_record, replay, replay_report
from interpreter.play.runner import MatchLog, play_match
from interpreter.rules.loader import load_ruleset
from rules_input.bounded import GIB, REPO, run_bounded
from rules_input.test_record_values import POSITION

RULESETS = sorted((REPO / "rulesets").glob("*.yaml")) + sorted((REPO / "rulesets" / "house").glob("*.yaml"))
LIBRARY_CASES = 500
CLI_CASES = 24
SECONDS_PER_CASE = 20

#: Text that YAML, the schema, the notation or the trust model treat specially.
TOKENS = [
    "", " ", "\n", "\t", ":", ": ", "- ", "[", "]", "{", "}", ", ", "&a ", "*a", "!!python/object:os.system ",
    "!!binary ", "!!int ", "! ", "|\n", ">-\n", "'", '"', "# ", "%YAML 1.1\n", "@", "`", "? ", "<<: ", "~", "null",
    "no", "on", "true", "1e999", ".inf", ".nan", "-1", "0", "2.5", "9.0", str(2**64), "9" * 50, "0x" + "f" * 30,
    "²", "٣", "é", "\u2028", "\x85", "\ufeff", "\x00", "\x1b[2J", "\x07", '"\\ud800"', '"\\x1b]0;t\\x07"',
    "../../etc/passwd", "/etc/passwd", "../rulesets/schnapsen.yaml", "house/santase", "x" * 3000, "[" * 120,
    "{a: " * 60, "[" + ", ".join(["x"] * 1500) + "]", "AS", "10H", "play AS", "bid 99", "declare", "close",
    "marry KH", "exchange", "close before-draw", "pass", "extends: schnapsen\n", "deals:\n  - seed: 1\n",
]


def mutate(text: str, rng: random.Random) -> str:
    """One to three random edits of the text: insert, replace, delete, lines moved or cut."""
    for _ in range(rng.randint(1, 3)):
        lines = text.split("\n")
        at = rng.randrange(len(text) + 1)
        token = rng.choice(TOKENS)
        match rng.randrange(8):
            case 0:
                text = text[:at] + token + text[at:]
            case 1:
                text = text[:at] + token + text[at + rng.randint(1, 20):]
            case 2:
                text = text[:at] + text[at + rng.randint(1, 40):]
            case 3:
                i = rng.randrange(len(lines))
                text = "\n".join(lines[: i + 1] + lines[i:])
            case 4:
                i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
                text = "\n".join(lines)
            case 5:
                i = rng.randrange(len(lines))
                lines[i] = (" " * rng.randint(1, 4) + lines[i]) if rng.random() < 0.5 else lines[i][rng.randint(1, 4):]
                text = "\n".join(lines)
            case 6:
                text = text[:at]
            case _:
                i = rng.randrange(len(lines))
                key, sep, _ = lines[i].partition(": ")
                lines[i] = key + (sep or ": ") + token
                text = "\n".join(lines)
    return text


def write_case(folder: Path, name: str, text: str, rng: random.Random) -> Path:
    """The mutated text as a file; now and then with bytes that are not UTF-8."""
    data = text.encode("utf-8", errors="surrogatepass")
    if rng.random() < 0.05:
        at = rng.randrange(len(data) + 1)
        data = data[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 4))) + data[at:]
    path = folder / name
    path.write_bytes(data)
    return path


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, str]]:
    """(kind, text) of every bundled ruleset, match records of every bundled game and a position."""
    folder = tmp_path_factory.mktemp("fuzz-sources")
    found = [("ruleset", path.read_text(encoding="utf-8")) for path in RULESETS]
    for name in ("schnapsen", "sechsundsechzig", "north-american-4", "north-american-3", "north-american-2"):
        rs = load_ruleset(name)
        log = MatchLog()
        agents = [RandomBot(rs, seat) for seat in range(rs.players.count)]
        play_match(rs, agents, seed=11, max_deals=2, log=log)
        path = folder / f"{name}.yaml"
        found.append(("record", match_record(rs, seed=11, players=["random"] * len(agents), deals=log.deals, record_path=path)))
    written = run_bounded(["run", "house/santase", "--seed", "5", "--deals", "2", "--quiet", "--record", "santase.yaml"], folder)
    assert written.exit_code == 0, written.stderr
    found.append(("record", (folder / "santase.yaml").read_text(encoding="utf-8")))
    found.append(("record", POSITION.format(seat=0)))
    return found


class _TooSlow(Exception):
    pass


@contextmanager
def time_bound(seconds: float) -> Iterator[None]:
    """Fail a case that runs away (a hang), without a tight timing: the bound is generous."""

    def expire(signum: int, frame: object) -> None:
        raise _TooSlow(f"the case took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def load(kind: str, path: Path) -> None:
    """What `rules validate` or `rules replay` does with the file, through the library."""
    if kind == "ruleset":
        load_ruleset(path)
    else:
        replay_report(replay(load_record(path)))


def cases(sources: list[tuple[str, str]], count: int, salt: int) -> Iterator[tuple[int, str, str, random.Random]]:
    for case in range(count):
        rng = random.Random(salt * 1_000_003 + case)
        kind, text = sources[case % len(sources)]
        yield case, kind, mutate(text, rng), rng


def test_the_library_reads_mutated_rulesets_and_records(sources: list[tuple[str, str]], tmp_path: Path) -> None:
    for case, kind, text, rng in cases(sources, LIBRARY_CASES, salt=1):
        path = write_case(tmp_path, f"case-{case}.yaml", text, rng)  # a name per case: loads are cached
        try:
            with time_bound(SECONDS_PER_CASE):
                load(kind, path)
        except RulesError as exc:
            for error in exc.errors if isinstance(exc, ErrorList) else [exc]:
                assert error.file is not None, f"case {case}: unlocated {error!r}\n{text}"
                assert str(error)
        except Exception as exc:  # noqa: BLE001 - anything else is the failure being looked for
            raise AssertionError(f"case {case} ({kind}) raised {exc!r} on:\n{text}") from exc


#: ``file:line:col: `` or ``file: `` at the start of the first line of a message.
LOCATED = re.compile(r"^case-\d+\.yaml(:\d+:\d+)?: \S")


def test_the_command_reads_mutated_rulesets_and_records(sources: list[tuple[str, str]], tmp_path: Path) -> None:
    def one(case: int, kind: str, text: str, rng: random.Random) -> str | None:
        path = write_case(tmp_path, f"case-{case}.yaml", text, rng)
        command = "validate" if kind == "ruleset" else "replay"
        result = run_bounded([command, path.name], tmp_path, timeout=60, memory=2 * GIB)
        allowed = (0, 2) if kind == "ruleset" else (0, 1, 2)
        problem = None
        if result.timed_out:
            problem = "timed out"
        elif result.exit_code not in allowed:
            problem = f"exit {result.exit_code}"
        elif "Traceback" in result.stderr:
            problem = "a traceback"
        elif result.exit_code == 2 and not LOCATED.match(result.stderr):
            problem = "an unlocated message"
        return None if problem is None else f"case {case} ({command}): {problem}\n{result.stderr[-1500:]}\n--- input:\n{text}"

    with ThreadPoolExecutor(max_workers=4) as pool:
        problems = [p for p in pool.map(lambda c: one(*c), cases(sources, CLI_CASES, salt=2)) if p]
    assert not problems, "\n\n".join(problems)
