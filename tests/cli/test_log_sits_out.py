"""``--open`` lists every seat's hand at the start of a deal; a dealer who sits the deal out
(``deal.dealer_sits_out``: Burgenland with four) holds no cards, and the log says so as it says
it where the auction leaves a seat out -- ``seat 0 sits out`` -- not ``seat 0 holds`` and
nothing."""

from __future__ import annotations

from clitools import invoke


def test_the_dealer_who_sits_out_is_said_to_sit_out() -> None:
    """house/burgenland-4: seat 0 deals the first deal (``dealer.first: 0``) and sits it out;
    the other three hold eight cards each."""
    out = invoke(["run", "house/burgenland-4", "--seed", "11", "--players", "greedy,greedy,greedy,greedy", "--deals", "1", "--open"])
    assert out.exit_code == 0, out.stderr
    lines = out.stdout.splitlines()
    start = lines.index("Deal 1: seat 0 deals")
    assert lines[start + 1] == "  seat 0 sits out"
    for seat, line in zip((1, 2, 3), lines[start + 2:start + 5]):
        assert line.startswith(f"  seat {seat} holds ") and len(line.split()[3:]) == 8
    assert not any(line.strip() == "seat 0 holds" for line in lines)
