"""A deal in which the dealer sits out (``deal.dealer_sits_out``, ``house/burgenland-4``) can be
written as hands: the dealer is dealt no cards, so his hand is written ``0: []`` -- required,
and required empty -- and the three others hold eight cards each (24 cards: A T K Q J 9 of four
suits).  Once a hands record of such a deal was refused (``hands must hold 8 cards each``),
so a deal the program deals could not be written out and read back.  Lines and columns are
counted by hand in the comments."""

from __future__ import annotations

import json
from pathlib import Path

from clitools import invoke, no_traceback

#: A deal of house/burgenland-4 from a seed, seat 0 dealing; the moves play it to its end.
SEEDED = (
    "ruleset: house/burgenland-4\n"
    "dealer: 0\n"
    "seed: 2675342405\n"
    "moves: [trump D, marry QD, play AD, play TD, marry QS, play TS, play JS, marry QC, declare]\n"
)

#: A whole deal as hands.  Line 5 is "  0: [...]", whose value starts in column 6 ("  0: ").
HANDS = (
    "ruleset: house/burgenland-4\n"
    "dealer: 0\n"
    "hands:\n"
    "  1: [AD, TD, KD, QD, JD, AH, TS, QS]\n"
    "  0: []\n"
    "  2: [TC, KC, QC, JC, 9D, KH, JH, AS]\n"
    "  3: [AC, 9C, TH, QH, 9H, KS, JS, 9S]\n"
    "moves: []\n"
)


def replayed(tmp_path: Path, text: str, *extra: str) -> tuple[int, str, str]:
    path = tmp_path / "d.yaml"
    path.write_text(text, encoding="utf-8")
    out = invoke(["replay", str(path), *extra])
    no_traceback(out)
    return out.exit_code, out.stdout, out.stderr.replace(str(path), "d.yaml")


def test_a_seeded_deal_written_as_hands_replays_as_the_seeded_one(tmp_path: Path) -> None:
    code, dealt, _ = replayed(tmp_path, SEEDED, "--until", "0", "--json")
    assert code == 0
    hands = json.loads(dealt)["hands"]
    assert [len(h) for h in hands] == [0, 8, 8, 8]  # the dealer is dealt nothing, the others 8 each
    written = "".join(f"  {seat}: [{', '.join(hand)}]\n" for seat, hand in enumerate(hands))
    record = SEEDED.replace("seed: 2675342405\n", "hands:\n" + written)
    assert "  0: []\n" in record
    code, from_hands, _ = replayed(tmp_path, record, "--json")
    assert code == 0
    code, from_seed, _ = replayed(tmp_path, SEEDED, "--json")
    assert code == 0
    assert from_hands == from_seed
    assert '"status": "deal_over"' in from_hands  # the moves were played, to the declaration


def test_a_hand_written_deal_with_the_dealer_sitting_out_is_read(tmp_path: Path) -> None:
    code, out, err = replayed(tmp_path, HANDS, "--json")
    assert (code, err) == (0, "")
    # the forehand, seat 1 to the dealer's left, names trump first
    report = json.loads(out)
    assert (report["to_act"], sorted(report["legal"])) == (1, ["trump C", "trump D", "trump H", "trump S"])


def test_the_dealer_holding_a_card_is_refused(tmp_path: Path) -> None:
    text = HANDS.replace("  0: []", "  0: [9D]").replace("9D, KH", "KH")
    assert replayed(tmp_path, text) == (
        2, "", "d.yaml:5:6: hands.0: seat 0 deals and sits the deal out, so is dealt no cards, but holds 1 "
        "(expected 0: [], and 8 cards in each other hand)\n",
    )


def test_the_dealer_s_hand_left_out_says_how_to_write_it(tmp_path: Path) -> None:
    # line 4 is the first seat of hands, where the mapping starts
    assert replayed(tmp_path, HANDS.replace("  0: []\n", "")) == (
        2, "", "d.yaml:4:3: hands: no hand for seat 0 (expected hands for seats 0 to 3; seat 0 deals and sits the deal out: 0: [])\n",
    )


def test_a_short_hand_beside_the_sitting_out_dealer_is_refused(tmp_path: Path) -> None:
    # 9S moves from seat 3 (line 7, value in column 6) to the dealer's empty hand's neighbour seat 2
    text = HANDS.replace(", 9S]", "]").replace("JH, AS]", "JH, AS, 9S]")
    assert replayed(tmp_path, text) == (
        2, "", "d.yaml:6:6: hands.2: hands must hold 8 cards each; seat 2 holds 9 (expected 8 cards a hand, and none for seat 0, the dealer, who sits out: 0: [])\n",
    )


def test_a_mid_deal_start_has_the_dealer_s_hand_empty(tmp_path: Path) -> None:
    """Two cards a hand for the three in play, none for the dealer: the same number in every
    hand that plays.  Seat 1 leads (trump diamonds) and may play either card or declare."""
    text = (
        "ruleset: house/burgenland-4\n"
        "dealer: 0\n"
        "start: {leader: 1, trump: D, card_points: [0, 30, 20, 0]}\n"
        "hands: {0: [], 1: [AD, TD], 2: [TC, KC], 3: [AC, 9C]}\n"
        "moves: []\n"
    )
    code, out, err = replayed(tmp_path, text, "--json")
    assert (code, err) == (0, "")
    report = json.loads(out)
    assert (report["to_act"], sorted(report["legal"])) == (1, ["declare", "play AD", "play TD"])
    code, _, err = replayed(tmp_path, text.replace("3: [AC, 9C]", "3: [AC]"))
    assert (code, err) == (
        2, "d.yaml:4:8: hands: at the start of a trick every hand holds the same number of cards (expected as many cards in "
        "every hand but the dealer's, seat 0, who sits out; seat by seat they hold 0, 2, 2, 1)\n",
    )
