"""``start.closed`` of a record is ``true`` or ``false`` and nothing else: a quoted ``"no"``
is a string, which once read as a closed talon (any non-empty string is true in Python), and
a ``closer`` beside an open talon was silently dropped.  Both are one located message and
exit status 2.  Lines and columns are counted by hand in the comments."""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import invoke, no_traceback

#: A Schnapsen position after two tricks.  Line 3: "start: {" is 8 characters, "leader: 0, "
#: 11, "card_points: [15, 12], " 23, "tricks_won: [1, 1], " 20 and "closed: " 8, so the value
#: of closed starts in column 71; after "false, " (7 more) the key closer starts in column 78.
POSITION = (
    "ruleset: schnapsen\n"
    "dealer: 1\n"
    "start: {leader: 0, card_points: [15, 12], tricks_won: [1, 1], closed: CLOSED}\n"
    "hands:\n"
    "  0: [JH, KH, QH, AS, TC]\n"
    "  1: [TH, KS, QS, AD, JD]\n"
    "trump_card: AH\n"
    "stock: [QC, TD, JC, KD, QD]\n"
    "moves: []\n"
)
SEAT = "a seat from 0 to 1"


def replayed(tmp_path: Path, closed: str) -> tuple[int, str]:
    path = tmp_path / "p.yaml"
    path.write_text(POSITION.replace("CLOSED", closed), encoding="utf-8")
    out = invoke(["replay", str(path), "--until", "0"])
    no_traceback(out)
    return out.exit_code, out.stderr.replace(str(path), "p.yaml")


@pytest.mark.parametrize(("closed", "got"), [
    ('"no", closer: 1', "string 'no'"),
    ('"false"', "string 'false'"),
    ('"true", closer: 0', "string 'true'"),
    ("null", "null"),
    ("1, closer: 0", "integer 1"),
])
def test_closed_of_the_wrong_type_is_refused(tmp_path: Path, closed: str, got: str) -> None:
    assert replayed(tmp_path, closed) == (2, f"p.yaml:3:71: start.closed: wrong type: got {got} (expected true or false)\n")


def test_a_closer_beside_an_open_talon_is_read_and_ignored(tmp_path: Path) -> None:
    """The record format's own example of ``start`` gives ``closed: false`` with ``closer: 0``:
    it is read, and names nobody -- the talon stays open (``closer`` null in the report)."""
    path = tmp_path / "p.yaml"
    for closer in ("0", "1"):
        path.write_text(POSITION.replace("CLOSED", f"false, closer: {closer}"), encoding="utf-8")
        out = invoke(["replay", str(path), "--until", "0", "--json"])
        assert out.exit_code == 0, out.stderr
        assert (out.json()["closed"], out.json()["closer"]) == (False, None)


@pytest.mark.parametrize(("closer", "message", "expected"), [
    ("2", "there is no seat 2", SEAT),
    ("-1", "there is no seat -1", SEAT),
    ('"0"', "wrong type: got string '0'", SEAT),
    ("null", "wrong type: got null", SEAT),
])
def test_a_closer_beside_an_open_talon_is_still_a_seat(tmp_path: Path, closer: str, message: str, expected: str) -> None:
    """Ignored, but read: a closer that is no seat is a typo worth a message (its value starts in
    column 86, after "closer: ")."""
    assert replayed(tmp_path, f"false, closer: {closer}") == (2, f"p.yaml:3:86: start.closer: {message} (expected {expected})\n")


def test_false_and_true_with_a_closer_replay(tmp_path: Path) -> None:
    assert replayed(tmp_path, "false") == (0, "")
    assert replayed(tmp_path, "true, closer: 0") == (0, "")


@pytest.mark.parametrize(("word", "meant"), [("yes", "true"), ("on", "true"), ("Y", "true"), ("no", "false"), ("OFF", "false")])
def test_a_yaml_11_boolean_is_answered_with_what_the_key_takes(tmp_path: Path, word: str, meant: str) -> None:
    """``closed: yes`` is refused (YAML 1.1 reads it as a boolean, 1.2 as a string); the key
    takes only true or false, so the message names those -- not "or a quoted string", which
    led to ``"yes"``, refused in turn as a string."""
    assert replayed(tmp_path, f"{word}, closer: 0") == (
        2, f"p.yaml:3:71: start.closed: '{word}' is a YAML 1.1 boolean, which records do not read; write {meant} (expected true or false)\n",
    )


def test_the_same_words_in_a_deal_of_a_match_record(tmp_path: Path) -> None:
    """``start`` of a deal under ``deals:``: line 3 is "  - dealer: 1", line 4 the same
    ``start`` as above indented by four spaces, so the value of closed starts in column 75."""
    path = tmp_path / "m.yaml"
    deal = POSITION.replace("CLOSED", "no").replace("ruleset: schnapsen\n", "").replace("\n", "\n    ").rstrip()
    path.write_text("ruleset: schnapsen\ndeals:\n  - " + deal + "\n", encoding="utf-8")
    out = invoke(["replay", str(path)])
    no_traceback(out)
    assert (out.exit_code, out.stderr.replace(str(path), "m.yaml")) == (
        2, "m.yaml:4:75: deals[0].start.closed: 'no' is a YAML 1.1 boolean, which records do not read; write false (expected true or false)\n",
    )


def test_a_yaml_11_boolean_at_a_text_key_is_still_answered_with_quotes(tmp_path: Path) -> None:
    """``name: no`` -- a key of text, where quoting is the answer: the reader's own words stay."""
    path = tmp_path / "p.yaml"
    path.write_text("name: no\n" + POSITION.replace("CLOSED", "false"), encoding="utf-8")
    out = invoke(["replay", str(path)])
    assert (out.exit_code, out.stderr.replace(str(path), "p.yaml")) == (
        2, "p.yaml:1:7: name: 'no' is a YAML 1.1 boolean; write true or false, or quote it for a string (expected true, false or a quoted string)\n",
    )
