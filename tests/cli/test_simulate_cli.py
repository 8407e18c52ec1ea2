"""`rules simulate` and `rules compare`: tables, --json and --csv, the HTML report, identical
JSON for any number of jobs, and one clear message with exit 2 for bad input."""

from __future__ import annotations

import csv
import io
import json
import signal
import subprocess
from pathlib import Path

import pytest

from clitools import SAYS_BLOCKS, invoke, no_traceback


def test_simulate_json_is_the_same_for_one_and_two_jobs() -> None:
    one = invoke(["simulate", "schnapsen", "--deals", "300", "--matches", "10", "--json", "--jobs", "1"])
    two = invoke(["simulate", "schnapsen", "--deals", "300", "--matches", "10", "--json", "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    report = json.loads(one.stdout)
    assert report["finished"] == {"deals": 300, "matches": 10} and report["interrupted"] is False and report["error"] is None
    metrics = {m["metric"]: m for m in report["metrics"]}
    won = metrics["first hand won"]
    assert won["den"] == 300 and won["interval"][0] <= won["value"] <= won["interval"][1]


def test_simulate_prints_a_table_and_csv() -> None:
    text = invoke(["simulate", "schnapsen", "--deals", "50"])
    assert text.exit_code == 0
    assert text.stdout.startswith("Schnapsen: 50 deals, seats random, random, seed 0\n")
    assert "  first hand won" in text.stdout and "how deals end" in text.stdout
    rows = list(csv.DictReader(io.StringIO(invoke(["simulate", "schnapsen", "--deals", "50", "--csv"]).stdout)))
    assert {r["metric"] for r in rows} >= {"first hand won", "end: declared", "fired: close", "tricks"}
    assert next(r for r in rows if r["metric"] == "tricks")["den"] == "50.0"


def test_simulate_with_bots_in_the_seats() -> None:
    out = invoke(["simulate", "schnapsen", "--deals", "20", "--players", "greedy,random", "--json"])
    assert out.exit_code == 0, out.stderr
    assert json.loads(out.stdout)["seats"] == ["greedy", "random"]


def test_the_skill_gap_of_random_against_random_is_exactly_zero() -> None:
    # the random kind on each side in turn plays the same deals with the same draws as the
    # all-random run: it wins exactly what the seats it replaced won, a gap of 0 with no spread:
    # no change (p = 1), and no interval of no width
    out = invoke(["simulate", "schnapsen", "--deals", "200", "--skill", "random", "--json"])
    assert out.exit_code == 0, out.stderr
    assert out.json()["skill"] == {
        "bot": "random", "won": 0.5, "base": 0.5, "gap": 0.0, "interval": None, "p": 1.0, "no_interval": "no spread over 200 blocks",
    }
    bad = invoke(["simulate", "schnapsen", "--deals", "10", "--skill", "wizard"])
    assert bad.exit_code == 2 and "--skill: unknown bot kind 'wizard'" in bad.stderr


def test_compare_and_its_report(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    out = invoke(["compare", "house/sharp-schnapsen", "schnapsen", "--deals", "200", "--html", str(page)])
    assert out.exit_code == 0, out.stderr
    assert "the same cards in both (paired)" in out.stdout
    assert "Holm-Bonferroni" in out.stdout
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and html.count("<svg") >= 4 and "<script" not in html
    data = invoke(["compare", "house/santase", "schnapsen", "--deals", "100", "--json"]).json()
    assert data["paired"] is False and data["correction"] == "holm"


def test_compare_bots_instead_of_rules() -> None:
    out = invoke(["compare", "schnapsen", "schnapsen", "--deals", "60", "--players", "greedy,random", "--players-b", "random,random", "--json"])
    assert out.exit_code == 0, out.stderr
    data = out.json()
    assert data["paired"] is True and data["a"]["seats"] == ["greedy", "random"] and data["b"]["seats"] == ["random", "random"]


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "no-such-ruleset", "--deals", "10"], "no-such-ruleset"),
    (["simulate", "schnapsen", "--deals", "0"], "--deals"),
    (["simulate", "schnapsen", "--deals", "10", "--players", "random,wizard"], "--players: unknown bot kind 'wizard'"),
    (["simulate", "schnapsen", "--deals", "10", "--players", "random"], "--players: Schnapsen has 2 seats, got 1 kind"),
    (["simulate", "schnapsen", "--deals", "10", "--html", "/no/such/folder/r.html"], "--html: /no/such/folder/r.html"),
    (["simulate", "schnapsen", "--deals", "10", "--json", "--csv"], "--json and --csv"),
    (["simulate", "schnapsen", "--deals", "10", "--backend", "cloud"], "--backend: unknown backend 'cloud'"),
    # deal i of a run is seeded seed * 2**32 + i: 2**32 - 1 = 4,294,967,295 deals (or matches)
    # at most, and the one option past it is named with its value (here the other is fine)
    (["simulate", "schnapsen", "--deals", "10", "--matches", "99999999999999999999"],
     "error: --matches: 99,999,999,999,999,999,999 is more than a run can seed (at most 4,294,967,295)\n"),
    (["simulate", "schnapsen", "--deals", "4294967296"],
     "error: --deals: 4,294,967,296 is more than a run can seed (at most 4,294,967,295)\n"),
    (["compare", "schnapsen", "schnapsen", "--deals", "4294967296", "--matches", "3"],
     "error: --deals: 4,294,967,296 is more than a run can seed (at most 4,294,967,295)\n"),
    (["compare", "schnapsen", "schnapsen", "--deals", "4294967295", "--matches", "4294967296"],
     "error: --matches: 4,294,967,296 is more than a run can seed (at most 4,294,967,295)\n"),
    # the titles of the bundled rulesets, and their seats: 2 and 4
    (["compare", "schnapsen", "north-american-4", "--deals", "10"], (
        "error: Schnapsen has 2 seats and North American Sixty-Six (four players, partnerships) has 4: "
        "compare rulesets with the same number of seats\n"
    )),
])
def test_bad_input_is_one_message_and_exit_2(args: list[str], message: str) -> None:
    out = invoke(args)
    no_traceback(out)
    assert out.exit_code == 2 and message in out.stderr, out.stderr


ADDRESS = "(expected auto or HOST:PORT of a Ray cluster; leave --address out to start one on this machine)"


@pytest.mark.parametrize(("args", "line"), [
    (["simulate", "schnapsen", "--deals", "5", "--jobs", "1", "--backend", "ray", "--address", ""], f"error: --address: '' is no address {ADDRESS}"),
    (["compare", "schnapsen", "schnapsen", "--deals", "5", "--backend", "ray", "--address", "  "], f"error: --address: '  ' is no address {ADDRESS}"),
])
def test_an_empty_address_is_refused_naming_the_option_before_ray_is_asked(args: list[str], line: str) -> None:
    """Ray said ``cannot start or reach a Ray cluster at this machine: Invalid address format: ``."""
    out = invoke(args)
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", line + "\n")


def test_a_base_outside_the_folder_is_refused_unless_allowed(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "base.yaml").write_text("extends: schnapsen\nname: base\n", encoding="utf-8")
    (tmp_path / "b" / "house.yaml").write_text("extends: ../a/base.yaml\nname: house\n", encoding="utf-8")
    house = str(tmp_path / "b" / "house.yaml")
    refused = invoke(["simulate", house, "--deals", "10"])
    no_traceback(refused)
    assert refused.exit_code == 2 and "leads outside the folder of this file" in refused.stderr
    assert invoke(["simulate", house, "--deals", "10", "--allow-outside", "--jobs", "2"]).exit_code == 0




def test_ctrl_c_reports_what_finished_and_exits_130(tmp_path: Path) -> None:
    """Ctrl-C once a block has finished (the command says so: a hook on ``Runs.take``): the
    figures of the finished blocks, whole blocks of 15,000 deals."""
    import sys

    proc = subprocess.Popen([sys.executable, "-c", SAYS_BLOCKS, "simulate", "schnapsen", "--deals", "3000000", "--json", "--jobs", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    assert proc.stderr is not None
    assert proc.stderr.readline() == "block\n"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    report = json.loads(out)
    finished = report["finished"]["deals"]
    assert report["interrupted"] is True and finished % 15_000 == 0 and 15_000 <= finished < 3_000_000, finished
    assert report["error"] is None  # a stop is no error: a script tells the two apart by this field
    assert "interrupted: the figures are of the" in err and "Traceback" not in err

def test_a_match_that_never_ends_is_one_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a target of 100,000 game points cannot be reached within the (here lowered) limit of deals
    import interpreter.sim.simulate as simulate

    monkeypatch.setattr(simulate, "MATCH_LIMIT", 50)
    path = tmp_path / "endless.yaml"
    path.write_text("extends: schnapsen\nname: endless\nmatch: {target: 100000}\n", encoding="utf-8")
    out = invoke(["simulate", str(path), "--deals", "10", "--matches", "2", "--jobs", "1"])
    no_traceback(out)
    assert out.exit_code == 2 and "match 1 did not end within 50 deals" in out.stderr  # the first match, counted from 1 as everywhere


def _contracts(deals: int) -> dict[str, tuple[int, int]]:
    """North American 4's first ``deals`` random deals of seed 0, counted apart from the
    metrics code: deal i shuffled and played from ``random.Random(i)`` (seed 0 * 2**32 + i),
    seat (3 + i) % 4 dealing (dealer.first 3), as docs/simulate.md says; each contract ("bid B", or
    "moon" for bid 5) with how many deals it was played in and how many it was made in."""
    import random

    from interpreter import DealState, load_ruleset
    from interpreter.play.bots.random_bot import random_playout

    rs = load_ruleset("north-american-4")
    assert rs.dealer.first == 3
    played: dict[str, list[int]] = {}
    for i in range(deals):
        rng = random.Random(i)
        st = random_playout(DealState.new(rs, (3 + i) % 4, rng), rng)
        if st.high_bid and st.result is not None and not st.result.redeal:
            counts = played.setdefault("moon" if st.high_bid == 5 else f"bid {st.high_bid}", [0, 0])
            counts[0] += 1
            counts[1] += bool(st.result.made)
    return {k: (n, made) for k, (n, made) in played.items()}


def test_a_contract_never_made_has_a_made_row_at_0_for_any_jobs() -> None:
    # seed 0, 200 deals: some contract is played and never made (bid 4, the tester's case);
    # its "made" row reads "0 of N" in the table, num 0 over den N in --json, byte for byte the
    # same with one and two workers, and rules compare of the ruleset with itself shows it at
    # 0% on both sides (it used to vanish: no "made" sum on either side)
    counts = _contracts(200)
    never = [k for k, (n, made) in counts.items() if made == 0]
    assert never, counts
    one = invoke(["simulate", "north-american-4", "--deals", "200", "--json", "--jobs", "1"])
    two = invoke(["simulate", "north-american-4", "--deals", "200", "--json", "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    metrics = {m["metric"]: m for m in one.json()["metrics"]}
    assert {k: (metrics[k]["num"], metrics[f"{k} made"]["num"]) for k in counts} == counts
    assert all(metrics[f"{k} made"]["den"] == n for k, (n, _) in counts.items())
    text = invoke(["simulate", "north-american-4", "--deals", "200", "--jobs", "1"]).stdout.splitlines()
    for k in never:
        row = next(line for line in text if line.split("  ")[1:2] == [f"{k} made"])
        assert row.split(f"{k} made")[1].split()[0] == "0.00%" and row.split()[-3:] == ["0", "of", str(counts[k][0])], row
    same = invoke(["compare", "north-american-4", "north-american-4", "--deals", "200", "--json", "--jobs", "1"])
    assert same.exit_code == 0, same.stderr
    changes = {c["metric"]: c for c in same.json()["metrics"]}
    for k in never:
        assert (changes[f"{k} made"]["a"], changes[f"{k} made"]["b"], changes[f"{k} made"]["changes"]) == (0.0, 0.0, False)



BAD_FORMULA = 'extends: schnapsen\nname: dz\nscoring:\n  game_points: "points // (tricks - tricks)"\n'


def test_a_formula_failing_in_play_names_its_file_alike_in_every_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # docs/cli.md: a file is named as seen from where you are -- as you named it, and a base
    # as its folder joined with the reference.  simulate and compare hand their workers the
    # file's absolute path (a Ray worker need not share this folder), and with --jobs 1 this
    # process plays from that spec as a worker would; the arena plays the ruleset loaded here.
    # game_points divides by zero whenever it is counted; line 4, column 17 is its first
    # character (the quote is at 16).  (Worker processes: tests/sim/test_simulate_runs.py.)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dz.yaml").write_text(BAD_FORMULA, encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "base.yaml").write_text(BAD_FORMULA, encoding="utf-8")
    (tmp_path / "sub" / "h.yaml").write_text("extends: base.yaml\nname: h\n", encoding="utf-8")
    for ruleset, where in (("dz.yaml", "dz.yaml:4:17"), ("sub/h.yaml", "sub/base.yaml:4:17")):
        for args in (["simulate", ruleset], ["compare", ruleset, "schnapsen"], ["compare", "schnapsen", ruleset],
                     ["arena", "greedy", "random", "--ruleset", ruleset], ["tournament", "greedy", "random", "--ruleset", ruleset]):
            out = invoke([*args, "--deals", "10", "--jobs", "1"])
            no_traceback(out)
            assert out.exit_code == 2, (args, out.stderr)
            # the error line comes last (after what finished, where a command reports that)
            assert out.stderr.splitlines()[-1] == f"{where}: scoring.game_points: division by zero in 'points // (tricks - tricks)' (expected a divisor other than 0)", (args, out.stderr)
            assert str(tmp_path) not in out.stderr, (args, out.stderr)


#: Divides by zero only in a deal whose loser took no trick: some deals finish before one fails.
SOMETIMES_BAD = 'extends: schnapsen\nname: dz\nscoring:\n  game_points: "1 + opponent_tricks // opponent_tricks"\n'


def test_a_formula_failing_after_some_deals_is_said_as_an_error_not_an_interruption(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The figures of what finished are kept, but their report says the run stopped on an error
    (nobody interrupted it), and the located error is the last line on stderr, exit 2."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dz.yaml").write_text(SOMETIMES_BAD, encoding="utf-8")
    error = (
        "dz.yaml:4:17: scoring.game_points: division by zero in '1 + opponent_tricks // opponent_tricks'"
        " (expected a divisor other than 0)"
    )
    for args, unit in ((["simulate", "dz.yaml"], "deals"), (["compare", "dz.yaml", "schnapsen"], "deals"),  # no --matches asked
                       (["arena", "random", "random", "--ruleset", "dz.yaml"], "deals"),
                       (["tournament", "random", "greedy", "--ruleset", "dz.yaml"], "deals")):
        out = invoke([*args, "--deals", "200", "--jobs", "1"])
        no_traceback(out)
        assert out.exit_code == 2, (args, out.stderr)
        assert out.stderr.splitlines()[-1] == error, (args, out.stderr)
        assert "interrupted" not in out.stdout, (args, out.stdout)
        stopped = [line for line in out.stdout.splitlines() if line.startswith("stopped by an error: ")]
        assert len(stopped) == 1 and stopped[0].endswith(f" {unit} finished"), (args, out.stdout)
    page = tmp_path / "report.html"
    out = invoke(["simulate", "dz.yaml", "--deals", "200", "--jobs", "1", "--html", str(page)])
    assert out.exit_code == 2
    text = page.read_text(encoding="utf-8")
    assert "Stopped by an error: the figures are of the blocks that finished." in text and "Interrupted" not in text


def test_the_json_of_a_run_cut_short_by_an_error_names_the_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``"interrupted": true`` is kept for a run that ended early either way; ``"error"`` says
    which way: the error's line as stderr gives it (without ``error: ``), where a stop leaves it
    null (the Ctrl-C tests).  stdout stays one JSON document and the status 2."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dz.yaml").write_text(SOMETIMES_BAD, encoding="utf-8")
    error = ("dz.yaml:4:17: scoring.game_points: division by zero in '1 + opponent_tricks // opponent_tricks'"
             " (expected a divisor other than 0)")
    for args in (["simulate", "dz.yaml"], ["compare", "dz.yaml", "schnapsen"],
                 ["arena", "random", "random", "--ruleset", "dz.yaml"], ["tournament", "random", "greedy", "--ruleset", "dz.yaml"]):
        out = invoke([*args, "--deals", "200", "--jobs", "1", "--json"])
        assert out.exit_code == 2, (args, out.stderr)
        report = out.json()
        assert (report["interrupted"], report["error"]) == (True, error), (args, report)
        assert out.stderr.splitlines()[-1] == error, (args, out.stderr)


def test_a_bot_failing_in_a_match_names_the_match_and_its_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--matches``: a seat's bot that fails in a match is said with the match (from 1) and
    the deal's number in it, as ``rules run --matches`` says it ("match 2, deal 3"), not as a
    bare "seat 0 (greedy): ...".  The bots of a match's deals are seeded from 64-bit draws of
    one generator per match, one draw per deal (docs/simulate.md); match j of seed 0 draws
    from the seed 0 * 2**32 + j + 2**62, so here match 2 (j = 1) draws from 2**62 + 1, and its
    deal 3's seat 0 is seeded with its third draw * 2 (seats) + 0.  A Schnapsen match to 7
    lasts 3 deals at least (3 game points at most a deal), so deal 3 is always played."""
    import random
    import re

    import interpreter.sim.simulate as simulate
    from interpreter.play.bots import make_agent
    from interpreter.rules.ruleset import Ruleset

    draws = random.Random(2**62 + 1)
    doomed = [draws.getrandbits(64) for _ in range(3)][2] * 2 + 0

    class Failing:
        def choose(self, view: object, legal: list[object]) -> object:
            raise RuntimeError("by design")

    def agents(kind: str, rs: Ruleset, seed: int) -> object:
        return Failing() if seed == doomed else make_agent(kind, rs, seed)

    monkeypatch.setattr(simulate, "make_agent", agents)
    out = invoke(["simulate", "schnapsen", "--deals", "4", "--matches", "3", "--players", "greedy,greedy", "--jobs", "1"])
    no_traceback(out)
    assert out.exit_code == 2, out.stderr
    last = out.stderr.splitlines()[-1]
    assert re.fullmatch(r"error: seat 0 \(greedy\), match 2, deal 3: the bot raised RuntimeError at \S+: by design", last), out.stderr


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_the_help_of_players_names_the_policy_kind_as_the_error_does(command: str) -> None:
    """``--players`` takes a trained policy (``policy:FILE.py:NAME``, ``policy:MODULE:NAME``),
    as docs/cli.md and the error for an unknown kind say: the help names it too."""
    text = " ".join(invoke([command, "--help"]).stdout.replace("│", " ").split())
    assert "policy:FILE.py:NAME or policy:MODULE:NAME (a trained agent)" in text, text
