"""A record's `players` header is checked, and `human` is a person's seat in any case.

`rules replay` and `rules analyse` trust the header to know whose hands to hide: a `players`
list that does not fit the ruleset is a located error (exit 2), and `human` is a person's seat
however it is spelt.

The records are small and written here; every expected line, column and outcome is worked out
by hand in the comments.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import invoke, no_traceback
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
    ("human", "2:10: players", "wrong type: 'human'", LIST),
    ("[greedy, 3]", "2:19: players[1]", "wrong type: 3", "a seat kind: " + KINDS),  # after "players: [greedy, "
    ("[wizard, greedy]", "2:11: players[0]", "unknown seat kind 'wizard'", "a seat kind: " + KINDS),
    ("[search:turbo, greedy]", "2:11: players[0]", "unknown search option 'turbo'", "a seat kind: " + KINDS),
    ("[policy:nothing, greedy]", "2:11: players[0]", "'policy:nothing' does not name a module or file and a policy in it", "a seat kind: " + KINDS),
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


@pytest.mark.parametrize("players", ["[search:hard, policy:no_such_file.py:agent]", "[Greedy, search:iters=50]", "[GREEDY, basic]"])
def test_every_seat_kind_of_rules_run_is_a_players_entry(tmp_path: Path, players: str) -> None:
    # a policy seat is read, never imported: its file need not exist for the record to replay
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
