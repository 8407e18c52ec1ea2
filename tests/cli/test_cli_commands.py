"""`rules validate`, `rules schema` and `rules run`: exit codes, output shapes, the log."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from clitools import REPO, RULESETS, SEATS, invoke, no_traceback, run_rules
from interpreter import Match, load_ruleset

CARD = re.compile(r"(?<![A-Z0-9])(?:10|[ATKQJ987])[CDHS](?![A-Z0-9])")


# ----------------------------------------------------------------------------- validate, schema
def test_validate_bundled_rulesets(in_repo: Path) -> None:
    files = sorted(str(p.relative_to(REPO)) for p in (REPO / "rulesets").glob("*.yaml"))
    assert len(files) >= 5
    out = invoke(["validate", *files])
    assert out.exit_code == 0, out.stderr
    assert out.stderr == ""
    for f in files:
        assert f"{f}: ok" in out.stdout


def test_validate_through_the_installed_script() -> None:
    """The same with the shell's glob, through the console script."""
    out = run_rules(["validate", *sorted(str(p.relative_to(REPO)) for p in (REPO / "rulesets").glob("*.yaml"))])
    assert out.exit_code == 0, out.stderr
    no_traceback(out)


@pytest.mark.parametrize("name", RULESETS)
def test_validate_bundled_names(name: str) -> None:
    out = invoke(["validate", name])
    assert out.exit_code == 0, out.stderr
    assert out.stdout.startswith(f"{name}: ok")


def test_schema_prints_the_json_schema() -> None:
    out = invoke(["schema"])
    assert out.exit_code == 0
    schema = json.loads(out.stdout)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema == json.loads((REPO / "schema" / "ruleset.schema.json").read_text(encoding="utf-8"))
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(schema)


# ----------------------------------------------------------------------------- run: the log
def test_run_log_shows_trump_tricks_and_deals() -> None:
    out = invoke(["run", "schnapsen", "--seed", "3", "--players", "random,greedy", "--deals", "2"])
    assert out.exit_code == 0, out.stderr
    log = out.stdout
    assert "Deal 1" in log and "Deal 2" in log
    assert re.search(r"trump (clubs|diamonds|hearts|spades)", log)
    assert re.search(r"trick 1: 0 \w\w, 1 \w\w -> seat [01] takes \d+", log)
    assert "seed 3" in log
    assert "0 random" in log and "1 greedy" in log
    assert "Traceback" not in log


def test_run_log_names_the_turn_up_of_the_deal() -> None:
    rs = load_ruleset("schnapsen")
    state = Match(rs, 3).next_deal()
    out = invoke(["run", "schnapsen", "--seed", "3", "--players", "random,greedy", "--deals", "1"])
    assert f"turn-up {state.turn_up_card()}" in out.stdout


def test_run_quiet_prints_only_results() -> None:
    out = invoke(["run", "schnapsen", "--seed", "3", "--players", "random,greedy", "--deals", "2", "--quiet"])
    assert out.exit_code == 0
    lines = out.stdout.splitlines()
    assert lines, "quiet printed nothing"
    if "seed 3" in lines[0]:  # the header naming the seed may stay (a random seed must be shown)
        assert lines[0].startswith("Schnapsen -- match to 7, seed 3")
        lines = lines[1:]
    assert sum(1 for line in lines if re.match(r"Deal \d+: ", line)) == 2
    for line in lines:
        assert re.match(r"(Deal \d+: |Match won by |Stopped after )", line), f"not a result line: {line!r}"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_run_json_shape(ruleset: str) -> None:
    players = ["random", "greedy", "greedy", "random"][: SEATS[ruleset]]
    out = invoke(["run", ruleset, "--seed", "11", "--players", ",".join(players), "--deals", "3", "--json"])
    assert out.exit_code == 0, out.stderr
    summary = out.json()
    assert {"ruleset", "seed", "players", "deals", "match_scores", "match_winner"} <= summary.keys()
    assert summary["ruleset"] == ruleset and summary["seed"] == 11 and summary["players"] == players
    rs = load_ruleset(ruleset)
    assert 1 <= len(summary["deals"]) <= 3
    total = [0] * rs.side_count
    for deal in summary["deals"]:
        assert {"dealer", "seed", "winner", "scores", "game_points", "reason"} <= deal.keys()
        assert 0 <= deal["dealer"] < rs.players.count
        assert len(deal["scores"]) == rs.side_count
        total = [a + b for a, b in zip(total, deal["scores"])]
    assert summary["match_scores"] == total
    assert summary["match_winner"] is None or 0 <= summary["match_winner"] < rs.side_count


def test_run_to_the_end_of_a_match() -> None:
    out = invoke(["run", "schnapsen", "--seed", "5", "--json"])
    summary = out.json()
    assert summary["match_winner"] in (0, 1)
    assert max(summary["match_scores"]) >= 7


@pytest.mark.parametrize(
    "players, words",
    [
        ("random", ["--players", "2"]),
        ("random,greedy,random", ["--players", "2"]),
        ("random,grady", ["--players", "grady"]),
        ("random,", ["--players"]),
    ],
)
def test_run_bad_players(players: str, words: list[str]) -> None:
    out = invoke(["run", "schnapsen", "--seed", "1", "--players", players])
    assert out.exit_code == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    for word in words:
        assert word in lines[0]
    no_traceback(out)


def test_run_unknown_ruleset() -> None:
    out = invoke(["run", "schnapsn", "--seed", "1"])
    assert out.exit_code == 2
    assert "schnapsn" in out.stderr
    no_traceback(out)


# ----------------------------------------------------------------------------- run: hidden hands
def test_open_shows_every_hand() -> None:
    rs = load_ruleset("sechsundsechzig")
    state = Match(rs, 4).next_deal()
    out = invoke(["run", "sechsundsechzig", "--seed", "4", "--deals", "1", "--open"])
    assert out.exit_code == 0
    for seat in range(2):
        shown = re.search(rf"seat {seat} holds (.*)", out.stdout)
        assert shown, out.stdout[:500]
        assert set(CARD.findall(shown.group(1))) == {str(c) for c in state.hand(seat)}


def test_default_log_does_not_show_hands() -> None:
    out = invoke(["run", "sechsundsechzig", "--seed", "4", "--deals", "1"])
    assert "holds" not in out.stdout


def test_open_shows_the_widow_and_four_hands() -> None:
    for ruleset in ("north-american-3", "north-american-4"):
        out = invoke(["run", ruleset, "--seed", "2", "--deals", "1", "--open"])
        assert out.exit_code == 0
        n = SEATS[ruleset]
        assert all(f"seat {s} holds" in out.stdout for s in range(n))


def test_human_does_not_see_the_opponents_hand(tmp_path: Path) -> None:
    """Without --open a person sees their own hand, the turn-up, and nothing of seat 1's cards."""
    rs = load_ruleset("schnapsen")
    state = Match(rs, 3).next_deal()
    assert state.actor == 0
    record = tmp_path / "r.yaml"  # without --record an interrupted game is saved in the working folder
    out = invoke(["run", "schnapsen", "--seed", "3", "--players", "human,greedy", "--record", str(record)], input="")
    assert out.exit_code == 130
    own = {str(c) for c in state.hand(0)}
    shown = re.search(r"your hand: (.*)", out.stderr)  # the seat's screen is on stderr
    assert shown and set(CARD.findall(shown.group(1))) == own
    hidden = {str(c) for c in state.hand(1)}
    assert not hidden & set(CARD.findall(out.stdout + out.stderr)), "seat 1's cards were shown to seat 0"
    stock = {str(rs.deck.cards[c]) for c in state.stock}
    assert not stock & set(CARD.findall(out.stdout + out.stderr)), "face-down stock cards were shown"


def test_run_with_an_unwritable_record_path(tmp_path: Path) -> None:
    """A --record path that cannot be written is a usage error (exit 2, one message), not a crash."""
    target = tmp_path / "no-such-folder" / "r.yaml"
    out = run_rules(["run", "schnapsen", "--seed", "1", "--deals", "1", "--quiet", "--record", str(target)])
    no_traceback(out)
    assert out.exit_code == 2
    assert str(target) in out.stderr
