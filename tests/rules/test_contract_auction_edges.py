"""An auction of contracts never leaves a bidder without a call: where the dealer must bid
(``bidding.all_pass: dealer_must_bid``) but may announce no contract, he passes."""

from __future__ import annotations

from pathlib import Path

from interpreter import DealState, load_ruleset, parse_action


def test_a_dealer_who_may_announce_nothing_may_pass(tmp_path: Path) -> None:
    """Bauernschnapsen with only the forehand's Bauernschnapser and the dealer held to bid: dealer
    0, forehand 1; trump named, seats 1, 2 and 3 pass; seat 0 (not the forehand) may announce
    nothing, so his one call is pass; everybody has passed, and with no rule for the plain game
    (``all_pass`` is ``dealer_must_bid``, not ``play``) the hand is thrown in."""
    path = tmp_path / "dealer-bids.yaml"
    path.write_text(
        "extends: house/bauernschnapsen\nname: dealer-bids\nbidding:\n  all_pass: dealer_must_bid\n"
        "  values: [1]\n  contracts:\n    - {bid: 1, name: bauernschnapser, value: 12, goal: all_tricks, eligible: forehand}\n",
        encoding="utf-8",
    )
    st = DealState.new(load_ruleset(path), 0, 1)
    st.apply(parse_action("trump H"))
    for _ in range(3):
        st.apply(parse_action("pass"))
    assert st.to_act == 0 and [str(a) for a in st.legal_actions()] == ["pass"]
    st.apply(parse_action("pass"))
    assert st.is_over and st.result is not None and st.result.redeal
