"""A bot's action is taken only if it is one of the legal actions by class and value.

The check was ``action in legal``, which asks the bot's own object whether it equals each legal
action: a subclass of ``Play`` whose ``__eq__`` always says yes got through, and the engine then
refused it with a bare ``IllegalActionError`` (``AC is not a card of this deck``) that named no
seat, bot or deal -- or, for a look-alike of a card the deck has, played the bot's object.

The position is test_bot_failures.py's Schnapsen end game: seat 0 may play AS or declare.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from interpreter import Action, BotError, Card, Declare, GreedyBot, Play, SeatView, deal_from_mapping, load_ruleset
from interpreter.engine.state import DealState
from interpreter.play.runner import ask_agent, play_deal

RS = load_ruleset("schnapsen")
LEGAL = "play AS, declare"


def end() -> DealState:
    return deal_from_mapping(RS, {
        "dealer": 1,
        "start": {"leader": 0, "card_points": [60, 40], "tricks_won": [4, 3], "trump": "H"},
        "hands": {0: ["AS"], 1: ["JS"]},
    })


@dataclass(frozen=True, slots=True)
class AlwaysEqual(Play):
    """A play that claims to equal anything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


@dataclass(frozen=True, slots=True)
class MyPlay(Play):
    """A bot's own subclass of Play, with nothing changed."""


class Answers:
    def __init__(self, answer: Action) -> None:
        self.answer = answer

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        return self.answer


@pytest.mark.parametrize(("answer", "kind"), [
    (AlwaysEqual(Card.parse("AC")), "an AlwaysEqual"),  # not a card of the deck: a bare IllegalActionError escaped
    (AlwaysEqual(Card.parse("AS")), "an AlwaysEqual"),  # the legal card, in the bot's look-alike
    (MyPlay(Card.parse("AS")), "a MyPlay"),
])
def test_a_subclass_of_an_action_is_a_bot_error_naming_the_seat_bot_and_deal(answer: Action, kind: str) -> None:
    with pytest.raises(BotError) as info:
        play_deal(end(), [Answers(answer), GreedyBot(RS, 1)], deal=4)
    assert (info.value.seat, info.value.bot, info.value.deal) == (0, "Answers", 4)
    assert str(info.value) == (
        f"seat 0 (Answers), deal 4: the bot returned {kind}, a subclass of Play, not one of the engine's actions (expected one of: {LEGAL})"
    )


def test_what_is_played_is_the_engines_own_object() -> None:
    state = end()
    mine = Play(Card.parse("AS"))
    chosen = ask_agent(Answers(mine), state, 0)
    assert chosen == mine and chosen in state.legal_actions()
    assert any(chosen is own for own in state.legal_actions())  # the legal list's object, not the bot's
    assert ask_agent(Answers(Declare()), end(), 0) == Declare()
