"""The benchmark scripts refuse a wrong argument before any work, as the ``rules`` command does:
exit code 2, one line saying what is wrong and what is expected, no traceback.

A benchmark may run for an hour; a ruleset that does not load, a revision git does not know, a
count of 0, a seat kind or a search knob no bot has, must be said at once, not met in a worker
process mid-run -- and never played as something else (``bench_ceiling.py --oracle bogus:1``
once played the solver and reported it as "bogus:1").  Every case here fails in about a second:
none plays a deal, and only those of a seat kind of the other revision make a worktree (only
that revision's code can check its kinds).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "benchmarks"

#: A revision no repository has (git would say so; the scripts must say it before a worktree).
NO_REV = "no-such-revision-4f1c"

#: (script, arguments, words the error must hold); each is one kind of check on one script.
CASES = [
    # counts: 1 or more, or 0 or more where 0 means none
    ("bench_playout.py", ["--rounds", "-1"], ["argument --rounds", "-1 is out of range", "expected a whole number 1 or more"]),
    ("bench_playout.py", ["--deals", "x"], ["argument --deals", "'x' is not a whole number"]),
    ("bench_simulate.py", ["--jobs", "0"], ["argument --jobs", "expected a whole number 1 or more"]),
    ("bench_solver.py", ["--deals", "-1"], ["argument --deals", "expected a whole number 0 or more"]),
    ("bench_solver.py", ["--limit", "0"], ["argument --limit", "expected a number above 0"]),
    ("bench_solver.py", ["--positions", "0"], ["argument --positions", "expected a whole number 1 or more"]),
    ("bench_levels.py", ["--deals", "0"], ["argument --deals", "expected a whole number 1 or more"]),
    ("bench_hints.py", ["--iterations", "0"], ["argument --iterations", "expected a whole number 1 or more"]),
    ("bench_stop_early.py", ["--positions", "0"], ["argument --positions", "expected a whole number 1 or more"]),
    ("bench_greedy.py", ["--deals", "0"], ["argument --deals", "expected a whole number 1 or more"]),
    ("bench_search.py", ["--pairs", "0"], ["argument --pairs", "expected a whole number 1 or more"]),
    ("compare_revisions.py", ["--deals", "0"], ["argument --deals", "expected a whole number 1 or more"]),
    ("bench_ceiling.py", ["--jobs", "0"], ["argument --jobs", "expected a whole number 1 or more"]),
    ("tune_search.py", ["--deals", "0", "{}"], ["argument --deals", "expected a whole number 1 or more"]),
    ("ab_revisions.py", ["--base", "HEAD", "--deals", "0"], ["argument --deals", "expected a whole number 1 or more"]),
    ("against_revision.py", ["--base", "HEAD", "--jobs", "0"], ["argument --jobs", "expected a whole number 1 or more"]),
    ("bench_serve_load.py", ["--tables", "0"], ["argument --tables", "expected a whole number from 1 to 500"]),
    ("bench_serve_restart.py", ["--tables", "0"], ["argument --tables", "expected a whole number 1 or more"]),
    ("bench_serve_restart.py", ["--ruleset", "rulesets/schnapsen.yaml"], ["argument --ruleset", "no bundled ruleset named"]),
    # seeds: the range of every `rules --seed` (0 to 2**63 - 1), so a figure can be repeated with the CLI
    ("bench_levels.py", ["--seed", "-5"], ["argument --seed", "-5 is out of range", "expected a whole number from 0 to 9223372036854775807"]),
    ("bench_ceiling.py", ["--seed", str(2**63)], ["argument --seed", "out of range"]),
    ("tune_search.py", ["--seed", "-1", "{}"], ["argument --seed", "out of range"]),
    ("ab_revisions.py", ["--base", "HEAD", "--seed", "-1"], ["argument --seed", "out of range"]),
    ("against_revision.py", ["--base", "HEAD", "--seed", "x"], ["argument --seed", "'x' is not a whole number"]),
    ("bench_greedy.py", ["--base", "-1"], ["argument --base", "out of range"]),
    # rulesets: a name or a file that does not load
    ("tune_search.py", ["--ruleset", "nosuch", "{}"], ["argument --ruleset", "no ruleset file or bundled ruleset named 'nosuch'", "expected"]),
    ("bench_solver.py", ["--rulesets", "nosuch", "--deals", "1"], ["argument --rulesets", "named 'nosuch'"]),
    ("bench_simulate.py", ["--ruleset", "nosuch"], ["argument --ruleset", "named 'nosuch'"]),
    ("bench_levels.py", ["--ruleset", "nosuch"], ["argument --ruleset", "named 'nosuch'"]),
    ("bench_hints.py", ["--rulesets", "schnapsen", "nosuch"], ["argument --rulesets", "named 'nosuch'"]),
    ("bench_stop_early.py", ["--rulesets", "nosuch"], ["argument --rulesets", "named 'nosuch'"]),
    ("bench_greedy.py", ["--rulesets", "nosuch"], ["argument --rulesets", "named 'nosuch'"]),
    ("bench_ceiling.py", ["--ruleset", "rulesets/nosuch.yaml"], ["argument --ruleset", "named 'rulesets/nosuch.yaml'"]),
    ("bench_serve_load.py", ["--ruleset", "rulesets/schnapsen.yaml"], ["argument --ruleset", "no bundled ruleset named", "expected one of"]),
    ("bench_contracts.py", ["--ruleset", "nosuch"], ["argument --ruleset", "named 'nosuch'"]),
    ("bench_contracts.py", ["--deals", "0"], ["argument --deals", "expected a whole number 1 or more"]),
    ("bench_worlds.py", ["--worlds", "0"], ["argument --worlds", "expected a whole number 1 or more"]),
    ("bench_worlds.py", ["--rulesets", "nosuch"], ["argument --rulesets", "named 'nosuch'"]),
    ("bench_contracts.py", ["--bid", "2", "--ruleset", "schnapsen"], ["argument --bid", "no game of schnapsen won or lost on one trick", "none: it has no such game"]),
    ("bench_contracts.py", ["--bid", "9"], ["argument --bid", "9 is no game of bauernschnapsen", "expected one of its bids: 1 (bettler)"]),
    # git revisions: asked of git before a worktree is made
    ("bench_search.py", ["--base", NO_REV, "--only", "env"], ["argument --base", f"unknown git revision '{NO_REV}'", "expected a commit"]),
    ("bench_instructions.py", ["--base", NO_REV], ["argument --base", f"unknown git revision '{NO_REV}'"]),
    ("compare_revisions.py", ["--base", NO_REV], ["argument --base", f"unknown git revision '{NO_REV}'"]),
    ("ab_revisions.py", ["--base", NO_REV, "--deals", "1"], ["--base", f"unknown git revision '{NO_REV}'"]),
    ("against_revision.py", ["--base", NO_REV, "--deals", "1"], ["--base", f"unknown git revision '{NO_REV}'"]),
    ("ab_revisions.py", ["--base=-x", "--deals", "1"], ["--base", "'-x' is not a revision"]),
    # --tree: a checkout of this project, and only where it is measured
    ("bench_search.py", ["--base", "HEAD", "--tree", "/no/such/folder"], ["argument --tree", "is not a directory", "expected a checkout"]),
    ("bench_instructions.py", ["--base", "HEAD", "--tree", "benchmarks"], ["argument --tree", "has no interpreter/ folder"]),
    ("bench_search.py", ["--tree", ".", "--only", "env"], ["argument --tree", "given without --base", "expected --base REV"]),
    # JSON objects of SearchBot keyword arguments
    ("tune_search.py", ["{bad json"], ["argument variants", "is not valid JSON", "expected a JSON object"]),
    ("tune_search.py", ["[1]"], ["argument variants", "is a JSON array, not an object"]),
    ("tune_search.py", ['{"iters": 5}'], ["argument variants", "unknown SearchBot keyword 'iters'", "expected some of: iterations"]),
    ("tune_search.py", ['{"iterations": 0}'], ["argument variants", "iterations is 0", "expected a whole number 1 or more"]),
    ("tune_search.py", ['{"iterations": 8}', '{"iterations": 8, "bias": "high"}'], ["argument variants", 'bias is "high"', "expected a number"]),
    ("tune_search.py", ["--against", '{"iterations": 8, "nope": 1}', "{}"], ["argument --against", "unknown SearchBot keyword 'nope'"]),
    ("bench_ceiling.py", ["--against", "{bad"], ["argument --against", "is not valid JSON"]),
    ("bench_ceiling.py", ["--against", '{"iterations": 8, "reseed": 1}'], ["argument --against", "unknown SearchBot keyword 'reseed'"]),
    # seat kinds, checked as rules arena checks them
    ("tune_search.py", ["--against", "bogus", "{}"], ["argument --against", "unknown bot kind 'bogus'", "expected one of: random, greedy"]),
    ("bench_ceiling.py", ["--against", "search:bogus"], ["argument --against", "unknown search option 'bogus'"]),
    ("bench_greedy.py", ["--bot", "bogus"], ["argument --bot", "unknown bot kind 'bogus'"]),
    ("against_revision.py", ["--base", "HEAD", "--old", "bogus"], ["--old 'bogus'", "revision HEAD says", "unknown bot kind 'bogus'"]),
    ("bench_greedy.py", ["--opponents", "random", "search:iters=0"], ["argument --opponents", "search:iters=0 is below 1"]),
    ("bench_serve_load.py", ["--bot", "human"], ["argument --bot", "invalid choice: 'human'"]),
    # lists that must name something: given empty they measured nothing
    ("bench_solver.py", ["--rulesets"], ["argument --rulesets", "expected at least one argument"]),
    ("bench_greedy.py", ["--opponents"], ["argument --opponents", "expected at least one argument"]),
    ("bench_instructions.py", ["--workloads"], ["argument --workloads", "expected at least one argument"]),
    ("bench_stop_early.py", ["--auction", "--rulesets", "north-american-4", "schnapsen"],
     ["argument --rulesets", "schnapsen has no auction", "expected, with --auction, rulesets that bid"]),
    # bench_ceiling's oracles
    ("bench_ceiling.py", ["--oracle", "bogus:1"], ["argument --oracle", "unknown oracle 'bogus:1'", "expected one of: solver, mcts:N"]),
    ("bench_ceiling.py", ["--oracle", "mcts:0"], ["argument --oracle", "oracle 'mcts:0'", "expected a whole number 1 or more"]),
    ("bench_ceiling.py", ["--oracle", "hands"], ["argument --oracle", "not of the form hands:N"]),
    ("bench_ceiling.py", ["--oracle", "solver:5"], ["argument --oracle", "not of the form solver"]),
    ("bench_ceiling.py", ["--oracle", "auction-iters:5"], ["argument --oracle", "not of the form auction-iters:M:N"]),
]


#: Arguments that make each script's work small, given before a case's own (the last of an
#: option wins): should a check be lost, the script then ends in seconds with exit code 0 or a
#: traceback, and its case fails on that, not on a timeout after minutes of benchmark.
QUICK = {
    "tune_search.py": ["--deals", "1", "--jobs", "1"],
    "bench_ceiling.py": ["--deals", "1", "--jobs", "1"],
    "ab_revisions.py": ["--deals", "1", "--jobs", "1"],
    "against_revision.py": ["--deals", "1", "--jobs", "1"],
    "bench_playout.py": ["--rounds", "1", "--deals", "1"],
    "bench_simulate.py": ["--deals", "20", "--jobs", "1"],
    "bench_solver.py": ["--positions", "1", "--deals", "1", "--limit", "0.1", "--rulesets", "schnapsen"],
    "bench_levels.py": ["--levels", "easy", "--deals", "1"],
    "bench_hints.py": ["--rounds", "1", "--iterations", "5", "--rulesets", "schnapsen"],
    "bench_stop_early.py": ["--positions", "1", "--iterations", "5", "--rulesets", "schnapsen"],
    "bench_greedy.py": ["--deals", "1", "--no-speed", "--rulesets", "schnapsen"],
    "bench_search.py": ["--rounds", "1", "--deals", "1", "--pairs", "1", "--only", "env"],
    "compare_revisions.py": ["--pairs", "1", "--rounds", "1", "--deals", "1"],
    "bench_instructions.py": ["--workloads", "view"],
    "bench_serve_load.py": ["--tables", "1"],
    "bench_serve_restart.py": ["--tables", "1"],
    "bench_contracts.py": ["--deals", "1"],
    "bench_worlds.py": ["--deals", "1", "--worlds", "1", "--rulesets", "schnapsen"],
}


def _run(script: str, args: list[str], cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(BENCH / script), *QUICK.get(script, []), *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=30, check=False)


def _refused(done: subprocess.CompletedProcess[str], words: list[str]) -> None:
    """Exit 2, the words on stderr's last line (argparse puts the usage above it), nothing on
    stdout (no figure, no progress), no traceback anywhere."""
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stdout == ""
    last = done.stderr.rstrip("\n").splitlines()[-1]
    assert "error: " in last
    for word in words:
        assert word in last, (word, last)


@pytest.mark.parametrize(("script", "args", "words"), CASES, ids=[f"{s}:{' '.join(a)}" for s, a, _ in CASES])
def test_a_wrong_argument_is_one_line_and_exit_2(script: str, args: list[str], words: list[str]) -> None:
    _refused(_run(script, args), words)


def test_every_script_is_covered() -> None:
    """A new script in benchmarks/ gets a case here (the shared helper is no script)."""
    scripts = {p.name for p in BENCH.glob("*.py") if not p.name.startswith("_")}
    assert scripts == {s for s, _, _ in CASES}


def test_a_broken_ruleset_file_is_said_with_its_name(tmp_path: Path) -> None:
    """A file that is no ruleset: its own error (the file named), not a traceback."""
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: [unclosed\n", encoding="utf-8")
    _refused(_run("bench_levels.py", ["--ruleset", str(broken)]), ["argument --ruleset", str(broken)])


def test_the_scripts_run_from_another_folder(tmp_path: Path) -> None:
    """Each finds the shared checks (benchmarks/_args.py) from any working folder, and reads
    git revisions of its own repository."""
    _refused(_run("bench_solver.py", ["--limit", "-1"], cwd=tmp_path), ["argument --limit"])
    _refused(_run("compare_revisions.py", ["--base", NO_REV], cwd=tmp_path), [f"unknown git revision '{NO_REV}'"])
    _refused(_run("tune_search.py", ["--against", "bogus", "{}"], cwd=tmp_path), ["unknown bot kind 'bogus'"])


def test_a_seat_kind_the_base_revision_lacks_is_said_before_any_deal() -> None:
    """``basic`` came with commit c229ba1: the revision before it has no such kind.  This tree
    builds one, so only the base's own code can refuse it -- once, as one line, not as a
    traceback of the base run after this tree's run has played its deals."""
    found = subprocess.run(["git", "rev-parse", "--verify", "--quiet", "c229ba1~1^{commit}"],
                           cwd=ROOT, capture_output=True, text=True, check=False)
    if found.returncode != 0:
        pytest.skip("the history before c229ba1 is not in this clone")
    base = found.stdout.strip()
    for script, option in (("ab_revisions.py", "--bot"), ("against_revision.py", "--old")):
        done = _run(script, ["--base", base, option, "basic"])
        _refused(done, [f"{option} 'basic'", f"revision {base} says", "unknown bot kind 'basic'"])
