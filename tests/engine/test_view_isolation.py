"""A bot handed a view cannot reach hidden cards: nothing reachable from a SeatView leads back
to the deal state, its hands, its stock or its history, and the runner hands bots views only."""

from __future__ import annotations

import gc
import random
import types
from typing import Any

import pytest

from interpreter.core.actions import DECLARE, Action
from interpreter.engine.state import DealState
from interpreter.engine.views import SeatView
from interpreter.play.bots import BOT_KINDS, make_agent
from interpreter.play.runner import play_deal
from interpreter.rules.loader import load_ruleset
from interpreter.rules.ruleset import Ruleset

RULESETS = ["schnapsen", "sechsundsechzig", "north-american-4", "north-american-3"]
FRIENDLY = (
    "hand", "hand_sizes", "trump", "turn_up", "talon_size", "closed", "closer", "trick", "leader", "to_act",
    "actor", "legal", "card_points", "tricks_won", "history", "known", "high_bid", "declarer", "sitting_out",
    "sides", "widow_size", "completed_tricks", "reviewable_tricks",
)


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root``, not going into the (public) ruleset, classes,
    modules or functions."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (Ruleset, type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


@pytest.mark.parametrize("name", RULESETS)
def test_nothing_reachable_from_a_view_leads_to_the_state(name: str) -> None:
    rs = load_ruleset(name)
    rng = random.Random(11)
    for seed in range(12):
        st = DealState.new(rs, seed % rs.players.count, seed)
        for _ in range(rng.randrange(0, 12)):
            codes = [c for c in st.legal_codes() if c != DECLARE] or st.legal_codes()
            st.push_code(rng.choice(codes))
            if st.is_over:
                break
        for seat in range(rs.players.count):
            view = st.view(seat)
            for field in FRIENDLY:  # fill the view's cache: what it works out must not leak either
                getattr(view, field)
            # (an empty tuple is one object shared by all of Python: it says nothing)
            private: list[Any] = [p for p in (st, st.hands, st.stock, st.history, st.widow) if p is st or len(p)]
            for obj in _reachable(view):
                assert not isinstance(obj, DealState), "a view must not hold the state"
                assert all(obj is not p for p in private), "a view must not share the state's containers"


@pytest.mark.parametrize("kind", [k for k in BOT_KINDS if k != "search"] + ["search:iters=20"])
def test_the_runner_hands_every_bot_a_view_and_nothing_else(kind: str) -> None:
    rs = load_ruleset("schnapsen")
    handed: list[tuple[type, type]] = []

    class Spy:
        def __init__(self, seat: int) -> None:
            self.inner = make_agent(kind, rs, seat)

        def choose(self, view: SeatView, legal: list[Action]) -> Action:
            handed.append((type(view), type(legal)))
            return self.inner.choose(view, legal)

    st = DealState.new(rs, 0, 5)
    play_deal(st, [Spy(0), Spy(1)])
    assert handed and all(v is SeatView and lst is list for v, lst in handed)


def test_which_cards_were_laid_away_face_down_is_not_shown_by_the_cards_known() -> None:
    """Dreierschnapsen, dealer 0, deal seed 1: the forehand (seat 1) passes the naming, so the
    first card of his later packet is turned for trump -- everybody sees he holds it.  Nobody
    bids; he takes the talon and lays two cards away face down.  Whether the card shown is
    among them is his secret: the other seats' views are the same either way (the engine
    dropped only the card laid away from the cards known to lie in his hand, so a view that
    still listed the card shown told that it was kept, one that did not, that it was laid away)."""
    rs = load_ruleset("house/dreierschnapsen")

    def laid_away(with_shown: bool) -> DealState:
        st = DealState.new(rs, 0, 1)
        st.push_code(next(c for c in st.legal_codes() if str(rs.action_of[c]) == "pass"))  # the naming
        shown = st.turned
        assert st.known[1] == 1 << shown
        while st.phase != 1:
            st.push_code(next(c for c in st.legal_codes() if str(rs.action_of[c]) == "pass"))  # the auction
        assert st.widow_taker == 1 and st.to_discard == 2
        for _ in range(2):
            codes = [c for c in st.legal_codes() if str(rs.action_of[c]).startswith("discard")]
            shown_code = next(c for c in codes if rs.tables.code_card[c] == shown) if shown in [rs.tables.code_card[c] for c in codes] else None
            st.push_code(shown_code if with_shown and shown_code is not None else next(c for c in codes if c != shown_code))
        assert (st.hands[1] >> shown & 1) != with_shown
        return st

    kept, gone = laid_away(False), laid_away(True)
    for seat in (0, 2):
        assert kept.view(seat) == gone.view(seat), seat
    assert kept.view(1) != gone.view(1)  # he knows what he laid away
