"""``rules run --json`` where an error in play ends the match: stdout holds the summary of the
deals that finished, with ``"interrupted": true`` and ``"error"`` the error's line, as a stop
prints it and as the other long runs print theirs -- not nothing (a script reading stdout would
lose the deals it waited for, and could not tell a failing bot from a Ctrl-C)."""

from __future__ import annotations

import json
from pathlib import Path

from clitools import invoke, no_traceback

from interpreter.play.record import load_record

CALLS = 20  # the policy plays the first legal action this many times, then raises

TIRED = f'''\
calls = [0]
def act(observation, agent):
    calls[0] += 1
    if calls[0] > {CALLS}:
        raise RuntimeError("tired")
    return list(observation["action_mask"]).index(1)
'''
RAISE_LINE = 5  # the line of `raise RuntimeError` above


def test_a_failing_policy_seat_prints_the_finished_deals_and_the_error(tmp_path: Path) -> None:
    pol = tmp_path / "tired.py"
    pol.write_text(TIRED, encoding="utf-8")
    kind = f"policy:{pol}:act"
    record = tmp_path / "r.yaml"
    out = invoke(["run", "schnapsen", "--players", f"{kind},greedy", "--seed", "5", "--json", "--record", str(record)])
    no_traceback(out)
    assert out.exit_code == 2
    saved, error = out.stderr.splitlines()
    assert saved == f"the match stopped on an error; the record so far is saved in {record}"
    kept = load_record(record)
    failed_in = len(kept.deals)  # the record ends with the deal in play when the policy raised
    assert error == f"error: seat 0 ({kind}), deal {failed_in}: the policy raised RuntimeError at {pol}:{RAISE_LINE}: tired"
    summary = json.loads(out.stdout)
    assert summary["interrupted"] is True and summary["error"] == error.removeprefix("error: ")
    assert summary["match_winner"] is None and summary["bummerl"] == [0, 0]
    assert (summary["ruleset"], summary["seed"], summary["players"]) == ("schnapsen", 5, [kind, "greedy"])
    # every deal before the failing one, as the record has them, and the score they add up to
    assert [d["seed"] for d in summary["deals"]] == [d.seed for d in kept.deals[:-1]]
    assert summary["match_scores"] == [sum(d["scores"][side] for d in summary["deals"]) for side in (0, 1)]


def test_without_json_stdout_holds_the_log_only(tmp_path: Path) -> None:
    pol = tmp_path / "tired.py"
    pol.write_text(TIRED, encoding="utf-8")
    out = invoke(["run", "schnapsen", "--players", f"policy:{pol}:act,greedy", "--seed", "5", "--record", str(tmp_path / "r.yaml")])
    assert out.exit_code == 2
    assert "{" not in out.stdout and out.stdout.startswith("Schnapsen -- match to 7, seed 5")
