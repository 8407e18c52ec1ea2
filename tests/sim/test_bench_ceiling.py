"""benchmarks/bench_ceiling.py's oracles that show one side's hands only: the search they run
is given a view in which exactly those seats' hands are known, and no other seat's."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from interpreter.engine.state import DealState
from interpreter.rules.loader import load_ruleset

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_ceiling.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_ceiling_under_test", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("whose", "shown"), [("all", {0, 2, 3}), ("partners", {3}), ("opponents", {0, 2})])
def test_only_the_named_side_s_hands_are_shown(whose: str, shown: set[int]) -> None:
    """North American 4, dealer 0: seat 1 (the dealer's left) calls first; his partner sits
    opposite (seat 3), seats 0 and 2 are the opponents.  Nothing has been played, so the view
    itself knows no other seat's card: a seat is known exactly where the oracle shows it."""
    bc = _script()
    rs = load_ruleset("north-american-4")
    state = DealState.new(rs, 0, 77)
    assert state.actor == 1
    seen: dict[str, Any] = {}

    def search(view: Any, rng: random.Random, **_: Any) -> Any:
        seen["known"] = view.public.known

        class Found:
            best = view.legal_codes[0]

        return Found

    bc.ismcts = search
    bc._search_seeing_the_hands(state, 10, random.Random(1), whose)
    known = seen["known"]
    for seat in (0, 2, 3):
        assert known[seat] == (state.hands[seat] if seat in shown else 0), seat
    assert known[1] == 0  # his own hand is the view's hand, not a known card of the table


def test_the_true_deal_oracle_is_refused_by_the_compiled_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """``mcts:N`` swaps the search's world sampler for one returning the true deal; the compiled
    build binds the sampler into its code, so the swap would do nothing and the figure would be
    the honest search's under the oracle's name: refused there, before any deal, and accepted by
    the plain build (as every other oracle is by both)."""
    import argparse

    import interpreter

    bc = _script()
    monkeypatch.setattr(interpreter, "compiled", lambda: False)
    assert bc.oracle_spec("mcts:5") == "mcts:5"
    monkeypatch.setattr(interpreter, "compiled", lambda: True)
    with pytest.raises(argparse.ArgumentTypeError, match="compiled build binds"):
        bc.oracle_spec("mcts:5")
    assert bc.oracle_spec("hands:5") == "hands:5" and bc.oracle_spec("solver") == "solver"
