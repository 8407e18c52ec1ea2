"""``rules run --resume RECORD``: a line-mode match that stopped goes on in the line mode.

A match with a human seat played with ``rules run`` stops at the end of its input (a closed
stdin), and says how to go on -- with the command of the mode it was played in.  Going on
with piped input finishes the match in the same record.  The promise (docs/play.md, "The
record, and going on later"): the deals finished before the stop and the moves of the deal in
play are kept as they were, that deal goes on from where it stopped with the same cards, and
the deals after it come from a fresh seed -- unless a program gives the session the match's
own seed, when the match goes on as it would have (``resume(path, seed=...)``).

The person answers ``1`` (the first legal move) at every prompt and ``--no-confirm`` spares
the question before a losing declaration, so the same input means the same moves in a match
played straight through and in one stopped and taken up again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from clitools import invoke, no_traceback
from interpreter.play.record import load_record, replay

NEW = ["run", "schnapsen", "--seed", "3", "--players", "human,greedy", "--no-confirm"]
ANSWERS = "1\n" * 400  # more than a match to 7 asks for


def read(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def stopped(tmp_path: Path, answers: int, name: str = "r.yaml") -> Path:
    """The record of the match stopped at the end of ``answers`` answers (stdin closed then)."""
    path = tmp_path / name
    out = invoke([*NEW, "--record", str(path)], input="1\n" * answers)
    no_traceback(out)
    assert out.exit_code == 130
    assert out.stderr.rstrip().splitlines()[-1] == f"game interrupted; the record so far is saved in {path}; go on with: rules run --resume {path}"
    return path


def test_a_stopped_match_goes_on_in_the_line_mode_to_its_end(tmp_path: Path) -> None:
    straight = tmp_path / "s.yaml"
    whole = invoke([*NEW, "--record", str(straight)], input=ANSWERS)
    assert whole.exit_code == 0 and read(straight)["result"]["winner"] is not None
    path = stopped(tmp_path, 3)
    before = read(path)
    assert len(before["deals"]) == 1 and "result" not in before and "seed" not in before
    kept = before["deals"][0]
    out = invoke(["run", "--resume", str(path), "--no-confirm"], input=ANSWERS)
    no_traceback(out)
    assert out.exit_code == 0, out.stderr
    assert out.stdout.startswith(f"Schnapsen -- match to 7, resumed from {path} in deal 1 after {len(kept['moves'])} moves, score 0-0, players: 0 human, 1 greedy\nDeal 1: seat 1 deals\n")
    after = read(path)
    assert after["players"] == ["human", "greedy"]
    assert after["result"]["winner"] is not None and max(after["result"]["scores"]) >= 7
    assert replay(load_record(path)).match_winner == after["result"]["winner"]
    # the deal in play: the same deal (its seed and dealer, the deal played straight through),
    # its moves before the stop kept as they were
    first = after["deals"][0]
    assert (first["dealer"], first["seed"]) == (kept["dealer"], kept["seed"]) == (read(straight)["deals"][0]["dealer"], read(straight)["deals"][0]["seed"])
    assert first["moves"][: len(kept["moves"])] == kept["moves"] == read(straight)["deals"][0]["moves"][: len(kept["moves"])]
    assert len(first["moves"]) > len(kept["moves"])  # and went on from there
    # the seed the rest was dealt from is a fresh one: no match seed is named, even once won
    assert "seed" not in after and "match seed" not in out.stdout


def test_given_the_match_seed_the_resumed_match_deals_what_it_would_have(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A program that gives the session the match's own seed (here the fresh seed is made to be
    3) gets the deals the match would have had: each deal's seed is the one the match played
    straight through drew (worked out here from seed 3 as the match draws them), and the record
    names seed 3 once the match is won.  (The moves after the stop may differ: the bots' own
    generators, which break exact ties, start afresh.)"""
    import random

    import interpreter.play.session as session

    straight = tmp_path / "s.yaml"
    assert invoke([*NEW, "--record", str(straight)], input=ANSWERS).exit_code == 0
    path = stopped(tmp_path, 5)
    monkeypatch.setattr(session, "new_seed", lambda: 3)
    out = invoke(["run", "--resume", str(path), "--no-confirm"], input=ANSWERS)
    assert out.exit_code == 0, out.stderr
    after = read(path)
    rng = random.Random(3)
    assert [d["seed"] for d in after["deals"]] == [rng.getrandbits(32) for _ in after["deals"]]
    assert after["deals"][0]["seed"] == read(straight)["deals"][0]["seed"]
    assert after["seed"] == 3 and out.stdout.rstrip().splitlines()[-1] == "match seed: 3"


def test_the_record_says_each_stop_and_going_on_again(tmp_path: Path) -> None:
    """Stopped twice: the second stop names the same command; the match is finished after."""
    path = stopped(tmp_path, 2)
    again = invoke(["run", "--resume", str(path), "--no-confirm"], input="1\n" * 4)
    assert again.exit_code == 130
    assert again.stderr.rstrip().splitlines()[-1] == f"game interrupted; the record so far is saved in {path}; go on with: rules run --resume {path}"
    done = invoke(["run", "schnapsen", "--resume", str(path), "--no-confirm", "--quiet"], input=ANSWERS)
    assert done.exit_code == 0 and read(path)["result"]["winner"] is not None


def read_text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("extra", "said"), [
    (["--seed", "4"], "error: --seed: not with --resume"),
    (["--record", "x.yaml"], "error: --record: not with --resume"),
    (["--players", "greedy,human"], "do not keep the record's people where they sit"),
    (["--players", "human,human"], "do not keep the record's people where they sit"),
])
def test_what_would_change_the_match_is_refused(tmp_path: Path, extra: list[str], said: str) -> None:
    path = stopped(tmp_path, 1)
    text = read_text(path)
    out = invoke(["run", "--resume", str(path), *extra], input=ANSWERS)
    no_traceback(out)
    assert out.exit_code == 2 and said in out.stderr
    assert read_text(path) == text  # nothing played, the record untouched


def test_another_ruleset_and_a_finished_match_are_refused(tmp_path: Path) -> None:
    path = stopped(tmp_path, 1)
    out = invoke(["run", "sechsundsechzig", "--resume", str(path)])
    assert out.exit_code == 2 and f"error: sechsundsechzig: not the ruleset of {path} (schnapsen)" in out.stderr
    done = tmp_path / "done.yaml"
    assert invoke([*NEW, "--record", str(done)], input=ANSWERS).exit_code == 0
    out = invoke(["run", "--resume", str(done)])
    assert out.exit_code == 2 and "the match is over" in out.stderr


def test_other_bots_may_take_the_bots_seats(tmp_path: Path) -> None:
    path = stopped(tmp_path, 1)
    out = invoke(["run", "--resume", str(path), "--players", "human,random", "--no-confirm", "--deals", "1"], input=ANSWERS)
    assert out.exit_code == 0, out.stderr
    assert "players: 0 human, 1 random" in out.stdout.splitlines()[0]
    assert read(path)["players"] == ["human", "random"]
    assert len(read(path)["deals"]) == 1 and read(path)["result"]["winner"] is None  # --deals 1: the deal taken up


def test_a_policy_seat_is_named_again_in_the_hint_and_seated_only_when_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``policy:`` seat is code: the hint names it with ``--players`` (the person typed it),
    and ``--resume`` without it refuses the record before anything is imported."""
    pytest.importorskip("numpy")
    monkeypatch.chdir(tmp_path)
    marker = tmp_path / "imported"
    (tmp_path / "pol.py").write_text(
        f"from pathlib import Path\nPath({str(marker)!r}).write_text('ran')\n"
        "def first(observation, agent):\n    return int(observation['action_mask'].nonzero()[0][0])\n",
        encoding="utf-8",
    )
    out = invoke(["run", "schnapsen", "--seed", "3", "--players", "human,policy:pol.py:first", "--record", "p.yaml"], input="1\n")
    assert out.exit_code == 130, out.stderr
    assert out.stderr.rstrip().endswith("go on with: rules run --resume p.yaml --players human,policy:pol.py:first")
    marker.unlink()
    refused = invoke(["run", "--resume", "p.yaml"], input="1\n")
    assert refused.exit_code == 2 and "trained policy" in refused.stderr and not marker.exists()
    again = invoke(["run", "--resume", "p.yaml", "--players", "human,policy:pol.py:first"], input="1\n")
    assert again.exit_code == 130, again.stderr  # seated (the module is imported once a process), played to the end of the input
    assert "players: 0 human, 1 policy:pol.py:first" in again.stdout.splitlines()[0]
