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
