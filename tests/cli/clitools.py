"""Shared helpers of the `rules` command tests (imported by the tests as ``clitools``).

This folder has no ``__init__.py`` on purpose: as a package it would be named ``cli`` and
shadow the project's own ``cli`` package (``from cli.main import app`` would fail for every
test folder collected after it).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from runcli import Outcome as Outcome, invoke as invoke  # shared with the tests of other folders (tests/runcli.py)

REPO = Path(__file__).resolve().parents[2]
RULES = Path(sys.executable).parent / "rules"
RULESETS = ["schnapsen", "sechsundsechzig", "north-american-4", "north-american-3", "north-american-2"]
SEATS = {"schnapsen": 2, "sechsundsechzig": 2, "north-american-4": 4, "north-american-3": 3, "north-american-2": 2}

#: The keys of `rules replay --json`, as the record-format spec (section 3) lists them.
REPLAY_KEYS = [
    "status", "illegal", "to_act", "legal", "card_points", "tricks_won", "winner", "game_points",
    "match_scores", "match_winner",
]
#: The keys that follow them: every side that won the deal (beside ``winner``, ``null`` also where
#: several won together), then the whole position (interpreter.play.record.position_report).
POSITION_KEYS = [
    "winners", "dealer", "leader", "hands", "trump", "turn_up", "stock", "widow", "trick", "closed", "closer", "position",
]



def run_rules(args: list[str], input: str | None = None, cwd: Path | None = None) -> Outcome:
    """Run the installed `rules` script in a subprocess (the real entry point)."""
    proc = subprocess.run(
        [str(RULES), *args], input=input, capture_output=True, text=True, cwd=cwd or REPO, timeout=120,
        env={**os.environ, "COLUMNS": "200"},
    )
    return Outcome(proc.returncode, proc.stdout, proc.stderr)


#: ``rules`` with a line ``block`` on stderr each time a block finishes.
SAYS_BLOCKS = """
import sys
import interpreter.sim.simulate as sim

take = sim.Runs.take

def take_said(self, results):
    for done in take(self, results):
        sys.stderr.write("block\\n")
        sys.stderr.flush()
        yield done

sim.Runs.take = take_said
from cli import main
main()
"""


#: ``rules`` that sends itself a signal as a function is first called: its name and the
#: function's module and dotted path are filled in by :func:`signalled_at`.
_SELF_SIGNAL = """
import importlib, os, signal

for ignored in {IGNORED}:  # as nohup starts a program: these ignored from its start
    signal.signal(getattr(signal, ignored), signal.SIG_IGN)

def sent(function):
    def with_signal(*args, **kwargs):
        os.kill(os.getpid(), signal.{SIGNAL})
        return function(*args, **kwargs)
    return with_signal

owner = importlib.import_module("{MODULE}")
*parents, name = "{PATH}".split(".")
for part in parents:
    owner = getattr(owner, part)
setattr(owner, name, sent(getattr(owner, name)))
from cli import main
main()
"""


def signalled_at(where: str, signal_name: str, args: list[str], cwd: Path, *, ignoring: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """Run ``rules ARGS`` in a subprocess that sends itself ``signal_name`` (``"SIGINT"``) as
    ``where`` (``"cli.arena:ruleset_or_exit"``, ``"interpreter.sim.arena:Arena._play_here"``)
    is called: a stop at a moment named, which no test has to wait for.  The signals named in
    ``ignoring`` are ignored from the program's start, as ``nohup`` ignores SIGHUP."""
    module, path = where.split(":")
    code = (_SELF_SIGNAL.replace("{SIGNAL}", signal_name).replace("{MODULE}", module).replace("{PATH}", path)
            .replace("{IGNORED}", repr(ignoring)))
    return subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, capture_output=True, text=True, timeout=120)


def no_traceback(outcome: Outcome) -> None:
    assert "Traceback" not in outcome.stdout + outcome.stderr




#: A record's deals (its ``ruleset:`` line to be put before them): the last trick of a deal,
#: the talon exhausted -- seat 0 leads AS, seat 1 follows JS, seat 0 takes the last trick and
#: so wins the deal; seat 1 has 40 card points (33 or more), so the deal is worth 1 game
#: point.  From the match score 6-5 that is 7-5: won by seat 0 where the target is 7 (the
#: bundled Schnapsen), nobody's yet where it is 9.
LAST_TRICK = (
    "deals:\n"
    "  - dealer: 1\n"
    "    start: {leader: 0, card_points: [50, 40], tricks_won: [4, 4], trump: H, match_scores: [6, 5]}\n"
    "    hands: {0: [AS], 1: [JS]}\n"
    "    moves: [play AS, play JS]\n"
)
