"""`rules new`: the file it writes reads back as what was meant, whatever the base and the name.

Every value the skeleton writes -- ``extends``, ``name``, ``title`` and each commented hint,
once uncommented -- must load with ``yaml.safe_load`` to the intended value; the title never
says "(house rules)" twice; FILE must be a rule file name (``.yaml`` / ``.yml``); a name with
accented letters gives an ASCII machine name.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from interpreter import load_ruleset
from interpreter.rules.resources import bundled_rulesets
from runcli import invoke

#: A commented hint of the skeleton: ``#   key: value    # meaning`` (or a section ``# name:``),
#: and the lines of a text written as a block scalar under its key (``#     line``, ``#`` if empty).
_HINT = re.compile(r"#   (?P<key>[a-z_]+): (?P<rest>.*)$")
_SECTION = re.compile(r"# (?P<section>[a-z_]+):$")
_BLOCK_LINE = re.compile(r"#     .*")


def uncommented(text: str) -> dict[str, Any]:
    """The file as a person would have it after uncommenting every hint, read with safe_load."""
    lines = []
    in_block = False
    for line in text.splitlines():
        hint = _HINT.fullmatch(line)
        if _SECTION.fullmatch(line) or hint or (in_block and _BLOCK_LINE.fullmatch(line)):
            line = line[2:]
        elif in_block and line == "#":
            line = ""
        else:
            in_block = False
        if hint:
            in_block = hint["rest"].startswith("|")
        lines.append(line)
    data = yaml.safe_load("\n".join(lines) + "\n")
    assert isinstance(data, dict)
    return data


def new(tmp_path: Path, name: str, base: str) -> tuple[int, str, Path]:
    target = tmp_path / name
    out = invoke(["new", str(target), "--from", base])
    return out.exit_code, out.stdout + out.stderr, target


def test_a_house_rule_made_from_a_house_rule_is_not_titled_twice(tmp_path: Path) -> None:
    code, said, first = new(tmp_path, "first.yaml", "schnapsen")
    assert code == 0, said
    code, said, second = new(tmp_path, "second.yaml", str(first))
    assert code == 0, said
    assert yaml.safe_load(second.read_text(encoding="utf-8"))["title"] == "Schnapsen (house rules)"
    assert load_ruleset(second).title == "Schnapsen (house rules)"


def test_a_base_titled_as_house_rules_keeps_its_title(tmp_path: Path) -> None:
    (tmp_path / "ours.yaml").write_text("extends: schnapsen\nname: ours\ntitle: Our Schnapsen (House Rules)\n", encoding="utf-8")
    code, said, target = new(tmp_path, "mine.yaml", str(tmp_path / "ours.yaml"))
    assert code == 0, said
    assert load_ruleset(target).title == "Our Schnapsen (House Rules)"


def test_a_formula_written_as_a_block_scalar_is_a_commented_block_that_reads_back(tmp_path: Path) -> None:
    # A literal block scalar ends the formula with a line break: written as it was, the hint
    # ran onto a second, uncommented line and the new file did not parse at all.
    (tmp_path / "lit.yaml").write_text(
        "extends: schnapsen\nname: lit\nscoring:\n  game_points: |\n    points//40+1\n", encoding="utf-8"
    )
    code, said, target = new(tmp_path, "mine.yaml", str(tmp_path / "lit.yaml"))
    assert code == 0, said
    text = target.read_text(encoding="utf-8")
    assert text.endswith("#   game_points: |    # game points of a deal (an expression)\n#     points//40+1\n")
    assert yaml.safe_load(text) == {"extends": "lit.yaml", "name": "mine", "title": "Schnapsen (house rules)"}
    data = uncommented(text)
    assert data["scoring"] == {"game_points": "points//40+1\n"}
    assert data["match"] == {"target": 7}
    assert data["closing"]["fail_points"] == {"base": 2, "basis": "at_close", "no_trick": 3}
    assert load_ruleset(target).title == "Schnapsen (house rules)"


#: A formula over two lines in the base, and its hint as a person reads it: the base's lines,
#: each commented under the key, never one quoted line with the line breaks as ``\x0a``.
TWO_LINES = "if opponent_tricks == 0 then 3\nelse if opponent_points < 33 then 2 else 1"
TWO_LINES_HINT = (
    "#   game_points: {header}    # game points of a deal (an expression)\n"
    "#     if opponent_tricks == 0 then 3\n"
    "#     else if opponent_points < 33 then 2 else 1\n"
)


@pytest.mark.parametrize(
    ("written", "value", "header"),
    [
        # a literal block: one line break at the end, kept by `|`
        ("|\n    if opponent_tricks == 0 then 3\n    else if opponent_points < 33 then 2 else 1\n", TWO_LINES + "\n", "|"),
        # a double-quoted text with a line break inside and none at the end: `|-`
        ('"if opponent_tricks == 0 then 3\\nelse if opponent_points < 33 then 2 else 1"', TWO_LINES, "|-"),
    ],
)
def test_a_formula_of_several_lines_is_offered_as_a_block_that_reads_as_written(
    tmp_path: Path, written: str, value: str, header: str
) -> None:
    (tmp_path / "two.yaml").write_text(f"extends: schnapsen\nname: two\nscoring:\n  game_points: {written}\n", encoding="utf-8")
    assert load_ruleset(tmp_path / "two.yaml").data["scoring"]["game_points"] == value
    code, said, target = new(tmp_path, "mine.yaml", str(tmp_path / "two.yaml"))
    assert code == 0, said
    text = target.read_text(encoding="utf-8")
    assert "\\x0a" not in text
    assert text.endswith("# scoring:\n" + TWO_LINES_HINT.format(header=header))
    # the file as written is its base; uncommented, the hint gives the base's formula back exactly
    assert load_ruleset(target).data["scoring"]["game_points"] == value
    mine = tmp_path / "uncommented.yaml"
    mine.write_text(yaml.safe_dump(uncommented(text)), encoding="utf-8")
    assert load_ruleset(mine).data["scoring"]["game_points"] == value


def test_a_text_a_block_would_not_keep_exactly_stays_one_quoted_line(tmp_path: Path) -> None:
    # Two line breaks at the end: a block (`|+`) would run on into the lines after it once
    # uncommented, so the hint keeps the one-line quoted form, which reads back exactly.
    (tmp_path / "two.yaml").write_text('extends: schnapsen\nname: two\nscoring:\n  game_points: "points // 40\\n\\n"\n', encoding="utf-8")
    code, said, target = new(tmp_path, "mine.yaml", str(tmp_path / "two.yaml"))
    assert code == 0, said
    text = target.read_text(encoding="utf-8")
    assert text.endswith('#   game_points: "points // 40\\x0a\\x0a"    # game points of a deal (an expression)\n')
    assert uncommented(text)["scoring"] == {"game_points": "points // 40\n\n"}


@pytest.mark.parametrize("name", sorted(bundled_rulesets()))
def test_every_hint_for_a_bundled_base_reads_back_as_the_bases_value(tmp_path: Path, name: str) -> None:
    code, said, target = new(tmp_path, "mine.yaml", name)
    assert code == 0, said
    base = load_ruleset(name).data
    data = uncommented(target.read_text(encoding="utf-8"))
    hinted = [(section, key) for section, values in data.items() if isinstance(values, dict) for key in values]
    assert hinted, "no hint was written"
    for section, key in hinted:
        value = data[section][key]
        if isinstance(value, dict):  # members without an effect are left out of a mapping
            assert value.items() <= base[section][key].items(), (section, key)
        else:
            assert value == base[section][key], (section, key)


def test_file_names_that_would_break_the_comments_are_shown_quoted_on_one_line(tmp_path: Path) -> None:
    # (a line break in the name is refused: tests/cli/test_new_control_characters.py)
    odd = "ours: new #1 name: x.yaml"
    code, said, target = new(tmp_path, odd, "schnapsen")
    assert code == 0, said
    text = target.read_text(encoding="utf-8")
    # the commands in the comments stay comments; the keys are the skeleton's own
    assert yaml.safe_load(text) == {"extends": "schnapsen", "name": "ours-new-1-name-x", "title": "Schnapsen (house rules)"}
    assert "#   rules validate 'ours: new #1 name: x.yaml' --deep\n" in text


@pytest.mark.parametrize("name", ["house.txt", "house", "house.yaml.bak", ".yaml"])
def test_a_file_name_without_a_yaml_suffix_is_refused(tmp_path: Path, name: str) -> None:
    out = invoke(["new", str(tmp_path / name), "--from", "schnapsen"])
    assert out.exit_code == 2
    lines = out.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"error: FILE: {tmp_path / name} is not a rule file name (expected a name ending in .yaml or .yml")
    assert list(tmp_path.iterdir()) == []


def test_the_refusal_proposes_the_yaml_name(tmp_path: Path) -> None:
    out = invoke(["new", str(tmp_path / "house.txt"), "--from", "schnapsen"])
    assert out.stderr.strip().endswith(f"; e.g. {tmp_path / 'house.yaml'})")


@pytest.mark.parametrize("name", ["house.yml", "HOUSE.YAML"])
def test_yml_and_capitals_are_rule_file_names(tmp_path: Path, name: str) -> None:
    code, said, target = new(tmp_path, name, "schnapsen")
    assert code == 0, said
    assert load_ruleset(target).name == "house"


def test_accented_letters_keep_their_base_letter_in_the_machine_name(tmp_path: Path) -> None:
    code, said, target = new(tmp_path, "Ünï Schnäpsen.yaml", "schnapsen")
    assert code == 0, said
    rs = load_ruleset(target)
    assert rs.name == "uni-schnapsen"
    assert rs.title == "Schnapsen (house rules)"
    assert f"rules validate '{target}' --deep" in said  # a name with a space is quoted for the shell


def test_a_name_without_latin_letters_gets_the_generic_machine_name(tmp_path: Path) -> None:
    code, said, target = new(tmp_path, "Шнапсен.yaml", "schnapsen")
    assert code == 0, said
    assert load_ruleset(target).name == "house-rules"
