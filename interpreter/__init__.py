"""Sixty-Six Rules: a generic trick-taking engine driven by declarative rulesets.

The public API in one import::

    from interpreter import load_ruleset, DealState, Match, Card, parse_action

    rs = load_ruleset("schnapsen")            # a bundled name or a path to a rule file
    state = DealState.new(rs, dealer=1, seed=42)
    state.legal_actions()                     # [Play(Card.parse('AS')), ...]
    state.apply(parse_action("play AS"))      # checks, then performs; state.pop() undoes
    state.view(0)                             # what seat 0 may see

See docs/api.md for the whole API.
"""

from interpreter.core.actions import (
    Action,
    Bid,
    Close,
    CloseBeforeDraw,
    Continue,
    Declare,
    Discard,
    Double,
    Exchange,
    Marry,
    NameTrump,
    Pass,
    Play,
    Redouble,
    parse_action,
)
from interpreter.play.bots import GreedyBot, RandomBot, make_agent, random_playout
from interpreter.core.cards import Card, CardSet
from interpreter.core.errors import (
    BotError,
    ErrorList,
    ExpressionError,
    IllegalActionError,
    MissingBaseError,
    NotationError,
    RecordError,
    RulesError,
    RulesetError,
    StuckDealError,
)
from interpreter.rules.loader import load_ruleset
from interpreter.engine.match import Match
from interpreter.play.record import deal_from_mapping, load_record, replay, replay_report
from interpreter.rules.resources import bundled_rulesets, find_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.play.runner import play_match
from interpreter.engine.state import DealResult, DealState
from interpreter.engine.views import SeatView

__all__ = [
    "Action", "Bid", "BotError", "Card", "CardSet", "Close", "CloseBeforeDraw", "Continue", "DealResult",
    "DealState", "Declare", "Discard", "Double", "ErrorList", "Exchange", "ExpressionError", "GreedyBot",
    "IllegalActionError", "Marry", "Match", "MissingBaseError", "NameTrump", "NotationError", "Pass", "Play", "RandomBot",
    "RecordError", "Redouble", "RulesError", "Ruleset", "RulesetError", "SeatView", "StuckDealError", "bundled_rulesets",
    "deal_from_mapping", "find_ruleset", "load_record", "load_ruleset", "make_agent",
    "parse_action", "play_match", "random_playout", "replay", "replay_report", "compiled",
]


def compiled() -> bool:
    """Whether the engine runs compiled by mypyc (installed with
    ``HATCH_BUILD_HOOK_ENABLE_MYPYC=1``, docs/speed.md) rather than from its Python source: both give the same results."""
    from interpreter.engine import state

    return not state.__file__.endswith(".py")
