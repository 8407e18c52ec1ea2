"""diff_rulesets: which rules differ between two rulesets, in words.

The expected lines are written out by hand from the two rule files being compared.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

from interpreter import Ruleset, load_ruleset
from interpreter.text.diff import Change, changes_to_json, diff_rulesets
from interpreter.rules.loader import load_schema


@lru_cache(maxsize=None)
def rs(name: str) -> Ruleset:
    return load_ruleset(name)


def texts(a: str | Ruleset, b: str | Ruleset) -> list[str]:
    ra = rs(a) if isinstance(a, str) else a
    rb = rs(b) if isinstance(b, str) else b
    return [c.text for c in diff_rulesets(ra, rb)]


def house(tmp_path: Path, body: str, name: str = "test-house") -> Ruleset:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"name: {name}\n{body}", encoding="utf-8")
    return load_ruleset(path)


def test_south_bend_changes_only_the_name_and_the_target() -> None:
    assert texts("north-american-4", "house/south-bend") == [
        "Name: North American Sixty-Six (four players, partnerships) → North American Sixty-Six, South Bend (game to 15)",
        "Match target: 10 → 15 points",
    ]


def test_schnapsen_against_sechsundsechzig() -> None:
    lines = texts("sechsundsechzig", "schnapsen")
    assert lines == [
        "Name: Sechsundsechzig (Sixty-Six) → Schnapsen",
        "Cards: 24 (A T K Q J 9) → 20 (A T K Q J)",
        "Hand size: 6 → 5 cards",
        "Packets: 3 + 3 → 3 + 2",
        "Trump card turned up: after 2 packets → after 1 packet",
        "Exchange card: nine of trumps → jack of trumps",
        "Exchanger must have won a trick: yes → no",
        "Smallest talon for the exchange: 2 → 3 cards",
        "Marriages after the talon is exhausted: not allowed → allowed",
        "Marriages after closing: not allowed → allowed",
        "When the talon may be closed: before or after the draw → only after the draw",
        "Smallest talon that may be closed: 2 → 3 cards",
        "Successful close scored on: the opponent's final points and tricks → the opponent's points and tricks when the talon was closed",
        "Deal played out without a declaration won by: the higher total → the winner of the last trick",
        "Last trick bonus: 10 → 0 points",
        "Looking back at won tricks: not allowed → the last trick only",
    ]


def test_the_other_direction_swaps_old_and_new() -> None:
    lines = texts("schnapsen", "sechsundsechzig")
    assert "Exchange card: jack of trumps → nine of trumps" in lines
    assert "Cards: 20 (A T K Q J) → 24 (A T K Q J 9)" in lines
    assert "When the talon may be closed: only after the draw → before or after the draw" in lines


def test_change_fields() -> None:
    changes = {c.path: c for c in diff_rulesets(rs("sechsundsechzig"), rs("schnapsen"))}
    ex = changes["exchange.rank"]
    assert ex == Change("exchange.rank", "Exchange card", "9", "J", "Exchange card: nine of trumps → jack of trumps")
    deck = changes["deck"]
    assert deck.label == "Cards"
    assert deck.old == {"suits": ["C", "D", "H", "S"], "ranks": ["A", "T", "K", "Q", "J", "9"]}
    assert deck.new == {"suits": ["C", "D", "H", "S"], "ranks": ["A", "T", "K", "Q", "J"]}
    # the nine's 0 points leave with the nine: no separate card-points line
    assert "deck.points" not in changes


def test_same_ruleset_has_no_changes() -> None:
    assert diff_rulesets(rs("schnapsen"), rs("schnapsen")) == []


def test_members_of_a_feature_switched_off_are_not_compared() -> None:
    # Schnapsen's exchange card is the jack; North American has no exchange at all, so only
    # the switch itself is reported, not "jack of trumps → nine of trumps".
    lines = texts("schnapsen", "north-american-4")
    assert "Exchanging the trump card: allowed → not allowed" in lines
    assert not any(line.startswith("Exchange card") for line in lines)
    assert "Closing the talon: allowed → not allowed" in lines
    assert not any(line.startswith("When the talon may be closed:") for line in lines)
    assert "Match target: 7 game points → 10 points" in lines
    assert "Auction: none → yes" in lines


def test_moon_and_widow() -> None:
    assert texts("north-american-4", "north-american-3") == [
        "Name: North American Sixty-Six (four players, partnerships) → North American Sixty-Six (three players, cutthroat)",
        "Number of players: 4 → 3",
        "Sides: two partnerships, partners opposite → each for himself",
        "Hand size: 6 → 7 cards",
        "Packets: 3 + 3 → 4 + 3",
        "Widow: none → to the winner of the first trick, counted with his tricks",
        "When a marriage's points count: once his side has won a trick → once the player has won a trick",
        "Moon declarer's partner sits out: yes → no",
        "First dealer: seat 3 → seat 2",
    ]


def test_house_file_changes(tmp_path: Path) -> None:
    other = house(
        tmp_path,
        "extends: sechsundsechzig\n"
        "title: Test house\n"
        "deck:\n  points: {J: 1}\n"
        "scoring:\n  game_points: 'if opponent_tricks == 0 then 3 else if opponent_points < 31 then 2 else 1'\n"
        "match:\n  target: 15\n"
        "info:\n  review_own_tricks: last_trick\n",
    )
    assert texts("sechsundsechzig", other) == [
        "Name: Sechsundsechzig (Sixty-Six) → Test house",
        "Card points: A 11, T 10, K 4, Q 3, J 2, 9 0 → A 11, T 10, K 4, Q 3, J 1, 9 0",
        "Game points formula: if opponent_tricks == 0 then 3 else if opponent_points < 33 then 2 else 1"
        " → if opponent_tricks == 0 then 3 else if opponent_points < 31 then 2 else 1",
        "Match target: 7 → 15 game points",
        "Looking back at won tricks: not allowed → the last trick only",
    ]


def test_description_alone_is_not_a_change(tmp_path: Path) -> None:
    other = house(
        tmp_path,
        "extends: schnapsen\ntitle: Schnapsen\ndescription: Another text entirely.\n",
        name="schnapsen",
    )
    assert diff_rulesets(rs("schnapsen"), other) == []


def test_name_line_uses_the_name_when_the_titles_agree(tmp_path: Path) -> None:
    other = house(tmp_path, "extends: schnapsen\ntitle: Schnapsen\n", name="schnapsen-copy")
    assert texts("schnapsen", other) == ["Name: schnapsen → schnapsen-copy"]


def test_changes_follow_the_schema_order_of_sections() -> None:
    order = [k for k in load_schema()["properties"]]
    for a, b in [("sechsundsechzig", "north-american-2"), ("schnapsen", "north-american-4")]:
        sections = [c.path.split(".")[0] for c in diff_rulesets(rs(a), rs(b))]
        indexes = [order.index(s) for s in sections]
        assert indexes == sorted(indexes)


def test_changes_to_json() -> None:
    changes = diff_rulesets(rs("sechsundsechzig"), rs("schnapsen"))
    data = changes_to_json(changes)
    assert json.loads(json.dumps(data)) == data
    assert [d["text"] for d in data] == [c.text for c in changes]
    assert data[0] == {
        "path": "name",
        "label": "Name",
        "old": "Sechsundsechzig (Sixty-Six)",
        "new": "Schnapsen",
        "text": "Name: Sechsundsechzig (Sixty-Six) → Schnapsen",
        "effect": True,
    }
    assert set(data[1]) == {"path", "label", "old", "new", "text", "effect"}


@pytest.mark.parametrize("path", ["exchange.rank", "deck", "closing.timing"])
def test_change_is_frozen(path: str) -> None:
    change = next(c for c in diff_rulesets(rs("sechsundsechzig"), rs("schnapsen")) if c.path == path)
    with pytest.raises(AttributeError):
        change.text = "x"  # type: ignore[misc]


FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "rulesets"


def fixture(name: str) -> Ruleset:
    return rs(str(FIXTURES / f"{name}.yaml"))


def test_the_team_table_in_seats() -> None:
    assert texts("north-american-4", fixture("north-american-adjacent-teams"))[1:] == [
        "The teams: seats 0 and 2 against seats 1 and 3 → seats 0 and 1 against seats 2 and 3",
    ]


def test_a_table_of_partners_opposite_is_no_change(tmp_path: Path) -> None:
    same = house(tmp_path, "extends: north-american-4\nplayers:\n  teams: [[0, 2], [1, 3]]\n")
    assert [c.path for c in diff_rulesets(rs("north-american-4"), same)] == ["name"]


def test_sides_in_words() -> None:
    assert "Sides: each for himself → the high bidder alone against the rest" in texts(
        "north-american-3", fixture("bidder-vs-rest")
    )
    assert "Sides: partnerships, seats 0 and 1 against seats 2 and 3 → each for himself" in texts(
        fixture("north-american-adjacent-teams"), "north-american-3"
    )


def test_how_losers_pay_only_between_more_than_two_sides(tmp_path: Path) -> None:
    assert texts(fixture("three-seat-66"), fixture("three-seat-66-together"))[1:] == [
        "How the winner of a deal is paid: by each loser → once, by the losers together",
    ]
    two = house(tmp_path, "extends: sechsundsechzig\nscoring:\n  losers: each_pays\n")
    assert [c.path for c in diff_rulesets(rs("sechsundsechzig"), two)] == ["name"]


def test_marriage_ranks_in_words() -> None:
    assert texts("sechsundsechzig", fixture("marriage-queen-jack"))[1:] == ["Marriage: king and queen → queen and jack"]


def test_two_names_of_one_rule_are_no_change(tmp_path: Path) -> None:
    clockwise = house(tmp_path, "extends: sechsundsechzig\ndealer:\n  rotation: clockwise\n")
    assert [c.path for c in diff_rulesets(rs("sechsundsechzig"), clockwise)] == ["name"]


def test_keys_without_effect_are_not_compared(tmp_path: Path) -> None:
    # no talon: play is strict from the first trick whatever strict_from says;
    # two players: no trump can be in the trick before a void player, so overtrumping is moot
    loose = house(tmp_path, "extends: north-american-4\nplay:\n  strict_from: exhaustion_or_close\n", name="loose")
    assert [c.path for c in diff_rulesets(rs("north-american-4"), loose)] == ["name"]
    free = house(tmp_path, "extends: sechsundsechzig\nplay:\n  overtrump: not_required\n  undertrump: free\n", name="free")
    assert [c.path for c in diff_rulesets(rs("sechsundsechzig"), free)] == ["name"]


def test_labels_and_values_from_the_schema() -> None:
    from interpreter.text.diff import label, value_words

    assert label("play.first_lead") == "Who leads to the first trick"  # the description's opening clause
    assert label("scoring.losers") == "How the winner of a deal is paid"  # after its "With ...:" condition
    assert label("players.sides") == "Sides"  # the schema's title
    assert label("nosuch.new_key") == "Nosuch: new key"  # the path in words
    assert value_words("deal.first_receiver", "dealer_left", rs("schnapsen")) == ("the player to the dealer's left", "")
    assert value_words("claim.target", 66, rs("schnapsen")) == ("66", "points")
