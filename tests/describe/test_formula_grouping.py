"""Scoring formulas in words keep the formula's grouping, and a plural noun takes a plural verb.

Words have no precedence: ``(if opponent_tricks == 0 then 1 else 0) + 1`` -- 2 game points
against a loser without a trick, else 1 -- once read "1 if the loser has taken no trick,
otherwise 0 plus 1", which says 1 in every case.  The expected sentences are written by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import load_ruleset
from interpreter.text.describe import rulebook


def _book(tmp_path: Path, base: str, scoring: str) -> str:
    path = tmp_path / "formula.yaml"
    path.write_text(f"extends: {base}\nname: formula\nscoring:\n{scoring}", encoding="utf-8")
    return rulebook(load_ruleset(path))


@pytest.mark.parametrize(("formula", "words"), [
    ("(if opponent_tricks == 0 then 1 else 0) + 1", "(1 if the loser has taken no trick, otherwise 0) plus 1"),
    ("1 + (if opponent_tricks == 0 then 1 else 0)", "1 plus (1 if the loser has taken no trick, otherwise 0)"),
    ("2 * (if opponent_points < 33 then 2 else 1)", "2 times (2 if the loser has fewer than 33 points, otherwise 1)"),
    ("(1 + tricks) * 2", "(1 plus the number of tricks the winner has taken) times 2"),
    ("3 - (tricks - 1)", "3 minus (the number of tricks the winner has taken minus 1)"),
    ("3 - tricks - 1", "3 minus the number of tricks the winner has taken minus 1"),  # left to right: no parentheses
    ("1 + 2 * tricks", "1 plus 2 times the number of tricks the winner has taken"),  # a product binds first, as read
    ("(points + 10) // 33", "(the winner's points plus 10) divided by 33, rounded down"),
    ("points // 33 + 1", "(the winner's points divided by 33, rounded down) plus 1"),
])
def test_a_single_formula_keeps_its_grouping_in_words(tmp_path: Path, formula: str, words: str) -> None:
    text = _book(tmp_path, "schnapsen", f"  game_points: '{formula}'\n")
    assert f"the number of game points is {words}." in text
    assert "checked in this order" not in text.split("## Scoring")[1].split("How each way")[0]  # no table of one row


def test_a_chain_of_choices_reads_on_and_a_choice_as_a_first_value_is_grouped(tmp_path: Path) -> None:
    text = _book(tmp_path, "schnapsen", "  game_points: '(if opponent_tricks == 0 then (if points > 90 then 4 else 3) else 1) + 0'\n")
    assert (
        "the number of game points is ((4 if the winner has more than 90 points, otherwise 3) if the loser has "
        "taken no trick, otherwise 1) plus 0."
    ) in text


def test_points_are_compared_with_a_plural_verb(tmp_path: Path) -> None:
    text = _book(tmp_path, "schnapsen", "  game_points: 'if opponent_points < points // 2 then 2 else 1'\n")
    assert "| if the loser's points are less than the winner's points divided by 2, rounded down | 2 |" in text
    text = _book(tmp_path, "schnapsen", "  game_points: 'if points >= opponent_points + 30 then 2 else 1'\n")
    assert "| if the winner's points are at least the loser's points plus 30 | 2 |" in text
    # the number of tricks is one number: a singular verb
    text = _book(tmp_path, "schnapsen", "  game_points: 'if opponent_tricks < tricks then 2 else 1'\n")
    assert "| if the number of tricks the loser has taken is less than the number of tricks the winner has taken | 2 |" in text


def test_a_formula_without_conditions_is_a_sentence_not_a_table_of_one_row(tmp_path: Path) -> None:
    # "the conditions are checked in this order:" above the single row "in every case | 1"
    # announced conditions that are not there
    text = _book(tmp_path, "schnapsen", "  game_points: '1'\n")
    assert "When the deal is won by going out or by a successful close, the number of game points is 1." in text
    assert "| in every case |" not in text
    # where each loser pays by his own position (three-player 66), the same for what a loser pays
    text = _book(tmp_path, "house/three-player-66", "  game_points: '2'\n")
    assert "the number of game points a loser pays is 2." in text
    assert "checked in this order" not in text.split("## Scoring")[1].split("How each way")[0]


def test_whose_position_the_words_name_is_the_side_the_formula_reads(tmp_path: Path) -> None:
    """Schnapsen's formula reads the loser's points and tricks; one reading the winner's own total
    (Bicycle: 2 game points at 100 or more) must not be said to depend on the loser's points."""
    text = _book(tmp_path, "schnapsen", "  game_points: 'if points >= 100 then 2 else 1'\n")
    assert "the number of game points depends on the winner's position;" in text
    # Schnapsen counts marriages in the winner's total; the last trick earns no bonus there
    assert "Here the winner's points are the card points of his tricks plus his marriages that count." in text
    assert "Here the loser's points" not in text  # the formula never reads them
    assert "by the table above, on the winner's points and tricks at that moment" in text
    # Schnapsen's closer is scored on the opponent's position when he closed -- and, by this
    # formula, on his own when he goes out (the engine reads the winner's total as it settles)
    assert ("reckoned on the opponent's points and tricks as they were when the talon was closed, and on his own "
            "as they are when he goes out.") in text
    text = _book(tmp_path, "schnapsen", "  game_points: 'if opponent_tricks == 0 then 3 else if points >= 100 then 2 else 1'\n")
    assert "the number of game points depends on the winner's and the loser's positions;" in text
    assert "on the winner's and the loser's points and tricks at that moment" in text
    text = _book(tmp_path, "schnapsen", "  game_points: 'if opponent_tricks == 0 then 3 else if opponent_points < 33 then 2 else 1'\n")
    assert "the number of game points depends on the loser's position;" in text  # Schnapsen's own
    assert "and on his own as they are when he goes out" not in text
    assert "Here the winner's points" not in text and "Here the loser's points are the card points of his tricks plus his marriages that count" in text


def _conditions(tmp_path: Path, formula: str) -> list[str]:
    """The rows of the game-point table of ``formula``, conditions only."""
    text = _book(tmp_path, "schnapsen", f"  game_points: '{formula}'\n")
    return [line.split(" | ")[0][2:] for line in text.split("## Scoring")[1].splitlines() if line.startswith("| if ")]


T1, P2, O0 = "the winner has taken more than 1 trick", "the winner has more than 2 points", "the loser has taken no trick"


@pytest.mark.parametrize(("condition", "words"), [
    # and binds before or: the two groupings once read alike
    ("(tricks > 1 or points > 2) and opponent_tricks == 0", f"({T1} or {P2}) and {O0}"),
    ("tricks > 1 or points > 2 and opponent_tricks == 0", f"{T1} or ({P2} and {O0})"),
    ("tricks > 1 and points > 2 or opponent_tricks == 0", f"({T1} and {P2}) or {O0}"),
    # not binds before and
    ("not (tricks > 1 and points > 2)", f"it is not the case that ({T1} and {P2})"),
    ("not tricks > 1 and points > 2", f"(it is not the case that {T1}) and {P2}"),
    ("not not tricks > 1", f"it is not the case that it is not the case that {T1}"),
    # a chain of one connective reads flat, however it is grouped: the grouping does not matter
    ("tricks > 1 and (points > 2 and opponent_tricks == 0)", f"{T1} and {P2} and {O0}"),
    # two truth values compared: not "... is ..."
    ("(tricks > 1) == (points > 2)", f"({T1}) and ({P2}) are both true or both false"),
    ("(tricks > 1) != (points > 2 or opponent_tricks == 0)", f"exactly one of ({T1}) and ({P2} or {O0}) is true"),
    # a choice compared: "2 if ..., otherwise 3 is more than ..." would compare only the 3
    ("(if tricks > 1 then 2 else 3) > points", f"(2 if {T1}, otherwise 3) is more than the winner's points"),
    # true and false are worked out, never "if always" or "... and always"
    ("tricks > 1 and true", T1),
    ("tricks > 1 or false", T1),
    ("(tricks > 1) == false", f"it is not the case that {T1}"),
    ("(tricks > 1) != false", T1),
])
def test_a_condition_keeps_its_grouping_in_words(tmp_path: Path, condition: str, words: str) -> None:
    assert _conditions(tmp_path, f"if {condition} then 1 else 2") == [f"if {words}"]


@pytest.mark.parametrize(("formula", "words"), [
    ("if true then 1 else 2", "1"),
    ("if false then 1 else 2", "2"),
    ("if tricks > 1 or true then 1 else 2", "1"),
    ("if not true then 1 else 2", "2"),
])
def test_a_condition_known_in_advance_is_no_row_of_the_table(tmp_path: Path, formula: str, words: str) -> None:
    assert _conditions(tmp_path, formula) == []
    assert f"the number of game points is {words}." in _book(tmp_path, "schnapsen", f"  game_points: '{formula}'\n")


@pytest.mark.parametrize(("formula", "words"), [
    # "the absolute value of", "the larger of" have no end of their own: the argument and the call are grouped
    ("abs(points - 100) // 10", "(the absolute value of (the winner's points minus 100)) divided by 10, rounded down"),
    ("abs(points) // 10", "(the absolute value of the winner's points) divided by 10, rounded down"),
    ("max(points, 3) + 1", "(the larger of the winner's points and 3) plus 1"),
    ("max(points, 3 + 1)", "the larger of the winner's points and (3 plus 1)"),
    ("min(points, tricks, 5)", "the smallest of the winner's points, the number of tricks the winner has taken and 5"),
])
def test_a_call_keeps_its_grouping_in_words(tmp_path: Path, formula: str, words: str) -> None:
    assert f"the number of game points is {words}." in _book(tmp_path, "schnapsen", f"  game_points: '{formula}'\n")
