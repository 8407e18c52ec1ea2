"""Matches counted as players count them: who takes the lost match (the Bummerl) and how many.

Bauernschnapsen (de.wikipedia, two teams, ``match.shutout: retour``): "Das Verliererteam erhält
ein Bummerl. Hat das Verliererteam null Punkte, erhält es einen Schneider, der zwei Bummerl
zählt. Führt ein Team mit 23:0 und verliert, erhält es einen Retourschneider (...), der vier
Bummerl zählt."

Dreierschnapsen (de.wikipedia, three players, also ``match.bummerl: last_place``): "Der
Verlierer erhält ein Bummerl. Hat er null Punkte, erhält er einen Schneider, der zwei Bummerl
zählt. Haben zwei Spieler je 23 Punkte und der dritte null und der dritte gewinnt, erhalten die
beiden ersten einen Retourschneider (...), der vier Bummerl zählt."

The deals are given by their results (what each side adds to its score): the scoring of a deal
is tested elsewhere; here only the match's count of it.  Target 24 in both.
"""

from __future__ import annotations

from interpreter import load_ruleset
from interpreter.engine.match import Match
from interpreter.engine.settle import DealResult
from interpreter.engine.state import DealState
from interpreter.rules.ruleset import Ruleset

BAUERN = load_ruleset("house/bauernschnapsen")
DREIER = load_ruleset("house/dreierschnapsen")


def played(rs: Ruleset, start: list[int], *deals: tuple[int, ...]) -> Match:
    """A match from the scores ``start`` through deals that add ``deals[k]`` to the scores."""
    match = Match(rs, 0, scores=start)
    for scores in deals:
        best = max(scores)
        winner = scores.index(best) if scores.count(best) == 1 else None
        deal = DealState.new(rs, 0, 1)  # a real deal, given the result (a compiled Match takes nothing else)
        deal.result = DealResult(winner, best, scores, "given")
        match.deal = deal
        match.finish_deal()
    return match


def test_bauernschnapsen_one_bummerl_for_a_plain_loss() -> None:
    m = played(BAUERN, [20, 10], (6, 0))  # 26:10
    assert (m.winner, m.bummerl, m.games) == (0, (0, 1), 1)


def test_bauernschnapsen_a_loser_on_nothing_takes_a_schneider() -> None:
    m = played(BAUERN, [0, 20], (0, 6))  # 0:26
    assert (m.winner, m.bummerl, m.games) == (1, (2, 0), 2)


def test_bauernschnapsen_leading_23_to_0_and_losing_is_a_retourschneider() -> None:
    """23:0, then team 1 scores 12 and 12: 23:24, team 1 wins; team 0 led 23:0: four Bummerl."""
    m = played(BAUERN, [20, 0], (3, 0), (0, 12), (0, 12))
    assert m.scores == [23, 24] and m.winner == 1
    assert (m.bummerl, m.games) == ((4, 0), 4)


def test_bauernschnapsen_leading_23_against_points_is_one_bummerl() -> None:
    """23:5 (not against nothing), then 23:29: a plain loss."""
    m = played(BAUERN, [20, 5], (3, 0), (0, 12), (0, 12))
    assert (m.winner, m.bummerl) == (1, (1, 0))


def test_dreierschnapsen_only_the_last_placed_player_takes_the_bummerl() -> None:
    m = played(DREIER, [20, 5, 10], (6, 0, 0))  # 26, 5, 10: seat 1 is last
    assert (m.winner, m.bummerl) == (0, (0, 1, 0))


def test_dreierschnapsen_a_last_placed_player_on_nothing_takes_a_schneider() -> None:
    m = played(DREIER, [18, 0, 10], (6, 0, 0))  # 24, 0, 10
    assert (m.winner, m.bummerl, m.games) == (0, (0, 2, 0), 2)


def test_dreierschnapsen_two_at_23_against_nothing_both_take_the_retourschneider() -> None:
    """20, 20 and 0; a lost contract of 3 scores each defender: 23, 23, 0 (seat 0 has nothing);
    then seat 0 scores 12 and 12: 24, 23, 23 -- seat 0 wins, the first two take four each."""
    m = played(DREIER, [0, 20, 20], (0, 3, 3), (12, 0, 0), (12, 0, 0))
    assert m.scores == [24, 23, 23] and m.winner == 0
    assert (m.bummerl, m.games) == ((0, 4, 4), 4)


def test_dreierschnapsen_a_tie_for_last_place_gives_each_the_bummerl() -> None:
    m = played(DREIER, [20, 5, 5], (6, 0, 0))
    assert m.bummerl == (0, 1, 1)


def test_dreierschnapsen_ends_at_24_with_two_players_level_at_the_top() -> None:
    """DS: "das Spiel endet, sobald ein Spieler 24 Punkte erreicht hat".  18 each; seat 0 loses
    a contract worth 12, which each defender scores: 18, 30, 30 -- the match is over (the first
    of the two level leaders in seat order named), and seat 0, last on 18, takes one Bummerl."""
    m = played(DREIER, [18, 18, 18], (0, 12, 12))
    assert m.scores == [18, 30, 30]
    assert (m.winner, m.bummerl, m.games) == (1, (1, 0, 0), 1)


def test_dreierschnapsen_all_level_at_the_target_each_is_last() -> None:
    """24 each: every player is tied for last place, so each takes the Bummerl."""
    m = played(DREIER, [12, 12, 24], (12, 12, 0))
    assert (m.winner, m.bummerl) == (0, (1, 1, 1))


def test_a_match_counted_for_every_loser_plays_on_when_the_leaders_are_level() -> None:
    """Three-player 66 (``bummerl: every_loser``, target 7): 5, 5, 0 and both defenders score 2:
    7, 7, 0 -- nobody has won yet, another deal is played."""
    m = played(load_ruleset("house/three-player-66"), [5, 5, 0], (2, 2, 0))
    assert m.scores == [7, 7, 0] and m.winner is None and not m.is_over


def test_without_shutouts_every_loser_takes_one() -> None:
    m = played(load_ruleset("schnapsen"), [6, 0], (1, 0))
    assert (m.winner, m.bummerl, m.games) == (0, (0, 1), 1)


def test_a_replay_counts_the_retourschneider_from_the_scores_deal_by_deal() -> None:
    """``rules replay --log`` has only the score after each deal: 23:0, 23:12, 23:24 -- team 0
    stood at 23 against nothing and lost, four Bummerl, as in the match itself."""
    m = Match(BAUERN)
    for scores, winner in (([23, 0], None), ([23, 12], None), ([23, 24], 1)):
        m.replayed(scores, winner)
    assert m.bummerl == (4, 0)
