"""The arena's net interval: none from deals that all netted A the same, as none from one deal."""

from __future__ import annotations

from interpreter.sim.arena import net_no_interval


def test_the_arena_net_of_deals_that_all_netted_the_same_has_no_interval() -> None:
    assert net_no_interval([]) == "too few deals for an interval (0)"
    assert net_no_interval([1.5]) == "too few deals for an interval (1)"
    assert net_no_interval([1.5, 1.5]) == "no spread over 2 deals (the same net in each): no interval"
    assert net_no_interval([1.5, -0.5]) is None
