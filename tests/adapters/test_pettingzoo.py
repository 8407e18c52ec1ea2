"""The PettingZoo environment: PettingZoo's own API and seed tests for every bundled and house
ruleset, the rewards a deal gives, the observation of each agent, and a policy seat reading it."""

from __future__ import annotations

import contextlib
import copy
import io
import warnings
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed (pip install -e '.[rl]')")

import numpy as np
from pettingzoo.test import api_test, seed_test

from interpreter.adapters.pettingzoo import SixtySixEnv, reward_of, sixtysix_env, win_rewards
from interpreter.play.bots.policy import PolicyAgent, layout
from interpreter.rules.resources import bundled_rulesets

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted(bundled_rulesets())
FIXTURES = sorted(str(p) for p in (ROOT / "tests" / "fixtures" / "rulesets").glob("*.yaml"))


def quietly(test: object, *args: object, **kwargs: object) -> None:
    """Run one of PettingZoo's tests without its progress lines and advice warnings."""
    with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        test(*args, **kwargs)  # type: ignore[operator]


@pytest.mark.parametrize("episode", ["deal", "match"])
@pytest.mark.parametrize("name", RULESETS + FIXTURES, ids=lambda name: Path(name).stem if name.endswith(".yaml") else name)
def test_pettingzoo_api_test_passes(name: str, episode: str) -> None:
    quietly(api_test, sixtysix_env(name, render_mode="ansi", episode=episode, max_deals=3 if episode == "match" else None), num_cycles=200)  # type: ignore[arg-type]


@pytest.mark.parametrize("episode", ["deal", "match"])
@pytest.mark.parametrize("name", RULESETS)
def test_pettingzoo_seed_test_passes(name: str, episode: str) -> None:
    quietly(seed_test, lambda: sixtysix_env(name, episode=episode, max_deals=3 if episode == "match" else None), num_cycles=200)  # type: ignore[arg-type]


def play(env: SixtySixEnv, seed: int) -> tuple[dict[str, float], list[str]]:
    """One episode with masked random actions: the total reward of each agent, the agents that acted."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {a: 0.0 for a in env.possible_agents}
    acted = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        acted.append(agent)
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    return totals, acted


@pytest.mark.parametrize("name", ["schnapsen", "north-american-3", "north-american-4"])
def test_a_deal_pays_its_scores_as_margins_that_sum_to_zero(name: str) -> None:
    env = sixtysix_env(name)
    rs = env.rs
    for seed in range(8):
        totals, _ = play(env, seed)
        deal = env.deal
        assert deal is not None and deal.result is not None
        scores = deal.result.scores
        for seat, agent in enumerate(env.possible_agents):
            assert totals[agent] == pytest.approx(reward_of(rs, scores, rs.side_of(seat)))
        per_side = [totals[env.possible_agents[seats[0]]] for seats in rs.sides]
        assert sum(per_side) == pytest.approx(0.0)


def test_score_and_win_rewards() -> None:
    env = sixtysix_env("schnapsen", reward="score")
    totals, _ = play(env, 3)
    assert env.deal is not None and env.deal.result is not None
    assert [totals[a] for a in env.possible_agents] == list(env.deal.result.scores)
    env = sixtysix_env("schnapsen", reward="win", episode="match")
    totals, _ = play(env, 3)
    assert env.match is not None and env.match.winner is not None
    assert sorted(totals.values()) == [-1.0, 1.0]
    assert totals[env.possible_agents[env.match.winner]] == 1.0


def test_the_win_reward_goes_to_the_top_scorers_and_sums_to_zero() -> None:
    """By hand: one top scorer of two or three sides gets 1 and the others -1 / (sides - 1); two
    top scorers of three (the defenders against a lone declarer) 1 each and the declarer -2;
    all alike (thrown in, drawn) 0 each; a declarer set in North American 3 with the defenders
    scoring 2 and 0: only the higher-scoring defender won."""
    assert win_rewards((3, 0)) == [1.0, -1.0]
    assert win_rewards([0, 2]) == [-1.0, 1.0]
    assert win_rewards((1, -4, 0)) == [1.0, -0.5, -0.5]
    assert win_rewards((0, 12, 12)) == [-2.0, 1.0, 1.0]
    assert win_rewards((0, 0, 0)) == [0.0, 0.0, 0.0]
    assert win_rewards((0, 0)) == [0.0, 0.0]
    assert win_rewards((0, -5, 2)) == [-0.5, -0.5, 1.0]


def test_a_lone_declarer_who_loses_pays_both_opponents_a_win() -> None:
    """Dreierschnapsen, masked random play from seed 0: seat 0 announces a Kontraschnapser
    (worth 12, rulesets/house/dreierschnapsen.yaml) and loses it, so each opponent scores 12
    and seat 0 nothing.  Nobody is *the* winner (``DealResult.winner`` is None: two sides won),
    yet the ``"win"`` reward is not 0 all round: seat 0 gets -2, seats 1 and 2 get 1 each."""
    env = sixtysix_env("house/dreierschnapsen", reward="win")
    totals, _ = play(env, 0)
    assert env.deal is not None and env.deal.result is not None
    assert env.deal.result.reason == "seat 0 lost Kontraschnapser (12) after 3 tricks"
    assert env.deal.result.scores == (0, 12, 12) and env.deal.result.winner is None
    assert totals == {"player_0": -2.0, "player_1": 1.0, "player_2": 1.0}


def test_a_match_episode_deals_until_the_match_is_won_or_cut() -> None:
    env = sixtysix_env("sechsundsechzig", episode="match")
    play(env, 1)
    assert env.match is not None and env.match.is_over and env.deals == len(env.match.results)
    env = sixtysix_env("sechsundsechzig", episode="match", max_deals=1)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            assert truncated and not terminated and "match_scores" in info
            env.step(None)
        else:
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.deals == 1


def declare_or_first(env: SixtySixEnv, seed: int) -> tuple[dict[str, float], list[tuple[str, float, bool, bool, dict[str, object]]]]:
    """One episode where each agent declares whenever it may, else takes its first legal action:
    the total reward ``last()`` gave each agent, and what it said to each when it was done
    (agent, reward, terminated, truncated, info)."""
    env.reset(seed=seed)
    totals = {a: 0.0 for a in env.possible_agents}
    ends = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            ends.append((agent, reward, terminated, truncated, info))
            env.step(None)
            continue
        legal = [int(i) for i in np.flatnonzero(obs["action_mask"])]
        names = [env.action_names[i] for i in legal]
        env.step(legal[names.index("declare")] if "declare" in names else legal[0])
    return totals, ends


@pytest.mark.parametrize(("reward", "per_deal"), [("margin", (-3.0, 3.0)), ("score", (0.0, 3.0)), ("win", (0.0, 0.0))])
def test_a_match_cut_at_max_deals_pays_the_deals_played_and_says_it_was_cut(reward: str, per_deal: tuple[float, float]) -> None:
    """Schnapsen to 7 (rulesets/schnapsen.yaml), seed 5, cut after 2 deals; each agent declares
    as soon as it may, else plays its first legal action (the lowest card index: AC TC KC QC JC,
    AD ...).  Worked by hand from the hands dealt:

    * deal 1, dealer 1, trump S: seat 0 (AD TD AH JH QS) leads AD, seat 1 (TC KC KD JD TS)
      throws TC; AD takes the trick (21 points) and seat 0 declares with 21, under 66: a false
      declaration, seat 1 (without a trick) scores ``false_points.opponent_without_trick`` = 3;
    * deal 2, dealer 0: seat 1 (QC KD JD AH KS) leads QC, seat 0 (TC TH KH QH TS) takes it with
      TC (13 points) and declares with 13: seat 1 scores 3 again.

    The match stands 0-6, short of 7: nobody has won it.  ``"margin"`` paid each deal -3 / +3,
    ``"score"`` 0 / 3; ``"win"`` pays no win (there is none): 0 each.  Every agent is truncated,
    not terminated, and its info says the match was cut, beside the last deal's scores and
    reason and the match scores."""
    env = sixtysix_env("schnapsen", episode="match", max_deals=2, reward=reward)  # type: ignore[arg-type]
    totals, ends = declare_or_first(env, 5)
    assert env.deals == 2 and env.match is not None and env.match.winner is None
    assert [r.scores for r in env.match.results] == [(0, 3), (0, 3)]
    cut = {"scores": [0, 3], "reason": "seat 0 declared with only 13 (under 66)", "match_scores": [0, 6],
           "cut": "the match was cut after 2 deals (max_deals=2): no side has won it"}
    assert ends == [("player_0", per_deal[0], False, True, cut), ("player_1", per_deal[1], False, True, cut)]
    assert totals == {"player_0": 2 * per_deal[0], "player_1": 2 * per_deal[1]}  # both deals paid


def test_the_selected_agent_is_the_seat_that_must_decide() -> None:
    env = sixtysix_env("sechsundsechzig")
    env.reset(seed=5, options={"dealer": 1})
    deal = env.deal
    assert deal is not None and deal.dealer == 1
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert agent == f"player_{deal.actor}"
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(np.flatnonzero(obs["action_mask"])[-1]))


def test_an_illegal_action_is_refused_with_its_name() -> None:
    env = sixtysix_env("schnapsen")
    env.reset(seed=0)
    obs = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match=env.action_names[illegal]):
        env.step(illegal)


def test_an_action_out_of_range_is_refused_with_the_range() -> None:
    """Schnapsen has 51 actions (0 to 50): 51, 999 and -1 are no action of the game, said with
    the range as the OpenSpiel adapter says it, and the deal is as it was."""
    env = sixtysix_env("schnapsen")
    env.reset(seed=0)
    agent = env.agent_selection
    for action in (51, 999, -1):
        with pytest.raises(ValueError) as info:
            env.step(action)
        assert str(info.value) == f"action {action} is not an action of this game (0 to 50)"
    assert env.agent_selection == agent


def test_an_action_must_be_an_integer() -> None:
    """A float is never cut down, text never read as a number, a bool never taken for 0 or 1;
    a Python or numpy integer is an action.  Schnapsen has 51 actions (0 to 50)."""
    env = sixtysix_env("schnapsen")
    env.reset(seed=1)
    legal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
    for action, shown in [(legal + 0.9, f"{legal + 0.9!r} (float)"), (float(legal), f"{float(legal)!r} (float)"),
                          (str(legal), f"'{legal}' (str)"), (True, "True (bool)"), (False, "False (bool)"),
                          (np.float64(legal), f"{np.float64(legal)!r} (float64)")]:
        with pytest.raises(TypeError) as caught:
            env.step(action)  # type: ignore[arg-type]
        assert str(caught.value) == f"an action must be an action index, an integer 0 to 50, not {shown}"
        assert env.deal is not None and env.deal.history == []
    env.step(np.int64(legal))  # type: ignore[arg-type]  # what RL libraries pass
    assert env.deal is not None and len(env.deal.history) == 1 and env.deal.history[0] & 0xFFFF == env.layout.codes[legal]


def test_misuse_is_said_in_words() -> None:
    env = sixtysix_env("schnapsen")
    for call in (lambda: env.step(0), lambda: env.observe("player_0"), env.last, lambda: env.last(observe=False)):
        with pytest.raises(RuntimeError, match=r"^call reset\(\) first$"):
            call()
    for call in (env.observe, env.observation_space, env.action_space):
        with pytest.raises(ValueError) as caught:
            call("player_9")
        assert str(caught.value) == "no agent 'player_9' here: the agents are player_0, player_1"
    env.reset(seed=2)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.agents == []
    # PettingZoo's own last() read the removed agent's reward: KeyError: 'player_0'
    for call in (lambda: env.step(0), env.last, lambda: env.last(observe=False)):
        with pytest.raises(RuntimeError, match=r"^the episode is over \(every agent is done\): call reset\(\) first$"):
            call()
    env.reset(seed=2)  # and a new episode starts as ever
    assert env.last()[1:] == (0.0, False, False, {})


@pytest.mark.parametrize(("max_deals", "error", "shown"), [
    (0, ValueError, "0"), (-3, ValueError, "-3"), ("2", TypeError, "'2' (str)"), (2.0, TypeError, "2.0 (float)"),
    (True, TypeError, "True (bool)"),
])
def test_max_deals_is_a_whole_number_of_deals(max_deals: object, error: type[Exception], shown: str) -> None:
    with pytest.raises(error) as caught:
        sixtysix_env("schnapsen", episode="match", max_deals=max_deals)  # type: ignore[arg-type]
    assert str(caught.value) == f"max_deals must be a whole number of deals, 1 or more, or None (no limit), not {shown}"


def test_max_deals_and_the_dealer_take_numpy_integers() -> None:
    env = sixtysix_env("schnapsen", episode="match", max_deals=np.int64(1))  # type: ignore[arg-type]
    env.reset(seed=1, options={"dealer": np.int64(0)})
    assert env.deal is not None and env.deal.dealer == 0


def test_max_deals_is_refused_for_a_deal_episode() -> None:
    """A deal episode is one deal: a ``max_deals`` there would be silently ignored."""
    with pytest.raises(ValueError) as caught:
        sixtysix_env("schnapsen", episode="deal", max_deals=3)
    assert str(caught.value) == "max_deals is only for episode='match' (episode='deal' plays one deal), not 3"
    sixtysix_env("schnapsen", episode="deal", max_deals=None)  # the default is fine


def test_a_numpy_seed_is_the_same_seed() -> None:
    """RL libraries pass numpy integers: seed 3 as ``np.int64`` deals what seed 3 deals."""
    env = sixtysix_env("schnapsen")
    env.reset(seed=3)
    assert env.deal is not None
    hands, dealer = env.deal.hands, env.deal.dealer
    env.reset(seed=5)
    env.reset(seed=np.int64(3))  # type: ignore[arg-type]
    assert env.deal.hands == hands and env.deal.dealer == dealer


@pytest.mark.parametrize(("seed", "error", "message"), [
    ("abc", TypeError, "seed must be None or a whole number, 0 or more, not 'abc' (str)"),
    (1.5, TypeError, "seed must be None or a whole number, 0 or more, not 1.5 (float)"),
    (True, TypeError, "seed must be None or a whole number, 0 or more, not True (bool)"),
    ([1, 2], TypeError, "seed must be None or a whole number, 0 or more, not [1, 2] (list)"),
    (-1, ValueError, "seed must be None or a whole number, 0 or more, not -1"),
])
def test_a_seed_is_a_whole_number(seed: object, error: type[Exception], message: str) -> None:
    env = sixtysix_env("schnapsen")
    with pytest.raises(error) as caught:
        env.reset(seed=seed)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert env.deal is None and env.agents == []  # nothing changed


def test_reset_options_are_a_mapping() -> None:
    env = sixtysix_env("schnapsen")
    with pytest.raises(TypeError) as caught:
        env.reset(seed=1, options=[1])  # type: ignore[arg-type]
    assert str(caught.value) == "options must be None or a mapping such as {'dealer': 0}, not [1] (list)"
    assert env.deal is None and env.agents == []  # nothing changed


def test_an_unknown_reset_option_is_named_in_a_warning() -> None:
    """A misspelt key is not ignored silently; it is not an error either, since PettingZoo's
    api_test resets with ``{"options": 1}``.  The known keys still count: dealer 1 here."""
    env = sixtysix_env("schnapsen")
    with pytest.warns(UserWarning) as caught:
        env.reset(seed=1, options={"deler": 1})
    assert [str(w.message) for w in caught] == ["unknown option 'deler' for reset(), ignored: the options are 'dealer'"]
    with pytest.warns(UserWarning) as caught:
        env.reset(seed=1, options={"dealer": 1, "x": 0, "y": 0})
    assert [str(w.message) for w in caught] == ["unknown options 'x', 'y' for reset(), ignored: the options are 'dealer'"]
    assert env.deal is not None and env.deal.dealer == 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env.reset(seed=1, options={"dealer": 0})  # no warning for a known key


@pytest.mark.parametrize("episode", ["deal", "match"])
def test_the_dealer_option_is_a_seat(episode: str) -> None:
    env = sixtysix_env("schnapsen", episode=episode)  # type: ignore[arg-type]
    for dealer, error, shown in [(2, ValueError, "2"), (-1, ValueError, "-1"), ("1", TypeError, "'1' (str)"),
                                 (1.0, TypeError, "1.0 (float)")]:
        with pytest.raises(error) as caught:
            env.reset(seed=1, options={"dealer": dealer})
        assert str(caught.value) == f"options['dealer'] must be a seat, 0 to 1, or None, not {shown}"
        assert env.deal is None and env.agents == []  # nothing changed
    env.reset(seed=1, options={"dealer": 1})
    assert env.deal is not None and env.deal.dealer == 1


def test_the_agents_observation_is_its_seats_view_encoded() -> None:
    env = sixtysix_env("north-american-4")
    env.reset(seed=2)
    deal = env.deal
    assert deal is not None
    lay = layout(env.rs)
    for seat, agent in enumerate(env.possible_agents):
        obs = env.observe(agent)
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        assert obs["observation"].tolist() == pytest.approx(lay.encode(deal.view(seat)))
        assert env.observation_space(agent).contains(obs)


def test_render_shows_the_table() -> None:
    env = sixtysix_env("schnapsen", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text is not None and text.startswith("Schnapsen, deal 1") and "to decide" in text
    assert sixtysix_env("schnapsen").render() is None
    with pytest.raises(ValueError):
        sixtysix_env("schnapsen", render_mode="rgb_array")


def test_a_policy_seat_sees_what_the_environment_gives() -> None:
    """Through a whole episode, the policy seat is handed the very observation the environment gives."""
    env = sixtysix_env("house/santase")
    rs = env.rs
    handed: list[dict[str, np.ndarray]] = []

    def policy(observation: dict[str, np.ndarray], agent: str) -> int:
        handed.append(observation)
        return int(np.flatnonzero(observation["action_mask"])[-1])

    seat_kind = PolicyAgent(rs, policy)
    env.reset(seed=8)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        deal = env.deal
        assert deal is not None
        view = deal.view(env.possible_agents.index(agent))
        action = seat_kind.choose(view, list(view.legal))
        assert np.array_equal(handed[-1]["observation"], obs["observation"])
        assert np.array_equal(handed[-1]["action_mask"], obs["action_mask"])
        env.step(env.action_names.index(str(action)))
    assert len(handed) > 3


def play_on(env: SixtySixEnv, seed: int) -> list[tuple[object, ...]]:
    """The rest of an episode with masked random actions from ``seed``: at each turn the agent,
    every agent's observation and mask, and what ``last()`` says (reward, terminated,
    truncated, info) -- all of it, to compare two environments step by step."""
    rng = np.random.default_rng(seed)
    trace: list[tuple[object, ...]] = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        seen = [(env.observe(a)["observation"].tolist(), env.observe(a)["action_mask"].tolist()) for a in env.possible_agents]
        trace.append((agent, seen, reward, terminated, truncated, info))
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return trace


@pytest.mark.parametrize("episode", ["deal", "match"])
def test_a_deep_copy_of_an_environment_plays_the_same_and_apart(episode: str) -> None:
    """``copy.deepcopy(env)`` after ``reset`` and a few steps: the copy shares the ruleset and
    its observation layout (both immutable, copied as themselves: the compiled layout has no
    constructor without ``rs`` for copy's default, and failed there), and copies the rest.
    Played on alone, the copy leaves the original where it was; played with the same actions,
    the two give the same observations, rewards and infos at every step, and their next
    ``reset()`` (no seed: from the generator each holds) deals the same deal."""
    env = sixtysix_env("north-american-3", episode=episode, max_deals=3 if episode == "match" else None)  # type: ignore[arg-type]
    env.reset(seed=4)
    for _ in range(5):  # a deal under way: a bid made (the highest: the last index), cards played
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    assert env.deal is not None and not env.deal.is_over
    twin = copy.deepcopy(env)
    assert twin.rs is env.rs and twin.layout is env.layout
    assert twin.deal is not env.deal and twin._rng is not env._rng
    if episode == "match":
        assert twin.match is not None and env.match is not None
        assert twin.match is not env.match and twin.deal is twin.match.deal
    where = (env.agent_selection, [env.observe(a)["observation"].tolist() for a in env.possible_agents], env.deals)
    copied = play_on(twin, 9)
    assert (env.agent_selection, [env.observe(a)["observation"].tolist() for a in env.possible_agents], env.deals) == where
    assert play_on(env, 9) == copied
    env.reset()
    twin.reset()
    assert env.deal is not None and twin.deal is not None
    assert twin.deal.hands == env.deal.hands and twin.deal.dealer == env.deal.dealer


@pytest.mark.parametrize("name", ["schnapsen", "house/santase"])
def test_pickling_an_environment_says_to_make_it_in_each_worker(name: str) -> None:
    """A vector-env or worker set-up pickles the environment; the rules compile to local
    functions, so it cannot be -- and the error named a function deep inside
    ("Can't pickle local object '_Compiler.compile_if.<locals>.choose'"), not what to do."""
    import pickle

    env = sixtysix_env(name)
    env.reset(seed=1)
    deal = env.deal
    assert deal is not None
    for value in (env, env.rs, deal, deal.view(0)):
        with pytest.raises(TypeError) as refused:
            pickle.dumps(value)
        assert f"load_ruleset('{name}') or sixtysix_env('{name}')" in str(refused.value)
    copy.deepcopy(env)  # a deep copy stays possible: the ruleset copies as itself


@pytest.mark.parametrize("given", [5, None])
def test_not_a_ruleset_is_refused_in_the_words_of_every_function_that_takes_one(given: object) -> None:
    # as DealState.new, play_match and every bot say it (as_ruleset), naming the parameter
    expected = (f"ruleset: {given!r} is {'an int' if given == 5 else 'a NoneType'}, not a ruleset "
                "(expected a Ruleset from load_ruleset, or a bundled name or path such as 'schnapsen')")
    with pytest.raises(TypeError) as info:
        sixtysix_env(given)  # type: ignore[arg-type]
    assert str(info.value) == expected
