"""extends: merge rules, where errors are reported, and the bundled house rulesets."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.core.errors import ErrorList, MissingBaseError, RulesetError
from interpreter.rules.extends import merge
from interpreter.rules.loader import load_ruleset
from interpreter.rules.resources import bundled_rulesets


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_mappings_merge_key_by_key() -> None:
    assert merge({"a": {"x": 1, "y": 2}}, {"a": {"y": 3}}) == {"a": {"x": 1, "y": 3}}


def test_lists_and_values_replace() -> None:
    assert merge({"a": [1, 2, 3], "b": 1}, {"a": [9], "b": {"c": 1}}) == {"a": [9], "b": {"c": 1}}


def test_null_removes_a_key() -> None:
    assert merge({"a": {"x": 1, "y": 2}}, {"a": {"x": None}}) == {"a": {"y": 2}}


def test_house_file_overrides_only_what_it_names(tmp_path: Path) -> None:
    path = write(tmp_path, "h.yaml", "extends: schnapsen\nname: h\nmatch: {target: 9}\n")
    rs = load_ruleset(str(path))
    base = load_ruleset("schnapsen")
    assert rs.match.target == 9
    assert rs.extends == "schnapsen"
    # everything else is the base's
    assert rs.exchange == base.exchange
    assert rs.closing == base.closing
    assert rs.deck.cards == base.deck.cards


def test_relative_base_path_and_chains(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "extends: schnapsen\nname: a\nmatch: {target: 9}\n")
    path = write(tmp_path, "b.yaml", "extends: a.yaml\nname: b\nclosing: {min_talon_size: 4}\n")
    rs = load_ruleset(str(path))
    assert (rs.match.target, rs.closing.min_talon_size, rs.closing.timing) == (9, 4, "after_draw")


def test_missing_base_is_located_at_extends_with_a_suggestion(tmp_path: Path) -> None:
    path = write(tmp_path, "h.yaml", "name: h\nextends: schnapsn\n")
    with pytest.raises(MissingBaseError) as info:  # a RulesetError, of its own class for callers (the room) to tell
        load_ruleset(str(path))
    err = info.value
    assert (err.line, err.column, err.path) == (2, 10, "extends")
    assert err.message == "no ruleset 'schnapsn' to extend (did you mean 'schnapsen'?)"


def test_cycle_is_an_error(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "extends: b.yaml\nname: a\n")
    path = write(tmp_path, "b.yaml", "extends: a.yaml\nname: b\n")
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(path))
    assert info.value.message == "extends goes round in a circle: b.yaml -> a.yaml -> b.yaml"
    assert info.value.path == "extends"


def test_a_chain_too_long_is_named_from_the_file_loaded(tmp_path: Path) -> None:
    """c16.yaml -> c15.yaml -> ... -> c0.yaml -> schnapsen is 17 levels, one too many; the error
    once said only "c0.yaml:1:10: more than 16 levels of extends", a file the user never named."""
    write(tmp_path, "c0.yaml", "extends: schnapsen\nname: c0\n")
    for i in range(1, 17):
        write(tmp_path, f"c{i}.yaml", f"extends: c{i - 1}.yaml\nname: c{i}\n")
    assert load_ruleset(str(tmp_path / "c15.yaml")).name == "c15"  # 16 levels: allowed
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(tmp_path / "c16.yaml"))
    chain = " -> ".join(f"c{i}.yaml" for i in range(16, -1, -1)) + " -> schnapsen"
    assert info.value.message == f"more than 16 levels of extends: {chain}"
    assert (info.value.file, info.value.line, info.value.path) == (str(tmp_path / "c0.yaml"), 1, "extends")


def test_a_cycle_through_folders_names_each_file_with_its_folder(tmp_path: Path) -> None:
    """a.yaml -> b.yaml -> sub/c.yaml -> a.yaml, each file as seen from a.yaml's folder: the
    message said "c.yaml", which could be any folder's."""
    (tmp_path / "sub").mkdir()
    write(tmp_path, "b.yaml", "extends: sub/c.yaml\nname: b\n")
    write(tmp_path, "sub/c.yaml", "extends: ../a.yaml\nname: c\n")
    path = write(tmp_path, "a.yaml", "extends: b.yaml\nname: a\n")
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(path), allow_outside=True)  # c.yaml's base is outside its folder
    assert info.value.message == "extends goes round in a circle: a.yaml -> b.yaml -> sub/c.yaml -> a.yaml"
    assert (info.value.file, info.value.line, info.value.column) == (f"{tmp_path}/sub/c.yaml", 1, 10)


def test_type_clash_is_reported_in_the_overriding_file(tmp_path: Path) -> None:
    path = write(tmp_path, "h.yaml", "extends: schnapsen\nname: h\nclosing: 3\n")
    with pytest.raises(ErrorList) as info:
        load_ruleset(str(path))
    err = info.value.errors[0]
    assert (err.file, err.line, err.column, err.path) == (str(path), 3, 10, "closing")
    assert "wrong type" in err.message


def test_error_in_a_base_names_the_base_file(tmp_path: Path) -> None:
    write(tmp_path, "base.yaml", "extends: schnapsen\nname: base\nmatch: {target: 0}\n")
    path = write(tmp_path, "h.yaml", "extends: base.yaml\nname: h\n")
    with pytest.raises(ErrorList) as info:
        load_ruleset(str(path))
    err = info.value.errors[0]
    assert err.file is not None and err.file.endswith("base.yaml")
    assert (err.line, err.path) == (3, "match.target")


def test_semantic_error_from_merged_values_is_located_where_the_value_came_from(tmp_path: Path) -> None:
    # the child removes the nines but keeps the base's points table: the 9's points are in the base
    path = write(tmp_path, "h.yaml", "extends: sechsundsechzig\nname: h\ndeck: {ranks: [A, T, K, Q, J]}\ndeal: {hand_size: 5, packets: [3, 2]}\nexchange: {rank: J}\n")
    with pytest.raises(ErrorList) as info:
        load_ruleset(str(path))
    err = info.value.errors[0]
    assert err.message == f"rank 9 is not in deck.ranks (a value {path} takes from this base)"
    assert err.file == "sechsundsechzig (bundled)"  # not a path in the checkout: it may be in an installed package
    assert err.expected == f"one of: A, T, K, Q, J; deck: {{points: {{9: null}}}} in {path} removes it"
    assert err.path == "deck.points.9"


HOUSE = sorted(name for name in bundled_rulesets() if name.startswith("house/"))


def test_house_rulesets_are_shipped() -> None:
    assert {"house/santase", "house/sharp-schnapsen", "house/soft-schnapsen", "house/sixty-six-20", "house/south-bend"} <= set(HOUSE)


@pytest.mark.parametrize("name", HOUSE)
def test_every_house_ruleset_extends_a_bundled_one(name: str) -> None:
    rs = load_ruleset(name)
    assert rs.extends in bundled_rulesets()


def test_santase_options() -> None:
    """Reference 6.10: match to 11, no marriage on the first lead, no closing before the first
    trick, talon of 3 to exchange and close, failed close always 3."""
    rs = load_ruleset("house/santase")
    assert rs.match.target == 11
    assert rs.marriage.first_lead == "forbidden"
    assert rs.closing.before_first_trick is False
    assert (rs.exchange.min_talon_size, rs.closing.min_talon_size) == (3, 3)
    assert (rs.closing.fail_points.base, rs.closing.fail_points.no_trick) == (3, 3)
    assert rs.deck.size == 24


def test_sharp_schnapsen_options() -> None:
    rs = load_ruleset("house/sharp-schnapsen")
    assert rs.closing.min_talon_size == 4
    assert rs.marriage.first_lead == "forbidden"
    assert rs.exchange.before_first_trick is False
    assert rs.exchange.min_talon_size == 3


def test_twenty_card_sixty_six() -> None:
    rs = load_ruleset("house/sixty-six-20")
    assert rs.deck.size == 20 and rs.deck.total_points == 120
    assert (rs.deal.hand_size, rs.exchange.rank) == (5, "J")
    assert rs.end.last_trick_bonus == 10  # still Sechsundsechzig's end rule


def test_south_bend_plays_to_fifteen() -> None:
    assert load_ruleset("house/south-bend").match.target == 15


def test_a_ruleset_knows_the_files_of_its_bases_nearest_first(tmp_path: Path) -> None:
    """What a run reads (and so must never write over) is the house file and each base in turn."""
    from interpreter import load_ruleset

    (tmp_path / "mid.yaml").write_text("extends: house/santase\nname: mid\n", encoding="utf-8")
    (tmp_path / "top.yaml").write_text("extends: mid.yaml\nname: top\n", encoding="utf-8")
    rs = load_ruleset(tmp_path / "top.yaml")
    assert [p.name for p in rs.bases] == ["mid.yaml", "santase.yaml", "sechsundsechzig.yaml"]
