"""North American house styles: the PP family's bid of 6 (rulesets/house/pp-sixty-six.yaml) and
the Kromkowski style (rulesets/house/kromkowski.yaml); reference 6.10, spec.md 8.

Rules checked, each expectation worked out by hand from the YAML and the schema:

* bids 1, 2, 3, 4, 6 (no 5); ``moon.bid 6`` with ``moon.trump: none``: the first card led does
  NOT fix trump, so a void player may play any card, an off-suit card never wins, and a
  marriage counts as a plain one (20); the bidder's partner sits out (tricks of 3 cards); a
  made moon scores +6 (``moon_made: bid``);
* an ordinary bid (4) keeps the base rule: the first card led is trump;
* Kromkowski: the standard four-player rules under another name.

Dealer 3, so seat 0 bids first.  Seat 0 (declarer) and seat 2 (his partner) against 1 & 3.
"""

from __future__ import annotations

from interpreter import DealState, load_ruleset, parse_action
from interpreter.play.record import deal_from_mapping

PP = load_ruleset("rulesets/house/pp-sixty-six.yaml")

HANDS = {
    0: "AH TH KH QH AS TS",
    1: "KS QS JS 9S AC TC",
    2: "AD TD KD QD JD 9D",
    3: "JH 9H KC QC JC 9C",
}


def texts(actions) -> set[str]:
    return {str(a) for a in actions}


def after_auction(bid: int) -> DealState:
    st = deal_from_mapping(PP, {"dealer": 3, "hands": {s: h.split() for s, h in HANDS.items()}})
    assert texts(st.legal_actions()) == {"pass", "bid 1", "bid 2", "bid 3", "bid 4", "bid 6"}
    for move in (f"bid {bid}", "pass", "pass", "pass"):
        st.apply(parse_action(move))
    return st


def test_bid_6_has_no_trump_and_the_partner_sits_out() -> None:
    st = after_auction(6)
    assert (st.declarer, st.high_bid, st.sitting_out) == (0, 6, (2,))
    st.apply(parse_action("play AS"))
    assert st.trump_suit() is None  # the first card led fixes nothing
    assert st.actor == 1
    # seat 1 must follow spades; none beats the ace, so any spade
    assert texts(st.legal_actions()) == {"play KS", "play QS", "play JS", "play 9S"}
    st.apply(parse_action("play 9S"))
    assert st.actor == 3  # seat 2 sits out
    # void in spades and no trump suit: any card
    assert texts(st.legal_actions()) == {f"play {c}" for c in HANDS[3].split()}
    st.apply(parse_action("play 9C"))
    assert st.tricks == [1, 0, 0, 0] and st.points[0] == 11  # AS 11 + 9S 0 + 9C 0
    # trick 2: seat 1, void in hearts, still holds spades: without trump he may play anything
    st.apply(parse_action("play AH"))
    assert texts(st.legal_actions()) == {"play KS", "play QS", "play JS", "play AC", "play TC"}
    st.apply(parse_action("play KS"))
    st.apply(parse_action("play JH"))
    # the off-suit KS does not win: AH + KS + JH = 11 + 4 + 2 = 17 to seat 0
    assert st.tricks == [2, 0, 0, 0] and st.points[0] == 28


def test_the_same_lead_fixes_trump_after_a_bid_of_4() -> None:
    """Contrast: bid 4 is an ordinary contract; AS led makes spades trump, so in trick 2 seat 1,
    void in hearts, must trump: nobody has trumped yet, so any of his spades KS QS JS."""
    st = after_auction(4)
    assert st.sitting_out == ()
    st.apply(parse_action("play AS"))
    assert st.trump_suit() == "S"
    for move in ("play 9S", "play 9D", "play 9C"):  # seat 2 void in spades and no trump: any card
        st.apply(parse_action(move))
    st.apply(parse_action("play AH"))
    assert texts(st.legal_actions()) == {"play KS", "play QS", "play JS"}


def test_a_marriage_in_the_moon_is_plain_and_fixes_no_trump() -> None:
    """moon.trump none: the leader's heart marriage counts 20, not 40, and hearts are not trump."""
    st = after_auction(6)
    st.apply(parse_action("marry KH"))
    assert st.trump_suit() is None and st.meld[0] == 20
    other = after_auction(4)
    other.apply(parse_action("marry KH"))
    assert other.trump_suit() == "H" and other.meld[0] == 40  # the base: the first lead is trump


def test_a_made_moon_scores_six() -> None:
    """Seat 0 takes all six tricks without trump (play worked out trick by trick)."""
    st = after_auction(6)
    moves = [
        "play AS", "play 9S", "play 9C",   # seat 0 wins
        "play AH", "play KS", "play JH",   # KS off-suit: seat 0
        "play TS", "play QS", "play JC",   # QS cannot beat TS: seat 0
        "play TH", "play JS", "play 9H",   # seat 0
        "play KH", "play AC", "play QC",   # seat 0
        "play QH", "play TC", "play KC",   # seat 0
    ]
    for move in moves:
        st.apply(parse_action(move))
    assert st.is_over
    assert st.tricks[0] == 6
    assert st.result.made is True
    assert st.result.scores == (6, 0)  # defenders 0 points: 0 // 33 = 0


def test_kromkowski_is_the_standard_game_under_another_name() -> None:
    """The file sets only name, title and description: every rule key equals north-american-4's."""
    krom = load_ruleset("rulesets/house/kromkowski.yaml")
    base = load_ruleset("north-american-4")
    rules = set(krom.data) - {"name", "title", "description", "extends"}
    assert rules == set(base.data) - {"name", "title", "description", "extends"}
    assert {key: krom.data[key] for key in rules} == {key: base.data[key] for key in rules}
    assert list(krom.bidding.values) == [1, 2, 3, 4, 5] and krom.bidding.moon.bid == 5
