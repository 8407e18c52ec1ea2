"""Options a house file sets that have no effect: warned by `rules validate`, shown by `rules diff`,
never suggested by `rules new`.

The expectations are worked out from the rules: North American Sixty-Six is scored in units
(``scoring.game_points`` and ``end.tie`` belong to game-point scoring), has no closing (so no
marriages after closing) and no talon (so no marriages after it is exhausted).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml
from typer.testing import CliRunner

from cli.main import app
from interpreter import bundled_rulesets, load_ruleset
from interpreter.rules.relevance import is_relevant
from interpreter.text.diff import diff_rulesets

runner = CliRunner()

#: The issue's file: four keys, none of which does anything in North American Sixty-Six.
INERT_NA = (
    "extends: north-american-4\n"
    "name: na-inert\n"
    "scoring:\n"
    "  game_points: '3'\n"
    "marriage:\n"
    "  after_close: false\n"
    "  after_exhaustion: false\n"
    "end:\n"
    "  tie: next_deal_bonus\n"
)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_warnings_name_exactly_the_inert_keys(tmp_path: Path) -> None:
    rs = load_ruleset(write(tmp_path, "na.yaml", INERT_NA))
    found = [(w.path, w.line, w.column, w.message) for w in rs.warnings]
    assert found == [
        ("scoring.game_points", 4, 3, "has no effect: scoring.method is units"),
        ("marriage.after_close", 6, 3, "has no effect: closing.enabled is false, so the talon is never closed"),
        ("marriage.after_exhaustion", 7, 3, "has no effect: deal.talon is false, so there is no talon to be exhausted"),
        ("end.tie", 9, 3, "has no effect: scoring.method is units"),
    ]
    assert {w.file for w in rs.warnings} == {str(tmp_path / "na.yaml")}
    assert all(w.expected == "this key left out" for w in rs.warnings)


def test_a_house_file_that_only_changes_what_matters_has_no_warnings(tmp_path: Path) -> None:
    path = write(tmp_path, "h.yaml", "extends: north-american-4\nname: h\nmatch: {target: 15}\nbidding: {all_pass: dealer_must_bid}\n")
    assert load_ruleset(path).warnings == ()
    for name in bundled_rulesets():
        assert load_ruleset(name).warnings == (), name  # a complete rule sheet may state what never arises


def test_a_switched_off_section_makes_its_members_inert_but_not_the_switch(tmp_path: Path) -> None:
    path = write(tmp_path, "h.yaml", "extends: sechsundsechzig\nname: h\nclosing: {enabled: false, min_talon_size: 3}\nmarriage: {after_close: true}\n")
    rs = load_ruleset(path)
    assert [(w.path, w.message) for w in rs.warnings] == [
        ("closing.min_talon_size", "has no effect: closing.enabled is false"),
        ("marriage.after_close", "has no effect: closing.enabled is false, so the talon is never closed"),
    ]


def test_a_whole_inert_mapping_is_one_warning(tmp_path: Path) -> None:
    path = write(tmp_path, "h.yaml", "extends: sechsundsechzig\nname: h\nclosing: {enabled: false, fail_points: {base: 3, no_trick: 3}}\n")
    assert [w.path for w in load_ruleset(path).warnings] == ["closing.fail_points"]


def test_validate_warns_exit_0_and_strict_exits_2(tmp_path: Path) -> None:
    path = write(tmp_path, "na.yaml", INERT_NA)
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 0
    assert f"{path}: valid, with 4 warnings (North American Sixty-Six (four players, partnerships))" in result.stdout
    assert f"{path}:4:3: scoring.game_points: warning: has no effect: scoring.method is units (expected this key left out)" in result.stderr
    strict = runner.invoke(app, ["validate", str(path), "--strict"])
    assert strict.exit_code == 2
    assert f"{path}: 4 warnings, not ok with --strict" in strict.stdout
    clean = runner.invoke(app, ["validate", "house/south-bend", "--strict"])
    assert clean.exit_code == 0 and clean.stdout == "house/south-bend: ok (North American Sixty-Six, South Bend (game to 15))\n"


def test_validate_json_gives_every_problem_with_its_place(tmp_path: Path) -> None:
    warned = write(tmp_path, "na.yaml", INERT_NA)
    broken = write(tmp_path, "bad.yaml", "extends: schnapsen\nname: bad\nmarriage: {first_lead: no}\nclosing: false\n")
    result = runner.invoke(app, ["validate", str(warned), str(broken), "schnapsen", "--json"])
    assert result.exit_code == 2  # bad.yaml
    assert result.stderr == ""
    first, second, third = (json.loads(line) for line in result.stdout.splitlines())
    assert first["file"] == str(warned) and first["ok"] is True and first["errors"] == []
    assert [w["path"] for w in first["warnings"]] == ["scoring.game_points", "marriage.after_close", "marriage.after_exhaustion", "end.tie"]
    assert first["warnings"][0] == {
        "file": str(warned), "line": 4, "column": 3, "path": "scoring.game_points",
        "message": "has no effect: scoring.method is units", "expected": "this key left out",
    }
    assert second["ok"] is False and second["title"] is None
    assert (second["errors"][0]["line"], second["errors"][0]["column"], second["errors"][0]["path"]) == (3, 24, "marriage.first_lead")
    assert third == {"file": "schnapsen", "ok": True, "title": "Schnapsen", "errors": [], "warnings": [], "notes": []}
    strict = runner.invoke(app, ["validate", str(warned), "--json", "--strict"])
    assert strict.exit_code == 2 and json.loads(strict.stdout)["ok"] is False


def test_validate_json_lists_every_schema_error(tmp_path: Path) -> None:
    path = write(tmp_path, "two.yaml", "extends: schnapsen\nname: two\nmatch: {targett: 9}\nplay: {head: beat}\n")
    [out] = [json.loads(line) for line in runner.invoke(app, ["validate", str(path), "--json"]).stdout.splitlines()]
    assert [(e["line"], e["path"]) for e in out["errors"]] == [(3, "match.targett"), (4, "play.head")]


def test_diff_shows_the_settings_without_effect(tmp_path: Path) -> None:
    path = write(tmp_path, "na.yaml", INERT_NA)
    result = runner.invoke(app, ["diff", "north-american-4", str(path)])
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "Name: north-american-4 → na-inert",
        "Game points formula: 3 (no effect: scoring.method is units)",
        "Marriages after closing: not allowed (no effect: closing.enabled is false, so the talon is never closed)",
        "Marriages after the talon is exhausted: not allowed (no effect: deal.talon is false, so there is no talon to be exhausted)",
        "Equal totals: a drawn deal, one game point more for the next deal's winner (no effect: scoring.method is units)",
    ]
    as_json = json.loads(runner.invoke(app, ["diff", "north-american-4", str(path), "--json"]).stdout)
    assert [(c["path"], c["effect"]) for c in as_json] == [
        ("name", True), ("scoring.game_points", False), ("marriage.after_close", False),
        ("marriage.after_exhaustion", False), ("end.tie", False),
    ]
    # the rulebook's list of differences holds only the changes that change something
    assert [c.path for c in diff_rulesets(load_ruleset("north-american-4"), load_ruleset(path))] == ["name"]


def _offered(text: str) -> set[str]:
    """The ``section.key`` options a skeleton lists (commented out)."""
    found, section = set(), None
    for line in text.splitlines():
        if m := re.fullmatch(r"# (\w+):", line):
            section = m.group(1)
        elif (m := re.match(r"#   (\w+): ", line)) and section is not None:
            found.add(f"{section}.{m.group(1)}")
    return found


def test_the_north_american_skeleton_offers_what_matters_there(tmp_path: Path) -> None:
    target = tmp_path / "na-house.yaml"
    assert runner.invoke(app, ["new", str(target), "--from", "north-american-4"]).exit_code == 0
    offered = _offered(target.read_text(encoding="utf-8"))
    assert {"bidding.all_pass", "bidding.moon", "bidding.values", "match.target", "match.bidder_goes_out"} <= offered
    assert not offered & {"scoring.game_points", "marriage.after_close", "marriage.after_exhaustion", "end.tie",
                          "closing.enabled", "exchange.enabled", "claim.target"}


def test_the_sechsundsechzig_skeleton_offers_the_switches(tmp_path: Path) -> None:
    target = tmp_path / "h.yaml"
    runner.invoke(app, ["new", str(target), "--from", "sechsundsechzig"])
    offered = _offered(target.read_text(encoding="utf-8"))
    assert {"closing.enabled", "exchange.enabled", "end.tie", "marriage.after_close", "marriage.after_exhaustion"} <= offered
    # no auction in Sechsundsechzig; the exchanger needs a trick, so "before the first trick" says nothing
    assert not offered & {"bidding.values", "match.bidder_goes_out", "exchange.before_first_trick"}


def test_every_skeleton_uncommented_is_its_base_without_warnings(tmp_path: Path) -> None:
    for base in ("sechsundsechzig", "schnapsen", "north-american-4", "north-american-3", "house/santase"):
        target = tmp_path / (base.replace("/", "-") + "-copy.yaml")
        runner.invoke(app, ["new", str(target), "--from", base, "--force"])
        text = target.read_text(encoding="utf-8")
        assert "\n# description: >-\n" in text
        assert _offered(text) and all(is_relevant(p, load_ruleset(base).data) for p in _offered(text))
        lines = []
        for line in text.splitlines():
            if re.fullmatch(r"# \w+:", line) or re.match(r"#   \w+: ", line):
                line = line[2:]  # uncomment the offered option (the value is the base's)
            lines.append(line)
        target.write_text("\n".join(lines) + "\n", encoding="utf-8")
        copy = load_ruleset(target)
        assert copy.warnings == (), base
        assert [c.path for c in diff_rulesets(load_ruleset(base), copy)] == ["name"], base
        assert yaml.safe_load(text)["extends"] == base


#: A house file that sets a whole mapping of options where its section is off: North American
#: Sixty-Six has no closing and no claiming, and this file switches marriages off too.
INERT_MAPPINGS = (
    "extends: north-american-4\n"
    "name: na-maps\n"
    "marriage: {enabled: false, values: {plain: 30}}\n"
    "claim:\n"
    "  false_points: {base: 4, opponent_without_trick: 5}\n"
    "closing:\n"
    "  fail_points: {base: 3}\n"
)


def test_diff_words_a_mapping_set_without_effect_member_by_member(tmp_path: Path) -> None:
    # the value shown is the ruleset's at that key: the members the file leaves out come from
    # the base (marriage in trumps 40 in north-american-4) or from the schema's defaults
    # (a failed close, opponent without a trick: 3; its tricks counted at the close); the
    # members are in the schema's order, one '; ' between them (a label may hold a comma)
    path = write(tmp_path, "na-maps.yaml", INERT_MAPPINGS)
    result = runner.invoke(app, ["diff", "north-american-4", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "Name: north-american-4 → na-maps",
        "Marriages: scored → none",
        "Marriage: values: marriage in a plain suit 30 points; marriage in trumps 40 points"
        " (no effect: marriage.enabled is false)",
        "Claim: false points: wrong declaration 4 game points; wrong declaration, opponent without a trick 5 game points"
        " (no effect: claim.enabled is false)",
        "Closing: fail points: failed close 3 game points; failed close, opponent without a trick 3 game points;"
        " failed close, opponent's tricks counted when the talon was closed (no effect: closing.enabled is false)",
    ]
    as_json = json.loads(runner.invoke(app, ["diff", "north-american-4", str(path), "--json"]).stdout)
    assert [(c["path"], c["old"], c["new"], c["effect"]) for c in as_json[2:]] == [
        ("marriage.values", {"plain": 20, "trump": 40}, {"plain": 30, "trump": 40}, False),
        ("claim.false_points", {"base": 2, "opponent_without_trick": 3}, {"base": 4, "opponent_without_trick": 5}, False),
        ("closing.fail_points", {"base": 2, "no_trick": 3, "basis": "at_close"}, {"base": 3, "no_trick": 3, "basis": "at_close"}, False),
    ]


def test_a_list_or_a_mapping_without_words_of_its_own_is_worded_not_a_type_error() -> None:
    # value_words is public: a list (unhashable) at a key without WORDS is written as YAML,
    # never looked up among the schema's value meanings
    from interpreter.text.diff import value_words

    rs = load_ruleset("schnapsen")
    assert value_words("deck.suits", ["c", "s"], rs) == ("[c, s]", "")
    assert value_words("marriage.values", {"trump": 40, "plain": 20}, rs) == (
        "marriage in a plain suit 20 points; marriage in trumps 40 points", "")
