"""`rules new` writes a file that loads whatever the base's title holds (colons, hashes, line breaks)."""

from __future__ import annotations

from pathlib import Path

from interpreter import load_ruleset
from interpreter.text.skeleton import skeleton


def test_a_title_with_a_colon_a_hash_and_a_newline_survives(tmp_path: Path) -> None:
    (tmp_path / "odd.yaml").write_text(
        'extends: schnapsen\nname: odd\ntitle: "Odd: a title\\nwith a newline # and a hash"\n', encoding="utf-8"
    )
    base = load_ruleset(tmp_path / "odd.yaml")
    target = tmp_path / "mine.yaml"
    target.write_text(skeleton(base, "odd.yaml", target), encoding="utf-8")
    house = load_ruleset(target)
    # The title is put on one line, as the comment at the top of the file repeats it.
    assert house.title == "Odd: a title with a newline # and a hash (house rules)"
    assert house.extends == "odd.yaml"


def test_a_plain_title_stays_plain(tmp_path: Path) -> None:
    target = tmp_path / "mine.yaml"
    text = skeleton(load_ruleset("schnapsen"), "schnapsen", target)
    assert "\ntitle: Schnapsen (house rules)\n" in text
