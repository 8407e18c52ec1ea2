"""`rules validate` says the truth about what it found, and reads only what it was named.

- an error found in play by ``--deep`` (a formula that divides by zero) fails the file: exit 2,
  and ``"ok": false`` beside that error in ``--json``;
- an empty name is a usage error, never the working folder (which ``Path('')`` is);
- ``dealer.rotation: winner_deals`` at a four-seat table validates, and the rulebook and the
  match hand the deal to the first player left of the dealer on the winning side.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from clitools import invoke
from interpreter.engine.match import next_dealer
from interpreter.engine.settle import DealResult
from interpreter.rules.loader import load_ruleset
from interpreter.text.rulebook import rulebook

# opponent_tricks - opponent_tricks is 0 in every deal: the first deal scored divides by zero
DIVIDES_BY_ZERO = 'extends: schnapsen\nname: divz\nscoring:\n  game_points: "1 + 1 // (opponent_tricks - opponent_tricks)"\n'


def test_deep_fails_a_ruleset_whose_scoring_divides_by_zero_in_play(tmp_path: Path) -> None:
    path = tmp_path / "divz.yaml"
    path.write_text(DIVIDES_BY_ZERO, encoding="utf-8")
    shallow = invoke(["validate", str(path)])
    assert shallow.exit_code == 0  # the formula is well-formed: only play finds the division
    out = invoke(["validate", str(path), "--deep", "--deals", "5"])
    assert out.exit_code == 2
    assert "division by zero" in out.stderr and f"{path}:4:17: scoring.game_points:" in out.stderr
    data = invoke(["validate", str(path), "--deep", "--deals", "5", "--json"])
    assert data.exit_code == 2
    report = data.json()
    assert report["ok"] is False
    assert [e["path"] for e in report["errors"]] == ["scoring.game_points"]


@pytest.mark.parametrize("option", [["--deals", "50"], ["--seed", "3"]])
def test_an_option_of_deep_without_deep_is_refused(option: list[str]) -> None:
    """--deals and --seed are for the random deals --deep plays; without --deep they were
    silently ignored, and the run asked for never happened."""
    out = invoke(["validate", "schnapsen", *option])
    assert out.exit_code == 2
    assert out.stderr == f"error: {option[0]}: only with --deep (it is for the random deals --deep plays)\n"
    assert out.stdout == ""


def test_deep_deals_are_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten million deals would run for hours: refused before anything is played."""
    import interpreter.sim.deep

    def played(*args: object, **kwargs: object) -> None:
        raise AssertionError("--deep played deals")

    monkeypatch.setattr(interpreter.sim.deep, "deep_check", played)
    out = invoke(["validate", "schnapsen", "--deep", "--deals", "10000000"])
    assert out.exit_code == 2
    assert out.stderr == "error: --deals: 10,000,000 is more than --deep plays (at most 200,000)\n"
    assert out.stdout == ""
    edge = invoke(["validate", "schnapsen", "--deep", "--deals", "200001"])
    assert edge.exit_code == 2 and "at most 200,000" in edge.stderr


@pytest.mark.parametrize("args", [[""], ["  "], ["schnapsen", ""], ["--deep", ""], ["--json", ""]])
def test_an_empty_name_is_a_usage_error_and_reads_nothing(tmp_path: Path, args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "secret.yaml").write_text("token: s3cr3t-value\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    out = invoke(["validate", *args])
    assert out.exit_code == 2
    assert "s3cr3t" not in out.stdout + out.stderr and "secret.yaml" not in out.stdout + out.stderr
    assert "an empty name" in out.stderr
    assert out.stdout == ""  # nothing validated before the refusal either


@pytest.mark.parametrize("command", [["run"], ["describe"], ["diff", "schnapsen"], ["replay"], ["new", "x.yaml", "--from"]])
def test_every_command_refuses_an_empty_ruleset_or_record_name(tmp_path: Path, command: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = invoke([*command, ""])
    assert out.exit_code == 2
    assert out.stderr.startswith("error: an empty") and len(out.stderr.strip().splitlines()) == 1
    assert not os.path.exists(tmp_path / "x.yaml")


FOUR_WINNER_DEALS = "extends: north-american-4\nname: na4-winner-deals\ndealer:\n  rotation: winner_deals\n"


def test_winner_deals_at_a_four_seat_table_validates_and_says_who_deals(tmp_path: Path) -> None:
    path = tmp_path / "na4-winner-deals.yaml"
    path.write_text(FOUR_WINNER_DEALS, encoding="utf-8")
    out = invoke(["validate", str(path), "--json"])
    assert out.exit_code == 0 and out.json()["ok"] is True
    rs = load_ruleset(path)
    assert "the first player to the dealer's left on the side that won the deal" in rulebook(rs, None)
    # partners sit opposite: team 0 is seats 0 and 2, team 1 seats 1 and 3.  Seat 0 dealt.
    team_1_won = DealResult(1, 1, (0, 1), "x")
    team_0_won = DealResult(0, 1, (1, 0), "x")
    assert next_dealer(rs, 0, team_1_won) == 1  # seat 1, the dealer's left, is on team 1
    assert next_dealer(rs, 0, team_0_won) == 2  # seat 1 lost; seat 2 is the first winner on the left
    assert next_dealer(rs, 3, team_0_won) == 0


def test_the_docs_no_longer_say_winner_deals_needs_two_players() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "authoring.md").read_text(encoding="utf-8")
    assert "need two players" not in text
    assert "on the side that won (lost) it" in text
