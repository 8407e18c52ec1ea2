"""wikibooks' duties of play in Bauernschnapsen (rulesets/house/bauernschnapsen-wikibooks.yaml).

de.wikibooks, "Kartenspiele: Bauernschnapsen: Allgemeine Regeln":

* Farbzwang: "Falls man eine Karte in der Farbe der als ersten gespielten Karte einer Runde in
  seinem Blatt hat, so hat man diese Karte zu benutzen." -- follow suit, any card of it;
* Trumpfzwang: "Kann in der ausgespielten Farbe nicht bedient werden, muss Trumpf nur dann
  ausgespielt werden, wenn es den Stich bedeutet." -- a void player trumps only to win;
* Stichzwang, only in the Schnapser, Bauernschnapser and Gang: "Hat ein Spieler nun die
  Möglichkeit, einen Stich - auch gegen seinen eigenen Mitspieler - zu machen, so muss er
  diesen machen."

The deal, worked by hand (dealer 0: seat 1 is the forehand and names spades; no talon, so play
is strict from the first card):

    seat 1: QH AS TS AD AC      seat 2: AH JH TH KH TD
    seat 3: KS JS TC KC QC      seat 0: QS KD QD JD JC

Seat 1 leads QH.  Seat 2 holds four hearts; seat 3 and seat 0 hold none, seat 3 the trumps KS
and JS, seat 0 the trump QS.  Rank A T K Q J: KS > QS > JS.
"""

from __future__ import annotations

import pytest

from interpreter import DealState, load_ruleset, parse_action
from interpreter.core.errors import IllegalActionError
from interpreter.play.record import deal_from_mapping

WIKIBOOKS = load_ruleset("house/bauernschnapsen-wikibooks")
BASE = load_ruleset("house/bauernschnapsen")

HANDS = {
    1: "QH AS TS AD AC",
    2: "AH JH TH KH TD",
    3: "KS JS TC KC QC",
    0: "QS KD QD JD JC",
}


def plays(st: DealState) -> set[str]:
    return {str(a)[5:] for a in st.legal_actions() if str(a).startswith("play ")}


def after(rs, *moves: str) -> DealState:  # type: ignore[no-untyped-def]
    st = deal_from_mapping(rs, {"dealer": 0, "hands": {s: h.split() for s, h in HANDS.items()}})
    for move in ("trump S", *moves):
        st.apply(parse_action(move))
    return st


NORMAL_GAME = ("pass", "pass", "pass", "pass")  # all pass: the normal game, seat 1 leads


def test_follow_suit_without_heading_the_trick() -> None:
    """QH led: seat 2 may play any of his hearts, JH too (wikibooks); the base ruleset's
    beat_winner would allow only the hearts above the queen (AH, TH, KH)."""
    st = after(WIKIBOOKS, *NORMAL_GAME, "play QH")
    assert st.actor == 2
    assert plays(st) == {"AH", "JH", "TH", "KH"}
    assert plays(after(BASE, *NORMAL_GAME, "play QH")) == {"AH", "TH", "KH"}


def test_a_void_player_must_trump_a_trick_that_holds_no_trump() -> None:
    """QH, JH: no trump in the trick, so any trump of seat 3's wins it: he must play KS or JS."""
    st = after(WIKIBOOKS, *NORMAL_GAME, "play QH", "play JH")
    assert plays(st) == {"KS", "JS"}


def test_a_trump_that_cannot_win_need_not_be_played() -> None:
    """QH, JH, KS: seat 0's only trump, QS, is below the king: it would not win, so he may play
    any card.  The base ruleset (undertrump required) makes him play the QS (there seat 2 must
    head the queen: KH)."""
    st = after(WIKIBOOKS, *NORMAL_GAME, "play QH", "play JH", "play KS")
    assert plays(st) == {"QS", "KD", "QD", "JD", "JC"}
    assert plays(after(BASE, *NORMAL_GAME, "play QH", "play KH", "play KS")) == {"QS"}


def test_a_trump_that_wins_must_be_played() -> None:
    """QH, JH, JS: seat 0's QS beats the jack, so it wins the trick and he must play it."""
    st = after(WIKIBOOKS, *NORMAL_GAME, "play QH", "play JH", "play JS")
    assert plays(st) == {"QS"}
    with pytest.raises(IllegalActionError) as refused:
        st.apply(parse_action("play KD"))
    assert refused.value.rule == "play.trump_when_void"


def test_the_schnapser_adds_the_stichzwang() -> None:
    """Seat 1 announces the Schnapser (bid 2), the others pass; his partner, seat 3, sits out.
    QH led: seat 2 must win the trick if he can -- AH, TH or KH, not JH -- and is told why."""
    st = after(WIKIBOOKS, "bid 2", "pass", "pass", "pass", "play QH")
    assert st.contract is not None and st.contract.name == "schnapser" and st.sitting_out == (3,)
    assert plays(st) == {"AH", "TH", "KH"}
    with pytest.raises(IllegalActionError) as refused:
        st.apply(parse_action("play JH"))
    assert refused.value.rule == "play.head"
    st.apply(parse_action("play AH"))
    assert st.actor == 0 and plays(st) == {"QS"}  # void: his trump wins the trick, so he must trump


def test_the_bettler_keeps_the_normal_duties() -> None:
    """The Bettler is not among the contracts with a Stichzwang: after QH seat 2 may play JH."""
    st = after(WIKIBOOKS, "bid 1", "pass", "pass", "pass", "play QH")
    assert st.contract is not None and st.contract.name == "bettler"
    assert plays(st) == {"AH", "JH", "TH", "KH"}
