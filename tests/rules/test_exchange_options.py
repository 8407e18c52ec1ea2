"""The exchange options of reference A11, on deals written out by hand.

* ``exchange.on_opponent_close`` (pagat's 66): the opponent of a player who closes may exchange
  at that moment, even without a trick won; he is asked, and may decline (``continue``).
* ``exchange.timing: before_lead_or_follow`` (Britannica): a follower may exchange on his turn
  before he plays to the trick.
"""

from __future__ import annotations

from pathlib import Path

from interpreter import Ruleset, load_ruleset, parse_action
from interpreter.play.record import deal_from_mapping

# Sechsundsechzig, hearts trump (turn-up AH): seat 0 leads (dealer 1) and holds no heart;
# seat 1 holds the nine of hearts, the exchange card.  6 + 6 + 1 + 11 = 24 cards.
SIXTY_SIX = {
    "dealer": 1,
    "hands": {0: "AC TC KC QC JC 9C".split(), 1: "AD TD KD QD JD 9H".split()},
    "trump_card": "AH",
    "stock": "TH KH QH JH AS TS KS QS JS 9S 9D".split(),
}
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
    from interpreter import Continue

    st = deal_from_mapping(house(tmp_path, "sechsundsechzig", "{on_opponent_close: true}"), SIXTY_SIX)
    st.apply(parse_action("close"))
    st.apply(Continue())
    assert "9H" in str(st.hand(1)) and st.actor == 0


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
