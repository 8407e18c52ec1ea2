"""Declaring, in a game of one player against the rest (``players.sides: forehand_vs_rest``):
a player's opponents may be two defenders, so the rulebook may not speak of "his opponent".
It said "If he has fewer, his opponent wins the deal and scores 2 ..." where the soloist's
wrong declaration gives both defenders 2 each.  The expected sentences are written from the
rules (rules.md, the house rules' pages) and the Scoring section's own words ("when the
defenders win, each of them scores them"); a two-player game keeps "his opponent"."""

from __future__ import annotations

from interpreter import load_ruleset
from interpreter.text.describe import rulebook


def test_one_against_two_speaks_of_the_other_side() -> None:
    book = rulebook(load_ruleset("house/dreierschnapsen"))
    assert "his opponent" not in book
    assert ("If it has fewer, the other side wins the deal and scores 2 game points, or 3 if that side has not "
            "yet taken a trick; when that side is the defenders, each of them scores them.") in book
    assert "if a player of the other side declares correctly first, that side wins the deal, whatever the totals." in book
    assert "when the defenders win, each of them scores them" in book


def test_two_players_keep_his_opponent() -> None:
    book = rulebook(load_ruleset("schnapsen"))
    assert "If he has fewer, his opponent wins the deal and scores 2 game points" in book
    assert "the other side" not in book
