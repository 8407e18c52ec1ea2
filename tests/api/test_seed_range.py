"""A seed is a whole number from 0 to 2**63 - 1 wherever the API takes one.

The range is docs/notation.md's ("A seed is a whole number from 0 to 9223372036854775807"),
what every ``--seed`` takes and what a record holds.  ``random.Random`` takes any int, and
the API once did too: a match played with seed 2**80 wrote a record ``load_record`` then
refused, and a negative seed played as its absolute value.  Refused at the call now
(``ValueError`` naming the argument and the range), and ``load_record``'s refusal names the
same range.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from interpreter import DealState, GreedyBot, Match, deal_from_mapping, load_record, load_ruleset, play_match
from interpreter.core.errors import RecordError
from interpreter.play.recordfile import RecordWriter

RS = load_ruleset("schnapsen")
TOP = 2**63 - 1
RANGE = "expected a whole number from 0 to 9223372036854775807"  # 2**63 - 1, as docs/notation.md says

CALLS: list[tuple[str, Callable[[int], Any]]] = [
    ("play_match", lambda seed: play_match(RS, [GreedyBot(RS, 1), GreedyBot(RS, 2)], seed=seed, max_deals=1)),
    ("Match", lambda seed: Match(RS, seed)),
    ("next_deal", lambda seed: Match(RS, 0).next_deal(seed)),
    ("DealState.new", lambda seed: DealState.new(RS, 0, seed)),
    ("RecordWriter", lambda seed: RecordWriter(RS, seed=seed, players=["random", "random"], path=None)),
]


@pytest.mark.parametrize(("name", "call"), CALLS, ids=[c[0] for c in CALLS])
@pytest.mark.parametrize("seed", [2**80, TOP + 1, -1, -(2**63)])
def test_a_seed_out_of_range_is_refused_at_the_call(name: str, call: Callable[[int], Any], seed: int) -> None:
    with pytest.raises(ValueError) as info:
        call(seed)
    said = str(info.value)
    assert said.startswith(f"seed {seed}: ") or said.startswith(f"seed {str(seed)[:37]}"), said
    assert said.endswith(f"({RANGE})"), said


@pytest.mark.parametrize(("name", "call"), CALLS, ids=[c[0] for c in CALLS])
@pytest.mark.parametrize("seed", [0, TOP])
def test_the_ends_of_the_range_are_seeds(name: str, call: Callable[[int], Any], seed: int) -> None:
    call(seed)


def test_a_mapping_with_a_negative_seed_is_refused() -> None:
    with pytest.raises(RecordError) as info:
        deal_from_mapping(RS, {"dealer": 0, "seed": -1})
    assert info.value.expected == RANGE[len("expected "):]
    assert "-1" in info.value.message


def _record(tmp_path: Path, seed: str) -> Path:
    path = tmp_path / "m.yaml"
    path.write_text(f"ruleset: schnapsen\ndealer: 0\nseed: {seed}\nmoves: []\n")
    return path


@pytest.mark.parametrize("seed", [str(2**80), str(TOP + 1), str(2**64 - 1), str(2**64)])
def test_a_record_seed_out_of_range_is_refused_with_the_docs_range(tmp_path: Path, seed: str) -> None:
    # 2**64 and above the YAML reader refuses itself, as a number too large for any key: at
    # a seed it says the seed's range, not the reader's limit
    with pytest.raises(RecordError) as info:
        load_record(_record(tmp_path, seed))
    assert info.value.expected == RANGE[len("expected "):]
    assert info.value.message == f"the seed {seed} is out of range"
    assert (info.value.line, info.value.column) == (3, 7)


def test_a_huge_record_seed_is_quoted_cut_to_one_line(tmp_path: Path) -> None:
    # a seed of 900,000 digits was quoted whole: a message of 900 kB
    with pytest.raises(RecordError) as info:
        load_record(_record(tmp_path, "9" * 900_000))
    assert info.value.message == f"the seed {'9' * 37}... is out of range"


def test_an_earlier_versions_negative_record_seed_deals_as_its_absolute_value(tmp_path: Path) -> None:
    # docs/notation.md: "a negative one, written by an earlier version, is read as its absolute value"
    rec = load_record(_record(tmp_path, "-42"))
    assert rec.deals[0].seed == -42
    assert rec.deals[0].state.hands == DealState.new(RS, 0, 42).hands


def test_simulated_matches_of_a_large_seed_still_play() -> None:
    # rules simulate seeds match j with seed * 2**32 + j: past 2**63 for a --seed of 2**31 or
    # more, which the command takes (0 to 2**63 - 1); such a seed seeds a generator, never a record
    from interpreter.sim.simulate import MATCHES, SimSpec, Task, deal_seed, run_task

    assert deal_seed(TOP, 0) > TOP
    done = run_task(Task(0, SimSpec("schnapsen", ("random", "random"), deals=0, matches=1, seed=TOP), MATCHES, 0, 0, 1))
    assert done[MATCHES] == 1
