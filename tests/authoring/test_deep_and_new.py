"""rules validate --deep (playing a ruleset to find rules that never fire) and rules new."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from typer.testing import CliRunner

from cli.main import app
from interpreter.sim.deep import deep_check
from interpreter.rules.loader import load_ruleset
from interpreter.rules.resources import bundled_rulesets

runner = CliRunner()


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_bundled_rulesets_have_no_deep_defects() -> None:
    for name in ("schnapsen", "sechsundsechzig", "north-american-4", "north-american-3", "north-american-2"):
        report = deep_check(load_ruleset(name), deals=300)
        assert report.ok, (name, report.defects)
        assert sum(report.outcomes.values()) == 300


def test_an_exchange_that_can_never_happen_is_a_defect(tmp_path: Path) -> None:
    # The whole talon (10 cards) must remain, which is only before the first trick -- but the
    # exchanger must already have won a trick: the exchange can never happen.
    path = write(tmp_path, "x.yaml", "extends: schnapsen\nname: x\nexchange: {min_talon_size: 10, requires_trick_won: true}\n")
    report = deep_check(load_ruleset(str(path)), deals=200)
    assert report.defects == ["exchange.enabled: an exchange of the turn-up was never possible in 200 random deals"]
    assert report.fired["exchanges"] == 0 and report.legal["exchange"] == 0


def test_a_target_nobody_reaches_is_a_defect(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", "extends: schnapsen\nname: t\nclaim: {target: 200}\n")
    report = deep_check(load_ruleset(str(path)), deals=100)
    assert "claim.target: a declaration reaching 200 never happened in 100 random deals" in report.defects


def test_deep_validate_exits_2_on_a_defect(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", "extends: schnapsen\nname: t\nclaim: {target: 200}\n")
    result = runner.invoke(app, ["validate", str(path), "--deep", "--deals", "50"])
    assert result.exit_code == 2
    assert "DEFECT claim.target" in result.output
    ok = runner.invoke(app, ["validate", "schnapsen", "--deep", "--deals", "50"])
    assert ok.exit_code == 0
    assert "score per deal" in ok.output


def test_deep_report_counts_game_points_per_deal() -> None:
    report = deep_check(load_ruleset("schnapsen"), deals=200)
    # every Schnapsen deal is won for 1, 2 or 3 game points
    assert set(report.scores) <= {1, 2, 3}
    assert sum(report.scores.values()) == 200


def test_new_writes_a_valid_commented_skeleton(tmp_path: Path) -> None:
    target = tmp_path / "our-schnapsen.yaml"
    result = runner.invoke(app, ["new", str(target), "--from", "schnapsen"])
    assert result.exit_code == 0, result.output
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=")
    data = yaml.safe_load(text)
    assert data == {"extends": "schnapsen", "name": "our-schnapsen", "title": "Schnapsen (house rules)"}
    assert "#   target: 7" in text and "#   min_talon_size: 3" in text
    rs = load_ruleset(str(target))
    assert rs.extends == "schnapsen" and rs.match.target == 7


def test_new_skeleton_options_uncommented_still_validate(tmp_path: Path) -> None:
    target = tmp_path / "h.yaml"
    runner.invoke(app, ["new", str(target), "--from", "sechsundsechzig"])
    lines = target.read_text(encoding="utf-8").splitlines()
    uncommented = [line[2:] if line.startswith("# ") and not line.startswith("# yaml") and (line[2:3].isalpha() or line.startswith("#   ")) and ":" in line and not line.startswith("# House") and not line.startswith("# The") and not line.startswith("# mappings") and not line.startswith("# and") else line for line in lines]
    target.write_text("\n".join(uncommented) + "\n", encoding="utf-8")
    rs = load_ruleset(str(target))
    assert rs.match.target == 7  # the base's values, unchanged


def test_new_refuses_to_overwrite(tmp_path: Path) -> None:
    target = write(tmp_path, "h.yaml", "keep me\n")
    result = runner.invoke(app, ["new", str(target), "--from", "schnapsen"])
    assert result.exit_code == 2
    assert target.read_text(encoding="utf-8") == "keep me\n"


def test_deep_report_counts_one_score_per_deal_in_units() -> None:
    """North American: one score per deal (the declaring side's), not one per side; a hand thrown
    in is not scored."""
    report = deep_check(load_ruleset("north-american-4"), deals=300)
    thrown_in = report.fired["hands thrown in"]
    assert sum(report.scores.values()) == 300 - thrown_in == sum(report.contracts.values())
    # the declaring side scores at least 1 when it makes its bid and loses its bid (1 to 5) when set
    assert set(report.scores) <= {-5, -4, -3, -2, -1, 1, 2, 3, 4, 5}
    assert all(report.made[bid] <= report.contracts[bid] for bid in report.contracts)


def test_deep_draws_every_contract_evenly() -> None:
    """Five bids and passing out (all_pass: redeal), each a sixth of the deals: 100 of 600
    (a binomial spread of about 9), where seats bidding at random made the moon most deals' contract."""
    report = deep_check(load_ruleset("north-american-4"), deals=600)
    counts = {**{bid: report.contracts[bid] for bid in (1, 2, 3, 4, 5)}, "passed": report.fired["hands thrown in"]}
    assert all(60 <= n <= 140 for n in counts.values()), counts
    assert report.fired["moons bid"] == report.contracts[5]


def test_deep_reports_its_progress() -> None:
    seen: list[int] = []
    deep_check(load_ruleset("schnapsen"), deals=250, progress=seen.append)
    assert seen == [100, 200, 250]


def test_deep_validate_shows_the_contracts() -> None:
    result = runner.invoke(app, ["validate", "north-american-4", "--deep", "--deals", "120"])
    assert "  contracts (drawn evenly; the play is random):" in result.output
    assert "score per deal (the declaring side's units;" in result.output


def test_deep_reaches_the_plain_game_where_everybody_may_pass(tmp_path: Path) -> None:
    """Bauernschnapsen with the Bettler its only contract (the tester's b3.yaml): declaring 66
    happens only in the plain game the forehand plays when everybody passes (all_pass: play).
    The deal's call is drawn from the one bid and passing out -- half the deals each, about 100
    of 200 (a binomial spread of about 7) -- so declarations happen: no false DEFECT."""
    path = write(tmp_path, "b3.yaml", (
        "extends: house/bauernschnapsen\nname: b3\nbidding:\n  contracts:\n"
        "    - {bid: 1, name: bettler, value: 4, goal: no_tricks, trump: none}\n  values: [1]\n"
    ))
    report = deep_check(load_ruleset(str(path)), deals=200)
    assert report.defects == []
    bettler = sum(n for reason, n in report.outcomes.items() if "Bettler" in reason)
    assert 70 <= bettler <= 130, report.outcomes
    assert report.fired["declarations"] > 0


def test_a_match_target_out_of_reach_is_a_defect(tmp_path: Path) -> None:
    """A target of 10**9 game points: no match is won, and at Schnapsen's 1 to 3 game points a
    deal a match would take hundreds of millions of deals, far past the 1,000 a match is played
    for (rules run stops there)."""
    path = write(tmp_path, "t.yaml", "extends: schnapsen\nname: t\nmatch: {target: 1000000000}\n")
    report = deep_check(load_ruleset(str(path)), deals=200)
    assert report.matches == 0
    [defect] = [d for d in report.defects if d.startswith("match.target")]
    found = re.fullmatch(
        r"match\.target: a match to 1000000000 would last about ([\d,]+) deals at (\d+\.\d\d) points a deal for a side, "
        r"more than the 1,000 a match is played for \(0 won in 200 random deals, counted one after another\)",
        defect,
    )
    assert found is not None, defect
    pace = float(found[2])
    assert 0.5 <= pace <= 1.5  # the winner's 1 to 3, shared by two sides
    assert int(found[1].replace(",", "")) > 600_000_000


def test_a_target_the_deals_would_reach_is_no_defect(tmp_path: Path) -> None:
    """Three deals of Schnapsen cannot win a match to 7 (at most 3 game points each) -- but each
    gives its winner at least 1, so the pace says a match ends within a few deals: no defect.
    Nor is a match to 400 one, which 200 deals cannot win either: at about one game point a
    deal for each side, it ends within some 400 deals."""
    report = deep_check(load_ruleset("schnapsen"), deals=3)
    assert report.matches == 0
    assert not [d for d in report.defects if d.startswith(("match.target", "scoring.game_points"))]
    path = write(tmp_path, "long.yaml", "extends: schnapsen\nname: long\nmatch: {target: 400}\n")
    long = deep_check(load_ruleset(str(path)), deals=200)
    assert long.matches == 0
    assert not [d for d in long.defects if d.startswith("match.target")]


def test_a_winner_scoring_negative_game_points_is_a_defect(tmp_path: Path) -> None:
    """game_points -1 (in a formula that could give 1, but never does with 5 cards a hand: a
    plain "-1" is refused at load): every deal won by declaring or by the higher total takes a
    game point from its winner (rules run then stopped at 1,000 deals with scores of -470).  Random play
    still wins matches through failed closes (2 or 3 to the other side), so the defect is the
    formula's, found deal by deal."""
    path = write(tmp_path, "m.yaml", 'extends: schnapsen\nname: m\nscoring: {game_points: "if tricks > 100 then 1 else -1"}\n')
    report = deep_check(load_ruleset(str(path)), deals=200)
    key = ("scoring.game_points", -1)
    assert set(report.pointless) == {key} and report.pointless[key] == report.scores[-1] > 0
    assert report.defects == [
        f"scoring.game_points: the winner of a deal scored -1 game points (in {report.scores[-1]} of 200 random deals, "
        "deals won on the formula): winning a deal must bring a side closer to match.target"
    ]


def test_deals_that_score_nothing_never_reach_the_target(tmp_path: Path) -> None:
    """game_points 0 (a plain "0" is refused at load, as a formula that never scores), no closing, no declaring (automatic), the higher total wins: every deal
    scores 0 -- nobody ever moves toward 7."""
    path = write(tmp_path, "z.yaml", (
        'extends: schnapsen\nname: z\nscoring: {game_points: "if tricks > 100 then 1 else 0"}\nclosing: {enabled: false}\n'
        "claim: {automatic: true}\nend: {unclaimed: higher_total}\n"
    ))
    report = deep_check(load_ruleset(str(path)), deals=100)
    assert report.matches == 0 and report.gained == 0
    assert "match.target: no deal gave a side any points toward 7 (0 won in 100 random deals, counted one after another)" in report.defects
    assert any(d.startswith("scoring.game_points: the winner of a deal scored 0 game points") for d in report.defects)


def test_the_report_counts_the_matches_won() -> None:
    """Schnapsen, 300 deals of 1 to 3 game points to the winner: a match to 7 takes 3 to 13 deals,
    so between 300 // 13 = 23 and 300 // 3 = 100 matches are won."""
    report = deep_check(load_ruleset("schnapsen"), deals=300)
    assert 23 <= report.matches <= 100
    assert "  matches to 7 won, the deals counted one after another: " + str(report.matches) in report.lines()
    assert report.to_json()["matches"] == report.matches


def test_every_bundled_ruleset_plays_without_deep_defects() -> None:
    """The house rulesets too: their matches end, their rules fire (200 deals each)."""
    for name in sorted(bundled_rulesets()):
        report = deep_check(load_ruleset(name), deals=200)
        assert report.ok, (name, report.defects)


def test_zero_points_for_a_failed_close_blame_closing_fail_points(tmp_path: Path) -> None:
    """fail_points 0: a deal won against the closer scores 0 for its winner.  The formula
    (schnapsen's, 1 to 3) never scores 0, and schnapsen's last trick scores 1: every deal won
    for 0 is one won against the closer, and the defect names closing.fail_points."""
    path = write(tmp_path, "s19.yaml", "extends: schnapsen\nname: s19\nclosing:\n  fail_points: {base: 0, no_trick: 0}\n")
    report = deep_check(load_ruleset(str(path)), deals=200)
    assert set(report.pointless) == {("closing.fail_points", 0)}
    assert report.pointless["closing.fail_points", 0] == report.scores[0] > 0
    assert [d for d in report.defects if "game points (in" in d] == [
        f"closing.fail_points: the winner of a deal scored 0 game points (in {report.scores[0]} of 200 random deals, "
        "deals won against the closer): winning a deal must bring a side closer to match.target"
    ]


def test_marriages_worth_nothing_blame_marriage_values(tmp_path: Path) -> None:
    path = write(tmp_path, "s17.yaml", "extends: schnapsen\nname: s17\nmarriage:\n  values: {plain: 0, trump: 0}\n")
    report = deep_check(load_ruleset(str(path)), deals=200)
    announced = report.fired["marriages announced"]
    assert announced > 0
    assert not any(d.startswith("marriage.counts_after") for d in report.defects)
    assert (f"marriage.values: a marriage is worth 0 (plain) and 0 (trumps), so none counted in the {announced} "
            "of 200 random deals with one announced") in report.defects


def test_a_free_false_declaration_is_a_defect_said_from_the_rules(tmp_path: Path) -> None:
    """The random players declare only when right, so no deal shows it: said from the rules."""
    path = write(tmp_path, "s18.yaml", "extends: schnapsen\nname: s18\nclaim:\n  false_points: {base: 0, opponent_without_trick: 0}\n")
    report = deep_check(load_ruleset(str(path)), deals=20)
    assert report.defects == [
        "claim.false_points: a false declaration gives the other side 0 game points: declaring costs nothing, "
        "and winning a deal so brings nobody closer to match.target"
    ]
