"""A search budget of thousands of digits is refused in the words a 20-digit one gets, quoting
the kind cut short.  ``search:iters=`` with more than 4,300 digits said Python's own
``Exceeds the limit (4300 digits) for integer string conversion ... sys.set_int_max_str_digits()``
(``int()`` was called before the length was looked at), and ``search:ms=`` echoed all its
digits; so did an unknown kind or search option."""

from __future__ import annotations

import pytest

from interpreter.play.bots import make_agent
from interpreter.play.bots.search_bot import BudgetTooLarge, parse_search_kind
from runcli import invoke

NINES = "9" * 5000


def test_iterations_of_5000_digits_are_over_the_limit() -> None:
    # shorten() keeps 37 characters and adds "...": "search:iters=" is 13 of them
    with pytest.raises(BudgetTooLarge) as caught:
        parse_search_kind(f"search:iters={NINES}")
    assert str(caught.value) == ("search:iters=" + "9" * 24 + "... is more than a search may take "
                                 "(at most 100,000 iterations per decision)")


def test_milliseconds_of_5000_digits_are_over_the_limit_cut_short() -> None:
    with pytest.raises(BudgetTooLarge) as caught:
        parse_search_kind(f"search:ms={NINES}")
    assert str(caught.value) == "search:ms=" + "9" * 27 + "... is more than a search may take (at most 60,000 ms per decision)"


def test_a_negative_budget_of_5000_digits_is_below_1() -> None:
    with pytest.raises(ValueError) as caught:
        parse_search_kind(f"search:iters=-{NINES}")
    assert str(caught.value) == ("search:iters=-" + "9" * 23 + "... is below 1 "
                                 "(expected a whole number of iterations from 1 to 100,000)")
    with pytest.raises(ValueError) as caught:
        parse_search_kind(f"search:ms=-{NINES}")
    assert str(caught.value) == ("search:ms=-" + "9" * 26 + "... is not above 0 "
                                 "(expected milliseconds per decision, more than 0 and at most 60,000)")


@pytest.mark.parametrize(("iters", "over"), [("100000", False), ("100001", True), ("999999", True), ("1000000", True)])
def test_the_limit_is_where_it_was(iters: str, over: bool) -> None:
    # the digit count decides only past six digits: 100,000 is the most, 100,001 one too many
    if over:
        with pytest.raises(BudgetTooLarge):
            parse_search_kind(f"search:iters={iters}")
    else:
        assert parse_search_kind(f"search:iters={iters}") == {"iterations": 100000}


@pytest.mark.parametrize("iters", ["007", "-0", "+5"])
def test_a_number_not_written_plainly_is_still_no_budget(iters: str) -> None:
    with pytest.raises(ValueError, match="unknown search option"):
        parse_search_kind(f"search:iters={iters}")


def test_an_unknown_search_option_is_quoted_cut_short() -> None:
    with pytest.raises(ValueError) as caught:
        parse_search_kind(f"search:x{NINES}")
    assert str(caught.value).startswith("unknown search option 'x" + "9" * 35 + "...: expected search, ")


def test_an_unknown_kind_is_quoted_cut_short() -> None:
    with pytest.raises(ValueError) as caught:
        make_agent(f"greedy:{NINES}", "schnapsen", 0)
    assert str(caught.value).startswith("unknown bot kind 'greedy:" + "9" * 29 + "... (expected one of: random, ")


@pytest.mark.parametrize(("kind", "said"), [
    (f"search:iters={NINES}", "search:iters=" + "9" * 24 + "... is more than a search may take (at most 100,000 iterations per decision)"),
    (f"search:ms={NINES}", "search:ms=" + "9" * 27 + "... is more than a search may take (at most 60,000 ms per decision)"),
])
def test_the_command_says_it_in_one_line(kind: str, said: str) -> None:
    out = invoke(["run", "schnapsen", "--players", f"{kind},random", "--deals", "1"])
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", f"error: --players: {said}\n")
