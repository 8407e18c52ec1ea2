"""Values of a record that reach ``int()`` are checked first: a seat written ``²`` (or in other
non-ASCII digits, which ``str.isdigit()`` accepts and ``int()`` refuses or misreads) is one
located error with exit status 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.core.errors import RecordError
from interpreter.play.record import deal_from_mapping, load_record
from rules_input.bounded import run_bounded

HANDS = "  {seat}: [AH, TH, KH, QH, JH]\n  1: [AS, TS, KS, QS, JS]\n"
POSITION = "ruleset: schnapsen\ndealer: 1\nstart: {{leader: 0, trump: C}}\nhands:\n" + HANDS + "moves: [play AH]\n"


@pytest.mark.parametrize("seat", ["²", "٠", "０", "𝟘", "①", "9" * 500, "-0", "+0", "0x0"])
def test_a_seat_that_is_not_plain_ascii_digits_is_a_located_error(tmp_path: Path, seat: str) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(POSITION.format(seat=f'"{seat}"'), encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    error = caught.value
    assert (error.line, error.column, error.path) == (5, 3, f"hands.{seat}")
    assert error.message == f"there is no seat {seat if len(seat) < 40 else seat[:37] + '...'}"
    assert error.expected == "seats 0 to 1"


def test_plain_seats_still_read(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(POSITION.format(seat="0"), encoding="utf-8")
    assert [str(m) for m in load_record(path).deals[0].moves] == ["play AH"]
    assert load_record(path).deals[0].state.to_act == 0


@pytest.mark.parametrize("seat", ['"0"', "'0'", "!!str 0", '? "0"\n  '])
def test_a_seat_written_as_text_is_refused_as_dealer_text_is(tmp_path: Path, seat: str) -> None:
    """``dealer: "0"`` is refused as a string; so is a seat key written as text, in any of
    YAML's ways of writing it (the key starts on line 5, column 3, after the two spaces; column
    5 after "? ")."""
    path = tmp_path / "r.yaml"
    path.write_text(POSITION.format(seat=seat), encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    error = caught.value
    assert (error.line, error.column, error.path) == (5, 3 + 2 * seat.startswith("?"), "hands.0")
    assert (error.message, error.expected) == ("wrong type: got string '0'", "a seat from 0 to 1, a number without quotes")


def test_a_seat_written_as_text_in_a_flow_mapping_is_located(tmp_path: Path) -> None:
    # "hands: {0: [AH, TH, KH, QH, JH], " is 33 characters: the key "1" starts in column 34
    text = ("ruleset: schnapsen\ndealer: 1\nstart: {leader: 0, trump: C}\n"
            'hands: {0: [AH, TH, KH, QH, JH], "1": [AS, TS, KS, QS, JS]}\nmoves: []\n')
    (tmp_path / "r.yaml").write_text(text, encoding="utf-8")
    result = run_bounded(["replay", "r.yaml"], tmp_path, timeout=60)
    assert result.exit_code == 2
    assert result.stderr == "r.yaml:4:34: hands.1: wrong type: got string '1' (expected a seat from 0 to 1, a number without quotes)\n"


def test_a_position_mapping_with_a_seat_as_text_is_refused() -> None:
    """deal_from_mapping checks a mapping as a record is checked: ``"0"`` is no seat number."""
    position = {"start": {"leader": 0, "trump": "C"}, "hands": {"0": ["AS"], 1: ["JS"]}}
    with pytest.raises(RecordError) as caught:
        deal_from_mapping("schnapsen", position)
    assert (caught.value.path, caught.value.message) == ("hands.0", "wrong type: got string '0'")
    assert deal_from_mapping("schnapsen", {**position, "hands": {0: ["AS"], 1: ["JS"]}}).to_act == 0


def test_the_command_exits_2_with_one_located_line(tmp_path: Path) -> None:
    (tmp_path / "r.yaml").write_text(POSITION.format(seat="²"), encoding="utf-8")
    result = run_bounded(["replay", "r.yaml"], tmp_path, timeout=60)
    assert result.exit_code == 2
    assert result.stderr == "r.yaml:5:3: hands.²: there is no seat ² (expected seats 0 to 1)\n"


def test_a_position_mapping_with_odd_seats_is_a_located_error() -> None:
    for key in ("²", "x", True):
        with pytest.raises(RecordError) as caught:
            deal_from_mapping("schnapsen", {"start": {"leader": 0, "trump": "C"}, "hands": {key: ["AS"], 1: ["JS"]}})
        assert caught.value.message == f"there is no seat {key}"
