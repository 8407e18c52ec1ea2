"""A record's value of the wrong kind is named as the ruleset loader names one.

`got null`, `got boolean true`, `got string '12'`, `got a mapping`, `got number inf` -- the
words of the YAML file's author, never Python's (`None`, `True`, `{'a': 1}`), and a long
string cut to 40 characters, so that the message stays one short line.  The records are written
here; every line, column and message is worked out by hand in the comments.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import invoke, no_traceback

#: A Schnapsen match in its first deal.  Line 2 is `players`, whose value starts in column 10
#: ("players: " is 9 characters), its second entry in column 19 ("players: [greedy, ").  Line
#: 4's dealer value starts in column 13 ("  - dealer: "), line 5's seed in column 11
#: ("    seed: "), line 6's first move in column 13 ("    moves: [").
MATCH = (
    "ruleset: schnapsen\n"
    "players: [greedy, greedy]\n"
    "deals:\n"
    "  - dealer: 1\n"
    "    seed: 1390851128\n"
    "    moves: [marry QS]\n"
)
LIST = "a list of 2 seat kinds, one per seat in seat order, e.g. [human, greedy]"
KINDS = (
    "human, random, greedy, basic, search, search:easy, search:normal, search:hard, search:iters=N, search:ms=N, "
    "policy:MODULE:NAME, policy:FILE.py:NAME"
)
SEED = "a whole number from 0 to 9223372036854775807"  # 2**63 - 1
SEAT = "a seat from 0 to 1"
ACTIONS = (
    "one of: play XY, marry XY, exchange, close, close before-draw, declare, bid N, pass, trump S, discard XY, "
    "double, redouble"
)
CARD = "rank A T K Q J 9 8 7 (or 10) followed by suit C D H S, e.g. TH"
LONG = "X" * 5000


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new", "where", "message", "expected"), [
    ("dealer: 1", "dealer: null", "4:13: deals[0].dealer", "got null", SEAT),
    ("dealer: 1", "dealer: {a: 1}", "4:13: deals[0].dealer", "got a mapping", SEAT),
    ("dealer: 1", "dealer: 'str'", "4:13: deals[0].dealer", "got string 'str'", SEAT),
    ("seed: 1390851128", "seed: true", "5:11: deals[0].seed", "got boolean true", SEED),
    ("seed: 1390851128", "seed: '12'", "5:11: deals[0].seed", "got string '12'", SEED),
    ("seed: 1390851128", "seed: [1]", "5:11: deals[0].seed", "got a list", SEED),
    # 5,000 characters: the first 37 and "...", 40 in all
    ("seed: 1390851128", f"seed: {LONG}", "5:11: deals[0].seed", "got string '" + "X" * 37 + "...'", SEED),
    ("players: [greedy, greedy]", "players: .inf", "2:10: players", "got number inf", LIST),
    ("players: [greedy, greedy]", "players: null", "2:10: players", "got null", LIST),
    ("players: [greedy, greedy]", "players: [greedy, null]", "2:19: players[1]", "got null", f"a seat kind ({KINDS}) or a player's name"),
    ("moves: [marry QS]", "moves: [{a: 1}]", "6:13: deals[0].moves[0]", "got a mapping", ACTIONS),
    ("moves: [marry QS]", "moves: [null]", "6:13: deals[0].moves[0]", "got null", ACTIONS),
])
def test_a_value_of_the_wrong_kind_is_named_in_the_files_words(
    tmp_path: Path, old: str, new: str, where: str, message: str, expected: str,
) -> None:
    path = write(tmp_path, MATCH.replace(old, new))
    out = invoke(["replay", str(path)])
    no_traceback(out)
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", f"{path}:{where}: wrong type: {message} (expected {expected})\n")


#: A one-deal record from a position.  Line 3's start mapping: "start: {leader: 0, card_points: [50, 40],
#: tricks_won: [4, 4], trump: " is 69 characters, so the trump value is in column 70.
POSITION = (
    "ruleset: schnapsen\n"
    "dealer: 1\n"
    "start: {leader: 0, card_points: [50, 40], tricks_won: [4, 4], trump: H}\n"
    "hands: {0: [AS], 1: [JS]}\n"
    "moves: []\n"
)


@pytest.mark.parametrize(("old", "new", "line"), [
    # "hands: {0: [" is 12 characters
    ("{0: [AS]", "{0: [{a: 1}]", "4:13: hands.0[0]: wrong type: got a mapping (expected " + CARD + ")"),
    ("{0: [AS]", "{0: [true]", "4:13: hands.0[0]: wrong type: got boolean true (expected " + CARD + ")"),
    ("trump: H}", "trump: [H]}", "3:70: start.trump: a list is not a suit (expected one of: C, D, H, S)"),
    ("trump: H}", "trump: {a: 1}}", "3:70: start.trump: a mapping is not a suit (expected one of: C, D, H, S)"),
])
def test_a_card_or_a_suit_of_the_wrong_kind_is_not_quoted_as_python_prints_it(tmp_path: Path, old: str, new: str, line: str) -> None:
    path = write(tmp_path, POSITION.replace(old, new))
    out = invoke(["replay", str(path)])
    no_traceback(out)
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", f"{path}:{line}\n")


def test_a_turn_up_of_the_wrong_kind_is_named(tmp_path: Path) -> None:
    # "trump_card: " is 12 characters: the value starts in column 13 of line 6
    text = (
        "ruleset: schnapsen\n"
        "dealer: 1\n"
        "hands:\n"
        "  0: [JH, KH, QH, AS, TC]\n"
        "  1: [TH, KS, QS, AD, JD]\n"
        "trump_card: {a: 1}\n"
        "stock: [QC, TD, JC, KD, QD, AC, 9D, KC, JS]\n"
    )
    path = write(tmp_path, text)
    out = invoke(["replay", str(path)])
    assert (out.exit_code, out.stderr) == (2, f"{path}:6:13: trump_card: wrong type: got a mapping (expected {CARD})\n")


# ----------------------------------------------------------------------------- play --resume
RESUME = "a record written by rules play or rules run with a human seat"


def test_resuming_a_record_without_a_person_points_at_its_players_header(tmp_path: Path) -> None:
    """Not `(players: ['greedy', 'greedy'])` after the file's name: the header's place, and why."""
    path = write(tmp_path, MATCH)
    out = invoke(["play", "--resume", str(path)])
    no_traceback(out)
    assert (out.exit_code, out.stderr) == (
        2, f"{path}:2:10: players: not the record of a match with a person at the table: no seat is human (expected {RESUME})\n",
    )


def test_resuming_a_record_without_players_says_the_header_is_missing(tmp_path: Path) -> None:
    """Not `(players: None)`: the record's first line, and the header it lacks."""
    path = write(tmp_path, MATCH.replace("players: [greedy, greedy]\n", ""))
    out = invoke(["play", "--resume", str(path)])
    no_traceback(out)
    assert (out.exit_code, out.stderr) == (
        2, f"{path}:1:1: not the record of a match with a person at the table: it has no 'players' header (expected {RESUME})\n",
    )


# ----------------------------------------------------------------------------- what is expected
def test_a_deal_key_at_the_top_of_a_match_record_says_where_it_goes(tmp_path: Path) -> None:
    # line 2 is the misplaced key itself (column 1)
    path = write(tmp_path, "ruleset: schnapsen\ndealer: 1\ndeals:\n  - seed: 1\n")
    out = invoke(["replay", str(path)])
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", (
        f"{path}:2:1: dealer: 'dealer' belongs inside each entry of 'deals' "
        "(expected dealer in an entry of deals; at the top only name, description, ruleset, seed, deals, players, date, result)\n"
    ))


def test_a_turn_up_in_a_game_without_one_says_where_trump_comes_from(tmp_path: Path) -> None:
    """North American Sixty-Six for two: the first card led makes trump, and no card is turned."""
    text = (
        "ruleset: north-american-2\n"
        "dealer: 1\n"
        "hands:\n"
        "  0: [JH, KH, QH, AS, TC, 9C]\n"
        "  1: [TH, KS, QS, AD, JD, 9D]\n"
        "trump_card: AH\n"
        "stock: []\n"
    )
    path = write(tmp_path, text)
    out = invoke(["replay", str(path)])
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", (
        f"{path}:6:1: trump_card: the north-american-2 ruleset has no turn-up card "
        "(expected no trump_card: the suit of the first card led is trump)\n"
    ))


@pytest.mark.parametrize(("text", "line"), [
    # line 2, the key seed (column 1)
    ("ruleset: schnapsen\nseed: 3\nhands: {0: [AS], 1: [JS]}\n",
     "2:1: seed: give either 'seed' or 'hands', not both (expected seed for a deal dealt from it, or hands, trump_card and stock for a position)"),
    # seat 0 holds two cards and seat 1 one; "hands: " is 7 characters
    ("ruleset: schnapsen\ndealer: 1\nstart: {leader: 0, card_points: [50, 40], tricks_won: [3, 4], trump: H}\nhands: {0: [AS, TS], 1: [JS]}\n",
     "4:8: hands: at the start of a trick every hand holds the same number of cards (expected as many cards in every hand; seat by seat they hold 2, 1)"),
    # no stock and nothing turned up: the talon is used up; "start: {... trump: H, closed: " is 80 characters
    ("ruleset: schnapsen\ndealer: 1\nstart: {leader: 0, card_points: [50, 40], tricks_won: [4, 4], trump: H, closed: true, closer: 0}\nhands: {0: [AS], 1: [JS]}\n",
     "3:81: start.closed: an exhausted talon cannot be closed (expected closed: false, or cards in stock)"),
])
def test_a_position_that_cannot_be_says_what_is_expected(tmp_path: Path, text: str, line: str) -> None:
    path = write(tmp_path, text)
    out = invoke(["replay", str(path)])
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", f"{path}:{line}\n")


def test_a_move_not_read_is_told_with_the_ranks_of_the_records_pack(tmp_path: Path) -> None:
    """Dreierschnapsen's pack is Schnapsen's 20 cards (ranks A T K Q J): the hint names no 9, 8
    or 7, as the card room's does (the notation alone knows all eight ranks)."""
    path = tmp_path / "r.yaml"
    path.write_text("ruleset: house/dreierschnapsen\ndeals:\n  - dealer: 0\n    seed: 5\n    moves: [discard XX]\n", encoding="utf-8")
    out = invoke(["replay", str(path)])
    no_traceback(out)
    assert out.exit_code == 2
    # line 5, the move at column 13 ("    moves: [")
    assert out.stderr.splitlines() == [
        f"{path}:5:13: deals[0].moves[0]: cannot read action 'discard XX' "
        "(expected 'discard' and a card: rank A T K Q J (or 10) followed by suit C D H S, e.g. discard AC)"
    ]
