"""A whole number of thousands of digits given to an integer option is refused in one line
that quotes only its first few digits.  Past 4,300 digits ``int()`` refuses the text and click
called it ``not a valid integer`` (it is one), echoing all 5,000 digits; up to 4,300 the range
checks echoed them all."""

from __future__ import annotations

import pytest

from clitools import invoke

NINES = "9" * 5000
MOST = "9" * 4300  # the most digits int() reads from text


@pytest.mark.parametrize(("args", "said"), [
    (["run", "schnapsen", "--deals", "1", "--seed", NINES],
     "--seed: '" + "9" * 36 + "... is too large (a whole number of 5,000 digits; expected a smaller number)"),
    (["run", "schnapsen", "--deals", "-" + NINES],
     "--deals: '-" + "9" * 35 + "... is too small (a whole number of 5,000 digits; expected 1 or more)"),
    (["serve", "--port", NINES],
     "--port: '" + "9" * 36 + "... is too large (a whole number of 5,000 digits; expected 0 to 65535)"),
    (["run", "schnapsen", "--deals", "1", "--seed", "+" + NINES],
     "--seed: '+" + "9" * 35 + "... is not a valid integer (expected a whole number in digits)"),
    (["run", "schnapsen", "--deals", "1", "--seed", "1_" + NINES],
     "--seed: '1_" + "9" * 34 + "... is not a valid integer (expected a whole number in digits)"),
    (["run", "schnapsen", "--deals", "1", "--seed", "x" * 5000],
     "--seed: '" + "x" * 36 + "... is not a valid integer (expected a whole number in digits)"),
    (["run", "schnapsen", "--deals", "1", "--seed", MOST],
     "--seed: " + "9" * 37 + "... is out of range (expected 0 to 9223372036854775807)"),
    (["run", "schnapsen", "--deals", "-" + MOST],
     "--deals: -" + "9" * 36 + "... is below 1 (expected 1 or more)"),
    (["analyse", "match.yaml", "--iters", MOST],
     "--iters: 9" + ",999" * 9 + "... is more than a search may take (at most 100,000 iterations per decision)"),
], ids=["seed-5000", "deals-5000", "port-5000", "seed-plus", "seed-underscore", "seed-letters", "seed-4300", "deals-4300", "iters-4300"])
def test_a_huge_number_is_refused_cut_short(args: list[str], said: str) -> None:
    out = invoke(args)
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", f"error: {said}\n")
