"""``bot_spec``: the one place that says when two seat kinds make the same bot (what
``rules tournament`` refuses to rate twice)."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.play.bots import bot_spec


@pytest.mark.parametrize(("kinds", "spec"), [
    # the levels are iteration budgets: easy 70, normal 700 (also plain search), hard 2,500
    (["search:easy", "search:iters=70"], "search:iters=70"),
    (["search", "search:normal", "search:iters=700"], "search:iters=700"),
    (["search:hard", "search:iters=2500"], "search:iters=2500"),
    (["search:ms=200", "search:ms=200.0", "search:ms=2e2"], "search:ms=200.0"),
    (["greedy"], "greedy"),
])
def test_the_spellings_of_one_bot_have_one_spec(kinds: list[str], spec: str) -> None:
    assert [bot_spec(k) for k in kinds] == [spec] * len(kinds)


def test_different_bots_have_different_specs() -> None:
    kinds = ["random", "greedy", "basic", "search:easy", "search:iters=71", "search:ms=70", "search:hard"]
    assert len({bot_spec(k) for k in kinds}) == len(kinds)


def test_a_policy_file_is_its_resolved_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert bot_spec("policy:./p.py:act") == bot_spec("policy:p.py:act") == f"policy:{tmp_path.resolve() / 'p.py'}:act"
    assert bot_spec("policy:p.py:act") != bot_spec("policy:p.py:other")
    assert bot_spec("policy:mypkg.agents:act") == "policy:mypkg.agents:act"  # a module, as named
