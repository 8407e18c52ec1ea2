"""Dreierschnapsen (rulesets/house/dreierschnapsen.yaml; spec.md 6).

Rules checked, each expectation worked out by hand from the YAML and the schema
(``players.sides: bidder_vs_rest``, ``deal.widow.to: declarer_hand``, ``bidding.contracts``):

* after the auction the declarer (the forehand when all pass) takes the 2 widow cards into his
  hand and must lay 2 away, one ``discard`` at a time, before anything else: the legal set is a
  discard of each of his 8 cards;
* the cards laid away count as his card points (enough here to make a declaration right);
* the other seats do not see them: their ``view.history`` shows ``discard (face down)``, their
  ``widow_mask`` is 0 and his points look smaller by the hidden value; his own view shows them;
* he plays alone against the two others; a lost contract scores its value to EACH of them
  (three match scores, one per seat), a made one to him alone.

Dealer 0, so the forehand is seat 1.  Hands below, widow QC JC; seat 1 names spades.
"""

from __future__ import annotations

from interpreter import DealState, load_ruleset, parse_action
from interpreter.engine.match import Match
from interpreter.play.record import apply_recorded, deal_from_mapping

RS = load_ruleset("rulesets/house/dreierschnapsen.yaml")

HANDS = {
    0: "AH TH KH QH JH AC",
    1: "AS TS KS QS JS TC",
    2: "AD TD KD QD JD KC",
}
WIDOW = ["QC", "JC"]


def texts(actions) -> set[str]:
    return {str(a) for a in actions}


def after(*moves: str) -> DealState:
    st = deal_from_mapping(RS, {"dealer": 0, "hands": {s: h.split() for s, h in HANDS.items()}, "stock": WIDOW})
    for move in ("trump S", *moves):
        apply_recorded(st, parse_action(move))
    return st


def gang_by_seat_2(*moves: str) -> DealState:
    """Seat 1 passes, seat 2 announces Gang (3, value 9), seat 0 passes: the auction is over
    (only seat 2 has not passed)."""
    return after("pass", "bid 3", "pass", *moves)


def test_the_declarer_takes_the_widow_and_must_discard_first() -> None:
    st = gang_by_seat_2()
    assert st.declarer == 2 and st.contract is not None and st.contract.name == "gang"
    assert st.actor == 2
    assert sorted(str(c) for c in st.hand(2)) == sorted("AD TD KD QD JD KC QC JC".split())
    assert texts(st.legal_actions()) == {f"discard {c}" for c in "AD TD KD QD JD KC QC JC".split()}
    assert not st.is_legal(parse_action("play AD"))  # nothing else before both discards
    st.apply(parse_action("discard KC"))
    assert st.actor == 2 and texts(st.legal_actions()) == {f"discard {c}" for c in "AD TD KD QD JD QC JC".split()}
    st.apply(parse_action("discard QC"))
    # six cards again; now he leads (the declarer leads a Gang)
    assert len(st.hand(2)) == 6 and st.actor == 2 and st.leader == 2
    assert "play AD" in texts(st.legal_actions())
    assert st.points[2] == 7  # KC 4 + QC 3 laid away count for him


def test_the_discards_are_hidden_from_the_other_two() -> None:
    st = gang_by_seat_2("discard KC")
    for seat in (0, 1):
        view = st.view(seat)
        assert view.history[-1] == (2, "discard (face down)")
        assert view.widow_mask == 0 and view.widow == ()
        assert view.seat_points[2] == 0  # the 4 of KC is not shown to them
    own = st.view(2)
    assert own.history[-1] == (2, "discard KC")
    assert [str(c) for c in own.widow] == ["KC"]
    assert own.seat_points[2] == 4


def test_gang_lost_scores_nine_to_each_defender() -> None:
    """After laying KC QC away seat 2 leads JC: seat 0 must follow and head it (AC), seat 1 must
    follow (TC); AC wins -> Gang lost after one trick: seats 0 and 1 score 9 each; the match
    adds it to both seats' scores."""
    st = gang_by_seat_2("discard KC", "discard QC", "play JC")
    assert texts(st.legal_actions()) == {"play AC"}
    apply_recorded(st, parse_action("play AC"))
    assert texts(st.legal_actions()) == {"play TC"}
    apply_recorded(st, parse_action("play TC"))
    assert st.is_over and st.tricks_played == 1
    assert st.result.scores == (9, 9, 0) and st.result.game_points == 9 and st.result.made is False
    match = Match(RS, 0)
    match.deal = st
    match.finish_deal()
    assert match.scores == [9, 9, 0]


def test_gang_made_scores_nine_to_the_declarer_only() -> None:
    """Without trump seat 2 leads AD: both others are void in diamonds, so any card -- they
    throw AC and TC; then TD KD QD JD (hearts and spades thrown), and JC last: nobody holds a
    club any more, JC wins.  Six tricks: seat 2 scores 9."""
    st = gang_by_seat_2("discard KC", "discard QC", "play AD")
    assert texts(st.legal_actions()) == {f"play {c}" for c in HANDS[0].split()}
    throws = [("AC", "TC"), ("AH", "AS"), ("TH", "TS"), ("KH", "KS"), ("QH", "QS"), ("JH", "JS")]
    leads = ["AD", "TD", "KD", "QD", "JD", "JC"]
    first = True
    for lead, (a, b) in zip(leads, throws):
        if not first:
            apply_recorded(st, parse_action(f"play {lead}"))
        first = False
        apply_recorded(st, parse_action(f"play {a}"))
        apply_recorded(st, parse_action(f"play {b}"))
    assert st.is_over and st.tricks[2] == 6
    assert st.result.scores == (0, 0, 9) and st.result.made is True and st.result.winner == 2


def test_all_pass_the_forehand_takes_the_widow_and_his_discards_count() -> None:
    """All pass: seat 1 declares the plain game against 0 & 2, takes QC JC and lays TC JC away
    (10 + 2 = 12).  Trick 1: AS; seats 2 and 0 hold no spade (trump) at all: free, KC and JH ->
    11 + 4 + 2 = 17.  He announces KS-QS (40, he has a trick) and declares at once: 12 + 17 + 40
    = 69 >= 66 (without the discards 57 would be a wrong declaration).  The defenders have no
    point and no trick: 3 game points to seat 1."""
    st = after("pass", "pass", "pass")
    assert st.declarer == 1 and st.contract is None
    assert st.deal_sides == ((1,), (0, 2))
    assert texts(st.legal_actions()) == {f"discard {c}" for c in "AS TS KS QS JS TC QC JC".split()}
    for move in ("discard TC", "discard JC", "play AS"):
        apply_recorded(st, parse_action(move))
    assert texts(st.legal_actions()) == {f"play {c}" for c in HANDS[2].split()}
    for move in ("play KC", "play JH"):
        apply_recorded(st, parse_action(move))
    assert st.points[1] == 29
    assert st.view(0).seat_points[1] == 17  # the defenders see only the trick
    for move in ("marry KS", "declare"):
        apply_recorded(st, parse_action(move))
    assert st.is_over
    assert st.result.scores == (0, 3, 0) and st.result.winner == 1


def test_eligibility_and_the_kontraschnapser_lead_after_the_discards() -> None:
    """Seat 1 (forehand) may bid 4, not 5; seats 2 and 0 may bid 5, not 4, nor the Schnapser (2),
    which is the forehand's alone as it is the forehand's side's in Bauernschnapsen.  Seat 2 announces
    Kontraschnapser, seat 0 passes; seat 2 takes the talon and lays two away, then the forehand
    (seat 1) leads."""
    st = after()
    assert texts(st.legal_actions()) == {"pass", "bid 1", "bid 2", "bid 3", "bid 4"}
    apply_recorded(st, parse_action("pass"))
    assert texts(st.legal_actions()) == {"pass", "bid 1", "bid 3", "bid 5"}
    apply_recorded(st, parse_action("bid 5"))
    assert texts(st.legal_actions()) == {"pass"}  # nothing above 5 for seat 0
    for move in ("pass", "discard KC", "discard QC"):
        apply_recorded(st, parse_action(move))
    assert st.declarer == 2 and st.actor == 1 and st.leader == 1
    assert "play AS" in texts(st.legal_actions())
