"""A match a person plays keeps its seed to itself until somebody has won it.

The match seed gives every deal of the match (each deal's seed is the next 32 bits of
``random.Random(seed)``).  Before, quitting ``rules run --players human,...`` printed
``match seed: N`` and saved ``seed: N`` (and named the file ``rules-interrupted-N.yaml``), and
``rules play --resume`` went on dealing from N: a tester saw deal 2 of the resumed match hand for
hand as ``rules run --seed N --open`` showed it.  Now a match stopped before its end -- ``quit``,
end of input, ``--deals`` -- shows no seed anywhere, and taken up again it deals the rest from a
fresh seed.  Without a person at the table nothing changes: the seed is in the log and the record.

The expected deal seeds are worked out here from the seed, as the match draws them.
"""

from __future__ import annotations

import random
import re
import signal
import subprocess
from pathlib import Path

import pytest
import yaml

from clitools import RULES, invoke, no_traceback
from interpreter import DealState, load_ruleset
from interpreter.play.record import load_record, replay
from interpreter.play.session import TableSession, resume

#: A seed with no digits in common with anything else a run prints (scores, deal numbers, a date).
SEED = 8123456789012345


def deal_seeds_of(seed: int, count: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.getrandbits(32) for _ in range(count)]


def saved_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.yaml"))


def assert_no_match_seed(text: str) -> None:
    assert str(SEED) not in text
    assert "match seed" not in text


@pytest.mark.parametrize("record", [True, False])
@pytest.mark.parametrize("stop", ["quit\n", ""])  # quit at the prompt; end of input (Ctrl-D)
def test_a_match_stopped_at_a_human_seat_shows_no_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, record: bool, stop: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    args = ["run", "schnapsen", "--seed", str(SEED), "--players", "human,greedy"] + (["--record", "mine.yaml"] if record else [])
    out = invoke(args, input="1\n1\n" + stop)
    no_traceback(out)
    assert out.exit_code == 130
    assert "the record so far is saved in" in out.stderr
    assert_no_match_seed(out.stdout + out.stderr)
    [path] = saved_files(tmp_path)
    assert path.name == ("mine.yaml" if record else "rules-interrupted.yaml")  # no seed in the name either
    text = path.read_text(encoding="utf-8")
    assert_no_match_seed(text)
    assert re.search(r"^seed:", text, re.M) is None
    rec = load_record(path)
    assert [d.seed for d in rec.deals] == deal_seeds_of(SEED, 1)  # the deal keeps its own seed: it replays
    assert replay(rec).illegal is None


def test_the_next_interrupted_file_is_numbered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for _ in range(2):
        assert invoke(["run", "schnapsen", "--seed", str(SEED), "--players", "human,greedy"], input="").exit_code == 130
    assert [p.name for p in saved_files(tmp_path)] == ["rules-interrupted-2.yaml", "rules-interrupted.yaml"]


def test_the_match_taken_up_again_does_not_deal_what_the_seed_would(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Quit in deal 1 of ``rules run``, go on as ``rules play --resume`` does: deal 2 is not the
    deal the match seed gives (its seed and its hands, worked out here), and the record of the
    match, played out, replays to its winner."""
    monkeypatch.chdir(tmp_path)
    assert invoke(["run", "schnapsen", "--seed", str(SEED), "--players", "human,greedy"], input="1\nquit\n").exit_code == 130
    path = tmp_path / "rules-interrupted.yaml"
    first, second = deal_seeds_of(SEED, 2)
    session = resume(path)
    assert session.number == 1 and not session.deal_over and session.match.deal_seeds == [first]
    while not session.deal_over:
        if not session.bot_step():
            session.act(session.legal()[0])
    session.start_deal()
    assert session.match.deal_seeds[-1] != second and session.state is not None
    from_seed = DealState.new(load_ruleset("schnapsen"), session.state.dealer, second)
    assert [session.view(0).hand, session.state.turn_up_card()] != [from_seed.hand(0), from_seed.turn_up_card()]
    play_out(session)
    session.save()
    outcome = replay(load_record(path))
    assert outcome.illegal is None and outcome.match_winner is not None


def play_out(session: TableSession) -> None:
    while not session.match_over:
        if session.state is None or session.deal_over:
            session.start_deal()
        if not session.bot_step():
            session.act(session.legal()[0])


@pytest.mark.parametrize("as_json", [False, True])
def test_a_match_that_deals_stops_before_a_winner_keeps_its_seed(tmp_path: Path, as_json: bool) -> None:
    """``--deals 1`` ends the run after one deal (at most 3 of the 7 points Schnapsen needs):
    nobody has won, the match may go on, so no seed is shown -- ``null`` in ``--json`` -- and the
    record has its result but no seed."""
    path = tmp_path / "r.yaml"
    args = ["run", "schnapsen", "--seed", str(SEED), "--players", "human,greedy", "--deals", "1", "--record", str(path)]
    out = invoke(args + (["--json"] if as_json else []), input="1\n" * 100)
    no_traceback(out)
    assert out.exit_code == 0, out.stderr
    assert_no_match_seed(out.stdout + out.stderr)
    if as_json:
        summary = out.json()
        assert summary["seed"] is None and summary["match_winner"] is None
        assert [d["seed"] for d in summary["deals"]] == deal_seeds_of(SEED, 1)  # a finished deal is public
    else:
        assert "Stopped after 1 deal;" in out.stdout
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert "seed" not in data and data["result"]["winner"] is None
    assert resume(path, write=False).seed != SEED


def test_without_a_human_seat_the_seed_is_shown_as_before(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    out = invoke(["run", "schnapsen", "--seed", str(SEED), "--deals", "1", "--record", str(path)])
    assert out.exit_code == 0
    assert out.stdout.startswith(f"Schnapsen -- match to 7, seed {SEED}, players: 0 greedy, 1 greedy")
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["seed"] == SEED
    assert invoke(["run", "schnapsen", "--seed", str(SEED), "--deals", "1", "--json"]).json()["seed"] == SEED


@pytest.mark.skipif(not hasattr(signal, "SIGINT"), reason="signals")
def test_bots_only_stopped_by_a_signal_keep_the_seed_in_the_record_and_its_name(tmp_path: Path) -> None:
    long_match = tmp_path / "long.yaml"
    long_match.write_text("extends: schnapsen\nname: long\nmatch: {target: 100000}\n", encoding="utf-8")
    proc = subprocess.Popen(
        [str(RULES), "run", str(long_match), "--seed", "1", "--deals", "100000"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
    )
    # the signal once the first trick is logged: the match is under way (a fixed wait found it
    # still starting on a busy machine, where a stop keeps nothing as there is nothing to keep)
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.lstrip().startswith("trick 1:"):
            break
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "saved in rules-interrupted-1.yaml" in err
    assert yaml.safe_load((tmp_path / "rules-interrupted-1.yaml").read_text(encoding="utf-8"))["seed"] == 1
