"""A search's budget per decision has a limit, the same wherever it is typed: 100,000 iterations
(``search:iters=N`` in any seat kind, ``rules analyse --iters N``, ``rules play --review
FILE --iters N``) and 60,000 ms
(``search:ms=N``).  Above it the command is refused before anything is played, with one line and
status 2, as a --deals above its limit is (``search:iters=1000000000000`` ran for ever)."""

from __future__ import annotations

import pytest

from clitools import invoke
from interpreter.play.bots.search_bot import BudgetTooLarge, parse_search_kind

TOO_MANY = "is more than a search may take (at most 100,000 iterations per decision)"
TOO_LONG = "is more than a search may take (at most 60,000 ms per decision)"


@pytest.mark.parametrize(("args", "said"), [
    (["run", "schnapsen", "--players", "search:iters=1000000000000,greedy", "--deals", "1", "--quiet"],
     f"--players: search:iters=1000000000000 {TOO_MANY}"),
    (["simulate", "schnapsen", "--players", "greedy,search:iters=100001", "--deals", "4", "--jobs", "1"],
     f"--players: search:iters=100001 {TOO_MANY}"),
    (["compare", "schnapsen", "sechsundsechzig", "--players-b", "search:ms=60001,greedy", "--deals", "4", "--jobs", "1"],
     f"--players-b: search:ms=60001 {TOO_LONG}"),
    (["arena", "search:iters=100001", "greedy", "--deals", "2", "--jobs", "1"], f"bot A: search:iters=100001 {TOO_MANY}"),
    (["tournament", "greedy", "random", "search:ms=1e9", "--deals", "2", "--jobs", "1"], f"bot 3: search:ms=1e9 {TOO_LONG}"),
    (["play", "schnapsen", "--opponent", "search:iters=100001"], f"--opponent: search:iters=100001 {TOO_MANY}"),
    (["analyse", "no-such-record.yaml", "--iters", "1000000000000"], f"--iters: 1,000,000,000,000 {TOO_MANY}"),
    (["analyse", "no-such-record.yaml", "--iters", "100001"], f"--iters: 100,001 {TOO_MANY}"),
    (["play", "--review", "no-such-record.yaml", "--iters", "100001"], f"--iters: 100,001 {TOO_MANY}"),
])
def test_a_budget_above_the_limit_is_refused_in_one_line(args: list[str], said: str) -> None:
    out = invoke(args)
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", f"error: {said}\n")


def test_the_limit_itself_is_taken() -> None:
    assert parse_search_kind("search:iters=100000") == {"iterations": 100_000}
    assert parse_search_kind("search:ms=60000") == {"ms": 60_000.0}
    with pytest.raises(BudgetTooLarge):
        parse_search_kind("search:iters=100001")
    with pytest.raises(BudgetTooLarge):
        parse_search_kind("search:ms=60000.5")


#: The words of a budget below the least there is, and of a form that is no budget at all.
FEWER = "is below 1 (expected a whole number of iterations from 1 to 100,000)"
NO_TIME = "is not above 0 (expected milliseconds per decision, more than 0 and at most 60,000)"
FORMS = (
    "expected search, search:easy, search:normal, search:hard, search:iters=N (a whole number of iterations) "
    "or search:ms=N (milliseconds per decision)"
)


@pytest.mark.parametrize(("kind", "said"), [
    ("search:iters=0", f"search:iters=0 {FEWER}"),
    ("search:iters=-1", f"search:iters=-1 {FEWER}"),
    ("search:ms=0", f"search:ms=0 {NO_TIME}"),
    ("search:ms=-5", f"search:ms=-5 {NO_TIME}"),
    # only a plain whole number of iterations: these were taken, and written into the record as typed
    ("search:iters=1e3", f"unknown search option 'iters=1e3': {FORMS}"),
    ("search:iters=5.0", f"unknown search option 'iters=5.0': {FORMS}"),
    ("search:iters=0005", f"unknown search option 'iters=0005': {FORMS}"),
    ("search:ms=nan", f"unknown search option 'ms=nan': {FORMS}"),
])
def test_a_budget_below_the_least_or_not_a_plain_number_is_refused(kind: str, said: str) -> None:
    out = invoke(["run", "schnapsen", "--players", f"greedy,{kind}", "--deals", "1", "--quiet"])
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", f"error: --players: {said}\n")


def test_the_least_budgets_are_taken() -> None:
    assert parse_search_kind("search:iters=1") == {"iterations": 1}
    assert parse_search_kind("search:ms=0.5") == {"ms": 0.5}
