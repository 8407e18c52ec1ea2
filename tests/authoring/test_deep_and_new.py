"""rules validate --deep (playing a ruleset to find rules that never fire) and rules new."""

from __future__ import annotations

from pathlib import Path

import yaml
from typer.testing import CliRunner

from cli.main import app
from interpreter.sim.deep import deep_check
from interpreter.rules.loader import load_ruleset

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
