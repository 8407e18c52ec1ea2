"""Perft-style golden counts (as python-chess counts move paths): the number of sequences of
legal decisions of a given length from fixed seeded deals of the two-player rulesets.

The count walks ``legal_codes`` with ``push_code``/``pop``.  Codes are the engine's decisions,
so they include ``Continue`` (declining to close before the draw, declining to go out right
after a marriage).  A deal that ends before the depth contributes nothing at that depth; a
deal that ends exactly at it counts as one sequence.

What is verified how
--------------------
* the dealt hands and the turn-up (asserted first, so a changed shuffle fails clearly);
* depth 1 and depth 2: derived by hand from the hands (the reasoning is next to each deal);
* depth 3: derived by hand for Sechsundsechzig and North American (reasoning below), a
  REGRESSION VALUE for Schnapsen (read from the engine once, not checked by hand);
* depth 4: REGRESSION VALUES for all (read from the engine once, not checked by hand).

Every count is also recomputed by copying the state instead of push/pop (a second,
independent walk), which checks that undo is exact.

Hand derivations (seat 0 leads as the non-dealer; the dealer is seat 1 in all three rulesets)
-------------------------------------------------------------------------------------------
Schnapsen: the leader may play any of 5 cards, announce each marriage (K or Q, two actions),
exchange when holding the trump jack (allowed on the first lead here) and close (allowed
before the first trick, the talon has 10 cards).  After a lead the follower may play any of 5
cards (the talon is open); after a marriage the marrier decides first: declare or continue (2);
after an exchange the leader decides again with the new hand; after closing the leader leads
(marriages still allowed after closing).

Sechsundsechzig: 6 cards, marriages, close; no exchange before a trick is won.  After a lead
the follower may play any of 6; after a marriage: declare or continue (2); after closing: 6
cards + marriages (a marriage on the closing lead is allowed).  Depth 3: after each of the
36 complete tricks the winner decides before the draw: continue, close before the draw, or
declare (3 each = 108); after marriage + continue the follower plays any of 6 (declare ends
the deal); after closing the follower must follow suit and head the trick (strict play).

North American two-handed: seat 0 bids first, then seat 1 (one round): pass or bid 1..5.
Depth 2: after pass 6 answers, after bid k 1 + (5 - k) answers: 6+5+4+3+2+1 = 21 (pass, pass
throws the hand in and ends the deal there).  Depth 3: the high bidder leads any of 12 cards
or announces a marriage (2 actions each): seat 1 declares in 15 auctions (pass-bid k: 5,
bid k-bid j>k: 10), seat 0 in 5 (bid k-pass): 15 * L1 + 5 * L0 with L = 12 + 2 * marriages.
"""

from __future__ import annotations

import pytest

from interpreter import DealState, load_ruleset


def perft(state: DealState, depth: int) -> int:
    if depth == 0:
        return 1
    if state.is_over:
        return 0
    total = 0
    for code in state.legal_codes():
        state.push_code(code)
        total += perft(state, depth - 1)
        state.pop()
    return total


def perft_by_copy(state: DealState, depth: int) -> int:
    """The same count without undo: every child is a fresh copy."""
    if depth == 0:
        return 1
    if state.is_over:
        return 0
    total = 0
    for code in state.legal_codes():
        child = state.copy()
        child.push_code(code, keep_undo=False)
        total += perft_by_copy(child, depth - 1)
    return total


# (ruleset, seed, hands of seats 0 and 1, turn-up, depth-1 actions, [depth 1, 2, 3, 4])
CASES = [
    # Schnapsen, trump diamonds (QD turned).  Seat 0: QC JC TH KH AS -- no marriage (no KC, no
    # QH), no JD to exchange.  d1 = 5 cards + close = 6.  d2 = 5 x 5 + (close: 5 cards) = 30.
    ("schnapsen", 0, ("QC JC TH KH AS", "KC AD KD JD JH"), "QD",
     ["close", "play AS", "play JC", "play KH", "play QC", "play TH"],
     [6, 30, 206, 944]),  # 206, 944: REGRESSION VALUES
    # Schnapsen, trump hearts (QH turned).  Seat 0: KC QC JC TD TS -- the club marriage, no JH.
    # d1 = 5 + 2 + close = 8.  d2 = 25 + 2 x 2 (declare/continue) + (close: 5 cards + 2) = 36.
    ("schnapsen", 6, ("KC QC JC TD TS", "QD AH JH KS JS"), "QH",
     ["close", "marry KC", "marry QC", "play JC", "play KC", "play QC", "play TD", "play TS"],
     [8, 36, 221, 991]),  # 221, 991: REGRESSION VALUES
    # Schnapsen, trump clubs (KC turned).  Seat 0: AC JC KH QH TS -- heart marriage, trump jack.
    # d1 = 5 + 2 + exchange + close = 9.  d2 = 25 + 2 x 2 + (exchange: hand AC KC KH QH TS,
    # 5 cards + heart marriage 2 + close = 8) + (close: 5 + 2 = 7) = 44.
    ("schnapsen", 32, ("AC JC KH QH TS", "TC TD KD JD AS"), "KC",
     ["close", "exchange", "marry KH", "marry QH", "play AC", "play JC", "play KH", "play QH", "play TS"],
     [9, 44, 270, 1300]),  # 270, 1300: REGRESSION VALUES
    # Sechsundsechzig, trump clubs (JC turned).  Seat 0: QC QD TH JH KS 9S -- no marriage.
    # d1 = 6 + close = 7.  d2 = 6 x 6 + (close: 6) = 42.  d3 = 36 x 3 + close branch: seat 1
    # (AC 9C KD 9D KH TS) must head or follow: QC-AC, QD-KD, TH-KH, JH-KH, KS-TS, 9S-TS = 6;
    # 108 + 6 = 114.
    ("sechsundsechzig", 1, ("QC QD TH JH KS 9S", "AC 9C KD 9D KH TS"), "JC",
     ["close", "play 9S", "play JH", "play KS", "play QC", "play QD", "play TH"],
     [7, 42, 114, 586]),  # 586: REGRESSION VALUE
    # Sechsundsechzig, trump spades (9S turned).  Seat 0: KC QC KD 9D AH QH -- club marriage.
    # d1 = 6 + 2 + close = 9.  d2 = 36 + 2 x 2 + (close: 6 + 2) = 48.  d3 = 108 + 2 x 6
    # (marry, continue, any of 6) + close branch against JC 9C TD QD KH KS: KC 2, QC 2, KD 1
    # (TD heads), 9D 2 (TD, QD), AH 1, QH 1 (KH), marry KC 2, marry QC 2 = 13; 108+12+13 = 133.
    ("sechsundsechzig", 0, ("KC QC KD 9D AH QH", "JC 9C TD QD KH KS"), "9S",
     ["close", "marry KC", "marry QC", "play 9D", "play AH", "play KC", "play KD", "play QC", "play QH"],
     [9, 48, 133, 670]),  # 670: REGRESSION VALUE
    # Sechsundsechzig, trump hearts (JH turned).  Seat 0: AD KD QD KH QH TS -- two marriages.
    # d1 = 6 + 4 + close = 11.  d2 = 36 + 4 x 2 + (close: 6 + 4) = 54.  d3 = 108 + 4 x 6 +
    # close branch against AC TC JD 9D TH 9S: AD 2, KD 2, QD 2 (JD 9D, neither heads), KH 1,
    # QH 1 (TH), TS 1 (9S), four marriages 2 each = 17; 108 + 24 + 17 = 149.
    ("sechsundsechzig", 134, ("AD KD QD KH QH TS", "AC TC JD 9D TH 9S"), "JH",
     ["close", "marry KD", "marry KH", "marry QD", "marry QH", "play AD", "play KD", "play KH", "play QD",
      "play QH", "play TS"],
     [11, 54, 149, 796]),  # 796: REGRESSION VALUE
    # North American two-handed: no marriage in either hand.  d3 = 15 x 12 + 5 x 12 = 240.
    ("north-american-2", 6, ("QC JC 9C TD QD JD AH QH JH TS QS 9S", "AC TC KC AD KD 9D TH KH 9H AS KS JS"), None,
     ["bid 1", "bid 2", "bid 3", "bid 4", "bid 5", "pass"],
     [6, 21, 240, 540]),  # 540: REGRESSION VALUE
    # One marriage each (KS QS; KD QD): L0 = L1 = 14; d3 = 20 x 14 = 280.
    ("north-american-2", 0, ("TC QC 9C AD TD AH TH QH AS KS QS 9S", "AC KC JC KD QD JD 9D KH JH 9H TS JS"), None,
     ["bid 1", "bid 2", "bid 3", "bid 4", "bid 5", "pass"],
     [6, 21, 280, 595]),  # 595: REGRESSION VALUE
    # Three marriages for seat 0 (clubs, diamonds, spades), none for seat 1:
    # d3 = 15 x 12 + 5 x 18 = 270.
    ("north-american-2", 2, ("KC QC AD KD QD JD 9D KH 9H TS KS QS", "AC TC JC 9C TD AH TH QH JH AS JS 9S"), None,
     ["bid 1", "bid 2", "bid 3", "bid 4", "bid 5", "pass"],
     [6, 21, 270, 490]),  # 490: REGRESSION VALUE
]

IDS = [f"{c[0]}-seed{c[1]}" for c in CASES]


def deal(ruleset: str, seed: int) -> DealState:
    rs = load_ruleset(ruleset)
    return DealState.new(rs, rs.dealer.first, seed)


@pytest.mark.parametrize("ruleset, seed, hands, turn_up, first, counts", CASES, ids=IDS)
def test_the_deal_is_the_one_reasoned_about(ruleset, seed, hands, turn_up, first, counts) -> None:
    state = deal(ruleset, seed)
    print(f"{ruleset} seed {seed}: " + " | ".join(str(state.hand(s)) for s in range(state.n)), state.turn_up_card())
    assert state.rs.dealer.first == 1 and state.dealer == 1
    assert tuple(sorted(str(c) for c in state.hand(s)) for s in range(2)) == tuple(sorted(h.split()) for h in hands)
    assert (str(state.turn_up_card()) if state.turn_up_card() else None) == turn_up


@pytest.mark.parametrize("ruleset, seed, hands, turn_up, first, counts", CASES, ids=IDS)
def test_depth_one_actions(ruleset, seed, hands, turn_up, first, counts) -> None:
    state = deal(ruleset, seed)
    assert state.actor == 0
    assert sorted(str(a) for a in state.legal_actions()) == first
    assert len(state.legal_codes()) == len(first) == counts[0]


@pytest.mark.parametrize("ruleset, seed, hands, turn_up, first, counts", CASES, ids=IDS)
def test_perft_counts(ruleset, seed, hands, turn_up, first, counts) -> None:
    state = deal(ruleset, seed)
    got = [perft(state, depth) for depth in range(1, len(counts) + 1)]
    assert got == counts
    assert state.undo == [] and len(state.legal_codes()) == counts[0]


@pytest.mark.parametrize("ruleset, seed, hands, turn_up, first, counts", CASES, ids=IDS)
def test_perft_by_copy_agrees(ruleset, seed, hands, turn_up, first, counts) -> None:
    assert [perft_by_copy(deal(ruleset, seed), d) for d in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize("seed", [5, 11])
def test_push_pop_and_copy_agree_through_a_four_handed_auction(seed: int) -> None:
    """Not golden: the two walks must agree deep enough to pass moon bids (the sitting-out
    partner) and complete the first trick."""
    rs = load_ruleset("north-american-4")
    for depth in (8,):
        assert perft(DealState.new(rs, 3, seed), depth) == perft_by_copy(DealState.new(rs, 3, seed), depth)
