"""The header of ``rules simulate`` and ``rules compare`` says one deal and one match in the singular."""

from __future__ import annotations

from clitools import invoke


def test_one_deal_and_one_match_are_said_in_the_singular() -> None:
    first = invoke(["simulate", "schnapsen", "--deals", "1", "--matches", "1", "--jobs", "1"]).stdout.splitlines()[0]
    assert first == "Schnapsen: 1 deal and 1 match, seats random, random, seed 0"
    third = invoke(["compare", "schnapsen", "schnapsen", "--deals", "1", "--matches", "1", "--jobs", "1"]).stdout.splitlines()[2]
    assert third == "1 deal each and 1 match, seed 0; the same cards in both (paired)"
    plural = invoke(["simulate", "schnapsen", "--deals", "2", "--matches", "2", "--jobs", "1"]).stdout.splitlines()[0]
    assert plural.startswith("Schnapsen: 2 deals and 2 matches, ")
