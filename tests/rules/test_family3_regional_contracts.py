"""The regional contracts of rulesets/house/bauernschnapsen-regional.yaml: a contract's own
card order (``bidding.contracts[].ranks``), a card its announcer must hold (``holding``), and
the Kontrabauernschnapser.

The sources, as the house file quotes them:

* Zehnerloch, 10 -- "Ohne Adut, alle Stiche, aber mit folgender Reihenfolge: 10-K-D-B-A" (a
  Bauernschnapsen scorer's table of games); wikibooks: "Wie bei einem Zehnerloch ist das Ziel
  alle Stiche zu bekommen, jedoch tritt nicht die Ausnahmeregelung in Kraft, die den Trumpf für
  ungültig erklärt."
* Ass-Bettler, 5 -- "Wie Bettler, Spieler besitzt ein oder mehrere Assen." (the scorer)
* Kontrabauernschnapser, 24 -- "Mit Adut, alle Stiche, aber der Gegner spielt aus." (the scorer);
  wikibooks' Konterbauernloch: "Das Ausspielrecht der ersten Karte bleibt jedoch ... bei der
  Person, die auch die Trumpffarbe bestimmt hat", and it "bringt 24 Punkte".

Bids: 1 Bettler, 2 Ass-Bettler, 3 Schnapser, 4 Gang, 5 Zehnerloch, 6 Bauernschnapser,
7 Kontraschnapser, 8 Kontrabauernschnapser.  Dealer 0: the forehand is seat 1; teams 0 & 2
(team 0) against 1 & 3 (team 1).  The base ruleset's duties: follow suit and head the card
winning the trick (``play.head: beat_winner``).  A contract is played alone: the declarer's
partner sits out and a trick has three cards.
"""

from __future__ import annotations

import random

import pytest

from interpreter import DealState, IllegalActionError, load_ruleset, parse_action
from interpreter.core.errors import RulesetError
from interpreter.play.record import apply_recorded, deal_from_mapping
from interpreter.search.heuristic import knowledge
from interpreter.search.sampling import WorldSampler
from interpreter.search.solver import move_values

RS = load_ruleset("rulesets/house/bauernschnapsen-regional.yaml")

HANDS = {
    0: "AH TH KH QH JC",
    1: "AS TS KS QS JH",
    2: "JS JD AC QD KD",
    3: "TC KC QC AD TD",
}

# Seat 0 holds no ace; the other three hold one each.
NO_ACE = {
    0: "TH KH QH JH KC",
    1: "AS TS KS QS JS",
    2: "AH AC TC QC JC",
    3: "AD TD KD QD JD",
}


def texts(actions) -> set[str]:
    return {str(a) for a in actions}


def plays(*cards: str) -> set[str]:
    return {f"play {c}" for c in cards}


def dealt(hands: dict[int, str], trump: str, *auction: str) -> DealState:
    st = deal_from_mapping(RS, {"dealer": 0, "hands": {s: h.split() for s, h in hands.items()}})
    for move in (f"trump {trump}", *auction):
        st.apply(parse_action(move))
    return st


def go(st: DealState, *moves: str) -> DealState:
    for move in moves:
        apply_recorded(st, parse_action(move))
    return st


def test_in_the_zehnerloch_the_jack_beats_the_ace() -> None:
    """Seat 1 (forehand) announces the Zehnerloch (bid 5), all pass: seat 3 sits out, no trump.
    Seat 1 leads AS; seat 2 holds one spade, JS, and must play it; seat 0 has no spade and may
    play any card (JC).  In the order T K Q J A the jack beats the ace: seat 2 takes the trick,
    the declarer has lost one, and the Zehnerloch is lost after one trick: team 0 scores 10."""
    st = dealt(HANDS, "S", "bid 5", "pass", "pass", "pass")
    assert (st.declarer, st.sitting_out, st.contract.name) == (1, (3,), "zehnerloch")
    assert st.trump_suit() is None
    go(st, "play AS")
    assert texts(st.legal_actions()) == plays("JS")
    go(st, "play JS")
    assert texts(st.legal_actions()) == plays(*HANDS[0].split())
    go(st, "play JC")
    assert st.is_over and st.tricks_played == 1 and st.tricks == [0, 0, 1, 0]
    res = st.result
    assert res.scores == (10, 0) and res.made is False and res.winner == 0


def test_in_the_gang_the_same_trick_goes_to_the_ace() -> None:
    """The same cards in the Gang (bid 4, the deck's order A T K Q J): AS takes the trick from
    JS, and the Gang goes on."""
    st = dealt(HANDS, "S", "bid 4", "pass", "pass", "pass")
    go(st, "play AS", "play JS", "play JC")
    assert not st.is_over and st.tricks == [0, 1, 0, 0] and st.leader == 1


def test_heading_the_trick_follows_the_contract_order() -> None:
    """Seat 1 announces the Zehnerloch and leads JH; seat 2 has no heart: any card; seat 0 must
    head the jack with a higher heart: in T K Q J A that is TH, KH or QH -- not AH, the lowest.
    In the Gang (A T K Q J) every one of his hearts heads the jack."""
    st = dealt(HANDS, "S", "bid 5", "pass", "pass", "pass")
    go(st, "play JH")
    assert texts(st.legal_actions()) == plays(*HANDS[2].split())
    go(st, "play JD")
    assert texts(st.legal_actions()) == plays("TH", "KH", "QH")
    gang = dealt(HANDS, "S", "bid 4", "pass", "pass", "pass")
    go(gang, "play JH", "play JD")
    assert texts(gang.legal_actions()) == plays("AH", "TH", "KH", "QH")


def test_views_the_heuristic_and_the_solver_see_the_contract_order() -> None:
    """After the auction of the first test every seat's view publishes the Zehnerloch's order
    (not the deck's, 0), and the bots' tables under it put the ace of spades below the other
    four spades.  The solver plays by the engine: seat 1 cannot make the Zehnerloch whatever
    he leads -- AS loses at once to JS; any other line must bring JH, which seat 0 heads with
    a ten, king or queen of hearts he keeps for it (no spade, he throws what he likes on the
    spades) -- so every lead is worth -10 to team 1."""
    st = dealt(HANDS, "S", "bid 5", "pass", "pass", "pass")
    assert st.order != 0
    assert all(st.view(seat).public.order == st.order for seat in range(4))
    deck = RS.deck
    spade = {r: deck.card_index(r, "S") for r in "ATKQJ"}
    k = knowledge(RS, st.order)
    assert k.stronger[spade["A"]] == sum(1 << spade[r] for r in "TKQJ")
    assert k.stronger[spade["T"]] == 0
    assert knowledge(RS).stronger[spade["A"]] == 0  # the deck's order: nothing beats the ace
    values = {code: s.value for code, s in move_values(st, side=1).items()}
    leads = {RS.code(parse_action(f"play {c}")) for c in HANDS[1].split()}
    assert leads <= set(values) and set(values.values()) == {-10}  # (KS QS may also be led as a marriage)


def test_only_a_player_holding_an_ace_may_announce_the_ass_bettler() -> None:
    """Seat 0 holds no ace: after three passes he may announce the Bettler (bid 1) and every
    other contract open to him, but not the Ass-Bettler (bid 2), and is told why.  Seat 1, the
    forehand, holds AS and may announce it."""
    st = dealt(NO_ACE, "S", "pass", "pass", "pass")
    assert st.actor == 0
    assert "bid 1" in texts(st.legal_actions()) and "bid 2" not in texts(st.legal_actions())
    with pytest.raises(IllegalActionError) as refused:
        st.apply(parse_action("bid 2"))
    assert refused.value.rule == "bidding.contracts"
    assert "only a player holding an ace may announce Ass-bettler" in str(refused.value)
    first = dealt(NO_ACE, "S")
    assert first.actor == 1 and "bid 2" in texts(first.legal_actions())


def test_the_ass_bettler_is_a_bettler_worth_five() -> None:
    """Seat 1 announces the Ass-Bettler (bid 2), all pass: no trump, seat 3 sits out.  He leads
    AS and seat 2 (AH AC TC QC JC, no spade) and seat 0 (no spade) throw other cards: the ace
    takes the trick, the declarer has taken one, and the Ass-Bettler is lost: team 0 scores 5."""
    st = dealt(NO_ACE, "S", "bid 2", "pass", "pass", "pass")
    assert st.contract.name == "ass-bettler" and st.trump_suit() is None
    go(st, "play AS", "play JC", "play KC")
    assert st.is_over and st.result.scores == (5, 0) and st.result.made is False


def test_the_kontrabauernschnapser_the_forehand_leads_and_it_is_worth_24() -> None:
    """Seat 2, an opponent of the forehand, announces the Kontrabauernschnapser (bid 8) over
    seat 1's pass; seats 3 and 0 pass.  Seat 0 sits out; the forehand (seat 1) leads, spades
    are trumps.  Seat 1 leads AS: seat 2 must follow with JS and loses the trick: the
    declarer has lost a trick, and team 1 scores 24 -- the match's target in one deal."""
    st = dealt(HANDS, "S", "pass", "bid 8", "pass", "pass")
    assert (st.declarer, st.sitting_out, st.actor) == (2, (0,), 1)
    assert st.trump_suit() == "S"
    go(st, "play AS")
    assert texts(st.legal_actions()) == plays("JS")
    go(st, "play JS", "play TC")
    assert st.is_over and st.result.scores == (0, 24) and st.result.winner == 1


def _house(tmp_path, contract: str):
    path = tmp_path / "orders.yaml"
    path.write_text(
        "extends: house/bauernschnapsen-regional\nname: orders\nbidding:\n  values: [1]\n  contracts:\n"
        f"    - {contract}\n", encoding="utf-8")
    return load_ruleset(path)


@pytest.mark.parametrize(("ranks", "wrong"), [
    ("[T, K, Q, A]", "rank J is missing"),
    ("[T, K, Q, J, 9]", "rank 9 is not in deck.ranks"),
])
def test_a_contract_order_must_list_every_rank_of_the_deck_once(tmp_path, ranks: str, wrong: str) -> None:
    """The 20-card deck has A T K Q J: an order without the jack, or with a nine, is refused at
    its key, with the ranks expected."""
    with pytest.raises(RulesetError) as info:
        _house(tmp_path, f"{{bid: 1, name: loch, value: 10, goal: all_tricks, ranks: {ranks}}}")
    text = str(info.value)
    assert wrong in text and "bidding.contracts[0].ranks" in text
    assert "the ranks A, T, K, Q, J in the contract's order, strongest first" in text


def test_a_card_to_hold_must_be_a_rank_of_the_deck(tmp_path) -> None:
    with pytest.raises(RulesetError) as info:
        _house(tmp_path, "{bid: 1, name: bettler, value: 4, goal: no_tricks, holding: 9}")
    assert "rank 9 is not in the deck" in str(info.value) and "bidding.contracts[0].holding" in str(info.value)


def test_worlds_give_the_ass_bettler_announcer_an_ace_each_world_equally_likely() -> None:
    """Seat 0 holds no ace (NO_ACE) and sees seat 1 announce the Ass-Bettler.  The 15 cards he
    has not seen, the four aces among them, lie 5-5-5 with seats 1, 2, 3: 15!/(5!5!5!) =
    756,756 deals, of which C(11,5) * C(10,5) = 462 * 252 = 116,424 leave seat 1 without an
    ace -- 640,332 agree with the announcement.  In C(14,4) * C(10,5) = 1,001 * 252 = 252,252
    of them seat 1 holds the ace of spades: 39.4%.  (Drawing the four pieces -- "he holds the
    ace of clubs", "not it but the ace of diamonds", ..., "the ace of spades and no other" --
    alike instead of by their counts would give (4/14 + 4/13 + 4/12 + 1) / 4 = 48.2%.)"""
    st = dealt(NO_ACE, "S", "bid 2")
    view = st.view(0)
    sampler = WorldSampler(view)
    assert sampler.count == 640_332
    rng = random.Random(5)
    aces = sum(1 << RS.deck.card_index("A", s) for s in RS.deck.suits)
    ace_of_spades = 1 << RS.deck.card_index("A", "S")
    with_spade_ace = 0
    for _ in range(2000):
        world = sampler.sample(rng).state
        assert world.hands[1] & aces, "the announcer of the Ass-Bettler holds an ace in every world"
        assert world.view(0) == view
        with_spade_ace += bool(world.hands[1] & ace_of_spades)
    assert 0.36 < with_spade_ace / 2000 < 0.43  # 39.4% +- 4.5 standard deviations (1.1%)


def test_the_card_room_names_the_winner_of_the_last_trick_by_the_contract_order() -> None:
    """The card room shows who took the last trick: in the Zehnerloch of the first test, seat 2
    with JS over AS; in the Gang, seat 1 with AS."""
    from cli.room.messages import _last_trick

    loch = go(dealt(HANDS, "S", "bid 5", "pass", "pass", "pass"), "play AS", "play JS", "play JC")
    assert _last_trick(loch.view(0))["winner"] == 2
    gang = go(dealt(HANDS, "S", "bid 4", "pass", "pass", "pass"), "play AS", "play JS", "play JC")
    assert _last_trick(gang.view(0))["winner"] == 1
