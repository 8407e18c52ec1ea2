"""``SearchBot`` takes a ruleset as every other bot does (a ``Ruleset``, a bundled name or a
path; anything else the ``TypeError`` of ``as_ruleset``), and its ``iterations`` / ``ms`` --
and ``TableSession.hint``'s ``iterations`` -- are checked as the command line checks
``search:iters=N`` and ``search:ms=N``: a whole number of iterations from 1 to 100,000 (a bool
or 2.5 refused), milliseconds above 0 and at most 60,000.  Unchecked, ``iterations=0`` searched
nothing and played, ``"x"`` failed inside the search, and ``SearchBot("schnapsen")`` failed at
its first move with an ``AttributeError`` on the text."""

from __future__ import annotations

import pytest

from interpreter import DealState, GreedyBot, RandomBot, load_ruleset, play_match
from interpreter.play.bots.search_bot import SearchBot
from interpreter.play.session import TableSession

RS = load_ruleset("schnapsen")


def test_a_name_is_a_ruleset() -> None:
    bot = SearchBot("schnapsen", 1, iterations=20)
    # load_ruleset caches: the name is the same ruleset as one loaded now (the module's RS may
    # have left the cache of 64 since, in a worker that loaded many rulesets)
    rs = load_ruleset("schnapsen")
    assert bot.rs is rs
    state = DealState.new(rs, 1, 42)
    assert bot.choose(state.view(0), state.legal_actions()) in state.legal_actions()
    match = play_match(rs, [SearchBot("schnapsen", 1, iterations=10), RandomBot(rs)], seed=1, max_deals=1)
    assert len(match.results) == 1


@pytest.mark.parametrize("given", [5, None, 1.5])
def test_anything_else_is_refused_as_every_bot_refuses_it(given: object) -> None:
    with pytest.raises(TypeError) as greedy:
        GreedyBot(given)  # type: ignore[arg-type]
    with pytest.raises(TypeError) as search:
        SearchBot(given)  # type: ignore[arg-type]
    assert str(search.value) == str(greedy.value)
    assert str(search.value).startswith(f"ruleset: {given!r} is a")


REFUSED: list[tuple[dict[str, object], type[Exception], str]] = [
    ({"iterations": 0}, ValueError, "iterations 0 is below 1 (expected a whole number of iterations from 1 to 100,000)"),
    ({"iterations": -5}, ValueError, "iterations -5 is below 1"),
    ({"iterations": 100_001}, ValueError, "iterations 100001 is more than a search may take (at most 100,000 iterations per decision)"),
    ({"iterations": 2.5}, TypeError, "iterations: 2.5 is a float, not a number of iterations"),
    ({"iterations": "x"}, TypeError, "iterations: 'x' is a str, not a number of iterations"),
    ({"iterations": True}, TypeError, "iterations: True is a bool, not a number of iterations"),
    ({"ms": -1}, ValueError, "ms -1 is not above 0"),
    ({"ms": 0}, ValueError, "ms 0 is not above 0"),
    ({"ms": float("nan")}, ValueError, "ms nan is not above 0"),
    ({"ms": 60_001}, ValueError, "ms 60001 is more than a search may take (at most 60,000 ms per decision)"),
    ({"ms": "100"}, TypeError, "ms: '100' is a str, not a number of milliseconds"),
    ({"ms": False}, TypeError, "ms: False is a bool, not a number of milliseconds"),
]


@pytest.mark.parametrize(("budget", "kind", "said"), REFUSED, ids=[repr(r[0]) for r in REFUSED])
def test_a_budget_is_checked_at_the_call(budget: dict[str, object], kind: type[Exception], said: str) -> None:
    with pytest.raises(Exception) as info:
        SearchBot(RS, 1, **budget)  # type: ignore[arg-type]
    assert isinstance(info.value, kind), (type(info.value).__name__, str(info.value))
    assert said in str(info.value)


def test_the_edges_of_the_range_are_taken() -> None:
    assert SearchBot(RS, 1, iterations=1).iterations == 1
    assert SearchBot(RS, 1, iterations=100_000).iterations == 100_000
    assert SearchBot(RS, 1, ms=0.5).ms == 0.5
    assert SearchBot(RS, 1, ms=60_000).ms == 60_000


@pytest.mark.parametrize(("budget", "kind", "said"), [r for r in REFUSED if "iterations" in r[0]], ids=[repr(r[0]) for r in REFUSED if "iterations" in r[0]])
def test_a_hints_iterations_are_checked_too(budget: dict[str, object], kind: type[Exception], said: str) -> None:
    table = TableSession(RS, 7, ["human", "greedy"], practice=True)
    table.start_deal()  # seat 0 is to act (dealer 1)
    with pytest.raises(Exception) as info:
        table.hint(0, **budget)  # type: ignore[arg-type]
    assert isinstance(info.value, kind), (type(info.value).__name__, str(info.value))
    assert said in str(info.value)
