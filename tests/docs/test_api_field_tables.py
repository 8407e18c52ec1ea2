"""docs/api.md's tables of a view's and a result's fields name every public attribute of
``SeatView`` and ``DealResult`` (``DealResult.winners``, ``SeatView.rs`` and
``claim_is_right`` were missing), a result's repr names the field the constructor takes
(``why``; it said ``reason=``, which the constructor refuses), and docs/search.md says what
``sample_world`` returns (a ``DealState``: it was said to be a ``World``)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from interpreter import DealState, load_ruleset, random_playout
from interpreter.engine.seatview import SeatView
from interpreter.engine.settle import DealResult
from interpreter.search.sampling import sample_world

REPO = Path(__file__).resolve().parents[2]


def first_table_after(page: str, heading: str) -> set[str]:
    """The names in the first column of the first table after ``heading``."""
    text = (REPO / "docs" / page).read_text(encoding="utf-8").split(heading, 1)[1]
    rows = re.search(r"\n(\|[^\n]*\|\n)+", text)
    assert rows is not None, heading
    first = " ".join(line.split(" | ")[0] for line in rows.group(0).strip().split("\n")[2:])
    return set(re.findall(r"`(\w+)(?:\(\))?`", first))


def public(cls: type, leave_out: set[str] = set()) -> set[str]:
    return {name for name in dir(cls) if not name.startswith("_")} - leave_out


def test_the_view_table_names_every_field_and_method() -> None:
    missing = public(SeatView, set(dir(tuple))) - first_table_after("api.md", "## What a seat may see")
    assert not missing


def test_the_result_table_names_every_field() -> None:
    missing = public(DealResult) - first_table_after("api.md", "## Results: `DealResult`")
    assert not missing


def test_a_results_repr_reads_back() -> None:
    rs = load_ruleset("schnapsen")
    result = random_playout(DealState.new(rs, 1, 42), random.Random(1)).result
    assert result is not None
    again = eval(repr(result), {"DealResult": DealResult})  # the repr is the constructor's call
    assert again == result and again.reason == result.reason and isinstance(again.why, str)


def test_search_md_says_what_sample_world_returns() -> None:
    rs = load_ruleset("schnapsen")
    state = DealState.new(rs, 1, 42)
    assert type(sample_world(state.view(0), random.Random(1))) is DealState
    text = (REPO / "docs" / "search.md").read_text(encoding="utf-8")
    said = text.split("`sample_world(view, rng)`", 1)[1].split(".", 1)[0]
    assert "`DealState`" in said
