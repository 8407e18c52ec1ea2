"""The card room deals from seeds 63 bits wide, so a player cannot search them for his deal.

A deal's seed gives every hand.  Drawn 32 bits wide, as ``rules run`` draws them, there are
about 4.3 billion: a program that has seen a hand and the turn-up could deal each seed until
one agrees (docs/security.md, "Searching a deal's seed").  A room's table draws each deal's
seed 63 bits wide from its match seed, so the search is out of reach; its record names each
deal's seed (it replays) and never the match seed (``rules run --seed`` would deal others).
"""

from __future__ import annotations

import random
from pathlib import Path

from cli.room.tables import Table
from interpreter.engine.state import DealState
from interpreter.play.record import load_record, replay
from interpreter.rules.loader import load_ruleset

from roomtools import open_room, play_through


def test_a_tables_deal_seeds_are_63_bits_drawn_from_its_match_seed() -> None:
    """Seed 3: the first deal's seed is the first 63 bits ``random.Random(3)`` gives (the
    second, the next 63), and the hands are that seed's; 32 bits would give another number."""
    rs = load_ruleset("schnapsen")
    made = Table("t", rs, "schnapsen", ["human", "human"], ["k0", "k1"], "w", 3, "2025-01-01")
    made.deal()
    drawn = random.Random(3)
    first = drawn.getrandbits(63)
    assert made.session.match.deal_seeds == [first]
    assert first != random.Random(3).getrandbits(32)
    state = made.session.state
    assert state is not None
    dealt = DealState.new(rs, state.dealer, first)
    assert [state.hand(s) for s in range(2)] == [dealt.hand(s) for s in range(2)]
    assert made.session.seed_named is False


def test_a_finished_tables_record_names_each_deals_seed_and_not_the_match_seed(tmp_path: Path) -> None:
    with open_room(tmp_path) as (client, room):
        live = play_through(client, room, "schnapsen", ["human", "human"], random.Random(5))
        answer = client.get(f"/api/record/{live.table.tokens[0]}")
    assert answer.status_code == 200
    path = tmp_path / "record.yaml"
    path.write_text(answer.text, encoding="utf-8")
    record = load_record(path)
    assert "seed" not in record.meta
    assert str(live.table.seed) not in answer.text
    assert [deal.seed for deal in record.deals] == live.table.session.match.deal_seeds
    assert any(deal.seed is not None and deal.seed >= 2**32 for deal in record.deals)  # 63 bits wide (all under 2**32: odds of 2**-31 a deal)
    outcome = replay(record)
    match = live.table.session.match
    assert (outcome.match_scores, outcome.match_winner) == (match.scores, match.winner)
