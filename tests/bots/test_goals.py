"""Greedy play in contracts won or lost on one trick (``interpreter.search.goals``).

Bauernschnapsen's Bettler (take no trick, no trumps) and Gang (take every trick, no trumps):
card points count for nothing there, and the heuristic's play for points threw such contracts
away -- it announced a marriage in a Bettler (leading a king or queen) and played its lowest
card where it could throw its ace.  Positions are reached from a seeded deal by the moves
given (a game of contracts is not built from values), and each expected card is worked from
the hands shown.  In Bauernschnapsen the declarer's partner lays his cards down, and play
must follow suit and head the trick (``play.head: beat_winner``).
"""

from __future__ import annotations

from interpreter import Card, DealState, load_ruleset
from interpreter.core.actions import MARRY_BASE
from interpreter.engine.build import build_position
from interpreter.search.goals import unannounced
from interpreter.search.heuristic import greedy_code

RS = load_ruleset("house/bauernschnapsen")


def reach(seed: int, moves: str) -> DealState:
    """Seed ``seed``'s deal (dealer 0) after the moves, comma-separated as the actions print."""
    state = DealState.new(RS, 0, seed)
    for move in moves.split(", "):
        state.apply(next(a for a in state.legal_actions() if str(a) == move))
    return state


def hand(state: DealState, seat: int) -> list[str]:
    return sorted(map(str, state.hand(seat)))


def choice(state: DealState) -> str:
    return str(RS.action_of[greedy_code(state.view(state.actor))])


def test_a_bettlers_holder_leads_the_jack_with_most_cards_above_it_not_a_marriage() -> None:
    # Seat 1 holds a Bettler with JD KH QH AS JS and leads.  Announcing the heart marriage
    # leads a king or queen, which only the ace and ten of hearts beat; the ace of spades
    # nobody beats.  The jack of diamonds has every other diamond (four, none seen) above
    # it, the jack of spades three (the ace is his own): the jack of diamonds is likeliest
    # to be beaten.
    state = reach(1, "pass, bid 1, pass, pass, pass")
    assert state.actor == 1 and RS.bidding.contract(state.high_bid).goal == "no_tricks"
    assert hand(state, 1) == sorted("JD KH QH AS JS".split())
    assert choice(state) == "play JD"


def test_a_bettlers_holder_void_in_the_suit_led_throws_his_ace() -> None:
    # The same Bettler two tricks on: a defender leads the jack of clubs and the holder, with
    # no club, may throw any card.  The ace of spades takes any spade trick later (no card
    # beats it); a spade or heart below it may still be beaten.  So the ace goes.
    state = reach(1, "pass, bid 1, pass, pass, pass, play JD, play KD, play AD, play JC")
    assert state.actor == 1 and hand(state, 1) == sorted("KH QH AS JS".split())
    assert choice(state) == "play AS"


def test_a_bettlers_defender_leads_the_lowest_card_of_a_suit() -> None:
    # Seat 0 defends the Bettler and leads with JC TD KS QS.  No club is lower than the jack:
    # a holder with any club must follow with it and head the trick, so takes it.  The ten
    # of diamonds and the king of spades have cards below them he may duck with.
    state = reach(1, "pass, bid 1, pass, pass, pass, play JD, play KD, play AD")
    assert state.actor == 0 and hand(state, 0) == sorted("JC TD KS QS".split())
    assert choice(state) == "play JC"


def test_a_gangs_holder_leads_the_card_nothing_unseen_beats() -> None:
    # Seat 1 holds a Gang (every trick, no trumps) with JD KH QH AS JS.  The ace of spades is
    # the only card no unseen card beats; the marriage's king or queen loses to the ace or
    # ten of hearts, and the contract with it.
    state = reach(1, "pass, bid 3, pass, pass, pass")
    assert state.actor == 1 and RS.bidding.contract(state.high_bid).goal == "all_tricks"
    assert choice(state) == "play AS"


def test_a_bettlers_holder_leads_first_the_card_most_dangerous_to_keep() -> None:
    # Dreierschnapsen (the declarer alone against two, who must follow and head the trick):
    # seat 0 announces a Bettler, takes the talon and lays away AD and TC, keeping
    # QD JD TH KH JH TS.  Every one of these has an unseen card above it, so each is as sure
    # to be beaten now.  Kept, the ten of spades is the danger: three spades below it are
    # out (KS QS JS) and he has none to duck with, so a defender's low spade makes him go
    # over it and take the trick.  The queen of diamonds has the jack beside it, the ten of
    # hearts the king and jack.  (Leading the jack of diamonds, the weakest, lost the
    # contract on this deal: JS led back, the ten forced to head it.)
    rs = load_ruleset("house/dreierschnapsen")
    state = DealState.new(rs, 2, 20)
    for move in ("pass", "bid 1", "pass", "pass", "discard AD", "discard TC"):
        state.apply(next(a for a in state.legal_actions() if str(a) == move))
    assert state.actor == 0 and rs.bidding.contract(state.high_bid).goal == "no_tricks"
    assert sorted(map(str, state.hand(0))) == sorted("QD JD TH KH JH TS".split())
    assert str(rs.action_of[greedy_code(state.view(0))]) == "play TS"


def test_the_search_bot_plays_a_marriages_card_unannounced_in_such_a_contract() -> None:
    # Seat 1's Bettler above, KH QH in hand: "marry KH" scores nothing towards taking no
    # trick and shows the defenders his queen, so the search bot's choice of it becomes
    # "play KH".  In Schnapsen's plain game the marriage's 20 (40 in trumps) count, and it stays.
    state = reach(1, "pass, bid 1, pass, pass, pass")
    view = state.view(1)
    kh = RS.deck.index(Card.parse("KH"))
    assert MARRY_BASE + kh in view.legal_codes
    assert str(RS.action_of[unannounced(view, MARRY_BASE + kh)]) == "play KH"
    assert unannounced(view, kh) == kh
    schnapsen = load_ruleset("schnapsen")
    plain = build_position(schnapsen, dealer=1, trump="S", leader=0, points=[30, 20], tricks=[2, 1],
                           hands=["KH QH AS", "JS TD AD"])
    kh = schnapsen.deck.index(Card.parse("KH"))
    assert MARRY_BASE + kh in plain.view(0).legal_codes
    assert unannounced(plain.view(0), MARRY_BASE + kh) == MARRY_BASE + kh
