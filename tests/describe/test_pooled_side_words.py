"""Rulebook sentences on points a side pools.

One player against the rest (``players.sides: bidder_vs_rest`` in Dreierschnapsen,
``forehand_vs_rest`` in Burgenland): the engine judges a declaration on the declaring seat's
deal side (``Settling._claimed``), so a defender declares on both defenders' points together,
while the rulebooks said "his card points from tricks plus his marriages that count".
The expected sentences are written by hand from each ruleset's settings (its sides, its
marriages, ``claim.target`` 66 from Schnapsen).
"""

from __future__ import annotations

import random

from interpreter import DealState, load_ruleset
from tests.describe.books import book, section

OLD_COUNT = "his card points from tricks plus his marriages that count"


def test_a_defender_declares_on_both_defenders_points_in_the_engine() -> None:
    """What the words below rest on: in Dreierschnapsen's plain game (everybody passes, the
    forehand alone), a defender whose own points are short of 66 declares correctly when the two
    defenders' together reach it, and both score."""
    rs = load_ruleset("house/dreierschnapsen")
    for seed in range(50):
        st = DealState.new(rs, dealer=2, seed=seed)
        rng = random.Random(seed)
        while not st.is_over:
            acts = st.legal_actions()
            names = [str(a) for a in acts]
            if "pass" in names:  # the auction: nobody bids, the plain game is played
                st.apply(acts[names.index("pass")])
                continue
            seat, defenders = st.turn, st.deal_sides[1]
            if "declare" in names and seat in defenders and st.seat_points(seat) < 66 <= st.side_points(1):
                st.apply(acts[names.index("declare")])
                assert st.result is not None
                declarer = st.deal_sides[0][0]
                scores = st.result.scores
                assert scores[declarer] == 0
                assert all(scores[s] > 0 for s in defenders) and len({scores[s] for s in defenders}) == 1
                return
            st.apply(rng.choice([a for a in acts if str(a) != "declare"]))
    raise AssertionError("no deal in 50 in which a defender short of 66 could declare on the pair's points")


def test_the_lone_player_and_the_defenders_count_as_sides_when_declaring() -> None:
    declaring = section(book("house/dreierschnapsen"), "Declaring")
    assert OLD_COUNT not in declaring
    assert (
        "A player who believes that his side's card points from tricks plus its marriages that count (the lone "
        "player's own, the defenders' together) have reached 66 may declare this (go out)"
    ) in declaring
    assert "The winner of the last trick whose side has then reached 66 is treated as declaring straight after it." in declaring
    assert "If his side has 66 or more, it wins the deal (see Scoring for the game points). If it has fewer" in declaring
    text = book("house/dreierschnapsen")
    assert "A player whose marriage brings his side to 66 may go out at once" in text
    assert "the winner of the last trick is treated as declaring if his side has reached 66 (see Declaring)" in text
    assert ("Here the loser's points are the card points of his tricks plus his marriages that count; a pending "
            "marriage never counts. When the defenders lose, their points and tricks are counted together.") in text


def test_the_forehand_alone_declares_on_his_own_points_and_the_defenders_on_theirs_together() -> None:
    for name in ("house/burgenland", "house/burgenland-contra"):
        declaring = section(book(name), "Declaring")
        assert OLD_COUNT not in declaring, name
        assert (
            "his side's card points from tricks plus its marriages that count (the forehand's own, the defenders' "
            "together) have reached 66"
        ) in declaring, name


def test_two_players_still_declare_on_their_own_points() -> None:
    assert f"A player who believes that {OLD_COUNT} have reached 66" in book("schnapsen")


def test_a_partnership_loses_with_its_tricks_not_his() -> None:
    scoring = section(book("house/bauernschnapsen"), "Scoring")
    assert "the card points of his tricks plus his marriages" not in scoring
    assert ("Here the losing side's points are the card points of its tricks plus its marriages that count; "
            "a pending marriage never counts.") in scoring
