"""A record's headers are checked, and an illegal move is named by its deal and its move.

`rules replay` and `rules analyse` trust a record's `players` header to know whose hands to
hide, and print its `result` header as the outcome: a `players` list that does not fit the
ruleset, or a `result` the moves contradict, is a located error (exit 2), and `human` is a
person's seat in any case.  An illegal move is named as the analysis names decisions, `deal D
move M` counted from 1, with its place in the file -- by both commands alike.

The records are small and written here; every expected line, column and outcome is worked out
by hand in the comments.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import LAST_TRICK, invoke, no_traceback
from interpreter.play.session import resume

KINDS = (
    "human, random, greedy, basic, search, search:easy, search:normal, search:hard, search:iters=N, search:ms=N, "
    "policy:MODULE:NAME, policy:FILE.py:NAME"
)
LIST = "a list of 2 seat kinds, one per seat in seat order, e.g. [human, greedy]"


def write(tmp_path: Path, text: str, name: str = "r.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ----------------------------------------------------------------------------- players
def unfinished(players: str) -> str:
    """A Schnapsen match in its first deal, one move in (seat 0's marriage): line 2 is the header."""
    return (
        "ruleset: schnapsen\n"
        f"players: {players}\n"
        "deals:\n"
        "  - dealer: 1\n"
        "    seed: 1390851128\n"
        "    moves: [marry QS]\n"
    )


# "players: " is 9 characters: the value starts in column 10, the first entry of a flow list in 11
@pytest.mark.parametrize(("players", "where", "message", "expected"), [
    ("[greedy, greedy, human]", "2:10: players", "3 entries for the 2 seats of schnapsen", LIST),
    ("[greedy]", "2:10: players", "1 entry for the 2 seats of schnapsen", LIST),
    ("[]", "2:10: players", "0 entries for the 2 seats of schnapsen", LIST),
    ("human", "2:10: players", "wrong type: got string 'human'", LIST),
    ("[greedy, 3]", "2:19: players[1]", "wrong type: got integer 3", "a seat kind (" + KINDS + ") or a player's name"),  # after "players: [greedy, "
])
def test_a_players_header_that_does_not_fit_the_seats_is_a_located_error(
    tmp_path: Path, players: str, where: str, message: str, expected: str,
) -> None:
    path = write(tmp_path, unfinished(players))
    line = f"{path}:{where}: {message} (expected {expected})\n"
    for command in (["replay", str(path)], ["replay", str(path), "--json"], ["analyse", str(path), "--iters", "5"]):
        out = invoke(command)
        no_traceback(out)
        assert (out.exit_code, out.stdout, out.stderr) == (2, "", line), command


@pytest.mark.parametrize("players", ["[search:hard, policy:no_such_file.py:agent]", "[Greedy, search:iters=50]", "[GREEDY, basic]",
                                     "[Alice, wizard]", "[search:turbo, 'policy:nothing']"])
def test_every_seat_kind_of_rules_run_is_a_players_entry(tmp_path: Path, players: str) -> None:
    # a policy seat is read, never imported: its file need not exist for the record to replay;
    # any other text is a player's name (records of the API and of earlier versions name them freely)
    out = invoke(["replay", str(write(tmp_path, unfinished(players)))])
    assert out.exit_code == 0, out.stderr


@pytest.mark.parametrize("human", ["HUMAN", "Human", "human"])
def test_a_human_seat_in_any_case_hides_the_others_hands(tmp_path: Path, human: str) -> None:
    """Seat 1 is the person and the deal is unfinished: the replay is what seat 1 sees -- its
    own five cards (it has not played yet), not seat 0's hand, nor the stock -- and the
    analysis keeps seat 0's decision (its marriage) to itself."""
    path = write(tmp_path, unfinished(f"[greedy, {human}]"))
    out = invoke(["replay", str(path), "--json"])
    assert out.exit_code == 0, out.stderr
    report = out.json()
    assert report["hidden"]["seen_by"] == 1
    assert report["hands"][0] is None and report["stock"] is None and report["position"] is None
    assert len(report["hands"][1]) == 5
    analysed = invoke(["analyse", str(path), "--iters", "5", "--json"])
    assert analysed.exit_code == 0, analysed.stderr
    assert "seat 1's decisions in it shown" in analysed.stderr
    assert analysed.json()["decisions"] == []  # the one decision, seat 0's, is not seat 1's


def test_a_match_resumes_with_its_human_seat_written_in_capitals(tmp_path: Path) -> None:
    session = resume(write(tmp_path, unfinished("[HUMAN, greedy]")), write=False)
    assert session.kinds == ["human", "greedy"] and session.humans == [0]


# ----------------------------------------------------------------------------- result
# LAST_TRICK (clitools): seat 0 takes the last trick, 1 game point, 6-5 becomes 7-5.
TRUE = "{winner: 0, scores: [7, 5], deals: 1}"


def with_result(result: str, deals: str = LAST_TRICK) -> str:
    return f"ruleset: schnapsen\nplayers: [greedy, greedy]\nresult: {result}\n{deals}"


@pytest.mark.parametrize(("result", "where", "said"), [
    # "result: {winner: " is 17 characters; "result: {winner: 0, scores: " 28; "...[7, 5], deals: " 43
    ("{winner: 1, scores: [7, 5], deals: 1}", "3:18: result.winner", "won by seat 1, 7-5, in 1 deal"),
    ("{winner: null, scores: [7, 5], deals: 1}", "3:18: result.winner", "no winner, 7-5, in 1 deal"),
    ("{winner: 0, scores: [7, 4], deals: 1}", "3:29: result.scores", "won by seat 0, 7-4, in 1 deal"),
    ("{winner: 0, scores: [1, 0], deals: 1}", "3:29: result.scores", "won by seat 0, 1-0, in 1 deal"),
    ("{winner: 0, scores: [7, 5], deals: 2}", "3:44: result.deals", "won by seat 0, 7-5, in 2 deals"),
    ("{winner: 1}", "3:18: result.winner", "won by seat 1"),
])
def test_a_result_header_the_moves_contradict_is_a_located_error(tmp_path: Path, result: str, where: str, said: str) -> None:
    path = write(tmp_path, with_result(result))
    line = (
        f"{path}:{where}: the header says {said}, but the moves give won by seat 0, 7-5, in 1 deal under the ruleset 'schnapsen' "
        f"(expected result: {TRUE}, or the ruleset the match was played under)\n"
    )
    # --log would print the header first, --until stops before the end: the header is checked first all the same
    for extra in ([], ["--json"], ["--log"], ["--until", "1"], ["--until", "1", "--log"]):
        out = invoke(["replay", str(path), *extra])
        no_traceback(out)
        assert (out.exit_code, out.stdout, out.stderr) == (2, "", line), extra
    out = invoke(["analyse", str(path), "--iters", "5"])
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", line)


def test_a_result_header_that_agrees_with_the_moves_is_accepted(tmp_path: Path) -> None:
    out = invoke(["replay", str(write(tmp_path, with_result(TRUE))), "--log"])
    assert out.exit_code == 0, out.stderr
    assert out.stdout.splitlines()[0] == "Schnapsen -- players: 0 greedy, 1 greedy; result: won by seat 0 7-5"


def test_a_match_stopped_before_anybody_won_has_no_winner(tmp_path: Path) -> None:
    """Without start.match_scores the same deal leaves the match at 1-0: nobody has won, as
    after `rules run --deals 1`."""
    deals = LAST_TRICK.replace(", match_scores: [6, 5]", "")
    stopped = write(tmp_path, with_result("{winner: null, scores: [1, 0], deals: 1}", deals))
    assert invoke(["replay", str(stopped)]).exit_code == 0
    claimed = write(tmp_path, with_result("{winner: 0, scores: [1, 0], deals: 1}", deals), "claimed.yaml")
    out = invoke(["replay", str(claimed)])
    assert (out.exit_code, out.stderr) == (2, (
        f"{claimed}:3:18: result.winner: the header says won by seat 0, 1-0, in 1 deal, but the moves give no winner, 1-0, in 1 deal under the ruleset 'schnapsen' "
        "(expected result: {winner: null, scores: [1, 0], deals: 1}, or the ruleset the match was played under)\n"
    ))


def test_a_result_header_over_an_unfinished_deal_is_a_located_error(tmp_path: Path) -> None:
    path = write(tmp_path, with_result(TRUE, LAST_TRICK.replace("[play AS, play JS]", "[play AS]")))
    out = invoke(["replay", str(path)])
    assert (out.exit_code, out.stderr) == (2, (
        f"{path}:3:9: result: the header says won by seat 0, 7-5, in 1 deal, but deal 1 is not finished by its moves "
        "(expected no result header while the match is in play)\n"
    ))


# ----------------------------------------------------------------------------- illegal moves
#: Deal 1 is LAST_TRICK's (two moves); deal 2, dealt by seat 0 (the deal alternates), starts with
#: seat 1 to lead: it leads QS, and seat 0, holding AS and TS, cannot play KS -- deal 2 move 2,
#: the 4th move of the record (index 3).  Line 11 is deal 2's moves; "    moves: [play QS, " is
#: 21 characters, so KS's move starts in column 22.
TWO_DEALS = (
    "ruleset: schnapsen\n"
    "players: [greedy, greedy]\n"
    "deals:\n"
    "  - dealer: 1\n"
    "    start: {leader: 0, card_points: [50, 40], tricks_won: [4, 4], trump: H}\n"
    "    hands: {0: [AS], 1: [JS]}\n"
    "    moves: [play AS, play JS]\n"
    "  - dealer: 0\n"
    "    start: {leader: 1, card_points: [50, 40], tricks_won: [4, 4], trump: H}\n"
    "    hands: {0: [AS, TS], 1: [JS, QS]}\n"
    "    moves: [play QS, play KS]\n"
)


def test_replay_and_analyse_name_an_illegal_move_by_its_deal_and_move_in_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, TWO_DEALS)
    said = f"{path}:11:22: deals[1].moves[1]: deal 2 move 2, 'play KS', is illegal: seat 0 does not hold KS"
    out = invoke(["replay", str(path)])
    assert out.exit_code == 1
    assert out.stdout.splitlines()[:2] == [said, "status: illegal"]
    report = invoke(["replay", str(path), "--json"]).json()
    assert report["illegal"] == {"index": 3, "move": "play KS", "reason": "seat 0 does not hold KS", "deal": 2, "move_number": 2}
    analysed = invoke(["analyse", str(path), "--iters", "5"])
    assert (analysed.exit_code, analysed.stdout, analysed.stderr) == (2, "", f"{said} (rules replay {path} shows the position)\n")


def test_an_illegal_move_of_a_block_list_is_located_on_its_own_line(tmp_path: Path) -> None:
    # the same record, deal 2's moves one to a line: 'play KS' is line 13, after "      - "
    text = TWO_DEALS.replace("    moves: [play QS, play KS]\n", "    moves:\n      - play QS\n      - play KS\n")
    path = write(tmp_path, text)
    out = invoke(["replay", str(path)])
    assert out.stdout.splitlines()[0] == f"{path}:13:9: deals[1].moves[1]: deal 2 move 2, 'play KS', is illegal: seat 0 does not hold KS"


# ----------------------------------------------------------------------------- checked whole
#: Seat 0 may declare before leading the last trick (a start position counts as the moment
#: after a trick), but with 50 card points, under 66: the first `declare` ends the deal, so the
#: second one is a move after the end.  Line 5; "moves: [declare, " is 17 characters.
DECLARED_TWICE = (
    "ruleset: schnapsen\n"
    "dealer: 1\n"
    "start: {leader: 0, card_points: [50, 40], tricks_won: [4, 4], trump: H}\n"
    "hands: {0: [AS], 1: [JS]}\n"
    "moves: [declare, declare]\n"
)
#: TWO_DEALS with a third move in deal 1, after its last trick: line 7, "    moves: [play AS, play JS, "
#: is 30 characters.
MOVE_AFTER_END = TWO_DEALS.replace("moves: [play AS, play JS]", "moves: [play AS, play JS, play AS]")
#: TWO_DEALS with deal 2 dealt by seat 1 again: Schnapsen's deal passes to the other seat, so seat 0
#: deals next.  Line 8; "  - dealer: " is 12 characters.
WRONG_DEALER = TWO_DEALS.replace("  - dealer: 0\n", "  - dealer: 1\n")


@pytest.mark.parametrize(("text", "where", "message"), [
    (DECLARED_TWICE, "5:18: moves[1]", "the deal is already over (expected no moves after the end of the deal)"),
    (MOVE_AFTER_END, "7:31: deals[0].moves[2]", "the deal is already over (expected no moves after the end of the deal)"),
    (WRONG_DEALER, "8:13: deals[1].dealer", "seat 0 deals next, not seat 1 (expected dealer: 0)"),
])
def test_a_record_that_cannot_be_replayed_prints_nothing_whatever_the_options(tmp_path: Path, text: str, where: str, message: str) -> None:
    """The whole record is replayed before a line is printed, with or without a result header:
    --log would otherwise print the deals before the defect, and --until 1 stop before it and
    call the record fine."""
    path = write(tmp_path, text)
    line = f"{path}:{where}: {message}\n"
    for extra in ([], ["--json"], ["--log"], ["--until", "1"], ["--until", "0", "--json"], ["--until", "1", "--log"]):
        out = invoke(["replay", str(path), *extra])
        no_traceback(out)
        assert (out.exit_code, out.stdout, out.stderr) == (2, "", line), extra


# ----------------------------------------------------------------------------- date
DATE_WANTED = "the day the match began, YYYY-MM-DD, e.g. 2026-01-31"


@pytest.mark.parametrize(("date", "message"), [
    ('"2026-13-45"', "'2026-13-45' is not a day of the calendar"),  # no month 13
    ('"2026-02-29"', "'2026-02-29' is not a day of the calendar"),  # 2026 is no leap year
    ('"2026-1-5"', "'2026-1-5' is not written YYYY-MM-DD"),
    ('"\U0001F600"', "'\U0001F600' is not written YYYY-MM-DD"),
    ('"' + "9" * 5000 + '"', "'" + "9" * 37 + "...' is not written YYYY-MM-DD"),  # cut to 40 characters
    ("20260101", "wrong type: got integer 20260101"),
    ("null", "wrong type: got null"),
])
def test_a_date_header_that_is_no_day_is_a_located_error(tmp_path: Path, date: str, message: str) -> None:
    # "date: " is 6 characters: the value starts in column 7 of line 3
    path = write(tmp_path, unfinished("[greedy, greedy]").replace("deals:\n", f"date: {date}\ndeals:\n"))
    for extra in ([], ["--log"]):
        out = invoke(["replay", str(path), *extra])
        no_traceback(out)
        assert (out.exit_code, out.stdout, out.stderr) == (2, "", f"{path}:3:7: date: {message} (expected {DATE_WANTED})\n")


@pytest.mark.parametrize("date", ['"2024-02-29"', "'2026-12-31'", "2026-01-01"])
def test_a_date_header_of_a_real_day_is_accepted(tmp_path: Path, date: str) -> None:
    out = invoke(["replay", str(write(tmp_path, unfinished("[greedy, greedy]").replace("deals:\n", f"date: {date}\ndeals:\n"))), "--log"])
    assert out.exit_code == 0, out.stderr
    assert out.stdout.splitlines()[0] == f"Schnapsen -- players: 0 greedy, 1 greedy; date {date.strip(chr(34) + chr(39))}"
