"""The ``random`` seat kind chooses among every legal action, but for the auction's bids and
the declaration (random_bot.py's docstring).  It took naming trump and laying a card away for
an auction: at the naming it only ever passed (a probe saw 23 passes in 23 deals of
three-player 66 and Sechsundsechzig zu viert, where one choice in five is a pass), and it always
laid away its lowest card -- where ``random_playout``, which says it decides as the bot does,
named a suit four times in five.

A generator that always picks the last option shows what the bot chooses among: the last of
the naming's pass and four suits is a suit, the last of a hand's discards its highest card, the
last of an auction's calls still the smallest raise.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from interpreter import DealState, load_ruleset
from interpreter.core.actions import DISCARD_BASE
from interpreter.engine.position import AUCTION, NAMING
from interpreter.play.bots.random_bot import RandomBot

T = TypeVar("T")


class LastChoice(random.Random):
    """Picks the last of the options it is given."""

    def choice(self, seq: Sequence[T]) -> T:
        return seq[-1]


def last_choosing_bot(name: str) -> RandomBot:
    bot = RandomBot(name, 0)
    bot.rng = LastChoice()
    return bot


def test_naming_trump_is_among_the_pass_and_every_suit() -> None:
    st = DealState.new(load_ruleset("house/three-player-66"), 0, 1)
    assert st.phase == NAMING
    legal = st.legal_actions()
    assert [str(a) for a in legal] == ["pass", "trump C", "trump D", "trump H", "trump S"]
    choice = last_choosing_bot("house/three-player-66").choose(st.view(st.actor), legal)
    assert str(choice) == "trump S"


def test_laying_away_is_among_every_card_of_the_hand() -> None:
    rs = load_ruleset("house/dreierschnapsen")
    for seed in range(50):  # a deal whose declarer comes to lay cards away
        st = DealState.new(rs, 0, seed)
        rng = random.Random(seed)
        while not st.is_over and not st.to_discard:
            st.step_code(rng.choice(st.legal_codes()))
        if st.to_discard:
            break
    assert st.to_discard
    codes = st.legal_codes()
    assert codes and all(c >= DISCARD_BASE for c in codes) and codes == sorted(codes)
    choice = last_choosing_bot("house/dreierschnapsen").choose(st.view(st.actor), st.legal_actions())
    assert rs.code_of[choice] == codes[-1]  # the highest card of the hand, where it laid away the lowest


def test_the_auction_is_still_a_pass_or_the_smallest_raise() -> None:
    rs = load_ruleset("north-american-4")
    st = DealState.new(rs, 0, 3)
    assert st.phase == AUCTION
    legal = st.legal_actions()
    assert [str(a) for a in legal][:2] == ["pass", "bid 1"] and len(legal) > 2
    assert str(last_choosing_bot("north-american-4").choose(st.view(st.actor), legal)) == "bid 1"
