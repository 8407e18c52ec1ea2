"""A plain Python bot that fails is said as a ``BotError`` naming the seat, the bot and the deal,
with the legal actions it could have chosen -- whether it returns ``None``, text, an int code or
an action the game does not have, raises, or has no ``choose`` -- in ``play_deal``,
``play_match``, the arena and the table of ``rules play`` alike (one place asks every agent:
``interpreter.play.runner.ask_agent``).

The position used: a Schnapsen end game (the one docs/api.md shows), hearts trumps, seat 0 to
lead its last card AS with 60 points and four tricks: it may play AS or declare, nothing else.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from interpreter import (
    Action,
    BotError,
    Card,
    Continue,
    DealState,
    GreedyBot,
    Match,
    NameTrump,
    Play,
    RulesetError,
    SeatView,
    deal_from_mapping,
    load_ruleset,
    play_match,
)
from interpreter.core.actions import Double
from interpreter.play.runner import ask_agent, play_deal
from interpreter.play.session import TableSession
from interpreter.sim.arena import arena

RS = load_ruleset("schnapsen")
LEGAL = "play AS, declare"  # what seat 0 may do in END


def end() -> DealState:
    return deal_from_mapping(RS, {
        "dealer": 1,
        "start": {"leader": 0, "card_points": [60, 40], "tricks_won": [4, 3], "trump": "H"},
        "hands": {0: ["AS"], 1: ["JS"]},
    })


class Answers:
    """A bot that answers every question with ``answer``."""

    def __init__(self, answer: object) -> None:
        self.answer = answer

    def choose(self, view: SeatView, legal: list[Action]) -> Any:
        return self.answer


class Raiser:
    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        raise KeyError("oops")


RAISE_LINE = Raiser.choose.__code__.co_firstlineno + 1


class NoChoose:
    pass


def failure(agent: object, *, deal: int | None = 4) -> BotError:
    """The error of ``agent`` as seat 0 of END, in deal number ``deal``."""
    with pytest.raises(BotError) as info:
        play_deal(end(), [agent, GreedyBot(RS, 1)], deal=deal)  # type: ignore[list-item]
    return info.value


@pytest.mark.parametrize(("answer", "said"), [
    (None, "None (NoneType)"),
    ("play AS", "'play AS' (str)"),
    (15, "15 (int)"),  # the code of play AS (card 15: AC TC KC QC JC, diamonds, hearts, then AS)
])
def test_an_answer_that_is_no_action_names_the_seat_the_bot_the_deal_and_the_choices(answer: object, said: str) -> None:
    error = failure(Answers(answer))
    assert (error.seat, error.bot, error.deal) == (0, "Answers", 4)
    assert str(error) == f"seat 0 (Answers), deal 4: the bot returned {said}, not an action (expected one of: {LEGAL})"


@pytest.mark.parametrize(("action", "why"), [
    (Play(Card.parse("9H")), "9H is not a card of this deck"),  # Schnapsen has no nines
    (NameTrump("H"), "trump is not named in this game"),
    (Double(), "this game has no doubling"),
    (Continue(), "there is no optional step to decline now"),
    (Play(Card.parse("JS")), "seat 0 does not hold JS"),
])
def test_an_action_that_is_not_legal_or_not_of_this_game_says_why_and_what_was_legal(action: Action, why: str) -> None:
    error = failure(Answers(action))
    assert str(error) == f"seat 0 (Answers), deal 4: the bot chose {action}, which is not legal now: {why} (expected one of: {LEGAL})"


class Widener:
    """A bot that adds the opponent's card to the list it was handed, and chooses it."""

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        legal.append(Play(Card.parse("JS")))
        return legal[-1]


def test_a_bot_that_adds_to_its_legal_list_is_checked_against_the_rules_list() -> None:
    """The check was ``action in legal`` on the very list the bot was handed: a bot that
    appended JS to it got past the check, and the engine refused the move later with no seat,
    bot or deal named.  The bot gets a copy; the check reads the engine's own list."""
    error = failure(Widener())
    assert str(error) == f"seat 0 (Widener), deal 4: the bot chose play JS, which is not legal now: seat 0 does not hold JS (expected one of: {LEGAL})"


def test_a_bot_that_raises_is_placed_at_its_own_line() -> None:
    error = failure(Raiser())
    here = os.path.relpath(__file__)
    assert str(error) == f"seat 0 (Raiser), deal 4: the bot raised KeyError at {here}:{RAISE_LINE}: 'oops'"
    assert isinstance(error.__cause__, KeyError)  # the bot's own exception, for a Python caller


def test_a_stop_and_an_error_located_in_a_rule_file_go_on_as_they_are() -> None:
    class Stops:
        def choose(self, view: SeatView, legal: list[Action]) -> Action:
            raise KeyboardInterrupt

    located = RulesetError("division by zero", file="house.yaml", line=12, column=5, path="scoring.game_points")

    class Formula:
        def choose(self, view: SeatView, legal: list[Action]) -> Action:
            raise located

    with pytest.raises(KeyboardInterrupt):
        play_deal(end(), [Stops(), GreedyBot(RS, 1)])  # type: ignore[list-item]
    with pytest.raises(RulesetError) as info:
        play_deal(end(), [Formula(), GreedyBot(RS, 1)])  # type: ignore[list-item]
    assert info.value is located


def test_a_bot_error_of_a_policy_gets_the_deal_and_keeps_its_own_words() -> None:
    class Policy:
        name = "policy:p.py:act"

        def choose(self, view: SeatView, legal: list[Action]) -> Action:
            raise BotError("the policy chose action 20 (marry AC), which is not legal now", seat=view.seat, bot=self.name)

    assert str(failure(Policy(), deal=2)) == "seat 0 (policy:p.py:act), deal 2: the policy chose action 20 (marry AC), which is not legal now"


def test_play_match_refuses_an_agent_without_choose_before_the_first_deal() -> None:
    dealt: list[object] = []
    with pytest.raises(BotError) as info:
        play_match(RS, [GreedyBot(RS, 1), NoChoose()], seed=1, observer=dealt.append)  # type: ignore[list-item]
    assert dealt == []
    assert str(info.value) == (
        "seat 1 (NoChoose): the bot is a NoChoose, with no choose(view, legal) method "
        "(expected an object whose choose(view, legal) returns one of the legal actions)"
    )


def test_play_match_names_the_deal_the_bot_failed_in() -> None:
    """Schnapsen's first dealer is seat 1, so seat 0 leads the first deal: a bot that returns
    None fails at once, in deal 1, with the opening leader's choices of that deal."""
    assert RS.dealer.first == 1
    with pytest.raises(BotError) as info:
        play_match(RS, [Answers(None), GreedyBot(RS, 1)], seed=7)
    first = Match(RS, 7).next_deal()  # the match's first deal, as play_match deals it
    assert first.actor == 0
    options = ", ".join(str(a) for a in first.legal_actions())
    assert (info.value.seat, info.value.deal) == (0, 1)
    assert info.value.reason == f"the bot returned None (NoneType), not an action (expected one of: {options})"


def test_ask_agent_returns_a_legal_answer_untouched() -> None:
    state = end()
    assert ask_agent(Answers(Play(Card.parse("AS"))), state, 0) == Play(Card.parse("AS"))


def test_the_arena_says_a_bot_function_that_fails_or_makes_no_agent() -> None:
    def nothing(ruleset: object, seed: int) -> None:
        return None

    class OneArgument:  # the class itself given as a bot, though it takes no seed
        def __init__(self, ruleset: object) -> None:
            self.rs = ruleset

    with pytest.raises(BotError) as info:
        arena(RS, nothing, "random", deals=2, seed=1)
    assert str(info.value) == (
        "seat 0 (nothing), deal 1: nothing(ruleset, seed) returned None (NoneType), not an agent "
        "(expected an object whose choose(view, legal) returns one of the legal actions)"
    )
    with pytest.raises(BotError) as info:
        arena(RS, OneArgument, "random", deals=2, seed=1)
    assert str(info.value).startswith("seat 0 (OneArgument), deal 1: making the bot, OneArgument(ruleset, seed) raised TypeError")

    def none_bot(ruleset: object, seed: int) -> Answers:
        return Answers(None)

    with pytest.raises(BotError) as info:
        arena(RS, none_bot, "random", deals=2, seed=1)
    assert (info.value.seat, info.value.bot, info.value.deal) == (0, "none_bot", 1)
    assert info.value.reason.startswith("the bot returned None (NoneType), not an action (expected one of: ")


def test_the_arena_refuses_what_is_no_bot_before_playing() -> None:
    with pytest.raises(TypeError) as info:
        arena(RS, 5, "random", deals=2)  # type: ignore[arg-type]
    assert str(info.value) == "bot 1: 5 is an int, not a bot (expected a bot kind such as 'greedy', or a function (ruleset, seed) -> agent)"


def test_the_table_of_rules_play_asks_its_bots_the_same_way(tmp_path: Path) -> None:
    """A policy seat answering text, at the table: the deal's number is filled in."""
    policy = tmp_path / "p.py"
    policy.write_text("def act(observation, agent):\n    return 'play AS'\n", encoding="utf-8")
    kind = f"policy:{policy}:act"
    table = TableSession(RS, 7, [kind, "greedy"])  # seat 0 leads the first deal (dealer 1)
    table.start_deal()
    with pytest.raises(BotError) as info:
        table.bot_step()
    assert (info.value.seat, info.value.bot, info.value.deal) == (0, kind, 1)
