"""Reading the play: worlds in which the other seats' moves are the greedy heuristic's weigh
more, the true deal of a greedy opponent weighs fully, and nothing but the view is read."""

from __future__ import annotations

import random

from interpreter.core.actions import DECLARE
from interpreter.core.cards import Card
from interpreter.engine.build import build_position
from interpreter.engine.position import OVER
from interpreter.engine.state import DealState
from interpreter.rules.loader import load_ruleset
from interpreter.search.heuristic import greedy_code
from interpreter.search.inference import informative_moves, model_weight
from interpreter.search.sampling import World, WorldSampler


class _CountedTies(random.Random):
    """The greedy bot's generator, keeping how many moves each of its draws chose among."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.tied: list[int] = []

    def choice(self, seq):  # type: ignore[no-untyped-def]
        self.tied.append(len(seq))
        return super().choice(seq)


def _against_greedy(seed: int, moves: int, ties: random.Random | None = None) -> tuple[DealState, list[list[int]]]:
    """Schnapsen, seat 0 at random and seat 1 by the heuristic (its exact ties broken by
    ``ties`` if given, else the first tied move), ``moves`` moves in; the state and the dealt
    hands (card indexes per seat)."""
    rs = load_ruleset("schnapsen")
    st = DealState.new(rs, 1, seed)
    dealt = [[c for c in range(rs.deck.size) if h >> c & 1] for h in st.hands]
    rng = random.Random(seed)
    for _ in range(moves):
        if st.phase == OVER:
            break
        actor = st.actor
        assert actor is not None
        if actor == 1:
            st.step_code(greedy_code(st.view(1), ties))
        else:
            codes = [c for c in st.legal_codes() if c != DECLARE] or st.legal_codes()
            st.step_code(rng.choice(codes))
    return st, dealt


def test_the_true_deal_of_a_greedy_opponent_weighs_fully() -> None:
    """Every move of the opponent is the heuristic's: the true deal's weight is 1, except that
    a move drawn among k tied ones had chance 1/k (the greedy bot draws them at random)."""
    checked = with_ties = 0
    for seed in range(40):
        ties = _CountedTies(seed)
        st, dealt = _against_greedy(seed, 7, ties)
        if st.phase == OVER:
            continue
        view = st.view(0)
        assert informative_moves(view) >= 1
        expected = 1.0
        for k in ties.tied:
            expected /= k
        with_ties += expected < 1
        assert model_weight(view, World(st.copy(), dealt), 0.25) == expected
        checked += 1
    assert checked >= 30 and with_ties >= 1


def test_a_move_among_tied_ones_weighs_its_chance_not_a_mismatch() -> None:
    """Schnapsen, seed 26, seat 0 deals, hearts are trumps (the queen turned up).  Seat 1 leads
    from Q♣ J♣ K♦ J♦ K♠: the jacks of clubs and diamonds are worth 2 points each, no trump, no
    half of a marriage, and each is beaten by three cards it has not seen (A♣ 10♣ K♣; A♦ 10♦
    Q♦): the heuristic values them the same.  The greedy bot leads either with chance 1/2, so
    in the true deal either lead weighs 1/2; a lead the heuristic would not make weighs the
    mismatch."""
    rs = load_ruleset("schnapsen")
    for lead, weight in (("JD", 0.5), ("JC", 0.5), ("KS", 0.25)):
        st = DealState.new(rs, 0, 26)
        dealt = [[c for c in range(rs.deck.size) if h >> c & 1] for h in st.hands]
        assert st.actor == 1 and str(rs.deck.cards[st.turnup]) == "QH"
        st.apply(rs.action_of[rs.deck.index_of[Card.parse(lead)]])
        assert model_weight(st.view(0), World(st.copy(), dealt), 0.25) == weight, lead


def test_reading_the_play_makes_the_truth_more_likely() -> None:
    """Over many positions against a greedy opponent, the weighted share of sampled worlds in
    which the opponent holds each card he really holds is above the unweighted share."""
    weighted_truth = plain_truth = 0.0
    for seed in range(30):
        st, _ = _against_greedy(seed, 7)
        if st.phase == OVER:
            continue
        view = st.view(0)
        sampler = WorldSampler(view)
        rng = random.Random(seed)
        total = 0.0
        weighted = plain = 0.0
        for _ in range(60):
            world = sampler.sample(rng)
            w = model_weight(view, world, 0.25)
            right = (world.state.hands[1] & st.hands[1]).bit_count() / st.hands[1].bit_count()
            weighted += w * right
            plain += right
            total += w
        weighted_truth += weighted / total
        plain_truth += plain / 60
    assert weighted_truth > plain_truth * 1.05


def test_no_inference_and_no_history_give_equal_weights() -> None:
    st, _ = _against_greedy(3, 7)
    view = st.view(0)
    sampler = WorldSampler(view)
    rng = random.Random(1)
    assert all(model_weight(view, sampler.sample(rng), 1.0) == 1.0 for _ in range(20))
    rs = load_ruleset("schnapsen")
    built = build_position(
        rs, dealer=1, hands=["AH TH KS QS JC", "AS TS KH QH JH"], stock=["AC", "JD", "QD"], turnup="JS",
        leader=0, points=[30, 20], tricks=[2, 1],
    )
    built_view = built.view(0)
    world = WorldSampler(built_view).sample(rng)
    assert informative_moves(built_view) == 0 and model_weight(built_view, world, 0.25) == 1.0
