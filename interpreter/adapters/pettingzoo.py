"""Any ruleset as a PettingZoo AEC environment: ``sixtysix_env("house/santase")``.

Agents are the seats (``player_0`` ... ``player_{n-1}``, n from ``rs.players.count``).  The
agent selected is always the seat that must decide now (the engine's ``actor``), so one agent
may act several times in a row (a marriage, then declaring or not).  What is not a decision
happens inside a step: drawing, collecting the trick, scoring, dealing the next deal.

* **Observation** of an agent: ``{"observation": float32 vector, "action_mask": int8 vector}``,
  worked out from that seat's :class:`~interpreter.engine.views.SeatView` only, by
  :class:`~interpreter.play.observation.ObservationLayout` (its fields: docs/rl.md).
* **Actions**: one ``Discrete`` space of every action code of the ruleset (``env.action_names``
  says what each index is); the mask marks the legal ones.  An action is an integer (a Python
  or numpy integer; a float, a bool or text raises ``TypeError``); an illegal one raises
  ``ValueError``.
* **Episodes**: one deal (``episode="deal"``, its dealer drawn from the seeded generator unless
  ``reset(options={"dealer": d})``, a seat), or a whole match (``episode="match"``, optionally
  cut at ``max_deals``, a whole number 1 or more: then the agents are truncated; refused
  with ``episode="deal"``, where it would mean nothing).
* **Misuse** is said in words: ``step``, ``observe`` or ``last`` before ``reset()``, ``step``
  or ``last`` once every agent is done (a ``RuntimeError``), an agent that does not exist (a
  ``ValueError`` naming those that do).
* **Rewards**, given to every seat of a side when a deal ends: ``"margin"`` (default) the game
  points or units its side scored minus the mean of the other sides' (zero-sum over the sides; over the agents only where the
  sides have as many seats each), ``"score"``
  what its side scored, ``"win"`` only at the end of the episode (:func:`win_rewards`): 1 for
  each winning side -- the match's winner, or the sides with the deal's highest score -- and
  the others share -1 per winner (``-1 / (sides - 1)`` each with one winner), 0 all round
  when every side scored alike -- and in a match cut at ``max_deals``, which nobody has won
  (truncated, not a draw: its info says so under ``"cut"``; ``"margin"`` and ``"score"`` have
  paid every deal played by then).
* **Seeding**: ``reset(seed=s)`` starts the generator the deals are drawn from; the same seed
  and actions give the same episode.  ``s`` is None or a whole number 0 or more (a numpy
  integer too); ``options`` is None or a mapping (an unknown key is ignored with a warning
  naming the known one, ``"dealer"``).
"""

from __future__ import annotations

import operator
import random
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from interpreter.adapters import missing_extra

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as exc:  # without the extra: say which, and how to install it
    raise missing_extra("interpreter.adapters.pettingzoo", exc) from exc

from interpreter.engine.match import Match
from interpreter.engine.settle import DealResult
from interpreter.engine.state import DealState
from interpreter.play.observation import ObservationLayout, agent_name, layout
from interpreter.rules.loader import as_ruleset
from interpreter.rules.ruleset import Ruleset

__all__ = ["SixtySixEnv", "env", "raw_env", "reward_of", "sixtysix_env", "win_rewards"]

RENDER_MODES = ("ansi", "human")
#: the keys ``reset(options=...)`` knows
RESET_OPTIONS = ("dealer",)
Episode = Literal["deal", "match"]
Reward = Literal["margin", "score", "win"]


def _whole_number(value: object, what: str, expected: str) -> int:
    """``value`` as an int if it is an integer -- a Python int or a numpy integer, what RL
    libraries pass -- else ``TypeError`` saying ``what`` is ``expected``.  ``operator.index``
    refuses a float and text, so 2.9 is never cut down to 2 nor "2" read as 2; a bool, which it
    takes for 0 or 1, is refused by name (``step(True)`` is a bug, not action 1)."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]  # what it refuses is the point
        except TypeError:
            pass
    raise TypeError(f"{what} must be {expected}, not {value!r} ({type(value).__name__})")


def reward_of(rs: Ruleset, scores: tuple[int, ...] | list[int], side: int, how: str = "margin") -> float:
    """A side's reward from the per-side scores of a deal: ``"score"`` or ``"margin"``."""
    if how == "score":
        return float(scores[side])
    others = [v for k, v in enumerate(scores) if k != side]
    return float(scores[side] - sum(others) / len(others)) if others else float(scores[side])


def win_rewards(scores: tuple[int, ...] | list[int]) -> list[float]:
    """Each side's ``"win"`` reward from per-side scores: the sides with the highest score won,
    1 each; the others lost, sharing the winners' total so that the rewards sum to 0 (with one
    winner of k sides, ``-1 / (k - 1)`` each; a lone declarer beaten by two opponents, -2).
    All sides scored alike (a drawn or thrown-in deal): 0 each.

    Worked from the scores, not from ``DealResult.winner``: that is ``None`` when the winners
    are several sides (the defenders against a lone declarer), and a lost declarer would
    otherwise cost nothing."""
    best = max(scores)
    won = sum(1 for v in scores if v == best)
    if won == len(scores):
        return [0.0] * len(scores)
    lost = -won / (len(scores) - won)
    return [1.0 if v == best else lost for v in scores]


class SixtySixEnv(AECEnv[str, dict[str, Any], int]):
    """The AEC environment of one ruleset (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "sixtysix_v0", "is_parallelizable": False}

    def __init__(
        self,
        ruleset: str | Path | Ruleset,
        *,
        render_mode: str | None = None,
        episode: Episode = "deal",
        reward: Reward = "margin",
        max_deals: int | None = None,
    ) -> None:
        super().__init__()
        rs = as_ruleset(ruleset, "ruleset")  # refused in the words of every function that takes a ruleset
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")
        if episode not in ("deal", "match"):
            raise ValueError(f"episode must be 'deal' or 'match', not {episode!r}")
        if reward not in ("margin", "score", "win"):
            raise ValueError(f"reward must be 'margin', 'score' or 'win', not {reward!r}")
        if max_deals is not None:
            expected = "a whole number of deals, 1 or more, or None (no limit)"
            if _whole_number(max_deals, "max_deals", expected) < 1:
                raise ValueError(f"max_deals must be {expected}, not {max_deals!r}")
            if episode != "match":  # it would be ignored: a deal episode is one deal
                raise ValueError(f"max_deals is only for episode='match' (episode={episode!r} plays one deal), "
                                 f"not {max_deals!r}")
        self.rs = rs
        self.render_mode = render_mode
        self.episode = episode
        self.reward_kind = reward
        self.max_deals = max_deals
        self.layout: ObservationLayout = layout(rs)
        n = rs.players.count
        self.possible_agents = [agent_name(s) for s in range(n)]
        self.agents: list[str] = []
        lay = self.layout
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (lay.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (lay.actions,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(lay.actions) for a in self.possible_agents}
        #: what each action index is, in the ruleset's notation
        self.action_names: tuple[str, ...] = tuple(rs.tables.code_text[c] for c in lay.codes)
        self._rng = random.Random()
        self.match: Match | None = None
        self.deal: DealState | None = None
        self.deals = 0
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    def __str__(self) -> str:
        return f"sixtysix_v0({self.rs.name})"

    # ------------------------------------------------------------------ the API
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        self._seat_of(agent)
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        self._seat_of(agent)
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat_of(agent)
        return self.layout.observation(self._deal().view(seat))

    def last(self, observe: bool = True) -> tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``, with its misuse said in words.  Once every agent is done its
        dead steps have removed them all, and ``agent_selection`` is left naming the last one
        removed (PettingZoo's own environments leave it so too); its ``last()`` then fails
        with a bare ``KeyError: 'player_0'``.  Here that is the ``RuntimeError`` that ``step``
        raises there, and ``last(observe=False)`` before ``reset()`` is ``call reset() first``
        as ``last()`` is.  Every agent's final reward and info were given by ``last()`` in its
        dead step, which is when ``agent_iter()`` returns it."""
        self._deal()
        if self.agent_selection not in self._cumulative_rewards:  # removed by the dead steps
            raise RuntimeError("the episode is over (every agent is done): call reset() first")
        answer: tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]] = super().last(observe)
        return answer

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode.  ``seed``: None or a whole number 0 or more (numpy integers too, as
        RL libraries pass them); ``options``: None or a mapping; a key that is not one of
        :data:`RESET_OPTIONS` is ignored with a ``UserWarning`` naming the known ones (not an
        error: PettingZoo's ``api_test`` passes ``{"options": 1}`` and expects it taken), so a
        misspelt ``"deler"`` is not ignored silently.  Everything is checked before anything
        changes."""
        if seed is not None:
            expected_seed = "None or a whole number, 0 or more"
            seed = _whole_number(seed, "seed", expected_seed)
            if seed < 0:
                raise ValueError(f"seed must be {expected_seed}, not {seed}")
        if options is None:
            options = {}
        elif not isinstance(options, Mapping):
            raise TypeError(f"options must be None or a mapping such as {{'dealer': 0}}, "
                            f"not {options!r} ({type(options).__name__})")
        unknown = [key for key in options if key not in RESET_OPTIONS]
        if unknown:  # a warning, not an error: PettingZoo's api_test passes {"options": 1} and wants it taken
            warnings.warn(f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))} for reset(), "
                          f"ignored: the options are {', '.join(map(repr, RESET_OPTIONS))}", UserWarning, stacklevel=2)
        n = self.rs.players.count
        dealer = options.get("dealer")
        if dealer is not None:  # checked before anything changes
            expected = f"a seat, 0 to {n - 1}, or None"
            dealer = _whole_number(dealer, "options['dealer']", expected)
            if not 0 <= dealer < n:
                raise ValueError(f"options['dealer'] must be {expected}, not {dealer}")
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.deals = 0
        if self.episode == "match":
            self.match = Match(self.rs, seed=self._rng.getrandbits(32), dealer=dealer)
            self.deal = self.match.next_deal()
        else:
            self.match = None
            if dealer is None:
                dealer = self._rng.randrange(n)
            self.deal = DealState.new(self.rs, dealer, self._rng.getrandbits(32))
        self.deals = 1
        self._select()

    def step(self, action: int | None) -> None:
        deal = self._deal()
        agent = self.agent_selection
        if agent not in self.terminations:  # removed by PettingZoo's dead steps
            raise RuntimeError("the episode is over (every agent is done): call reset() first")
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for agents that are done")
        lay = self.layout
        index = _whole_number(action, "an action", f"an action index, an integer 0 to {lay.actions - 1}")
        if not 0 <= index < lay.actions or lay.codes[index] not in deal.legal_codes():
            if not 0 <= index < lay.actions:  # the range said, as OpenSpiel's adapter says it
                raise ValueError(f"action {index} is not an action of this game (0 to {lay.actions - 1})")
            raise ValueError(f"action {index} ({self.action_names[index]}) is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        deal.push_code(lay.codes[index], keep_undo=False)
        if deal.is_over:
            self._deal_over(deal)
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as a spectator sees it with every hand open (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            return None
        text = self._table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # ------------------------------------------------------------------ inside
    def _deal(self) -> DealState:
        if self.deal is None:
            raise RuntimeError("call reset() first")
        return self.deal

    def _seat_of(self, agent: str) -> int:
        """The seat of an agent's name; ``ValueError`` naming the agents there are."""
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise ValueError(f"no agent {agent!r} here: the agents are {', '.join(self.possible_agents)}") from None

    def _select(self) -> None:
        actor = self._deal().actor
        assert actor is not None
        self.agent_selection = self.possible_agents[actor]

    def _give(self, values: list[float]) -> None:
        for seat, a in enumerate(self.possible_agents):
            if a in self.rewards:
                self.rewards[a] += values[self.rs.side_of(seat)]

    def _deal_over(self, deal: DealState) -> None:
        result: DealResult | None = deal.result
        assert result is not None
        match = self.match
        if match is not None:
            result = match.finish_deal()
        k = self.rs.side_count
        if self.reward_kind != "win":
            self._give([reward_of(self.rs, result.scores, side, self.reward_kind) for side in range(k)])
        over = match is None or match.is_over
        cut = not over and self.max_deals is not None and self.deals >= self.max_deals
        if over or cut:
            if self.reward_kind == "win" and over:
                # a match has one winner (the side its rules say went out); a deal, its top scorers.
                # A cut match has none: no win is paid (leading on the match scores is not
                # winning), the agents are truncated -- a learner bootstraps, not scores a draw
                self._give(win_rewards(result.scores if match is None else
                                       [int(side == match.winner) for side in range(k)]))
            info: dict[str, Any] = {"scores": list(result.scores), "reason": result.reason}
            if match is not None:
                info["match_scores"] = list(match.scores)
            if cut:  # said in words: the last deal's reason is a deal's, and no side won the match
                played = f"{self.deals} deal{'s' if self.deals != 1 else ''}"
                info["cut"] = f"the match was cut after {played} (max_deals={self.max_deals}): no side has won it"
            for a in self.agents:
                self.terminations[a] = over
                self.truncations[a] = cut
                self.infos[a] = dict(info)
            return
        assert match is not None
        self.deal = match.next_deal()
        self.deals += 1
        self._select()

    def _table_text(self) -> str:
        deal = self.deal
        if deal is None:
            return f"{self.rs.title}: not dealt yet (call reset())"
        rs = self.rs
        head = f"{rs.title}, deal {self.deals}, dealer {deal.dealer}"
        if self.match is not None:
            head += ", match " + "-".join(map(str, self.match.scores))
        lines = [head, f"trump {deal.trump_suit() or '-'}, turn-up {deal.turn_up_card() or '-'}, talon {deal.talon_size()}"
                 + (f", closed by {deal.closer}" if deal.closed else "")]
        points, tricks = deal.card_points(), deal.tricks_won()
        for seat in range(deal.n):
            side = rs.side_of(seat)
            lines.append(f"seat {seat}: {deal.hand(seat) or '-'}  (side {side}: {points[side]} points, {tricks[side]} tricks)")
        lines.append("trick: " + (" ".join(f"{s}:{c}" for s, c in deal.trick_with_seats()) or "-"))
        if deal.is_over and deal.result is not None:
            lines.append(f"over: {deal.result.reason}")
        else:
            lines.append(f"seat {deal.actor} to decide: " + ", ".join(str(a) for a in deal.legal_actions()))
        return "\n".join(lines)


def sixtysix_env(
    ruleset: str | Path | Ruleset,
    *,
    render_mode: str | None = None,
    episode: Episode = "deal",
    reward: Reward = "margin",
    max_deals: int | None = None,
) -> SixtySixEnv:
    """The AEC environment of a ruleset (a bundled name such as ``"house/santase"``, a path or a ``Ruleset``)."""
    return SixtySixEnv(ruleset, render_mode=render_mode, episode=episode, reward=reward, max_deals=max_deals)


#: PettingZoo's customary names for the constructor
env = sixtysix_env
raw_env = SixtySixEnv
