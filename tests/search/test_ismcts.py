"""The search seat kind: reproducible with an iteration budget, built on the view alone,
and sound where the answer is clear from the rules."""

from __future__ import annotations

import random

import pytest

from interpreter import compiled
from interpreter.core.actions import DECLARE, Action
from interpreter.engine.build import build_position
from interpreter.engine.state import DealState
from interpreter.engine.views import SeatView
from interpreter.play.bots.search_bot import LEVELS, SearchBot, parse_search_kind
from interpreter.rules.loader import load_ruleset
from interpreter.search.inference import informative_moves
from interpreter.search.ismcts import SearchResult, ismcts
from interpreter.search.sampling import WorldSampler, sample_world


def mid_deal(name: str, seed: int, steps: int) -> DealState:
    rs = load_ruleset(name)
    st = DealState.new(rs, seed % rs.players.count, seed)
    rng = random.Random(seed)
    done = 0
    while done < steps or len(st.legal_codes()) < 2:  # a real choice to make
        codes = [c for c in st.legal_codes() if c != DECLARE] or st.legal_codes()
        st.push_code(rng.choice(codes), keep_undo=False)
        assert not st.is_over
        done += 1
    return st


@pytest.mark.parametrize("name", ["schnapsen", "north-american-4", "north-american-3"])
def test_an_iteration_budget_is_reproducible(name: str) -> None:
    st = mid_deal(name, 3, 3)
    view = st.view(st.actor)
    first = ismcts(view, random.Random(8), iterations=150)
    again = ismcts(view, random.Random(8), iterations=150)
    assert first == again
    assert first.best in view.legal_codes and first.iterations == 150


@pytest.mark.parametrize("name", ["schnapsen", "sechsundsechzig", "north-american-4"])
def test_the_search_reads_only_the_view(name: str) -> None:
    """Another state that looks the same from the seat gives the same search, move for move:
    plain, and as the bot searches (greedy rollouts and the bias, which take views of the
    sampled worlds, never of the state)."""
    from interpreter.play.bots.search_bot import BIAS, BIAS_OPPONENTS, EXACT_WORLDS
    from interpreter.search.ismcts import greedy_policy

    st = mid_deal(name, 5, 4)
    seat = st.actor
    view = st.view(seat)
    other = sample_world(view, random.Random(2))
    assert other.view(seat) == view and (other.hands, other.stock) != (st.hands, st.stock)
    assert ismcts(view, random.Random(1), iterations=100) == ismcts(other.view(seat), random.Random(1), iterations=100)
    as_bot = {"iterations": 100, "policy": greedy_policy, "bias": BIAS, "bias_opponents": BIAS_OPPONENTS,
              "exact_worlds": EXACT_WORLDS}
    assert ismcts(view, random.Random(1), **as_bot) == ismcts(other.view(seat), random.Random(1), **as_bot)


def test_it_goes_out_when_it_has_66() -> None:
    """Schnapsen: seat 0 has 50 trick points and a 20 marriage -- 70 -- and may declare after
    winning the trick.  Going out now scores 2 game points (the opponent has a trick and 20
    points, under 33); no way of playing on can score more (the opponent already has a trick)."""
    rs = load_ruleset("schnapsen")
    st = build_position(
        rs, dealer=1, hands=["AH TH KS QS JC", "AS TS KH QH JH"], stock=["AC"], turnup="JS",
        leader=0, points=[50, 20], meld=[20, 0], tricks=[3, 1], may_declare=True,
    )
    assert DECLARE in st.legal_codes()
    result = ismcts(st.view(0), random.Random(3), iterations=400)
    # few worlds are consistent (the opponent's hand and the stock card: 6 ways), so they are
    # solved exactly: going out is worth 2 game points; marrying the trumps first and then going
    # out is worth as much, and of equal values the search goes out at once
    assert result.exact and result.values[DECLARE] == 2
    assert result.best == DECLARE


def test_a_fully_known_position_is_solved_exactly() -> None:
    """Schnapsen after the talon is exhausted: both hands are known to each player (the
    cards left are exactly the opponent's), so the search uses the exact solver."""
    rs = load_ruleset("schnapsen")
    rng = random.Random(4)
    for seed in range(200):
        st = DealState.new(rs, 0, seed)
        while not st.is_over and st.talon_size() > 0:
            codes = [c for c in st.legal_codes() if c not in (DECLARE, 129)] or st.legal_codes()
            st.push_code(rng.choice(codes), keep_undo=False)
        if not st.is_over and len(st.legal_codes()) > 1:
            break
    result = ismcts(st.view(st.actor), random.Random(1), iterations=100)
    assert result.exact


def test_the_bot_solves_exactly_only_once_one_world_is_left() -> None:
    """The bot's ``exact_worlds`` is 1.  Schnapsen, one card in the stock under the turn-up
    (JS): seat 0 holds AH TH KS QS JC, so the five cards of seat 1 are five of the six it has
    not seen (AS TS KH QH JH and the stock's AC) -- six worlds.  ``ismcts`` alone (24) solves
    them exactly; the bot searches the tree.  With the talon used up (the other hand is then
    the cards not seen: one world) the bot solves exactly too."""
    rs = load_ruleset("schnapsen")
    st = build_position(
        rs, dealer=1, hands=["AH TH KS QS JC", "AS TS KH QH JH"], stock=["AC"], turnup="JS",
        leader=0, points=[30, 20], tricks=[3, 1], may_declare=True,
    )
    view = st.view(0)
    assert WorldSampler(view).count == 6
    assert ismcts(view, random.Random(1), iterations=300).exact
    bot = SearchBot(rs, 1, iterations=300, stop_early=False)
    bot.choose(view, list(view.legal))
    assert bot.last is not None and not bot.last.exact and bot.last.iterations == 300
    end = build_position(
        rs, dealer=1, hands=["AH TH KS QS", "AS TS KH QH"], leader=0, points=[32, 32], tricks=[3, 3], trump="S",
    )
    assert WorldSampler(end.view(0)).count == 1
    bot.choose(end.view(0), list(end.view(0).legal))
    assert bot.last is not None and bot.last.exact


def test_seat_kind_options() -> None:
    assert parse_search_kind("search") == {"iterations": LEVELS["normal"]}
    assert parse_search_kind("search:hard") == {"iterations": LEVELS["hard"]}
    assert parse_search_kind("search:iters=250") == {"iterations": 250}
    assert parse_search_kind("search:ms=50") == {"ms": 50.0}
    for bad in ("search:fast", "search:iters=2.5", "search:iters="):
        with pytest.raises(ValueError, match="expected search"):
            parse_search_kind(bad)
    with pytest.raises(ValueError, match="is not above 0"):
        parse_search_kind("search:ms=-1")
    bot = SearchBot(load_ruleset("schnapsen"), 1, iterations=50)
    st = mid_deal("schnapsen", 1, 2)
    view = st.view(st.actor)
    assert bot.choose(view, list(view.legal)) in view.legal


def test_the_random_rollout_bids_like_the_random_seat() -> None:
    """In an auction the random policy passes or makes the smallest raise, never a jump (a
    rollout that bid at random would mostly bid the moon and lose it)."""
    from interpreter.core.actions import BID_BASE, PASS
    from interpreter.search.ismcts import random_policy

    rs = load_ruleset("north-american-4")
    st = DealState.new(rs, 0, 1)
    lowest = BID_BASE + min(rs.bidding.values)
    rng = random.Random(0)
    assert {random_policy(st, rng) for _ in range(60)} == {PASS, lowest}


def test_the_bot_passes_its_knobs_to_the_search_and_refuses_unknown_ones() -> None:
    """A bot with ``exploration`` and ``win_weight`` searches exactly as ``ismcts`` does with
    them and the bot's defaults (greedy rollouts, ``BIAS``, ``BIAS_OPPONENTS``, stopping early;
    the decision's generator seeded from the bot's: same seed, same result); a misspelt knob
    is refused when the bot is made."""
    rs = load_ruleset("schnapsen")
    st = mid_deal("schnapsen", 2, 2)
    view = st.view(st.actor)
    bot = SearchBot(rs, 9, iterations=60, exploration=0.3, win_weight=0.5)
    bot.choose(view, list(view.legal))
    from interpreter.play.bots.search_bot import BIAS, BIAS_OPPONENTS, EXACT_WORLDS
    from interpreter.search.ismcts import greedy_policy

    assert bot.last == ismcts(
        view, random.Random(random.Random(9).getrandbits(64)), iterations=60, exploration=0.3, win_weight=0.5,
        policy=greedy_policy, bias=BIAS, bias_opponents=BIAS_OPPONENTS, exact_worlds=EXACT_WORLDS, stop_early=True,
    )
    with pytest.raises(ValueError, match="unknown search option.*explore"):
        SearchBot(rs, 1, explore=0.3)


def test_the_reward_blends_the_margin_with_winning_the_deal() -> None:
    """``_reward``: per side, ``(1 - w) * margin / scale + w * sign(margin)``, the margin being
    the side's score less the other sides' mean.  North American 4's scale is 10 units (twice
    its top bid, 5).  A deal scored 3 units to 1: side 0's margin is +2, so with w = 0.3 its
    reward is 0.7 * 2 / 10 + 0.3 = 0.44 and side 1's -0.44; with w = 0, +-0.2; 2 to 2 is 0
    for both whatever w.  Three sides scoring (3, 0, 0) on a scale of 3: side 0's margin is
    3 (0.7 * 3 / 3 + 0.3 = 1.0), each other's 0 - 3 / 2 = -1.5 (0.7 * -0.5 - 0.3 = -0.65)."""
    from interpreter.search.ismcts import _reward, scale_of

    assert scale_of(load_ruleset("north-american-4")) == 10.0
    assert _reward((3, 1), 10.0, 0.3) == pytest.approx([0.44, -0.44])
    assert _reward((3, 1), 10.0, 0.0) == pytest.approx([0.2, -0.2])
    assert _reward((2, 2), 10.0, 0.3) == pytest.approx([0.0, 0.0])
    assert _reward((3, 0, 0), 3.0, 0.3) == pytest.approx([1.0, -0.65, -0.65])


def test_the_bot_counts_winning_the_deal_by_default() -> None:
    """Without knobs the bot searches as ``ismcts`` does with ``win_weight=WIN_WEIGHT`` and its
    other defaults -- not with the margin alone, which values the moves of a North American 4
    deal (both sides score units) otherwise."""
    from interpreter.play.bots.search_bot import BIAS, BIAS_OPPONENTS, EXACT_WORLDS, WIN_WEIGHT
    from interpreter.search.ismcts import greedy_policy

    assert WIN_WEIGHT == 0.3
    rs = load_ruleset("north-american-4")
    st = mid_deal("north-american-4", 2, 6)
    view = st.view(st.actor)
    bot = SearchBot(rs, 9, iterations=60)
    bot.choose(view, list(view.legal))
    seed = random.Random(9).getrandbits(64)
    as_bot = {"iterations": 60, "policy": greedy_policy, "bias": BIAS, "bias_opponents": BIAS_OPPONENTS,
              "exact_worlds": EXACT_WORLDS, "stop_early": True}
    assert bot.last == ismcts(view, random.Random(seed), win_weight=0.3, **as_bot)
    assert bot.last != ismcts(view, random.Random(seed), win_weight=0.0, **as_bot)


def test_the_bias_leads_the_tree_to_the_actors_greedy_move() -> None:
    """``bias``: at every node the actor's greedy move in the world at hand (from the actor's
    view there) is expanded first and gets ``bias / (visits + 1)`` on its score.  At the root
    the view is the searcher's own, the same in every world, so with a bias far above any
    reward (rewards lie in -1..1) the root's greedy move is expanded by the first iteration
    and chosen at every later one, once each other move has been tried once: of N iterations
    it gets N - (k - 1), the k - 1 others one each."""
    from interpreter.search.heuristic import greedy_code
    from interpreter.search.ismcts import greedy_policy

    st = mid_deal("schnapsen", 2, 2)
    view = st.view(st.actor)
    hint = greedy_code(view)
    k = len(view.legal_codes)
    assert k >= 3
    first = ismcts(view, random.Random(4), iterations=1, bias=1e9, policy=greedy_policy, inference=1)
    assert first.visits == {hint: 1}
    many = ismcts(view, random.Random(4), iterations=40, bias=1e9, policy=greedy_policy, inference=1)
    assert many.visits == {c: 40 - (k - 1) if c == hint else 1 for c in view.legal_codes}
    assert many.best == hint
    plain = ismcts(view, random.Random(4), iterations=40, policy=greedy_policy, inference=1)
    assert max(plain.visits.values()) < 40 - (k - 1)  # without the bias UCB spreads the visits


def greedy_seats(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seats ``greedy_code`` is asked for from now on, recorded in the list returned (the
    search module's name replaced by monkeypatch: the plain build only)."""
    import interpreter.search.ismcts as module

    asked: list[int] = []
    original = module.greedy_code

    def recording(v, rng=None):  # type: ignore[no-untyped-def]
        asked.append(v.seat)
        return original(v, rng)

    monkeypatch.setattr(module, "greedy_code", recording)
    return asked


#: A module compiled by mypyc binds its calls when it is built: replacing ``greedy_code`` in it
#: with monkeypatch records nothing there, so this test runs on the plain build (CI runs both).
@pytest.mark.skipif(compiled(), reason="the compiled build's calls cannot be replaced by monkeypatch")
@pytest.mark.parametrize("name", ["schnapsen", "north-american-4"])
def test_the_opponents_bias_is_theirs_and_the_bias_ours(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``bias_opponents`` leads the other sides' nodes and ``bias`` the searcher's side's
    (partners included): with one of them 0, the greedy move is only ever looked up for seats
    of the other kind.  (Random rollouts: the heuristic is then consulted by the bias alone.)"""
    st = mid_deal(name, 3, 3)
    view = st.view(st.actor)
    rs = view.rs
    ours = rs.side_of(view.seat)
    asked = greedy_seats(monkeypatch)
    ismcts(view, random.Random(3), iterations=300, bias=0, bias_opponents=1e9, inference=1)
    assert asked and all(rs.side_of(seat) != ours for seat in asked)
    asked.clear()
    ismcts(view, random.Random(3), iterations=300, bias=1e9, bias_opponents=0, inference=1)
    assert asked and all(rs.side_of(seat) == ours for seat in asked)
    asked.clear()
    ismcts(view, random.Random(3), iterations=300, bias=10, inference=1)  # None: the same bias for every side
    assert {rs.side_of(seat) for seat in asked} == set(range(rs.side_count))


@pytest.mark.skipif(compiled(), reason="the compiled build's calls cannot be replaced by monkeypatch")
def test_the_partners_bias_is_the_partners_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """``bias_partners`` leads the nodes of the searcher's partners, and neither his own nor
    the opponents': with only it set, the greedy move is looked up for the partner's seat alone
    (North American 4: seats 0 and 2 play together, 1 and 3)."""
    st = mid_deal("north-american-4", 2, 5)  # seat 2 to play; the tree reaches every seat's choices
    view = st.view(st.actor)
    partner = (view.seat + 2) % 4
    asked = greedy_seats(monkeypatch)
    ismcts(view, random.Random(3), iterations=300, bias=0, bias_opponents=0, bias_partners=1e9, inference=1)
    assert asked and set(asked) == {partner}
    asked.clear()
    ismcts(view, random.Random(3), iterations=300, bias=1e9, bias_opponents=0, bias_partners=0, inference=1)
    assert set(asked) == {view.seat}  # the searcher's own nodes below the root (the root's move is found once)


def bot_search(view: SeatView, iterations: int) -> SearchResult:
    """The search as the bot runs it (greedy rollouts, the bias, the play read)."""
    from interpreter.play.bots.search_bot import BIAS, BIAS_OPPONENTS, EXACT_WORLDS
    from interpreter.search.ismcts import greedy_policy

    return ismcts(view, random.Random(11), iterations=iterations, policy=greedy_policy, bias=BIAS,
                  bias_opponents=BIAS_OPPONENTS, exact_worlds=EXACT_WORLDS)


@pytest.mark.parametrize(("name", "seed", "steps"), [
    ("schnapsen", 4, 5), ("sechsundsechzig", 6, 6), ("north-american-4", 2, 7), ("house/bauernschnapsen", 3, 6),
])
def test_the_memo_of_greedy_moves_changes_no_search(name: str, seed: int, steps: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A node keeps its actor's greedy move per world of the weighted pool, and a tie is drawn
    again among the same codes: the search with the memo is the search without it, visit for
    visit and value for value (the greedy heuristic ties often enough in these positions that
    returning a tie's first draw instead fails here)."""
    import interpreter.search.ismcts as module

    st = mid_deal(name, seed, steps)
    view = st.view(st.actor)
    assert informative_moves(view)  # the worlds come from the weighted pool: the memo is used
    kept = bot_search(view, 400)
    monkeypatch.setattr(module, "MEMO_HINTS", False)
    assert bot_search(view, 400) == kept


@pytest.mark.skipif(compiled(), reason="the compiled build's calls cannot be replaced by monkeypatch")
def test_the_memo_saves_views(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the memo the heuristic is asked for fewer greedy moves (a world of the pool comes
    back to nodes it reached before); without it, for every hint.  The rollouts' greedy moves
    are asked for either way, so the counts differ by the hints found again."""
    import interpreter.search.ismcts as module

    st = mid_deal("north-american-4", 2, 7)
    view = st.view(st.actor)
    asked = greedy_seats(monkeypatch)
    bot_search(view, 400)
    with_memo = len(asked)
    asked.clear()
    monkeypatch.setattr(module, "MEMO_HINTS", False)
    bot_search(view, 400)
    assert 0 < with_memo < len(asked)


def test_settled_when_the_leader_cannot_be_caught() -> None:
    """Worked by hand: the most visited of the candidates leads the next by 7.  With 6
    iterations left the next could reach 9 against 10: settled.  With 7 it could tie at 10,
    and a tie is broken by value: not settled.  A candidate not expanded yet counts 0 visits;
    a code left out of the candidates (a false declaration) counts not at all."""
    from interpreter.search.ismcts import _Node, _settled

    root = _Node(2, 0)
    for code, visits in ((5, 10), (6, 3), (DECLARE, 9)):
        root.children[code] = _Node(2, 0)
        root.children[code].visits = visits
    assert _settled(root, [5, 6], 6)
    assert not _settled(root, [5, 6], 7)
    assert not _settled(root, [5, 6, DECLARE], 6)  # 10 against 9: a lead of 1
    assert _settled(root, [5, 6, 7], 6)  # 7 not expanded: 0 visits, the next is still 3
    assert _settled(root, [5], 9) and not _settled(root, [5], 10)  # alone: it leads "nobody" by 10


def _as_bot(view: SeatView, iterations: int, seed: int, stop_early: bool) -> SearchResult:
    from interpreter.play.bots.search_bot import BIAS, BIAS_OPPONENTS, EXACT_WORLDS
    from interpreter.search.ismcts import greedy_policy

    return ismcts(view, random.Random(seed), iterations=iterations, policy=greedy_policy, bias=BIAS,
                  bias_opponents=BIAS_OPPONENTS, exact_worlds=EXACT_WORLDS, stop_early=stop_early)


@pytest.mark.parametrize("name", ["schnapsen", "sechsundsechzig", "north-american-4", "house/bauernschnapsen"])
def test_stopping_early_changes_no_choice(name: str) -> None:
    """The search that stops once the remaining iterations could not change its choice
    returns the choice of the whole budget, position after position -- and it does stop in
    some of them (so the two sides of the comparison are not the same run).  Up to its stop it
    is the same search: no action has more visits than the whole budget's run gave it."""
    stopped = 0
    for seed in range(12):
        st = mid_deal(name, 100 + seed, seed % 6)
        view = st.view(st.actor)
        whole = _as_bot(view, 240, seed, False)
        early = _as_bot(view, 240, seed, True)
        assert early.best == whole.best, seed
        assert all(early.visits[c] <= whole.visits[c] for c in early.visits)
        if early.iterations < whole.iterations:
            stopped += 1
            assert early.visits != whole.visits
    assert stopped >= 3


def test_playing_on_against_a_false_declaration_needs_no_search() -> None:
    """Where the only moves are a false declaration and one other, the tree never chooses the
    declaration: the other move is settled before the first iteration (the whole budget
    chooses it too)."""
    rs = load_ruleset("schnapsen")
    rng = random.Random(1)
    found = 0
    for seed in range(40):
        st = DealState.new(rs, seed % 2, seed)
        while not st.is_over and found < 3:
            codes = st.legal_codes()
            view = st.view(st.actor) if st.actor is not None else None
            if view is not None and len(codes) == 2 and DECLARE in codes and not view.claim_is_right():
                other = codes[0] if codes[1] == DECLARE else codes[1]
                early = _as_bot(view, 100, seed, True)
                assert (early.best, early.iterations) == (other, 0)
                assert _as_bot(view, 100, seed, False).best == other
                found += 1
            st.push_code(rng.choice([c for c in codes if c != DECLARE] or codes), keep_undo=False)
    assert found == 3


class _CountingBot(SearchBot):
    """A search bot that adds up the iterations its decisions spent."""

    spent = 0

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        action = super().choose(view, legal)
        assert self.last is not None
        self.spent += self.last.iterations
        return action


@pytest.mark.parametrize("name", ["schnapsen", "north-american-4"])
def test_a_bot_that_stops_early_plays_the_same_deals(name: str) -> None:
    """Each decision draws from its own generator, seeded from the bot's: a bot that stops
    early plays the deal move for move as the bot that spends every iteration (the same
    record), in fewer iterations."""
    from interpreter.play.bots import make_agent
    from interpreter.play.runner import play_deal

    rs = load_ruleset(name)
    for seed in range(2):
        records, spent = [], []
        for stop in (True, False):
            bots = [_CountingBot(rs, 7 + s, iterations=80, stop_early=stop) for s in range(0, rs.players.count, 2)]
            agents = [bots[s // 2] if s % 2 == 0 else make_agent("greedy", rs, s) for s in range(rs.players.count)]
            moves: list[str] = []
            play_deal(DealState.new(rs, seed % rs.players.count, 50 + seed), agents, moves=moves)
            records.append(moves)
            spent.append(sum(bot.spent for bot in bots))
        assert records[0] == records[1]
        assert spent[0] < spent[1]
