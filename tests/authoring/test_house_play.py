"""Every bundled house ruleset plays whole matches and replays them exactly (issue: house
rulesets are validated *and played* in tests)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.core.actions import parse_action
from interpreter.play.bots import make_agent
from interpreter.core.errors import RecordError
from interpreter.rules.loader import load_ruleset
from interpreter.play.record import apply_recorded, deal_from_mapping, match_record, record_from_doc, replay
from interpreter.rules.resources import bundled_rulesets
from interpreter.play.runner import MatchLog, play_match
from interpreter.engine.state import DealState
from interpreter.rules.yamlsource import load_yaml

HOUSE = sorted(name for name in bundled_rulesets() if name.startswith("house/"))


@pytest.mark.parametrize("name", HOUSE)
@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_house_match_ends_and_replays(name: str, kind: str) -> None:
    rs = load_ruleset(name)
    agents = [make_agent(kind, rs, seat) for seat in range(rs.players.count)]
    log = MatchLog()
    match = play_match(rs, agents, seed=11, max_deals=200, log=log)
    assert match.winner is not None, f"{name}: no winner after {len(match.results)} deals"
    assert max(match.scores) >= rs.match.target
    text = match_record(rs, seed=11, players=[kind] * rs.players.count, deals=log.deals, record_path=None)
    doc = load_yaml(text, "<record>", error_cls=RecordError)
    outcome = replay(record_from_doc(doc, Path(".")))
    assert outcome.illegal is None
    assert outcome.match_scores == match.scores
    assert outcome.match_winner == match.winner


def test_santase_forbids_marriage_on_the_first_lead_and_early_closing() -> None:
    """Santase (6.10): no marriage on the first lead, no closing before the first trick."""
    rs = load_ruleset("house/santase")
    rng = random.Random(5)
    for seed in range(40):
        state = DealState.new(rs, 1, seed)
        texts = [str(a) for a in state.legal_actions()]
        assert not any(t.startswith("marry") for t in texts)
        assert "close" not in texts
        state.push_code(rng.choice([c for c in state.legal_codes() if c < 64]))


def test_soft_schnapsen_lets_a_player_review_his_won_tricks() -> None:
    rs = load_ruleset("house/soft-schnapsen")
    # seat 0 leads AS, seat 1 follows JS: seat 0 wins the trick, and its view lists it
    state = deal_from_mapping(rs, {
        "dealer": 1,
        "hands": {0: ["AS", "TS", "KH", "QC", "JD"], 1: ["JS", "QS", "AH", "TC", "KD"]},
        "trump_card": "AD",
        "stock": ["TH", "QH", "JH", "KC", "AC", "JC", "QD", "TD", "KS"],
    })
    for move in ("play AS", "play JS"):
        apply_recorded(state, parse_action(move))
    won = state.view(0).reviewable_tricks
    assert [[str(c) for _, c in t] for t in won] == [["AS", "JS"]]
    assert state.view(1).reviewable_tricks == ()  # seat 1 has won nothing
