"""``--jobs N``: a deal that fails in a worker process ends the run at once, whatever the failure.

``rules arena``, ``tournament`` and ``simulate`` play in worker processes.  A failure there --
an exception of any class, one that pickle cannot rebuild in the parent included, or a worker
that dies -- ends the run promptly as a failing bot does in one process: the figures of what
finished, one ``error:`` line, exit status 2, no traceback, and no process left behind.  Each
run here is a subprocess given :data:`TIMEOUT` seconds, and its whole process group is killed
when it runs over: a run that hangs fails its test instead of hanging the suite.  (With
``multiprocessing.Pool`` every one of these runs hung: see interpreter/sim/workers.py.)

The ``policy:`` seats below fail on purpose in ways a policy's code can: an answer whose
``__index__`` raises an exception whose ``__init__`` wants a keyword argument (so ``cls(*args)``
cannot rebuild it), ``os._exit``, SIGKILL (what the out-of-memory killer sends), ``SystemExit``
(the policy's bug: a ``BotError`` naming the seat and deal), ``KeyboardInterrupt`` (never the
policy's failure: said as what the worker raised).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "cli"))  # the CLI tests' helpers
from clitools import REPO  # noqa: E402

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups and POSIX signals")

#: Seconds a run may take before it counts as hung (each takes one or two).
TIMEOUT = 60

POLICIES = '''\
import os
import signal

LIMIT = {limit}  # calls in one process before the late_ policies fail
calls = [0]


class Picky(Exception):
    def __init__(self, what, *, why):
        super().__init__(f"{{what}}: {{why}}")


class Answer:
    def __index__(self):
        raise Picky("no index", why="by design")


def first_legal(observation):
    return list(observation["action_mask"]).index(1)


def picky(observation, agent):
    return Answer()


def exits(observation, agent):
    os._exit(3)


def killed(observation, agent):
    os.kill(os.getpid(), signal.SIGKILL)


def quits(observation, agent):
    raise SystemExit(3)


def interrupted(observation, agent):
    raise KeyboardInterrupt("stop")


def late_picky(observation, agent):
    calls[0] += 1
    return Answer() if calls[0] > LIMIT else first_legal(observation)


def late_exit(observation, agent):
    calls[0] += 1
    if calls[0] > LIMIT:
        os._exit(3)
    return first_legal(observation)
'''
PICKY_LINE = 1 + POLICIES.splitlines().index('        raise Picky("no index", why="by design")')
QUITS_LINE = 1 + POLICIES.splitlines().index("    raise SystemExit(3)")
STOP_LINE = 1 + POLICIES.splitlines().index('    raise KeyboardInterrupt("stop")')


def _policies(tmp_path: Path, limit: int = 0) -> Path:
    path = tmp_path / "failing.py"
    path.write_text(POLICIES.format(limit=limit), encoding="utf-8")
    return path


def _run(args: list[str], cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` from this checkout, in a process group of its own: killed whole, and
    the test failed, if it runs past :data:`TIMEOUT`; afterwards no process of the group may be
    left (a worker that outlives the run)."""
    proc = subprocess.Popen(
        [sys.executable, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "200"}, start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        pytest.fail(f"`python {' '.join(args)}` still ran after {TIMEOUT} s: it hangs\nstderr: {err[-2000:]}")
    _nothing_left(proc.pid)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def _nothing_left(group: int) -> None:
    deadline = time.monotonic() + 5
    while True:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return
        if time.monotonic() > deadline:
            os.killpg(group, signal.SIGKILL)
            pytest.fail("a process of the run outlived it")
        time.sleep(0.05)


def _rules(args: list[str]) -> subprocess.CompletedProcess[str]:
    return _run(["-m", "cli.main", *args])


def _command(command: str, kind: str, deals: int) -> list[str]:
    """The command with the policy as seat 0 (bot A of the first pairing), in two processes."""
    return {
        "arena": ["arena", kind, "random", "--deals", str(deals), "--jobs", "2"],
        "tournament": ["tournament", kind, "random", "--deals", str(deals), "--jobs", "2"],
        "simulate": ["simulate", "schnapsen", "--deals", str(deals), "--players", f"{kind},random", "--jobs", "2"],
    }[command]


def _says(line: str, says: str, pol: Path) -> bool:
    """The error line: ``says`` with the policy file and lines filled in; a pattern where it
    names a seat and a deal (a bot's failure is a BotError that says which, raised in the worker)."""
    if says.startswith("seat"):
        pattern = says.format(pol=re.escape(str(pol)), picky=PICKY_LINE, quits=QUITS_LINE)
        return re.fullmatch("error: " + pattern, line) is not None
    return line == "error: " + says.format(pol=pol, stop=STOP_LINE)


def _clean_failure(proc: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stderr
    assert proc.returncode == 2, proc.stderr


@pytest.mark.parametrize("command", ["arena", "tournament", "simulate"])
@pytest.mark.parametrize(("name", "says"), [
    ("picky", r"seat \d \(policy:{pol}:picky\), deal \d+: the bot raised Picky at {pol}:{picky}: no index: by design"),
    # SystemExit is the policy's bug, said as its BotError; KeyboardInterrupt is a stop, not
    # the policy's failure, and reaches the parent as what the worker raised
    ("quits", r"seat \d \(policy:{pol}:quits\), deal \d+: the policy raised SystemExit at {pol}:{quits}: 3"),
    ("interrupted", "a worker process raised KeyboardInterrupt at {pol}:{stop}: stop"),
    ("exits", "a worker process died while it played (exit status 3)"),
    ("killed", "a worker process died while it played (killed by SIGKILL)"),
])
def test_a_failure_at_the_first_decision_is_one_line_and_status_2(command: str, name: str, says: str, tmp_path: Path) -> None:
    """Nothing finished before the failure: the error line is all."""
    pol = _policies(tmp_path)
    proc = _rules(_command(command, f"policy:{pol}:{name}", 40))
    _clean_failure(proc)
    assert proc.stdout == ""
    [line] = proc.stderr.splitlines()
    assert _says(line, says, pol), line


@pytest.mark.parametrize(("command", "deals", "limit", "unit"), [
    # arena: chunks of 7 deals (200 deals / (2 jobs * 16), rounded up), seat A takes at most 2 * 13
    # decisions a deal (10 tricks, an exchange, a close, a declaration, each play): the first
    # chunk of each process finishes within 250 calls, and 200 deals need far more
    ("arena", 200, 250, "deals"),
    # simulate: blocks of 2 deals (400 / 200 blocks), seat 0 decides at most 13 times a deal
    ("simulate", 400, 100, "deals"),  # no --matches: the counts are of deals only
])
@pytest.mark.parametrize(("name", "says"), [
    ("late_picky", r"seat \d \(policy:{pol}:late_picky\), deal \d+: the bot raised Picky at {pol}:{picky}: no index: by design"),
    ("late_exit", "a worker process died while it played (exit status 3)"),
])
def test_the_figures_of_what_finished_are_kept(command: str, deals: int, limit: int, unit: str, name: str, says: str, tmp_path: Path) -> None:
    """The policy fails in each process once it has answered ``limit`` times: what the
    processes finished before is reported, the same count on both streams, then the error."""
    pol = _policies(tmp_path, limit)
    proc = _rules(_command(command, f"policy:{pol}:{name}", deals))
    _clean_failure(proc)
    first, error = proc.stderr.splitlines()
    said = re.fullmatch(rf"the run stopped on an error: the figures are of the (\d+) of {deals} {unit} that finished", first)
    assert said is not None, proc.stderr
    done = int(said.group(1))
    assert 0 < done < deals
    assert f"stopped by an error: {done} of {deals} {unit} finished" in proc.stdout.splitlines()
    assert _says(error, says, pol), error


SCRIPT = '''\
"""A worker's exception of a class that pickle once failed to rebuild, through the library."""
import json
import multiprocessing
import sys

from interpreter import load_ruleset
from interpreter.core.errors import ErrorList, RulesetError
from interpreter.sim.arena import Arena
from interpreter.sim.simulate import SimSpec, local_results, tasks_of


def listing(rs, seed):  # a bot that cannot be made: ErrorList's __init__ takes a list of errors
    raise ErrorList([RulesetError("first", file="a.yaml", line=1, column=2), RulesetError("second", path="x.y")])


def main(mode, path):
    if mode == "arena":
        runs = Arena(load_ruleset("schnapsen"), [listing, "random"], deals=10).play(2)
    elif mode == "simulate":  # the workers load the file by its path: it is not a valid ruleset
        runs = local_results(tasks_of(SimSpec(path, ("random", "random"), deals=10)), 2)
    else:  # spawned workers read the ruleset again from its file, which is not valid any more
        rs = load_ruleset(path)
        with open(path, "w", encoding="utf-8") as out:
            out.write(sys.argv[3])
        multiprocessing.set_start_method("spawn")
        runs = Arena(rs, ["random", "random"], deals=10).play(2)
    try:
        for _ in runs:
            pass
    except Exception as exc:
        print(json.dumps({"class": type(exc).__name__, "text": str(exc), "errors": [str(e) for e in getattr(exc, "errors", [])]}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
'''

#: Two problems at once (players.count is no number, hand_size below 1): validation reports both.
INVALID = "extends: schnapsen\nname: bad\nplayers:\n  count: nine\ndeal:\n  hand_size: -3\n"
INVALID_ERRORS = [
    "bad.yaml:4:10: players.count: wrong type: got string 'nine' (expected integer)",
    "bad.yaml:6:14: deal.hand_size: -3 is less than the minimum 1 (expected 1 or more)",
]


@pytest.mark.parametrize("mode", ["arena", "simulate", "spawn"])
def test_an_error_list_raised_in_a_worker_reaches_the_caller_whole(mode: str, tmp_path: Path) -> None:
    """``ErrorList`` (validation's several problems) was rebuilt as ``ErrorList(message)`` and
    failed; in the spawned arena it is raised while a worker sets up, where the pool started
    new workers for ever."""
    script = tmp_path / "through.py"
    script.write_text(SCRIPT, encoding="utf-8")
    ruleset = tmp_path / "bad.yaml"
    ruleset.write_text("extends: schnapsen\nname: fine\n" if mode == "spawn" else INVALID, encoding="utf-8")
    proc = _run([str(script), mode, "bad.yaml", INVALID], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    got = json.loads(proc.stdout)
    if mode == "arena":  # a bot that cannot be made fails as a bot does, in the worker: a BotError with every line
        assert got["class"] == "BotError" and got["text"].endswith("raised ErrorList at through.py:13: a.yaml:1:2: first\\nx.y: second")  # one line
        return
    assert got == {"class": "ErrorList", "text": "\n".join(INVALID_ERRORS), "errors": INVALID_ERRORS}


@pytest.mark.parametrize(("command", "unit"), [
    (["arena", "greedy", "random", "--deals", "200000"], "deals"),
    (["simulate", "schnapsen", "--deals", "3000000", "--players", "greedy,random"], "deals"),
])
def test_sigterm_to_the_whole_group_stops_every_process_and_keeps_the_figures(command: list[str], unit: str) -> None:
    """What ``timeout`` and service managers do: SIGTERM to every process of the run at once.
    A worker killed while it waited for a task once held the pool's queue lock for ever, and
    the parent's ``terminate()`` waited for it."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "cli.main", *command, "--jobs", "2", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, start_new_session=True,
    )
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline and proc.poll() is None and len(children.read_text().split()) < 2:
        time.sleep(0.05)
    time.sleep(1.5)  # some deals finish (how many does not matter)
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail("the run did not end after SIGTERM")
    _nothing_left(proc.pid)
    assert proc.returncode == 128 + signal.SIGTERM, err
    if out == "" and command[0] == "simulate":  # simulate, before any block of it finished: nothing to report (docs/simulate.md)
        assert err == "stopped by SIGTERM before any deal finished: no figures, nothing written\n"
        return
    assert json.loads(out)["interrupted"] is True
    assert re.fullmatch(rf"stopped by SIGTERM: the figures are of the [\d,]+ of [\d,]+ {unit} that finished\n", err), err


UNPICKLABLE = '''\
"""An exception pickle cannot rebuild (its __init__ wants a keyword), raised by a task itself."""
import multiprocessing

from interpreter.sim.workers import WorkerError, in_processes


class Picky(Exception):
    def __init__(self, what, *, why):
        super().__init__(f"{what}: {why}")


def work(task):
    raise Picky("no", why="by design")


if __name__ == "__main__":
    try:
        for _ in in_processes(work, [1, 2, 3, 4], 2, multiprocessing.get_context()):
            pass
    except WorkerError as exc:
        print(exc)
'''


def test_an_exception_pickle_cannot_rebuild_is_said_not_waited_for(tmp_path: Path) -> None:
    """No bot in between (a bot's failure is a picklable BotError): the task's own exception,
    which killed a Pool's result thread, reaches the caller as a WorkerError saying it."""
    script = tmp_path / "unpicklable.py"
    script.write_text(UNPICKLABLE, encoding="utf-8")
    proc = _run([str(script)], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    line = 1 + UNPICKLABLE.splitlines().index('    raise Picky("no", why="by design")')
    assert proc.stdout.strip() == f"a worker process raised Picky at unpicklable.py:{line}: no: by design"


POOL = '''\
import multiprocessing, sys, time
from interpreter.sim.workers import in_processes

def work(task):
    return task

if __name__ == "__main__":
    results = in_processes(work, list(range(4)), 2, multiprocessing.get_context("fork"))
    next(results)
    time.sleep(0.5)  # the other worker answers too: both wait for their next task
    print(" ".join(str(p.pid) for p in multiprocessing.active_children()), flush=True)
    time.sleep(600)
'''


def _running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie that nobody reaped has ended)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="/proc")
def test_workers_end_soon_after_their_parent_is_killed(tmp_path: Path) -> None:
    """SIGKILL leaves the parent no chance to stop its workers: each must find out itself.
    A forked worker held the parent's end of its own pipe, so recv() never saw it close."""
    script = tmp_path / "pool.py"
    script.write_text(POOL, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, cwd=REPO,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        assert proc.stdout is not None
        pids = [int(p) for p in proc.stdout.readline().split()]
        assert len(pids) == 2 and all(map(_running, pids))
    finally:
        proc.kill()
        proc.wait(TIMEOUT)
    end = time.monotonic() + 5
    while any(map(_running, pids)) and time.monotonic() < end:
        time.sleep(0.05)
    left = [pid for pid in pids if _running(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)  # not left behind by the test
    assert left == [], "workers still running 5 s after their parent was killed"
