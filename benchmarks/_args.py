"""Checks of the benchmark scripts' arguments: a wrong one is told at once, never met mid-run.

The project's standard is the ``rules`` command's: bad input never produces a traceback, never
loses data and never becomes a wrong figure -- it gets one clear line, what is wrong and what is
expected, and exit code 2.  A benchmark may run for an hour, so a mistake must be told before
any work starts: a ruleset that does not load, a revision git does not know, a count of 0, a
seat kind or a search knob that no bot has.

The functions named as types (:func:`positive_int`, :func:`ruleset`, :func:`revision`...) are
argparse ``type=`` functions: each returns the value or raises
:class:`argparse.ArgumentTypeError`, which argparse prints after the usage as
``<script>: error: argument --deals: <what is wrong>; <what is expected>`` and exits with 2.  A
check that needs more than the argument's own text (a seat kind needs the ruleset) runs after
parsing through :func:`require`, which says it the same way.

The engine is imported inside the functions, never at the top: ``bench_search.py`` and
``bench_instructions.py`` run with another revision's engine on the path, which may lack what
this tree's has; this file itself needs only the standard library.
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from interpreter.rules.ruleset import Ruleset

ROOT = Path(__file__).resolve().parent.parent

#: SearchBot keywords that take Python functions, which a JSON object cannot give.
NOT_FROM_JSON = ("policy", "clock")

#: SearchBot keywords that are budgets: a search of 0 iterations has nothing to return.
BUDGETS = {"iterations": "a whole number 1 or more", "auction_budget": "a whole number 1 or more", "ms": "a number above 0"}


def positive_int(text: str) -> int:
    """A count that must be 1 or more (deals, rounds, pairs, jobs, positions, iterations):
    0 of them would divide by zero or take a median of nothing."""
    return _whole(text, 1)


def natural_int(text: str) -> int:
    """A count where 0 means "none of these" (``bench_solver.py --deals 0``: no whole deals)."""
    return _whole(text, 0)


def whole_in(low: int, high: int) -> Callable[[str], int]:
    """A type for a whole number from ``low`` to ``high`` (``--tables``: the room seats at most so many)."""

    def check(text: str) -> int:
        return _whole(text, low, high)

    return check


def seed_number(text: str) -> int:
    """A seed in the range every ``rules --seed`` takes (0 to ``SEED_MAX``): a negative or larger
    one ran silently here, and its figures could not be repeated with the CLI."""
    from interpreter.engine.match import SEED_MAX

    return _whole(text, 0, SEED_MAX)


def _whole(text: str, low: int, high: int | None = None) -> int:
    expected = f"a whole number {low} or more" if high is None else f"a whole number from {low} to {high}"
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number; expected {expected}") from None
    if value < low or (high is not None and value > high):
        raise argparse.ArgumentTypeError(f"{value} is out of range; expected {expected}")
    return value


def positive_float(text: str) -> float:
    """A number above 0 (a time limit in seconds: 0 or less stops every solve before it starts)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number; expected a number above 0") from None
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"{text} is out of range; expected a number above 0")
    return value


def ruleset(text: str) -> str:
    """A ruleset, a bundled name or a file, once it loads (its error names the file, line and
    what is expected); the text is kept as given, since the scripts print it and pass it on.
    The loader caches what it loaded, so the script's own load costs nothing more."""
    from interpreter.core.errors import RulesError
    from interpreter.rules.loader import load_ruleset

    try:
        load_ruleset(text)
    except (RulesError, OSError) as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def bundled_ruleset(text: str) -> str:
    """A bundled ruleset's name: what ``rules serve`` opens a table of (it takes no file path)."""
    from interpreter.rules.resources import bundled_rulesets

    names = sorted(bundled_rulesets())
    if text not in names:
        raise argparse.ArgumentTypeError(f"no bundled ruleset named {text!r}; expected one of: {', '.join(names)}")
    return text


def revision_problem(rev: str) -> str | None:
    """What is wrong with ``rev`` as a revision to check out, or ``None`` if git knows it as a
    commit: asked before ``git worktree add``, whose own failure comes after other work and
    in git's words.  A leading ``-`` would be read by git as an option."""
    expected = "expected a commit, branch or tag of this repository (git log --oneline lists them)"
    if rev.startswith("-"):
        return f"{rev!r} is not a revision; {expected}"
    try:
        found = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                               cwd=ROOT, capture_output=True, text=True, check=False)
    except OSError as exc:
        return f"git cannot be run ({exc}); expected git installed, to check out {rev!r}"
    if found.returncode != 0:
        return f"unknown git revision {rev!r}; {expected}"
    return None


def revision(text: str) -> str:
    """A git revision of this repository (see :func:`revision_problem`)."""
    problem = revision_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return text


def checkout(text: str) -> Path:
    """A folder holding a checkout of this project (``--tree``: put on the path as the new
    code); a wrong one would otherwise fail in a subprocess, or measure nothing of it."""
    path = Path(text)
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is not a directory; expected a checkout of this project (a folder with interpreter/ in it)")
    if not (path / "interpreter").is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} has no interpreter/ folder; expected a checkout of this project (a folder with interpreter/ in it)")
    return path


def json_object(text: str, expected: str = "a JSON object") -> dict[str, Any]:
    """``text`` read as a JSON object (a list or a number is refused, not met later)."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise argparse.ArgumentTypeError(f"{text!r} is not valid JSON ({exc}); expected {expected}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError(f"{text!r} is a JSON {_json_kind(value)}, not an object; expected {expected}")
    return value


def _json_kind(value: object) -> str:
    """JSON's name for a value's kind (an array, not a list)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, list):
        return "array"
    return "string" if isinstance(value, str) else "number"


def search_keywords() -> list[str]:
    """The keyword arguments a :class:`~interpreter.play.bots.search_bot.SearchBot` takes from
    JSON: those of its ``__init__`` after the ruleset and the seed, and the search knobs its
    ``**options`` pass on (``OPTIONS``), read off the code so that a new knob is known here at
    once; without those that take Python functions (:data:`NOT_FROM_JSON`)."""
    from interpreter.play.bots import search_bot

    params = inspect.signature(search_bot.SearchBot.__init__).parameters.values()
    named = [p.name for p in params if p.kind is inspect.Parameter.KEYWORD_ONLY]
    return [k for k in dict.fromkeys([*named, *search_bot.OPTIONS]) if k not in NOT_FROM_JSON]


def search_options(text: str, extra: tuple[str, ...] = ()) -> dict[str, Any]:
    """A JSON object of SearchBot keyword arguments (and the ``extra`` keys a script reads
    itself), each known, the budgets positive and every other value a JSON number, boolean or
    null: a string or a list would be met deep in a search, in a worker process."""
    known = [*search_keywords(), *extra]
    expected = "a JSON object of SearchBot keyword arguments such as '{\"iterations\": 700}'"
    options = json_object(text, expected)
    unknown = [k for k in options if k not in known]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown SearchBot keyword {', '.join(map(repr, unknown))} in {text!r}; expected some of: {', '.join(known)}"
        )
    for key, value in options.items():
        _check_knob(key, value)
    return options


def _check_knob(key: str, value: Any) -> None:
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if key in BUDGETS:
        whole = key != "ms"
        if not number or not value > 0 or (whole and not float(value).is_integer()):  # NaN too
            raise argparse.ArgumentTypeError(f"{key} is {json.dumps(value)}; expected {BUDGETS[key]}")
    elif not (value is None or isinstance(value, bool) or number):
        raise argparse.ArgumentTypeError(f"{key} is {json.dumps(value)}; expected a number, true, false or null")


def opponent(text: str) -> str:
    """An ``--against``: a seat kind (checked with the ruleset, by :func:`seat_kind`) or, as a
    JSON object, a search bot's keyword arguments (checked here); the text is kept as given."""
    if text.lstrip().startswith("{"):
        search_options(text)
    return text


def seat_kind(kind: str, rs: Ruleset) -> str:
    """A seat kind, checked as ``rules arena`` checks one: by building a bot of it for ``rs``
    with :func:`~interpreter.play.bots.make_agent`, which knows the kinds (a name, a search
    level, a policy to import); the message lists the kinds as ``rules arena``'s does."""
    from interpreter.core.errors import RulesError
    from interpreter.play.bots import BOT_KINDS, POLICY_FORMS, SEARCH_OPTIONS, make_agent

    try:
        make_agent(kind, rs, 0)
    except (ValueError, TypeError, ImportError, OSError, RulesError) as exc:
        said = str(exc)
        if "expected" not in said:
            said += f"; expected one of: {', '.join(BOT_KINDS)}, {SEARCH_OPTIONS}, {POLICY_FORMS}"
        raise argparse.ArgumentTypeError(said) from None
    return kind


#: Asks another checkout's code whether it reads a ruleset and has a seat kind.
_PROBE = r'''
import sys
from interpreter.rules.loader import load_ruleset
from interpreter.play.bots import make_agent
make_agent(sys.argv[2], load_ruleset(sys.argv[1]), 0)
'''


def seat_kind_problem_in(tree: Path, ruleset: str, kind: str) -> str | None:
    """What the checkout ``tree`` (another revision's worktree) says against ``ruleset`` or the
    seat kind ``kind`` -- the last line of its error, not its traceback -- or ``None``.  Only
    that revision's own ``make_agent`` knows its kinds; asked once before any deal, not met
    by a process of it in the middle of a run."""
    probe = subprocess.run(
        [sys.executable, "-c", _PROBE, ruleset, kind], cwd=tree, env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True, text=True, check=False,
    )
    if probe.returncode == 0:
        return None
    said = probe.stderr.strip().splitlines()
    return said[-1] if said else f"its process ended with exit code {probe.returncode}"


def require(parser: argparse.ArgumentParser, option: str, check: Callable[..., object], *args: Any) -> None:
    """Run a check that needs more than its argument's text (a seat kind needs the ruleset)
    after parsing; its :class:`argparse.ArgumentTypeError` is said as argparse says a bad
    argument (usage, ``<script>: error: argument OPTION: ...``), exit 2."""
    try:
        check(*args)
    except argparse.ArgumentTypeError as exc:
        parser.error(f"argument {option}: {exc}")
