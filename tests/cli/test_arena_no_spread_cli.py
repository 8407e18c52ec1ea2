"""``rules arena``: a net that was the same in every deal has no interval, and the row says why."""

from __future__ import annotations

from clitools import invoke


def test_an_arena_net_the_same_in_every_deal_has_no_interval() -> None:
    # seed 1: greedy won both plays of both deals, netting +1.5 game points a play in each
    args = ["arena", "greedy", "random", "--deals", "2", "--seed", "1", "--jobs", "1"]
    report = invoke([*args, "--json"]).json()
    assert (report["net"], report["net_interval"]) == (1.5, None)
    assert report["net_no_interval"] == "no spread over 2 deals (the same net in each): no interval"
    row = next(line for line in invoke(args).stdout.splitlines() if line.startswith("game points per deal"))
    assert row.split()[4:] == ["+1.50", "-", "no", "spread", "over", "2", "deals", "(the", "same", "net", "in", "each):", "no", "interval"], row
