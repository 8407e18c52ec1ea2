"""`rules replay --json` gives the whole position (hands, trump, turn-up, stock, the trick on the
table, the position string), its legal actions in the engine's (deck) order, and `--log`
tells the record trick by trick."""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import RULESETS, SEATS, invoke
from interpreter import Match, load_ruleset
from interpreter.engine.state import DealState
from interpreter.play.posstring import parse_position
from interpreter.play.record import apply_recorded, load_record


def match_record(tmp_path: Path, ruleset: str, seed: int, deals: int = 1) -> Path:
    record = tmp_path / f"{ruleset}.yaml"
    kinds = ",".join(["random"] * SEATS[ruleset])
    out = invoke(["run", ruleset, "--seed", str(seed), "--players", kinds, "--deals", str(deals), "--quiet", "--record", str(record)])
    assert out.exit_code == 0, out.stderr
    return record


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_hands_at_the_start_are_the_deal_of_the_match_seed(tmp_path: Path, ruleset: str) -> None:
    record = match_record(tmp_path, ruleset, 11)
    out = invoke(["replay", str(record), "--json", "--until", "0"])
    report = out.json()
    rs = load_ruleset(ruleset)
    deal = Match(rs, 11).next_deal()  # the first deal of match seed 11, dealt here
    assert report["hands"] == [[str(c) for c in deal.hand(s)] for s in range(rs.players.count)]
    assert report["dealer"] == deal.dealer
    assert report["trump"] == deal.trump_suit()
    assert report["turn_up"] == (str(deal.turn_up_card()) if deal.turn_up_card() is not None else None)
    assert report["stock"] == [str(rs.deck.cards[c]) for c in deal.stock]
    assert report["widow"] == [str(rs.deck.cards[c]) for c in deal.widow]
    assert report["trick"] == [] and report["closed"] is False
    # every card of the deck is somewhere, once
    cards = [c for hand in report["hands"] for c in hand] + report["stock"] + report["widow"] + ([report["turn_up"]] if report["turn_up"] else [])
    assert sorted(cards) == sorted(str(c) for c in rs.deck.cards)
    # the legal actions are the engine's, in its order (the deck's order of the cards)
    assert report["legal"] == [str(a) for a in deal.legal_actions()]


def test_the_position_mid_trick_rebuilds_the_state(tmp_path: Path) -> None:
    """After the first card of a trick: the card on the table with its seat, out of the hand;
    the position string parses back to a state with the same hands, trick and legal moves."""
    record = match_record(tmp_path, "schnapsen", 4)
    rec = load_record(record)
    deal = rec.deals[0]
    state = deal.state.copy()
    k = 0
    while not state.trick:  # up to the first card led
        apply_recorded(state, deal.moves[k])
        k += 1
    report = invoke(["replay", str(record), "--json", "--until", str(k)]).json()
    seat, card = state.trick_with_seats()[0]
    assert report["trick"] == [{"seat": seat, "card": str(card)}]
    assert str(card) not in report["hands"][seat]
    assert report["leader"] == seat and report["to_act"] == (seat + 1) % 2
    rebuilt: DealState = parse_position(rec.ruleset, report["position"])
    assert [[str(c) for c in rebuilt.hand(s)] for s in range(2)] == report["hands"]
    assert [str(a) for a in rebuilt.legal_actions()] == report["legal"]


def test_the_log_tells_every_trick_of_the_record(tmp_path: Path) -> None:
    record = match_record(tmp_path, "schnapsen", 6, deals=2)
    out = invoke(["replay", str(record), "--log"])
    assert out.exit_code == 0
    lines = out.stdout.splitlines()
    rec = load_record(record)
    assert lines[0].startswith("Schnapsen -- players: 0 random, 1 random; seed 6; date ")
    tricks = [line for line in lines if line.startswith("  trick ")]
    # one line per trick, each naming the two cards of the record's moves in play order
    played = []
    for deal in rec.deals:
        state = deal.state.copy()
        for move in deal.moves:
            before = state.tricks_played
            apply_recorded(state, move)
            if state.tricks_played > before:
                played.append(state.tricks_played)
    assert [int(line.split()[1].rstrip(":")) for line in tricks] == played
    assert sum(line.startswith("Deal ") and " deals" in line for line in lines) == len(rec.deals) == 2
    assert sum("holds" in line for line in lines) == 4  # both hands of both deals
    # then the report, as without --log
    plain = invoke(["replay", str(record)]).stdout
    assert out.stdout.endswith("\n\n" + plain)


def test_log_and_json_do_not_go_together(tmp_path: Path) -> None:
    record = match_record(tmp_path, "schnapsen", 6)
    out = invoke(["replay", str(record), "--log", "--json"])
    assert out.exit_code == 2 and out.stdout == "" and out.stderr.startswith("error: --log: not with --json")
