"""A time budget is counted on the clock the search is given -- by default the CPU time of the
searching thread -- and an iteration budget reads no clock at all.

The clock here is a stand-in that advances a fixed step at every reading, so each expectation
is the number of readings a budget allows, counted by hand from the order in which the search
reads its clock (once at the start, then once before every iteration; with a pool of weighted
worlds also once before each world of the pool, which may take a quarter of the budget).
Nothing here measures time.
"""

from __future__ import annotations

import random

from interpreter.core.actions import CLOSE, DECLARE
from interpreter.engine.position import AUCTION
from interpreter.engine.state import DealState
from interpreter.play.bots import make_agent
from interpreter.play.bots.search_bot import AUCTION_BUDGET, SearchBot
from interpreter.rules.loader import load_ruleset
from interpreter.search.clock import cpu_clock
from interpreter.search.inference import informative_moves
from interpreter.search.ismcts import ismcts, random_policy
from interpreter.search.sampling import WorldSampler
from interpreter.search.solver import solve


class SteppingClock:
    """Seconds that advance ``step`` at every reading: the first reading gives ``step``."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += self.step
        return self.now


def first_lead() -> DealState:
    """Schnapsen, seat 0 to lead the first trick: nobody else has decided anything yet (no pool
    of weighted worlds) and far more than 24 worlds are consistent (no exact solving)."""
    st = DealState.new(load_ruleset("schnapsen"), 1, 7)
    assert st.actor == 0
    return st


def test_a_time_budget_allows_the_iterations_its_clock_allows() -> None:
    """2 s on a clock that advances 0.25 s a reading: the start reads 0.25, so the deadline is
    2.25; the readings before the iterations give 0.5, 0.75, ..., 2.0 (7 iterations) and then
    2.25, which is the deadline: 7 iterations, 9 readings."""
    view = first_lead().view(0)
    assert WorldSampler(view).count > 24 and not informative_moves(view)
    clock = SteppingClock(0.25)
    result = ismcts(view, random.Random(1), time_limit=2.0, clock=clock, policy=random_policy)
    assert (result.iterations, clock.readings, result.exact) == (7, 9, False)
    # twice the step, half as many readings: 0.5 at the start, deadline 2.5; 1.0, 1.5, 2.0 pass
    clock = SteppingClock(0.5)
    assert ismcts(view, random.Random(1), time_limit=2.0, clock=clock, policy=random_policy).iterations == 3


def test_the_pool_of_weighted_worlds_takes_at_most_a_quarter_of_the_budget() -> None:
    """Seat 1 answers seat 0's lead, so the worlds are weighted first, within a quarter of the
    budget: start 0.25, the pool's deadline 0.25 + 2.0 / 4 = 0.75 -- the reading 0.5 draws one
    world, 0.75 ends the pool; then 1.0, 1.25, 1.5, 1.75, 2.0 pass (5 iterations) and 2.25 is
    the deadline."""
    st = first_lead()
    st.push_code(st.legal_codes()[0])
    view = st.view(1)
    assert WorldSampler(view).count > 24 and informative_moves(view) == 1
    clock = SteppingClock(0.25)
    result = ismcts(view, random.Random(1), time_limit=2.0, clock=clock, policy=random_policy)
    assert (result.iterations, clock.readings) == (5, 9)


def test_an_iteration_budget_reads_no_clock() -> None:
    """Iterations are reproducible because nothing measured enters the search: the clock is
    never read, in the tree search or in the exact solving."""
    clock = SteppingClock(1.0)
    view = first_lead().view(0)
    assert ismcts(view, random.Random(2), iterations=40, clock=clock, policy=random_policy).iterations == 40
    solve(first_lead(), node_limit=5_000, clock=clock)
    assert clock.readings == 0


def test_the_bot_counts_milliseconds_on_its_clock() -> None:
    """``SearchBot(ms=2000)`` is a budget of 2 s on its clock: the 7 iterations of the first test."""
    st = first_lead()
    view = st.view(0)
    bot = SearchBot(st.rs, 1, ms=2000, clock=SteppingClock(0.25), policy=random_policy)
    bot.choose(view, list(view.legal))
    assert bot.last is not None and bot.last.iterations == 7


def test_the_seat_kind_counts_the_threads_cpu_time() -> None:
    """``search:ms=N`` counts CPU time of the deciding thread (time.thread_time), not the wall
    clock; an iteration level is no time budget at all."""
    rs = load_ruleset("schnapsen")
    agent = make_agent("search:ms=50", rs, 1)
    assert isinstance(agent, SearchBot) and agent.clock is cpu_clock and agent.ms == 50
    assert SearchBot(rs, 1).clock is cpu_clock
    normal = make_agent("search:normal", rs, 1)
    assert isinstance(normal, SearchBot) and normal.ms is None


def test_the_solvers_time_limit_is_counted_on_its_clock() -> None:
    """A clock that stands still never spends a time limit, so the solve is exact (the value of
    the solve without limits); one that jumps an hour a reading spends it at the first check."""
    st = DealState.new(load_ruleset("schnapsen"), 0, 4)
    rng = random.Random(4)
    while st.talon_size() > 0:  # play on to the end of the talon: a position that solves fast
        st.push_code(rng.choice([c for c in st.legal_codes() if c not in (DECLARE, CLOSE)]), keep_undo=False)
        assert not st.is_over
    truth = solve(st)
    assert truth.exact
    assert solve(st, time_limit=0.001, clock=lambda: 0.0) == truth
    hours = SteppingClock(3600.0)
    assert not solve(st, time_limit=1.0, clock=hours).exact
    assert hours.readings == 2  # the start, then the first check


def first_bid() -> DealState:
    """North American 4, the first seat to speak in the auction (a choice among the bids)."""
    st = DealState.new(load_ruleset("north-american-4"), 3, 5)
    assert st.phase == AUCTION and len(st.legal_codes()) > 1
    return st


def test_an_auction_decision_gets_the_auction_budget() -> None:
    """A bid is searched with ``AUCTION_BUDGET`` times the bot's iterations (``auction_budget``
    to choose another factor), every other decision with its iterations: the budget the search
    reports having spent (all of it, not stopping early)."""
    st = first_bid()
    view = st.view(st.actor)
    bot = SearchBot(st.rs, 1, iterations=40, stop_early=False)
    bot.choose(view, list(view.legal))
    assert bot.last is not None and bot.last.iterations == 40 * AUCTION_BUDGET == 200
    bot = SearchBot(st.rs, 1, iterations=40, auction_budget=3, stop_early=False)
    bot.choose(view, list(view.legal))
    assert bot.last is not None and bot.last.iterations == 120
    lead = first_lead()  # Schnapsen has no auction
    bot.choose(lead.view(0), list(lead.view(0).legal))
    assert bot.last is not None and bot.last.iterations == 40


def test_a_time_budget_is_not_multiplied_in_the_auction() -> None:
    """``ms`` stays the decision's budget in the auction too: 2 s on the stepping clock are the
    7 iterations of the time budget's tests above, here in a bid."""
    st = first_bid()
    view = st.view(st.actor)
    bot = SearchBot(st.rs, 1, ms=2000, clock=SteppingClock(0.25), policy=random_policy)
    bot.choose(view, list(view.legal))
    assert bot.last is not None and bot.last.iterations == 7
