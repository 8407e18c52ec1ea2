"""With several processes, the failure a run reports is the one a single process meets first.

Two deals that fail in worker processes used to race: whichever process failed first was
said, so ``rules arena ... --jobs 2`` named deal 1 in one run and deal 2 in the next, and the
error's ``__cause__`` was the pool's ``RemoteTraceback`` where one process gave what the bot
raised.  Here the earlier failure is made slow and the later one quick, so that the race, if
any were left, would say the later one.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

from interpreter.core.actions import Action
from interpreter.core.errors import BotError
from interpreter.engine.views import SeatView
from interpreter.play.bots import Agent
from interpreter.rules.loader import load_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.sim.arena import Arena, deal_specs, play_seed
from interpreter.sim.workers import in_processes

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the bots and tasks reach the workers by fork")

DEALS = 10
SLOW, QUICK = 3, 4  # 0-based deals of seed 0 in which seat 0's bot fails: the first slowly
SLOW_SECONDS = 1.0


def _seeds(index: int) -> set[int]:
    """The seeds of seat 0's bot in the plays of deal ``index`` (seat 0 is A's in play 0 and
    B's in play 1 -- B is another bot, so only play 0's seed matters, but both do no harm)."""
    rs = load_ruleset("schnapsen")
    spec = deal_specs(rs, DEALS, 0)[index]
    return {play_seed(spec, k, 0) for k in range(rs.side_count)}


class _Fragile:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        if self.seed in _SLOW_SEEDS:
            time.sleep(SLOW_SECONDS)
            return {}["slow"]  # type: ignore[no-any-return]
        if self.seed in _QUICK_SEEDS:
            return {}["quick"]  # type: ignore[no-any-return]
        return legal[0]


class _Illegal:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        if self.seed in _SLOW_SEEDS:
            time.sleep(SLOW_SECONDS)
            return "slow"  # type: ignore[return-value]
        if self.seed in _QUICK_SEEDS:
            return "quick"  # type: ignore[return-value]
        return legal[0]


_SLOW_SEEDS = _seeds(SLOW)
_QUICK_SEEDS = _seeds(QUICK)


def fragile(rs: Ruleset, seed: int) -> Agent:
    """A bot that raises KeyError in deals SLOW (after a second) and QUICK (at once)."""
    return _Fragile(seed)


def illegal(rs: Ruleset, seed: int) -> Agent:
    """A bot that returns text, not an action, in deals SLOW (after a second) and QUICK."""
    return _Illegal(seed)


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_arena_reports_the_lowest_failing_deal_and_what_the_bot_raised(jobs: int) -> None:
    run = Arena("schnapsen", [fragile, "random"], deals=DEALS)
    with pytest.raises(BotError) as info:
        for _ in run.play(jobs):
            pass
    assert (info.value.deal, info.value.seat, info.value.bot) == (SLOW + 1, 0, "fragile")
    assert type(info.value.__cause__) is KeyError and info.value.__cause__.args == ("slow",)
    # every deal before it finished (the figures keep them)
    assert all(h is not None for h in run.pairings[0].halves[:SLOW])


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_failure_with_no_cause_has_none_in_any_process(jobs: int) -> None:
    run = Arena("schnapsen", [illegal, "random"], deals=DEALS)
    with pytest.raises(BotError) as info:
        for _ in run.play(jobs):
            pass
    assert info.value.deal == SLOW + 1
    assert "returned 'slow' (str), not an action" in str(info.value)
    assert info.value.__cause__ is None


def _task(n: int) -> int:
    if n == 1:
        time.sleep(SLOW_SECONDS)
        raise ValueError("task 1")
    if n == 2:
        raise ValueError("task 2")
    return n * 10


def test_the_earliest_task_that_fails_is_raised_after_those_before_it() -> None:
    import multiprocessing

    got: list[int] = []
    results: Iterator[int] = in_processes(_task, [0, 1, 2, 3], 2, multiprocessing.get_context("fork"))
    with pytest.raises(ValueError, match="task 1"):
        for r in results:
            got.append(r)
    assert 0 in got


def test_a_tournament_deals_out_its_deals_in_one_order_for_any_number_of_processes() -> None:
    """The first failure in the order the deals go out is the one reported: that order must
    not depend on ``jobs`` (the chunks' size does).  Three bots, 40 deals: 120 deals to play,
    in chunks of 8 for one process and 4 for two, which once made the rounds 8 and 4 deals."""
    run = Arena("schnapsen", ["random", "greedy", "basic"], deals=40)

    def order(jobs: int) -> list[tuple[int, int]]:
        return [(chunk.pairing, spec.index) for chunk in run._chunks(jobs) for spec in chunk.deals]

    assert order(1) == order(2) == order(8)
    assert sorted(order(1)) == [(p, i) for p in range(3) for i in range(40)]  # each deal of each pairing once
