"""Options without effect (interpreter.rules.relevance): the table is the engine's truth.

An option the table calls inert must change nothing in play: for every schema key and every
ruleset (bundled or fixture) in which the table says the key has no effect, the key is changed
to each other value its schema allows, and the same seeded random deals are played under both
rulesets -- the same legal actions at every step, hence the same choices and the same results.
A key whose change shows in play would be a false warning, a wrong suggestion of ``rules new``
and a change ``rules diff`` hides.

The other direction is checked by hand: the keys that matter in a game are not called inert
(the game-points formula of Schnapsen, the moon of North American Sixty-Six).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from interpreter import Ruleset, bundled_rulesets, load_ruleset
from interpreter.core.errors import RulesError
from interpreter.engine.state import DealState
from interpreter.rules.loader import load_schema
from interpreter.rules.relevance import INERT, inert_reason, is_relevant
from interpreter.text.schemawords import schema_leaves
from tests.describe.datapaths import get_path, with_path

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "rulesets"
#: Rulesets made here for a rule no bundled ruleset or fixture exercises: name -> (base, keys).
MADE = {
    "66-without-following": ("sechsundsechzig", {"play": {"follow": False}}),
    # trump shown or named: no turn-up for a talon, and (shown) nobody names trump
    "north-american-4-dealer-card": ("north-american-4", {"trump": {"selection": "dealer_card"}}),
    "north-american-4-named": ("north-american-4", {"trump": {"selection": "named", "if_passed": "partner"}}),
    "three-seat-66-named": (str(FIXTURES / "three-seat-66.yaml"), {
        "trump": {"selection": "named", "name_after_packet": 1, "if_passed": "turn_next"},
    }),
    # three at the table, the dealer sitting out: two play each trick
    "three-seat-66-dealer-out": (str(FIXTURES / "three-seat-66.yaml"), {
        "deal": {"hand_size": 12, "packets": [6, 6], "dealer_sits_out": True},
    }),
}
BASES = sorted(bundled_rulesets()) + sorted(str(p) for p in FIXTURES.glob("*.yaml")) + sorted(MADE)
#: Rules of the table no value can exercise, because every other value is an error.
UNTRIED = {
    ("players.teams",): "a team table without partnerships is refused by the loader",
    ("deal.widow",): "a widow beside a talon is refused by the loader",
}
HEADER = {"name", "title", "description", "extends"}
LEAVES = [(p, n) for p, n in schema_leaves(load_schema()) if p not in HEADER and not p.startswith("deck")]
DEALS = 12


@lru_cache(maxsize=None)
def data_of(base: str) -> dict[str, Any]:
    if base in MADE:
        source, keys = MADE[base]
        data = copy.deepcopy(data_of(source))
        for section, values in keys.items():
            data[section].update(values)
        return data
    data = copy.deepcopy(load_ruleset(base).data)
    data.pop("extends", None)
    return data


def other_values(node: dict[str, Any], current: Any) -> Iterator[Any]:
    for value in node.get("enum", []):
        if value != current:
            yield value
    types = node.get("type", [])
    types = [types] if isinstance(types, str) else types
    if "boolean" in types and isinstance(current, bool):
        yield not current
    if "integer" in types and isinstance(current, int) and not isinstance(current, bool):
        yield current + 1
        if current > 1:
            yield current - 1
    if "string" in types and isinstance(current, str) and "enum" not in node:
        yield f"({current}) + 1"  # an expression, changed


_counter = iter(range(10**9))


def load(data: dict[str, Any], folder: Path) -> Ruleset | None:
    path = folder / f"v{next(_counter)}.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")
    try:
        return load_ruleset(path)
    except RulesError:
        return None


def trace(rs: Ruleset, seed: int) -> list[Any]:
    """Every legal set and the result of ``DEALS`` seeded random deals."""
    rng = random.Random(seed)
    out: list[Any] = []
    for k in range(DEALS):
        state = DealState.new(rs, k % rs.players.count, rng.getrandbits(32))
        steps = 0
        while not state.is_over and steps < 400:
            codes = state.legal_codes()
            out.append(tuple(codes))
            state.push_code(rng.choice(codes), keep_undo=False)
            steps += 1
        result = state.result
        out.append(None if result is None else (result.scores, result.reason, result.redeal))
    return out


def cases() -> Iterator[tuple[str, str, Any]]:
    for path, node in LEAVES:
        for base in BASES:
            data = data_of(base)
            if is_relevant(path, data):
                continue
            if "." in path and not isinstance(get_path(data, path.rpartition(".")[0]), dict):
                continue  # a member of a feature that is absent (no widow, no moon): nothing to change
            for value in other_values(node, get_path(data, path)):
                yield path, base, value


CASES = list(cases())


def test_every_rule_of_the_table_is_tried() -> None:
    tried = {path for path, _, _ in CASES}
    for rule in INERT:
        if rule.keys not in UNTRIED:
            assert any(rule.covers(path) for path in tried), f"no ruleset exercises {rule.keys}: add one to MADE"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("inert")


@pytest.mark.parametrize(("path", "base", "value"), CASES, ids=[f"{p}@{Path(b).stem}={v!r}" for p, b, v in CASES])
def test_an_inert_option_changes_nothing_in_play(path: str, base: str, value: Any, folder: Path) -> None:
    data = data_of(base)
    changed = with_path(data, path, value)
    assert changed is not None
    variant = load(changed, folder)
    if variant is None:
        return  # the changed value is refused by the loader: an error, never a silent no-op
    control = load(data, folder)
    assert control is not None
    # still inert in the variant: the reason does not depend on the key itself
    assert inert_reason(path, variant.data) is not None
    assert trace(variant, 7) == trace(control, 7), f"{path} = {value!r} changes play in {base}"


def test_keys_that_matter_are_not_called_inert() -> None:
    sch = load_ruleset("schnapsen").data
    na = load_ruleset("north-american-4").data
    s66 = load_ruleset("sechsundsechzig").data
    for path in ("scoring.game_points", "closing.min_talon_size", "marriage.after_close", "exchange.before_first_trick"):
        assert is_relevant(path, sch), path
    for path in ("bidding.moon", "bidding.all_pass", "bidding.values", "scoring.set", "play.overtrump", "match.bidder_goes_out"):
        assert is_relevant(path, na), path
    for path in ("closing.enabled", "end.tie", "marriage.on_closing_lead", "marriage.after_exhaustion"):
        assert is_relevant(path, s66), path
    named = data_of("north-american-4-named")
    for path in ("trump.name_after_packet", "trump.if_passed"):
        assert is_relevant(path, named), path


def test_the_reasons_name_the_deciding_option() -> None:
    na = load_ruleset("north-american-4").data
    assert inert_reason("scoring.game_points", na) == "scoring.method is units"
    assert inert_reason("marriage.after_close", na) == "closing.enabled is false, so the talon is never closed"
    assert inert_reason("marriage.after_exhaustion", na) == "deal.talon is false, so there is no talon to be exhausted"
    assert inert_reason("end.tie", na) == "scoring.method is units"
    assert inert_reason("exchange.rank", na) == "exchange.enabled is false"
    assert inert_reason("trump.if_passed", na) == "trump.selection is first_card_led, so nobody names trump"
    assert inert_reason("trump.turn_up_after_packet", data_of("north-american-4-dealer-card")) == (
        "trump.selection is dealer_card, so no card is turned up for a talon"
    )
    sch = load_ruleset("schnapsen").data
    assert inert_reason("end.tie", sch) == "end.unclaimed is last_trick_wins, so totals are never compared"
    s66 = load_ruleset("sechsundsechzig").data
    assert inert_reason("exchange.before_first_trick", s66) == (
        "exchange.requires_trick_won is true, and nobody has won a trick before the first"
    )
    assert inert_reason("play.overtrump", s66) == (
        "players.count is 2, so a trick never holds a trump before the player who must trump"
    )
