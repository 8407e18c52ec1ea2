"""Bauernschnapsen's contracts in play (rulesets/house/bauernschnapsen.yaml; spec.md 5).

Rules checked, each expectation worked out by hand from the YAML and the schema:

* a contract is played alone: the declarer's partner sits out, tricks have 3 cards;
* Bettler / Gang have no trump (``trump: none``): the named trump is dropped, the first lead
  fixes nothing, and a void player may play any card (with trump he would have to trump);
* the deal ends as soon as the goal is decided: Bettler lost at the first trick the declarer
  takes (4 to the other team), Gang lost at the first trick lost (9), Schnapser made when 66 is
  reached within 3 tricks (6) and lost at the end of trick 3 otherwise;
* Kontraschnapser (by an opponent of the forehand): the forehand leads the first trick;
* no ``declare`` during a contract, while the plain game offers it after a trick.

Dealer 0: forehand seat 1; teams 0 & 2 (team 0) against 1 & 3 (team 1).  Seat 1 names spades.
Card points A11 T10 K4 Q3 J2; rank A T K Q J.
"""

from __future__ import annotations

from interpreter import DealState, load_ruleset, parse_action
from interpreter.play.record import apply_recorded, deal_from_mapping

RS = load_ruleset("rulesets/house/bauernschnapsen.yaml")

HANDS = {
    0: "AH TH KH QH JC",
    1: "AS TS KS QS JH",
    2: "JS JD AC QD KD",
    3: "TC KC QC AD TD",
}


def texts(actions) -> set[str]:
    return {str(a) for a in actions}


def plays(*cards: str) -> set[str]:
    return {f"play {c}" for c in cards}


def contract(trump: str, *auction: str) -> DealState:
    st = deal_from_mapping(RS, {"dealer": 0, "hands": {s: h.split() for s, h in HANDS.items()}})
    for move in (f"trump {trump}", *auction):
        st.apply(parse_action(move))
    return st


def go(st: DealState, *moves: str) -> DealState:
    """Moves with the record semantics (an optional step offered -- declaring right after a
    marriage -- is declined by the next move)."""
    for move in moves:
        apply_recorded(st, parse_action(move))
    return st


def test_bettler_no_trump_partner_out_and_lost_at_the_first_trick_taken() -> None:
    """Seat 2 bids Bettler (1), all others pass: seat 0 sits out, seat 2 leads, diamonds named
    but dropped.  AC led; seat 3 must follow clubs, cannot beat the ace: any club; seat 1 is
    void in clubs and holds diamonds -- without trump he may play anything.  Seat 2 takes the
    trick -> Bettler lost after one trick: team 1 scores 4."""
    st = contract("D", "pass", "bid 1", "pass", "pass")
    assert (st.declarer, st.sitting_out, st.actor) == (2, (0,), 2)
    assert st.trump_suit() is None
    go(st, "play AC")
    assert st.trump_suit() is None  # the first lead fixes nothing
    assert st.actor == 3
    assert texts(st.legal_actions()) == plays("TC", "KC", "QC")
    go(st, "play TC")
    assert st.actor == 1  # seat 0 is skipped
    assert texts(st.legal_actions()) == plays("AS", "TS", "KS", "QS", "JH")
    go(st, "play JH")
    assert st.is_over and st.tricks_played == 1
    res = st.result
    assert res.scores == (0, 4) and res.game_points == 4
    assert res.made is False and res.winner == 1


def test_a_void_player_must_trump_in_the_plain_game_but_not_in_bettler() -> None:
    """Contrast, diamonds named: in the plain game seat 1 leads AS, seat 2 follows JS, and seat 3
    (no spades, holds AD TD) must trump: {AD, TD}.  In seat 2's Bettler, JS led, the same seat 3
    may play any of his five cards."""
    st = contract("D", "pass", "pass", "pass", "pass")
    go(st, "play AS", "play JS")
    assert texts(st.legal_actions()) == plays("AD", "TD")
    bettler = contract("D", "pass", "bid 1", "pass", "pass")
    go(bettler, "play JS")  # seat 3, void in spades: any card
    assert texts(bettler.legal_actions()) == plays("TC", "KC", "QC", "AD", "TD")


def test_bettler_made_when_the_declarer_takes_no_trick() -> None:
    """Seat 2 never wins: JS (seat 1 beats with QS), then seat 1 leads JH, AS, TS, KS and both
    others throw cards of other suits.  Five tricks of three cards: seat 0 keeps all his
    cards; team 0 scores 4."""
    st = contract("D", "pass", "bid 1", "pass", "pass")
    go(st, "play JS", "play TC")
    assert texts(st.legal_actions()) == plays("AS", "TS", "KS", "QS")  # follow and head the JS
    go(st, "play QS")
    assert st.leader == 1 and not st.is_over
    for trick in (("JH", "AC", "KC"), ("AS", "JD", "QC"), ("TS", "QD", "AD"), ("KS", "KD", "TD")):
        go(st, *(f"play {c}" for c in trick))
    assert st.is_over and st.tricks_played == 5
    assert len(st.hand(0)) == 5
    assert st.result.scores == (4, 0) and st.result.made is True and st.result.winner == 0


def test_gang_lost_at_the_first_trick_lost() -> None:
    """Seat 1 (forehand) bids Gang (3), all pass: seat 3 sits out; no trump.  Trick 1: AS, seat
    2 follows JS, seat 0 void in spades: any card (JC); seat 1 wins.  Trick 2: JH; seat 2 void:
    any card; seat 0 must follow and head: AH TH KH QH; AH wins -> Gang lost after 2 tricks:
    team 0 scores 9."""
    st = contract("S", "bid 3", "pass", "pass", "pass")
    assert (st.declarer, st.sitting_out) == (1, (3,))
    go(st, "play AS")
    assert st.trump_suit() is None
    assert texts(st.legal_actions()) == plays("JS")
    go(st, "play JS")
    assert st.actor == 0
    assert texts(st.legal_actions()) == plays(*HANDS[0].split())
    go(st, "play JC")
    assert not st.is_over and st.tricks == [0, 1, 0, 0]
    assert "declare" not in texts(st.legal_actions())  # no declaring in a contract
    go(st, "play JH", "play QD")
    assert texts(st.legal_actions()) == plays("AH", "TH", "KH", "QH")
    go(st, "play AH")
    assert st.is_over and st.tricks_played == 2
    assert st.result.scores == (9, 0) and st.result.game_points == 9 and st.result.made is False


def test_schnapser_made_within_three_tricks() -> None:
    """Seat 1 bids Schnapser (2), all pass; spades trump; seat 3 sits out.  Trick 1: AS, JS
    (seat 2 must follow), QH (seat 0 void, no trumps: free) -> 11 + 2 + 3 = 16.  Trick 2: seat 1
    announces KS-QS (trump marriage, 40; his side has a trick) leading KS; seat 2 QD, seat 0 KH
    (both void, no trumps) -> 4 + 3 + 4 = 11.  16 + 11 + 40 = 67 >= 66 after trick 2: made,
    team 1 scores 6 without a third trick."""
    st = contract("S", "bid 2", "pass", "pass", "pass")
    assert st.contract is not None and st.contract.name == "schnapser"
    go(st, "play AS", "play JS", "play QH")
    assert st.points[1] == 16 and not st.is_over
    assert "declare" not in texts(st.legal_actions())
    go(st, "marry KS", "play QD", "play KH")
    assert st.is_over and st.tricks_played == 2
    assert st.result.scores == (0, 6) and st.result.made is True and st.result.winner == 1


def test_schnapser_lost_at_the_end_of_trick_three() -> None:
    """Trick 1: AS JS JC -> 15.  Trick 2: TS, seat 2 JD, seat 0 QH -> 15 (30; not yet lost).
    Trick 3: JH, seat 2 KD, seat 0 must head: AH -> seat 0 wins 17.  Seat 1 has 30 < 66 after
    trick 3: lost, team 0 scores 6 (with two cards left in each hand)."""
    st = contract("S", "bid 2", "pass", "pass", "pass")
    go(st, "play AS", "play JS", "play JC", "play TS", "play JD", "play QH")
    assert st.points[1] == 30 and st.tricks_played == 2 and not st.is_over
    go(st, "play JH", "play KD")
    assert texts(st.legal_actions()) == plays("AH", "TH", "KH")
    go(st, "play AH")
    assert st.is_over and st.tricks_played == 3
    assert st.result.scores == (6, 0) and st.result.made is False
    assert len(st.hand(1)) == 2


def test_kontraschnapser_the_forehand_leads() -> None:
    """Seat 2 (an opponent of the forehand) bids Kontraschnapser (5), the others pass: seat 0
    sits out, spades stay trump and seat 1 leads.  Trick 1: JH; seat 2 void in hearts must trump
    (JS); seat 3 void, no trumps: QC; JS wins 2 + 2 + 3 = 7.  Trick 2: seat 2 AC; seat 3 follows
    (TC or KC, cannot beat): TC; seat 1 void in clubs must trump: QS wins 24.  Trick 3: seat 1
    AS, seat 2 JD, seat 3 KC: seat 1.  Seat 2 has 7 < 66 after trick 3: lost, team 1 scores 12."""
    st = contract("S", "pass", "bid 5", "pass", "pass")
    assert st.contract is not None and st.contract.name == "kontraschnapser"
    assert (st.declarer, st.sitting_out, st.leader, st.actor) == (2, (0,), 1, 1)
    assert st.trump_suit() == "S"
    go(st, "play JH")
    assert texts(st.legal_actions()) == plays("JS")
    go(st, "play JS", "play QC")
    assert st.points[2] == 7 and st.leader == 2
    go(st, "play AC")
    assert texts(st.legal_actions()) == plays("TC", "KC")
    go(st, "play TC")
    assert texts(st.legal_actions()) == plays("AS", "TS", "KS", "QS")
    go(st, "play QS", "play AS", "play JD", "play KC")
    assert st.is_over and st.tricks_played == 3
    assert st.result.scores == (0, 12) and st.result.made is False


def test_the_plain_game_offers_declare_and_scores_by_the_scale() -> None:
    """All pass, spades trump.  Trick 1: AS JS TD JC -> team 1 has 25 and may declare.  Trick 2:
    seat 1 announces KS-QS (40) leading KS; QD, AD, QH (all void, no trumps) -> 4 + 3 + 11 + 3 =
    21.  Team 1: 25 + 21 + 40 = 86; declares.  Team 0 has no trick: 3 game points."""
    st = contract("S", "pass", "pass", "pass", "pass")
    go(st, "play AS", "play JS", "play TD", "play JC")
    assert "declare" in texts(st.legal_actions())
    go(st, "marry KS", "play QD", "play AD", "play QH")
    go(st, "declare")
    assert st.is_over and st.result.scores == (0, 3) and st.result.winner == 1
