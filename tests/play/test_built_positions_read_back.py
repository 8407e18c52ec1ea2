"""build_position and parse_position agree: a position built is one a position string of it
reads back, and a talon no play can leave is refused by both.

The probe built a Schnapsen position with five cards a hand, a stock of five and the
turn-up -- four of the talon's ten cards gone -- and no trick played.  build_position took
it; position_string wrote it; parse_position refused the string ("the talon has gone down by
4 of its 10 cards ... but 0 tricks were played").  Every trick is followed by one draw per
seat while the talon is open (docs/rules), so the position is not reachable: build_position
refuses it now too.
"""

from __future__ import annotations

import pytest

from interpreter import load_ruleset
from interpreter.core.errors import RecordError
from interpreter.engine.build import build_position
from interpreter.play.posstring import parse_position, position_string

RS = load_ruleset("schnapsen")
HANDS = ["KH QH AS TC JD", "TH KS QS AD JS"]


def test_a_talon_gone_down_with_no_trick_played_is_refused() -> None:
    # 20 cards: 10 in the hands, 5 in the stock, the turn-up: 4 gone, which two seats drawing
    # one card each after a trick leave after 2 tricks, not 0
    with pytest.raises(RecordError) as info:
        build_position(RS, dealer=1, hands=HANDS, stock="QC TD JC KD QD", turnup="AH")
    assert info.value.path == "tricks"
    assert info.value.message == "the talon has gone down by 4 of its 10 cards: the draws of 2 tricks, but 0 tricks were played"


def test_the_same_position_with_its_two_tricks_reads_back_from_its_string() -> None:
    built = build_position(RS, dealer=1, hands=HANDS, stock="QC TD JC KD QD", turnup="AH", tricks=[1, 1], points=[15, 12], leader=0)
    back = parse_position(RS, position_string(built))
    assert back.hands == built.hands and back.tricks == [1, 1] and back.points == [15, 12]
    assert position_string(back) == position_string(built)


def test_tricks_taken_as_given_when_asked() -> None:
    # a what-if position (a record's start is read so): the tricks as given
    st = build_position(RS, dealer=1, hands=HANDS, stock="QC TD JC KD QD", turnup="AH", drawn_out=False)
    assert st.tricks_played == 0
