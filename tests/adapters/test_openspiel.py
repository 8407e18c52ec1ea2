"""The OpenSpiel game: OpenSpiel's own random simulation test for every bundled and house
ruleset, explicit chance, the observers, returns, and its ISMCTS bot playing with worlds drawn
by the engine's sampler."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed (pip install -e '.[rl]')")

import numpy as np

from interpreter.adapters.openspiel import GAME_NAME, SixtySixState, ismcts_bot, score_bounds, world_resampler
from interpreter.core.actions import DECLARE, Exchange, Pass
from interpreter.engine.state import DealState
from interpreter.play.bots.policy import PolicyAgent, ViewState, layout
from interpreter.play.bots.random_bot import RandomBot
from interpreter.play.runner import play_match
from interpreter.rules.loader import load_ruleset
from interpreter.rules.resources import bundled_rulesets

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted(bundled_rulesets())
FIXTURES = sorted(str(p) for p in (ROOT / "tests" / "fixtures" / "rulesets").glob("*.yaml"))


def game(name: str, **params: object) -> object:
    return pyspiel.load_game(GAME_NAME, {"ruleset": name, **params})


def dealt(g: object, seed: int) -> SixtySixState:
    """A state right after chance has dealt (seeded)."""
    rng = random.Random(seed)
    state: SixtySixState = g.new_initial_state()  # type: ignore[attr-defined]
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    return state


@pytest.mark.parametrize("name", RULESETS + FIXTURES, ids=lambda name: Path(name).stem if name.endswith(".yaml") else name)
def test_openspiel_random_sim_test_passes(name: str) -> None:
    pyspiel.random_sim_test(game(name), num_sims=20, serialize=True, verbose=False)


def test_the_game_loads_from_its_string_with_a_house_ruleset() -> None:
    g = pyspiel.load_game(f"{GAME_NAME}(ruleset=house/santase,dealer=0)")
    rs = load_ruleset("house/santase")
    assert g.num_players() == rs.players.count
    assert g.num_distinct_actions() == len(rs.action_of)
    assert g.max_chance_outcomes() == rs.deck.size
    assert g.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert g.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert str(g) == f"{GAME_NAME}(dealer=0,ruleset=house/santase)"


def test_chance_deals_the_deck_as_a_seeded_deal_is_dealt() -> None:
    g = game("schnapsen", dealer=1)
    rs = load_ruleset("schnapsen")
    seeded = DealState.new(rs, 1, 42)
    # the order DealState.new shuffles into, laid out by chance card by card
    rng = random.Random(42)
    keys = [rng.random() for _ in range(rs.deck.size)]
    order = sorted(range(rs.deck.size), key=keys.__getitem__)
    state = g.new_initial_state()
    for card in order[:-1]:
        assert state.is_chance_node()
        outcomes = dict(state.chance_outcomes())
        assert outcomes[card] == pytest.approx(1 / len(outcomes))
        state.apply_action(card)
    assert not state.is_chance_node()
    assert state.deal.hands == seeded.hands and state.deal.stock == seeded.stock
    assert state.current_player() == seeded.actor


def laid_in_deck_order(g: object) -> SixtySixState:
    """A Schnapsen deal (dealer 1) whose chance laid out the deck in card order, AC first.

    Dealt by hand from the packets (three each from the forehand, seat 0; the turn-up; two
    each; the stock): seat 0 AC TC KC KD QD, seat 1 QC JC AD JD AH, turn-up TD (trump D),
    stock TH KH QH JH AS TS KS QS JS.
    """
    state: SixtySixState = g.new_initial_state()  # type: ignore[attr-defined]
    for card in range(19):
        state.apply_action(card)
    return state


def test_an_illegal_decision_is_refused_with_its_reason_and_changes_nothing() -> None:
    g = game("schnapsen", dealer=1)
    state = laid_in_deck_order(g)
    rs = state.rs
    assert str(state.deal.hand(0)) == "AC TC KC KD QD"
    before = (str(state), state.history(), state.deal.hands, list(state.deal.stock))
    cases = {
        5: "action 5 (play AD) is not legal for player 0 now: seat 0 does not hold AD",  # seat 1's
        10: "action 10 (play AH) is not legal for player 0 now: seat 0 does not hold AH",  # seat 1's
        11: "action 11 (play TH) is not legal for player 0 now: seat 0 does not hold TH",  # the stock's top
        g.num_distinct_actions(): f"action {g.num_distinct_actions()} is not an action of this game (0 to {g.num_distinct_actions() - 1})",
        999: f"action 999 is not an action of this game (0 to {g.num_distinct_actions() - 1})",
    }
    for action, message in cases.items():
        with pytest.raises(ValueError) as caught:
            state.apply_action(action)
        assert str(caught.value) == message
        assert (str(state), state.history(), state.deal.hands, list(state.deal.stock)) == before
    exchange = layout(rs).index_of[rs.code_of[Exchange()]]  # the jack of trumps JD is seat 1's
    with pytest.raises(ValueError, match=r"^action \d+ \(exchange\) is not legal for player 0 now: "):
        state.apply_action(exchange)
    state.apply_action(0)  # AC: seat 0 holds it
    assert state.history()[19:] == [0] and state.deal.hands[0] == sum(1 << c for c in (1, 2, 7, 8))


def test_what_is_no_action_index_is_refused_as_an_illegal_action(capfd: pytest.CaptureFixture[str]) -> None:
    """Schnapsen has 51 actions (0 to 50) and 20 cards (0 to 19).  -1 (OpenSpiel's
    ``kInvalidAction``) was refused by OpenSpiel's C++ layer with a ``SpielError`` and a line on
    stderr, a float with a binding error naming no range, and ``True`` was taken for action 1
    (play TC, seat 0's card): each is now the ``ValueError`` of an illegal action, naming it
    and the range, at a decision and at a chance node, from ``apply_action`` and ``child``,
    and the state is left as it was."""
    g = game("schnapsen", dealer=1)
    state = laid_in_deck_order(g)  # seat 0 holds AC TC KC KD QD: action 1 (play TC) is legal
    before = (str(state), state.history())
    cases: list[tuple[object, str]] = [  # a list: 1.0, True and np.True_ are one key of a dict
        (-1, "action -1 is not an action of this game (0 to 50)"),
        (-7, "action -7 is not an action of this game (0 to 50)"),
        (51, "action 51 is not an action of this game (0 to 50)"),
        (2**70, f"action {2**70} is not an action of this game (0 to 50)"),
        (1.0, "action 1.0 is not an action of this game (0 to 50): a float, not an integer"),
        (np.float64(2.5), "action np.float64(2.5) is not an action of this game (0 to 50): a float64, not an integer"),
        (True, "action True is not an action of this game (0 to 50): a bool, not an integer"),
        (np.True_, "action np.True_ is not an action of this game (0 to 50): a bool, not an integer"),
        ("1", "action '1' is not an action of this game (0 to 50): a str, not an integer"),
    ]
    for action, message in cases:
        for apply in (state.apply_action, state.child):
            with pytest.raises(ValueError) as caught:
                apply(action)
            assert str(caught.value) == message
            assert (str(state), state.history()) == before
    assert state.child(np.int64(1)).history()[19:] == [1]  # a numpy integer is an index
    fresh = g.new_initial_state()  # type: ignore[attr-defined]
    for action, message in [
        (-1, "chance action -1 is not a card of this deck (0 to 19)"),
        (20, "chance action 20 is not a card of this deck (0 to 19)"),
        (0.0, "chance action 0.0 is not a card of this deck (0 to 19): a float, not an integer"),
        (False, "chance action False is not a card of this deck (0 to 19): a bool, not an integer"),
    ]:
        with pytest.raises(ValueError) as caught:
            fresh.apply_action(action)
        assert str(caught.value) == message
        assert fresh.history() == []
    assert "OpenSpiel exception" not in capfd.readouterr().err


def test_chance_lays_each_card_of_the_deck_once() -> None:
    g = game("schnapsen", dealer=1)
    state = g.new_initial_state()
    state.apply_action(0)
    for action, message in {
        0: "chance action 0 (AC) is laid out already",
        20: "chance action 20 is not a card of this deck (0 to 19)",
        99: "chance action 99 is not a card of this deck (0 to 19)",
    }.items():
        with pytest.raises(ValueError) as caught:
            state.apply_action(action)
        assert str(caught.value) == message
        assert state.history() == [0] and state.order == [0]
    assert [a for a, _ in state.chance_outcomes()] == list(range(1, 20))


@pytest.mark.parametrize("name", RULESETS)
def test_every_action_outside_the_legal_set_is_refused(name: str) -> None:
    """Along random playouts, every action index is tried on a copy: the legal ones apply, every
    other raises ValueError and leaves the copy as it was; chance refuses the cards laid out."""
    g = game(name)
    rng = random.Random(7)
    state = g.new_initial_state()
    for _ in range(3):
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    laid = set(state.history())
    for card in range(g.max_chance_outcomes()):
        probe = state.clone()
        if card in laid:
            with pytest.raises(ValueError, match="is laid out already"):
                probe.apply_action(card)
            assert probe.history() == state.history()
        else:
            probe.apply_action(card)
    state = dealt(g, 11)
    steps = 0
    while not state.is_terminal():
        if steps % 3 == 0:  # every third decision: all of them tried
            legal = set(state.legal_actions())
            for action in range(g.num_distinct_actions()):
                probe = state.clone()
                if action in legal:
                    probe.apply_action(action)
                else:
                    with pytest.raises(ValueError, match=f"^action {action} .* is not legal"):
                        probe.apply_action(action)
                    assert probe.history() == state.history() and str(probe) == str(state)
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    with pytest.raises(ValueError, match="the deal is over"):
        state.apply_action(state.history()[-1])


def test_a_policy_seat_reads_openspiels_own_numbers() -> None:
    """At every decision of a random Schnapsen deal, :class:`ViewState` (what a policy seat is
    given at the table) holds exactly OpenSpiel's float32 tensors -- not the nearby doubles
    (0.8 for 0.800000011920929): the talon's count in tenths is one such entry."""
    g = game("schnapsen")
    rng = random.Random(4)
    state = dealt(g, 1)
    inexact = 0
    while not state.is_terminal():
        player = state.current_player()
        view = state.deal.view(player)
        obs = ViewState(view).observation_tensor(player)
        assert obs == list(state.observation_tensor(player))
        assert ViewState(view).information_state_tensor(player) == list(state.information_state_tensor(player))
        inexact += any(x != y for x, y in zip(obs, layout(g.rs).encode(view)))
        state.apply_action(rng.choice(state.legal_actions()))
    assert inexact  # some entry was no float32 exactly: the comparison above saw a rounding


def test_the_observers_are_the_views_encoding() -> None:
    g = game("north-american-4")
    state = dealt(g, 3)
    deal = state.deal
    lay = layout(deal.rs)
    for player in range(4):
        view = deal.view(player)
        assert state.observation_tensor(player) == pytest.approx(lay.encode(view))
        assert state.information_state_tensor(player) == pytest.approx(lay.encode_info(view))
        assert state.observation_string(player) == lay.observation_string(view)
        assert state.information_state_string(player) == lay.information_state_string(view)
    public = g.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    public.set_from(state, 0)
    hand = lay.field["hand"]
    assert not public.tensor[hand.offset:hand.offset + hand.size].any()
    assert public.dict["played"].shape == (4, deal.rs.deck.size)


@pytest.mark.parametrize("name", RULESETS)
def test_returns_are_zero_sum_margins_within_the_bounds(name: str) -> None:
    g = game(name)
    rs = load_ruleset(name)
    low, high = score_bounds(rs)
    rng = random.Random(1)
    for seed in range(10):
        state = dealt(g, seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        returns = state.returns()
        scores = state.deal.result.scores
        assert all(low <= v <= high for v in scores)
        assert sum(returns[seats[0]] for seats in rs.sides) == pytest.approx(0.0)
        assert g.min_utility() <= min(returns) and max(returns) <= g.max_utility()


def test_a_resampled_state_looks_the_same_to_the_player() -> None:
    g = game("sechsundsechzig")
    state = dealt(g, 5)
    rng = random.Random(0)
    declare = layout(state.rs).index_of[DECLARE]
    for _ in range(6):  # into the deal, never going out
        state.apply_action(rng.choice([a for a in state.legal_actions() if a != declare]))
    assert not state.is_terminal()
    player = state.current_player()
    resample = world_resampler(seed=2)
    differs = False
    for _ in range(10):
        world = resample(state, player)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.deal.view(player) == state.deal.view(player)
        assert world.history()[g.max_chance_outcomes() - 1:] == state.history()[g.max_chance_outcomes() - 1:]
        differs |= world.deal.hands != state.deal.hands
    assert differs


def cards_of(rs: object, text: str) -> int:
    """The bit mask of cards written as ``AC TC KC``."""
    return sum(1 << rs.deck.card_index(name[:-1], name[-1]) for name in text.split())  # type: ignore[attr-defined]


def test_a_resampled_deal_keeps_the_packets_seen_before_trump_is_named() -> None:
    """Three-player Sixty-Six (dealer 1, forehand 2) with chance laying out the deck from its
    last card down (9S first; AC falls last), so position i holds card 23 - i.

    By hand from the packets 3, 2, 3 dealt from the forehand: seat 2 gets positions 0-2 (9S JS
    QS), 9-10 (KH TH) and 15-17 (KD TD AD); seat 0 gets 3-5 (KS TS AS); seat 1 gets 6-8. Trump
    is named after the first packet, so each seat sees three cards; a pass turns the
    forehand's first later card, position 9: KH, trump H.
    """
    g = game("house/three-player-66")
    rs = load_ruleset("house/three-player-66")
    state: SixtySixState = g.new_initial_state()  # type: ignore[attr-defined]
    for card in range(rs.deck.size - 1, 0, -1):
        state.apply_action(card)
    assert state.current_player() == 2
    rng = random.Random(4)
    seen = {2: cards_of(rs, "9S JS QS"), 0: cards_of(rs, "KS TS AS")}
    for _ in range(10):
        for player, hand in seen.items():
            world = state.resample(player, rng)
            assert world.deal.view(player).hand_mask == hand
            assert world.deal.hands[player] & hand == hand
            assert world.information_state_string(player) == state.information_state_string(player)
    state.apply_action(layout(rs).index_of[rs.code_of[Pass()]])  # the forehand passes: KH is turned
    assert state.deal.trump_suit() == "H"
    kh = cards_of(rs, "KH")
    for _ in range(10):
        for player in (0, 1, 2):
            world = state.resample(player, rng)
            assert world.deal.trump_suit() == "H"
            assert world.deal.hands[2] & kh and world.deal.view(player).public.known[2] == kh
            assert world.order[9] == rs.deck.card_index("K", "H")
            assert world.information_state_string(player) == state.information_state_string(player)
        world = state.resample(2, rng)  # its own packets, as it saw them
        assert world.deal.unseen[2] == cards_of(rs, "KH TH KD TD AD")
        assert sum(1 << c for c in world.order[:3]) == seen[2]  # its first packet, in any order


def test_a_resampled_deal_keeps_the_dealers_card_shown_for_trump() -> None:
    """Four-player Sixty-Six (dealer 1; his partner 3 first, then 2, 0, the dealer last; 3 then
    3 cards each) with chance laying out cards 1 to 23 in order: card 0, AC, falls into the last
    position, the dealer's last card, shown for trump: clubs, and AC is seat 1's."""
    g = game("house/four-player-66")
    rs = load_ruleset("house/four-player-66")
    state: SixtySixState = g.new_initial_state()  # type: ignore[attr-defined]
    for card in range(1, rs.deck.size):
        state.apply_action(card)
    assert state.deal.trump_suit() == "C" and state.deal.turned == 0
    rng = random.Random(5)
    for _ in range(10):
        for player in (0, 2, 3):
            world = state.resample(player, rng)
            assert world.deal.trump_suit() == "C" and world.deal.turned == 0 and world.deal.hands[1] & 1
            assert world.information_state_string(player) == state.information_state_string(player)


@pytest.mark.parametrize("name", RULESETS)
def test_a_resampled_state_looks_the_same_to_the_player_on_every_ruleset(name: str) -> None:
    """At every decision of random deals, a world drawn for each player gives that player the
    same information state (string and tensor), observation and view as the real state."""
    g = game(name)
    rng = random.Random(9)
    for seed in range(2):
        state = dealt(g, seed)
        while not state.is_terminal():
            for player in range(g.num_players()):
                world = state.resample(player, rng)
                assert world.information_state_string(player) == state.information_state_string(player)
                assert world.information_state_tensor(player) == state.information_state_tensor(player)
                assert world.observation_string(player) == state.observation_string(player)
                assert world.deal.view(player) == state.deal.view(player)
            state.apply_action(rng.choice(state.legal_actions()))


NAMED_TRUMP = [name for name in RULESETS if load_ruleset(name).trump.selection in ("named", "dealer_card")]


@pytest.mark.parametrize("name", NAMED_TRUMP)
def test_openspiels_ismcts_bot_searches_where_trump_is_named(name: str) -> None:
    """The bot decides the first moves for every seat, the naming of trump included; OpenSpiel
    asserts that every resampled root has the real root's information state."""
    g = game(name)
    bot = ismcts_bot(g, simulations=8, seed=3)
    state = dealt(g, 2)
    rng = random.Random(1)
    for _ in range(4):
        state.apply_action(int(bot.step(state)))
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", ["schnapsen", "north-american-4"])
def test_openspiels_ismcts_bot_plays_a_deal_on_sampled_worlds(name: str) -> None:
    g = game(name)
    bot = ismcts_bot(g, simulations=25, seed=3)
    rng = np.random.RandomState(0)
    state = g.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(int(bot.step(state)))
            moves += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert moves >= 1 and len(state.returns()) == g.num_players()


def test_an_openspiel_policy_takes_a_seat() -> None:
    from open_spiel.python import policy as os_policy

    g = game("schnapsen")
    rs = load_ruleset("schnapsen")
    uniform = os_policy.UniformRandomPolicy(g)
    match = play_match(rs, [PolicyAgent(rs, uniform, seed=1), RandomBot(rs, 2)], seed=6, max_deals=2)
    assert match.results


PUBLIC_INFO = ["schnapsen", "house/dreierschnapsen", "north-american-3", "north-american-4",
               str(ROOT / "tests" / "fixtures" / "rulesets" / "exchange-on-close.yaml")]


@pytest.mark.parametrize("name", PUBLIC_INFO, ids=lambda name: Path(name).stem if name.endswith(".yaml") else name)
def test_the_public_observers_are_the_same_for_every_player(name: str) -> None:
    """``private_info=NONE``, with and without perfect recall, at every step of random deals:
    every player's string and tensor are the same (OpenSpiel's definition of public
    information), and no own card, legal action or card laid away by name is in the string."""
    g = game(name)
    n = g.num_players()
    observers = [g.make_py_observer(pyspiel.IIGObservationType(perfect_recall=recall, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
                 for recall in (False, True)]
    rng = random.Random(4)
    for seed in range(3):
        state = dealt(g, seed)
        while True:
            for obs in observers:
                strings = {obs.string_from(state, p) for p in range(n)}
                assert len(strings) == 1
                text = strings.pop()
                assert "hand " not in text and "legal " not in text and "seat " not in text.split(" | ")[0]
                assert not re.search(r"discard [2-9TJQKA][CDHS]", text)
                tensors = []
                for p in range(n):
                    obs.set_from(state, p)
                    tensors.append(obs.tensor.copy())
                assert all(np.array_equal(tensors[0], t) for t in tensors[1:])
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))


def test_a_single_players_observer_shows_his_own_discards_only() -> None:
    """Dreierschnapsen: the declarer lays two cards away.  His own information-state string
    (``private_info=SINGLE_PLAYER``) names them, with his hand; another player's shows them
    face down and names none of the declarer's cards, and the public one names none at all."""
    g = game("house/dreierschnapsen")
    rng = random.Random(5)
    for _ in range(50):
        state = dealt(g, rng.getrandbits(16))
        while not state.is_terminal() and not (state.deal.widow_taker >= 0 and state.deal.to_discard == 0):
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            break
    deal = state.deal
    taker = deal.widow_taker
    other = (taker + 1) % 3
    single = g.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    public = g.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE))
    laid = [str(a) for s, a in deal.actions_made() if s == taker and str(a).startswith("discard")]
    assert len(laid) == 2
    own = single.string_from(state, taker)
    assert all(f"{taker}:{d}" in own for d in laid) and f"hand {deal.hand(taker)}" in own
    theirs = single.string_from(state, other)
    assert f"{taker}:discard (face down), {taker}:discard (face down)" in theirs
    assert not any(f"{taker}:{d}" in theirs for d in laid) and f"hand {deal.hand(other)}" in theirs
    assert not any(str(c) in theirs.split(" | ")[1] for c in deal.hand(taker))  # the hand part names only his own cards
    assert public.string_from(state, taker) == public.string_from(state, other)
    assert not any(f"{taker}:{d}" in public.string_from(state, taker) for d in laid)


def test_the_observation_tensor_shows_trump_being_named() -> None:
    """Bauernschnapsen names trump before the auction: right after chance has dealt, the
    ``phase`` field of every player's observation tensor is its 4th entry (trump being named),
    not "over"."""
    g = game("house/bauernschnapsen")
    state = dealt(g, 1)
    assert state.deal.phase == 3  # NAMING
    f = layout(state.rs).field["phase"]
    for player in range(4):
        assert state.observation_tensor(player)[f.offset:f.offset + f.size] == [0.0, 0.0, 0.0, 1.0]


def test_chance_outcomes_and_action_to_string_refuse_in_words() -> None:
    """Schnapsen (20 cards): ``chance_outcomes()`` away from a chance node said nothing but
    ``ZeroDivisionError`` (no card left to lay out), and ``action_to_string`` with an index out of
    range an ``IndexError`` -- or, for a negative one, some other action's name.  Each is now a
    ``ValueError`` in the words ``apply_action`` uses."""
    g = game("schnapsen", dealer=1)
    last = g.num_distinct_actions() - 1  # type: ignore[attr-defined]
    state = laid_in_deck_order(g)  # seat 0 holds AC TC KC KD QD and leads
    with pytest.raises(ValueError) as caught:
        state.chance_outcomes()
    assert str(caught.value) == "chance_outcomes() is only for a chance node (the deal being laid out); player 0 is to act"
    for action in (999, last + 1, -1):
        with pytest.raises(ValueError) as caught:
            state.action_to_string(0, action)
        assert str(caught.value) == f"action {action} is not an action of this game (0 to {last})"
    assert state.action_to_string(0, 0) == "play AC"
    fresh = g.new_initial_state()  # type: ignore[attr-defined]
    assert len(fresh.chance_outcomes()) == 20
    for card in (20, -1):
        with pytest.raises(ValueError) as caught:
            fresh.action_to_string(pyspiel.PlayerId.CHANCE, card)
        assert str(caught.value) == f"chance action {card} is not a card of this deck (0 to 19)"
    assert fresh.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "deal AC"
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(ValueError) as caught:
        state.chance_outcomes()
    assert str(caught.value) == "chance_outcomes() is only for a chance node (the deal being laid out); the deal is over"


def test_a_game_of_a_rule_file_named_relatively_is_rebuilt_in_another_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A serialized or pickled state is rebuilt from the game's string, in a worker that may
    start in another folder: a rule file named by a relative path must be found there too
    (it was refused as no ruleset -- or another file of that name was read)."""
    import pickle

    here, there = tmp_path / "here", tmp_path / "there"
    here.mkdir()
    there.mkdir()
    (here / "my.yaml").write_text("extends: schnapsen\nname: my-schnapsen\nmatch:\n  target: 9\n", encoding="utf-8")
    (there / "my.yaml").write_text("extends: sechsundsechzig\nname: another\n", encoding="utf-8")  # a decoy of the same name
    monkeypatch.chdir(here)
    g = pyspiel.load_game(f"{GAME_NAME}(ruleset=my.yaml)")
    state = dealt(g, 3)
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    serialized = pyspiel.serialize_game_and_state(g, state)
    pickled = pickle.dumps(state)
    monkeypatch.chdir(there)
    g2, state2 = pyspiel.deserialize_game_and_state(serialized)
    assert str(state2) == str(state) and state2.history() == state.history()
    assert g2.rs.name == "my-schnapsen"
    assert pickle.loads(pickled).history() == state.history()
    # a bundled ruleset keeps its name (the same in every folder)
    assert "ruleset=schnapsen" in str(game("schnapsen"))


def test_openspiels_evaluate_bots_plays_the_ismcts_bot() -> None:
    """``evaluate_bots`` tells every bot where the game starts and every move made; OpenSpiel's
    own ISMCTS bot has no ``restart_at``, and failed there with a SpielError."""
    from open_spiel.python.algorithms import evaluate_bots
    from open_spiel.python.bots import uniform_random

    g = game("schnapsen")
    bots = [ismcts_bot(g, simulations=8, seed=1), uniform_random.UniformRandomBot(1, np.random.RandomState(2))]
    returns = evaluate_bots.evaluate_bots(g.new_initial_state(), bots, np.random.RandomState(0))
    assert len(returns) == 2 and returns[0] == -returns[1] != 0  # a Schnapsen deal scores 1 to 3 game points, never a draw
