"""Rulebook sentences on doubling without an auction, a wrong declaration against two
defenders, a match played for the last place, and the formulas printed for rule authors.

The expected sentences are written by hand from each ruleset's settings:
``bidding.enabled`` false with ``bidding.doubling`` (``redouble`` false) in burgenland-contra,
doubling multiplying every score of the deal (``Settling._with_doubling``);
``claim.false_points`` 2, or 3 without a trick, from Schnapsen, scored by each player of the
other side; ``match.bummerl: last_place`` and ``match.shutout: retour`` in Dreierschnapsen,
where the winner named among level top scores matters only for a Retourschneider
(``Match.bummerl``); ``scoring.unit`` 33 in the North American game.
"""

from __future__ import annotations

from pathlib import Path

from interpreter import load_ruleset
from interpreter.text.describe import rulebook
from tests.describe.books import book, section


def test_doubling_without_bids_is_not_denied_an_auction_and_is_scored() -> None:
    text = book("house/burgenland-contra")
    auction = section(text, "Auction")
    assert "There is no auction." not in auction
    assert auction.startswith("\nThere is no bidding; the only calls are doubling.\n\nBefore the first lead, each opponent")
    scoring = section(text, "Scoring")
    assert "A doubled deal (see Auction) counts twice: every score in the table above is doubled." in scoring
    assert "four times" not in scoring  # no redoubling here
    # Burgenland itself has no doubling: its Auction is still denied, and Scoring says nothing of it
    plain = book("house/burgenland")
    assert "## Auction\n\nThere is no auction.\n\n## " in plain
    assert "doubled" not in section(plain, "Scoring")


def test_a_redoubled_deal_counts_four_times(tmp_path: Path) -> None:
    path = tmp_path / "redouble.yaml"
    path.write_text("extends: house/burgenland-contra\nname: redouble\nbidding:\n  doubling: {redouble: true}\n", encoding="utf-8")
    scoring = section(rulebook(load_ruleset(path)), "Scoring")
    assert ("A doubled deal (see Auction) counts twice: every score in the table above is doubled, and a "
            "redoubled deal counts four times.") in scoring


def test_a_wrong_declaration_against_two_defenders_scores_each() -> None:
    for name in ("house/burgenland-contra", "house/dreierschnapsen"):
        scoring = section(book(name), "Scoring")
        assert "| wrong declaration | the declarer's opponent |" not in scoring, name
        assert ("| wrong declaration | the other side (each of its players) | 2, or 3 if the other side has not yet "
                "taken a trick |") in scoring, name
    assert "| wrong declaration | the declarer's opponent | 2, or 3 if" in book("schnapsen")


def test_a_match_for_the_last_place_explains_its_level_top_scores() -> None:
    match = section(book("house/dreierschnapsen"), "Match")
    assert "it is played for the last place" not in match
    assert ("if the highest scores are level, the match ends all the same, since it is played to find who comes "
            "last and takes the Bummerl: the first of them in seat order is named the winner, which matters only "
            "for a Retourschneider (below).") in match


def test_formulas_are_introduced_as_the_rulesets_notation() -> None:
    scoring = section(book("schnapsen"), "Scoring")
    assert "As a formula:" not in scoring
    assert ("In the ruleset's own notation, for rule authors: "
            "`if opponent_tricks == 0 then 3 else if opponent_points < 33 then 2 else 1`.") in scoring
    scoring = section(book("north-american-2"), "Scoring")
    assert "As formulas" not in scoring
    # no formula reads tricks, and the defenders' formula does not read the bid
    assert ("In the ruleset's own notation, for rule authors (points = the total, bid = the bid, unit = 33): "
            "made `points // unit`, set `-bid`, defenders `points // unit`, moon made `bid` and moon set `-bid`.") in scoring
