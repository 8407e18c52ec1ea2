"""The ``policy`` seat kind: a trained agent at the table.

* :class:`ViewState`: a view dressed as the few methods of an OpenSpiel state that a policy
  reads (``information_state_tensor``, ``legal_actions``, ...), so OpenSpiel policies can play
  from a view;
* :class:`PolicyAgent`: the :class:`~interpreter.play.bots.base.Agent` that asks a policy --
  a PettingZoo-style callable ``policy(observation, agent) -> action index`` or an OpenSpiel
  ``Policy`` with ``action_probabilities(state, player)`` -- and returns its action, from the
  same observation the environments give (:mod:`interpreter.play.observation`);
* :func:`load_policy` and :func:`make_policy_agent` for the seat kind written
  ``policy:MODULE:NAME`` (``MODULE`` a dotted module or a ``.py`` file).
"""


from __future__ import annotations

import importlib
import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

from interpreter.core.actions import Action
from interpreter.play.bots import POLICY_FORMS
from interpreter.engine.views import (
    SeatView,
)
from interpreter.rules.ruleset import Ruleset

__all__ = ["ObservationLayout", "PolicyAgent", "ViewState", "agent_name", "layout", "load_policy", "make_policy_agent", "POLICY_FORMS"]



from interpreter.play.observation import ObservationLayout, agent_name, layout


class ViewState:
    """A view dressed as the methods of an OpenSpiel state that policies read.

    Only the asking seat's information is there: ``information_state_*`` and
    ``observation_*`` for another player raise, as does anything that needs the hidden cards.
    """

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.layout = layout(view.rs)

    def _check(self, player: int | None) -> None:
        if player is not None and player != self.view.seat:
            raise ValueError(f"this state is seat {self.view.seat}'s view; player {player} cannot be observed")

    def current_player(self) -> int:
        actor = self.view.actor
        return -4 if actor is None else actor  # pyspiel.PlayerId.TERMINAL

    def is_terminal(self) -> bool:
        return self.view.actor is None

    def is_chance_node(self) -> bool:
        return False

    def is_simultaneous_node(self) -> bool:
        return False

    def num_players(self) -> int:
        return self.layout.seats

    def legal_actions(self, player: int | None = None) -> list[int]:
        if player is not None and player != self.view.actor:
            return []
        return sorted(self.layout.index_of[c] for c in self.view.legal_codes)

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        if player is not None and player != self.view.actor:
            return [0] * self.layout.actions
        return self.layout.mask(self.view)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        self._check(player)
        return self.layout.encode_info(self.view)

    def information_state_string(self, player: int | None = None) -> str:
        self._check(player)
        return self.layout.information_state_string(self.view)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        self._check(player)
        return self.layout.encode(self.view)

    def observation_string(self, player: int | None = None) -> str:
        self._check(player)
        return self.layout.observation_string(self.view)

    def action_to_string(self, player: int, action: int | None = None) -> str:
        index = player if action is None else action
        return self.view.rs.tables.code_text[self.layout.codes[index]]


class PolicyAgent:
    """An agent that asks a trained policy, given the observation the environments give.

    ``policy`` is either a callable ``policy(observation, agent)`` (PettingZoo style: the
    observation dict ``{"observation", "action_mask"}`` of :meth:`ObservationLayout.observation`
    and the agent's name, ``player_<seat>``) returning an action index, or an object with
    ``action_probabilities(state, player)`` (an OpenSpiel ``Policy``), which is given a
    :class:`ViewState` and whose distribution is sampled (``greedy=True``: its most likely
    action).  The policy sees the view only; an illegal choice raises ``ValueError``.
    """

    def __init__(self, rs: Ruleset, policy: object, *, seed: int = 0, greedy: bool = False) -> None:
        self.rs = rs
        self.policy = policy
        self.layout = layout(rs)
        self.rng = random.Random(seed)
        self.greedy = greedy

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        index = self.choose_index(view)
        lay = self.layout
        if not 0 <= index < lay.actions or lay.codes[index] not in view.legal_codes:
            name = self.rs.tables.code_text[lay.codes[index]] if 0 <= index < lay.actions else "no action"
            raise ValueError(f"the policy chose action {index} ({name}), which is not legal now")
        return self.rs.action_of[lay.codes[index]]

    def choose_index(self, view: SeatView) -> int:
        """The policy's action index for this view."""
        probabilities = getattr(self.policy, "action_probabilities", None)
        if probabilities is not None:
            dist: dict[int, float] = {int(a): float(q) for a, q in dict(probabilities(ViewState(view), view.seat)).items()}
            legal = {self.layout.index_of[c] for c in view.legal_codes}
            options = sorted(a for a, q in dist.items() if q > 0 and a in legal) or sorted(legal)
            if self.greedy:
                return max(options, key=lambda a: (dist.get(a, 0.0), -a))
            weights = [float(dist.get(a, 0.0)) for a in options]
            if sum(weights) <= 0:
                weights = [1.0] * len(options)
            return int(self.rng.choices(options, weights)[0])
        if not callable(self.policy):
            raise TypeError("a policy is a callable policy(observation, agent) or has action_probabilities(state, player)")
        return int(self.policy(self.layout.observation(view), agent_name(view.seat)))


_FILES: dict[tuple[str, float], ModuleType] = {}


def load_policy(spec: str) -> object:
    """The object named by ``MODULE:NAME``: a dotted module or a ``.py`` file, then an attribute.

    The module may load trained weights when it is imported and expose the policy as a
    module-level object.  It is imported once (a file once per version of it), however many
    seats are made from it: an arena makes new seats for every deal.
    """
    module_name, sep, attribute = spec.rpartition(":")
    if not sep or not module_name or not attribute:
        raise ValueError(f"a policy is named MODULE:NAME or FILE.py:NAME, not {spec!r}")
    if module_name.endswith(".py"):
        path = Path(module_name).resolve()
        if not path.is_file():
            raise ValueError(f"no policy file {module_name}")
        key = (str(path), path.stat().st_mtime)
        module = _FILES.get(key)
        if module is None:
            unique = f"_policy_{len(_FILES)}_{path.stem}"
            module_spec = importlib.util.spec_from_file_location(unique, path)
            if module_spec is None or module_spec.loader is None:
                raise ValueError(f"cannot load {module_name}")
            module = importlib.util.module_from_spec(module_spec)
            sys.modules[unique] = module
            module_spec.loader.exec_module(module)
            _FILES[key] = module
    else:
        try:
            module = importlib.import_module(module_name)
        except ImportError as error:
            raise ValueError(f"cannot import the policy module {module_name}: {error}") from None
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise ValueError(f"{module_name} has no {attribute!r}") from None


def make_policy_agent(kind: str, rs: Ruleset, seed: int) -> PolicyAgent:
    """The seat kind ``policy:MODULE:NAME``: a :class:`PolicyAgent` around the named policy."""
    prefix = "policy:"
    if not kind.startswith(prefix):
        raise ValueError(f"a policy seat is written {POLICY_FORMS}, not {kind!r}")
    return PolicyAgent(rs, load_policy(kind[len(prefix):]), seed=seed)
