"""The `human` seat of `rules run`: illegal entries are explained and asked again, numbers pick
an action, end of input saves the record so far and exits 130 without a traceback.  The seat's
screen and prompts are on stderr (stdout holds only the match log)."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from clitools import invoke, no_traceback, run_rules
from interpreter import Match, load_ruleset

PROMPT = "your move"


def first_deal(ruleset: str, seed: int):
    return Match(load_ruleset(ruleset), seed).next_deal()


def a_card_not_held(state, seat: int) -> str:
    held = set(state.hand(seat))
    return next(str(c) for c in state.rs.deck.cards if c not in held)


def test_wrong_entry_is_explained_and_asked_again_then_a_number_picks(tmp_path: Path) -> None:
    state = first_deal("schnapsen", 3)
    assert state.actor == 0, "seat 0 (the human) leads the first deal of this seed"
    legal = state.legal_actions()
    stranger = a_card_not_held(state, 0)
    record = tmp_path / "partial.yaml"
    stdin = f"play {stranger}\n1\n"
    out = invoke(["run", "schnapsen", "--seed", "3", "--players", "human,greedy", "--record", str(record)], input=stdin)
    no_traceback(out)
    assert out.exit_code == 130
    illegal = [line for line in out.stderr.splitlines() if "illegal: " in line]
    assert len(illegal) == 1, out.stderr
    assert stranger in illegal[0] or "hold" in illegal[0] or "not" in illegal[0]
    # asked again after the illegal entry: the first decision is prompted twice, then the next one once
    first_view = out.stderr.split("-- seat 0 to act --")
    assert len(first_view) >= 3, "the human was not asked for a second decision"
    assert first_view[1].count(PROMPT) == 2
    # 1 picked the first listed action
    assert f"   1. {legal[0]}" in first_view[1]
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    moves = data["deals"][0]["moves"]
    assert moves[0] == str(legal[0])
    assert len(moves) >= 2, "greedy's answer to the lead is missing from the record"
    assert "interrupted" in out.stderr and str(record) in out.stderr


def test_partial_record_replays(tmp_path: Path) -> None:
    record = tmp_path / "partial.yaml"
    out = invoke(["run", "schnapsen", "--seed", "3", "--players", "human,greedy", "--record", str(record)], input="2\n1\n")
    assert out.exit_code == 130
    replayed = invoke(["replay", str(record), "--json"])
    assert replayed.exit_code == 0, replayed.stderr
    report = replayed.json()
    assert report["status"] == "in_progress"
    assert report["to_act"] == 0
    assert report["illegal"] is None


def test_end_of_input_before_any_move(tmp_path: Path) -> None:
    record = tmp_path / "empty.yaml"
    out = invoke(["run", "sechsundsechzig", "--seed", "8", "--players", "greedy,human", "--record", str(record)], input="")
    assert out.exit_code == 130
    no_traceback(out)
    assert record.exists()
    replayed = invoke(["replay", str(record), "--json"])
    assert replayed.exit_code == 0, replayed.stderr
    assert replayed.json()["status"] == "in_progress"


def test_number_out_of_range_and_unreadable_text_are_asked_again(tmp_path: Path) -> None:
    state = first_deal("schnapsen", 3)
    n = len(state.legal_actions())
    record = tmp_path / "r.yaml"
    out = invoke(
        ["run", "schnapsen", "--seed", "3", "--players", "human,greedy", "--record", str(record)],
        input=f"{n + 1}\nplay XX\nfoo\n\n",
    )
    assert out.exit_code == 130
    no_traceback(out)
    assert f"pick 1 to {n}" in out.stderr
    assert "cannot read" in out.stderr
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    assert data["deals"][0]["moves"] == []


def test_the_human_can_type_the_notation(tmp_path: Path) -> None:
    """Lower case and ``10`` for the ten are accepted (the notation of the record format)."""
    from interpreter import Play

    state = first_deal("schnapsen", 3)
    plays = [a for a in state.legal_actions() if isinstance(a, Play)]
    action = next((a for a in plays if a.card.rank == "T"), plays[0])
    typed = f"play {'10' if action.card.rank == 'T' else action.card.rank}{action.card.suit}".lower()
    record = tmp_path / "r.yaml"
    out = invoke(["run", "schnapsen", "--seed", "3", "--players", "human,greedy", "--record", str(record)], input=typed + "\n")
    assert out.exit_code == 130
    assert yaml.safe_load(record.read_text(encoding="utf-8"))["deals"][0]["moves"][0] == str(action)


def test_interrupted_game_in_a_real_process(tmp_path: Path) -> None:
    """Exit status 130 and the saved record through the console script itself."""
    record = tmp_path / "p.yaml"
    out = run_rules(["run", "schnapsen", "--seed", "3", "--players", "human,greedy", "--record", str(record)], input="1\n")
    assert out.exit_code == 130, out.stderr
    no_traceback(out)
    assert re.search(r"interrupted", out.stderr)
    replayed = run_rules(["replay", str(record), "--json"])
    assert replayed.exit_code == 0, replayed.stderr
