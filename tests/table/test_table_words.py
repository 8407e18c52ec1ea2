"""What the table says, read apart from the screens (cli/table/words.py): the offer to go out
after a marriage, the contract buttons and keys, how a match ended."""

from __future__ import annotations

import random
from pathlib import Path

from cli.table.words import going_out, key_labelled, match_over, table_keys, your_turn
from interpreter import Match, load_ruleset
from interpreter.core.actions import Bid, Continue, Declare, NameTrump, Pass


def test_going_out_is_suggested_only_where_a_claim_can_stand() -> None:
    """Schnapsen after a marriage (declare or continue): with a trick of its own the person's
    side may have 66, and the person, who keeps count, is asked; with no trick its count is
    the marriages that need none (none in Schnapsen: 0), so declaring is not suggested.  In
    practice mode the table counts and suggests it only at 66 or more."""
    rs = load_ruleset("schnapsen")
    seen = {"trick": 0, "no trick": 0}
    for seed in range(60):
        rng = random.Random(seed)
        state = Match(rs, seed).next_deal()
        while not state.is_over:
            legal = state.legal_actions()
            if state.actor == 0 and Declare() in legal and Continue() in legal:
                view = state.view(0)
                tricks = view.public.tricks[0]
                if tricks:
                    seen["trick"] += 1
                    assert going_out(view, legal, False) == " — declare now if you have 66, or continue"
                else:
                    seen["no trick"] += 1
                    assert "too few to declare" in going_out(view, legal, False)
                have = view.card_points[0]
                if have >= 66:
                    assert going_out(view, legal, True) == f" — you may go out now: declare 66 (you have {have}) or continue"
                else:
                    assert going_out(view, legal, True).startswith(f" — you have {have} of 66")
                    assert "too few to declare" in going_out(view, legal, True)
            state.apply(rng.choice(legal))
    assert seen["trick"] and seen["no trick"], seen


def test_a_contract_button_says_its_value_and_the_key_that_bids_it() -> None:
    """house/dreierschnapsen: bid 1 the Bettler (4 game points), bid 3 the Gang (9); the key in
    brackets is the bid's number, as the number key bids -- not the value."""
    rs = load_ruleset("house/dreierschnapsen")
    assert key_labelled(rs, Bid(1)) == "Bettler, 4 game points (1)"
    assert key_labelled(rs, Bid(3)) == "Gang, 9 game points (3)"
    assert key_labelled(rs, Pass()) == "Pass (p)" and key_labelled(rs, NameTrump("H")) == "Trump ♥ hearts (3)"
    assert key_labelled(load_ruleset("north-american-4"), Bid(2)) == "Bid 2 (2)"


def test_the_help_gives_each_contracts_key() -> None:
    keys = dict(table_keys(load_ruleset("house/dreierschnapsen"), False))
    assert keys["1"] == "in the auction: announce Bettler (4 game points: no trick, no trump)"
    assert keys["5"].startswith("in the auction: announce Kontraschnapser (12 game points")
    assert "bid that number" not in keys["1-9"]


def test_the_end_of_a_match_counts_the_bummerl() -> None:
    """Schnapsen counts a lost match once (``match.shutout`` none): nothing more is said.
    Dreierschnapsen (``shutout: retour``, ``bummerl: last_place``): won 24 to 5 and 0, the
    last-placed seat on 0 takes a Schneider, 2 Bummerl; seat 1 on 5 takes none."""
    schnapsen = Match(load_ruleset("schnapsen"), 1)
    state = schnapsen.next_deal()
    schnapsen.replayed([7, 3], 0)
    assert match_over(state, schnapsen, 1) == "opponent wins"
    dreier = Match(load_ruleset("house/dreierschnapsen"), 1)
    state = dreier.next_deal()
    dreier.replayed([24, 5, 0], 0)
    assert match_over(state, dreier, 2) == "seat 0 wins; you take 2 Bummerl (a Schneider)"
    assert match_over(state, dreier, 0) == "you win; seat 2 takes 2 Bummerl (a Schneider)"


def test_the_info_panel_says_the_deal_is_doubled(tmp_path: object) -> None:
    """Burgenland with contra, seat 2 dealing (seed 1): seat 0 plays alone and names trump,
    seat 1 doubles; the soloist's panel says so, naming seat 1 as he calls it."""
    from cli.table.render import info
    from interpreter.core.actions import Double
    from interpreter.engine.state import DealState

    state = DealState.new(load_ruleset("house/burgenland-contra"), 2, 1)
    state.apply(state.legal_actions()[0])
    state.apply(Double())
    assert "doubled (x2) by seat 1: the deal counts twice" in info(state.view(0)).plain


def test_a_refusal_is_told_in_the_tables_words() -> None:
    """The engine's refusals name cards by code and suits by name; the status line writes them
    as the table does everywhere else (J♦, 10♠, ♦ diamonds), and the person's seat is "you"."""
    from cli.table.words import refusal

    view = Match(load_ruleset("schnapsen"), 1).next_deal().view(0)
    assert refusal(view, "seat 0 does not hold the exchange card JD [exchange.rank]") == "you do not hold the exchange card J♦ [exchange.rank]"
    assert refusal(view, "a marriage needs QH in the same hand [marriage]") == "a marriage needs Q♥ in the same hand [marriage]"
    assert refusal(view, "seat 1 does not hold TS [play]") == "seat 1 does not hold 10♠ [play]"
    assert refusal(view, "must follow suit (diamonds) [play.follow]") == "must follow suit (♦ diamonds) [play.follow]"
    assert refusal(view, "void in clubs: must trump [play.trump_when_void]") == "void in ♣ clubs: must trump [play.trump_when_void]"


def test_the_help_gives_every_key_of_plays_key_table(tmp_path: Path) -> None:
    """Each key docs/play.md's table of keys gives (its first column, in bold) is in the help
    of some bundled game (with practice mode: hint and undo) or of a house file that redoubles
    (r: no bundled game does), where PgDn and PgUp were missing; a range "1-9" in the help
    counts for every digit in it."""
    import re

    from interpreter.rules.resources import bundled_rulesets

    page = (Path(__file__).resolve().parents[2] / "docs/play.md").read_text(encoding="utf-8")
    table = page[page.index("| key | does |"):]
    table = table[: table.index("\n\n")]
    documented = {key for row in table.splitlines()[2:] for key in re.findall(r"\*\*([^*]+)\*\*", row.split("|")[1])}
    helped: set[str] = set()
    redoubling = tmp_path / "re.yaml"
    redoubling.write_text("extends: house/burgenland-contra\nname: re\nbidding: {doubling: {redouble: true}}\n", encoding="utf-8")
    for rs in [*(load_ruleset(name) for name in bundled_rulesets()), load_ruleset(redoubling)]:
        for keys, _ in table_keys(rs, True):
            for key in keys.split(", "):
                span = re.fullmatch(r"(\d)-(\d)", key)
                helped.update(str(d) for d in range(int(span[1]), int(span[2]) + 1)) if span else helped.add(key)
    assert {"PgDn", "PgUp", "0", "-", "=", "?", "q"} <= documented, documented
    assert documented - helped == set()


def test_the_auction_names_one_key_for_one_bid_and_a_range_for_more() -> None:
    """North American four-hand bids 1 to 5, each bid above the last: after a bid of 4 the
    next seat may pass or bid 5 -- one key, "5", where the status line said "keys 5-5";
    after a bid of 2, bids 3, 4 and 5 are the range "3-5"."""
    rs = load_ruleset("north-american-4")
    for bid, left, keys in [(4, [5], "5"), (2, [3, 4, 5], "3-5")]:
        state = Match(rs, 7).next_deal()
        state.apply(Bid(bid))
        legal = state.legal_actions()
        assert sorted(a.amount for a in legal if isinstance(a, Bid)) == left and Pass() in legal
        assert your_turn(state.view(state.actor), legal) == f"bid or pass (keys {keys}, p)"
