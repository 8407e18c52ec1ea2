"""`rules run --matches N` plays N matches from seeds S, S+1, ... and tallies the matches won;
match records carry the headers ruleset, seed, players, date and result (rules run --record
and the table's record alike), and records without them still replay."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from clitools import invoke
from interpreter import load_ruleset
from interpreter.play.record import load_record, replay
from interpreter.play.session import TableSession, resume


@pytest.mark.parametrize(("ruleset", "players"), [("schnapsen", "greedy,random"), ("north-american-4", "random,greedy,random,greedy")])
def test_the_tally_counts_every_match_once(ruleset: str, players: str) -> None:
    out = invoke(["run", ruleset, "--matches", "6", "--seed", "40", "--players", players, "--json"])
    assert out.exit_code == 0, out.stderr
    tally = out.json()
    assert tally["matches"] == 6 and [r["seed"] for r in tally["results"]] == [40, 41, 42, 43, 44, 45]
    assert tally["interrupted"] is False and tally["error"] is None
    assert sum(tally["won"]) + tally["unfinished"] == 6
    assert len(tally["won"]) == load_ruleset(ruleset).side_count
    assert tally["deals"] == sum(r["deals"] for r in tally["results"])
    for side, count in enumerate(tally["won"]):
        assert count == sum(r["winner"] == side for r in tally["results"])


def test_each_match_is_the_single_match_of_its_seed() -> None:
    """Match k of --seed S is `rules run --seed S+k`: the same winner, scores and deals."""
    tally = invoke(["run", "schnapsen", "--matches", "3", "--seed", "7", "--json"]).json()
    for k, result in enumerate(tally["results"]):
        single = invoke(["run", "schnapsen", "--seed", str(7 + k), "--json"]).json()
        assert (result["winner"], result["match_scores"], result["deals"]) == (single["match_winner"], single["match_scores"], len(single["deals"]))
    again = invoke(["run", "schnapsen", "--matches", "3", "--seed", "7", "--json"]).json()
    assert again == tally


def test_the_text_tally_and_a_cap_on_deals() -> None:
    out = invoke(["run", "schnapsen", "--matches", "4", "--seed", "1", "--deals", "1"])
    assert out.exit_code == 0
    lines = out.stdout.splitlines()
    assert lines[0] == "Schnapsen -- 4 matches to 7, seeds 1 to 4, players: 0 greedy, 1 greedy"
    counts = [int(line.split()[-2]) for line in lines[2:-1]]
    assert sum(counts) == 4  # nobody reaches 7 in one deal: all four are unfinished
    assert lines[-2].startswith("  unfinished (--deals)") and counts[-1] == 4
    assert lines[-1] == "4 matches, 4 deals (1.0 per match)"


@pytest.mark.parametrize(("extra", "word"), [(["--record", "x.yaml"], "--record"), (["--players", "human,greedy"], "bots only"), (["--matches", "0"], "--matches")])
def test_matches_refuses_what_it_cannot_do(extra: list[str], word: str) -> None:
    args = ["run", "schnapsen", *(["--matches", "2"] if "--matches" not in extra else []), *extra]
    out = invoke(args)
    assert out.exit_code == 2 and out.stdout == "" and out.stderr.count("\n") == 1 and word in out.stderr


# ----------------------------------------------------------------------------- headers
def test_run_record_has_the_headers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")  # 2026-01-01 00:00 UTC
    path = tmp_path / "m.yaml"
    summary = invoke(["run", "schnapsen", "--seed", "3", "--json", "--record", str(path)]).json()
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert list(data) == ["ruleset", "seed", "players", "date", "result", "deals"]
    assert data["date"] == "2026-01-01"
    assert data["result"] == {"winner": summary["match_winner"], "scores": summary["match_scores"], "deals": len(summary["deals"])}
    report = invoke(["replay", str(path), "--json"]).json()
    assert (report["match_winner"], report["match_scores"]) == (data["result"]["winner"], data["result"]["scores"])


def test_a_record_without_headers_still_replays(tmp_path: Path) -> None:
    path = tmp_path / "old.yaml"
    invoke(["run", "schnapsen", "--seed", "3", "--record", str(path), "--quiet"])
    text = path.read_text(encoding="utf-8")
    old = "".join(line + "\n" for line in text.splitlines() if not line.startswith(("date:", "result:")))
    (tmp_path / "old2.yaml").write_text(old, encoding="utf-8")
    assert invoke(["replay", str(tmp_path / "old2.yaml"), "--json"]).json() == invoke(["replay", str(path), "--json"]).json()


@pytest.mark.parametrize(("key", "value"), [("date", "'2026-01-01'"), ("result", "{winner: 0}")])
def test_headers_belong_to_match_records_only(tmp_path: Path, key: str, value: str) -> None:
    """A one-deal record of the record format has nothing else at its top level.  The header
    is no typo, though: it is named as a match record's (line 3, column 1), not called an
    unknown key and left out of the keys expected."""
    path = tmp_path / "one.yaml"
    path.write_text(f"ruleset: schnapsen\nseed: 5\n{key}: {value}\nmoves: []\n", encoding="utf-8")
    out = invoke(["replay", str(path)])
    assert (out.exit_code, out.stdout) == (2, "")
    assert out.stderr == (
        f"{path}:3:1: {key}: a key of a match record (one with deals:), not of a one-deal record "
        "(expected the deal's keys under deals: to make it a match record; or no date or result)\n"
    )


def test_a_bad_result_header_is_located(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_text("ruleset: schnapsen\nresult: {winner: 5}\ndeals:\n  - seed: 1\n    moves: []\n", encoding="utf-8")
    out = invoke(["replay", str(path)])
    assert out.exit_code == 2 and out.stderr.startswith(f"{path}:2:") and "there is no seat 5" in out.stderr


def test_the_tables_record_has_the_result_and_keeps_its_date_on_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rs = load_ruleset("schnapsen")
    path = tmp_path / "t.yaml"
    # begun on 2026-02-03 (an unfinished match's header is written once, when it begins: a
    # save before the match is won leaves it as it is)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1770120000")  # 2026-02-03 12:00 UTC
    session = TableSession(rs, 21, ["human", "greedy"], path)
    monkeypatch.delenv("SOURCE_DATE_EPOCH")  # going on later, on another day
    decisions = 0
    while decisions < 5:
        if session.state is None or session.deal_over:
            session.start_deal()
        if not session.bot_step():
            session.act(session.legal()[0])
            decisions += 1
    session.save()
    assert "result" not in yaml.safe_load(path.read_text(encoding="utf-8")), "an unfinished match has no result yet"
    again = resume(path)
    while not again.match_over:
        if again.state is None or again.deal_over:
            again.start_deal()
        if not again.bot_step():
            again.act(again.legal()[0])
    again.save()
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["date"] == "2026-02-03"
    outcome = replay(load_record(path))
    assert data["result"] == {"winner": outcome.match_winner, "scores": outcome.match_scores, "deals": len(data["deals"])}


#: Divides by zero only in a deal whose loser took no trick.
SOMETIMES_BAD = 'extends: schnapsen\nname: dz\nscoring:\n  game_points: "1 + opponent_tricks // opponent_tricks"\n'
SOMETIMES_BAD_ERROR = (
    "dz.yaml:4:17: scoring.game_points: division by zero in '1 + opponent_tricks // opponent_tricks'"
    " (expected a divisor other than 0)"
)


def _failing_deal(seed: int) -> int | None:
    """The deal (from 1) at which `rules run dz.yaml --seed SEED` stops on the formula, from its
    log (the number of deals begun), or ``None`` if that match ends."""
    out = invoke(["run", "dz.yaml", "--seed", str(seed), "--players", "greedy,greedy"])
    if out.exit_code == 0:
        return None
    assert out.stderr.splitlines()[-1] == SOMETIMES_BAD_ERROR
    return sum(1 for line in out.stdout.splitlines() if line.startswith("Deal ") and line.endswith(" deals"))


def test_an_error_in_a_later_match_names_the_match_and_its_deal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--matches 5 --seed 2: the matches of seeds 2 and 3 end, the third (seed 4) stops on the
    formula in the deal where `rules run --seed 4` stops: "match 3 (seed 4), deal D"."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dz.yaml").write_text(SOMETIMES_BAD, encoding="utf-8")
    assert _failing_deal(2) is None and _failing_deal(3) is None
    deal = _failing_deal(4)
    assert deal is not None and deal > 1
    out = invoke(["run", "dz.yaml", "--matches", "5", "--seed", "2", "--players", "greedy,greedy"])
    assert out.exit_code == 2
    assert out.stdout.splitlines()[-1].startswith("2 matches (stopped by an error), ")
    assert out.stderr.splitlines() == [
        f"the run stopped on an error in match 3 (seed 4), deal {deal}: the tally is of the 2 of 5 matches that finished",
        SOMETIMES_BAD_ERROR,
    ]
    # --json: the tally of the two matches, "interrupted" as for a stop, and "error" saying it was an error, and which
    tally = invoke(["run", "dz.yaml", "--matches", "5", "--seed", "2", "--players", "greedy,greedy", "--json"])
    assert tally.exit_code == 2
    assert {k: tally.json()[k] for k in ("matches", "interrupted", "error")} == {"matches": 2, "interrupted": True, "error": SOMETIMES_BAD_ERROR}


def test_an_error_in_the_first_match_names_it_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dz.yaml").write_text(SOMETIMES_BAD, encoding="utf-8")
    deal = _failing_deal(1)
    assert deal is not None
    out = invoke(["run", "dz.yaml", "--matches", "3", "--seed", "1", "--players", "greedy,greedy"])
    assert out.exit_code == 2
    assert out.stderr.splitlines() == [f"the run stopped on an error in match 1 (seed 1), deal {deal}, before any match finished", SOMETIMES_BAD_ERROR]
