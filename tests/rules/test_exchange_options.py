"""The exchange options of reference A11, on deals written out by hand.

* ``exchange.on_opponent_close`` (pagat's 66): the opponent of a player who closes may exchange
  at that moment, even without a trick won; he is asked, and may decline (``continue``).  He is
  asked whether or not he holds the exchange card, so nobody else learns from the question who
  holds it (with two opponents, each in turn from the closer's left).
* ``exchange.timing: before_lead_or_follow`` (Britannica): a follower may exchange on his turn
  before he plays to the trick.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from interpreter import Continue, Ruleset, load_ruleset, parse_action
from interpreter import load_record, replay
from interpreter.play.record import deal_from_mapping, illegal_move_error

# Sechsundsechzig, hearts trump (turn-up AH): seat 0 leads (dealer 1) and holds no heart;
# seat 1 holds the nine of hearts, the exchange card.  6 + 6 + 1 + 11 = 24 cards.
SIXTY_SIX = {
    "dealer": 1,
    "hands": {0: "AC TC KC QC JC 9C".split(), 1: "AD TD KD QD JD 9H".split()},
    "trump_card": "AH",
    "stock": "TH KH QH JH AS TS KS QS JS 9S 9D".split(),
}
# The same deal with the nine of hearts at the bottom of the stock and seat 1's 9D in its place:
# seat 0's hand, the turn-up and every public fact are the same; only seat 1 cannot exchange.
SIXTY_SIX_NO_NINE = {
    **SIXTY_SIX,
    "hands": {0: SIXTY_SIX["hands"][0], 1: "AD TD KD QD JD 9D".split()},
    "stock": "TH KH QH JH AS TS KS QS JS 9S 9H".split(),
}
# Partnership 66 with a talon (tests/fixtures/rulesets/exchange-on-close-partners.yaml), hearts
# trump (turn-up AH), dealer 3: seat 0 leads; seats 0 & 2 play against 1 & 3.  In PARTNERS seat 3
# holds the nine of hearts, in PARTNERS_SWAPPED seat 1 does (its JD in seat 3's hand instead);
# seats 0 and 2 hold the same cards in both.  5 * 4 + 1 + 3 = 24 cards.
PARTNERS = {
    "dealer": 3,
    "hands": {0: "AC TC KC QC JC".split(), 1: "AD TD KD QD JD".split(), 2: "9C 9D AS TS KS".split(), 3: "QS JS 9S 9H KH".split()},
    "trump_card": "AH",
    "stock": "TH QH JH".split(),
}
PARTNERS_SWAPPED = {
    **PARTNERS,
    "hands": {**PARTNERS["hands"], 1: "AD TD KD QD 9H".split(), 3: "QS JS 9S JD KH".split()},
}
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "rulesets"
# Schnapsen, hearts trump (turn-up AH): seat 1 holds the jack of hearts.  5 + 5 + 1 + 9 = 20.
SCHNAPSEN = {
    "dealer": 1,
    "hands": {0: "AC TC KC QC JC".split(), 1: "AD TD KD QD JH".split()},
    "trump_card": "AH",
    "stock": "TH KH QH AS TS KS QS JS JD".split(),
}


def house(tmp_path: Path, base: str, exchange: str) -> Ruleset:
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {base}\nname: house\nexchange: {exchange}\n", encoding="utf-8")
    return load_ruleset(path)


def texts(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def test_the_closers_opponent_is_asked_and_exchanges_without_a_trick(tmp_path: Path) -> None:
    """Seat 0 closes before any trick; seat 1, who has won no trick, is asked at once: exchange
    (his 9H for the turn-up AH) or continue.  Exchanging gives him AH; seat 0 then leads."""
    st = deal_from_mapping(house(tmp_path, "sechsundsechzig", "{on_opponent_close: true}"), SIXTY_SIX)
    st.apply(parse_action("close"))
    assert st.actor == 1 and texts(st) == {"continue", "exchange"}
    st.apply(parse_action("exchange"))
    assert "AH" in str(st.hand(1)) and "9H" not in str(st.hand(1)) and str(st.turn_up_card()) == "9H"
    assert st.actor == 0 and "play AC" in texts(st)


def test_the_opponent_may_keep_his_card(tmp_path: Path) -> None:
    """Declining: the hands stay as dealt and the closer leads."""
    st = deal_from_mapping(house(tmp_path, "sechsundsechzig", "{on_opponent_close: true}"), SIXTY_SIX)
    st.apply(parse_action("close"))
    st.apply(Continue())
    assert "9H" in str(st.hand(1)) and st.actor == 0


def test_the_opponent_is_asked_even_without_the_exchange_card(tmp_path: Path) -> None:
    """Seat 1 holds no nine of hearts: he is asked all the same, and declining is all he may do
    (the exchange is refused, naming the card he lacks); the closer then leads."""
    st = deal_from_mapping(house(tmp_path, "sechsundsechzig", "{on_opponent_close: true}"), SIXTY_SIX_NO_NINE)
    st.apply(parse_action("close"))
    assert st.actor == 1 and st.offer == 1 and texts(st) == {"continue"}
    refused = st.refusal(st.rs.code(parse_action("exchange")))
    assert refused is not None and refused.rule == "exchange.rank"
    assert refused.words(st) == "seat 1 does not hold the exchange card 9H"
    st.apply(Continue())
    assert st.actor == 0 and st.offer == -1 and "play AC" in texts(st)


def test_the_closers_view_does_not_tell_who_holds_the_exchange_card(tmp_path: Path) -> None:
    """What the closer sees -- every public field, who is to act, the history, his own hand and
    moves -- is the same whether his opponent holds the nine of trumps or it lies in the stock:
    right after the close (seat 1 is asked either way) and after seat 1 declines (seat 0 leads,
    the history holding only the close: a decline is no move of the record)."""
    rs = house(tmp_path, "sechsundsechzig", "{on_opponent_close: true}")
    holds, lacks = deal_from_mapping(rs, SIXTY_SIX), deal_from_mapping(rs, SIXTY_SIX_NO_NINE)
    for st in (holds, lacks):
        st.apply(parse_action("close"))
    seen_holds, seen_lacks = holds.view(0), lacks.view(0)
    assert seen_holds.actor == seen_lacks.actor == 1 and seen_holds.public.offer == seen_lacks.public.offer == 1
    assert seen_holds.public == seen_lacks.public and seen_holds == seen_lacks
    for st in (holds, lacks):
        st.apply(Continue())
    seen_holds, seen_lacks = holds.view(0), lacks.view(0)
    assert seen_holds.actor == 0 and [str(a) for _, a in seen_holds.history] == ["close"]
    assert seen_holds.public == seen_lacks.public and seen_holds == seen_lacks


def test_both_opponents_are_asked_in_turn_and_the_partner_never() -> None:
    """Partnership deal: seat 0 closes; seat 1 (no nine) is asked first and can only decline,
    then seat 3, who holds 9H and exchanges it for AH; seat 2, the closer's partner, is never
    asked, and seat 0 leads."""
    st = deal_from_mapping(load_ruleset(FIXTURES / "exchange-on-close-partners.yaml"), PARTNERS)
    st.apply(parse_action("close"))
    assert st.actor == 1 and texts(st) == {"continue"}
    st.apply(Continue())
    assert st.actor == 3 and texts(st) == {"continue", "exchange"}
    st.apply(parse_action("exchange"))
    assert set(str(st.hand(3)).split()) == {"QS", "JS", "9S", "KH", "AH"} and str(st.turn_up_card()) == "9H"
    assert st.actor == 0 and st.offer == -1 and "play AC" in texts(st)


def test_the_partners_views_are_the_same_whichever_opponent_holds_the_card() -> None:
    """Seat 3 holds 9H in one deal, seat 1 in the other; both opponents decline.  At each step --
    after the close, after the first and after the second decline -- the closer (seat 0) and his
    partner (seat 2) see exactly the same: seat 1 asked, then seat 3, then seat 0 to lead."""
    rs = load_ruleset(FIXTURES / "exchange-on-close-partners.yaml")
    three, one = deal_from_mapping(rs, PARTNERS), deal_from_mapping(rs, PARTNERS_SWAPPED)
    for step, actor in ((parse_action("close"), 1), (Continue(), 3), (Continue(), 0)):
        for st in (three, one):
            st.apply(step)
        for seat in (0, 2):
            assert three.view(seat).actor == actor
            assert three.view(seat) == one.view(seat)


def test_without_the_option_nobody_is_asked(tmp_path: Path) -> None:
    """Plain Sechsundsechzig: after the close the closer leads at once."""
    st = deal_from_mapping(load_ruleset("sechsundsechzig"), SIXTY_SIX)
    st.apply(parse_action("close"))
    assert st.actor == 0 and "exchange" not in texts(st)


def test_a_follower_may_exchange_before_he_plays(tmp_path: Path) -> None:
    """Schnapsen with before_lead_or_follow: seat 0 leads AC; seat 1 may exchange his JH for the
    turn-up AH before following, and is still to play, now holding AH."""
    st = deal_from_mapping(house(tmp_path, "schnapsen", "{timing: before_lead_or_follow}"), SCHNAPSEN)
    st.apply(parse_action("play AC"))
    assert st.actor == 1 and "exchange" in texts(st)
    st.apply(parse_action("exchange"))
    assert str(st.hand(1)) == "AD TD KD QD AH" and str(st.turn_up_card()) == "JH"
    assert st.actor == 1 and texts(st) == {"play AD", "play TD", "play KD", "play QD", "play AH"}


def test_plain_schnapsen_lets_only_the_leader_exchange(tmp_path: Path) -> None:
    st = deal_from_mapping(load_ruleset("schnapsen"), SCHNAPSEN)
    st.apply(parse_action("play AC"))
    assert "exchange" not in texts(st)
    assert st.refusal(st.rs.code(parse_action("exchange"))).rule == "exchange"


# ------------------------------------------------------------------ records
# A decline is no move of the record format (``continue`` is never written): a record of a deal
# with the exchange on closing reads the same whether it was written before every opponent was
# asked or after, and replays either way.
def record(tmp_path: Path, deal: dict[str, Any], moves: list[str]) -> Path:
    """A one-deal record file in ``tmp_path`` of ``deal`` (a position as above) and ``moves``,
    its ruleset the ``house.yaml`` beside it: ruleset, dealer, hands (a line a seat),
    trump_card, stock, then ``moves`` on the last line."""
    hands = "".join(f"  {seat}: [{', '.join(cards)}]\n" for seat, cards in deal["hands"].items())
    text = (
        f"ruleset: house.yaml\ndealer: {deal['dealer']}\nhands:\n{hands}trump_card: {deal['trump_card']}\n"
        f"stock: [{', '.join(deal['stock'])}]\nmoves: [{', '.join(moves)}]\n"
    )
    path = tmp_path / "deal.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_record_without_the_decline_replays(tmp_path: Path) -> None:
    """Seat 1 holds 9H and declines: the record goes on with the closer's lead.  The talon closed,
    seat 1 (no club) must trump AC with his 9H and takes the trick: 11 + 0 points."""
    house(tmp_path, "sechsundsechzig", "{on_opponent_close: true}")
    out = replay(load_record(record(tmp_path, SIXTY_SIX, ["close", "play AC", "play 9H"])))
    assert out.illegal is None
    assert out.state.points == [0, 11] and out.state.tricks == [0, 1] and out.state.actor == 1


def test_a_record_where_the_opponent_could_not_exchange_replays(tmp_path: Path) -> None:
    """Seat 1 lacks the nine (asked all the same): seat 0 leads AC, seat 1 (no club, no trump)
    throws AD, seat 0 takes 11 + 11 points."""
    house(tmp_path, "sechsundsechzig", "{on_opponent_close: true}")
    out = replay(load_record(record(tmp_path, SIXTY_SIX_NO_NINE, ["close", "play AC", "play AD"])))
    assert out.illegal is None
    assert out.state.points == [22, 0] and out.state.tricks == [1, 0]


def test_a_record_of_the_exchange_on_closing_replays(tmp_path: Path) -> None:
    """Seat 1 exchanges 9H for AH, then trumps the AC lead with it: 11 + 11 points to seat 1."""
    house(tmp_path, "sechsundsechzig", "{on_opponent_close: true}")
    out = replay(load_record(record(tmp_path, SIXTY_SIX, ["close", "exchange", "play AC", "play AH"])))
    assert out.illegal is None
    assert out.state.points == [0, 22] and out.state.turn_up_card() is not None and str(out.state.turn_up_card()) == "9H"


def test_a_record_of_the_second_opponents_exchange_replays(tmp_path: Path) -> None:
    """Partnerships: seat 1 (no nine) is asked first and declines without a word in the record;
    the ``exchange`` written after ``close`` is seat 3's."""
    (tmp_path / "house.yaml").write_text((FIXTURES / "exchange-on-close-partners.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    out = replay(load_record(record(tmp_path, PARTNERS, ["close", "exchange"])))
    assert out.illegal is None
    assert "AH" in str(out.state.hand(3)) and out.state.actor == 0


def test_a_recorded_exchange_nobody_could_make_is_refused_where_it_stands(tmp_path: Path) -> None:
    """Nobody holds 9H: the record's ``exchange`` after ``close`` is refused as seat 1's (the
    seat asked), naming the card he lacks, at its line and column."""
    house(tmp_path, "sechsundsechzig", "{on_opponent_close: true}")
    path = record(tmp_path, SIXTY_SIX_NO_NINE, ["close", "exchange", "play AC"])
    rec = load_record(path)
    out = replay(rec)
    assert out.illegal is not None and out.illegal["reason"] == "seat 1 does not hold the exchange card 9H"
    assert out.state.offer == 1 and out.state.history == [0 << 16 | out.state.rs.code(parse_action("close"))]
    assert str(illegal_move_error(rec, out.illegal)) == (
        f"{path}:8:16: moves[1]: deal 1 move 2, 'exchange', is illegal: seat 1 does not hold the exchange card 9H"
    )
