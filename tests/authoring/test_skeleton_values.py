"""The allowed values ``rules new`` lists beside an option (``# redeal | dealer_must_bid |
play: when everybody passes``) are the schema's, all of them: typed by hand they left out
``play``, which the schema allows for bidding.all_pass."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from interpreter import load_ruleset
from interpreter.rules.resources import bundled_rulesets
from interpreter.text.skeleton import COMMON, offered, skeleton

SCHEMA = json.loads((Path(__file__).parents[2] / "schema" / "ruleset.schema.json").read_text(encoding="utf-8"))


def schema_enum(section: str, key: str) -> list[str] | None:
    """The values the schema file allows for ``section.key``, read here without the project's helpers."""
    node = SCHEMA["properties"][section]["properties"][key]
    return node.get("enum")


def listed(meaning: str) -> list[str] | None:
    """The values a hint's meaning lists (``a | b | c`` at its start), or None."""
    found = re.match(r"(\w+(?: \| \w+)+)", meaning)
    return found.group(1).split(" | ") if found else None


def test_the_north_american_all_pass_hint_lists_play(tmp_path: Path) -> None:
    text = skeleton(load_ruleset("north-american-2"), "north-american-2", tmp_path / "kid.yaml")
    assert "#   all_pass: redeal    # redeal | dealer_must_bid | play: when everybody passes\n" in text


@pytest.mark.parametrize("base", sorted(bundled_rulesets()))
def test_every_listed_value_set_is_the_schemas(base: str) -> None:
    seen = 0
    for section, key, meaning in offered(load_ruleset(base)):
        values, allowed = listed(meaning), schema_enum(section, key)
        if allowed is not None:  # a key with a fixed set of values says them all, in the schema's order
            assert values == allowed, (section, key, meaning)
            seen += 1
        else:
            assert values is None, (section, key, meaning)
    assert seen >= 1  # every base offers at least the dealer's rotation


def test_every_common_key_with_values_lists_them() -> None:
    """Whichever base offers it: the keys of COMMON whose schema lists values."""
    keys = {(section, key) for section, key, _ in COMMON if schema_enum(section, key) is not None}
    assert keys == {("dealer", "rotation"), ("marriage", "first_lead"), ("end", "tie"), ("bidding", "all_pass")}
    shown = {(s, k) for base in bundled_rulesets() for s, k, m in offered(load_ruleset(base)) if listed(m) is not None}
    assert shown == keys
