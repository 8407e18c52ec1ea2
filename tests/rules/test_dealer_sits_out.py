"""A dealer who sits out (``deal.dealer_sits_out``) with the rules around him; a deal left stuck.

Rules checked, each expectation worked out by hand from the YAML and the schema:

* the dealer receives no cards, so he has no last card to show for trump: ``trump.selection:
  dealer_card`` with ``dealer_sits_out`` is refused at trump.selection (it crashed the loader);
  ``bidding.all_pass: dealer_must_bid`` is refused at bidding.all_pass (he is not in the auction);
* a seat without cards takes no part in the bidding: the auction passes the dealer over (in
  a single round, the round is the playing seats'; in an open auction he counts as passed), so
  he never wins a contract he has no cards to play (he did, and a bot then chose from nothing);
* a deal whose actor has no legal action raises :class:`StuckDealError` from
  ``legal_actions()``, and ``rules run`` stops on it as on any rules failure: one line, exit 2,
  the record so far kept.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter import DealState, StuckDealError, compiled, load_ruleset, parse_action
from interpreter.core.errors import ErrorList, RecordError
from interpreter.engine.build import build_position
from interpreter.engine.position import AUCTION, OVER, PLAY
from interpreter.play.record import load_record
from runcli import invoke


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def errors_of(path: Path) -> list[str]:
    with pytest.raises(ErrorList) as info:
        load_ruleset(str(path))
    return [str(e) for e in info.value.errors]


# --------------------------------------------------------------------------- the loader
def test_a_dealer_sitting_out_has_no_card_to_show_for_trump(tmp_path: Path) -> None:
    """burgenland-4 sits the dealer out; dealer_card asks for his last card (a ValueError of max())."""
    path = write(tmp_path, "x.yaml", "extends: house/burgenland-4\nname: x\ntrump:\n  selection: dealer_card\n")
    assert errors_of(path) == [
        f"{path}:4:14: trump.selection: dealer_card shows the dealer's last card, but the dealer sits out and gets no cards "
        "(expected trump.selection: named or first_card_led, or deal.dealer_sits_out: false)"
    ]
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert out.stderr.count("\n") == 1 and "trump.selection: dealer_card shows" in out.stderr


def test_a_dealer_sitting_out_cannot_be_made_to_bid(tmp_path: Path) -> None:
    path = write(tmp_path, "m.yaml", "extends: north-american-3\nname: m\ndeal: {dealer_sits_out: true}\nbidding: {all_pass: dealer_must_bid}\n")
    assert errors_of(path) == [
        f"{path}:4:21: bidding.all_pass: dealer_must_bid makes the dealer bid, but the dealer sits out and takes no part "
        "in the auction (expected bidding.all_pass: redeal or play, or deal.dealer_sits_out: false)"
    ]


# --------------------------------------------------------------------------- the auction
@pytest.fixture
def cutthroat(tmp_path: Path):  # type: ignore[no-untyped-def]
    """North American three-handed (one round of bids) with the dealer sitting out: 2 x 7
    cards dealt, a widow of 24 - 14 = 10 to the first trick's winner."""
    return load_ruleset(str(write(tmp_path, "c.yaml", "extends: north-american-3\nname: c\ndeal: {dealer_sits_out: true}\n")))


def test_one_round_of_bids_is_the_playing_seats_round(cutthroat) -> None:  # type: ignore[no-untyped-def]
    """Dealer 2: seat 0 speaks, then seat 1, and the round is over -- seat 2 is never asked."""
    st = DealState.new(cutthroat, 2, 5)
    assert [len(st.hand(s)) for s in range(3)] == [7, 7, 0]
    assert (st.phase, st.actor) == (AUCTION, 0)
    st.apply(parse_action("bid 1"))
    assert st.actor == 1
    st.apply(parse_action("pass"))
    assert (st.phase, st.declarer, st.high_bid, st.actor) == (PLAY, 0, 1, 0)
    assert st.sitting_out == (2,)


def test_when_the_playing_seats_pass_the_hand_is_thrown_in(cutthroat) -> None:  # type: ignore[no-untyped-def]
    st = DealState.new(cutthroat, 2, 5)
    st.apply(parse_action("pass"))
    st.apply(parse_action("pass"))
    assert st.phase == OVER and st.result is not None and st.result.redeal


@pytest.fixture
def dreier(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Dreierschnapsen (an open auction of contracts) with the dealer sitting out: 2 x 6 cards,
    a widow of 20 - 12 = 8 for the declarer."""
    return load_ruleset(str(write(tmp_path, "d.yaml", "extends: house/dreierschnapsen\nname: d\ndeal: {dealer_sits_out: true}\n")))


def test_an_open_auction_ends_when_the_other_playing_seat_passes(dreier) -> None:  # type: ignore[no-untyped-def]
    """Dealer 0: seat 1 names trump and bids the Bettler (1); seat 2 passes: seat 1 is the
    declarer -- the dealer counts as passed, so nobody is left to outbid him."""
    st = DealState.new(dreier, 0, 9)
    st.apply(parse_action("trump H"))
    assert (st.phase, st.actor) == (AUCTION, 1)
    st.apply(parse_action("bid 1"))
    assert st.actor == 2
    st.apply(parse_action("pass"))
    assert (st.phase, st.declarer, st.high_bid) == (PLAY, 1, 1)


def test_an_open_auction_goes_round_the_playing_seats_only(dreier) -> None:  # type: ignore[no-untyped-def]
    """Seat 1 bids 1, seat 2 the Gang (3), seat 1 passes: seat 2 declares; the dealer was never asked."""
    st = DealState.new(dreier, 0, 9)
    for move, next_actor in (("trump H", 1), ("bid 1", 2), ("bid 3", 1)):
        st.apply(parse_action(move))
        assert st.actor == next_actor
    st.apply(parse_action("pass"))
    assert (st.phase, st.declarer, st.high_bid) == (PLAY, 2, 3)
    assert st.actor == 2  # he takes the 8 widow cards and lays 8 away first
    assert len(st.hand(2)) == 6 + 8


@pytest.fixture
def partners(tmp_path: Path):  # type: ignore[no-untyped-def]
    """North American four-handed (partners 0 & 2 against 1 & 3, one round of bids, the moon
    laying the bidder's partner down) with the dealer sitting out: 3 x 8 cards, the whole deck."""
    text = ("extends: north-american-4\nname: p\ndeal: {dealer_sits_out: true, hand_size: 8, packets: [4, 4]}\n"
            "bidding: {partner_rebid_when_overbid: true}\n")
    return load_ruleset(str(write(tmp_path, "p.yaml", text)))


def test_the_moon_lays_the_partner_down_beside_the_dealer(partners) -> None:  # type: ignore[no-untyped-def]
    """Dealer 3; seat 0 bids the moon (5), seats 1 and 2 pass: seat 0 plays alone against seat 1,
    his partner 2 and the dealer 3 both out -- the dealer was not brought back (with no cards)."""
    st = DealState.new(partners, 3, 4)
    for move in ("bid 5", "pass", "pass"):
        st.apply(parse_action(move))
    assert (st.phase, st.declarer, st.sitting_out) == (PLAY, 0, (2, 3))
    rng = random.Random(1)
    while not st.is_over:
        assert st.actor in (0, 1)
        st.apply(rng.choice(st.legal_actions()))
    assert st.tricks[0] + st.tricks[1] == 8


def test_no_rebid_for_the_partner_who_sits_out(partners) -> None:  # type: ignore[no-untyped-def]
    """Dealer 3; seat 0 passes, seat 1 bids 1, seat 2 overbids him with 2: the round of the three
    playing seats is over, and the overbid seat 1's partner is the dealer, who has no cards to
    bid with -- so nobody bids again and seat 2 declares."""
    st = DealState.new(partners, 3, 4)
    for move in ("pass", "bid 1", "bid 2"):
        st.apply(parse_action(move))
    assert (st.phase, st.declarer, st.high_bid) == (PLAY, 2, 2)


@pytest.mark.parametrize("which", ["cutthroat", "dreier", "partners"])
def test_the_dealer_never_acts_in_random_deals(which: str, request: pytest.FixtureRequest) -> None:
    """Sixty random deals, every dealer: no action of the deal is the dealer's, and each ends."""
    rs = request.getfixturevalue(which)
    rng = random.Random(7)
    for k in range(60):
        st = DealState.new(rs, k % rs.players.count, k)
        while not st.is_over:
            st.push_code(rng.choice(st.legal_codes()))
        assert all(h >> 16 != st.dealer for h in st.history), k


def test_a_position_in_the_auction_with_the_dealer_sitting_out(cutthroat) -> None:  # type: ignore[no-untyped-def]
    """build_position: the dealer holds nothing during the auction and is never the seat to call."""
    st = DealState.new(cutthroat, 2, 5)
    hands = [" ".join(str(c) for c in st.hand(s)) for s in range(3)]
    widow = [str(cutthroat.deck.cards[c]) for c in st.widow]
    built = build_position(cutthroat, dealer=2, hands=hands, widow=widow, auction=True, to_act=1, high_bid=1, declarer=0)
    assert built.actor == 1
    built.apply(parse_action("pass"))
    assert (built.phase, built.declarer) == (PLAY, 0)
    with pytest.raises(RecordError, match="to_act: seat 2 sits out this deal and does not bid"):
        build_position(cutthroat, dealer=2, hands=hands, widow=widow, auction=True, to_act=2)


# --------------------------------------------------------------------------- a stuck deal
def test_a_seat_with_nothing_to_do_is_the_rules_error() -> None:
    """Schnapsen, dealer 0: seat 1 leads, then seat 0 must follow -- with his hand emptied he
    has no legal card: legal_actions() raises, naming him and the trick."""
    rs = load_ruleset("schnapsen")
    st = DealState.new(rs, 0, 1)
    st.apply(st.legal_actions()[0])
    assert st.actor == 0
    st.hands[0] = 0
    with pytest.raises(StuckDealError) as info:
        st.legal_actions()
    assert info.value.seat == 0
    assert str(info.value) == (
        "the deal is stuck: seat 0 is to act in trick 1 but the rules leave it no legal action "
        "(it holds 0 cards; dealer seat 0); this combination of options cannot be played"
    )


#: The compiled runner binds its calls when it is built: a legal_codes replaced by monkeypatch is
#: never called there, so this runs on the plain build (CI runs both).
@pytest.mark.skipif(compiled(), reason="the compiled build's calls cannot be replaced by monkeypatch")
def test_rules_run_keeps_the_record_of_a_stuck_match(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Schnapsen deals first from seat 1 and alternates (no deal is drawn), so deal 2 is seat 0's:
    its legal set made empty once seat 1 has led to trick 1 -- seat 0 to follow, 5 cards in
    hand.  One error line, exit 2, and the record keeps deal 1 whole and deal 2's moves so far
    (it was a random bot's IndexError, exit 1, no record)."""
    real = DealState.legal_codes
    moves_before: list[int] = []

    def legal_codes(self: DealState) -> list[int]:
        if self.dealer == 0 and self.trick and self.tricks_played == 0:
            moves_before.append(len(self.history))
            return []
        return real(self)

    monkeypatch.setattr(DealState, "legal_codes", legal_codes)
    record = tmp_path / "r.yaml"
    out = invoke(["run", "schnapsen", "--seed", "1", "--players", "random,random", "--record", str(record)])
    assert out.exit_code == 2
    assert out.stderr.splitlines() == [
        f"the match stopped on an error; the record so far is saved in {record}",
        "error: the deal is stuck: seat 0 is to act in trick 1 but the rules leave it no legal action "
        "(it holds 5 cards; dealer seat 0); this combination of options cannot be played",
    ]
    kept = load_record(record)
    assert [d.state.dealer for d in kept.deals] == [1, 0]
    assert len(kept.deals[1].moves) == moves_before[0] >= 1


def test_validate_deep_reports_a_stuck_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """--deep plays by legal codes: an empty set is the same one error line, exit 2 (it was
    random.choice's IndexError)."""
    real = DealState.legal_codes
    monkeypatch.setattr(DealState, "legal_codes", lambda self: [] if self.trick else real(self))
    out = invoke(["validate", "schnapsen", "--deep", "--deals", "3"])
    assert out.exit_code == 2
    assert out.stderr.startswith("error: the deal is stuck: seat ")
    assert " is to act in trick 1 but the rules leave it no legal action (it holds 5 cards; dealer seat " in out.stderr


def test_the_rulebook_says_the_dealer_does_not_bid(cutthroat) -> None:  # type: ignore[no-untyped-def]
    """With an auction the others bid and play the deal; without one (Burgenland four at the
    table) they play it, as before."""
    from interpreter.text.rulebook import rulebook

    assert "The dealer receives no cards and sits his deal out; the other two bid and play it" in rulebook(cutthroat, None)
    assert "sits his deal out; the other three play it, and the deal" in rulebook(load_ruleset("house/burgenland-4"), None)
