"""What `rules validate` tells a ruleset author: bounds of formulas, misspelt keys, the base a
house file extends, and the static checks made before a deal is played.

Every expectation is worded from docs/authoring.md (what the docs promise), not copied from
the program's output.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from runcli import invoke


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def house(folder: Path, scoring_line: str, name: str = "h.yaml") -> Path:
    return write(folder, name, f"extends: schnapsen\nname: h\nscoring:\n  {scoring_line}\n")


# --- formula bounds (docs/authoring.md, "Bounds") ----------------------------------------


def test_a_flat_sum_of_41_terms_is_valid(tmp_path: Path) -> None:
    path = house(tmp_path, 'game_points: "' + "+".join(["1"] * 41) + '"')
    out = invoke(["validate", str(path)])
    assert out.exit_code == 0, out.stderr


def test_41_nested_parentheses_are_refused_at_the_41st(tmp_path: Path) -> None:
    # `  game_points: "` puts the formula's first character in column 17 of line 4.
    path = house(tmp_path, 'game_points: "' + "(" * 41 + "1" + ")" * 41 + '"')
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    first = out.stderr.splitlines()[0]
    assert first.startswith(f"{path}:4:{17 + 40}: scoring.game_points: ")
    assert "nested 41 deep; at most 40 levels" in first
    assert "(expected a formula nested at most 40 levels deep" in out.stderr
    assert "Traceback" not in out.stderr


def test_100000_parentheses_are_one_message_not_a_crash(tmp_path: Path) -> None:
    path = house(tmp_path, 'game_points: "' + "(" * 100_000 + "1" + ")" * 100_000 + '"')
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert "Traceback" not in out.stderr and "RecursionError" not in out.stderr
    assert out.stderr.count(f"{path}:") == 1
    assert "scoring.game_points" in out.stderr and "200001 characters" in out.stderr
    assert "(expected at most 1000 characters)" in out.stderr


# --- a misspelt extends -------------------------------------------------------------------


def test_misspelt_extends_is_the_only_error(tmp_path: Path) -> None:
    # Every missing key (deal, deck, players, ...) follows from the missing base: the
    # misspelling is what to fix, so it is said alone.
    path = write(tmp_path, "fam.yaml", "extend: schnapsen\nname: fam\nmatch: {target: 9}\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, out.stderr
    assert lines[0].startswith(f"{path}:1:1: extend: unknown key 'extend' (did you mean 'extends'?)")
    assert "(expected extends: the ruleset this file changes" in lines[0]
    assert "missing key" not in out.stderr


def test_missing_keys_stay_reported_without_a_misspelt_extends(tmp_path: Path) -> None:
    # A misspelling of another key explains nothing about the missing ones.
    path = write(tmp_path, "fam.yaml", "name: fam\nmatch: {targt: 9}\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert "missing key 'deck'" in out.stderr
    assert "unknown key 'targt' (did you mean 'target'?)" in out.stderr


# --- an empty base ------------------------------------------------------------------------


def test_an_empty_base_is_said_to_be_empty(tmp_path: Path) -> None:
    # Nothing at all, only a comment, a bare '---' or a null document: no rules to extend.
    for text in ("", "# to do\n", "---\n", "~\n"):
        write(tmp_path, "base.yaml", text)
        path = write(tmp_path, "h.yaml", "extends: base.yaml\nname: h\n")
        out = invoke(["validate", str(path)])
        assert out.exit_code == 2
        assert out.stderr.startswith(f"{path}:1:10: extends: 'base.yaml' is empty: a ruleset to extend must "), (text, out.stderr)
        assert "(expected a ruleset file" in out.stderr
        assert "not valid YAML" not in out.stderr and out.stderr.count("\n") == 1


# --- extends: NAME.yaml with no such file -------------------------------------------------


def test_a_bundled_name_written_as_a_file_is_read_with_a_note(tmp_path: Path) -> None:
    # No schnapsen.yaml beside h.yaml: the bundled schnapsen is the base (files written so
    # keep working), and validate says which file that is, without failing, even --strict.
    from interpreter.rules.resources import bundled_rulesets

    path = write(tmp_path, "h.yaml", "extends: schnapsen.yaml\nname: h\nmatch: {target: 9}\n")
    out = invoke(["validate", "--strict", str(path)])
    assert out.exit_code == 0
    assert out.stdout.startswith(f"{path}: ok")
    note = f"{path}:1:10: extends: note: no file 'schnapsen.yaml' beside this file, so the bundled ruleset 'schnapsen' is used"
    assert note in out.stderr
    assert str(bundled_rulesets()["schnapsen"]) in out.stderr
    assert "(expected extends: schnapsen for the bundled ruleset" in out.stderr
    notes = invoke(["validate", "--json", str(path)]).json()["notes"]
    assert [(n["line"], n["column"], n["path"]) for n in notes] == [(1, 10, "extends")]


def test_a_file_beside_wins_and_a_plain_name_gets_no_note(tmp_path: Path) -> None:
    write(tmp_path, "schnapsen.yaml", "extends: schnapsen\nname: our-schnapsen\nmatch: {target: 5}\n")
    beside = write(tmp_path, "h.yaml", "extends: schnapsen.yaml\nname: h\n")
    plain = write(tmp_path, "p.yaml", "extends: schnapsen\nname: p\n")
    for path in (beside, plain):
        out = invoke(["validate", str(path)])
        assert out.exit_code == 0 and "note:" not in out.stderr, out.stderr
    from interpreter.rules.loader import load_ruleset

    assert load_ruleset(str(beside)).match.target == 5  # the file beside, not the bundled 7


# --- static checks before any deal --------------------------------------------------------


def test_division_by_a_constant_zero_is_refused_at_load(tmp_path: Path) -> None:
    # `  game_points: "points % 0"`: the 0 is the 26th character of line 4.
    path = house(tmp_path, 'game_points: "points % 0"')
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert out.stderr.startswith(f"{path}:4:26: scoring.game_points: division by zero: the divisor of '%' is always 0")
    assert "(expected a divisor that is never 0)" in out.stderr



# --- formulas that fail in play -----------------------------------------------------------

#: `3 // (opponent_tricks - opponent_tricks)` reads names, so it is not refused at load, yet its
#: divisor is 0 whenever a deal is scored: the first deal scored stops the match.  The formula's
#: first character is column 17 of line 4 (`  game_points: "`).
ALWAYS_ZERO = 'game_points: "3 // (opponent_tricks - opponent_tricks)"'
ZERO_DIVISION = (
    "scoring.game_points: division by zero in '3 // (opponent_tricks - opponent_tricks)'"
    " (expected a divisor other than 0)"
)


def test_a_division_by_zero_in_play_says_what_was_expected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Like every other error: where (file:line:col: key path), what, and "(expected ...)"."""
    monkeypatch.chdir(tmp_path)  # the record of the interrupted match is saved here
    path = house(tmp_path, ALWAYS_ZERO)
    out = invoke(["run", str(path), "--seed", "1", "--players", "greedy,greedy"])
    assert out.exit_code == 2
    assert "Traceback" not in out.stderr
    assert out.stderr.splitlines()[-1] == f"{path}:4:17: {ZERO_DIVISION}"


def test_a_division_by_zero_in_play_through_the_api(tmp_path: Path) -> None:
    from interpreter import ExpressionError, GreedyBot, load_ruleset, play_match

    rs = load_ruleset(str(house(tmp_path, ALWAYS_ZERO)))
    with pytest.raises(ExpressionError) as info:
        play_match(rs, [GreedyBot(rs, seed=1), GreedyBot(rs, seed=2)], seed=1)
    assert str(info.value) == f"{tmp_path / 'h.yaml'}:4:17: {ZERO_DIVISION}"


def test_a_value_out_of_range_in_play_says_what_was_expected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The winner has at least 66 points, times 10**12 is past the bound of every value."""
    monkeypatch.chdir(tmp_path)
    path = house(tmp_path, 'game_points: "points * 1000000 * 1000000"')
    out = invoke(["run", str(path), "--seed", "1", "--players", "greedy,greedy"])
    assert out.exit_code == 2
    assert "Traceback" not in out.stderr
    assert out.stderr.splitlines()[-1] == (
        f"{path}:4:17: scoring.game_points: value out of range in 'points * 1000000 * 1000000':"
        " absolute value over 10**12 (expected every value from -10**12 to 10**12)"
    )


BAUERN_CONTRACT = "    - {{bid: 2, name: schnapser, value: 6, goal: points, points: {points}, by_trick: {by}}}\n"


def bauern(folder: Path, points: int, by: int) -> Path:
    """Bauernschnapsen with one contract: 4 players, 20 cards, 5 each, no talon -- 5 tricks; a
    side takes at most 120 card points + 100 for the marriages (40 trump, 3 x 20), no bonus.
    A file name of its own each time: load_ruleset caches by path."""
    return write(folder, f"bt-{points}-{by}.yaml", (
        "extends: house/bauernschnapsen\nname: bt\nbidding:\n  contracts:\n"
        + BAUERN_CONTRACT.format(points=points, by=by) + "  values: [2]\n"
    ))


def test_by_trick_past_the_deals_last_trick_is_refused(tmp_path: Path) -> None:
    assert invoke(["validate", str(bauern(tmp_path, 66, 5))]).exit_code == 0  # the last trick
    path = bauern(tmp_path, 66, 6)
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    first = out.stderr.splitlines()[0]
    assert first.startswith(f"{path}:5:") and "bidding.contracts[0].by_trick: by_trick 6 is past the last trick" in first
    assert "a deal has 5 tricks here" in first
    assert "(expected a trick from 1 to 5, or null for the end of the deal)" in first


def test_contract_points_out_of_reach_are_refused(tmp_path: Path) -> None:
    assert invoke(["validate", str(bauern(tmp_path, 220, 5))]).exit_code == 0
    out = invoke(["validate", str(bauern(tmp_path, 221, 5))])
    assert out.exit_code == 2
    assert "bidding.contracts[0].points: points 221 can never be reached: a side takes at most 220" in out.stderr
    assert "(expected at most 220:" in out.stderr


def test_a_unit_that_makes_every_bid_impossible_is_warned(tmp_path: Path) -> None:
    # North American Sixty-Six (four players): 24 cards of 120 points, no last-trick bonus
    # (A32), marriages 40 + 3 x 20 = 100: a side takes at most 220; bid 1 is the smallest.
    # A warning, not an error: the schema allows bids up to 50 whatever the unit.
    ok = write(tmp_path, "ok.yaml", "extends: north-american-4\nname: ok\nscoring:\n  unit: 220\n")
    out = invoke(["validate", str(ok)])
    assert out.exit_code == 0 and "warning" not in out.stderr
    path = write(tmp_path, "u.yaml", "extends: north-american-4\nname: u\nscoring:\n  unit: 221\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 0
    assert out.stderr.startswith(
        f"{path}:4:9: scoring.unit: warning: no bid can be made: the smallest, 1, needs 1 x unit 221 = 221 card points, "
        "but a side takes at most 220"
    )
    assert "(expected unit x smallest bid at most 220" in out.stderr
    assert invoke(["validate", "--strict", str(path)]).exit_code == 2
    # Where the file sets the bids and the unit is the base's, the bids are what it wrote.
    bids = write(tmp_path, "b.yaml", "extends: north-american-4\nname: b\nbidding: {values: [7, 8], moon: null}\n")
    out = invoke(["validate", str(bids)])
    assert out.exit_code == 0
    assert f"{bids}:3:19: bidding.values: warning: no bid can be made: the smallest, 7, needs 7 x unit 33 = 231" in out.stderr


# --- every message says what is expected --------------------------------------------------

BROKEN = Path(__file__).resolve().parent.parent / "fixtures" / "broken"


def test_every_error_of_the_broken_rulesets_says_what_is_expected() -> None:
    # One broken ruleset per kind of mistake (YAML, schema, consistency, expressions): each
    # error names what would be right, not only what is wrong.
    files = sorted(BROKEN.glob("*.yaml"))
    assert len(files) > 40
    lacking = []
    for path in files:
        out = invoke(["validate", "--json", str(path)])
        for error in out.json()["errors"]:
            if not error["expected"]:
                lacking.append(f"{path.name}: {error['message'].splitlines()[0]}")
    assert lacking == []


def test_representative_messages_state_the_rule(tmp_path: Path) -> None:
    # The expected part states the bound or the form the schema or the rules ask for.
    cases = [
        ("extends: schnapsen\nname: h\ndeal: {hand_size: 0}\n", "deal.hand_size", "(expected 1 or more)"),  # minimum 1
        ("extends: schnapsen\nname: h\nname: i\n", "name", "(expected each key once in a mapping)"),
        ("extends: schnapsen\nname: !!python/name:os h\n", None, "(expected the value without the tag)"),
        ("extends: schnapsen\nname: h\nscoring: {game_points: \"points + (tricks > 1)\"}\n", "scoring.game_points", "(expected a number)"),
        ("extends: schnapsen\nname: h\ndeal: [1\n", None, "(expected valid YAML here"),
    ]
    for i, (text, key, expected) in enumerate(cases):
        path = write(tmp_path, f"c{i}.yaml", text)
        out = invoke(["validate", str(path)])
        assert out.exit_code == 2, text
        if key is not None:
            assert f": {key}: " in out.stderr, out.stderr
        assert expected in out.stderr, out.stderr
