"""Every message a new user met in the issue gives the one step that fixes it.

Each case is a small house file with one mistake; the expected line is written out by hand:
where (file:line:column), the key path, what is wrong, and a fix that works when applied -- the
tests apply the suggested fix and check that the file then loads.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from interpreter import load_ruleset
from interpreter.core.errors import RulesError

runner = CliRunner()


def first_error(folder: Path, text: str, name: str = "h.yaml") -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        load_ruleset(path)
    errors = getattr(caught.value, "errors", [caught.value])
    return str(errors[0]).replace(str(path), name)


def loads(folder: Path, text: str) -> None:
    path = folder / "fixed.yaml"
    path.write_text(text, encoding="utf-8")
    load_ruleset(path)


HEAD = "extends: sechsundsechzig\nname: h\n"


def test_a_yaml_11_no_names_the_value_meant(tmp_path: Path) -> None:
    # `no` is not a boolean in YAML 1.2, and first_lead is not a boolean either: say what it takes
    assert first_error(tmp_path, HEAD + "marriage: {first_lead: no}\n") == (
        "h.yaml:3:24: marriage.first_lead: 'no' is a YAML 1.1 boolean, not one of the values of this key "
        "(did you mean 'forbidden'?) (expected one of: allowed, forbidden)"
    )
    loads(tmp_path, HEAD + "marriage: {first_lead: forbidden}\n")


def test_false_for_an_enum_suggests_its_no_word(tmp_path: Path) -> None:
    assert first_error(tmp_path, HEAD + "marriage: {first_lead: false}\n") == (
        "h.yaml:3:24: marriage.first_lead: false is not allowed (did you mean 'forbidden'?) "
        "(expected one of: allowed, forbidden)"
    )


def test_a_yaml_11_boolean_for_a_boolean_key_says_which(tmp_path: Path) -> None:
    assert first_error(tmp_path, HEAD + "exchange: {requires_trick_won: no}\n") == (
        "h.yaml:3:32: exchange.requires_trick_won: 'no' is a YAML 1.1 boolean, which rule files do not read; "
        "write false (expected true or false)"
    )
    assert first_error(tmp_path, HEAD + "closing: {before_first_trick: on}\n").endswith("write true (expected true or false)")


def test_a_yaml_11_boolean_for_a_text_key_is_quoted(tmp_path: Path) -> None:
    assert first_error(tmp_path, "extends: sechsundsechzig\nname: h\ntitle: yes\n") == (
        "h.yaml:3:8: title: 'yes' is a YAML 1.1 boolean; quote it to write the text (expected \"yes\")"
    )
    loads(tmp_path, 'extends: sechsundsechzig\nname: h\ntitle: "yes"\n')


def test_a_ten_written_10_suggests_t(tmp_path: Path) -> None:
    assert first_error(tmp_path, "extends: schnapsen\nname: h\ndeck: {ranks: [A, 10, K, Q, J]}\n") == (
        "h.yaml:3:19: deck.ranks[1]: 10 is not allowed (did you mean 'T'?) (expected one of: A, T, K, Q, J, 9, 8, 7)"
    )
    assert "(did you mean 'T'?)" in first_error(tmp_path, "extends: schnapsen\nname: h\nexchange: {rank: 10}\n")
    loads(tmp_path, "extends: schnapsen\nname: h\ndeck: {ranks: [A, T, K, Q, J]}\n")


def test_a_single_equals_sign_suggests_two(tmp_path: Path) -> None:
    message = first_error(tmp_path, HEAD + 'scoring: {game_points: "if opponent_tricks = 0 then 3 else 1"}\n')
    assert message.startswith("h.yaml:3:44: scoring.game_points: syntax error: unexpected '='\n")
    assert message.endswith("; did you mean '=='?)")
    loads(tmp_path, HEAD + 'scoring: {game_points: "if opponent_tricks == 0 then 3 else 1"}\n')


@pytest.mark.parametrize(("written", "meant"), [("<>", "!="), ("=>", ">="), ("&&", "and"), ("/", "//")])
def test_operators_of_other_languages_name_ours(tmp_path: Path, written: str, meant: str) -> None:
    formula = f"if points {written} 3 then 1 else 2" if written not in ("&&", "/") else (
        "if points > 1 && tricks > 1 then 1 else 2" if written == "&&" else "points / 3"
    )
    assert first_error(tmp_path, HEAD + f'scoring: {{game_points: "{formula}"}}\n').endswith(f"; did you mean '{meant}'?)")


def test_a_tab_gets_a_plain_sentence(tmp_path: Path) -> None:
    assert first_error(tmp_path, HEAD + "match:\n\ttarget: 5\n") == (
        "h.yaml:4:1: a tab character here: YAML indents with spaces only, and a tab cannot start a value "
        "(expected spaces instead of the tab)"
    )


def test_a_bad_name_gets_a_name_not_a_regular_expression(tmp_path: Path) -> None:
    message = first_error(tmp_path, "extends: sechsundsechzig\nname: My House\n")
    assert message == (
        "h.yaml:2:7: name: 'My House' is not in the required form (did you mean 'my-house'?) "
        "(expected lower-case letters, digits and hyphens)"
    )
    assert "[a-z" not in message
    loads(tmp_path, "extends: sechsundsechzig\nname: my-house\n")


def test_a_section_written_as_a_switch_shows_the_switch(tmp_path: Path) -> None:
    assert first_error(tmp_path, HEAD + "closing: false\n") == (
        "h.yaml:3:10: closing: wrong type: got boolean false (expected a mapping, such as closing: {enabled: false})"
    )
    loads(tmp_path, HEAD + "closing: {enabled: false}\n")
    assert first_error(tmp_path, "extends: north-american-4\nname: h\nbidding: {moon: false}\n").endswith(
        "(expected a mapping, or moon: null for none)"
    )


def test_an_error_in_a_bundled_base_names_the_base_not_a_checkout_path(tmp_path: Path) -> None:
    assert first_error(tmp_path, "extends: schnapsen\nname: h\ndeal: {hand_size: 6}\n") == (
        "schnapsen (bundled):24:12: deal.packets: packets add up to 5 cards, but deal.hand_size is 6 "
        "(a value h.yaml takes from this base) (expected packets that add up to 6)"
    )


def test_dropping_the_moon_bid_says_how_to_drop_the_moon(tmp_path: Path) -> None:
    text = "extends: north-american-4\nname: h\nbidding: {values: [1, 2, 3, 4]}\n"
    assert first_error(tmp_path, text) == (
        "north-american-4 (bundled):68:10: bidding.moon.bid: the moon bid 5 is not one of the bids (1, 2, 3, 4) "
        "(a value h.yaml takes from this base) "
        "(expected a value in bidding.values, or bidding: {moon: null} for a game without a moon)"
    )
    loads(tmp_path, "extends: north-american-4\nname: h\nbidding: {values: [1, 2, 3, 4], moon: null}\n")


def test_a_rank_the_base_gives_points_for_says_how_to_remove_it(tmp_path: Path) -> None:
    text = "extends: sechsundsechzig\nname: h\ndeck: {ranks: [A, T, K, Q, J]}\ndeal: {hand_size: 5, packets: [3, 2]}\nexchange: {rank: J}\n"
    assert first_error(tmp_path, text).endswith(
        "(expected one of: A, T, K, Q, J; deck: {points: {9: null}} in h.yaml removes it)"
    )
    loads(tmp_path, text.replace("deck: {ranks: [A, T, K, Q, J]}", "deck: {ranks: [A, T, K, Q, J], points: {9: null}}"))


@pytest.mark.parametrize(("typed", "meant"), [("schnapn", "schnapsen"), ("sechsundsechig", "sechsundsechzig"), ("santase", "house/santase"), ("north-american4", "north-american-4")])
def test_a_misspelt_ruleset_name_on_the_command_line_gets_a_suggestion(typed: str, meant: str) -> None:
    with pytest.raises(RulesError) as caught:
        load_ruleset(typed)
    assert caught.value.message == f"no ruleset file or bundled ruleset named '{typed}' (did you mean '{meant}'?)"
    for command in (["validate", typed], ["describe", typed], ["run", typed, "--deals", "1"], ["diff", "schnapsen", typed]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2
        assert f"(did you mean '{meant}'?)" in result.stderr, command


def test_a_misspelt_file_name_gets_the_file_beside_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "family.yaml").write_text("extends: schnapsen\nname: family\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RulesError, match=r"named 'famly.yaml' \(did you mean 'family.yaml'\?\)"):
        load_ruleset("famly.yaml")


def test_validate_expands_a_folder(tmp_path: Path) -> None:
    """Every file a single argument would be read as: ``.yaml`` and ``.yml`` in any case, below
    the folder too (a ``.yml`` file was skipped, so a folder check passed without reading it)."""
    (tmp_path / "house" / "sub").mkdir(parents=True)
    (tmp_path / "house" / "b.yaml").write_text("extends: schnapsen\nname: b\n", encoding="utf-8")
    (tmp_path / "house" / "a.yaml").write_text("extends: schnapsen\nname: a\n", encoding="utf-8")
    (tmp_path / "house" / "c.yml").write_text("extends: schnapsen\nname: c\n", encoding="utf-8")
    (tmp_path / "house" / "sub" / "D.YAML").write_text("extends: schnapsen\nname: d\ndeal: {talon: maybe}\n", encoding="utf-8")
    (tmp_path / "house" / "notes.txt").write_text("not a ruleset", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(tmp_path / "house")])
    assert result.exit_code == 2  # D.YAML was read: its talon is no boolean
    assert result.stdout == "".join(f"{tmp_path}/house/{f}: ok (Schnapsen)\n" for f in ("a.yaml", "b.yaml", "c.yml"))
    assert result.stderr.startswith(f"{tmp_path}/house/sub/D.YAML:3:15: deal.talon: ")
    (tmp_path / "empty").mkdir()
    empty = runner.invoke(app, ["validate", str(tmp_path / "empty")])
    assert empty.exit_code == 2
    assert empty.stderr == f"{tmp_path}/empty: the folder has no .yaml or .yml files (expected a folder of rule files, or a file)\n"
