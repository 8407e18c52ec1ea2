"""The rulebook says how trump is fixed when it is shown or named, and the family's other new
rules (the deal order from the dealer's partner, a partner's marriage, the moon without trumps),
and nothing that would be false there: no turn-up, no talon, no pass where none is allowed.

The expected sentences are written from the schema's descriptions of the keys and the engine
(``interpreter/engine``): the dealer's last card is shown and stays his; the forehand names after
``trump.name_after_packet`` packets and nobody sees the rest before; what a pass does is
``trump.if_passed``.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from interpreter import Ruleset, load_ruleset
from interpreter.text.describe import rulebook
from tests.describe.books import book, section
from interpreter.text.diff import diff_rulesets

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "rulesets"


def rules_part(text: str) -> str:
    """Everything after the list of differences (which names the base's values)."""
    return text.split("## Cards and values", 1)[1]


def made(tmp_path: Path, base: str, **sections: dict[str, Any]) -> Ruleset:
    """``base`` written out in full with some keys changed, and loaded (it must pass the loader)."""
    data = copy.deepcopy(load_ruleset(base).data)
    data.pop("extends", None)
    for name, values in sections.items():
        data[name] = {**data[name], **values}
    path = tmp_path / f"made-{len(list(tmp_path.glob('made-*.yaml')))}.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")
    return load_ruleset(path)


# --------------------------------------------------------------------------- the dealer's card
@pytest.mark.parametrize("name", ["house/four-player-66", "house/bicycle-four-hand"])
def test_the_dealers_last_card_is_shown_and_stays_his(name: str) -> None:
    text = book(name)
    trump = section(text, "Trump")
    assert "The last card dealt to the dealer is turned face up for everybody to see, and its suit is trump" in trump
    assert "The card stays in the dealer's hand" in trump
    assert "stays in his hand" in section(text, "The deal")
    rules = rules_part(text)
    assert "turned-up" not in rules and "turn-up" not in rules and "first card led" not in rules
    assert section(text, "Exchanging the trump card").strip() == "There is no talon, so there is no exchange of the trump card."


def test_the_deal_goes_to_the_dealers_partner_first() -> None:
    deal = section(book("house/four-player-66"), "The deal")
    assert "in every round to his partner first, then to the others in turn from his left, and to himself last" in deal
    # the forehand, not the first to receive cards, leads
    assert "The player to the dealer's left leads to the first trick." in section(book("house/four-player-66"), "Play")


# --------------------------------------------------------------------------- a named trump
def test_three_player_66_names_trump_or_turns_the_next_card() -> None:
    text = book("house/three-player-66")
    trump = section(text, "Trump")
    assert (
        "When every player has received his first packet (three cards), the forehand (the player to the dealer's "
        "left) looks at them and names a suit; that suit is trump for the whole deal."
    ) in trump
    assert "The rest of the cards are dealt only after trump has been named: nobody sees them before." in trump
    assert (
        "Instead of naming, he may pass. Then the first card of his next packet is turned face up for everybody "
        "to see, and its suit is trump; the card is his, and it stays in his hand."
    ) in trump
    assert "`trump H` names hearts" in trump and "a pass is written `pass`" in trump
    assert "first three to each player, then trump is named (see Trump), then two more" in section(text, "The deal")
    rules = rules_part(text)
    assert "turned-up" not in rules and "turn-up" not in rules and "first card led" not in rules
    assert "- Trump: the suit of the turned-up card → named by the forehand after 1 packet; if he passes, the first card of his next packet is turned up for trump" in text


def test_66_zu_vier_passes_the_choice_to_the_partner() -> None:
    trump = section(book("house/sechsundsechzig-zu-vier"), "Trump")
    assert (
        "Instead of naming, he may pass the choice to his partner, who must then name a suit from his own first "
        "three cards: the partner may not pass."
    ) in trump
    assert "turned face up" not in trump


def test_a_namer_who_must_name_is_offered_no_pass(tmp_path: Path) -> None:
    rs = made(tmp_path, "north-american-4", trump={"selection": "named", "name_after_packet": 2, "if_passed": "must_name"})
    text = rulebook(rs)
    trump = section(text, "Trump")
    assert "When all the cards are dealt, the forehand (the player to the dealer's left) looks at his hand" in trump
    assert "He may not pass: he must name a suit." in trump
    assert "`pass`" not in trump and "nobody sees them before" not in trump
    # trump is named before the auction, which is then not for fixing trumps by leading
    auction = section(text, "Auction")
    assert auction.startswith("\nOnce trump has been named (see Trump), there is an auction for the right to be the declarer.")
    assert "fix trumps" not in auction and "the suit of his first card is trump" not in auction


def test_naming_before_any_card_is_dealt(tmp_path: Path) -> None:
    rs = made(tmp_path, str(FIXTURES / "three-seat-66.yaml"), trump={"selection": "named", "name_after_packet": 0})
    text = rulebook(rs)
    assert "first trump is named, before any card is dealt (see Trump), then three to each player" in section(text, "The deal")
    assert "the first card of his first packet is turned face up" in section(text, "Trump")


def test_the_named_keys_are_diffed_between_named_games(tmp_path: Path) -> None:
    partner = made(tmp_path, "north-american-4", trump={"selection": "named", "if_passed": "partner"})
    whole = made(tmp_path, "north-american-4", trump={"selection": "named", "if_passed": "must_name", "name_after_packet": 2})
    assert [c.text for c in diff_rulesets(partner, whole)] == [
        "Trump named after packet: after 1 packet → after 2 packets (the whole hand)",
        "Namer passes: his partner must name trump → not allowed: he must name trump",
    ]


# --------------------------------------------------------------------------- the family's other rules
def test_the_leaders_partner_may_show_a_marriage_during_the_trick() -> None:
    text = book("house/four-player-66")
    marriages = section(text, "Marriages")
    assert "The leader's partner may also announce a marriage, in a trick his partner has led" in marriages
    assert "`marry KH`" in marriages and "Each player can announce only one marriage in a trick." in marriages
    assert "Only one marriage can be announced on each lead" not in marriages  # the partner may add one
    assert "a player who shows a marriage during a trick his side has led" in section(text, "Declaring")
    # without partners nobody but the leader marries
    assert "during a trick" not in book("house/three-player-66")


def test_the_moon_without_trumps() -> None:
    text = book("house/pp-sixty-six")
    assert "The moon (a bid of 6) is the exception: it is played without trumps (see Auction)." in section(text, "Trump")
    assert "always a marriage in trumps, worth 40, except in the moon." in section(text, "Trump")
    auction = section(text, "Auction")
    assert "He leads to the first trick, and the suit of his first card is trump, except in the moon." in auction
    assert "The moon is played without trumps" in auction and "Every marriage counts as one in a plain suit (20)." in auction
    assert "- Moon trump: the suit of the first card led, as in any hand → none: no trump" in text
    assert "without trumps" not in book("north-american-4")


# --------------------------------------------------------------------------- contracts, widows, soloists
def test_the_contracts_are_a_table_and_nobody_declares_in_them() -> None:
    text = book("house/bauernschnapsen")
    auction = section(text, "Auction")
    assert auction.startswith("\nOnce trump has been named (see Trump), there is an auction of contracts.")
    assert "goes round and round clockwise" in auction and "a player who has passed is out of the auction" in auction
    assert "| 1 | Bettler | he must take no trick | none | 4 |  |" in auction
    assert "| 5 | Kontraschnapser | he must reach 66 points by the end of the third trick | the deal's trump | 12 | only the forehand's opponents may announce it; the forehand leads |" in auction
    assert "He plays it alone: his partner lays his cards face down and takes no part in the deal." in auction
    assert "If everybody passes, no contract is played: the plain game is played, with the forehand as the declarer" in auction
    # bids are contracts here, not units of card points
    assert "A bid of n undertakes" not in text and "units" not in rules_part(text) and "fix trumps" not in text
    assert "Nobody declares during a contract (see Auction)" in section(text, "Declaring")
    scoring = section(text, "Scoring")
    assert "if it is made, the declarer's side scores them; if it is lost, the other side scores them" in scoring
    assert "| a contract lost | the other side | the contract's game points (see Auction) |" in scoring
    assert "except in a contract played without trumps" in section(text, "Trump")
    assert "The contracts Bettler and Gang are played without trumps" in section(text, "Trump")
    assert "- Auction: none → an open auction of contracts: Bettler (bid 1, 4)" in text


def test_the_declarer_takes_the_widow_and_lays_cards_away() -> None:
    text = book("house/dreierschnapsen")
    deal = section(text, "The deal")
    assert (
        "When the auction is over, the declarer takes the widow into his hand and then lays away two cards face "
        "down, one at a time (written `discard` and the card, such as `discard JH`), before the first lead."
    ) in deal
    assert "The cards laid away count as his card points; nobody else sees them." in deal
    assert "never go into his hand" not in text
    assert "- Talon: the undealt cards form a talon → none; the undealt cards form a widow that goes into the declarer's hand" in text
    assert "each of the other players scores them" in section(text, "Auction")


def test_the_first_tricks_winner_may_take_the_widow(tmp_path: Path) -> None:
    rs = made(tmp_path, "north-american-3", deal={"widow": {"to": "first_trick_winner_hand"}})
    deal = section(rulebook(rs), "The deal")
    assert "When the first trick has been played, its winner takes the widow into his hand" in deal
    assert "before he leads to the next trick" in deal


def test_the_forehand_alone_and_the_dealer_sitting_out() -> None:
    text = book("house/burgenland-4")
    players = section(text, "Players and sides")
    assert "In each deal the forehand (the player to the dealer's left) plays alone against the other two, the defenders" in players
    assert "The dealer receives no cards and sits his deal out; the other three play it" in players
    assert "He scores with the forehand" in players
    assert "to each of the other players (he deals himself none)" in section(text, "The deal")
    assert "when the defenders win, each of them scores them" in section(text, "Scoring")
    assert "He may not pass: he must name a suit." in section(text, "Trump")
    assert "sits" not in section(book("house/burgenland"), "Players and sides")


# --------------------------------------------------------------------------- scores, moons, exchanges
def test_match_scores_down_floored_and_shutouts(tmp_path: Path) -> None:
    rs = made(tmp_path, "sechsundsechzig", match={"count": "down", "negative": "floor_zero", "shutout": "retour"},
              scoring={"trump_ten": 1}, claim={"false_after_close": "false_points"})
    text = rulebook(rs)
    match = section(text, "Match")
    assert "each player starts at 7 and strikes off the game points he wins, and the first to reach 0 wins the match" in match
    assert "A match score never goes below 0" in match
    assert "every player but the winner takes a lost match (a Bummerl)" in match
    assert "takes two (a Schneider, a shutout)" in match and "while the winner had 0 takes four (a Retourschneider)" in match
    assert "the player who takes the ten of trumps in a trick scores 1 game point, whoever wins the deal" in section(text, "Scoring")
    declaring = section(text, "Declaring")
    assert "the larger of this and the score for a failed close" not in declaring
    assert "This holds even if the declarer had closed the talon" in declaring
    assert "larger of" in section(book("sechsundsechzig"), "Declaring")


def test_a_moon_made_on_points(tmp_path: Path) -> None:
    moon = {"bid": 5, "partner_sits_out": True, "requirement": "points", "points": 100, "trump": "first_lead"}
    text = rulebook(made(tmp_path, "north-american-4", bidding={"moon": moon}))
    assert "He must take at least 100 points (card points of the tricks plus marriages that count)." in section(text, "Auction")
    assert "A moon (bid 5) is made if the declaring side takes at least 100 points" in section(text, "Scoring")
    assert "every trick" not in section(text, "Auction")


def test_a_follower_and_the_closers_opponent_may_exchange(tmp_path: Path) -> None:
    rs = made(tmp_path, "sechsundsechzig", exchange={"timing": "before_lead_or_follow", "on_opponent_close": True})
    exchange = section(rulebook(rs), "Exchanging the trump card")
    assert "A player who is not on lead may exchange too, under the same conditions" in exchange
    assert "When a player closes the talon, his opponent is asked at once whether he exchanges the nine of trumps" in exchange
    assert "The question is put whether or not he holds the card, so that it tells nobody where the card is" in exchange
    assert "closed (but see below)" in exchange
    assert "not on lead" not in section(book("sechsundsechzig"), "Exchanging the trump card")


def test_the_next_deal_bonus_is_said_as_the_engine_counts_it() -> None:
    """``end.tie: next_deal_bonus`` sets one game point aside however many deals in a row are
    drawn (tests/rules/test_match.py plays two draws and a win for 1 + 1); the rulebook once
    said "one more for each drawn deal in a row"."""
    end = section(book("house/bicycle-four-hand"), "End of the deal")
    assert "scores one game point more (one, however many deals in a row were drawn)" in end
    assert "for each drawn deal" not in end
