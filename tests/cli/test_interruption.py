"""A match stopped from outside keeps its record; a long run keeps its memory; input that is
not UTF-8 is asked again.

Each test starts ``rules run`` as a real child process and stops it the way a user's system
would: Ctrl-C (SIGINT, also several in a row), a killed job (SIGTERM), a closed terminal
(SIGHUP), or SIGKILL, which no program can answer -- the record on disk must hold every
finished deal even then.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import subprocess
import time
import tracemalloc
from pathlib import Path

import pytest
import yaml

from clitools import RULES
from interpreter.play.record import load_record, replay
from interpreter.play.session import resume

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX signals and /proc")

DEALER = "  - dealer: "


def endless(folder: Path) -> Path:
    """A ruleset whose match nobody wins: the run lasts until it is stopped."""
    path = folder / "endless.yaml"
    path.write_text("extends: schnapsen\nname: endless\nmatch: {target: 1000000000}\n", encoding="utf-8")
    return path


def start(folder: Path, record: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [str(RULES), "run", str(endless(folder)), "--seed", "1", "--quiet", "--deals", "100000", "--record", str(record), *extra],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=folder,
    )


def wait_for_deals(record: Path, n: int, proc: subprocess.Popen[str], timeout: float = 60) -> None:
    """Wait until the record on disk holds ``n`` finished deals."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        assert proc.poll() is None, "the run ended by itself"
        if record.exists() and record.read_text(encoding="utf-8").count(DEALER) >= n:
            return
        time.sleep(0.02)
    raise AssertionError(f"fewer than {n} deals in {record} after {timeout} s")


def some_deals_in(record: Path, n: int, proc: subprocess.Popen[str]) -> None:
    """Let the match run until the record holds ``n`` deals, or for 3 s more once it holds one.
    The first deal is always waited for (up to a minute): on a loaded machine 3 s can pass
    before the command has started its run, and a signal then is a stop at start-up, which
    these tests are not about."""
    wait_for_deals(record, 1, proc, timeout=60)
    try:
        wait_for_deals(record, n, proc, timeout=3)
    except AssertionError:
        assert proc.poll() is None, "the run ended by itself"


def replays(record: Path) -> int:
    """The record reads and replays; returns its number of deals."""
    rec = load_record(record)
    assert replay(rec).illegal is None
    return len(rec.deals)


@pytest.mark.parametrize("signum, status, words", [
    (signal.SIGTERM, 143, "game stopped by SIGTERM"),
    (signal.SIGHUP, 129, "game stopped by SIGHUP"),
    (signal.SIGINT, 130, "game interrupted"),
], ids=["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_stop_signal_saves_the_record_and_exits_128_plus_the_signal(tmp_path: Path, signum: int, status: int, words: str) -> None:
    record = tmp_path / "r.yaml"
    proc = start(tmp_path, record)
    some_deals_in(record, 3, proc)
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == status, err
    assert "Traceback" not in err
    assert f"{words}; the record so far is saved in {record}" in err
    assert replays(record) >= 1


SAID = {signal.SIGHUP: "game stopped by SIGHUP", signal.SIGINT: "game interrupted", signal.SIGTERM: "game stopped by SIGTERM"}


@pytest.mark.parametrize("signums", [
    (signal.SIGTERM, signal.SIGINT), (signal.SIGINT, signal.SIGTERM, signal.SIGHUP),
], ids=["TERM+INT", "INT+TERM+HUP"])
def test_stop_signals_sent_together_are_one_stop_without_a_traceback(tmp_path: Path, signums: tuple[int, ...]) -> None:
    """Sent back to back they mostly arrive together and the lowest-numbered is taken; the
    first may also be taken before the next arrives.  Either way exactly one of them is said,
    with its own status, and the others are dropped (they printed a traceback each)."""
    record = tmp_path / "r.yaml"
    proc = start(tmp_path, record)
    wait_for_deals(record, 3, proc)  # the stops are in place: a signal before them is no stop of the run's
    for signum in signums:
        proc.send_signal(signum)
    _, err = proc.communicate(timeout=60)
    assert "Traceback" not in err and "race condition" not in err, err
    said = [signum for signum in signums if proc.returncode == 128 + signum]
    assert len(said) == 1, (proc.returncode, err)
    assert err == f"{SAID[said[0]]}; the record so far is saved in {record}\n"
    assert replays(record) >= 1


def test_ctrl_c_again_and_again_while_saving_does_not_lose_the_record(tmp_path: Path) -> None:
    record = tmp_path / "r.yaml"
    proc = start(tmp_path, record)
    some_deals_in(record, 500, proc)  # a record that takes a while to save
    for _ in range(200):
        if proc.poll() is not None:
            break
        proc.send_signal(signal.SIGINT)
        time.sleep(0.002)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert replays(record) >= 1


def test_the_record_on_disk_holds_every_finished_deal_even_after_sigkill(tmp_path: Path) -> None:
    record = tmp_path / "r.yaml"
    proc = start(tmp_path, record)
    wait_for_deals(record, 5, proc)
    proc.kill()  # no chance to save anything
    proc.communicate(timeout=60)
    assert replays(record) >= 5
    # the lock file stays (the lock itself went with the process, so it stops nobody); no temporary file does
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == [".r.yaml.lock"], "a temporary file was left behind"


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
def test_a_long_run_keeps_its_memory_bounded(tmp_path: Path) -> None:
    """``--deals 100000`` (the most a record holds) on a match nobody wins: each deal goes to disk, none stays in memory."""
    record = tmp_path / "r.yaml"
    proc = start(tmp_path, record)
    try:
        wait_for_deals(record, 1500, proc)  # past start-up and the allocator's first growth
        before = _rss_kib(proc.pid)
        wait_for_deals(record, 4000, proc)
        grown = _rss_kib(proc.pid) - before
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    # kept in memory, 2,500 deals' moves and results would be some 5.5 MB; what the allocator
    # still takes from the system while it settles (the traced memory stays flat) is less than half
    assert grown < 3000, f"memory grew by {grown} KiB in 2,500 deals"
    assert proc.returncode == 143, err


@pytest.mark.parametrize("to_file", [True, False], ids=["--record", "spool"])
def test_the_record_writer_keeps_only_the_deal_in_play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, to_file: bool) -> None:
    """In the library: the memory traced after 50 and after 150 deals is the same (the spool,
    without --record, is kept small here so that it goes to a temporary file early)."""
    from interpreter.play import recordfile
    from interpreter.play.bots import make_agent
    from interpreter.play.runner import DealEnded, Event, play_match
    from interpreter.rules.loader import load_ruleset

    monkeypatch.setattr(recordfile, "SPOOL_BYTES", 20_000)
    rs = load_ruleset(str(endless(tmp_path)))
    writer = recordfile.RecordWriter(rs, seed=1, players=["greedy", "greedy"], path=tmp_path / "r.yaml" if to_file else None)
    traced: dict[int, int] = {}

    def observe(event: Event) -> None:
        if isinstance(event, DealEnded) and event.number in (50, 150):
            gc.collect()
            traced[event.number] = tracemalloc.get_traced_memory()[0]

    tracemalloc.start()
    try:
        play_match(rs, [make_agent("greedy", rs, s) for s in (0, 1)], seed=1, max_deals=150, observer=observe, log=writer, keep_history=False)
    finally:
        tracemalloc.stop()
        writer.close()
    assert traced[150] - traced[50] < 40_000  # 100 deals kept would be some 200 kB


def test_input_that_is_not_utf8_is_explained_and_asked_again(tmp_path: Path) -> None:
    record = tmp_path / "r.yaml"
    proc = subprocess.run(
        [str(RULES), "run", "schnapsen", "--seed", "3", "--players", "human,greedy", "--record", str(record)],
        input=b"\xff\xfe play\n\xc3\n1\n", capture_output=True, timeout=60,
    )
    assert proc.returncode == 130
    assert b"Traceback" not in proc.stderr
    assert proc.stderr.count(b"that entry is not UTF-8 text") == 2  # the human seat's screen is on stderr
    moves = yaml.safe_load(record.read_text(encoding="utf-8"))["deals"][0]["moves"]
    assert len(moves) >= 1, "the entry after the refused ones was lost"


def test_end_of_input_after_bytes_that_are_not_utf8_keeps_the_record(tmp_path: Path) -> None:
    record = tmp_path / "r.yaml"
    proc = subprocess.run(
        [str(RULES), "run", "schnapsen", "--seed", "3", "--players", "human,greedy", "--record", str(record)],
        input=b"1\n\x80", capture_output=True, timeout=60,
    )
    assert proc.returncode == 130 and b"Traceback" not in proc.stderr
    assert b"the record so far is saved in" in proc.stderr
    assert replays(record) == 1


@pytest.fixture(scope="module")
def long_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("long")
    record = folder / "long.yaml"
    done = subprocess.run(
        [str(RULES), "run", str(endless(folder)), "--players", "random,random", "--deals", "2000", "--seed", "1", "--quiet", "--record", str(record)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return record


@pytest.mark.parametrize("signum, status, words", [
    (signal.SIGTERM, 143, "replay stopped by SIGTERM"),
    (signal.SIGHUP, 129, "replay stopped by SIGHUP"),
    (signal.SIGINT, 130, "replay interrupted"),
], ids=["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_stop_signal_during_replay_is_one_line_and_128_plus_the_signal(long_record: Path, signum: int, status: int, words: str) -> None:
    # the log of 2,000 deals into a pipe nobody reads: the replay blocks in a write, mid-record
    proc = subprocess.Popen([str(RULES), "replay", str(long_record), "--log"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=long_record.parent)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.read(4096)  # it has begun to print
    time.sleep(0.3)
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == status
    assert err.decode() == words + "\n"
    assert b"Traceback" not in out + err


#: A child that runs pyproject's console entry point as the installed script does (``from
#: MODULE import FUNCTION; sys.exit(FUNCTION())``), and says ``ready`` on stdout at the first
#: import made inside FUNCTION: from then on it is importing the app, and SIGINT lands there.
STARTING = """
import sys
said = []
def hook(event, args):
    if event == "import" and not said:
        frame = sys._getframe()
        while frame is not None:
            if frame.f_code.co_name == FUNCTION and frame.f_globals.get("__name__") == MODULE:
                said.append(print("ready", flush=True))
                break
            frame = frame.f_back
sys.addaudithook(hook)
from importlib import import_module
sys.exit(getattr(import_module(MODULE), FUNCTION)())
"""


def test_ctrl_c_while_the_command_is_still_starting_says_interrupted_and_exits_130() -> None:
    """Ctrl-C during the import of the app (typer, the interpreter: a good part of a second)
    ends the command as Ctrl-C does once it runs -- ``interrupted``, status 130 -- not with a
    KeyboardInterrupt traceback: the console entry point is a function that imports the app
    inside its own ``try``.  SIGINT is sent as soon as the child is inside it, importing
    (:data:`STARTING`); were the command done before the signal came (status 0), a new child
    gets it, a few times, so that a slow machine never fails the test."""
    import sys
    import tomllib

    from clitools import REPO

    entry = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]["rules"]
    module, function = entry.split(":")
    code = f"MODULE, FUNCTION = {module!r}, {function!r}\n" + STARTING
    for _ in range(5):
        proc = subprocess.Popen([sys.executable, "-c", code, "validate", "schnapsen"], cwd=REPO,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        ready = proc.stdout.readline()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        assert ready == "ready\n", f"{entry} imported nothing of its own: the app was imported before it ran ({err!r})"
        if proc.returncode == 0 and not err:  # done before the signal came: try again
            continue
        assert (proc.returncode, err) == (130, "interrupted\n")
        return
    pytest.skip("the command finished before SIGINT reached it, five times")


@pytest.mark.parametrize("as_json", [True, False])
def test_validate_deep_stopped_by_ctrl_c_says_interrupted_and_keeps_the_verdicts_so_far(as_json: bool) -> None:
    """``rules validate A B --deep`` interrupted while it plays B's deals: A's verdict stays on
    stdout as it was printed (with --json one whole JSON line, nothing of B), and stderr says
    what the other long runs say -- ``interrupted``, and what finished -- in one line; 130.
    The signal goes as soon as A's verdict is read (B's 20,000 deals take seconds): it waits
    until A's report is printed whole and B's deals start, and cuts those short; were B done
    before it came (status 0), the run is tried again."""
    import json
    import sys

    from clitools import REPO

    command = [sys.executable, "-m", "cli.main", "validate", "schnapsen", "sechsundsechzig", "--deep", "--deals", "20000"]
    for _ in range(3):
        proc = subprocess.Popen([*command, *(["--json"] if as_json else [])], cwd=REPO, env={**os.environ, "PYTHONUNBUFFERED": "1"},
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        first = proc.stdout.readline()
        proc.send_signal(signal.SIGINT)
        rest = proc.stdout.read()  # not communicate(): it reads past what readline() has buffered
        assert proc.stderr is not None
        err = proc.stderr.read()
        proc.wait(timeout=120)
        if proc.returncode == 0:  # B finished before the signal came: try again
            continue
        assert (proc.returncode, err) == (130, "interrupted: no verdict for sechsundsechzig: --deep stopped before its 20,000 deals "
                                               "were played; 1 of 2 rulesets checked\n")
        if as_json:
            assert rest == ""
            verdict = json.loads(first)
            assert (verdict["file"], verdict["ok"], verdict["deep"]["deals"]) == ("schnapsen", True, 20000)
        else:
            assert first == "schnapsen: ok (Schnapsen)\n"
            assert "sechsundsechzig" not in rest and rest.startswith("  schnapsen: 20000 random deals, "), rest
        return
    pytest.skip("sechsundsechzig's deals were done before SIGINT reached them, three times")


def test_ctrl_c_in_a_command_without_a_stop_of_its_own_says_interrupted(monkeypatch: pytest.MonkeyPatch) -> None:
    """typer turns a KeyboardInterrupt into a silent exit 130; every command says ``interrupted``
    (here `rules validate` interrupted while it reads the ruleset)."""
    import cli.authoring
    from clitools import invoke

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli.authoring, "load_ruleset", interrupted)
    out = invoke(["validate", "schnapsen"])
    assert (out.exit_code, out.stdout, out.stderr) == (130, "", "interrupted\n")


def test_an_interrupted_run_json_prints_the_deals_that_finished(tmp_path: Path) -> None:
    record = tmp_path / "r.yaml"
    proc = subprocess.Popen(
        [str(RULES), "run", str(endless(tmp_path)), "--seed", "1", "--deals", "100000", "--json", "--record", str(record)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
    )
    wait_for_deals(record, 3, proc)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err == f"game interrupted; the record so far is saved in {record}\n"
    summary = json.loads(out)
    assert list(summary) == ["ruleset", "seed", "players", "deals", "match_scores", "match_winner", "bummerl", "interrupted", "error"]
    assert summary["interrupted"] is True and summary["error"] is None  # a stop, not an error
    assert summary["match_winner"] is None and summary["bummerl"] == [0, 0]
    assert (summary["ruleset"], summary["seed"], summary["players"]) == ("endless", 1, ["greedy", "greedy"])
    seeds = [deal.seed for deal in load_record(record).deals]  # every finished deal, then the one in play
    assert len(summary["deals"]) >= 3 and len(seeds) - len(summary["deals"]) in (0, 1)
    assert [d["seed"] for d in summary["deals"]] == seeds[:len(summary["deals"])]
    assert summary["match_scores"] == [sum(d["scores"][side] for d in summary["deals"]) for side in (0, 1)]


def test_a_stopped_game_with_a_person_says_how_to_go_on(tmp_path: Path) -> None:
    """``quit`` typed through a pipe (nothing echoes it): the message starts below the prompt
    it answers, and names the command that goes on with the record -- which does."""
    proc = subprocess.run(
        [str(RULES), "run", "schnapsen", "--seed", "7", "--players", "greedy,human", "--record", "h.yaml"],
        input="quit\n", capture_output=True, text=True, cwd=tmp_path, timeout=60,
    )
    assert proc.returncode == 130
    assert proc.stderr.endswith("? for help): \ngame quit; the record so far is saved in h.yaml; go on with: rules run --resume h.yaml\n")
    session = resume(tmp_path / "h.yaml", write=False)
    assert session.kinds == ["greedy", "human"] and session.number == 1
