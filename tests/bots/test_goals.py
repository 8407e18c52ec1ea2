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

from pathlib import Path

from interpreter import Card, DealState, load_ruleset
from interpreter.core.actions import MARRY_BASE
from interpreter.engine.build import build_position
from interpreter.rules.ruleset import Ruleset
from interpreter.search.goals import ALL_TRICKS, NO_TRICKS, trick_goals, unannounced
from interpreter.search.heuristic import greedy_code, knowledge

RS = load_ruleset("house/bauernschnapsen")


def reach(seed: int, moves: str, rs: Ruleset = RS) -> DealState:
    """Seed ``seed``'s deal (dealer 0) after the moves, comma-separated as the actions print."""
    state = DealState.new(rs, 0, seed)
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


def test_the_games_won_or_lost_on_one_trick_are_the_goal_contracts_and_a_moon_of_every_trick(tmp_path: Path) -> None:
    # Bauernschnapsen's contracts of no tricks and of every trick (each kind there); North American 4's moon (bid 5) must take every trick, as must
    # the PP family's bid of 6 without trump; a moon of 120 points is played for points.
    assert trick_goals(RS) == {c.bid: c.goal for c in RS.bidding.contracts if c.goal in (NO_TRICKS, ALL_TRICKS)}
    assert NO_TRICKS in trick_goals(RS).values() and ALL_TRICKS in trick_goals(RS).values()
    assert trick_goals(load_ruleset("north-american-4")) == {5: ALL_TRICKS}
    assert trick_goals(load_ruleset("house/pp-sixty-six")) == {6: ALL_TRICKS}
    assert trick_goals(load_ruleset("schnapsen")) == {}
    points_moon = tmp_path / "points-moon.yaml"
    points_moon.write_text(
        "extends: north-american-4\nname: points-moon\ntitle: Moon of points\n"
        "bidding:\n  moon:\n    bid: 5\n    partner_sits_out: true\n    requirement: points\n    points: 120\n",
        encoding="utf-8",
    )
    assert trick_goals(load_ruleset(str(points_moon))) == {}


def test_a_moons_holder_without_trump_leads_the_card_nothing_unseen_beats() -> None:
    # The PP family's bid of 6: seat 1 plays alone, with no trump, for every trick, holding
    # AD JC KS QD QS TH.  Each card but the ace of diamonds has an unseen card above it (JC:
    # the clubs above it; KS: AS TS; QD: TD KD; QS: AS TS; TH: AH), so the ace is led -- not
    # the spade marriage that the play for points announces (a king or queen the ace or
    # ten of spades takes, and the moon with it).
    rs = load_ruleset("house/pp-sixty-six")
    state = reach(1, "bid 6, pass, pass, pass", rs)
    assert state.actor == 1 and sorted(map(str, state.hand(1))) == sorted("AD JC KS QD QS TH".split())
    assert state.trump < 0 and not state.view(1).public.lead_trump  # no trump, and no card led will fix one
    assert str(rs.action_of[greedy_code(state.view(1))]) == "play AD"


def test_a_moons_defender_whose_side_takes_the_trick_plays_for_card_points() -> None:
    # North American 4, seat 1 shoots the moon (his partner, seat 3, lays his cards down) and
    # leads the diamond marriage's queen (diamonds trump); seat 2 takes it with the ten.  Seat
    # 0, last to play, cannot stop his side taking the trick: the moon is set whatever he
    # plays, and the defenders score their card points (``defenders: points // unit``).  So
    # he plays for points, as in any deal -- giving his partner's trick a card that counts,
    # never a nine (0 points), which the play for every trick threw (its weakest card).
    rs = load_ruleset("north-american-4")
    state = reach(7, "bid 5, pass, pass, pass, marry QD, play TD", rs)
    assert state.actor == 0 and sorted(map(str, state.hand(0))) == sorted("9C 9H 9S AC JS KS".split())
    view = state.view(0)
    k = knowledge(rs, view.public.order)
    kept, k.goal_of = k.goal_of, {}
    try:
        for_points = greedy_code(view)
    finally:
        k.goal_of = kept
    choice = greedy_code(view)
    assert choice == for_points and rs.deck.points[choice] > 0


def test_a_moon_set_is_played_for_points_and_its_marriages_announced() -> None:
    # North American 4, seat 1 shoots the moon and leads the nine of clubs (clubs trump); seat
    # 2 takes it with the ace: the moon is set.  Seat 2 leads with JH KH KS QD QH: the heart
    # marriage counts 20 for his side, which scores its card points, so he announces it, and
    # the search bot's choice of it stays the announcement.
    rs = load_ruleset("north-american-4")
    state = reach(3, "bid 5, pass, pass, pass, play 9C, play AC, play TC", rs)
    assert state.actor == 2 and sorted(map(str, state.hand(2))) == sorted("JH KH KS QD QH".split())
    view = state.view(2)
    choice = str(rs.action_of[greedy_code(view)])
    assert choice in ("marry KH", "marry QH")
    qh = rs.deck.index(Card.parse("QH"))
    assert unannounced(view, MARRY_BASE + qh) == MARRY_BASE + qh



def test_a_moons_first_lead_fixes_trump_in_the_longest_suit_not_at_the_surest_card() -> None:
    # North American 4, seat 1 shoots the moon with 9C JC AS TD KD JD; the first card led
    # fixes trump.  The ace of spades is the one card nobody can beat now -- but led first it
    # makes spades trump with a single trump in his hand against the five unseen.  He leads a
    # diamond: his three diamonds become trumps (the heuristic's choice of suit, as in any
    # deal); the play for every trick takes over from the second card.
    rs = load_ruleset("north-american-4")
    state = reach(9, "bid 5, pass, pass, pass", rs)
    assert state.actor == 1 and sorted(map(str, state.hand(1))) == sorted("9C JC AS TD KD JD".split())
    assert str(rs.action_of[greedy_code(state.view(1))]).endswith("D")
