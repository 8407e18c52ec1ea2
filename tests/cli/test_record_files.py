"""What ``rules run --record`` and ``rules new`` write, and where they refuse to.

A record or a skeleton is written atomically (a temporary file in the same folder, renamed
into place), never onto a file the run reads -- the ruleset, a base it extends, a hard or
symbolic link to one of them -- and never into anything but a regular file: a FIFO or a
device is refused at once instead of blocking.  The match seed is drawn from 63 bits of the
system's randomness and kept from a human seat until the match is over.
"""

from __future__ import annotations

import datetime
import os
import re
import subprocess
from pathlib import Path

import pytest
import yaml

from clitools import RULES, invoke, no_traceback
from interpreter.play import recordfile
from interpreter.play.record import MatchResult, load_record, match_record, replay, today
from interpreter.play.runner import MatchLog, play_match
from interpreter.play.bots import make_agent
from interpreter.rules.loader import load_ruleset

BASE = "extends: schnapsen\nname: base\n"
HOUSE = "extends: base.yaml\nname: house\nmatch: {target: 3}\n"


@pytest.fixture
def house(tmp_path: Path) -> Path:
    (tmp_path / "base.yaml").write_text(BASE, encoding="utf-8")
    (tmp_path / "house.yaml").write_text(HOUSE, encoding="utf-8")
    return tmp_path


def run_record(ruleset: Path, record: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(RULES), "run", str(ruleset), "--seed", "1", "--deals", "1", "--quiet", "--record", str(record)],
        capture_output=True, text=True, timeout=20, cwd=ruleset.parent,
    )


# --------------------------------------------------------------------------- never onto an input
@pytest.mark.parametrize("target", ["house.yaml", "base.yaml", "hard-link.yaml", "sym-link.yaml", "base-link.yaml"])
def test_a_record_never_overwrites_a_file_the_run_reads(house: Path, target: str) -> None:
    os.link(house / "house.yaml", house / "hard-link.yaml")
    os.symlink("house.yaml", house / "sym-link.yaml")
    os.link(house / "base.yaml", house / "base-link.yaml")
    proc = run_record(house / "house.yaml", house / target)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and target in proc.stderr
    assert (house / "base.yaml").read_text(encoding="utf-8") == BASE
    assert (house / "house.yaml").read_text(encoding="utf-8") == HOUSE


def test_the_source_files_of_a_house_ruleset_are_its_whole_chain(house: Path) -> None:
    rs = load_ruleset(str(house / "house.yaml"))
    names = [p.name for p in recordfile.source_files(rs)]
    assert names == ["house.yaml", "base.yaml", "schnapsen.yaml"]


@pytest.mark.parametrize("base", ["base.yaml", "house.yaml"])
def test_new_refuses_a_target_that_its_from_chain_reads(house: Path, base: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(house)
    out = invoke(["new", "base.yaml", "--from", base, "--force"])
    assert out.exit_code == 2
    assert "base.yaml" in out.stderr
    assert (house / "base.yaml").read_text(encoding="utf-8") == BASE


# --------------------------------------------------------------------------- only regular files
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_as_the_record_or_the_new_file_is_refused_at_once(house: Path) -> None:
    fifo = house / "pipe.yaml"
    os.mkfifo(fifo)
    proc = run_record(house / "house.yaml", fifo)  # times out (and fails) if it ever opens the FIFO
    assert proc.returncode == 2 and "not a regular file" in proc.stderr
    for extra in ([], ["--force"]):
        proc = subprocess.run([str(RULES), "new", str(fifo), "--from", "schnapsen", *extra], capture_output=True, text=True, timeout=20)
        assert proc.returncode == 2 and "not a regular file" in proc.stderr


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="needs /dev/null")
def test_a_device_as_the_record_is_refused(house: Path) -> None:
    proc = run_record(house / "house.yaml", Path("/dev/null"))
    assert proc.returncode == 2 and "not a regular file" in proc.stderr


# --------------------------------------------------------------------------- atomic
def test_a_record_is_written_in_one_piece_and_leaves_no_temporary_file(house: Path) -> None:
    record = house / "r.yaml"
    record.write_text("an older file\n", encoding="utf-8")
    os.chmod(record, 0o640)
    proc = run_record(house / "house.yaml", record)
    assert proc.returncode == 0, proc.stderr
    assert record.read_text(encoding="utf-8").startswith("# Sixty-Six Rules match record")
    assert sorted(p.name for p in house.iterdir()) == ["base.yaml", "house.yaml", "r.yaml"]
    assert (record.stat().st_mode & 0o777) == 0o640  # the replaced file's mode is kept


@pytest.mark.skipif(os.name != "posix", reason="resource limits")
def test_a_record_that_fills_the_disk_stays_a_record_of_the_deals_before(tmp_path: Path) -> None:
    """With room for only part of the match (a file-size limit, like a full disk), the run stops
    with exit 2 and the file holds whole deals only: it replays."""
    import resource

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (700, 700))

    record = tmp_path / "r.yaml"
    proc = subprocess.run(
        [str(RULES), "run", "schnapsen", "--seed", "7", "--quiet", "--record", str(record)],
        capture_output=True, text=True, timeout=60, preexec_fn=small_files,
    )
    assert proc.returncode == 2 and "cannot write the record" in proc.stderr and "Traceback" not in proc.stderr
    replayed = invoke(["replay", str(record), "--json"])
    assert replayed.exit_code == 0, replayed.stderr
    assert replayed.json()["status"] == "deal_over"
    assert [p.name for p in tmp_path.iterdir()] == ["r.yaml"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "t.yaml"
    target.write_text("old\n", encoding="utf-8")

    def no_space(fd: int, data: bytes) -> None:
        os.write(fd, data[:3])  # a part is written, then the disk is full
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(recordfile, "write_all", no_space)
    with pytest.raises(OSError):
        recordfile.write_file(target, "new text\n")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["t.yaml"]


def test_new_writes_atomically_over_a_forced_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "mine.yaml"
    target.write_text("old\n", encoding="utf-8")
    monkeypatch.setattr(recordfile.os, "replace", lambda *a: (_ for _ in ()).throw(OSError(5, "I/O error")))
    out = invoke(["new", str(target), "--from", "schnapsen", "--force"])
    assert out.exit_code == 2 and "cannot write" in out.stderr
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["mine.yaml"]


def test_the_record_written_deal_by_deal_is_the_record_text(tmp_path: Path) -> None:
    """Header, then one deal at a time: the same bytes as match_record() of the whole match."""
    rs = load_ruleset("north-american-3")
    path = tmp_path / "m.yaml"
    writer = recordfile.RecordWriter(rs, seed=5, players=["greedy"] * 3, path=path, date="2026-01-31")
    play_match(rs, [make_agent("greedy", rs, s) for s in range(3)], seed=5, max_deals=4, log=writer)
    writer.save()
    log = MatchLog()
    play_match(rs, [make_agent("greedy", rs, s) for s in range(3)], seed=5, max_deals=4, log=log)
    text = match_record(rs, seed=5, players=["greedy"] * 3, deals=log.deals, record_path=path, date="2026-01-31")
    assert path.read_text(encoding="utf-8") == text


def test_a_finished_match_has_its_result_among_the_headers(tmp_path: Path) -> None:
    """save(result) writes the result header above the deals; the record replays to that result."""
    rs = load_ruleset("schnapsen")
    path = tmp_path / "m.yaml"
    writer = recordfile.RecordWriter(rs, seed=8, players=["greedy"] * 2, path=path, date="2026-01-31")
    match = play_match(rs, [make_agent("greedy", rs, 8 * 16 + s) for s in range(2)], seed=8, log=writer)
    assert match.winner is not None
    writer.save(MatchResult(match.winner, match.scores, len(match.results)))
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[1:7] == [
        "ruleset: schnapsen", "seed: 8", "players: [greedy, greedy]", 'date: "2026-01-31"',
        f"result: {{winner: {match.winner}, scores: [{match.scores[0]}, {match.scores[1]}], deals: {len(match.results)}}}",
        "deals:",
    ]
    record = load_record(path)
    assert record.meta["date"] == "2026-01-31"
    assert record.meta["result"] == {"winner": match.winner, "scores": match.scores, "deals": len(match.results)}
    outcome = replay(record)
    assert (outcome.match_winner, outcome.match_scores, len(record.deals)) == (match.winner, match.scores, len(match.results))


def test_the_date_header_is_the_day_the_match_began(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In UTC, from the clock, or from SOURCE_DATE_EPOCH (reproducible output) when it is set."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(86400 * 365 + 3600))  # 1971-01-01 01:00 UTC
    assert today() == "1971-01-01"
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    before = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    day = today()
    after = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    assert day in (before, after)


# --------------------------------------------------------------------------- seeds
def test_a_random_seed_has_63_bits() -> None:
    seeds = [invoke(["run", "schnapsen", "--json", "--deals", "1"]).json()["seed"] for _ in range(3)]
    assert len(set(seeds)) == 3
    assert all(0 <= s < 2**63 for s in seeds)
    assert max(seeds) > 2**40  # all three below would happen once in 2**69 runs


def test_a_human_seat_sees_the_seed_only_when_the_match_is_over(tmp_path: Path) -> None:
    """Through a pipe, a whole match with seat 0 human and a random seed: nothing printed
    before the end holds the match seed or a deal's seed, nor does the record on disk during play."""
    record = tmp_path / "r.yaml"
    proc = subprocess.Popen(
        [str(RULES), "run", "schnapsen", "--players", "human,greedy", "--record", str(record)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
    )
    assert proc.stdin is not None and proc.stderr is not None
    seen = ""
    for _ in range(100):  # prompt by prompt (on stderr, with the seat's screen) until the first deal is on disk
        asked = seen.count("your move")
        while seen.count("your move") == asked:
            char = proc.stderr.read(1)
            assert char, "the run ended before asking the human"
            seen += char
        if record.exists():  # the file comes with the first finished deal
            break
        proc.stdin.write("1\n")
        proc.stdin.flush()
    during_play = record.read_text(encoding="utf-8")
    log, err = proc.communicate("1\n" * 500, timeout=120)
    assert proc.returncode == 0, err
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    seed = data["seed"]
    before_end, _, last = log.rpartition("match seed: ")
    assert last.strip() == str(seed), "the seed is printed at the end"
    numbers = set(re.findall(r"\d+", before_end + seen + err))  # the log and everything the human was shown
    assert str(seed) not in numbers
    assert not {str(d["seed"]) for d in data["deals"]} & numbers
    assert f"seed: {seed}" not in during_play and re.search(r"^seed:", during_play, re.M) is None
    assert "Match won by" in before_end


def test_without_a_human_the_header_still_shows_the_seed() -> None:
    out = invoke(["run", "schnapsen", "--deals", "1", "--quiet"])
    no_traceback(out)
    assert re.match(r"Schnapsen -- match to 7, seed \d+, players", out.stdout)


@pytest.mark.parametrize("players", [
    ["policy:/tmp/run #3/model.pt", "search:normal"],   # ' #' would start a comment
    ["policy:/tmp/x]y.pt", "human"],                    # ']' would end the list
    ["policy:/tmp/a, b.pt", "greedy"],                  # ', ' would split the entry in two
    ["Anna: 1", "yes"],                                 # a mapping; a boolean in YAML 1.1
    ["Zoë: 😀", "tab\there"],                           # quoted beyond U+FFFF; a control character
])
def test_every_players_entry_reads_back_as_written(tmp_path: Path, players: list[str]) -> None:
    """The players header is one YAML flow list written by hand: an entry with a YAML
    indicator in it is quoted, so the record reads back with the same entries (before, `x]y`
    ended the list and the record did not load; `a, b` became two entries)."""
    rs = load_ruleset("schnapsen")
    log = MatchLog()
    play_match(rs, [make_agent("greedy", rs, s) for s in range(2)], seed=5, max_deals=1, log=log)
    path = tmp_path / "m.yaml"
    path.write_text(match_record(rs, seed=5, players=players, deals=log.deals, record_path=path, date="2026-01-31"), encoding="utf-8")
    assert load_record(path).meta["players"] == players


def test_plain_players_entries_stay_plain() -> None:
    """The usual kinds are written as they were (records of earlier versions have the same bytes)."""
    rs = load_ruleset("schnapsen")
    head = match_record(rs, seed=5, players=["human", "search:ms=100", "policy:runs/model.pt"], deals=[], record_path=None)
    assert "players: [human, search:ms=100, policy:runs/model.pt]\n" in head
