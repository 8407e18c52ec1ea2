"""One range for seeds everywhere: 0 to 2**63 - 1, checked before anything is played.

A seed the record cannot hold was once played and recorded, and then the record did not
replay.  Now every ``--seed`` is refused outside the range before a card is dealt (no record
file appears), and the largest seed plays, records and replays.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import invoke
from interpreter.core.errors import RecordError
from interpreter.engine.match import SEED_MAX
from interpreter.play.record import load_record, replay

TOO_BIG = "99999999999999999999999999"


def test_the_range_is_the_signed_64_bit_positives() -> None:
    assert SEED_MAX == 9_223_372_036_854_775_807


@pytest.mark.parametrize("args", [
    ["run", "schnapsen", "--record", "r.yaml"],
    ["run", "schnapsen", "--matches", "2"],
    ["arena", "greedy", "random", "--deals", "2"],
    ["tournament", "greedy", "random", "--deals", "2"],
    ["simulate", "schnapsen", "--deals", "2"],
    ["compare", "schnapsen", "house/santase", "--deals", "2"],
    ["validate", "schnapsen", "--deep", "--deals", "2"],
    ["play", "schnapsen", "--record", "r.yaml"],
], ids=lambda a: a[0] + ("-matches" if "--matches" in a else ""))
@pytest.mark.parametrize("seed", [TOO_BIG, str(SEED_MAX + 1), "-1"])
def test_every_seed_option_refuses_a_seed_out_of_range(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], seed: str) -> None:
    monkeypatch.chdir(tmp_path)
    out = invoke([*args, "--seed", seed])
    assert out.exit_code == 2
    assert out.stderr == f"error: --seed: {seed} is out of range (expected 0 to 9223372036854775807)\n"
    assert out.stdout == ""
    assert list(tmp_path.iterdir()) == []  # no record begun


def test_analyse_refuses_a_seed_out_of_range(tmp_path: Path) -> None:
    record = tmp_path / "m.yaml"
    assert invoke(["run", "schnapsen", "--seed", "1", "--deals", "1", "--quiet", "--record", str(record)]).exit_code == 0
    out = invoke(["analyse", str(record), "--seed", TOO_BIG])
    assert out.exit_code == 2 and "--seed: " + TOO_BIG + " is out of range" in out.stderr


def test_the_largest_seed_plays_records_and_replays(tmp_path: Path) -> None:
    record = tmp_path / "big.yaml"
    out = invoke(["run", "schnapsen", "--seed", str(SEED_MAX), "--deals", "2", "--quiet", "--record", str(record)])
    assert out.exit_code == 0
    rec = load_record(record)
    assert rec.meta["seed"] == SEED_MAX
    assert replay(rec).illegal is None
    assert invoke(["replay", str(record)]).exit_code == 0


def test_matches_whose_last_seed_leaves_the_range_are_refused() -> None:
    # match k is played from S + k: with S = SEED_MAX the second match would need SEED_MAX + 1
    out = invoke(["run", "schnapsen", "--matches", "2", "--seed", str(SEED_MAX)])
    assert out.exit_code == 2
    assert out.stderr.startswith("error: --matches: match 2 would have the seed 9223372036854775808")
    assert invoke(["run", "schnapsen", "--matches", "2", "--seed", str(SEED_MAX - 1), "--deals", "1"]).exit_code == 0


def test_a_record_with_a_seed_out_of_range_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(f"ruleset: schnapsen\ndeals:\n  - dealer: 1\n    seed: {SEED_MAX + 1}\n", encoding="utf-8")
    with pytest.raises(RecordError) as err:
        load_record(path)
    assert (err.value.line, err.value.column, err.value.path) == (4, 11, "deals[0].seed")
    assert "out of range" in err.value.message
    path.write_text(f"ruleset: schnapsen\nseed: {SEED_MAX + 1}\ndeals:\n  - dealer: 1\n    seed: 3\n", encoding="utf-8")
    with pytest.raises(RecordError) as err:
        load_record(path)
    assert (err.value.line, err.value.path) == (2, "seed")


def test_a_negative_match_seed_of_an_earlier_version_still_loads(tmp_path: Path) -> None:
    """Earlier versions took ``--seed -5``; random.Random(-5) deals as random.Random(5)."""
    path = tmp_path / "old.yaml"
    path.write_text("ruleset: schnapsen\nseed: -5\ndeals:\n  - dealer: 1\n    seed: 3\n", encoding="utf-8")
    rec = load_record(path)
    assert rec.meta["seed"] == -5
    assert replay(rec).illegal is None
